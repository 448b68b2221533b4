"""Planners of the individual Swiss systems: the FIDE Dutch system (C.04.3, with C.04.7 when
the record's acceleration is Baku), the FIDE Burstein system (C.04.4.2) and the casual
best-effort Swiss (not FIDE).

All pair under the section's prohibited groups and bye exclusions. The groups are stored
with the round (``explanation["groups"]``), so a round keeps the groups it was paired with
whatever happens to them later. Soft groups relaxed from the bottom rank the field by the
standings entering the round: points, then the section's tie-breaks (C.07), the initial
ranking in round 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from chesscore.pairing import BracketNote
from chesscore.pairing import PairingOptions
from chesscore.pairing import PairingResult
from chesscore.pairing.burstein import pair_burstein
from chesscore.pairing.burstein import seeding_rounds
from chesscore.pairing.casual import pair_casual
from chesscore.pairing.constraints import ConstrainedPairing
from chesscore.pairing.constraints import Group
from chesscore.pairing.constraints import GroupKind
from chesscore.pairing.constraints import pair_constrained
from chesscore.planners.values import PairingInput
from chesscore.planners.values import Plan
from chesscore.planners.values import PlannedBoard
from chesscore.record import model as rec
from chesscore.record.codec import encode
from chesscore.record.scores import score_text
from chesscore.tiebreaks import InvalidTieBreakCode
from chesscore.tiebreaks import standings

__all__ = [
    "PlanningError",
    "burstein_plan",
    "casual_plan",
    "dutch_plan",
    "requested_byes",
    "standings_entering",
]

KIND_TEXT = {
    GroupKind.STRICT: "strict",
    GroupKind.SOFT_FROM_BOTTOM: "soft, relaxed from the bottom",
    GroupKind.SOFT_LOWEST: "soft, lowest priority",
}

REQUESTED_BYES = (
    rec.ResultCode.HALF_POINT_BYE,
    rec.ResultCode.FULL_POINT_BYE,
    rec.ResultCode.ZERO_POINT_BYE,
)


class PlanningError(Exception):
    """The section's settings cannot pair the round; ``field`` names the setting."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def dutch_plan(pairing_input: PairingInput) -> Plan:
    """Round ``pairing_input.number`` by the FIDE Dutch system (C.04.3; C.04.7 when the
    record's acceleration is Baku), under the section's prohibited groups and
    bye exclusions (:func:`chesscore.pairing.constraints.pair_constrained`).

    Raises `NoLegalPairing` (or its `ConstraintConflict`) when the round cannot be paired,
    `PlanningError` when a tie-break the soft groups rank by cannot be applied.
    """
    record, number, groups = pairing_input.record, pairing_input.number, pairing_input.groups
    ranking: tuple[int, ...] = ()
    if any(g.kind is GroupKind.SOFT_FROM_BOTTOM for g in groups):
        ranking = standings_entering(record, number)
    options = PairingOptions(round_to_pair=number)
    pairing = pair_constrained(record, options=options, groups=groups, ranking=ranking)
    stored, group_deviations = _groups_stored(groups, pairing, ranking)
    deviations = (*_deviations(record), *group_deviations)
    return _plan(record, number, "dutch", pairing.result, stored, deviations)


def burstein_plan(pairing_input: PairingInput) -> Plan:
    """Round ``pairing_input.number`` by the FIDE Burstein system (C.04.4.2; C.04.7 when the
    record's acceleration is Baku), under the section's strict prohibited groups
    (absolute, like C1) and bye exclusions (:func:`chesscore.pairing.burstein.pair_burstein`).

    Soft groups are refused: the Burstein rules have no criterion below C8 to relax them by,
    and relaxing them from the bottom of the standings would change which bracket the
    players are paired in.  Raises `PlanningError` naming the soft groups, `NoLegalPairing`
    when the round cannot be paired.
    """
    record, number, groups = pairing_input.record, pairing_input.number, pairing_input.groups
    soft = [g for g in groups if g.kind is not GroupKind.STRICT]
    if soft:
        names = ", ".join(f"{g.name} ({KIND_TEXT[g.kind]})" for g in soft)
        raise PlanningError(
            "The Burstein system keeps strict prohibited groups only; soft groups cannot "
            f"apply: {names}. Make them strict or remove them.",
            field="groups",
        )
    options = PairingOptions(round_to_pair=number, forbidden_pairs=tuple(g.members for g in groups))
    result = pair_burstein(record, options=options)
    stored, _ = _groups_stored(groups, ConstrainedPairing(result=result), ())
    planned = record.planned_rounds or pairing_input.planned_rounds
    seeding = seeding_rounds(planned) if planned is not None else 0
    stored["seeding_round"] = number <= seeding
    stored["method"] = _burstein_method(number, seeding)
    return _plan(record, number, "burstein", result, stored, _deviations(record))


def _burstein_method(number: int, seeding: int) -> str:
    """How a Burstein round is paired, in words for the draft's page: a seeding round by the
    Dutch system (C.04.4.2 1.6), a later one by the Index (1.8), whose values the brackets'
    reasons list.

    >>> _burstein_method(3, 3)
    'Seeding round 3 of 3 (C.04.4.2 1.6): paired by the FIDE Dutch system (C.04.3).'
    """
    if number <= seeding:
        return (
            f"Seeding round {number} of {seeding} (C.04.4.2 1.6): "
            "paired by the FIDE Dutch system (C.04.3)."
        )
    return (
        "Paired by the Index (C.04.4.2 1.8): players ranked by Buchholz, then "
        "Sonneborn-Berger, on current scores; each bracket below lists their values."
    )


