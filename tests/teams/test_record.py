"""The team record: what the site adds to the section's record for the team engines."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chesscore.record.model import ForbiddenPairing
from teams.selectors import section_record_get
from tests.factories import team_section
from tournaments.models import ConstraintKind
from tournaments.models import GroupSource
from tournaments.models import ProhibitedGroup
from tournaments.selectors.record import section_record_base

pytestmark = pytest.mark.django_db


def queries(section) -> int:
    with CaptureQueriesContext(connection) as captured:
        section_record_get(section=section)
    return len(captured)


def test_the_team_record_costs_four_queries_more_than_the_base():
    section = team_section(8, rounds_played=2)
    with CaptureQueriesContext(connection) as captured:
        section_record_base(section)
    # Three for the teams' rounds, one for the groups (none: read as groups of teams).
    assert queries(section) == len(captured) + 4
    assert queries(team_section(2, rounds_played=2)) == queries(section)


def test_the_record_of_a_team_section_holds_its_lineups_whatever_reads_it():
    section = team_section(2, boards=2, rounds_played=1)
    assert section_record_base(section).lineups == ()
    record = section_record_get(section=section)
    assert [(x.round, x.team, x.boards) for x in record.lineups] == [(1, 1, (1, 2)), (1, 2, (4, 5))]
    assert section_record_get(section=section, dates=False, groups=False).lineups == record.lineups


def test_the_pab_of_each_round_is_worth_a_drawn_match():
    section = team_section(3, boards=4, rounds_played=2)
    pab = section_record_get(section=section).team_pab
    assert pab is not None
    assert (pab.match_points, pab.game_points) == (1, 2)
    assert pab.teams == (3, 1)


def test_the_boards_alternate_colours_from_the_white_team():
    section = team_section(2, boards=3)
    assert section_record_get(section=section).event.board_colours == "WBW"


def test_groups_of_players_forbid_their_teams_only():
    section = team_section(4, boards=2, reserves=0)
    group = ProhibitedGroup.objects.create(section=section, name="Club", kind=ConstraintKind.STRICT)
    group.members.set(section.players.filter(starting_rank__in=[1, 2, 5]))
    ProhibitedGroup.objects.create(
        section=section,
        name="By club",
        kind=ConstraintKind.STRICT,
        source=GroupSource.ATTRIBUTE,
        attribute="club",
    )
    record = section_record_get(section=section)
    assert record.forbidden_pairings == (ForbiddenPairing((1, 3)),)
