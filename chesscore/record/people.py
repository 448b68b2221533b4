"""A player's details, as every way in gives them, and the one cleaner of them.

The player forms and the API, CSV rosters, online entries, backups and TRF files all hand
a player's details to `player_details_clean`, which writes each the one way the site keeps
it and refuses, naming the field (`DetailInvalid`), what it cannot take:

- names and the club: on one line, without spaces at either end, 100 characters at most;
- the title: up to three letters, in capitals (``gm`` is ``GM``);
- the sex: ``m`` or ``w`` (``male``, ``F``, ``girl``... say the same);
- the birth date as TRF writes it, ``YYYY/MM/DD`` or ``YYYY``;
- the federation: three letters, in capitals (``nor`` is ``NOR``);
- the FIDE id: 1 to 11 digits 0-9, without leading zeros; the national id: one line of 20
  characters at most;
- the ratings: whole numbers from 0 to 3500, or none.

What a file's format says in its own way (a spreadsheet's dates, ``1500P12`` for a
provisional rating, 0 for no FIDE id, a TRF name as ``Last, First``) is read into these
values by the format's reader first (`chesscore.roster`, `record_player_details`).

>>> details = player_details_clean({"last_name": " Carlsen ", "federation": "nor", "title": "gm"})
>>> details.last_name, details.federation, details.title
('Carlsen', 'NOR', 'GM')
>>> player_details_clean({"last_name": "Carlsen", "federation": "Norway"})
Traceback (most recent call last):
...
chesscore.record.people.DetailInvalid: A federation is three letters, as FRA or USA: 'Norway'.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chesscore.record import fields
from chesscore.record import model as rec
from chesscore.record.fields import FieldInvalid
from chesscore.record.fields import gettext_noop
from chesscore.record.text import one_line

__all__ = [
    "PLAYER_DETAILS",
    "DetailInvalid",
    "PlayerDetails",
    "detail_clean",
    "player_details_clean",
    "record_player_details",
    "record_player_fields",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerDetails:
    """Who a player is: the columns of a player that say so, in the order the site lists
    them (the backup file's among them). Made clean by `player_details_clean`."""

    first_name: str = ""
    last_name: str = ""
    title: str = ""
    sex: str = ""
    """``m``, ``w``, or ``""``."""
    birth_date: str = ""
    """``YYYY/MM/DD`` or ``YYYY`` (TRF), or ``""``."""
    federation: str = ""
    club: str = ""
    fide_id: str = ""
    fide_rating: int | None = None
    national_id: str = ""
    national_rating: int | None = None
    national_rating_2: int | None = None

    @property
    def full_name(self) -> str:
        """``Last, First`` (``Last`` alone without a first name), as TRF writes it."""
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name

    def values(self) -> dict[str, Any]:
        """Every detail by name, in `PLAYER_DETAILS` order."""
        return {name: getattr(self, name) for name in PLAYER_DETAILS}


PLAYER_DETAILS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(PlayerDetails))
"""The names of a player's details, in the order the site lists them."""


class DetailInvalid(FieldInvalid):
    """A detail `player_details_clean` cannot take: `field` names it, the message says
    what it should be (`FieldInvalid`, whose template and parameters it keeps)."""

    def __init__(self, field: str, error: FieldInvalid) -> None:
        super().__init__(error.template, error.code, **error.params)
        self.field = field


