"""Every board of a team section is named by its teams: "Team 01 – Team 02, board 1"."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from teams import services
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import TeamMemberFactory
from tests.factories import swiss_section
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

# Round 1 of `team_section(4, boards=2)`: match 1 is Team 01 – Team 02 (boards 1-2), match 2
# Team 03 – Team 04 (boards 3-4).
ROUND_1 = [
    "Team 01 – Team 02, board 1",
    "Team 01 – Team 02, board 2",
    "Team 03 – Team 04, board 1",
    "Team 03 – Team 04, board 2",
]


def url(section, name, **kwargs):
    kwargs.update(event_slug=section.event.slug, section_slug=section.slug)
    return reverse(name, kwargs=kwargs)


@pytest.fixture
def section():
    return team_section(4, boards=2, rounds_played=1)


def test_public_pairings_name_the_teams_of_every_board(client, section):
    response = client.get(url(section, "round_detail", number=1))

    assert [b.label for b in response.context["page"].boards] == ROUND_1
    for label in ROUND_1:
        assert label in response.text
    assert "Match 1, board 1" not in response.text


def test_pairings_by_name_name_the_teams_of_each_board(client, section):
    response = client.get(url(section, "round_detail", number=1) + "?order=name")

    assert {line.label for line in response.context["by_name"]} == set(ROUND_1)
    assert "Team 03 – Team 04, board 2" in response.text


def test_round_manage_page_names_the_teams_of_every_board(client, section, organiser):
    run_by(section, organiser)
    client.force_login(organiser)

    response = client.get(url(section, "round_manage", number=1))

    assert response.status_code == 200
    for label in ROUND_1:
        assert label in response.text


def test_draft_page_names_the_teams_of_every_board(client, section, organiser):
    run_by(section, organiser)
    client.force_login(organiser)
    Round.objects.filter(section=section, number=1).update(status=RoundStatus.DRAFT)

    response = client.get(url(section, "round_draft", number=1))

    assert response.status_code == 200
    assert [label for _game, label in response.context["boards"]] == ROUND_1
    for label in ROUND_1:
        assert label in response.text


def test_match_cards_name_both_teams(client, section):
    response = client.get(url(section, "match_list", number=1))

    assert response.status_code == 200
    for name in ("Team 01", "Team 02", "Team 03", "Team 04"):
        assert name in response.text


def csv_rows(client, section, number):
    response = client.get(url(section, "round_csv", number=number))
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_pairings_csv_of_a_team_section_names_the_match_and_teams_of_every_board(client, section):
    rows = csv_rows(client, section, 1)

    assert rows[0][10:] == ["Match", "Teams", "Match board", "White team", "Black team"]
    # The match's first team has White on its odd boards (Team 01 plays Black on board 2).
    assert [row[10:] for row in rows[1:]] == [
        ["1", "Team 01 – Team 02", "1", "Team 01", "Team 02"],
        ["1", "Team 01 – Team 02", "2", "Team 02", "Team 01"],
        ["2", "Team 03 – Team 04", "1", "Team 03", "Team 04"],
        ["2", "Team 03 – Team 04", "2", "Team 04", "Team 03"],
    ]
    # Board 2's White is Team 02's second board (player 5 of three a team).
    assert rows[2][1:3] == ["5", "Player005, First5"]


def test_pairings_csv_of_an_individual_section_keeps_its_ten_columns(client):
    section = swiss_section(4, rounds_played=1)

    rows = csv_rows(client, section, 1)

    assert {len(row) for row in rows} == {10}
    assert "Match" not in rows[0]


def test_boards_of_an_individual_section_have_no_team_label(client):
    section = swiss_section(4, rounds_played=1)

    response = client.get(url(section, "round_detail", number=1))

    assert [b.label for b in response.context["page"].boards] == ["", ""]
    assert "board-label" not in response.text


def test_games_made_from_lineups_are_explained_by_their_teams(organiser):
    section = run_by(SectionFactory(system="team_swiss", boards_per_match=2), organiser)
    knights = services.team_create(section=section, user=organiser, name="Knights")
    bishops = services.team_create(section=section, user=organiser, name="Bishops")
    for team in (knights, bishops):
        for order in (1, 2):
            TeamMemberFactory(team=team, board_order=order)
    rnd = RoundFactory(section=section, status=RoundStatus.DRAFT)
    match = services.team_match_create(
        round=rnd, white_team=knights, black_team=bishops, user=organiser
    )

    services.lineup_set(match=match, team=knights, user=organiser)
    services.lineup_set(match=match, team=bishops, user=organiser)

    explained = list(rnd.games.order_by("board").values_list("explanation", flat=True))
    assert explained == ["Knights – Bishops, board 1.", "Knights – Bishops, board 2."]
