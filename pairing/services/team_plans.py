"""From a team section to a round of team matches ready to store.

The team Swiss goes through `pair_team_round` (C.04.6), team round robins through the Berger
tables (C.05 Annex 1) with the teams numbered by their pairing numbers. Every match comes
with both line-ups: the roster in board order without the players who cannot play the round
(`teams.selectors.is_available`), cut to the section's boards. Captains and arbiters may
change them until a board has a result (`teams.services.lineup_set`); the games of the
boards follow.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from importlib import metadata
from typing import Any

from common.exceptions import ValidationError
from pairing.engine.team import (
    TeamBracketNote,
    TeamPairingOptions,
    TeamPairingResult,
    pair_team_round,
)
from pairing.engine.team_round_robin import team_berger_round, team_berger_rounds
from pairing.models import PairingRun
from pairing.services.plans import Board, Plan
from teams.models import MatchForfeit, TeamMember
from teams.selectors import is_available, team_groups_get, team_record_get
from teams.services import PairedMatch, team_round_store
from tournaments.models import ConstraintKind, GameResult, PairingSystem, Round, Section
from tournaments.record import model as rec

TEAM_SYSTEMS = {
    PairingSystem.TEAM_SWISS: "team_swiss",
    PairingSystem.TEAM_ROUND_ROBIN: "team_round_robin",
    PairingSystem.TEAM_DOUBLE_ROUND_ROBIN: "team_double_round_robin",
}
TEAM_ROUND_ROBINS = {
    PairingSystem.TEAM_ROUND_ROBIN: False,
    PairingSystem.TEAM_DOUBLE_ROUND_ROBIN: True,
}


@dataclass(frozen=True, slots=True)
class TeamPlan(Plan):
    """A team round ready to store: the matches with their line-ups and the PAB team.

    `boards` (inherited) lists the games the line-ups make, for the run's record; the
    games themselves are made when the matches are stored (`team_plan_store`).
    """

    matches: tuple[PairedMatch, ...] = ()
    pab: int | None = None


def team_plan_round(run: PairingRun) -> TeamPlan:
    """The plan of the run's round for a team section, by the section's system.

    Raises `ValidationError` when the section has no number of boards (field
    ``boards_per_match``), fewer than two teams (``teams``) or, for a round robin, no such
    round (``number``); `NoLegalPairing` comes from the engine as it is.
    """
    section = run.section
    number = run.round_number
    boards = section.boards_per_match or 0
    if boards < 1:
        raise ValidationError(
            f"{section.name} needs a number of boards per match before pairing.",
            field="boards_per_match",
        )
    if section.teams.count() < 2:
        raise ValidationError("A team section needs at least two teams.", field="teams")
    record = team_record_get(section=section)
    withdrawn = set(
        section.teams.filter(withdrawn_from_round__lte=number).values_list(
            "starting_rank", flat=True
        )
    )
    if section.system in TEAM_ROUND_ROBINS:
        double = TEAM_ROUND_ROBINS[section.system]
        pairs, pab, explanation, deviations = _berger(record, number, double=double)
    else:
        pairs, pab, explanation, deviations = _swiss(record, number, section, withdrawn)
    lineups = _default_lineups(section, number, boards)
    matches = tuple(
        PairedMatch(
            white,
            black,
            () if white in withdrawn else lineups.get(white, ()),
            () if black in withdrawn else lineups.get(black, ()),
            _withdrawal_forfeit(white in withdrawn, black in withdrawn),
        )
        for white, black in pairs
    )
    if withdrawn:
        explanation["withdrawn"] = sorted(withdrawn)
    return TeamPlan(
        boards=_games(matches, boards),
        byes=(),
        explanation=explanation,
        engine_version=_engine_version(TEAM_SYSTEMS[PairingSystem(section.system)]),
        deviations=deviations,
        matches=matches,
        pab=pab,
    )


def team_plan_store(rnd: Round, plan: TeamPlan) -> None:
    """Store the plan's matches, line-ups, games and PAB in `rnd` (the caller's transaction,
    holding the section's lock)."""
    team_round_store(round=rnd, matches=plan.matches, pab=plan.pab)


Pairs = tuple[tuple[int, int], ...]


