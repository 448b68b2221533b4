"""The site with its Redis away: pages, API reads, signing in and pairing answer as they
should, at once, and the cache is used again when Redis returns, with nothing restarted.

Each test starts a Redis server of its own on a free port (never the shared one), points the
site's cache (`common.cache.ResilientRedisCache`, as production's settings do) and its
broker at it, then kills it, or points both at a port that accepts connections and never
answers. What they measure is also written to `test-artifacts/faults/measurements.jsonl`.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from pairing.models import PairingRun
from tests.conftest import client_for
from tests.pairing.helpers import black_hole
from tests.pairing.helpers import broker_at
from tests.pairing.helpers import free_port
from tournaments.models import LogEntry
from tournaments.models import Round

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "faults"
PASSWORD = "correct-horse-battery"
# Seconds the cache is left alone after a failure, short so that a test sees it come back.
RETRY_AFTER = 0.5
# What "at once" means for a page or an API read with Redis away, on a busy 2-core machine.
AT_ONCE = 1.0


@dataclass
class RedisServer:
    """A `redis-server` of the test's own, on 127.0.0.1, keeping nothing on disk."""

    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    pytest.fail(f"redis-server did not start on port {self.port}")
                time.sleep(0.02)
            finally:
                client.close()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stored_keys(self) -> list[bytes]:
        client = redis.Redis(port=self.port)
        try:
            return list(client.keys("*"))
        finally:
            client.close()


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed: the cache's fault tests need one")
    server = RedisServer(free_port())
    server.start()
    yield server
    server.kill()


