"""Checking the values of a backup file (`archives.format`): objects with exactly the keys
they must have, lists, and each column as its model field takes it, with the shapes of the
JSON columns the site's pages read. Each check raises `BackupInvalid` naming where the
value is, as a path into the document (``sections[1].players[4].starting_rank``).
"""

from __future__ import annotations

import datetime
import functools
import math
import re
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from decimal import InvalidOperation
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db.models import Field
from django.db.models import Model
from django.utils.translation import gettext as _

from archives import format as fmt
from chesscore.record.model import Sex
from common.exceptions import ValidationError
from tournaments.models import time_zone_valid
from tournaments.validators import column_check
from tournaments.validators import date_in_range
from tournaments.validators import moment_in_range

__all__ = ["BackupInvalid", "columns", "integer", "items", "key_path", "keys", "unique"]


class BackupInvalid(ValidationError):
    """The file is no backup this site can restore; the message says where and why."""

    code = "invalid_backup"

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}" if where else reason, field="file")
        self.where = where


def keys(raw: Any, where: str, names: Iterable[str]) -> dict[str, Any]:
    """`raw` as an object with exactly the keys `names`."""
    if not isinstance(raw, dict):
        raise BackupInvalid(where, "must be an object")
    expected = list(names)
    for key in expected:
        if key not in raw:
            raise BackupInvalid(where, f"the key {key!r} is missing")
    for key in raw:
        if key not in expected:
            raise BackupInvalid(where, f"unknown key {key!r}")
    return raw


def items(raw: Any, where: str) -> list[tuple[Any, str]]:
    """The items of the list `raw`, each with its path."""
    if not isinstance(raw, list):
        raise BackupInvalid(where, "must be a list")
    return [(item, f"{where}[{index}]") for index, item in enumerate(raw)]


def key_path(where: str, key: str) -> str:
    """The path of `key` of the object at `where`."""
    return f"{where}.{key}" if where else key


def unique(values: Iterable[Any], where: str, key: str, what: str) -> None:
    """Each of `values` (of the items of the list at `where`) once."""
    seen: set[Any] = set()
    for index, value in enumerate(values):
        if value in seen:
            at = f"{where}[{index}]" + (f".{key}" if key else "")
            raise BackupInvalid(at, f"another {what} has {value!r}")
        seen.add(value)


def columns(table: fmt.Table, raw: Any, where: str, *more: str) -> dict[str, Any]:
    """The columns `table` carries, read from the object `raw` (which also holds `more`)."""
    obj = keys(raw, where, (*table.columns, *more))
    values = {
        name: _column(table, name, obj[name], key_path(where, name)) for name in table.columns
    }
    for name, check in _CONTENTS.get(table.model, {}).items():
        check(values[name], key_path(where, name))
    label = table.model._meta.label
    for name in table.columns:
        # The validator every form and the API use for the column (names on one line, FIDE
        # ids, ratings, tie-break lists...): a file takes no value they refuse.
        try:
            column_check(label, name, values[name])
        except DjangoValidationError as exc:
            raise BackupInvalid(key_path(where, name), exc.messages[0]) from None
    return values


_INTEGERS = {
    "PositiveSmallIntegerField": (0, 32767),
    "PositiveIntegerField": (0, 2147483647),
    "SmallIntegerField": (-32768, 32767),
    "IntegerField": (-2147483648, 2147483647),
    "BigIntegerField": (-(2**63), 2**63 - 1),
}
_TEXTS = ("CharField", "SlugField", "TextField")
_SLUG = re.compile(r"[-a-zA-Z0-9_]+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")
# JSON columns nest a few levels; far deeper is no backup and would exhaust the stack.
_MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class _Spec:
    """What a column's model field allows, looked up once per column."""

    kind: str
    null: bool
    max_length: int | None
    choices: tuple[str, ...]
    low: int
    high: int
    digits: int
    places: int
    default: Any


@functools.cache
def _spec(model: type[Model], name: str, minimum: int | None) -> _Spec:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)  # a column: never a relation's other side
    kind = field.get_internal_type()
    low, high = _INTEGERS.get(kind, (0, 0))
    return _Spec(
        kind=kind,
        null=field.null,
        max_length=getattr(field, "max_length", None),
        choices=tuple(str(value) for value, _label in field.choices or ()),
        low=low if minimum is None else max(low, minimum),
        high=high,
        digits=getattr(field, "max_digits", 0) or 0,
        places=getattr(field, "decimal_places", 0) or 0,
        default=field.default,
    )