def _text(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FieldInvalid(
            gettext_noop("This is text, not %(found)s."), "type", found=type(value).__name__
        )
    return value.strip()


def _name(value: Any) -> str:
    return fields.one_line(_text(value))


_LETTERS = re.compile(r"[A-Z]+", re.ASCII)


def _title(value: Any) -> str:
    text = _text(value).upper()
    if text and not (len(text) <= 3 and _LETTERS.fullmatch(text)):
        raise FieldInvalid(
            gettext_noop("A title is up to three letters, as GM, IM or WFM: %(found)s."),
            "title",
            found=fields.shown(text),
        )
    return text


_SEX = {
    "m": "m",
    "male": "m",
    "man": "m",
    "boy": "m",
    "w": "w",
    "f": "w",
    "female": "w",
    "woman": "w",
    "girl": "w",
}


def _sex(value: Any) -> str:
    text = _text(value)
    if not text:
        return ""
    sex = _SEX.get(text.casefold())
    if sex is None:
        raise FieldInvalid(
            gettext_noop("The sex is m or w: %(found)s."), "sex", found=fields.shown(text)
        )
    return sex


def _federation(value: Any) -> str:
    text = _text(value).upper()
    if text and not (len(text) == 3 and _LETTERS.fullmatch(text)):
        raise FieldInvalid(
            gettext_noop("A federation is three letters, as FRA or USA: %(found)s."),
            "federation",
            found=fields.shown(_text(value)),
        )
    return text


def _fide_id(value: Any) -> str:
    text = _text(value)
    if text.isascii() and text.isdigit() and text.lstrip("0"):
        text = text.lstrip("0")
    return fields.fide_id(text)


def _rating(value: Any) -> int | None:
    return None if value is None else fields.rating(value)


_CLEANERS: Mapping[str, Callable[[Any], Any]] = {
    "first_name": _name,
    "last_name": _name,
    "title": _title,
    "sex": _sex,
    "birth_date": lambda value: fields.birth_date(_text(value)),
    "federation": _federation,
    "club": _name,
    "fide_id": _fide_id,
    "fide_rating": _rating,
    "national_id": lambda value: fields.national_id(_text(value)),
    "national_rating": _rating,
    "national_rating_2": _rating,
}
assert tuple(_CLEANERS) == PLAYER_DETAILS


def detail_clean(name: str, value: Any) -> Any:
    """Detail `name` as the site keeps it (see the module's list); `DetailInvalid` when it
    cannot be. None stands for an empty detail."""
    try:
        return _CLEANERS[name](value)
    except FieldInvalid as exc:
        raise DetailInvalid(name, exc) from None


def player_details_clean(values: Mapping[str, Any]) -> PlayerDetails:
    """The one cleaner of a player's details: `values` by name (a detail left out, or None,
    is empty; other names are ignored) as `PlayerDetails`, each written the one way the
    site keeps it. `DetailInvalid` names the first detail it cannot take.

    A last name is not required here: a TRF file may leave a name blank; the forms and the
    services that enter a player ask for one.
    """
    return PlayerDetails(**{name: detail_clean(name, values.get(name)) for name in PLAYER_DETAILS})


def record_player_details(player: rec.Player) -> PlayerDetails:
    """The details of a TRF ``001`` line, cleaned (`DetailInvalid`).

    The name is ``Last, First`` when it reads so, else a last name alone; a character that
    would break a line is a space, as the TRF writer writes it; a FIDE id of 0 is none.
    """
    whole = one_line(player.name).strip()
    last, comma, first = whole.partition(", ")
    if not (comma and last and first) or f"{last}, {first}" != whole:
        last, first = whole, ""
    return player_details_clean(
        {
            "first_name": first,
            "last_name": last,
            "title": one_line(player.title),
            "sex": player.sex.value if player.sex else "",
            "birth_date": player.birth_date or "",
            "federation": one_line(player.federation),
            "fide_id": str(player.fide_id) if player.fide_id else "",
            "fide_rating": player.rating,
        }
    )


def record_player_fields(details: PlayerDetails) -> dict[str, Any]:
    """The fields of a TRF ``001`` line (`chesscore.record.model.Player`) that `details`
    fill: the name, sex, title, FIDE rating, federation, FIDE id and birth date."""
    return {
        "name": details.full_name,
        "sex": rec.Sex(details.sex) if details.sex else None,
        "title": details.title,
        "rating": details.fide_rating,
        "federation": details.federation,
        "fide_id": int(details.fide_id) if details.fide_id.isdigit() else None,
        "birth_date": details.birth_date or None,
    }
