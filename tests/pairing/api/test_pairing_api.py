"""Pairing endpoints: pair, follow the run, read the boards, publish, enter results."""

from __future__ import annotations

import pytest

from pairing.models import PairingRun
from pairing.models import RunStatus
from tests.conftest import client_for
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def pair_url(section, number=1):
    return f"/api/v1/sections/{section.pk}/rounds/{number}/pair/"


def pairings_url(section, number=1):
    return f"/api/v1/sections/{section.pk}/rounds/{number}/pairings/"


def publish_url(section, number=1):
    return f"/api/v1/sections/{section.pk}/rounds/{number}/publish/"


@pytest.fixture
def paired(section, owner_client, django_capture_on_commit_callbacks):
    """Round 1 of `section` paired as a draft through the API."""
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(pair_url(section))
    assert response.status_code == 202
    return response


@pytest.fixture
def published(paired, section, owner_client):
    assert owner_client.post(publish_url(section)).status_code == 200
    return Round.objects.get(section=section, number=1)


# -- pair --------------------------------------------------------------------------------


def test_pair_request_answers_202_with_the_run_to_poll(paired, owner_client):
    run = PairingRun.objects.get()

    assert paired.json()["run"] == f"http://testserver/api/v1/runs/{run.pk}/"
    polled = owner_client.get(paired.json()["run"])
    assert polled.status_code == 200
    assert polled.json()["status"] == "done"
    assert polled.json()["error"] == ""
    assert polled.json()["error_code"] is None
    assert polled.json()["round"] == 1


def test_second_pair_request_returns_same_run(section, owner_client):
    first = owner_client.post(pair_url(section))
    second = owner_client.post(pair_url(section))

    assert first.status_code == second.status_code == 202
    assert first.json()["run"] == second.json()["run"]
    assert first.json()["status"] == "queued"
    assert PairingRun.objects.count() == 1


def test_pair_request_on_a_draft_answers_200_with_its_run_and_starts_nothing(
    paired, owner_client, section
):
    response = owner_client.post(pair_url(section))

    assert response.status_code == 200
    assert response.json()["run"] == paired.json()["run"]
    assert response.json()["status"] == "done"
    assert PairingRun.objects.count() == 1


