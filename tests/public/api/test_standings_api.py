"""Standings through the API."""

from __future__ import annotations

import pytest

from chesscore.tiebreaks import standings
from public.selectors import team_standings_page_get
from teams.selectors import section_record_get
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import team_section
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def test_standings_rank_the_players_by_points_then_tiebreaks(corpus_section, anonymous):
    corpus_section.tiebreaks = ["BH-C1", "SB"]
    corpus_section.save()

    response = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/standings/")

    assert response.status_code == 200
    body = response.json()
    expected = standings(section_record_get(section=corpus_section), ["BH-C1", "SB"], after_round=4)
    assert body["after_round"] == 4
    assert body["tiebreaks"] == ["BH-C1", "SB"]
    assert [(r["rank"], r["player"]) for r in body["rows"]] == [
        (row.rank, row.number) for row in expected.rows
    ]
    top = body["rows"][0]
    assert top == {
        "rank": 1,
        "player": 4,
        "name": "Test0004 Player0004",
        "points": "4",
        "values": ["7.5", "9"],
    }


def test_standings_without_tiebreaks_rank_by_points(corpus_section, anonymous):
    body = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/standings/").json()

    points = [float(r["points"]) for r in body["rows"]]
    assert points == sorted(points, reverse=True)
    assert body["tiebreaks"] == []
    assert all(r["values"] == [] for r in body["rows"])


def test_unknown_tiebreak_is_reported_on_the_field(corpus_section, anonymous):
    corpus_section.tiebreaks = ["XYZ"]
    corpus_section.save()

    response = anonymous.get(f"/api/v1/sections/{corpus_section.pk}/standings/")

    assert response.status_code == 400
    assert response.json()["field"] == "tiebreaks"
    assert response.json()["code"] == "invalid_tiebreak"


def test_standings_of_a_private_section_are_hidden(anonymous):
    section = SectionFactory(event=EventFactory(is_public=False))

    assert anonymous.get(f"/api/v1/sections/{section.pk}/standings/").status_code == 404


def test_a_team_section_ranks_its_teams_by_match_points_then_team_tiebreaks(anonymous):
    section = team_section(4, rounds_played=2)
    section.tiebreaks = ["GPTS", "EDE"]
    section.save()
    Round.objects.filter(section=section).update(status=RoundStatus.COMPLETED)

    body = anonymous.get(f"/api/v1/sections/{section.pk}/standings/").json()

    page = team_standings_page_get(section)
    assert [(r["rank"], r["player"]) for r in body["rows"]] == [
        (line.rank, line.number) for line in page.lines
    ]
    assert body["tiebreaks"] == ["GPTS", "EDE"]
    top = body["rows"][0]
    assert top["name"] == page.lines[0].team.name
    assert top["points"] == str(page.lines[0].match_points)
    assert len(top["values"]) == 2