@contextlib.contextmanager
def site_redis_at(url: str, settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The site's cache and its broker at `url`, as production's CACHE_URL and
    CELERY_BROKER_URL would put them."""
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.ResilientRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex[:8]}",
            "OPTIONS": {"RETRY_AFTER": RETRY_AFTER},
        }
    }
    with broker_at(url, monkeypatch):
        yield


@pytest.fixture
def quick_passwords(owner: Any, settings: Any) -> None:
    """The owner's password checked by a fast hasher: the default one takes about 0.4 s a
    sign-in on a small machine whatever Redis does, and the figures are Redis's."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    owner.set_password(PASSWORD)
    owner.save()


@pytest.fixture
def measured(record_property: Callable[[str, object], None]) -> Callable[..., None]:
    def keep(test: str, **figures: Any) -> None:
        for key, value in figures.items():
            record_property(key, value)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        with (ARTIFACTS / "measurements.jsonl").open("a") as out:
            out.write(json.dumps({"test": test, **figures}) + "\n")

    return keep


# -- what is asked of the site ---------------------------------------------------------------


def page_client(user: Any = None) -> Client:
    """A browser: a 500 is answered as a 500, not raised into the test."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def api_client(user: Any = None) -> APIClient:
    client = client_for(user)
    client.raise_request_exception = False
    return client


def requests_of_a_tournament_day(section: Any, owner: Any) -> dict[str, Callable[[], Any]]:
    """Each kind of request the site must answer while Redis is away, by name."""
    event_page = f"/events/{section.event.slug}/{section.slug}/"
    anonymous, logged_in, token = page_client(), page_client(owner), api_client(owner)
    signing_in = {"login": owner.username, "password": PASSWORD}
    api_sign_in = {"username": owner.username, "password": PASSWORD}
    return {
        "section page": lambda: anonymous.get(event_page),
        "standings page": lambda: anonymous.get(event_page + "standings/"),
        "API standings": lambda: api_client().get(f"/api/v1/sections/{section.pk}/standings/"),
        "API read with a token": lambda: token.get(f"/api/v1/sections/{section.pk}/"),
        "logged-in page": lambda: logged_in.get("/accounts/tokens/"),
        "logged-in section page": lambda: logged_in.get(event_page),
        "login form": lambda: page_client().get("/accounts/login/"),
        "login form sent": lambda: page_client().post("/accounts/login/", signing_in),
        "API sign-in": lambda: api_client().post("/api/v1/auth/token/", api_sign_in, "json"),
    }


EXPECTED = {
    "section page": 200,
    "standings page": 200,
    "API standings": 200,
    "API read with a token": 200,
    "logged-in page": 200,
    "logged-in section page": 200,
    "login form": 200,
    "login form sent": 302,
    "API sign-in": 200,
}


def timed(request: Callable[[], Any]) -> tuple[Any, float]:
    started = time.monotonic()
    response = request()
    return response, time.monotonic() - started


def fault_url(fault: str, own_redis: RedisServer, stack: contextlib.ExitStack) -> str:
    if fault == "killed":
        return own_redis.url
    return f"redis://127.0.0.1:{stack.enter_context(black_hole())}/0"


# -- Redis away --------------------------------------------------------------------------------


@pytest.mark.parametrize("fault", ["killed", "never answering"])
def test_with_redis_away_pages_api_reads_and_signing_in_answer_as_usual_and_at_once(
    corpus_section, owner, quick_passwords, own_redis, settings, monkeypatch, measured, fault
):
    with contextlib.ExitStack() as stack:
        stack.enter_context(
            site_redis_at(fault_url(fault, own_redis, stack), settings, monkeypatch)
        )
        requests = requests_of_a_tournament_day(corpus_section, owner)
        if fault == "killed":
            # Everything once while Redis answers: pages and sessions are in the cache.
            warm = {name: request().status_code for name, request in requests.items()}
            assert warm == EXPECTED
            assert own_redis.stored_keys()
            own_redis.kill()

        answers = {name: timed(request) for name, request in requests.items()}

    statuses = {name: response.status_code for name, (response, _) in answers.items()}
    latencies = {name: round(seconds, 3) for name, (_, seconds) in answers.items()}
    measured(f"cache {fault}: seconds per request", **latencies)
    assert statuses == EXPECTED
    assert max(latencies.values()) < AT_ONCE, latencies


@pytest.mark.parametrize("fault", ["killed", "never answering"])
def test_with_redis_away_a_pair_request_answers_503_and_writes_nothing(
    section, owner, own_redis, settings, monkeypatch, measured, fault
):
    with contextlib.ExitStack() as stack:
        stack.enter_context(
            site_redis_at(fault_url(fault, own_redis, stack), settings, monkeypatch)
        )
        if fault == "killed":
            own_redis.kill()

        refused, seconds = timed(
            lambda: api_client(owner).post(f"/api/v1/sections/{section.pk}/rounds/1/pair/")
        )

    measured(f"cache and broker {fault}: pair request", seconds_to_503=round(seconds, 2))
    assert refused.status_code == 503, refused.content
    assert refused.json()["code"] == "service_unavailable"
    assert refused["Retry-After"]
    assert seconds < 5
    assert not PairingRun.objects.exists()
    assert not Round.objects.filter(section=section).exists()
    assert not LogEntry.objects.filter(section=section).exists()


def test_once_redis_is_back_the_cache_is_used_again_without_a_restart(
    corpus_section, owner, own_redis, settings, monkeypatch, measured
):
    page = f"/events/{corpus_section.event.slug}/{corpus_section.slug}/"
    visitor = page_client()
    with site_redis_at(own_redis.url, settings, monkeypatch):
        own_redis.kill()
        assert visitor.get(page).status_code == 200
        cache.set("written-while-away", 1)

        own_redis.start()
        restarted = time.monotonic()
        while cache.get("probe") is None:
            cache.set("probe", "back")
            if time.monotonic() - restarted > 10:
                pytest.fail("The cache was not used again within 10 s of Redis returning.")
            time.sleep(0.01)
        recovered = time.monotonic() - restarted

        with CaptureQueriesContext(connection) as computed:
            assert visitor.get(page).status_code == 200
        with CaptureQueriesContext(connection) as kept:
            assert visitor.get(page).status_code == 200

    measured("cache back after Redis returned", seconds_to_recover=round(recovered, 3))
    assert recovered < RETRY_AFTER + 1
    assert any(b"section:" in key or b"answer:" in key for key in own_redis.stored_keys())
    assert len(kept.captured_queries) < len(computed.captured_queries)


# -- the rate limits, set to fail closed -------------------------------------------------------


def test_with_limits_set_to_fail_closed_signing_in_is_refused_while_redis_is_away(
    owner, own_redis, settings, monkeypatch
):
    settings.ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN = "closed"
    with site_redis_at(own_redis.url, settings, monkeypatch):
        form = {"login": owner.username, "password": PASSWORD}
        api = {"username": owner.username, "password": PASSWORD}
        assert page_client().post("/accounts/login/", form).status_code == 302
        assert api_client().post("/api/v1/auth/token/", api, "json").status_code == 200
        own_redis.kill()

        on_the_form = page_client().post("/accounts/login/", form)
        on_the_api = api_client().post("/api/v1/auth/token/", api, "json")
        reading = page_client().get("/accounts/login/")

    assert on_the_form.status_code == 429
    assert on_the_form["Retry-After"] == "60"
    assert b"cannot count these requests" in on_the_form.content
    assert on_the_api.status_code == 429
    assert on_the_api["Retry-After"] == "60"
    assert reading.status_code == 200


def test_with_limits_open_signing_in_while_redis_is_away_is_still_locked_out_by_the_database(
    owner, own_redis, settings, monkeypatch
):
    """Open limits let sign-ins through uncounted; the lockout, counted in the database,
    still stops a guesser after five wrong passwords."""
    with site_redis_at(own_redis.url, settings, monkeypatch):
        own_redis.kill()
        wrong = {"username": owner.username, "password": "nope"}
        right = {"username": owner.username, "password": PASSWORD}
        for _ in range(5):
            api_client().post("/api/v1/auth/token/", wrong, "json")

        answer = api_client().post("/api/v1/auth/token/", right, "json")

    assert answer.status_code == 429
    assert answer.json()["code"] == "locked_out"
