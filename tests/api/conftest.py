"""Clients and sections for the API tests.

`owner` organises the event of every section made here; `stranger` is signed in but has
no part in it; `anonymous` is not signed in.
"""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.celery import app
from tests.factories import EventFactory, PlayerFactory, SectionFactory, UserFactory
from tests.golden import dutch_corpus
from tournaments import services
from tournaments.models import Section


@pytest.fixture(autouse=True)
def eager_tasks():
    """Tasks run in-process, even when a broker is configured: nothing is left on a queue
    for some other test's worker to take. `live_worker` turns this off for its tests."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def owner():
    return UserFactory(username="owner")


@pytest.fixture
def owner_client(owner) -> APIClient:
    return client_for(owner)


@pytest.fixture
def stranger_client() -> APIClient:
    return client_for(UserFactory(username="stranger"))


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()


@pytest.fixture
def event(owner):
    event = EventFactory()
    event.organisers.add(owner)
    return event


@pytest.fixture
def section(event) -> Section:
    """Six players ranked 1..6, three rounds planned, nothing paired."""
    section = SectionFactory(event=event, planned_rounds=3)
    for rank in range(1, 7):
        PlayerFactory(section=section, starting_rank=rank, fide_rating=2500 - 10 * rank)
    return section


@pytest.fixture
def corpus_section(event) -> Section:
    """A Dutch corpus case (18 players, four rounds played) stored as a section."""
    text = (dutch_corpus() / "case000001.trf").read_bytes()
    return services.section_import_trf(event=event, name="Case 1", text=text)
