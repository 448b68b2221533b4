"""Every field a person gives Rookery, validated in one place: the forms, the API
serializers, the CSV roster import, the online entry form and the restore of a backup all
call these. A player's details are cleaned together, by `player_details`
(`chesscore.record.people.player_details_clean`).

Each validator takes the value as it is to be stored and raises Django's
`ValidationError`, whose message names the kind of value ("A FIDE id is ..."); the checks
themselves are the pure ones of `chesscore.record.fields` (which the TRF and roster
readers use directly), and the tie-break lists are checked by the tie-break engine's own
registry (`chesscore.tiebreaks.tiebreak_list_check`). `COLUMNS` says which validator each
stored column takes: the restore of a backup checks every value of the file with it.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from chesscore.record import fields
from chesscore.record import model as rec
from chesscore.record import people
from chesscore.record.fields import FieldInvalid
from chesscore.record.people import PLAYER_DETAILS
from chesscore.record.people import DetailInvalid
from chesscore.record.people import PlayerDetails
from chesscore.systems import scoring_problems
from chesscore.tiebreaks import MAX_CODE_LENGTH
from chesscore.tiebreaks import MAX_TIEBREAKS
from chesscore.tiebreaks import InvalidTieBreakCode
from chesscore.tiebreaks import tiebreak_list_check
from common.exceptions import ValidationError as DomainValidationError

__all__ = [
    "COLUMNS",
    "MAX_TIEBREAKS",
    "MAX_TIEBREAK_LENGTH",
    "RESERVED_SECTION_SLUGS",
    "birth_date",
    "birth_year",
    "column_check",
    "date_in_range",
    "detail_value",
    "event_slug",
    "fide_id",
    "field_check",
    "moment_in_range",
    "name",
    "national_id",
    "one_line",
    "player_details",
    "points_refusal",
    "rating",
    "row_check",
    "section_slug",
    "tiebreak_list",
    "tiebreak_text",
]

T = TypeVar("T")

MAX_TIEBREAK_LENGTH = MAX_CODE_LENGTH

# Words the event's own addresses use after /events/<event>/: a section so named would be
# hidden behind the page.
RESERVED_SECTION_SLUGS = frozenset(
    {"import", "export", "new", "edit", "people", "delete", "log", "check-in", "poster", "find"}
)


def _django(error: FieldInvalid) -> ValidationError:
    return ValidationError(gettext(error.template) % error.params, code=error.code)


def _checked(check: Callable[[T], T]) -> Callable[[T], T]:
    """`check` of `chesscore.record.fields`, raising Django's `ValidationError`."""

    def validate(value: T) -> T:
        try:
            return check(value)
        except FieldInvalid as exc:
            raise _django(exc) from None

    validate.__name__ = check.__name__
    validate.__doc__ = check.__doc__
    return validate


fide_id = _checked(fields.fide_id)
national_id = _checked(fields.national_id)
rating = _checked(fields.rating)
birth_date = _checked(fields.birth_date)
birth_year = _checked(fields.birth_year)
date_in_range = _checked(fields.date_in_range)
moment_in_range = _checked(fields.moment_in_range)


def one_line(value: str) -> str:
    """A name or another short text on one line (the field counts its length): no line
    break, tab or other control character, no space at either end."""
    try:
        return fields.one_line(value, limit=None)
    except FieldInvalid as exc:
        raise _django(exc) from None


def name(value: str) -> str:
    """A name that must be given (an event's, a section's, a player's last name, a team's):
    `one_line`, and not empty."""
    if not value.strip():
        raise ValidationError(gettext("A name is needed here."), code="required")
    return one_line(value)


def event_slug(value: str) -> str:
    """An event's address: lower-case letters, digits, hyphens and underscores."""
    try:
        return fields.slug(value)
    except FieldInvalid as exc:
        raise _django(exc) from None


def section_slug(value: str) -> str:
    """A section's address: as an event's, and none of the words the event's own pages
    take (``edit``, ``log``...)."""
    event_slug(value)
    if value in RESERVED_SECTION_SLUGS:
        raise ValidationError(
            gettext("%(slug)r is the address of one of the event's own pages.") % {"slug": value},
            code="slug_reserved",
        )
    return value


def tiebreak_list(codes: Sequence[Any]) -> list[str]:
    """A section's tie-breaks: codes of the tie-break engine (C.07) with modifiers they
    take, each of at most 20 characters, at most 12 of them, none twice. The message names
    the code refused."""
    try:
        tiebreak_list_check(codes)
    except InvalidTieBreakCode as exc:
        raise ValidationError(
            gettext("Tie-break %(code)s: %(reason)s.") % {"code": exc.code, "reason": exc.reason},
            code="invalid_tiebreak",
        ) from None
    return [str(code) for code in codes]


