"""What each kind of value a person gives Rookery may be: one check per kind, for every way
in (forms, the API, CSV rosters, TRF files, online entries, backups).

Standard library only, so that the TRF reader and the roster readers use the same checks as
the forms; `tournaments.validators` wraps them for Django. Each check takes the value as it
is to be stored and returns it, or raises `FieldInvalid`, whose message names the kind of
value (``A FIDE id is ...``) and, cut short, what was found.

>>> fide_id("1503014")
'1503014'
>>> fide_id("١٢٣٤٥")
Traceback (most recent call last):
...
chesscore.record.fields.FieldInvalid: A FIDE id is a number of 1 to 11 digits 0-9: '١٢٣٤٥'.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from chesscore.record.text import control_character

__all__ = [
    "FIRST_YEAR",
    "LAST_YEAR",
    "MAX_BIRTH_YEAR",
    "MAX_FIDE_ID",
    "MAX_NAME_LENGTH",
    "MAX_NATIONAL_ID_LENGTH",
    "MAX_RATING",
    "MAX_SLUG_LENGTH",
    "MIN_BIRTH_YEAR",
    "FieldInvalid",
    "birth_date",
    "birth_year",
    "date_in_range",
    "fide_id",
    "gettext_noop",
    "moment_in_range",
    "national_id",
    "one_line",
    "rating",
    "shown",
    "slug",
]


def gettext_noop(text: str) -> str:
    """Marks `text` for the translators (the catalogues' tools look for this name); the
    Django wrappers translate it when they show it."""
    return text


# TRF 001 columns 58-68 hold the FIDE id (eight digits today, three in reserve).
MAX_FIDE_ID = 99_999_999_999
_FIDE_ID_DIGITS = len(str(MAX_FIDE_ID))
# No one has been rated this high; a rating column of TRF has four digits.
MAX_RATING = 3500
MAX_NATIONAL_ID_LENGTH = 20
MAX_NAME_LENGTH = 100
MAX_SLUG_LENGTH = 80
# Dates and times of an event, its rounds, entries and log: nothing Rookery keeps falls
# outside these years, and any zone's clock can show a time within them.
FIRST_YEAR = 1900
LAST_YEAR = 2200
MIN_BIRTH_YEAR = 1900
MAX_BIRTH_YEAR = 2100

_ASCII_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_BIRTH_DATE = re.compile(r"[0-9]{4}(?:/[0-9]{2}/[0-9]{2})?", re.ASCII)
_SLUG = re.compile(r"[-a-z0-9_]+", re.ASCII)


class FieldInvalid(ValueError):
    """A value that is not what its field takes. `template` is the message with
    ``%(name)s`` placeholders (marked for translation), `params` their values."""

    def __init__(self, template: str, code: str, **params: Any) -> None:
        super().__init__(template % params)
        self.template = template
        self.code = code
        self.params = params

    @property
    def message(self) -> str:
        return str(self)


def shown(value: str) -> str:
    """`value` quoted for a message, cut short when long."""
    return repr(value) if len(value) <= 24 else f"{value[:24]!r}… ({len(value)} characters)"


def fide_id(value: str) -> str:
    """A FIDE id: 1 to 11 ASCII digits (the TRF column), a positive number; "" for none.

    ``str.isdigit`` and ``\\d`` take the digits of every script ("١٢٣٤٥", "²"), which
    ``int`` then reads or refuses: only 0-9 are taken.

    >>> fide_id(""), fide_id("4100123")
    ('', '4100123')
    """
    if value == "":
        return value
    if not _ASCII_DIGITS.fullmatch(value) or len(value) > _FIDE_ID_DIGITS:
        raise FieldInvalid(
            gettext_noop("A FIDE id is a number of 1 to %(digits)s digits 0-9: %(found)s."),
            "fide_id",
            digits=_FIDE_ID_DIGITS,
            found=shown(value),
        )
    if int(value) == 0:
        raise FieldInvalid(
            gettext_noop("A FIDE id is a positive number; leave it empty when there is none."),
            "fide_id",
        )
    return value


def national_id(value: str) -> str:
    """A national federation's id of a player: one line of at most 20 characters.

    >>> national_id("12345678")
    '12345678'
    """
    return one_line(value, limit=MAX_NATIONAL_ID_LENGTH)


def one_line(value: str, *, limit: int | None = MAX_NAME_LENGTH) -> str:
    """A name or another short text: one line (no line break, tab or other control
    character: written to a TRF file or an email's subject, it would start a line of its
    own), at most `limit` characters (None: the caller counts them), with no space at
    either end.

    >>> one_line("Carlsen")
    'Carlsen'
    >>> one_line("Carlsen\\r\\nBcc: x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chesscore.record.fields.FieldInvalid: Keep this to one line: it holds a carriage ...
    """
    found = control_character(value)
    if found is not None:
        raise FieldInvalid(
            gettext_noop("Keep this to one line: it holds %(found)s."),
            "control_character",
            found=found,
        )
    if limit is not None and len(value) > limit:
        raise FieldInvalid(
            gettext_noop("Keep this to %(limit)s characters at most (it has %(length)s)."),
            "max_length",
            limit=limit,
            length=len(value),
        )
    if value != value.strip():
        raise FieldInvalid(gettext_noop("Keep this without spaces at either end."), "untrimmed")
    return value


def rating(value: int) -> int:
    """A rating: a whole number from 0 to `MAX_RATING`.

    >>> rating(2830)
    2830
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_RATING:
        raise FieldInvalid(
            gettext_noop("A rating is a whole number from 0 to %(maximum)s, not %(found)s."),
            "rating",
            maximum=MAX_RATING,
            found=shown(str(value)),
        )
    return value


def birth_date(value: str) -> str:
    """A birth date as TRF writes it: "YYYY/MM/DD", or "YYYY" when only the year is known
    (TRF files may write "00" for a month or day not known); "" for none.

    >>> birth_date("1990/11/30"), birth_date("1975"), birth_date("")
    ('1990/11/30', '1975', '')
    """
    if value == "":
        return value
    if _BIRTH_DATE.fullmatch(value):
        year, _, rest = value.partition("/")
        month, _, day = rest.partition("/")
        if not rest or month == "00" or day == "00":
            return value
        try:
            datetime.date(int(year), int(month), int(day))
        except ValueError:
            pass
        else:
            return value
    raise FieldInvalid(
        gettext_noop("A birth date is YYYY/MM/DD, or YYYY when only the year is known: %(found)s."),
        "birth_date",
        found=shown(value),
    )


def birth_year(value: int) -> int:
    """A year of birth, from `MIN_BIRTH_YEAR` to `MAX_BIRTH_YEAR`.

    >>> birth_year(1990)
    1990
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not (MIN_BIRTH_YEAR <= value <= MAX_BIRTH_YEAR)
    ):
        raise FieldInvalid(
            gettext_noop("A year of birth is from %(first)s to %(last)s, not %(found)s."),
            "birth_year",
            first=MIN_BIRTH_YEAR,
            last=MAX_BIRTH_YEAR,
            found=shown(str(value)),
        )
    return value


def date_in_range(value: datetime.date) -> datetime.date:
    """A date of the years `FIRST_YEAR` to `LAST_YEAR`.

    >>> date_in_range(datetime.date(2026, 7, 1))
    datetime.date(2026, 7, 1)
    """
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise FieldInvalid(
            gettext_noop("A date falls in the years %(first)s to %(last)s, not %(found)s."),
            "date_range",
            first=FIRST_YEAR,
            last=LAST_YEAR,
            found=value.isoformat(),
        )
    return value


def moment_in_range(value: datetime.datetime) -> datetime.datetime:
    """A date and time with its UTC offset, of the years `FIRST_YEAR` to `LAST_YEAR` in
    UTC (so that converting it to any zone's clock stays within the calendar); returned in
    UTC.

    >>> moment_in_range(datetime.datetime.fromisoformat("2026-05-01T10:00:00+02:00"))
    datetime.datetime(2026, 5, 1, 8, 0, tzinfo=datetime.timezone.utc)
    """
    if value.tzinfo is None or value.utcoffset() is None:
        raise FieldInvalid(gettext_noop("A date and time gives its UTC offset."), "moment_naive")
    # Only years well inside the calendar are converted: the conversion cannot overflow.
    in_utc = value.astimezone(datetime.UTC) if FIRST_YEAR <= value.year <= LAST_YEAR else None
    if in_utc is None or not FIRST_YEAR <= in_utc.year <= LAST_YEAR:
        raise FieldInvalid(
            gettext_noop(
                "A date and time falls in the years %(first)s to %(last)s, not %(found)s."
            ),
            "moment_range",
            first=FIRST_YEAR,
            last=LAST_YEAR,
            found=shown(value.isoformat()),
        )
    return in_utc


def slug(value: str) -> str:
    """An address of an event or a section: lower-case letters, digits, hyphens and
    underscores, at most `MAX_SLUG_LENGTH` characters. Lower case only: addresses are
    told apart by their letters, not their case ("/events/OPEN/" is no other event than
    "/events/open/").

    >>> slug("open-2026")
    'open-2026'
    """
    if _SLUG.fullmatch(value.lower()) and value != value.lower():
        raise FieldInvalid(
            gettext_noop("An address is written in lower case: %(found)s (%(lower)s)."),
            "slug_case",
            found=shown(value),
            lower=shown(value.lower()),
        )
    if not _SLUG.fullmatch(value) or len(value) > MAX_SLUG_LENGTH:
        raise FieldInvalid(
            gettext_noop(
                "An address is 1 to %(limit)s lower-case letters, digits, hyphens and "
                "underscores: %(found)s."
            ),
            "slug",
            limit=MAX_SLUG_LENGTH,
            found=shown(value),
        )
    return value