def casual_plan(pairing_input: PairingInput) -> Plan:
    """Round ``pairing_input.number`` by the casual Swiss of unrated events (not FIDE;
    :mod:`chesscore.pairing.casual`), which keeps every prohibited group and the file's
    forbidden pairings apart as best it can: its own rules, not FIDE's."""
    record, number, groups = pairing_input.record, pairing_input.number, pairing_input.groups
    keep_apart = tuple(f.ranks for f in record.forbidden_pairings if f.applies_to(number))
    keep_apart += tuple(g.members for g in groups)
    exclusions = tuple(sorted(set(record.pab_exclusions)))
    plain = replace(record, forbidden_pairings=(), pab_exclusions=())
    options = PairingOptions(
        round_to_pair=number, forbidden_pairs=keep_apart, pab_exclusions=exclusions
    )
    result = pair_casual(plain, options)
    stored, group_deviations = _groups_stored(groups, ConstrainedPairing(result=result), ())
    deviations = (
        "Casual Swiss: best effort, not a FIDE system.",
        *_deviations(record),
        *group_deviations,
    )
    return _plan(record, number, "casual", result, stored, deviations)


def _plan(
    record: rec.Record,
    number: int,
    system: str,
    result: PairingResult,
    stored: dict[str, Any],
    deviations: tuple[str, ...],
) -> Plan:
    boards = tuple(
        PlannedBoard(b.white, b.black, _board_explanation(b.white, b.black, result))
        for b in result.boards
    )
    byes = list(requested_byes(record, number))
    if result.bye is not None:
        byes.append((result.bye, rec.ResultCode.PAIRING_ALLOCATED_BYE))
    explanation = {
        "system": system,
        "brackets": [
            _note_json(note, result.reasons[i] if i < len(result.reasons) else ())
            for i, note in enumerate(result.explanation)
        ],
        "bye": result.bye,
        "deviations": list(deviations),
        **stored,
    }
    return Plan(boards=boards, byes=tuple(byes), explanation=explanation, deviations=deviations)


def _groups_stored(
    groups: Sequence[Group], pairing: ConstrainedPairing, ranking: Sequence[int]
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """What to store about the groups with the round, and the deviations from pure FIDE
    pairing they brought."""
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
    return stored, tuple(deviations)


def standings_entering(record: rec.Record, number: int) -> tuple[int, ...]:
    """Starting ranks in the order of the standings after round ``number - 1`` (C.07, the
    record's tie-break list); the initial ranking before round 1."""
    if number <= 1:
        return tuple(sorted(record.ranks))
    try:
        table = standings(
            record.up_to_round(number - 1), list(record.tiebreaks), after_round=number - 1
        )
    except InvalidTieBreakCode as exc:
        raise PlanningError(
            f"Tie-break {exc.code} cannot be applied: {exc.reason}", field="tiebreaks"
        ) from exc
    order = [row.number for row in table.rows]
    return (*order, *sorted(set(record.ranks) - set(order)))


def _deviations(record: rec.Record) -> tuple[str, ...]:
    """What the organiser asked for that the FIDE rules do not know: the bye exclusions.

    Forbidden pairings (the file's, the strict groups') are not among them: they are an
    absolute criterion the FIDE systems allow (TRF26 260, ``XXP``).
    """
    if not record.pab_exclusions:
        return ()
    excluded = ", ".join(map(str, sorted(record.pab_exclusions)))
    return (f"Kept from the pairing-allocated bye: {excluded}.",)


def requested_byes(record: rec.Record, number: int) -> list[tuple[int, rec.ResultCode]]:
    """Byes asked for in round `number`, by starting rank: in the round's column, or a
    TRF26 240 line (C.04.2 3.3)."""
    byes: dict[int, rec.ResultCode] = {}
    for player in record.players:
        entry = player.entry(number)
        if entry.opponent is None and entry.result in REQUESTED_BYES:
            byes[player.rank] = entry.result
    for assignment in record.bye_assignments:
        if assignment.round == number and assignment.kind in REQUESTED_BYES:
            for rank in assignment.ranks:
                byes.setdefault(rank, assignment.kind)
    return sorted(byes.items())


def _note_json(note: BracketNote, reasons: Sequence[str] = ()) -> dict[str, Any]:
    return {
        "score": encode(Fraction(note.score, 10)),
        "residents": list(note.residents),
        "moved_down": list(note.moved_down),
        "pairs": [list(pair) for pair in note.pairs],
        "floated_down": list(note.floated_down),
        "exchanges": note.exchanges,
        "reasons": list(reasons),
    }


def _board_explanation(white: int, black: int, result: PairingResult) -> str:
    """One sentence per board: the score bracket that paired it, and who floated into it."""
    for note in result.explanation:
        if (white, black) in note.pairs or (black, white) in note.pairs:
            score = Fraction(note.score, 10)
            unit = "point" if score in (Fraction(1, 2), 1) else "points"
            text = f"Paired in the bracket of {score_text(score)} {unit}"
            floaters = [r for r in (white, black) if r in note.moved_down]
            if floaters:
                names = " and ".join(str(r) for r in floaters)
                text += f"; {names} moved down from a higher bracket"
            if note.exchanges:
                text += f"; {note.exchanges} exchange(s) in the bracket"
            return text + "."
    return ""
