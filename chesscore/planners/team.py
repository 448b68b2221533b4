"""Planners of the team sections: the FIDE team Swiss (C.04.6) and the team round robins
(Berger tables, C.05 Annex 1, the teams numbered by their pairing numbers).

Every match comes with both line-ups: the default line-ups of the input (the roster in
board order without the players who cannot play the round, cut to the section's boards).
Captains and arbiters may change them until a board has a result; the games of the boards
follow (`teams.services.lineup_set`).
"""

from __future__ import annotations

from typing import Any

from chesscore.pairing.team import TeamBracketNote
from chesscore.pairing.team import TeamPairingOptions
from chesscore.pairing.team import TeamPairingResult
from chesscore.pairing.team import pair_team_round
from chesscore.pairing.team_round_robin import team_berger_round
from chesscore.pairing.team_round_robin import team_berger_rounds
from chesscore.planners.swiss import PlanningError
from chesscore.planners.values import PairingInput
from chesscore.planners.values import Plan
from chesscore.planners.values import PlannedBoard
from chesscore.planners.values import PlannedMatch
from chesscore.planners.values import TeamInput
from chesscore.record import model as rec
from chesscore.record.codec import encode
from chesscore.record.system_codes import code_for

__all__ = ["team_double_round_robin_plan", "team_round_robin_plan", "team_swiss_plan"]

Pairs = tuple[tuple[int, int], ...]


def team_swiss_plan(pairing_input: PairingInput) -> Plan:
    """Round ``pairing_input.number`` by the FIDE team Swiss (C.04.6) through
    `pair_team_round`, with the section's planned rounds; withdrawn teams are not paired.
    The lowest-priority groups of teams enter below C10."""
    team = _team_input(pairing_input)
    record, number = pairing_input.record, pairing_input.number
    lowest = team.lowest_priority_groups
    options = TeamPairingOptions(
        round_to_pair=number,
        planned_rounds=pairing_input.planned_rounds,
        lowest_priority_groups=tuple(numbers for _name, numbers in lowest),
        absent=team.withdrawn,
    )
    result = pair_team_round(record, options)
    # Forbidden pairings of teams are no deviation: the FIDE systems allow them (TRF26 260).
    deviations: tuple[str, ...] = ()
    groups: dict[str, Any] = {}
    if lowest:
        names = ", ".join(name for name, _numbers in lowest)
        deviations = (*deviations, f"Soft prohibited groups: {names} (soft, lowest priority).")
        # Stored with the round, so that the TRF export writes them (RKG ... L, teams).
        groups["groups"] = [
            {"name": name, "kind": "soft_lowest", "members": list(numbers)}
            for name, numbers in lowest
        ]
    explanation = {
        "system": "team_swiss",
        # The rules paired by, named as FIDE's table of 192 codes names them.
        "rules": code_for("team_swiss", record.team_rules),
        "brackets": [_note_json(note) for note in result.explanation],
        "bye": result.bye,
        "bye_reason": result.bye_reason,
        "colours": _colour_articles(result),
        "deviations": list(deviations),
        **groups,
    }
    pairs = tuple((m.white, m.black) for m in result.matches)
    return _team_plan(team, pairs, result.bye, explanation, deviations)


def team_round_robin_plan(pairing_input: PairingInput) -> Plan:
    """The round of the team Berger table (C.05 Annex 1)."""
    return _berger_plan(pairing_input, double=False)


def team_double_round_robin_plan(pairing_input: PairingInput) -> Plan:
    """The round of the double team Berger table: the second cycle reverses the colours."""
    return _berger_plan(pairing_input, double=True)


def _team_input(pairing_input: PairingInput) -> TeamInput:
    """The team part of the input; `PlanningError` when the section cannot pair teams yet."""
    team = pairing_input.team
    if team is None or team.boards_per_match < 1:
        raise PlanningError(
            "The section needs a number of boards per match before pairing.",
            field="boards_per_match",
        )
    if len(pairing_input.record.teams) < 2:
        raise PlanningError("A team section needs at least two teams.", field="teams")
    return team


def _berger_plan(pairing_input: PairingInput, *, double: bool) -> Plan:
    """Round ``number`` of the (double) team Berger table, the teams in pairing-number
    order; the team meeting the free number sits the round out, with no match and no
    points. A withdrawn team keeps its place and loses its matches by forfeit (330)."""
    team = _team_input(pairing_input)
    record, number = pairing_input.record, pairing_input.number
    numbers = sorted(t.number for t in record.teams)
    total = team_berger_rounds(len(numbers), double=double)
    if number > total:
        raise PlanningError(
            f"A round robin of {len(numbers)} teams has {total} rounds.", field="number"
        )
    table = team_berger_round(len(numbers), number, double=double)
    pairs = tuple((numbers[w - 1], numbers[b - 1]) for w, b in table.matches)
    free = numbers[table.free - 1] if table.free is not None else None
    explanation = {
        "system": "team_double_round_robin" if double else "team_round_robin",
        "berger_round": table.number,
        "teams": len(numbers),
        "free": free,
    }
    return _team_plan(team, pairs, None, explanation, ())


def _team_plan(
    team: TeamInput,
    pairs: Pairs,
    pab: int | None,
    explanation: dict[str, Any],
    deviations: tuple[str, ...],
) -> Plan:
    withdrawn = set(team.withdrawn)
    matches = tuple(
        PlannedMatch(
            white,
            black,
            () if white in withdrawn else team.lineups.get(white, ()),
            () if black in withdrawn else team.lineups.get(black, ()),
            _withdrawal_forfeit(white in withdrawn, black in withdrawn),
        )
        for white, black in pairs
    )
    if withdrawn:
        explanation["withdrawn"] = sorted(withdrawn)
    return Plan(
        boards=_games(matches, team.boards_per_match),
        byes=(),
        explanation=explanation,
        deviations=deviations,
        matches=matches,
        team_pab=pab,
    )


def _withdrawal_forfeit(white_out: bool, black_out: bool) -> rec.MatchForfeit | None:
    """A round-robin match of a withdrawn team is lost by that team as a whole (330)."""
    if white_out and black_out:
        return rec.MatchForfeit.DOUBLE
    if white_out:
        return rec.MatchForfeit.BLACK_WINS
    if black_out:
        return rec.MatchForfeit.WHITE_WINS
    return None


def _games(matches: tuple[PlannedMatch, ...], boards: int) -> tuple[PlannedBoard, ...]:
    """The games the line-ups make: the white team has White on the odd boards (C.04.6 4);
    a board with an empty side has none, nor has a forfeited match."""
    games = []
    for index, m in enumerate(matches, start=1):
        if m.decided is not None:
            continue
        for board in range(boards):
            ours = m.white_boards[board] if board < len(m.white_boards) else None
            theirs = m.black_boards[board] if board < len(m.black_boards) else None
            if ours is None or theirs is None:
                continue
            white, black = (ours, theirs) if board % 2 == 0 else (theirs, ours)
            games.append(PlannedBoard(white, black, f"Match {index}, board {board + 1}."))
    return tuple(games)


def _note_json(note: TeamBracketNote) -> dict[str, Any]:
    return {
        "score": encode(note.score),
        "residents": list(note.residents),
        "moved_down": list(note.upfloaters),
        "pairs": [list(pair) for pair in note.pairs],
        "floated_down": [],
        "exchanges": 0,
        "reasons": list(note.reasons),
    }


def _colour_articles(result: TeamPairingResult) -> list[str]:
    return [f"{m.white}-{m.black}: {m.article}" for m in result.matches if m.article]
