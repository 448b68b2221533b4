"""The section's version, read on its own or along with the section: the same token, which
changes with everything players see and with nothing they do not."""

from __future__ import annotations

import pytest

from pairing import services as pairing
from results.services import game_result_set
from tests.factories import UserFactory
from tests.factories import swiss_section
from tournaments import services
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Section
from tournaments.selectors.rounds import section_version_annotated
from tournaments.selectors.rounds import section_version_get

pytestmark = pytest.mark.django_db


def both(section: Section) -> tuple[str, str]:
    """The version asked on its own and read with the section (one query, checked)."""
    alone = section_version_get(section=Section.objects.get(pk=section.pk))
    read = section_version_annotated(Section.objects.filter(pk=section.pk)).get()
    return alone, section_version_get(section=read)


@pytest.fixture
def organiser():
    return UserFactory()


@pytest.fixture
def day(organiser):
    section = swiss_section(8, rounds_played=2, results_in_last=False)
    section.event.organisers.add(organiser)
    return section


def test_read_with_the_section_it_is_the_same_token_and_costs_no_query(
    day, django_assert_num_queries
):
    alone, read = both(day)
    assert alone == read
    section = section_version_annotated(Section.objects.filter(pk=day.pk)).get()
    with django_assert_num_queries(0):
        assert section_version_get(section=section) == alone


def test_a_result_entered_changes_it(day, organiser):
    before = both(day)
    board = Game.objects.get(round__section=day, round__number=2, board=1)
    game_result_set(game=board, result=GameResult.DRAW, user=organiser, version=board.version)
    after = both(day)
    assert after[0] == after[1]
    assert after[0] != before[0]


def test_a_round_taken_back_and_published_again_changes_it_each_time(day, organiser):
    published = both(day)
    rnd = day.rounds.get(number=2)
    rnd = pairing.round_unpublish(round=rnd, user=organiser, version=rnd.version)
    taken_back = both(day)
    pairing.round_publish(round=rnd, user=organiser, version=rnd.version)
    again = both(day)
    assert len({published[0], taken_back[0], again[0]}) == 3
    assert all(alone == read for alone, read in (taken_back, again))


def test_a_player_withdrawn_changes_it(day, organiser):
    before = both(day)
    services.player_withdraw(player=day.players.get(starting_rank=3), user=organiser, from_round=3)
    after = both(day)
    assert after[0] == after[1]
    assert after[0] != before[0]


def test_a_draft_edited_leaves_it_alone(day, organiser):
    rnd = day.rounds.get(number=2)
    rnd = pairing.round_unpublish(round=rnd, user=organiser, version=rnd.version)
    before = both(day)
    Game.objects.filter(round=rnd, board=1).update(result=GameResult.DRAW)
    assert both(day) == before


def test_another_sections_writes_leave_it_alone(day, organiser):
    other = swiss_section(6, rounds_played=1, results_in_last=False)
    other.event.organisers.add(organiser)
    before = both(day)
    board = Game.objects.get(round__section=other, round__number=1, board=1)
    game_result_set(game=board, result=GameResult.DRAW, user=organiser, version=board.version)
    assert both(day) == before
