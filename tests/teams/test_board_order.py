"""Line-ups keep the roster's board order: a reserve may be left out, but no one plays above a
teammate listed higher on the roster. Service, page and API all refuse it, naming the rule."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.exceptions import ValidationError
from teams import services
from teams.models import Lineup
from tests.conftest import client_for
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import TeamMemberFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(organiser):
    """A draft match of four boards between two teams of five (roster order 1-5)."""
    section = run_by(SectionFactory(system="team_swiss", boards_per_match=4), organiser)
    white = services.team_create(section=section, user=organiser, name="Knights")
    black = services.team_create(section=section, user=organiser, name="Bishops")
    for team in (white, black):
        for order in range(1, 6):
            TeamMemberFactory(team=team, board_order=order)
    rnd = RoundFactory(section=section, status=RoundStatus.DRAFT)
    return services.team_match_create(round=rnd, white_team=white, black_team=black, user=organiser)


def roster(team):
    return [m.player for m in team.members.order_by("board_order")]


def test_roster_five_above_roster_one_is_refused_naming_both(match, organiser):
    p1, p2, p3, _p4, p5 = roster(match.white_team)

    with pytest.raises(ValidationError) as caught:
        services.lineup_set(
            match=match, team=match.white_team, user=organiser, players=[p5, p2, p3, p1]
        )

    error = caught.value
    assert error.code == "board_order"
    assert error.field == "board_2"
    assert error.message.startswith(
        f"Board order: {p5.full_name} (roster 5, board 1) cannot play above "
        f"{p2.full_name} (roster 2, board 2)"
    )
    assert not Lineup.objects.filter(match=match).exists()


def test_a_swap_lower_down_is_refused_at_the_lower_board(match, organiser):
    p1, p2, p3, p4, _p5 = roster(match.white_team)

    with pytest.raises(ValidationError) as caught:
        services.lineup_set(
            match=match, team=match.white_team, user=organiser, players=[p1, p2, p4, p3]
        )

    assert caught.value.field == "board_4"
    assert "roster 4, board 3" in caught.value.message


def test_a_reserve_left_out_keeps_the_order(match, organiser):
    p1, p2, _p3, p4, p5 = roster(match.white_team)

    services.lineup_set(
        match=match, team=match.white_team, user=organiser, players=[p1, p2, p4, p5]
    )

    stored = Lineup.objects.filter(match=match, team=match.white_team).order_by("board")
    assert [row.player_id for row in stored] == [p1.pk, p2.pk, p4.pk, p5.pk]


def test_an_empty_board_between_players_in_order_is_accepted(match, organiser):
    p1, _p2, p3, _p4, _p5 = roster(match.white_team)

    rows = services.lineup_set(
        match=match, team=match.white_team, user=organiser, players=[p1, None, p3]
    )

    assert [row.player for row in rows] == [p1, None, p3, None]


def test_an_empty_board_does_not_hide_an_order_break(match, organiser):
    _p1, p2, p3, _p4, _p5 = roster(match.white_team)

    with pytest.raises(ValidationError) as caught:
        services.lineup_set(
            match=match, team=match.white_team, user=organiser, players=[p3, None, p2]
        )

    assert caught.value.field == "board_3"


# --- page and API -----------------------------------------------------------------------


@pytest.fixture
def published(organiser):
    """Team 1 (roster ranks 1-3) against team 2 in round 1, published, no line-ups yet."""
    section = run_by(team_section(4, boards=2, rounds_played=1), organiser)
    rnd = section.rounds.get()
    rnd.games.all().delete()
    Lineup.objects.filter(round=rnd).delete()
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    return section


def test_lineup_page_shows_the_board_order_error(client, published, organiser):
    client.force_login(organiser)
    top = published.players.get(starting_rank=1)
    reserve = published.players.get(starting_rank=3)
    address = reverse(
        "lineup_update",
        kwargs={
            "event_slug": published.event.slug,
            "section_slug": published.slug,
            "number": 1,
            "team_number": 1,
        },
    )

    response = client.post(address, {"board_1": reserve.pk, "board_2": top.pk})

    assert response.status_code == 200
    assert "Board order: " in response.text
    assert "cannot play above" in response.text
    assert not Lineup.objects.filter(round__section=published).exists()


def test_lineup_api_refuses_the_board_order_break(published):
    captain = UserFactory()
    published.teams.filter(starting_rank=1).update(captain=captain)
    address = f"/api/v1/sections/{published.pk}/rounds/1/lineups/1/"

    response = client_for(captain).post(address, {"players": [3, 1]}, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "board_order"
    assert body["field"] == "board_2"
    assert "cannot play above" in body["message"]
