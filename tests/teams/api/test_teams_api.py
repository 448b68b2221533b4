"""Team sections through the API: teams, a round's match cards, line-ups by starting rank."""

from __future__ import annotations

import pytest

from teams.models import Lineup
from tests.conftest import client_for
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def section(owner):
    """Four teams of three (two boards), round 1 played, round 2 published and open."""
    section = team_section(4, boards=2, rounds_played=2)
    section.event.organisers.add(owner)
    rnd = section.rounds.get(number=2)
    rnd.games.update(result="")
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    return section


def teams_url(section):
    return f"/api/v1/sections/{section.pk}/teams/"


def matches_url(section, number):
    return f"/api/v1/sections/{section.pk}/rounds/{number}/matches/"


def lineup_url(section, number, team):
    return f"/api/v1/sections/{section.pk}/rounds/{number}/lineups/{team}/"


def test_teams_come_with_their_rosters_in_board_order(anonymous, section):
    response = anonymous.get(teams_url(section))
    assert response.status_code == 200
    first = response.json()[0]
    assert first["number"] == 1
    assert first["name"] == "Team 01"
    assert [(p["board_order"], p["player"]) for p in first["players"]] == [(1, 1), (2, 2), (3, 3)]
    assert first["withdrawn_from_round"] is None


def test_a_played_round_has_boards_game_points_and_match_points(anonymous, section):
    body = anonymous.get(matches_url(section, 1)).json()
    assert body["round"] == 1
    assert body["status"] == "completed"
    match = body["matches"][0]
    assert (match["white_team"], match["black_team"]) == (1, 2)
    # The factory's white team wins board 1 and draws board 2.
    assert [b["result"] for b in match["boards"]] == ["1-0", "1/2"]
    assert [b["white_team_has_white"] for b in match["boards"]] == [True, False]
    assert match["boards"][0]["white_team_player"] == 1
    assert match["boards"][0]["black_team_player"] == 4
    assert match["game_points"] == ["1.5", "0.5"]
    assert match["match_points"] == ["2", "0"]


def test_an_open_match_has_no_match_points_yet(anonymous, section):
    match = anonymous.get(matches_url(section, 2)).json()["matches"][0]
    assert match["match_points"] is None
    assert match["game_points"] == ["0", "0"]
    assert {b["result"] for b in match["boards"]} == {""}
    # Results go in under each board's game.
    for board in match["boards"]:
        response = anonymous.post(
            f"/api/v1/games/{board['game']}/result/",
            {"result": "1-0", "version": board["version"]},
            format="json",
        )
        assert response.status_code == 401


def test_drafts_are_for_the_event_s_managers(anonymous, owner_client, section):
    rnd = section.rounds.get(number=2)
    rnd.status = RoundStatus.DRAFT
    rnd.save()
    assert anonymous.get(matches_url(section, 2)).status_code == 404
    assert owner_client.get(matches_url(section, 2)).json()["status"] == "draft"


