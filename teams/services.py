"""Writes: teams and rosters, team matches, line-ups and forfeited matches.

Every service checks that the user runs the event (`event_is_manager`); a team's captain may
also enter that team's line-up. Results of the boards are the games' results, entered like
any other game; a match result is never stored (`teams.selectors.team_match_result_get`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from common.exceptions import PermissionDenied, StateError, ValidationError
from teams.models import Lineup, MatchForfeit, Team, TeamMatch, TeamMember, TeamSeat
from teams.selectors import is_available, lineup_default
from tournaments.models import Game, Player, Round, RoundStatus, Section
from tournaments.selectors import event_is_manager

User = AbstractBaseUser | AnonymousUser


class NotATeamSection(StateError):
    """Teams, matches and line-ups belong to team sections only."""

    code = "not_team_section"


class LineupStateError(StateError):
    """The boards of the match are already paired, or its round is over."""

    code = "lineup_state"


class LineupInvalid(ValidationError):
    """A line-up names a player who may not play that board."""

    code = "lineup_invalid"


def _require_manager(section: Section, user: User) -> None:
    if not event_is_manager(event=section.event, user=user):
        raise PermissionDenied("Only the event's organisers and arbiters may do this.")


def _team_section_locked(section: Section, user: User) -> Section:
    locked = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    _require_manager(locked, user)
    if not locked.is_team:
        raise NotATeamSection(f"{locked.name} is not a team section.")
    return locked


def _round_touch(rnd: Round) -> None:
    """Mark the round changed, so public pages cached per section version are rebuilt."""
    Round.objects.filter(pk=rnd.pk).update(updated_at=timezone.now())


# ---------------------------------------------------------------------------------------
# Teams and rosters
# ---------------------------------------------------------------------------------------


@transaction.atomic
def team_create(
    *, section: Section, user: User, name: str, short_name: str = "", federation: str = ""
) -> Team:
    """Add a team to a team section, numbered after the last one. Locks the section."""
    section = _team_section_locked(section, user)
    name = name.strip()
    if not name or len(name) > 100:
        raise ValidationError("A team needs a name of 1 to 100 characters.", field="name")
    if section.teams.filter(name=name).exists():
        raise ValidationError(f"There is already a team called {name}.", field="name")
    last = section.teams.aggregate(last=Max("starting_rank"))["last"] or 0
    return Team.objects.create(
        section=section,
        name=name,
        short_name=short_name.strip()[:20],
        federation=federation.strip().upper()[:3],
        starting_rank=last + 1,
    )


@transaction.atomic
def team_member_add(
    *, team: Team, player: Player, user: User, board_order: int | None = None
) -> TeamMember:
    """Put `player` on `team`'s roster at `board_order` (default: after the last member).

    The player must be entered in the team's section and be on no other team. Locks the
    section.
    """
    section = _team_section_locked(team.section, user)
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
    return TeamMember.objects.create(team=team, player=player, board_order=board_order)


# ---------------------------------------------------------------------------------------
# Matches and line-ups
# ---------------------------------------------------------------------------------------


@transaction.atomic
def team_match_create(
    *, round: Round, white_team: Team, black_team: Team, user: User, number: int | None = None
) -> TeamMatch:
    """Pair two teams of the round's section; `white_team` has White on board 1.

    Each side gets its seat, so the database refuses a team in two matches of a round.
    Locks the section.
    """
    section = _team_section_locked(round.section, user)
    if {white_team.section_id, black_team.section_id} != {section.pk}:
        raise ValidationError("Both teams must play in the round's section.", field="team")
    if white_team.pk == black_team.pk:
        raise ValidationError("A team cannot play itself.", field="black_team")
    taken = TeamSeat.objects.filter(round=round, team__in=[white_team, black_team])
    if taken.exists():
        raise StateError("A team already has a match in this round.", code="team_paired")
    if number is None:
        number = (round.team_matches.aggregate(last=Max("number"))["last"] or 0) + 1
    match = TeamMatch.objects.create(
        round=round, number=number, white_team=white_team, black_team=black_team
    )
    TeamSeat.objects.bulk_create(
        [TeamSeat(round=round, team=t, match=match) for t in (white_team, black_team)]
    )
    return match


def _lineup_checked(
    team: Team, players: Sequence[Player | None], boards: int, round_number: int
) -> list[Player | None]:
    if len(players) > boards:
        raise LineupInvalid(f"A match has {boards} boards, not {len(players)}.", field="board")
    roster = {m.player_id: m.player for m in team.members.select_related("player")}
    seen: set[int] = set()
    for board, player in enumerate(players, start=1):
        if player is None:
            continue
        if player.pk not in roster:
            raise LineupInvalid(
                f"{player.full_name} is not on {team.name}.", field=f"board_{board}"
            )
        if player.pk in seen:
            raise LineupInvalid(
                f"{player.full_name} cannot play two boards.", field=f"board_{board}"
            )
        if not is_available(roster[player.pk], round_number):
            raise LineupInvalid(
                f"{player.full_name} does not play round {round_number}.", field=f"board_{board}"
            )
        seen.add(player.pk)
    return [*players, *([None] * (boards - len(players)))]


@transaction.atomic
def lineup_set(
    *,
    match: TeamMatch,
    team: Team,
    user: User,
    players: Sequence[Player | None] | None = None,
) -> list[Lineup]:
    """Enter `team`'s line-up for `match`: `players[i]` plays board i + 1 (None: empty).

    Without `players` the line-up is the default one (`lineup_default`). The team's captain
    or the event's organisers and arbiters may do it, until the round's boards are paired
    (its games exist) or the round is over. Replaces any earlier line-up; calling it twice
    with the same players leaves the same rows. Locks the match.
    """
    match = (
        TeamMatch.objects.select_for_update()
        .select_related("round__section__event")
        .get(pk=match.pk)
    )
    section, rnd = match.round.section, match.round
    if team.pk not in (match.white_team_id, match.black_team_id):
        raise ValidationError(f"{team.name} does not play this match.", field="team")
    if team.captain_id is None or team.captain_id != getattr(user, "pk", None):
        _require_manager(section, user)
    if not section.boards_per_match:
        raise NotATeamSection(f"{section.name} has no number of boards per match.")
    if rnd.status == RoundStatus.COMPLETED or Game.objects.filter(round=rnd).exists():
        raise LineupStateError(f"The boards of round {rnd.number} are already paired.")
    boards = section.boards_per_match
    if players is None:
        chosen = lineup_default(team=team, round_number=rnd.number, boards=boards)
    else:
        chosen = _lineup_checked(team, players, boards, rnd.number)
    Lineup.objects.filter(match=match, team=team).delete()
    rows = Lineup.objects.bulk_create(
        Lineup(match=match, round=rnd, team=team, board=board, player=player)
        for board, player in enumerate(chosen, start=1)
    )
    _round_touch(rnd)
    return rows


@transaction.atomic
def team_match_forfeit(*, match: TeamMatch, user: User, kind: str) -> TeamMatch:
    """Record (or with ``""`` clear) a forfeit of the whole match.

    A forfeit decides the match whatever its boards say: the winner gets a won match and
    the forfeit-win points on every board (C.07 team rules); both teams lose a double
    forfeit. Only once the round is published. Locks the match.
    """
    if kind not in MatchForfeit.values:
        raise ValidationError(f"{kind!r} is not a kind of forfeit.", field="kind")
    match = (
        TeamMatch.objects.select_for_update()
        .select_related("round__section__event")
        .get(pk=match.pk)
    )
    _require_manager(match.round.section, user)
    if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise StateError(f"Round {match.round.number} is not published.", code="round_state")
    if match.forfeit != kind:
        match.forfeit = kind
        match.save(update_fields=["forfeit", "updated_at"])
        _round_touch(match.round)
    return match
