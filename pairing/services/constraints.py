"""A Swiss round under the organiser's prohibited groups and bye exclusions.

The groups are read when the round is paired and stored with it (``explanation["groups"]``),
so a round keeps the groups it was paired with whatever happens to them later. Soft groups
relaxed from the bottom rank the field by the standings entering the round: points, then
the section's tie-breaks (C.07), the initial ranking in round 1.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from common.exceptions import ValidationError
from pairing.engine import PairingOptions
from pairing.engine.constraints import ConstrainedPairing, GroupKind, pair_constrained
from pairing.selectors import pairing_groups_get, record_without_groups
from tiebreaks.engine import InvalidTieBreakCode, standings
from tournaments.models import Section
from tournaments.record import model as rec

KIND_TEXT = {
    GroupKind.STRICT: "strict",
    GroupKind.SOFT_FROM_BOTTOM: "soft, relaxed from the bottom",
    GroupKind.SOFT_LOWEST: "soft, lowest priority",
}


def swiss_round_pair(
    *, section: Section, record: rec.Record, number: int, system: str
) -> tuple[ConstrainedPairing, dict[str, Any], tuple[str, ...]]:
    """Pair round ``number``: the pairing, what to store about the groups, and the
    deviations from pure FIDE pairing the groups brought."""
    groups = pairing_groups_get(section=section)
    plain = record_without_groups(section, record)
    ranking: tuple[int, ...] = ()
    if any(g.kind is GroupKind.SOFT_FROM_BOTTOM for g in groups):
        ranking = standings_entering(plain, number)
    options = PairingOptions(system=system, round_to_pair=number)
    pairing = pair_constrained(plain, options=options, groups=groups, ranking=ranking)
    stored: dict[str, Any] = {
        "groups": [
            {"name": g.name, "kind": g.kind.value, "members": list(g.members)} for g in groups
        ]
    }
    deviations: list[str] = []
    soft = [g for g in groups if g.kind is not GroupKind.STRICT]
    if soft:
        names = ", ".join(f"{g.name} ({KIND_TEXT[g.kind]})" for g in soft)
        deviations.append(f"Soft prohibited groups: {names}.")
    if pairing.protected_places is not None:
        stored["protected_places"] = pairing.protected_places
        stored["released"] = list(pairing.released)
        stored["ranking"] = list(ranking)
        if pairing.released:
            released = ", ".join(str(r) for r in pairing.released)
            deviations.append(
                f"Top {pairing.protected_places} of the standings protected; released: {released}."
            )
    if any(g.kind is GroupKind.SOFT_LOWEST for g in groups):
        stored["same_group_pairs"] = [list(p) for p in pairing.same_group_pairs]
    return pairing, stored, tuple(deviations)


def standings_entering(record: rec.Record, number: int) -> tuple[int, ...]:
    """Starting ranks in the order of the standings after round ``number - 1``."""
    if number <= 1:
        return tuple(sorted(record.ranks))
    players = tuple(replace(p, rounds=p.rounds[: number - 1]) for p in record.players)
    try:
        table = standings(
            replace(record, players=players), list(record.tiebreaks), after_round=number - 1
        )
    except InvalidTieBreakCode as exc:
        raise ValidationError(
            f"Tie-break {exc.code} cannot be applied: {exc.reason}", field="tiebreaks"
        ) from exc
    order = [row.number for row in table.rows]
    return (*order, *sorted(set(record.ranks) - set(order)))
