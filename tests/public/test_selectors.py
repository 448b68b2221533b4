"""Standings of a section from the database."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chesscore.record import trf
from chesscore.tiebreaks import standings
from common.exceptions import ValidationError
from public.selectors import standings_get
from tests.factories import EventFactory
from tests.golden import dutch_corpus
from tournaments import services
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported():
    text = (dutch_corpus() / "case000001.trf").read_bytes()
    section = services.do_section_import_trf(event=EventFactory(), name="Case 1", text=text)
    section.tiebreaks = ["BH-C1", "SB"]
    section.save()
    return section, trf.read(text)


def test_standings_are_the_engine_standings_of_the_section_record(imported):
    section, record = imported

    result = standings_get(section)

    expected = standings(record, ["BH-C1", "SB"])
    assert result.after_round == 4
    assert result.tiebreaks == ("BH-C1", "SB")
    assert [(line.rank, line.number, line.points, line.values) for line in result.lines] == [
        (row.rank, row.number, row.points, row.values) for row in expected.rows
    ]
    assert result.lines[0].name == record.player(result.lines[0].number).name


def test_a_round_in_play_does_not_count_yet(imported):
    section, record = imported
    last = Round.objects.get(section=section, number=4)
    game = last.games.first()
    game.result = GameResult.PENDING
    game.save()
    last.status = RoundStatus.PUBLISHED
    last.save()

    result = standings_get(section)

    assert result.after_round == 3
    for line in result.lines:
        assert line.points == record.score(line.number, after_round=3)


def test_standings_before_any_round_list_everyone_on_zero():
    section = services.do_section_import_trf(
        event=EventFactory(),
        name="New",
        text="012 New\n001    1      A                                  2000\n"
        "001    2      B                                  1900\n",
    )

    result = standings_get(section)

    assert result.after_round == 0
    assert [(line.number, line.points) for line in result.lines] == [
        (1, Fraction(0)),
        (2, Fraction(0)),
    ]


def test_unknown_tiebreak_is_a_validation_error_on_the_field(imported):
    section, _record = imported
    section.tiebreaks = ["NOPE"]
    section.save()

    with pytest.raises(ValidationError) as caught:
        standings_get(section)
    assert caught.value.field == "tiebreaks"


def test_standings_take_the_same_queries_for_any_size(imported, django_assert_num_queries):
    section, _record = imported
    small = services.do_section_import_trf(
        event=EventFactory(),
        name="Small",
        text=(dutch_corpus() / "case000005.trf").read_bytes(),
    )

    # the section record's eight (round dates left out), and the last completed round
    with django_assert_num_queries(9):
        standings_get(section)
    with django_assert_num_queries(9):
        standings_get(small)
