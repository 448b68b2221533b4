"""Corrections and taking rounds back through the API: shapes, versions, permissions."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tests.pairing.test_drafts import v
from tests.pairing.test_services import finish_round
from tests.pairing.test_services import pair
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def section():
    return make_section(5)


@pytest.fixture
def api(section):
    client = APIClient()
    client.force_authenticate(section.organiser)
    return client


@pytest.fixture
def published(section):
    return make_round(
        section, 1, [(1, 3), (4, 2)], [(5, ByeKind.HALF_POINT)], status=RoundStatus.PUBLISHED
    )


def round_url(section, command, number=1):
    return f"/api/v1/sections/{section.pk}/rounds/{number}/{command}/"


def test_a_result_answers_the_game_with_its_new_version(api, published):
    game = published.games.get(board=1)

    response = api.post(
        f"/api/v1/games/{game.pk}/result/", {"result": "1-0", "version": 1}, format="json"
    )

    assert response.status_code == 200
    body = response.json()
    assert body["game"]["result"] == "1-0"
    assert body["game"]["version"] == 2
    assert body["replay"] == []


def test_a_stale_result_answers_409_with_the_game_as_it_is_now(api, published):
    game = published.games.get(board=1)
    api.post(f"/api/v1/games/{game.pk}/result/", {"result": "1/2", "version": 1}, format="json")

    response = api.post(
        f"/api/v1/games/{game.pk}/result/", {"result": "0-1", "version": 1}, format="json"
    )

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "stale"
    assert body["current"] == {"id": game.pk, "result": "1/2", "version": 2}
    assert "was changed meanwhile" in body["message"]


def test_a_correction_after_the_next_pairing_answers_with_the_replay(
    django_capture_on_commit_callbacks,
):
    section = make_section(8)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    client = APIClient()
    client.force_authenticate(section.organiser)
    game = Game.objects.get(round__section=section, round__number=1, board=1)
    url = f"/api/v1/games/{game.pk}/result/"

    refused = client.post(url, {"result": "0-1", "version": game.version}, format="json")
    response = client.post(
        url, {"result": "0-1", "version": game.version, "reason": "Wrong button."}, format="json"
    )

    assert refused.status_code == 400
    assert refused.json()["field"] == "reason"
    assert response.status_code == 200
    (note,) = response.json()["replay"]
    assert note["round"] == 2
    assert note["same"] is False
    assert note["boards"]
    assert note["text"].startswith("Round 2 would have been paired differently")


def test_colours_are_corrected_with_a_reason(api, published):
    game = published.games.get(board=1)

    missing = api.post(f"/api/v1/games/{game.pk}/correct-colours/", {"version": 1}, format="json")
    response = api.post(
        f"/api/v1/games/{game.pk}/correct-colours/",
        {"version": 1, "reason": "Seen at the board."},
        format="json",
    )

    assert missing.status_code == 400
    assert missing.json()["field"] == "reason"
    assert response.status_code == 200
    assert (response.json()["game"]["white"], response.json()["game"]["black"]) == (3, 1)


def test_a_bye_is_corrected(api, section, published):
    response = api.post(
        round_url(section, "correct-bye"),
        {"player": 5, "kind": "Z", "version": v(published), "reason": "Late notice."},
        format="json",
    )

    assert response.status_code == 200
    assert response.json() == {"game": None, "replay": []}
    assert published.byes.get().kind == ByeKind.ZERO_POINT


def test_the_pairing_allocated_bye_is_refused_by_field(api, section, published):
    response = api.post(
        round_url(section, "correct-bye"),
        {"player": 5, "kind": "U", "version": v(published), "reason": "x"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["field"] == "kind"


def test_a_round_is_unpublished_then_deleted(api, section, published):
    unpublished = api.post(
        round_url(section, "unpublish"), {"version": v(published)}, format="json"
    )
    deleted = api.post(
        round_url(section, "delete"),
        {"version": unpublished.json()["version"], "reason": "Start again."},
        format="json",
    )

    assert unpublished.status_code == 200
    assert unpublished.json()["status"] == "draft"
    assert deleted.status_code == 200
    assert deleted.json()["status"] == "pending"
    assert list(LogEntry.objects.filter(section=section).values_list("action", flat=True)) == [
        LogAction.ROUND_DELETE,
        LogAction.UNPUBLISH,
    ]


def test_a_refused_take_back_is_409(api, section, published):
    game = published.games.get(board=1)
    api.post(f"/api/v1/games/{game.pk}/result/", {"result": "1-0", "version": 1}, format="json")

    response = api.post(round_url(section, "delete"), {"version": v(published)}, format="json")

    assert response.status_code == 409
    assert "has results" in response.json()["message"]
    assert Round.objects.get(pk=published.pk).status == RoundStatus.PUBLISHED


@pytest.mark.parametrize(
    ("command", "data"),
    [
        ("unpublish", {"version": 1}),
        ("delete", {"version": 1}),
        ("correct-bye", {"player": 5, "kind": "Z", "version": 1, "reason": "x"}),
    ],
)
def test_only_the_events_managers_take_rounds_back_or_correct(section, published, command, data):
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())

    response = stranger.post(round_url(section, command), data, format="json")

    assert response.status_code == 403
    assert Round.objects.get(pk=published.pk).status == RoundStatus.PUBLISHED
    assert not LogEntry.objects.exists()
