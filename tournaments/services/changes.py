"""What an intervention changed, as the log keeps it: ``{"field": [old, new]}`` in plain
JSON values, only the fields whose value really changed."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.db.models import Model

from tournaments.models import Player

__all__ = ["changes_between", "json_value", "player_label", "values_of", "values_save"]


def json_value(value: Any) -> Any:
    """`value` as JSON holds it: points as text without trailing zeros ("1", "0.5"), dates
    in ISO 8601, sequences as lists; anything else as it is."""
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [json_value(item) for item in value]
    return value


def values_of(instance: object, fields: Iterable[str]) -> dict[str, Any]:
    """The current value of each of `fields` on `instance`."""
    return {name: getattr(instance, name) for name in fields}


def changes_between(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list[Any]]:
    """``{field: [old, new]}`` for every field of `after` whose value differs from `before`'s
    (compared as values: 1 and 1.0 points are the same), in `after`'s order."""
    return {
        name: [json_value(before.get(name)), json_value(value)]
        for name, value in after.items()
        if json_value(before.get(name)) != json_value(value)
    }


def values_save(instance: Model, values: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Set `values` (``{field: value}``) on `instance` and save it; what changed, as
    `changes_between` says it."""
    changes = changes_between(values_of(instance, values), values)
    for name, value in values.items():
        setattr(instance, name, value)
    instance.save()
    return changes


def player_label(player: Player) -> str:
    """ "Adams, Anna (No. 3)": a player as the log names them."""
    return f"{player.full_name} (No. {player.starting_rank})"
