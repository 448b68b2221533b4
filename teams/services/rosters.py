"""Teams and their rosters, and the section's number of boards per match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from chesscore.record.people import PlayerDetails
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.people import user_by_username
from common.types import AnyUser
from common.types import User
from teams.models import Team
from teams.models import TeamMember
from teams.services.base import section_touch
from teams.services.base import team_section_lock_for_manager
from tournaments.models import MAX_BOARDS_PER_MATCH
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import Section
from tournaments.selectors.rounds import section_next_round
from tournaments.services import log_write
from tournaments.services import player_create
from tournaments.services.changes import player_label
from tournaments.validators import detail_value


@transaction.atomic
def team_create(
    *, section: Section, user: AnyUser, name: str, short_name: str = "", federation: str = ""
) -> Team:
    """Add a team to a team section, numbered after the last one. Locks the section."""
    section = team_section_lock_for_manager(section_id=section.pk, user=user)
    name = name.strip()
    if not name or len(name) > 100:
        raise ValidationError("A team needs a name of 1 to 100 characters.", field="name")
    if section.teams.filter(name=name).exists():
        raise ValidationError(f"There is already a team called {name}.", field="name")
    last = section.teams.aggregate(last=Max("starting_rank"))["last"] or 0
    team = Team.objects.create(
        section=section,
        name=name,
        short_name=short_name.strip()[:20],
        federation=detail_value("federation", federation),
        starting_rank=last + 1,
    )
    section_touch(section)
    log_write(
        section, user, LogAction.TEAM_SAVE, f"Team {team.name} entered as No. {team.starting_rank}."
    )
    return team


@transaction.atomic
def team_member_add(
    *, team: Team, player: Player, user: AnyUser, board_order: int | None = None
) -> TeamMember:
    """Put `player` on `team`'s roster at `board_order` (default: after the last member).

    The player must be entered in the team's section and be on no other team. Locks the
    section.
    """
    section = team_section_lock_for_manager(section_id=team.section_id, user=user)
    if player.section_id != section.pk:
        raise ValidationError(f"{player.full_name} is not in {section.name}.", field="player")
    if TeamMember.objects.filter(player=player).exists():
        raise ValidationError(f"{player.full_name} is already on a team.", field="player")
    if board_order is None:
        board_order = (team.members.aggregate(last=Max("board_order"))["last"] or 0) + 1
    if board_order < 1:
        raise ValidationError("Board order starts at 1.", field="board_order")
    if team.members.filter(board_order=board_order).exists():
        raise ValidationError(
            f"Board order {board_order} of {team.name} is taken.", field="board_order"
        )
    member = TeamMember.objects.create(team=team, player=player, board_order=board_order)
    section_touch(section)
    log_write(
        section,
        user,
        LogAction.TEAM_SAVE,
        f"{player_label(player)} joins {team.name} at board order {board_order}.",
        players=[player],
    )
    return member


MAX_BOARDS = MAX_BOARDS_PER_MATCH


@transaction.atomic
def team_section_boards_set(*, section: Section, user: AnyUser, boards: int) -> Section:
    """Set the number of boards of every match of a team section (C.04.6 1.1).

    Fixed once round 1 is paired: the line-ups and games of the rounds depend on it
    (`StateError`). Raises `ValidationError` (field ``boards_per_match``) outside 1 to
    `MAX_BOARDS`. Locks the section.
    """
    section = team_section_lock_for_manager(section_id=section.pk, user=user)
    if not 1 <= boards <= MAX_BOARDS:
        raise ValidationError(
            f"A match has 1 to {MAX_BOARDS} boards, not {boards}.", field="boards_per_match"
        )
    if boards == section.boards_per_match:
        return section
    if section_next_round(section=section) > 1:
        raise StateError(
            "The number of boards is fixed once round 1 is paired.",
            code="section_state",
            field="boards_per_match",
        )
    log_write(
        section,
        user,
        LogAction.SECTION_UPDATE,
        f"Matches of {section.name} are played on {boards} boards.",
        changes={"boards_per_match": [section.boards_per_match, boards]},
    )
    section.boards_per_match = boards
    section.save(update_fields=["boards_per_match", "updated_at"])
    return section


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """A player to enter with a new team."""

    last_name: str
    first_name: str = ""
    fide_rating: int | None = None


@transaction.atomic
def team_enter(
    *,
    section: Section,
    user: AnyUser,
    name: str,
    short_name: str = "",
    federation: str = "",
    players: Sequence[RosterEntry] = (),
) -> Team:
    """Add a team with its roster: each player is entered in the section (next starting
    rank) and put on the team in the order given, board 1 first. All or nothing. Locks
    the section."""
    team = team_create(
        section=section, user=user, name=name, short_name=short_name, federation=federation
    )
    team_roster_extend(team=team, user=user, players=players)
    return team


@transaction.atomic
def team_roster_extend(
    *, team: Team, user: AnyUser, players: Sequence[RosterEntry]
) -> list[Player]:
    """Enter `players` in the team's section and add them to its roster after the last
    board, in the order given. All or nothing; locks the section. Once rounds are paired
    they join at the next round (`player_create`, which logs each entry); the log says
    which boards of the roster they take."""
    section = team_section_lock_for_manager(section_id=team.section_id, user=user)
    last = team.members.aggregate(last=Max("board_order"))["last"] or 0
    entered = []
    for board, entry in enumerate(players, start=last + 1):
        player = player_create(
            section=team.section,
            user=user,
            details=PlayerDetails(
                last_name=entry.last_name,
                first_name=entry.first_name,
                federation=team.federation,
                fide_rating=entry.fide_rating,
            ),
        )
        TeamMember.objects.create(team=team, player=player, board_order=board)
        entered.append(player)
    if entered:
        names = ", ".join(player_label(p) for p in entered)
        log_write(
            section,
            user,
            LogAction.TEAM_SAVE,
            f"{team.name}'s roster from board order {last + 1}: {names}.",
            players=entered,
        )
    return entered


@transaction.atomic
def team_withdraw(*, team: Team, user: AnyUser, from_round: int) -> Team:
    """Withdraw ``team`` from round ``from_round`` on, a round not paired yet.

    A team Swiss pairs the other teams without it; a team round robin keeps its place in
    the table and its matches are lost by forfeit (330). Another unpaired round moves the
    withdrawal; the same round again changes nothing (and logs nothing). Locks the section.
    """
    section = team_section_lock_for_manager(section_id=team.section_id, user=user)
    team = Team.objects.get(pk=team.pk, section=section)
    next_round = section_next_round(section=section)
    if from_round < next_round:
        raise StateError(
            f"Round {from_round} is paired already: forfeit the match instead.",
            field="from_round",
        )
    if from_round > section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="from_round"
        )
    previous = team.withdrawn_from_round
    if previous == from_round:
        return team
    team.withdrawn_from_round = from_round
    team.save(update_fields=["withdrawn_from_round", "updated_at"])
    section_touch(section)
    text = f"{team.name} withdrawn from round {from_round} on."
    if previous is not None:
        text = f"Withdrawal of {team.name} moved from round {previous} to round {from_round}."
    log_write(
        section,
        user,
        LogAction.TEAM_WITHDRAW,
        text,
        round_number=from_round,
        changes={"withdrawn_from_round": [previous, from_round]},
    )
    return team


@transaction.atomic
def team_reinstate(*, team: Team, user: AnyUser) -> Team:
    """Undo a withdrawal whose first round is not paired yet. Locks the section."""
    section = team_section_lock_for_manager(section_id=team.section_id, user=user)
    team = Team.objects.get(pk=team.pk, section=section)
    if team.withdrawn_from_round is None:
        return team
    if team.withdrawn_from_round < section_next_round(section=section):
        raise StateError(
            f"Round {team.withdrawn_from_round} was paired without {team.name}.",
            field="from_round",
        )
    previous = team.withdrawn_from_round
    team.withdrawn_from_round = None
    team.save(update_fields=["withdrawn_from_round", "updated_at"])
    section_touch(section)
    log_write(
        section,
        user,
        LogAction.TEAM_REINSTATE,
        f"{team.name} plays again from round {previous}.",
        round_number=previous,
        changes={"withdrawn_from_round": [previous, None]},
    )
    return team


@transaction.atomic
def team_captain_set(*, team: Team, user: AnyUser, username: str) -> Team:
    """Make the user called `username` the captain of `team` (``""``: no captain).

    A captain may enter the team's line-ups (`lineup_set`) without running the event; one
    user may captain several teams. Locks the section.
    """
    section = team_section_lock_for_manager(section_id=team.section_id, user=user)
    team = Team.objects.get(pk=team.pk, section=section)
    username = username.strip()
    captain = None
    if username:
        captain = user_by_username(username)
        if captain is None:
            raise ValidationError(f"No user is called “{username}”.", field="captain")
    previous = team.captain
    if (previous.pk if previous else None) == (captain.pk if captain else None):
        return team
    changes = do_team_captain_change(team, captain)
    log_write(
        section,
        user,
        LogAction.TEAM_SAVE,
        (
            f"{captain.get_username()} captains {team.name}."
            if captain is not None
            else f"{team.name} has no captain any more."
        ),
        changes=changes,
    )
    return team


def do_team_captain_change(team: Team, captain: User | None) -> dict[str, list[str | None]]:
    """Make `captain` the captain of `team` (locked by the caller, who decided who may);
    the change as the log keeps it, by username."""
    previous = team.captain
    team.captain = captain
    team.save(update_fields=["captain", "updated_at"])
    return {
        "captain": [
            previous.get_username() if previous else None,
            captain.get_username() if captain else None,
        ]
    }
