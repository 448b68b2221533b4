"""Reads: rosters and rounds of a team section, line-up choices, the scoring used."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from django.db.models import Prefetch
from django.db.models import Q
from django.db.models import QuerySet

from chesscore.record import model as rec
from common.types import AnyUser
from teams.models import Lineup
from teams.models import Team
from teams.models import TeamMatch
from teams.models import TeamMember
from tournaments.extensions import BoardTeams
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import Section
from tournaments.selectors.rounds import MANAGED_ROUND_STATUSES
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES


def team_list(*, section: Section) -> QuerySet[Team]:
    """The section's teams by number with their captains, each with its roster in board
    order (two queries)."""
    members = TeamMember.objects.select_related("player").order_by("board_order")
    return (
        section.teams.order_by("starting_rank")
        .select_related("captain")
        .prefetch_related(Prefetch("members", queryset=members))
    )


def captained_team_ids_get(*, section: Section, user: AnyUser) -> set[int]:
    """Ids of the section's teams `user` captains (none for visitors; one query otherwise)."""
    if not user.is_authenticated:
        return set()
    return set(section.teams.filter(captain_id=user.pk).values_list("pk", flat=True))


def round_numbers_get(*, section: Section) -> list[int]:
    """Numbers of the rounds players see (published or completed), in order."""
    rounds = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).order_by("number")
    return list(rounds.values_list("number", flat=True))


def managed_round_numbers_get(*, section: Section) -> list[int]:
    """Numbers of the rounds organisers see (drafts too), in order."""
    rounds = section.rounds.filter(status__in=MANAGED_ROUND_STATUSES).order_by("number")
    return list(rounds.values_list("number", flat=True))


def team_get(*, section: Section, number: int) -> Team | None:
    return section.teams.filter(starting_rank=number).first()


def match_scoring(section: Section) -> rec.MatchScoring:
    """Match points for a won, drawn and lost match: the section's own, else 2, 1, 0."""
    kept = section.trf_extra.get("match_scoring") or {}
    return rec.MatchScoring(**{key: Fraction(value) for key, value in kept.items()})


def is_available(player: Player, round_number: int) -> bool:
    """True when `player` may play round `round_number`: entered and not withdrawn yet."""
    if player.entry_round > round_number:
        return False
    return player.status != PlayerStatus.WITHDRAWN or (player.withdrawn_from_round or 0) > (
        round_number
    )


def lineup_default(*, team: Team, round_number: int, boards: int) -> list[Player | None]:
    """The roster in board order without players who cannot play the round, cut to `boards`.

    Short rosters leave the last boards empty (None).
    """
    members = team.members.select_related("player").order_by("board_order")
    available = [m.player for m in members if is_available(m.player, round_number)]
    chosen: list[Player | None] = list(available[:boards])
    return chosen + [None] * (boards - len(chosen))


def lineups_default_get(
    *, section: Section, round_number: int, boards: int
) -> dict[int, tuple[int | None, ...]]:
    """Every team's default line-up for round `round_number` by team number, players by
    starting rank (`lineup_default` for all the teams at once; two queries)."""
    members = (
        TeamMember.objects.filter(team__section=section)
        .select_related("player", "team")
        .order_by("team__starting_rank", "board_order")
    )
    available: dict[int, list[int]] = defaultdict(list)
    for member in members:
        if is_available(member.player, round_number):
            available[member.team.starting_rank].append(member.player.starting_rank)
    lineups = {}
    for team in section.teams.order_by("starting_rank").values_list("starting_rank", flat=True):
        chosen: list[int | None] = list(available[team][:boards])
        lineups[team] = tuple(chosen + [None] * (boards - len(chosen)))
    return lineups


def team_match_get(*, section: Section, number: int, match_number: int) -> TeamMatch | None:
    """Match `match_number` of round `number` of `section`, if any."""
    return (
        TeamMatch.objects.filter(round__section=section, round__number=number, number=match_number)
        .select_related("round", "white_team", "black_team")
        .first()
    )


def team_round_match_get(
    *, section: Section, number: int, team: Team | None, drafts: bool = False
) -> TeamMatch | None:
    """The match `team` plays in round `number` of `section`, if any: in a published or
    completed round, or with `drafts` (the event's managers only) in any paired round."""
    if team is None:
        return None
    statuses = MANAGED_ROUND_STATUSES if drafts else VISIBLE_ROUND_STATUSES
    return (
        TeamMatch.objects.filter(
            round__section=section, round__number=number, round__status__in=statuses
        )
        .filter(Q(white_team=team) | Q(black_team=team))
        .select_related("round", "white_team", "black_team")
        .first()
    )


def lineup_choices_get(
    *, match: TeamMatch, team: Team, boards: int
) -> tuple[list[Player], list[Player | None]]:
    """The roster in board order, and the current line-up (else the default one)."""
    roster = [m.player for m in team.members.select_related("player").order_by("board_order")]
    entered = {
        row.board: row.player
        for row in Lineup.objects.filter(match=match, team=team).select_related("player")
    }
    if entered:
        return roster, [entered.get(b) for b in range(1, boards + 1)]
    return roster, lineup_default(team=team, round_number=match.round.number, boards=boards)


def board_label(*, white_team: Team, black_team: Team, board: int) -> str:
    """A board named as players look for it: ``"Team A – Team B, board 1"`` (the match's
    white team first, `board` counted within the match)."""
    return f"{white_team.name} – {black_team.name}, board {board}"


def team_board_teams_get(round: Round) -> dict[int, BoardTeams]:
    """Each board number of `round` with its match, teams and board within the match (one
    query).

    Match m's board b is the round's board (m - 1) × boards + b, as the games are made.
    """
    boards = round.section.boards_per_match or 1
    matches = TeamMatch.objects.filter(round=round).select_related("white_team", "black_team")
    return {
        (match.number - 1) * boards + board: BoardTeams(
            match=match.number,
            first_team=match.white_team.name,
            second_team=match.black_team.name,
            board=board,
        )
        for match in matches
        for board in range(1, boards + 1)
    }
