"""A user's page: the events they run or captain a team in, linked, and their tokens."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.services import api_token_create
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import team_section

pytestmark = pytest.mark.django_db

URL = "/accounts/profile/"


@pytest.fixture
def user():
    return UserFactory(username="olga")


def test_the_page_lists_each_role_with_links(client, user):
    run = EventFactory(name="Spring Open")
    run.organisers.add(user)
    judged = EventFactory(name="Autumn Cup")
    judged.arbiters.add(user)
    section = team_section(teams=2, rounds_played=0, event=EventFactory(name="League"))
    team = section.teams.get(starting_rank=2)
    team.captain = user
    team.save()
    EventFactory(name="Somebody Else's")
    client.force_login(user)

    page = client.get(URL).content.decode()

    assert "Spring Open</a>:\n      organiser" in page
    assert "Autumn Cup</a>:\n      arbiter" in page
    team_url = reverse(
        "team_detail",
        kwargs={"event_slug": section.event.slug, "section_slug": section.slug, "number": 2},
    )
    assert f'captain of <a href="{team_url}">{team.name}</a>' in page
    assert "Somebody Else" not in page
    assert reverse("event_people", kwargs={"event_slug": run.slug}) in page


def test_the_page_counts_working_tokens_and_links_to_them(client, user):
    api_token_create(user=user, name="board")
    client.force_login(user)

    page = client.get(URL).content.decode()

    assert "(1 working)" in page
    assert reverse("token_list") in page


def test_the_page_costs_the_same_queries_for_one_event_or_many(client, user):
    EventFactory().organisers.add(user)
    client.force_login(user)
    with CaptureQueriesContext(connection) as one:
        client.get(URL)
    for _ in range(5):
        EventFactory().arbiters.add(user)
    with CaptureQueriesContext(connection) as six:
        client.get(URL)

    assert len(six) == len(one)


def test_a_visitor_is_sent_to_log_in(client):
    assert client.get(URL)["Location"].startswith("/accounts/login/")