def test_an_individual_section_has_no_teams(anonymous):
    response = anonymous.get(teams_url(SectionFactory()))
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_the_organiser_sets_a_line_up_by_starting_ranks(owner_client, section):
    team = section.teams.get(starting_rank=2)
    response = owner_client.post(lineup_url(section, 2, 2), {"players": [4, 6]}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == [{"board": 1, "player": 4}, {"board": 2, "player": 6}]
    rows = Lineup.objects.filter(team=team, round__number=2).order_by("board")
    assert [row.player.starting_rank for row in rows] == [4, 6]


def test_a_board_can_be_left_empty_and_the_default_restored(owner_client, section):
    response = owner_client.post(lineup_url(section, 2, 2), {"players": [None, 5]}, format="json")
    assert response.json() == [{"board": 1, "player": None}, {"board": 2, "player": 5}]
    response = owner_client.post(lineup_url(section, 2, 2), {}, format="json")
    assert response.json() == [{"board": 1, "player": 4}, {"board": 2, "player": 5}]


def test_the_captain_sets_the_own_line_up_only(section):
    captain = UserFactory(username="captain")
    section.teams.filter(starting_rank=2).update(captain=captain)
    client = client_for(captain)
    assert (
        client.post(lineup_url(section, 2, 2), {"players": [5, 6]}, format="json").status_code
        == 200
    )
    refused = client.post(lineup_url(section, 2, 1), {"players": [2, 1]}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "permission_denied"


def test_strangers_and_visitors_may_not_set_line_ups(anonymous, stranger_client, section):
    assert anonymous.post(lineup_url(section, 2, 2), {}, format="json").status_code in (401, 403)
    assert stranger_client.post(lineup_url(section, 2, 2), {}, format="json").status_code == 403


@pytest.mark.parametrize(
    ("players", "field"),
    [
        ([1, 4], "board_1"),  # not on the team
        ([4, 4], "board_2"),  # two boards
        ([99], "players"),  # no such player
        ([4, 5, 6], "board"),  # three boards in a two-board match
        (["x"], "players"),
    ],
)
def test_a_wrong_line_up_names_the_field(owner_client, section, players, field):
    response = owner_client.post(lineup_url(section, 2, 2), {"players": players}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"].startswith(field)


def test_a_line_up_is_closed_once_a_board_has_a_result(owner_client, section):
    game = section.rounds.get(number=2).games.order_by("board").first()
    game.result = "1-0"
    game.save()
    match = next(m for m in owner_client.get(matches_url(section, 2)).json()["matches"])
    response = owner_client.post(
        lineup_url(section, 2, match["white_team"]), {"players": []}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "lineup_state"


def test_a_team_without_a_match_in_the_round_is_not_found(owner_client, section):
    assert owner_client.post(lineup_url(section, 4, 1), {}, format="json").status_code == 404


def test_a_private_event_s_captain_sets_the_line_up_through_the_api(section):
    section.event.is_public = False
    section.event.save()
    captain = UserFactory(username="captain")
    section.teams.filter(starting_rank=2).update(captain=captain)
    stranger = client_for(UserFactory(username="stranger"))
    assert stranger.get(matches_url(section, 2)).status_code == 404
    client = client_for(captain)
    assert client.get(matches_url(section, 2)).status_code == 200
    assert (
        client.post(lineup_url(section, 2, 2), {"players": [5, 6]}, format="json").status_code
        == 200
    )


def test_the_organiser_adds_a_team_with_its_roster(owner_client, owner):
    section = SectionFactory(system="team_swiss", boards_per_match=2)
    section.event.organisers.add(owner)
    body = {
        "name": "Tromsø Rooks",
        "federation": "nor",
        "players": [
            {"last_name": "Haugen", "first_name": "Magnus", "rating": 2388},
            {"last_name": "Lie", "first_name": "Kari"},
        ],
    }
    response = owner_client.post(teams_url(section), body, format="json")
    assert response.status_code == 201, response.json()
    team = response.json()
    assert (team["number"], team["name"], team["federation"]) == (1, "Tromsø Rooks", "NOR")
    assert [(p["board_order"], p["name"], p["rating"]) for p in team["players"]] == [
        (1, "Haugen, Magnus", 2388),
        (2, "Lie, Kari", None),
    ]
    assert section.players.count() == 2


def test_a_team_is_added_whole_or_not_at_all(owner_client, owner):
    section = SectionFactory(system="team_swiss", boards_per_match=2)
    section.event.organisers.add(owner)
    owner_client.post(teams_url(section), {"name": "Rooks"}, format="json")
    again = owner_client.post(
        teams_url(section),
        {"name": "Rooks", "players": [{"last_name": "Haugen"}]},
        format="json",
    )
    assert again.status_code == 400
    assert again.json()["field"] == "name"
    assert section.players.count() == 0
    missing = owner_client.post(teams_url(section), {"players": [{}]}, format="json")
    assert missing.status_code == 400
    assert {e["field"] for e in missing.json()["errors"]} == {"name", "players.0.last_name"}


def test_only_managers_add_teams(anonymous, stranger_client, section):
    assert anonymous.post(teams_url(section), {"name": "X"}, format="json").status_code in (
        401,
        403,
    )
    assert stranger_client.post(teams_url(section), {"name": "X"}, format="json").status_code == 403


def test_a_team_section_made_through_the_api_gets_its_boards(owner_client):
    event = owner_client.post("/api/v1/events/", {"name": "League"}, format="json").json()
    section = owner_client.post(
        f"/api/v1/events/{event['id']}/sections/",
        {"name": "Division 1", "system": "team_swiss", "rounds": 5},
        format="json",
    ).json()
    url = f"/api/v1/sections/{section['id']}/boards-per-match/"
    response = owner_client.post(url, {"boards_per_match": 4}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == {"boards_per_match": 4}
    refused = owner_client.post(url, {"boards_per_match": 0}, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "boards_per_match"


def test_boards_are_fixed_once_round_1_is_paired(owner_client, section, stranger_client):
    url = f"/api/v1/sections/{section.pk}/boards-per-match/"
    assert stranger_client.post(url, {"boards_per_match": 3}, format="json").status_code == 403
    response = owner_client.post(url, {"boards_per_match": 3}, format="json")
    assert response.status_code == 409


def test_a_team_event_runs_through_the_api_alone(owner_client, django_capture_on_commit_callbacks):
    """Set up, pair, publish, enter every board and read the team standings."""
    event = owner_client.post("/api/v1/events/", {"name": "League"}, format="json").json()
    section = owner_client.post(
        f"/api/v1/events/{event['id']}/sections/",
        {"name": "Division 1", "system": "team_swiss", "rounds": 3},
        format="json",
    ).json()
    base = f"/api/v1/sections/{section['id']}/"
    owner_client.post(base + "boards-per-match/", {"boards_per_match": 2}, format="json")
    for team in range(1, 5):
        roster = [
            {"last_name": f"T{team}B{board}", "rating": 2400 - 10 * team - board}
            for board in (1, 2)
        ]
        added = owner_client.post(
            base + "teams/", {"name": f"Club {team}", "players": roster}, format="json"
        )
        assert added.status_code == 201, added.json()

    with django_capture_on_commit_callbacks(execute=True):
        accepted = owner_client.post(base + "rounds/1/pair/")
    assert accepted.status_code == 202, accepted.json()
    assert owner_client.get(accepted.json()["run"]).json()["status"] == "done"
    assert owner_client.post(base + "rounds/1/publish/").status_code == 200

    matches = owner_client.get(base + "rounds/1/matches/").json()["matches"]
    assert len(matches) == 2
    for match in matches:
        for board in match["boards"]:
            # The white team wins every board: 1-0 where it has White, 0-1 where it has Black.
            result = "1-0" if board["white_team_has_white"] else "0-1"
            response = owner_client.post(
                f"/api/v1/games/{board['game']}/result/",
                {"result": result, "version": board["version"]},
                format="json",
            )
            assert response.status_code == 200, response.json()

    decided = owner_client.get(base + "rounds/1/matches/").json()
    assert decided["status"] == "completed"
    assert [m["match_points"] for m in decided["matches"]] == [["2", "0"], ["2", "0"]]
    standings = owner_client.get(base + "standings/").json()
    winners = {m["white_team"] for m in decided["matches"]}
    top_two = {row["player"] for row in standings["rows"][:2]}
    assert top_two == winners
    assert [row["points"] for row in standings["rows"]] == ["2", "2", "0", "0"]


def test_players_are_added_to_a_team_through_the_api(owner_client, section, stranger_client):
    url = f"/api/v1/sections/{section.pk}/teams/2/players/"
    body = [{"last_name": "Reserve", "first_name": "New", "rating": 1900}]
    assert stranger_client.post(url, body, format="json").status_code == 403
    response = owner_client.post(url, body, format="json")
    assert response.status_code == 201, response.json()
    players = response.json()["players"]
    assert (players[-1]["board_order"], players[-1]["name"]) == (4, "Reserve, New")
    bad = owner_client.post(url, [{"first_name": "X"}], format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "0.last_name"
    assert (
        owner_client.post(
            f"/api/v1/sections/{section.pk}/teams/9/players/", body, format="json"
        ).status_code
        == 404
    )