def _column(table: fmt.Table, name: str, raw: Any, where: str) -> Any:
    """Column `name` of `table`, as the model takes it: checked as its field's type."""
    spec = _spec(table.model, name, table.minimum.get(name))
    kind = spec.kind
    if raw is None:
        if spec.null:
            return None
        raise BackupInvalid(where, "must not be null")
    if kind in _TEXTS:
        text = _text(raw, where)
        if spec.max_length is not None and len(text) > spec.max_length:
            raise BackupInvalid(where, f"must be at most {spec.max_length} characters long")
        if kind == "SlugField" and not _SLUG.fullmatch(text):
            raise BackupInvalid(where, "must be a slug: letters, digits, hyphens, underscores")
        if spec.choices and text not in spec.choices:
            raise BackupInvalid(where, f"must be one of {', '.join(map(repr, spec.choices))}")
        return text
    if kind in _INTEGERS:
        return integer(raw, where, spec.low, spec.high)
    if kind == "BooleanField":
        if not isinstance(raw, bool):
            raise BackupInvalid(where, "must be true or false")
        return raw
    if kind == "DecimalField":
        return _decimal(raw, where, spec.digits, spec.places)
    if kind == "DateField":
        if not isinstance(raw, str) or not _DATE.fullmatch(raw):
            raise BackupInvalid(where, "must be a date, YYYY-MM-DD")
        try:
            day = datetime.date.fromisoformat(raw)
        except ValueError as exc:
            raise BackupInvalid(where, "must be a date, YYYY-MM-DD") from exc
        try:
            return date_in_range(day)
        except DjangoValidationError as exc:
            raise BackupInvalid(where, exc.messages[0]) from None
    if kind == "DateTimeField":
        return _moment(raw, where)
    if kind == "FloatField":
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            raise BackupInvalid(where, "must be a number")
        return float(raw)
    if kind == "JSONField":
        _json(raw, where, 0)
        if spec.default is dict and not isinstance(raw, dict):
            raise BackupInvalid(where, "must be an object")
        if spec.default is list and not isinstance(raw, list):
            raise BackupInvalid(where, "must be a list")
        return raw
    raise TypeError(f"{table.model.__name__}.{name}: no backup form for a {kind}")


def _text(raw: Any, where: str) -> str:
    if not isinstance(raw, str):
        raise BackupInvalid(where, "must be a string")
    if "\x00" in raw:
        raise BackupInvalid(where, "must not contain NUL characters")
    if _SURROGATE.search(raw):
        raise BackupInvalid(where, "must be Unicode text (it holds a lone surrogate)")
    return raw


