"""From a section to a round ready to store: the engine chosen by the section's system.

Swiss systems go through `pair_round` (C.04.3, with C.04.7 for Baku); round robins through
the Berger tables (C.05 Annex 1). Every plan carries its explanation: per board, and per
bracket on the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import metadata
from typing import Any

from common.exceptions import ValidationError
from pairing.engine import BracketNote, PairingResult
from pairing.engine.round_robin import berger_round, berger_rounds
from pairing.models import PairingRun
from pairing.selectors import pairing_record_get
from pairing.services.base import SystemNotAvailable
from pairing.services.constraints import swiss_round_pair
from tournaments.models import ByeKind, GameResult, PairingSystem, Section
from tournaments.record import model as rec

SWISS_SYSTEMS = {
    PairingSystem.DUTCH: "dutch",
    PairingSystem.BAKU: "dutch",
    PairingSystem.CASUAL: "casual",
}
ROUND_ROBIN_SYSTEMS = {PairingSystem.ROUND_ROBIN: False, PairingSystem.DOUBLE_ROUND_ROBIN: True}
REQUESTED_BYES = {
    rec.ResultCode.HALF_POINT_BYE: ByeKind.HALF_POINT,
    rec.ResultCode.FULL_POINT_BYE: ByeKind.FULL_POINT,
    rec.ResultCode.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
}


@dataclass(frozen=True, slots=True)
class Board:
    white: int
    black: int
    result: str
    explanation: str


@dataclass(frozen=True, slots=True)
class Plan:
    """A round ready to store: boards by starting rank, byes, and why."""

    boards: tuple[Board, ...]
    byes: tuple[tuple[int, str], ...]
    explanation: dict[str, Any]
    engine_version: str
    deviations: tuple[str, ...] = ()
    """Organiser constraints beyond the FIDE rules that shaped the round."""


def plan_round(run: PairingRun) -> Plan:
    section = run.section
    number = run.round_number
    if section.is_team:
        # Imported here: the team plan builds on this module's `Plan`.
        from pairing.services.team_plans import team_plan_round

        return team_plan_round(run)
    record = pairing_record_get(section=section, number=number)
    if section.system in SWISS_SYSTEMS:
        return _swiss_plan(section, record, number, SWISS_SYSTEMS[section.system])
    if section.system in ROUND_ROBIN_SYSTEMS:
        return _berger_plan(record, number, double=ROUND_ROBIN_SYSTEMS[section.system])
    label = PairingSystem(section.system).label
    raise SystemNotAvailable(f"Pairing by the {label} is not available yet.")


def _swiss_plan(section: Section, record: rec.Record, number: int, system: str) -> Plan:
    """C.04.3 (with C.04.7 when the record names Baku acceleration), or the casual Swiss
    of unrated events (not FIDE), under the section's prohibited groups and bye
    exclusions (`swiss_round_pair`)."""
    pairing, groups, group_deviations = swiss_round_pair(
        section=section, record=record, number=number, system=system
    )
    result = pairing.result
    boards = tuple(
        Board(b.white, b.black, GameResult.PENDING, _board_explanation(b.white, b.black, result))
        for b in result.boards
    )
    byes = list(_requested_byes(record, number))
    if result.bye is not None:
        byes.append((result.bye, ByeKind.PAIRING_ALLOCATED))
    deviations = (*_deviations(record, number), *group_deviations)
    if system == "casual":
        deviations = ("Casual Swiss: best effort, not a FIDE system.", *deviations)
    explanation = {
        "system": system,
        "brackets": [
            _note_json(note, result.reasons[i] if i < len(result.reasons) else ())
            for i, note in enumerate(result.explanation)
        ],
        "bye": result.bye,
        "deviations": list(deviations),
        **groups,
    }
    return Plan(boards, tuple(byes), explanation, _engine_version(system), deviations)


def _deviations(record: rec.Record, number: int) -> tuple[str, ...]:
    """What the organiser asked for that the FIDE rules do not know (DESIGN: "pure FIDE")."""
    present = {p.rank for p in record.players}
    found = []
    for rule in record.forbidden_pairings:
        ranks = [r for r in rule.ranks if r in present]
        if rule.applies_to(number) and len(ranks) >= 2:
            found.append("Forbidden pairings among " + ", ".join(map(str, ranks)) + ".")
    if record.pab_exclusions:
        ranks = ", ".join(map(str, sorted(record.pab_exclusions)))
        found.append(f"Kept from the pairing-allocated bye: {ranks}.")
    return tuple(found)


def _berger_plan(record: rec.Record, number: int, *, double: bool) -> Plan:
    """The round of the Berger table (C.05 Annex 1), players numbered by starting rank.

    A player who has withdrawn or asked to miss the round keeps their place in the table and
    loses that game by forfeit; the free player of an odd field has no game and no points.
    """
    ranks = sorted(record.ranks)
    if len(ranks) < 2:
        raise ValidationError("A round robin needs at least two players.", field="players")
    total = berger_rounds(len(ranks), double=double)
    if number > total:
        raise ValidationError(
            f"A round robin of {len(ranks)} players has {total} rounds.", field="number"
        )
    berger = berger_round(len(ranks), number, double=double)
    out = set(record.absent_next_round) | {r for r, _kind in _requested_byes(record, number)}
    boards = []
    for white_number, black_number in berger.boards:
        white, black = ranks[white_number - 1], ranks[black_number - 1]
        result, text = _berger_result(white in out, black in out)
        boards.append(Board(white, black, result, text))
    byes = []
    if berger.free is not None:
        byes.append((ranks[berger.free - 1], ByeKind.ZERO_POINT))
    system = "double_round_robin" if double else "round_robin"
    explanation = {"system": system, "berger_round": berger.number, "players": len(ranks)}
    return Plan(tuple(boards), tuple(byes), explanation, _engine_version(system))


def _berger_result(white_out: bool, black_out: bool) -> tuple[str, str]:
    if white_out and black_out:
        return GameResult.DOUBLE_FORFEIT, "Both players are absent: double forfeit."
    if white_out:
        return GameResult.BLACK_WINS_FORFEIT, "White is absent: Black wins by forfeit."
    if black_out:
        return GameResult.WHITE_WINS_FORFEIT, "Black is absent: White wins by forfeit."
    return GameResult.PENDING, "Berger table."


def _requested_byes(record: rec.Record, number: int) -> list[tuple[int, str]]:
    """Byes asked for in round `number`: in the round's column, or a TRF26 240 line."""
    byes: dict[int, str] = {}
    for player in record.players:
        entry = player.entry(number)
        if entry.opponent is None and entry.result in REQUESTED_BYES:
            byes[player.rank] = REQUESTED_BYES[entry.result]
    for assignment in record.bye_assignments:
        if assignment.round == number and assignment.kind in REQUESTED_BYES:
            for rank in assignment.ranks:
                byes.setdefault(rank, REQUESTED_BYES[assignment.kind])
    return sorted(byes.items())


def _score_text(tenths: int) -> str:
    return str(Fraction(tenths, 10)) if tenths % 10 else str(tenths // 10)


def _note_json(note: BracketNote, reasons: Sequence[str] = ()) -> dict[str, Any]:
    return {
        "score": _score_text(note.score),
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
            text = f"Paired in the {_score_text(note.score)} bracket"
            floaters = [r for r in (white, black) if r in note.moved_down]
            if floaters:
                names = " and ".join(str(r) for r in floaters)
                text += f"; {names} moved down from a higher bracket"
            if note.exchanges:
                text += f"; {note.exchanges} exchange(s) in the bracket"
            return text + "."
    return ""


def _engine_version(system: str) -> str:
    try:
        version = metadata.version("rookery")
    except metadata.PackageNotFoundError:
        version = "dev"
    return f"rookery {version} {system}"[:40]
