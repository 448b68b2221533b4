"""Text as the files take it: a name stays on one line, and a CSV cell a spreadsheet opens
stays text; a person's name as lists write it.

Standard library only: the TRF writer, the roster reader and every CSV writer share it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = [
    "FullName",
    "control_character",
    "one_line",
    "spreadsheet_cell",
    "spreadsheet_row",
    "spreadsheet_text",
]

# C0 and C1 controls (line feed, carriage return, tab, ...), DEL and the Unicode line and
# paragraph separators: each of them ends a line for some reader of a TRF or CSV file.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")

_NAMES = {"\n": "a line feed", "\r": "a carriage return", "\t": "a tab"}

# A cell starting with one of these is a formula to a spreadsheet program (OWASP, "CSV
# injection"): "=HYPERLINK(...)", "+1+cmd|...", "-2+3", "@SUM(...)".
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


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
    """A CSV cell as a spreadsheet program should show it: text on one line (see
    `one_line`), and text that would start like a formula (``=``, ``+``, ``-``, ``@``, a
    tab or a carriage return, after any spaces) gets a leading ``'``, as OWASP advises.
    Only text is quoted: a number written as a number (a rating change of -12) is left
    alone, so writers pass numbers as numbers.

    >>> spreadsheet_cell("=1+2")
    "'=1+2"
    >>> spreadsheet_cell("-2+3"), spreadsheet_cell(-12), spreadsheet_cell("Smith")
    ("'-2+3", -12, 'Smith')
    """
    if not isinstance(value, str):
        return value
    if value.startswith(("\t", "\r")):
        return f"'{one_line(value)}"
    text = one_line(value)
    return f"'{text}" if _formula_like(text) else text


def _formula_like(text: str) -> bool:
    """Whether a spreadsheet would take ``text`` for a formula, or ``text`` is one quoted
    by `spreadsheet_cell` (so that the quote it starts with survives a reading back)."""
    if text.startswith("'"):
        return _formula_like(text[1:])
    return text.lstrip(" ").startswith(_FORMULA_START)


def spreadsheet_row(cells: Iterable[object]) -> list[object]:
    """Every cell of a CSV row through `spreadsheet_cell`: what each CSV writer writes."""
    return [spreadsheet_cell(cell) for cell in cells]


def spreadsheet_text(cell: str) -> str:
    """A text cell as `spreadsheet_cell` wrote it, read back: the ``'`` it put in front of
    a formula-like text is dropped, and nothing else.

    >>> spreadsheet_text("'=Smith"), spreadsheet_text("'t Hooft"), spreadsheet_text("''=x")
    ('=Smith', "'t Hooft", "'=x")
    """
    if cell.startswith("'") and _formula_like(cell[1:]):
        return cell[1:]
    return cell


class FullName:
    """The `full_name` of a person with a `last_name` and a `first_name` (a player, an entry, a
    roster row), as lists write it: ``Last, First``, or the last name alone."""

    __slots__ = ()
    last_name: str
    first_name: str

    @property
    def full_name(self) -> str:
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name
