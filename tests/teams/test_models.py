"""Database constraints of team matches and line-ups."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from teams.models import Lineup
from teams.models import TeamMatch
from teams.models import TeamSeat
from tests.factories import RoundFactory
from tests.factories import TeamFactory
from tests.factories import TeamMemberFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams():
    first = TeamFactory()
    section = first.section
    return section, [first, TeamFactory(section=section), TeamFactory(section=section)]


def test_a_team_cannot_play_itself(teams):
    section, (a, _b, _c) = teams
    rnd = RoundFactory(section=section)
    with pytest.raises(IntegrityError):
        TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=a)


def test_a_team_is_the_white_team_of_one_match_per_round(teams):
    section, (a, b, c) = teams
    rnd = RoundFactory(section=section)
    TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    with pytest.raises(IntegrityError):
        TeamMatch.objects.create(round=rnd, number=2, white_team=a, black_team=c)


def test_a_team_has_one_seat_per_round_whatever_its_side(teams):
    section, (a, b, c) = teams
    rnd = RoundFactory(section=section)
    first = TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    second = TeamMatch.objects.create(round=rnd, number=2, white_team=c, black_team=a)
    TeamSeat.objects.create(round=rnd, team=a, match=first)
    with pytest.raises(IntegrityError):
        TeamSeat.objects.create(round=rnd, team=a, match=second)


def test_two_matches_cannot_share_a_number_in_a_round(teams):
    section, (a, b, c) = teams
    rnd = RoundFactory(section=section)
    TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    with pytest.raises(IntegrityError):
        TeamMatch.objects.create(
            round=rnd, number=1, white_team=c, black_team=TeamFactory(section=section)
        )


def test_a_player_plays_one_board_per_round(teams):
    section, (a, b, _c) = teams
    rnd = RoundFactory(section=section)
    match = TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    member = TeamMemberFactory(team=a)
    Lineup.objects.create(match=match, round=rnd, team=a, board=1, player=member.player)
    with pytest.raises(IntegrityError):
        Lineup.objects.create(match=match, round=rnd, team=a, board=2, player=member.player)


def test_a_board_of_a_team_is_filled_once(teams):
    section, (a, b, _c) = teams
    rnd = RoundFactory(section=section)
    match = TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    Lineup.objects.create(match=match, round=rnd, team=a, board=1, player=None)
    with pytest.raises(IntegrityError):
        Lineup.objects.create(match=match, round=rnd, team=a, board=1, player=None)


def test_empty_boards_do_not_collide_on_the_player(teams):
    section, (a, b, _c) = teams
    rnd = RoundFactory(section=section)
    match = TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    Lineup.objects.create(match=match, round=rnd, team=a, board=1, player=None)
    Lineup.objects.create(match=match, round=rnd, team=a, board=2, player=None)
    assert Lineup.objects.filter(match=match, player=None).count() == 2


def test_board_numbers_start_at_one(teams):
    section, (a, b, _c) = teams
    rnd = RoundFactory(section=section)
    match = TeamMatch.objects.create(round=rnd, number=1, white_team=a, black_team=b)
    with pytest.raises(IntegrityError):
        Lineup.objects.create(match=match, round=rnd, team=a, board=0, player=None)