def _swiss(
    record: rec.Record, number: int, section: Section, withdrawn: set[int]
) -> tuple[Pairs, int | None, dict[str, Any], tuple[str, ...]]:
    """C.04.6 through `pair_team_round`, with the section's planned rounds; withdrawn
    teams are not paired."""
    lowest = team_groups_get(section=section, kind=ConstraintKind.SOFT_LOWEST)
    options = TeamPairingOptions(
        round_to_pair=number,
        planned_rounds=section.planned_rounds,
        lowest_priority_groups=tuple(numbers for _name, numbers in lowest),
        absent=tuple(sorted(withdrawn)),
    )
    result = pair_team_round(record, options)
    deviations = _deviations(record, number)
    groups: dict[str, Any] = {}
    if lowest:
        names = ", ".join(name for name, _numbers in lowest)
        deviations = (*deviations, f"Soft prohibited groups: {names} (soft, lowest priority).")
        # Stored with the round, so that the TRF export writes them (RKG ... L, teams).
        groups["groups"] = [
            {"name": name, "kind": ConstraintKind.SOFT_LOWEST.value, "members": list(numbers)}
            for name, numbers in lowest
        ]
    explanation = {
        "system": "team_swiss",
        "rules": record.event.system,
        "brackets": [_note_json(note) for note in result.explanation],
        "bye": result.bye,
        "bye_reason": result.bye_reason,
        "colours": _colour_articles(result),
        "deviations": list(deviations),
        **groups,
    }
    pairs = tuple((m.white, m.black) for m in result.matches)
    return pairs, result.bye, explanation, deviations


def _berger(
    record: rec.Record, number: int, *, double: bool
) -> tuple[Pairs, int | None, dict[str, Any], tuple[str, ...]]:
    """Round `number` of the (double) team Berger table, the teams in pairing-number
    order; the team meeting the free number sits the round out, with no match and no
    points. The second cycle of a double round robin reverses the colours."""
    numbers = sorted(t.number for t in record.teams)
    total = team_berger_rounds(len(numbers), double=double)
    if number > total:
        raise ValidationError(
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
    return pairs, None, explanation, ()


def _default_lineups(
    section: Section, number: int, boards: int
) -> dict[int, tuple[int | None, ...]]:
    """Every team's default line-up for round `number`, by team number (one query)."""
    members = (
        TeamMember.objects.filter(team__section=section)
        .select_related("player", "team")
        .order_by("team__starting_rank", "board_order")
    )
    available: dict[int, list[int]] = defaultdict(list)
    for member in members:
        if is_available(member.player, number):
            available[member.team.starting_rank].append(member.player.starting_rank)
    lineups = {}
    for team in section.teams.values_list("starting_rank", flat=True):
        chosen: list[int | None] = list(available[team][:boards])
        lineups[team] = tuple(chosen + [None] * (boards - len(chosen)))
    return lineups


def _withdrawal_forfeit(white_out: bool, black_out: bool) -> str:
    """A round-robin match of a withdrawn team is lost by that team as a whole (330)."""
    if white_out and black_out:
        return MatchForfeit.DOUBLE
    if white_out:
        return MatchForfeit.BLACK_WINS
    if black_out:
        return MatchForfeit.WHITE_WINS
    return MatchForfeit.NONE


def _games(matches: tuple[PairedMatch, ...], boards: int) -> tuple[Board, ...]:
    """The games the line-ups make: the white team has White on the odd boards (C.04.6 4);
    a board with an empty side has none, nor has a forfeited match."""
    games = []
    for index, m in enumerate(matches, start=1):
        if m.forfeit:
            continue
        for board in range(boards):
            ours = m.white_boards[board] if board < len(m.white_boards) else None
            theirs = m.black_boards[board] if board < len(m.black_boards) else None
            if ours is None or theirs is None:
                continue
            white, black = (ours, theirs) if board % 2 == 0 else (theirs, ours)
            games.append(
                Board(white, black, GameResult.PENDING, f"Match {index}, board {board + 1}.")
            )
    return tuple(games)


def _deviations(record: rec.Record, number: int) -> tuple[str, ...]:
    """Forbidden pairings of teams: the organiser's, not the FIDE rules'."""
    present = {t.number for t in record.teams}
    found = []
    for rule in record.forbidden_pairings:
        teams = [t for t in rule.ranks if t in present]
        if rule.applies_to(number) and len(teams) >= 2:
            found.append("Forbidden pairings among teams " + ", ".join(map(str, teams)) + ".")
    return tuple(found)


def _score_text(score: Fraction) -> str:
    return str(score.numerator) if score.denominator == 1 else str(score)


def _note_json(note: TeamBracketNote) -> dict[str, Any]:
    return {
        "score": _score_text(note.score),
        "residents": list(note.residents),
        "moved_down": list(note.upfloaters),
        "pairs": [list(pair) for pair in note.pairs],
        "floated_down": [],
        "exchanges": 0,
        "reasons": list(note.reasons),
    }


def _colour_articles(result: TeamPairingResult) -> list[str]:
    return [f"{m.white}-{m.black}: {m.article}" for m in result.matches if m.article]


def _engine_version(system: str) -> str:
    try:
        version = metadata.version("rookery")
    except metadata.PackageNotFoundError:
        version = "dev"
    return f"rookery {version} {system}"[:40]
