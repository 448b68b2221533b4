"""Text as the files take it: a name stays on one line, and a CSV cell a spreadsheet opens
stays text.

Standard library only: the TRF writer, the roster reader and every CSV writer share it.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["control_character", "one_line", "spreadsheet_cell"]

# C0 and C1 controls (line feed, carriage return, tab, ...), DEL and the Unicode line and
# paragraph separators: each of them ends a line for some reader of a TRF or CSV file.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")

_NAMES = {"\n": "a line feed", "\r": "a carriage return", "\t": "a tab"}

# A cell starting with one of these is a formula to a spreadsheet program (OWASP, "CSV
# injection"): "=HYPERLINK(...)", "+1+cmd|...", "-2+3", "@SUM(...)".
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

# A signed number written as text is a number to the spreadsheet too, never a formula.
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def control_character(text: str) -> str | None:
    """The first character of ``text`` that would break its line, in words; None if none.

    >>> control_character("Carlsen\\nMagnus")
    'a line feed (U+000A)'
    >>> control_character("Ding Liren") is None
    True
    """
    found = _CONTROL.search(text)
    if found is None:
        return None
    char = found.group()
    name = _NAMES.get(char) or unicodedata.name(char, "a control character").lower()
    return f"{name} (U+{ord(char):04X})"


def one_line(text: str) -> str:
    """``text`` with every character that would break its line replaced by a space.

    >>> one_line("Carlsen\\r\\n001 forged")
    'Carlsen  001 forged'
    """
    return _CONTROL.sub(" ", text)


def spreadsheet_cell(value: object) -> object:
    """A CSV cell a spreadsheet program shows as it is: text starting with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (OWASP's advice), unless
    it is a plain signed number; numbers and empty cells are left alone.

    >>> spreadsheet_cell("=HYPERLINK(\\"http://x\\")")
    '\\'=HYPERLINK("http://x")'
    >>> spreadsheet_cell("-12"), spreadsheet_cell(-12), spreadsheet_cell("Smith")
    ('-12', -12, 'Smith')
    """
    text = isinstance(value, str) and value.startswith(_FORMULA_START)
    if text and not _NUMBER.fullmatch(str(value)):
        return f"'{value}"
    return value
