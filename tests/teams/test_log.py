"""Every service of the teams app that changes an event writes its log entry: teams,
rosters, boards per match, captains, line-ups, match forfeits, team withdrawals. A refused
action, or one that changes nothing, writes none."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from common.exceptions import DomainError
from teams import services
from teams.models import MatchForfeit
from teams.models import TeamMatch
from tests.factories import PlayerFactory
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import TeamMemberFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import RoundStatus
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(organiser) -> Section:
    """A team Swiss of two boards a match, with two teams of three and nothing paired."""
    section = run_by(SectionFactory(system="team_swiss", boards_per_match=2), organiser)
    for name in ("Knights", "Bishops"):
        team = services.team_create(section=section, user=organiser, name=name)
        for board in (1, 2, 3):
            TeamMemberFactory(team=team, board_order=board)
    LogEntry.objects.all().delete()
    return section


def team(section, number):
    return section.teams.get(starting_rank=number)


def draft_match(section, user) -> TeamMatch:
    rnd = RoundFactory(section=section, status=RoundStatus.DRAFT)
    return services.team_match_create(
        round=rnd, white_team=team(section, 1), black_team=team(section, 2), user=user
    )


Act = Callable[[], object]


def team_created(s, u) -> Act:
    return lambda: services.team_create(section=s, user=u, name="Rooks")


def member_added(s, u) -> Act:
    player = PlayerFactory(section=s)
    return lambda: services.team_member_add(team=team(s, 1), player=player, user=u)


def roster_extended(s, u) -> Act:
    entry = services.RosterEntry(last_name="Newman")
    return lambda: services.team_roster_extend(team=team(s, 1), user=u, players=[entry])


def boards_set(s, u) -> Act:
    return lambda: services.team_section_boards_set(section=s, user=u, boards=4)


def captain_named(s, u) -> Act:
    UserFactory(username="cap")
    return lambda: services.team_captain_set(team=team(s, 1), user=u, username="cap")


def team_withdrawn(s, u) -> Act:
    return lambda: services.team_withdraw(team=team(s, 2), user=u, from_round=2)


def team_reinstated(s, u) -> Act:
    services.team_withdraw(team=team(s, 2), user=u, from_round=2)
    return lambda: services.team_reinstate(team=team(s, 2), user=u)


def match_made(s, u) -> Act:
    rnd = RoundFactory(section=s, status=RoundStatus.DRAFT)
    return lambda: services.team_match_create(
        round=rnd, white_team=team(s, 1), black_team=team(s, 2), user=u
    )


def lineup_entered(s, u) -> Act:
    match = draft_match(s, u)
    return lambda: services.lineup_set(match=match, team=team(s, 1), user=u)


# (arrange, expected action, expected round)
CASES: dict[str, tuple[Callable[[Section, object], Act], str, int | None]] = {
    "team created": (team_created, LogAction.TEAM_SAVE, None),
    "member added": (member_added, LogAction.TEAM_SAVE, None),
    "roster extended": (roster_extended, LogAction.TEAM_SAVE, None),
    "boards per match": (boards_set, LogAction.SECTION_UPDATE, None),
    "captain named": (captain_named, LogAction.TEAM_SAVE, None),
    "team withdrawn": (team_withdrawn, LogAction.TEAM_WITHDRAW, 2),
    "team reinstated": (team_reinstated, LogAction.TEAM_REINSTATE, 2),
    "match made by hand": (match_made, LogAction.PLAYERS_PAIR, 1),
    "line-up entered": (lineup_entered, LogAction.LINEUP, 1),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_team_service_writes_its_entry(section, organiser, case):
    arrange, action, round_number = CASES[case]
    act = arrange(section, organiser)
    before = set(LogEntry.objects.values_list("pk", flat=True))

    act()

    entries = list(LogEntry.objects.exclude(pk__in=before).order_by("pk"))
    # A roster extended also enters each new player (their own entry, first).
    assert entries[-1].action == action
    assert [e.action for e in entries[:-1]] == (
        [LogAction.PLAYER_ADD] if case == "roster extended" else []
    )
    last = entries[-1]
    assert (last.section, last.user, last.round_number) == (section, organiser, round_number)
    assert last.description


def test_a_line_up_names_its_players_and_each_board_that_changed(section, organiser):
    match = draft_match(section, organiser)
    knights = team(section, 1)
    services.lineup_set(match=match, team=knights, user=organiser)
    first, second, third = (m.player for m in knights.members.order_by("board_order"))

    services.lineup_set(match=match, team=knights, user=organiser, players=[first, third])

    entry = LogEntry.objects.filter(action=LogAction.LINEUP).order_by("pk").last()
    assert entry.changes == {"board 2": [second.full_name, third.full_name]}
    assert {p.pk for p in entry.players.all()} == {first.pk, third.pk}


def test_the_same_line_up_again_logs_nothing(section, organiser):
    match = draft_match(section, organiser)
    services.lineup_set(match=match, team=team(section, 1), user=organiser)
    logged = LogEntry.objects.count()

    services.lineup_set(match=match, team=team(section, 1), user=organiser)

    assert LogEntry.objects.count() == logged


def test_a_captain_entering_a_line_up_is_named_in_the_log(section, organiser):
    captain = UserFactory(username="cap")
    services.team_captain_set(team=team(section, 1), user=organiser, username="cap")
    match = draft_match(section, organiser)
    match.round.status = RoundStatus.PUBLISHED  # a captain sees the match once published
    match.round.save()

    services.lineup_set(match=match, team=team(section, 1), user=captain)

    entry = LogEntry.objects.filter(action=LogAction.LINEUP).get()
    assert (entry.user, entry.actor) == (captain, "cap")


def test_a_match_forfeit_and_its_clearing_are_logged(organiser):
    section = run_by(team_section(teams=4, rounds_played=1), organiser)
    match = TeamMatch.objects.get(round__section=section, number=1)

    services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.WHITE_WINS)
    services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.NONE)

    first, cleared = LogEntry.objects.filter(action=LogAction.MATCH_FORFEIT).order_by("pk")
    assert first.changes == {"forfeit": ["", "+-"]}
    assert "White team wins by forfeit" in first.description
    assert first.round_number == 1
    assert cleared.changes == {"forfeit": ["+-", ""]}
    assert "forfeit cleared" in cleared.description


def test_a_team_withdrawal_moved_keeps_old_and_new(section, organiser):
    services.team_withdraw(team=team(section, 2), user=organiser, from_round=4)

    services.team_withdraw(team=team(section, 2), user=organiser, from_round=3)

    entry = LogEntry.objects.filter(action=LogAction.TEAM_WITHDRAW).order_by("pk").last()
    assert entry.changes == {"withdrawn_from_round": [4, 3]}


NO_CHANGE: dict[str, Callable[[Section, object], object]] = {
    "same boards per match": lambda s, u: services.team_section_boards_set(
        section=s, user=u, boards=2
    ),
    "same withdrawal": lambda s, u: services.team_withdraw(team=team(s, 2), user=u, from_round=3),
    "reinstating a team that plays": lambda s, u: services.team_reinstate(team=team(s, 1), user=u),
    "same captain": lambda s, u: services.team_captain_set(team=team(s, 1), user=u, username=""),
    "no players to add": lambda s, u: services.team_roster_extend(
        team=team(s, 1), user=u, players=[]
    ),
}


@pytest.mark.parametrize("case", list(NO_CHANGE))
def test_a_team_action_that_changes_nothing_logs_nothing(section, organiser, case):
    services.team_withdraw(team=team(section, 2), user=organiser, from_round=3)
    logged = LogEntry.objects.count()

    NO_CHANGE[case](section, organiser)

    assert LogEntry.objects.count() == logged


REFUSED: dict[str, Callable[[Section, object], object]] = {
    "a team named twice": lambda s, u: services.team_create(section=s, user=u, name="Knights"),
    "someone else's event": lambda s, u: services.team_create(
        section=s, user=UserFactory(), name="Rooks"
    ),
    "boards out of range": lambda s, u: services.team_section_boards_set(
        section=s, user=u, boards=99
    ),
    "withdrawal beyond the last round": lambda s, u: services.team_withdraw(
        team=team(s, 1), user=u, from_round=99
    ),
    "a captain nobody is called": lambda s, u: services.team_captain_set(
        team=team(s, 1), user=u, username="nobody"
    ),
    "a line-up with a stranger": lambda s, u: services.lineup_set(
        match=draft_match(s, u),
        team=team(s, 1),
        user=u,
        players=[team(s, 2).members.first().player],
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_refused_team_action_logs_nothing(section, organiser, case):
    with pytest.raises(DomainError):
        REFUSED[case](section, organiser)

    assert not LogEntry.objects.exclude(action=LogAction.PLAYERS_PAIR).exists()
