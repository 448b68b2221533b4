"""Suite-wide fixtures.

Under CI (the `CI` environment variable set), a test that needs PostgreSQL or Redis fails when
the service is missing instead of skipping, so a green run always means the real services were
exercised.

The API tests of every app share clients and sections: `owner` organises the event of every
section made here; `stranger_client` is signed in but has no part in it; `anonymous` is not
signed in.
"""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING
from urllib.parse import urlparse

import pytest
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.services import api_token_create
from config.celery import app
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.golden import dutch_corpus
from tournaments import services

if TYPE_CHECKING:
    from tournaments.models import Section


def _reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=2
        ):
            return True
    except OSError:
        return False


def require_service(name: str, env_var: str, default_port: int) -> str:
    """Return the service URL, or skip (fail under CI) when it is not configured or down."""
    url = os.environ.get(env_var, "")
    problem = ""
    if not url:
        problem = f"{name} not configured ({env_var} is not set)"
    elif not _reachable(url, default_port):
        problem = f"{name} not reachable at {url}"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"{problem}; CI must exercise the real {name}")
        pytest.skip(problem)
    return url


@pytest.fixture
def redis_url() -> str:
    return require_service("Redis", "CELERY_BROKER_URL", 6379)


@pytest.fixture
def postgres_url() -> str:
    url = require_service("PostgreSQL", "DATABASE_URL", 5432)
    if not url.startswith(("postgres://", "postgresql://")):
        if os.environ.get("CI"):
            pytest.fail("CI must run the suite against PostgreSQL")
        pytest.skip("DATABASE_URL is not PostgreSQL")
    return url


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: cached pages must not leak between tests."""

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def eager_tasks():
    """Tasks run in-process, even when a broker is configured: nothing is left on a queue
    for some other test's worker to take. Modules that pair rounds use it for every test."""

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def client_for(user=None) -> APIClient:
    """An API client, signed in with `user`'s token when one is given.

    The token counts as used a moment ago, as a client's usually is: its first request does
    not note the time of use (one write a minute), so query counts are the steady ones."""

    client = APIClient()
    if user is not None:
        token, secret = api_token_create(user=user, name="tests")
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
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
    return services.do_section_import_trf(event=event, name="Case 1", text=text)