def integer(raw: Any, where: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise BackupInvalid(where, "must be an integer")
    if raw < low:
        raise BackupInvalid(
            where,
            "must be a positive integer"
            if low == 1
            else "must not be negative"
            if low == 0
            else f"must be at least {low}",
        )
    if raw > high:
        raise BackupInvalid(where, f"must be at most {high}")
    return raw


def _decimal(raw: Any, where: str, digits: int, places: int) -> Decimal:
    """A decimal column from its string; exact: a value the column would round is refused."""
    example = f'a decimal number as a string, e.g. "{"0.5" if places else "1"}"'
    if not isinstance(raw, str):
        raise BackupInvalid(where, f"must be {example}")
    try:
        value = Decimal(raw)
    except InvalidOperation as exc:
        raise BackupInvalid(where, f"must be {example}") from exc
    if not value.is_finite():
        raise BackupInvalid(where, f"must be {example}")
    bound = Decimal(10) ** (digits - places)
    if not -bound < value < bound:
        raise BackupInvalid(where, f"must be between -{bound} and {bound}")
    # Compared exactly: the column would round a finer value, and nothing may change.
    exponent = value.as_tuple().exponent
    if (
        not isinstance(exponent, int)
        or exponent < -places - 30
        or (Fraction(value) * 10**places).denominator != 1
    ):
        raise BackupInvalid(where, f"must have at most {places} decimal place(s)")
    return value


def _moment(raw: Any, where: str) -> datetime.datetime:
    reason = "must be a date and time in ISO 8601 with its UTC offset"
    if not isinstance(raw, str):
        raise BackupInvalid(where, reason)
    try:
        moment = datetime.datetime.fromisoformat(raw)
    except ValueError as exc:
        raise BackupInvalid(where, reason) from exc
    if moment.tzinfo is None:
        raise BackupInvalid(where, reason)
    # Within the years every page's clock can show (year 1 at +05:00 is before year 1 in
    # UTC: the conversion itself would overflow).
    try:
        return moment_in_range(moment)
    except DjangoValidationError as exc:
        raise BackupInvalid(where, exc.messages[0]) from None


def _json(raw: Any, where: str, depth: int) -> None:
    """A JSON value a database keeps as it is: no NUL, no lone surrogates, finite numbers."""
    if depth > _MAX_DEPTH:
        raise BackupInvalid(where, "is nested too deeply")
    if isinstance(raw, str):
        _text(raw, where)
    elif isinstance(raw, float) and not math.isfinite(raw):
        raise BackupInvalid(where, "must be a finite number")
    elif isinstance(raw, list):
        for item, at in items(raw, where):
            _json(item, at, depth + 1)
    elif isinstance(raw, dict):
        for key, value in raw.items():
            _text(key, f"{where} (key {key!r})")
            _json(value, key_path(where, key), depth + 1)


# What pages read from JSON columns, beyond their being JSON of the right kind.

Check = Callable[[Any, str], None]


def _list_of(check: Check) -> Check:
    """A check of a list whose every item passes `check`."""

    def each(raw: Any, where: str) -> None:
        for item, at in items(raw, where):
            check(item, at)

    return each


def _string(raw: Any, where: str) -> None:
    if not isinstance(raw, str):
        raise BackupInvalid(where, _("must be a string"))


def _round_number(raw: Any, where: str) -> None:
    integer(raw, where, 1, 32767)


_strings = _list_of(_string)
_round_numbers = _list_of(_round_number)


_FRACTION = re.compile(r"-?\d{1,15}(?:\.\d{1,15}|/[1-9]\d{0,14})?")
# `Fraction("1e999999999")` would take minutes: exponents that large are refused.
_BIG_EXPONENT = re.compile(r"[eE][-+]?[\d_]{4,}")


def _fraction(raw: Any, where: str) -> None:
    if not isinstance(raw, str) or not _FRACTION.fullmatch(raw):
        raise BackupInvalid(where, 'must be a number as a string, e.g. "1/2" or "0.5"')


_fractions = _list_of(_fraction)


def _record_values(raw: Any, where: str) -> None:
    """Values kept for the tournament record (`chesscore.record.codec`): whatever they
    are is checked by reading the section back; numbers with huge exponents are not."""
    if isinstance(raw, str) and _BIG_EXPONENT.search(raw):
        raise BackupInvalid(where, "must not hold a number with an exponent that large")
    if isinstance(raw, list):
        for item, at in items(raw, where):
            _record_values(item, at)
    elif isinstance(raw, dict):
        for key, value in raw.items():
            _record_values(value, key_path(where, key))


def _player_extra(raw: dict[str, Any], where: str) -> None:
    _record_values(raw, where)
    if raw.get("points") is not None:
        _fraction(raw["points"], key_path(where, "points"))
    if raw.get("final_rank") is not None:
        integer(raw["final_rank"], key_path(where, "final_rank"), 0, 2**31 - 1)


def _count(raw: Any, where: str) -> None:
    integer(raw, where, 0, 2**31 - 1)


def _optional_count(raw: Any, where: str) -> None:
    if raw is not None:
        _count(raw, where)


def _boolean(raw: Any, where: str) -> None:
    if not isinstance(raw, bool):
        raise BackupInvalid(where, _("must be true or false"))


def _rank(raw: Any, where: str) -> None:
    """A starting rank (of a player, or of a team in a team section)."""
    integer(raw, where, 1, 2**31 - 1)


def _optional_rank(raw: Any, where: str) -> None:
    if raw is not None:
        _rank(raw, where)


_ranks = _list_of(_rank)


def _rank_pair(raw: Any, where: str) -> None:
    """A pair of starting ranks, ``[white, black]``."""
    if not isinstance(raw, list) or len(raw) != 2:
        raise BackupInvalid(where, _("must be a pair of starting ranks, [white, black]"))
    _ranks(raw, where)


_rank_pairs = _list_of(_rank_pair)


def _score(raw: Any, where: str) -> None:
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise BackupInvalid(where, _('must be a number as a string, e.g. "3/2"'))
    if isinstance(raw, str):
        _fraction(raw, where)


def _object_of(checks: dict[str, Check], *, required: tuple[str, ...] = ()) -> Check:
    """A check of an object whose keys `checks` knows (others are kept as they are: the
    pages read none of them) and which holds at least `required`."""

    def check(raw: Any, where: str) -> None:
        if not isinstance(raw, dict):
            raise BackupInvalid(where, _("must be an object"))
        for key in required:
            if key not in raw:
                raise BackupInvalid(where, _("the key %(key)r is missing") % {"key": key})
        for key, value_check in checks.items():
            if key in raw:
                value_check(raw[key], key_path(where, key))

    return check


# A round's explanation as the planners write it and the pages read it: the round page
# (brackets, method, deviations, warnings and hand edits), the groups page, the API, the
# TRF export (groups, released) and the replay of a corrected round.
_BRACKET = _object_of(
    {
        "score": _score,
        "residents": _ranks,
        "moved_down": _ranks,
        "floated_down": _ranks,
        "pairs": _rank_pairs,
        "exchanges": _count,
        "reasons": _strings,
    }
)
_GROUP = _object_of(
    {"name": _string, "kind": _string, "members": _ranks}, required=("kind", "members")
)
_explanation = _object_of(
    {
        "system": _string,
        "method": _string,
        "rules": _string,
        "bye_reason": _string,
        "edits": _strings,
        "warnings": _strings,
        "deviations": _strings,
        "colours": _strings,
        "brackets": _list_of(_BRACKET),
        "groups": _list_of(_GROUP),
        "released": _ranks,
        "ranking": _ranks,
        "withdrawn": _ranks,
        "same_group_pairs": _rank_pairs,
        "protected_places": _optional_count,
        "bye": _optional_rank,
        "free": _optional_rank,
        "berger_round": _count,
        "players": _count,
        "teams": _count,
        "seeding_round": _boolean,
    }
)


def _rank_and_kind(raw: Any, where: str) -> None:
    if not isinstance(raw, list) or len(raw) != 2:
        raise BackupInvalid(where, _('must be [starting rank, bye kind], e.g. [7, "U"]'))
    _rank(raw[0], f"{where}[0]")
    _string(raw[1], f"{where}[1]")


# What a pairing run's result holds: the engine's boards and byes (and a team round's
# matches and bye), which the replay after a correction compares with the round as it
# stands; or why the run failed.
_run_result = _object_of(
    {
        "boards": _rank_pairs,
        "byes": _list_of(_rank_and_kind),
        "matches": _rank_pairs,
        "pab": _optional_rank,
        "code": _string,
    }
)


def _warnings(raw: dict[str, Any], where: str) -> None:
    for key, value in raw.items():
        _strings(value, key_path(where, key))


def _sex(raw: str, where: str) -> None:
    allowed = ["", *(s.value for s in Sex)]
    if raw not in allowed:
        raise BackupInvalid(where, f"must be one of {', '.join(map(repr, allowed))}")


_DIGEST = re.compile(r"[0-9a-f]{64}")


def _token_hash(raw: str, where: str) -> None:
    """What an entry's link hashes to (`entries.selectors.token_hash`)."""
    if not _DIGEST.fullmatch(raw):
        raise BackupInvalid(where, "must be a SHA-256 digest: 64 lowercase hexadecimal digits")


def _email(raw: str, where: str) -> None:
    """An address the site sends mail to, or none."""
    if raw:
        try:
            validate_email(raw)
        except DjangoValidationError:
            raise BackupInvalid(where, "must be an email address, or empty") from None


def _time_zone(raw: Any, where: str) -> None:
    try:
        time_zone_valid(raw)
    except DjangoValidationError as exc:
        raise BackupInvalid(where, exc.messages[0]) from None


_CONTENTS: dict[type, dict[str, Check]] = {
    fmt.EVENT.model: {"time_zone": _time_zone},
    fmt.SECTION.model: {
        "tiebreaks": _strings,
        "half_point_bye_closed_rounds": _round_numbers,
        "trf_extra": _record_values,
    },
    fmt.PLAYER.model: {"sex": _sex, "acceleration": _fractions, "trf_extra": _player_extra},
    fmt.ROUND.model: {"explanation": _explanation},
    fmt.PAIRING_RUN.model: {"result": _run_result},
    fmt.LOG_ENTRY.model: {"warnings": _warnings},
    fmt.ENTRY.model: {"token_hash": _token_hash, "email": _email},
}
