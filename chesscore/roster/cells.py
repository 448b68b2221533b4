"""Cell readers: one function per kind of value, from the text of a cell to a field.

Each raises `_Bad` with a message naming the value and what it should be; the format
readers turn that into a `RosterIssue` with the line and column.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable

from chesscore.record import fields
from chesscore.record.people import DetailInvalid
from chesscore.record.people import detail_clean
from chesscore.record.text import control_character
from chesscore.record.text import one_line
from chesscore.roster.values import MAX_RATING
from chesscore.roster.values import MAX_ROUND


def _norm(text: str) -> str:
    """Lower case; accents, spaces and punctuation dropped: "Birth_Date" -> "birthdate"."""
    decomposed = unicodedata.normalize("NFKD", text).casefold()
    return "".join(ch for ch in decomposed if ch.isalnum())


class _Bad(ValueError):
    """A cell that cannot be read; the message names the value and what it should be."""


def _digits(text: str, limit: int) -> bool:
    """True for 1 to ``limit`` ASCII digits: str.isdigit alone also takes "²" and "٣",
    which int() then refuses or reads as another number."""
    return 0 < len(text) <= limit and text.isascii() and text.isdigit()


def _q(text: str) -> str:
    return f'"{text}"'


_UNRATED = frozenset({"", "0", "-", "unr", "unrated", "nr", "none", "new", "n/a"})
# A rating, maybe written by a spreadsheet as "1500.0", maybe provisional ("1500P12", "1500/12").
_RATING = re.compile(r"(\d{1,4})(?:\.0+)?(?:\s*(?:[pP]|/)\s*\d{1,3})?", re.ASCII)


def _rating(text: str) -> int | None:
    if text.casefold() in _UNRATED:
        return None
    match = _RATING.fullmatch(text)
    if match is None or int(match.group(1)) > MAX_RATING:
        raise _Bad(f"{_q(text)} is not a rating (a number from 0 to {MAX_RATING})")
    return int(match.group(1)) or None


def _fide_id(text: str) -> str:
    # A spreadsheet writes 0 for no id, and may keep leading zeros; the rest is the one
    # check of a FIDE id (`chesscore.record.fields.fide_id`).
    if text.isascii() and text.isdigit() and not text.lstrip("0"):
        return ""
    try:
        return fields.fide_id(text.lstrip("0") if text.isascii() else text)
    except fields.FieldInvalid:
        raise _Bad(f"{_q(text)} is not a FIDE ID (up to 11 digits)") from None


def _national_id(text: str) -> str:
    if text == "0":
        return ""
    try:
        return fields.national_id(text)
    except fields.FieldInvalid as exc:
        if exc.code == "max_length":
            raise _Bad(f"{_q(text)} is too long for an ID (20 characters at most)") from None
        if exc.code == "control_character":
            raise _Bad(f"{_q(one_line(text[:20]))} contains a control character") from None
        raise _Bad(f"{_q(text)} is not an ID: {exc.message}") from None


def _detail(name: str, text: str, what: str) -> str:
    """A player's detail as the one cleaner writes it (`chesscore.record.people`); `what`
    says what the cell should be when it cannot be."""
    try:
        value: str = detail_clean(name, text)
    except DetailInvalid:
        raise _Bad(f"{_q(text)} is not {what}") from None
    return value


def _title(text: str) -> str:
    return _detail("title", text, "a title (GM, IM, WGM, FM, WIM, CM, WFM, WCM)")


def _sex(text: str) -> str:
    return _detail("sex", text, "a sex (m or w)")


def _date(year: int, month: int, day: int, text: str) -> str:
    try:
        datetime.date(year, month, day)
    except ValueError:
        raise _Bad(f"{_q(text)} is not a date") from None
    return f"{year:04d}/{month:02d}/{day:02d}"


def _birth_date(text: str) -> str:
    """Stored as TRF writes it: "YYYY/MM/DD", or "YYYY" when only the year is known."""
    if re.fullmatch(r"(19|20)\d\d", text, re.ASCII):
        return text
    if match := re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text, re.ASCII):
        year, month, day = (int(g) for g in match.groups())
        if month == day == 0:
            return f"{year:04d}"
        return _date(year, month, day, text)
    if match := re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", text, re.ASCII):
        day, month, year = (int(g) for g in match.groups())
        return _date(year, month, day, text)
    if match := re.fullmatch(r"(\d{1,2})[-/](\d{1,2})[-/](\d{4})", text, re.ASCII):
        first, second, year = (int(g) for g in match.groups())
        # Day-first and month-first files both exist; only an unambiguous date is accepted.
        if first > 12 >= second:
            return _date(year, second, first, text)
        if second > 12 >= first:
            return _date(year, first, second, text)
        raise _Bad(f"{_q(text)} is ambiguous (day or month first?); write it as YYYY-MM-DD")
    raise _Bad(f"{_q(text)} is not a birth date (YYYY-MM-DD, YYYY/MM/DD or YYYY)")


def _federation(text: str) -> str:
    return _detail("federation", text, "a federation (three letters, as FRA or USA)")


def _text(limit: int) -> Callable[[str], str]:
    def read(text: str) -> str:
        found = control_character(text)
        if found is not None:
            shown = one_line(text[:20])
            raise _Bad(f"{_q(shown)} contains {found}; a name or a word stays on one line")
        if len(text) > limit:
            raise _Bad(f"{_q(text[:20])}... is too long ({limit} characters at most)")
        return text

    return read


_ACTIVE = frozenset(
    {"", "active", "a", "no", "n", "false", "0", "ok", "paid", "unpaid", "registered", "confirmed"}
)
_WITHDRAWN = frozenset({"withdrawn", "withdrew", "w", "wd", "x", "yes", "y", "true", "1"})


def _status(text: str) -> str:
    value = text.casefold()
    if value in _ACTIVE:
        return "active"
    if value in _WITHDRAWN:
        return "withdrawn"
    raise _Bad(f"{_q(text)} is not a status (active or withdrawn)")


def _round_number(text: str) -> int | None:
    """A round from 1 to ``MAX_ROUND`` in ASCII digits, else None."""
    value = text.lstrip("0")
    if not _digits(value, len(str(MAX_ROUND))) or int(value) > MAX_ROUND:
        return None
    return int(value)


def _entry_round(text: str) -> int:
    number = _round_number(text)
    if number is None:
        raise _Bad(f"{_q(text[:20])} is not a round number (1 to {MAX_ROUND})")
    return number


def _bye_rounds(text: str) -> tuple[int, ...]:
    rounds = set()
    for token in re.split(r"[\s,;/+]+", text):
        if not token:
            continue
        number = _round_number(token[1:] if token[:1] in {"r", "R"} else token)
        if number is None:
            raise _Bad(
                f"{_q(text[:40])} is not a list of round numbers (as 2, 5; 1 to {MAX_ROUND})"
            )
        rounds.add(number)
    return tuple(sorted(rounds))


def split_name(full: str) -> tuple[str, str]:
    """(last name, first name) from "Last, First" or "First Last".

    >>> split_name("Carlsen, Magnus")
    ('Carlsen', 'Magnus')
    >>> split_name("Judit Polgar")
    ('Polgar', 'Judit')
    """
    if "," in full:
        last, _, first = full.partition(",")
        return last.strip(), first.strip()
    words = full.split()
    if len(words) < 2:
        return full.strip(), ""
    return words[-1], " ".join(words[:-1])


_NAME = _text(100)
