"""Draft edits through the API: one command per change, the round's log, errors by field."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.pairing.test_drafts import boards_of
from tests.pairing.test_drafts import byes_of
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tests.pairing.test_drafts import v
from tournaments.models import ByeKind
from tournaments.models import LogEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return make_section(7)


@pytest.fixture
def draft(section):
    return make_round(section, 1, [(1, 4), (5, 2), (3, 6)], [(7, ByeKind.PAIRING_ALLOCATED)])


@pytest.fixture
def api(section):
    client = APIClient()
    client.force_authenticate(section.organiser)
    return client


def url(section, name, number=1):
    return reverse(name, args=[section.pk, number])


@pytest.mark.parametrize(
    ("name", "data", "change"),
    [
        ("api-round-swap-players", {"first": 1, "second": 2}, [(2, 4), (5, 1), (3, 6)]),
        ("api-round-pair-players", {"white": 1, "black": 3}, [(1, 3), (5, 2), (6, 4)]),
        ("api-round-give-bye", {"player": 2}, [(1, 4), (5, 7), (3, 6)]),
        ("api-round-take-bye", {"player": 7, "opponent": 6}, [(1, 4), (5, 2), (7, 6)]),
    ],
)
def test_each_command_changes_the_draft_and_answers_with_the_round(
    api, section, draft, name, data, change
):
    response = api.post(url(section, name), {**data, "version": v(draft)}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["number"] == 1
    assert response.json()["version"] == v(draft)
    assert boards_of(draft) == change


def test_the_log_lists_the_changes_newest_first(api, section, draft):
    api.post(url(section, "api-round-give-bye"), {"player": 2, "version": v(draft)}, format="json")
    api.post(
        url(section, "api-round-take-bye"),
        {"player": 2, "opponent": 1, "version": v(draft)},
        format="json",
    )

    log = api.get(url(section, "api-round-edits")).json()

    assert [e["action"] for e in log] == ["bye_take", "bye_give"]
    assert log[0]["user"] == section.organiser.username
    assert set(log[0]["warnings"]) == {"added", "resolved"}


def test_a_refused_change_names_its_field(api, section, draft):
    response = api.post(
        url(section, "api-round-pair-players"), {"white": 1, "black": 99, "version": v(draft)}
    )

    assert response.status_code == 400
    assert response.json()["field"] == "black"
    assert LogEntry.objects.count() == 0


def test_malformed_input_is_refused_by_field(api, section, draft):
    response = api.post(url(section, "api-round-swap-players"), {"first": "x"}, format="json")

    assert response.status_code == 400
    assert "first" in str(response.json())
    assert byes_of(draft) == [7]


def test_others_may_neither_change_a_draft_nor_read_its_log(section, draft):
    client = APIClient()
    client.force_authenticate(UserFactory())

    data = {"player": 1, "version": v(draft)}
    assert client.post(url(section, "api-round-give-bye"), data).status_code == 403
    assert client.get(url(section, "api-round-edits")).status_code == 403


def test_a_change_made_on_an_old_version_is_refused_with_who_changed_it(api, section, draft):
    seen = v(draft)
    api.post(url(section, "api-round-give-bye"), {"player": 2, "version": seen}, format="json")

    late = api.post(
        url(section, "api-round-give-bye"), {"player": 1, "version": seen}, format="json"
    )

    assert late.status_code == 409
    body = late.json()
    assert body["code"] == "stale"
    assert body["current"]["version"] == seen + 1
    assert f"by {section.organiser.username}" in body["message"]
    assert byes_of(draft) == [2]


def test_a_change_without_the_version_is_refused(api, section, draft):
    response = api.post(url(section, "api-round-give-bye"), {"player": 2}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "version"
    assert byes_of(draft) == [7]
