"""Standings say which rounds they count, and the points beside a rank are the ones that gave it.

A round in play (published, results partly entered) is shown apart and never counted.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.urls import reverse

from tests.factories import swiss_section
from tests.factories import team_section
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def url(section, name):
    return reverse(name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug})


@pytest.fixture
def section():
    """Eight players, rounds 1-3 complete, round 4 published with two of four results in:
    both won by the lower-ranked player, so counting them would reorder the points."""
    section = swiss_section(8, rounds_played=4, results_in_last=False, tiebreaks=["BH"])
    games = Game.objects.filter(round__section=section, round__number=4).order_by("board")
    for game in games[:2]:
        game.result = GameResult.BLACK_WINS
        game.save()
    return section


def test_crosstable_points_are_those_of_the_rounds_that_rank(client, section):
    response = client.get(url(section, "crosstable_detail"))

    page = response.context["page"]
    ranks = [rank for rank, _row in page.rows]
    points = [row.score for _rank, row in page.rows]
    assert ranks == sorted(ranks)
    assert points == sorted(points, reverse=True)
    assert points == [item.line.points for item in page.standings.lines]
    text = response.text
    assert "Points after round 3" in text
    assert "R4 (in play)" in text
    assert "Round 4 in play: shown, not counted" in text


def test_crosstable_still_shows_the_results_entered_in_the_round_in_play(client, section):
    page = client.get(url(section, "crosstable_detail")).context["page"]

    assert list(page.in_play) == [4]
    fourth = [row.cells[3].result for _rank, row in page.rows]
    assert sorted(r for r in fourth if r) == ["0", "0", "1", "1"]


def test_standings_page_says_what_it_counts_and_what_is_in_play(client, section):
    response = client.get(url(section, "standings_detail"))

    standings = response.context["page"].standings
    assert standings.after_round == 3
    assert standings.in_play == 4
    points = [line.points for line in standings.lines]
    assert points == sorted(points, reverse=True)
    assert "After round 3" in response.text
    assert "Round 4 in play, not counted yet" in response.text


def test_standings_csv_names_the_rounds_its_points_count(client, section):
    response = client.get(url(section, "standings_csv"))

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][4] == "Points after round 3"
    points = [Fraction(row[4]) for row in rows[1:]]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 3 * 4


def test_standings_api_gives_the_counted_round_and_the_round_in_play(client, section):
    body = client.get(f"/api/v1/sections/{section.pk}/standings/").json()

    assert body["after_round"] == 3
    assert body["in_play_round"] == 4
    points = [Fraction(row["points"]) for row in body["rows"]]
    assert points == sorted(points, reverse=True)


def test_standings_api_has_no_round_in_play_between_rounds(client):
    section = swiss_section(4, rounds_played=2)

    body = client.get(f"/api/v1/sections/{section.pk}/standings/").json()

    assert body["after_round"] == 2
    assert body["in_play_round"] is None


def test_team_standings_say_what_they_count_and_what_is_in_play(client):
    section = team_section(4, rounds_played=2)
    Round.objects.filter(section=section, number=2).update(status=RoundStatus.PUBLISHED)

    response = client.get(url(section, "team_standings_detail"))

    page = response.context["page"]
    assert (page.after_round, page.in_play) == (1, 2)
    assert "After round 1" in response.text
    assert "Round 2 in play, not counted yet" in response.text
    assert sum(line.match_points for line in page.lines) == 2 * 2
