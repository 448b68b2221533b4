"""Planners of the round robins of individual players: the Berger tables (C.05 Annex 1),
single and double, the players numbered by starting rank."""

from __future__ import annotations

from chesscore.pairing.round_robin import berger_round
from chesscore.pairing.round_robin import berger_rounds
from chesscore.planners.swiss import PlanningError
from chesscore.planners.swiss import requested_byes
from chesscore.planners.values import PairingInput
from chesscore.planners.values import Plan
from chesscore.planners.values import PlannedBoard
from chesscore.record import model as rec

__all__ = ["double_round_robin_plan", "round_robin_plan"]


def round_robin_plan(pairing_input: PairingInput) -> Plan:
    """The round of the Berger table (C.05 Annex 1)."""
    return _berger_plan(pairing_input, double=False)


def double_round_robin_plan(pairing_input: PairingInput) -> Plan:
    """The round of the double Berger table: the second cycle reverses the colours."""
    return _berger_plan(pairing_input, double=True)


def _berger_plan(pairing_input: PairingInput, *, double: bool) -> Plan:
    """A player who has withdrawn or asked to miss the round keeps their place in the table
    and loses that game by forfeit; the free player of an odd field has no game and no
    points (a zero-point bye).

    Raises `PlanningError` for fewer than two players (field ``players``) or a round beyond
    the table (``number``).
    """
    record, number = pairing_input.record, pairing_input.number
    ranks = sorted(record.ranks)
    if len(ranks) < 2:
        raise PlanningError("A round robin needs at least two players.", field="players")
    total = berger_rounds(len(ranks), double=double)
    if number > total:
        raise PlanningError(
            f"A round robin of {len(ranks)} players has {total} rounds.", field="number"
        )
    berger = berger_round(len(ranks), number, double=double)
    out = set(record.absent_next_round) | {r for r, _kind in requested_byes(record, number)}
    boards = []
    for white_number, black_number in berger.boards:
        white, black = ranks[white_number - 1], ranks[black_number - 1]
        decided, text = _berger_result(white in out, black in out)
        boards.append(PlannedBoard(white, black, text, decided))
    byes = []
    if berger.free is not None:
        byes.append((ranks[berger.free - 1], rec.ResultCode.ZERO_POINT_BYE))
    system = "double_round_robin" if double else "round_robin"
    explanation = {"system": system, "berger_round": berger.number, "players": len(ranks)}
    return Plan(boards=tuple(boards), byes=tuple(byes), explanation=explanation)


def _berger_result(white_out: bool, black_out: bool) -> tuple[rec.MatchForfeit | None, str]:
    if white_out and black_out:
        return rec.MatchForfeit.DOUBLE, "Both players are absent: double forfeit."
    if white_out:
        return rec.MatchForfeit.BLACK_WINS, "White is absent: Black wins by forfeit."
    if black_out:
        return rec.MatchForfeit.WHITE_WINS, "Black is absent: White wins by forfeit."
    return None, "Berger table."