def test_pair_again_answers_202_with_a_new_run(
    paired, owner_client, section, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(pair_url(section), {"again": True}, format="json")

    assert response.status_code == 202
    assert response.json()["id"] != paired.json()["id"]
    assert PairingRun.objects.count() == 2
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT


def test_pair_again_that_is_not_a_boolean_is_a_400_naming_the_field(section, owner_client):
    response = owner_client.post(pair_url(section), {"again": "perhaps"}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "again"
    assert not PairingRun.objects.exists()


def test_pair_request_with_the_broker_out_of_reach_is_a_503_that_says_so(
    section, owner_client, broker_refusing
):
    response = owner_client.post(pair_url(section))

    assert response.status_code == 503
    assert response.json() == {
        "code": "service_unavailable",
        "message": "The pairing service cannot be reached; nothing was changed. "
        "Try again in a minute.",
    }
    assert response["Retry-After"] == "30"
    assert not PairingRun.objects.exists()
    assert not Round.objects.filter(section=section).exists()


def test_anonymous_pair_request_is_unauthorised(section, anonymous):
    response = anonymous.post(pair_url(section))

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert not PairingRun.objects.exists()


def test_another_organiser_may_not_pair(section, stranger_client):
    response = stranger_client.post(pair_url(section))

    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    assert not PairingRun.objects.exists()


def test_pairing_beyond_the_planned_rounds_is_a_400_naming_the_round(section, owner_client):
    response = owner_client.post(pair_url(section, 4))

    assert response.status_code == 400
    assert response.json()["field"] == "number"
    assert response.json()["code"] == "invalid"


def test_pairing_round_two_before_round_one_is_a_conflict(section, owner_client):
    response = owner_client.post(pair_url(section, 2))

    assert response.status_code == 409
    assert response.json()["code"] == "round_state"


def test_pairing_an_unknown_section_is_404(owner_client):
    response = owner_client.post("/api/v1/sections/999999/rounds/1/pair/")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_failed_run_reports_the_engine_reason(
    event, owner_client, django_capture_on_commit_callbacks
):
    section = SectionFactory(event=event, planned_rounds=3)
    players = [PlayerFactory(section=section, starting_rank=rank) for rank in (1, 2)]
    group = ProhibitedGroup.objects.create(
        section=section, name="Siblings", kind=ConstraintKind.STRICT
    )
    group.members.set(players)

    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(pair_url(section))
    run = owner_client.get(response.json()["run"]).json()

    assert run["status"] == "failed"
    assert run["error"].startswith("No legal pairing")
    assert run["error_code"] == "no_legal_pairing"
    assert Round.objects.get(section=section).status == RoundStatus.PENDING


def test_unknown_run_is_404(anonymous):
    assert anonymous.get("/api/v1/runs/999999/").status_code == 404


def test_run_of_a_private_event_is_hidden_from_others(paired, event, stranger_client):
    event.is_public = False
    event.save()

    assert stranger_client.get(paired.json()["run"]).status_code == 404


def test_run_of_a_private_event_answers_as_a_missing_run(paired, event, anonymous):
    event.is_public = False
    event.save()
    run = PairingRun.objects.get()

    hidden = anonymous.get(f"/api/v1/runs/{run.pk}/")

    assert hidden.status_code == 404
    assert hidden.json() == {"code": "not_found", "message": f"There is no pairing run {run.pk}."}


# -- pairings ----------------------------------------------------------------------------


def test_draft_pairings_are_shown_to_the_organiser_only(
    paired, section, owner_client, anonymous, stranger_client
):
    assert anonymous.get(pairings_url(section)).status_code == 404
    assert stranger_client.get(pairings_url(section)).status_code == 404
    response = owner_client.get(pairings_url(section))

    assert response.status_code == 200
    assert response.json()["status"] == "draft"


def test_pairings_list_boards_by_starting_rank(published, section, anonymous):
    body = anonymous.get(pairings_url(section)).json()

    games = Game.objects.filter(round=published).select_related("white", "black")
    assert body["round"] == 1
    assert body["status"] == "published"
    assert body["bye"] is None
    assert body["byes"] == []
    assert body["boards"] == [
        {
            "board": g.board,
            "white": g.white.starting_rank,
            "black": g.black.starting_rank,
            "result": "",
            "game": g.pk,
            "version": 1,
        }
        for g in games.order_by("board")
    ]
    assert {frozenset((b["white"], b["black"])) for b in body["boards"]} == {
        frozenset((1, 4)),
        frozenset((2, 5)),
        frozenset((3, 6)),
    }


def test_results_are_entered_under_the_game_ids_the_pairings_give(published, section, owner_client):
    boards = owner_client.get(pairings_url(section)).json()["boards"]
    for board in boards:
        response = owner_client.post(
            f"/api/v1/games/{board['game']}/result/",
            {"result": "1/2", "version": board["version"]},
            format="json",
        )
        assert response.status_code == 200, response.json()
    body = owner_client.get(pairings_url(section)).json()
    assert body["status"] == "completed"
    assert {b["result"] for b in body["boards"]} == {"1/2"}


def test_pairings_name_the_pairing_allocated_bye(
    event, owner_client, django_capture_on_commit_callbacks
):
    section = SectionFactory(event=event, planned_rounds=3)
    for rank in range(1, 6):
        PlayerFactory(section=section, starting_rank=rank)
    with django_capture_on_commit_callbacks(execute=True):
        owner_client.post(pair_url(section))

    body = owner_client.get(pairings_url(section)).json()

    assert body["bye"] == 5
    assert body["byes"] == [{"player": 5, "kind": "U"}]
    assert len(body["boards"]) == 2


def test_a_draft_answers_outsiders_as_a_round_not_made(paired, section, anonymous, stranger_client):
    for client in (anonymous, stranger_client):
        for url in (pairings_url(section, 1), f"/api/v1/sections/{section.pk}/rounds/1/"):
            draft = client.get(url)
            missing = client.get(url.replace("/rounds/1/", "/rounds/2/"))

            assert draft.status_code == missing.status_code == 404
            # The same answer, but for the round's number in the message.
            assert draft.json() == {**missing.json(), "message": draft.json()["message"]}
            assert missing.json()["message"] == f"Section {section.pk} has no round 2 yet."
            assert draft.json()["message"] == f"Section {section.pk} has no round 1 yet."
        edits = f"/api/v1/sections/{section.pk}/rounds/%d/edits/"
        assert client.get(edits % 1).json() == client.get(edits % 2).json()


def test_pairings_of_a_round_not_yet_made_are_404(section, anonymous):
    response = anonymous.get(pairings_url(section, 2))

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def _published_round(players: int, owner, capture) -> tuple[int, int]:
    section = SectionFactory(planned_rounds=3)
    section.event.organisers.add(owner)
    for rank in range(1, players + 1):
        PlayerFactory(section=section, starting_rank=rank)
    client = client_for(owner)
    with capture(execute=True):
        client.post(pair_url(section))
    client.post(publish_url(section))
    return section.pk, players


@pytest.mark.parametrize("players", [6, 41])
def test_pairings_take_four_queries_whatever_the_number_of_players(
    players, owner, anonymous, django_capture_on_commit_callbacks, django_assert_num_queries
):
    pk, _ = _published_round(players, owner, django_capture_on_commit_callbacks)

    # section (with its event; visible events as a subquery), round, games with both
    # players, byes with their player.
    with django_assert_num_queries(4):
        response = anonymous.get(f"/api/v1/sections/{pk}/rounds/1/pairings/")
    assert response.status_code == 200
    assert len(response.json()["boards"]) == players // 2


def test_organiser_reading_a_draft_costs_the_token_and_the_manager_check(
    section, owner_client, django_capture_on_commit_callbacks, django_assert_num_queries
):
    with django_capture_on_commit_callbacks(execute=True):
        owner_client.post(pair_url(section))

    # token with its user, section, round, organiser check, games, byes
    with django_assert_num_queries(6):
        assert owner_client.get(pairings_url(section)).status_code == 200


# -- publish -----------------------------------------------------------------------------


def test_publishing_a_draft_answers_the_round(paired, section, owner_client):
    response = owner_client.post(publish_url(section))

    assert response.status_code == 200
    assert response.json()["status"] == "published"
    assert response.json()["published_at"]


def test_publishing_twice_is_a_conflict(published, section, owner_client):
    response = owner_client.post(publish_url(section))

    assert response.status_code == 409
    assert response.json()["code"] == "round_state"


def test_publishing_needs_an_organiser(paired, section, anonymous, stranger_client):
    assert anonymous.post(publish_url(section)).status_code == 401
    assert stranger_client.post(publish_url(section)).status_code == 403
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT


# -- results -----------------------------------------------------------------------------


def result_url(game):
    return f"/api/v1/games/{game.pk}/result/"


def test_entering_every_result_completes_the_round(published, owner_client):
    games = list(published.games.order_by("board"))

    for game in games:
        response = owner_client.post(
            result_url(game), {"result": "1/2", "version": game.version}, format="json"
        )
        assert response.status_code == 200

    assert response.json()["game"]["result"] == "1/2"
    assert response.json()["game"]["round_status"] == "completed"
    published.refresh_from_db()
    assert published.status == RoundStatus.COMPLETED


def test_unknown_result_is_a_400_naming_the_field(published, owner_client):
    game = published.games.first()

    response = owner_client.post(result_url(game), {"result": "2-0", "version": 1}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "result"
    game.refresh_from_db()
    assert game.result == GameResult.PENDING


def test_missing_result_is_a_400_naming_the_field(published, owner_client):
    response = owner_client.post(result_url(published.games.first()), {}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "result"


def test_results_need_an_organiser(published, anonymous, stranger_client):
    game = published.games.first()

    data = {"result": "1-0", "version": game.version}
    assert anonymous.post(result_url(game), data, format="json").status_code == 401
    assert stranger_client.post(result_url(game), data, format="json").status_code == 403


def test_result_of_a_draft_round_is_a_conflict(paired, section, owner_client):
    game = Game.objects.filter(round__section=section).first()

    response = owner_client.post(result_url(game), {"result": "1-0", "version": 1}, format="json")

    assert response.status_code == 409


def test_result_of_an_unknown_game_is_404(owner_client):
    response = owner_client.post("/api/v1/games/999999/result/", {"result": "1-0"}, format="json")

    assert response.status_code == 404


def test_event_arbiter_may_enter_results(published, section):
    arbiter = UserFactory(username="arbiter")
    section.event.arbiters.add(arbiter)

    response = client_for(arbiter).post(
        result_url(published.games.first()), {"result": "0-1", "version": 1}, format="json"
    )

    assert response.status_code == 200


def test_next_round_can_be_paired_once_results_are_in(
    published, section, owner_client, django_capture_on_commit_callbacks
):
    for game in published.games.all():
        owner_client.post(
            result_url(game), {"result": "1-0", "version": game.version}, format="json"
        )

    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(pair_url(section, 2))

    assert response.status_code == 202
    assert PairingRun.objects.get(round_number=2).status == RunStatus.DONE


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/sections/99999999999999999999/rounds/1/pairings/",
        "/api/v1/sections/{section}/rounds/99999999999999999999/pairings/",
        "/api/v1/runs/99999999999999999999/",
    ],
)
def test_numbers_beyond_any_column_are_404_not_an_error(section, anonymous, url):
    assert anonymous.get(url.format(section=section.pk)).status_code == 404


def test_pairing_a_round_number_beyond_any_column_is_a_400(section, owner_client):
    response = owner_client.post(pair_url(section, 99999999999999999999))

    assert response.status_code == 400
    assert response.json()["field"] == "number"


def test_runs_of_a_section_newest_first(paired, section, owner_client):
    with_repair = owner_client.post(pair_url(section), {"again": True}, format="json")

    runs = owner_client.get(f"/api/v1/sections/{section.pk}/runs/").json()

    assert [r["id"] for r in runs] == [with_repair.json()["id"], paired.json()["id"]]
    assert set(runs[0]) >= {"status", "error", "round", "attempts"}


@pytest.mark.parametrize("client", ["anonymous", "stranger_client"])
def test_runs_of_a_section_are_for_its_managers_only(paired, section, client, request):
    response = request.getfixturevalue(client).get(f"/api/v1/sections/{section.pk}/runs/")

    assert response.status_code == 403
    assert "runs" not in response.json()


@pytest.mark.parametrize("client", ["anonymous", "stranger_client"])
def test_run_of_a_public_event_is_hidden_from_all_but_its_managers(paired, client, request):
    response = request.getfixturevalue(client).get(paired.json()["run"])

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.django_db(transaction=True)
def test_pair_answer_tells_how_the_run_stands_when_it_ran_in_process(section, owner_client):
    # Really committed, so the in-process task runs before the answer is made.
    response = owner_client.post(pair_url(section))

    assert response.json()["status"] == "done"


# -- changing a draft by hand ------------------------------------------------------------


def test_swapping_colours_answers_the_round_with_its_edits(paired, section, owner_client):
    game = Game.objects.get(round__section=section, board=2)

    response = owner_client.post(
        f"/api/v1/games/{game.pk}/swap-colours/", {"version": game.round.version}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["is_pure_fide"] is False
    assert response.json()["explanation"]["edits"] == ["Board 2: colours swapped by hand."]
    assert response.json()["explanation"]["warnings"] == []


def test_changing_a_draft_needs_an_organiser(paired, section, anonymous, stranger_client):
    game = Game.objects.get(round__section=section, board=2)
    url = f"/api/v1/sections/{section.pk}/rounds/1/swap-opponents/"

    colours = f"/api/v1/games/{game.pk}/swap-colours/"
    assert anonymous.post(colours, {"version": 1}, format="json").status_code == 401
    assert stranger_client.post(colours, {"version": 1}, format="json").status_code == 403
    data = {"boards": [1, 2], "version": 1}
    assert stranger_client.post(url, data, format="json").status_code == 403


def test_exchanging_opponents(paired, section, owner_client):
    response = owner_client.post(
        f"/api/v1/sections/{section.pk}/rounds/1/swap-opponents/",
        {"boards": [1, 2], "version": Round.objects.get(section=section).version},
        format="json",
    )

    assert response.status_code == 200
    assert response.json()["explanation"]["edits"] == [
        "Boards 1 and 2: opponents exchanged by hand."
    ]


@pytest.mark.parametrize("boards", [[1], [1, 2, 3], ["one", 2], [0, 1], [1, 1], [1, 9]])
def test_exchanging_opponents_with_bad_boards_is_a_400_naming_the_field(
    paired, section, owner_client, boards
):
    response = owner_client.post(
        f"/api/v1/sections/{section.pk}/rounds/1/swap-opponents/",
        {"boards": boards, "version": Round.objects.get(section=section).version},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["field"].startswith("boards")


def test_changing_a_published_round_without_a_case_of_4_4_is_a_conflict(published, owner_client):
    url = f"/api/v1/games/{published.games.first().pk}/swap-colours/"

    response = owner_client.post(url, {"version": published.version}, format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "round_state"
    assert response.json()["field"] == "case"