def tiebreak_text(text: str) -> list[str]:
    """Tie-break codes typed in one box, separated by commas (or semicolons), checked as
    `tiebreak_list`: ``"BH-C1, BH, SB"``."""
    return tiebreak_list(
        [code.strip() for code in text.replace(";", ",").split(",") if code.strip()]
    )


def _detail(name: str) -> Callable[[Any], object]:
    """The validator of a player's detail `name`: what `player_details` takes."""

    def validate(value: Any) -> object:
        try:
            return people.detail_clean(name, value)
        except FieldInvalid as exc:
            raise _django(exc) from None

    validate.__name__ = name
    return validate


def detail_value(name: str, value: Any) -> Any:
    """One of a player's details, `name`, as the site keeps it (`chesscore.record.people`),
    for a service: the domain's `ValidationError` on `name` when it cannot be (a team's
    federation is a player's)."""
    try:
        return people.detail_clean(name, value)
    except FieldInvalid as exc:
        raise DomainValidationError(_django(exc).messages[0], field=name) from None


def player_details(values: Mapping[str, Any]) -> PlayerDetails:
    """A player's details as the site keeps them (`chesscore.record.people`), from `values`
    by name, for a service about to store them: the domain's `ValidationError` on the first
    detail refused, naming it."""
    try:
        return people.player_details_clean(values)
    except DetailInvalid as exc:
        raise DomainValidationError(_django(exc).messages[0], field=exc.field) from None


# The validator of each stored column a person's input reaches, by model label and field
# name. Columns of other kinds are checked by their type alone (the database's limits);
# every date and time besides takes `date_in_range` or `moment_in_range`.
COLUMNS: Mapping[str, Mapping[str, Callable[[Any], object]]] = {
    # An event's address is checked where the event takes it (`event_slug`): a restore
    # may give another than its file's.
    "tournaments.Event": {
        "name": name,
        "city": one_line,
        "federation": one_line,
        "time_control": one_line,
        "chief_arbiter": one_line,
    },
    "tournaments.Section": {"name": name, "slug": section_slug, "tiebreaks": tiebreak_list},
    # A TRF file may leave a player's name blank: the file is read as it is.
    "tournaments.Player": {detail: _detail(detail) for detail in PLAYER_DETAILS},
    "tournaments.ProhibitedGroup": {"name": one_line, "attribute": one_line},
    "teams.Team": {"name": one_line, "short_name": one_line, "federation": one_line},
    # The details an entry shares with the player it becomes are a player's.
    "entries.Entry": {
        "first_name": _detail("first_name"),
        "last_name": name,
        "fide_id": _detail("fide_id"),
        "fide_rating": _detail("fide_rating"),
        "federation": _detail("federation"),
        "club": _detail("club"),
        "birth_year": birth_year,
        "phone": one_line,
    },
}


def column_check(label: str, column: str, value: Any) -> None:
    """Check `value` of `column` of the model `label` ("tournaments.Player") with its
    validator in `COLUMNS`, if it has one; a null value has nothing to check."""
    validate = COLUMNS.get(label, {}).get(column)
    if validate is not None and value is not None:
        validate(value)


def field_check(field: str, validate: Callable[[Any], object], value: Any) -> None:
    """`validate` `value` for a service: a refusal is the domain's `ValidationError` on
    `field`, which forms and the API show on that field. None has nothing to check."""
    if value is None:
        return
    try:
        validate(value)
    except ValidationError as exc:
        raise DomainValidationError(exc.messages[0], field=field) from None


def row_check(label: str, values: Mapping[str, Any]) -> None:
    """Every value of `values` (columns of the model `label` by name) with its validator in
    `COLUMNS`, for a service about to store them: the domain's `ValidationError` on the
    first refused, naming its column."""
    checks = COLUMNS.get(label, {})
    for column, value in values.items():
        validate = checks.get(column)
        if validate is not None:
            field_check(column, validate, value)


def points_refusal(
    *, system: str, acceleration: str, scoring: rec.ScoringSystem
) -> tuple[str, str] | None:
    """Why a section of `system` under `acceleration` may not score by `scoring`, as
    ``(what, message)``: `what` names a value of the scoring system (``"draw"``) or is
    ``"acceleration"``. None when it may.

    A win scores at least a draw, a draw at least a loss; and the system's engine must pair
    with the points (`chesscore.systems.scoring_problems`: the Swiss engines keep tenths of
    a point, and Baku acceleration adds a win and a draw). The section form, the API, the
    TRF import and the restore of a backup all ask here.
    """
    if not scoring.win >= scoring.draw:
        return "draw", gettext("A win must score at least a draw, a draw a loss.")
    if not scoring.draw >= scoring.loss:
        return "loss", gettext("A win must score at least a draw, a draw a loss.")
    problems = scoring_problems(system, scoring, rec.Acceleration(acceleration))
    return problems[0] if problems else None
