"""The cache that answers as an empty one while its Redis cannot be reached
(`common.cache.ResilientRedisCache`): what each call answers, what it costs, what it logs,
and what it undoes when Redis answers again."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.contrib.sessions.backends.cached_db import SessionStore
from django.core.cache import caches

from common import cache as cache_module
from common.cache import DEFAULT_SOCKET_TIMEOUT
from common.cache import ResilientRedisCache
from tests.pairing.helpers import black_hole
from tests.pairing.helpers import free_port

RETRY_AFTER = 0.3


def cache_at(url: str, settings: Any) -> ResilientRedisCache:
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.ResilientRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex[:8]}",
            "OPTIONS": {"RETRY_AFTER": RETRY_AFTER},
        }
    }
    backend = caches["default"]
    assert isinstance(backend, ResilientRedisCache)
    return backend


@pytest.fixture
def away(settings: Any) -> ResilientRedisCache:
    """The cache at a port where nothing listens."""
    return cache_at(f"redis://127.0.0.1:{free_port()}/0", settings)


@pytest.fixture
def shared(redis_url: str, settings: Any) -> Iterator[ResilientRedisCache]:
    """The cache on the shared Redis, under a prefix of its own, removed afterwards."""
    backend = cache_at(redis_url, settings)
    yield backend
    server = redis.Redis.from_url(redis_url)
    for key in server.keys(f"{backend.key_prefix}:*"):
        server.delete(key)
    server.close()


def partitioned(backend: ResilientRedisCache, monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis out of reach but not emptied: every call to it fails, and what it holds stays."""

    def unreachable(*args: Any, **kwargs: Any) -> Any:
        raise redis.ConnectionError("Error 113 connecting: No route to host.")

    for name in ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr"):
        monkeypatch.setattr(backend._cache, name, unreachable)
    for name in ("set_many", "delete_many", "clear", "get_client"):
        monkeypatch.setattr(backend._cache, name, unreachable)


def test_while_redis_is_away_reads_miss_and_writes_do_nothing(away):
    assert away.get("k") is None
    assert away.get("k", "default") == "default"
    assert away.get_many(["k", "l"]) == {}
    assert not away.has_key("k")
    assert "k" not in away
    assert away.get_or_set("k", lambda: "computed") == "computed"
    away.set("k", 1)
    assert away.set_many({"k": 1, "l": 2}) == ["k", "l"]
    assert not away.delete("k")
    away.delete_many(["k", "l"])
    assert not away.touch("k")
    assert not away.clear()


def test_while_redis_is_away_add_answers_as_for_a_missing_key_so_a_lock_never_waits(away):
    started = time.monotonic()

    assert away.add("lock", True)
    assert away.add("lock", True)

    assert time.monotonic() - started < 0.1


def test_while_redis_is_away_a_counter_is_missing_as_an_unstarted_one(away):
    with pytest.raises(ValueError):
        away.incr("counter")
    with pytest.raises(ValueError):
        away.decr("counter")


def test_a_redis_that_never_answers_costs_one_socket_timeout_then_nothing_until_retried(settings):
    with black_hole() as port:
        backend = cache_at(f"redis://127.0.0.1:{port}/0", settings)

        started = time.monotonic()
        first = backend.get("k")
        first_took = time.monotonic() - started
        started = time.monotonic()
        rest = [backend.get("k") for _ in range(200)]
        rest_took = time.monotonic() - started

    assert first is None
    assert rest == [None] * 200
    assert first_took < DEFAULT_SOCKET_TIMEOUT * 2 + 0.1
    assert rest_took < 0.05


def test_an_outage_is_logged_once_per_interval_not_once_per_request(away, caplog):
    caplog.set_level(logging.WARNING, logger="common.cache")

    for _ in range(50):
        away.get("k")
    first = [r for r in caplog.records if r.name == "common.cache"]
    time.sleep(RETRY_AFTER + 0.05)
    for _ in range(50):
        away.get("k")
    both = [r for r in caplog.records if r.name == "common.cache"]

    assert len(first) == 1
    assert "cannot be reached" in first[0].getMessage()
    assert len(both) == 2


def test_the_cache_is_asked_again_once_the_interval_is_over(shared, monkeypatch):
    shared.set("k", "kept")
    with monkeypatch.context() as patch:
        partitioned(shared, patch)
        assert shared.get("k") is None
    # Redis answers again, but the cache does not ask it before the interval is over.
    assert shared.get("k") is None

    time.sleep(RETRY_AFTER + 0.05)

    assert shared.get("k") == "kept"


def test_keys_written_while_redis_was_away_are_deleted_when_it_answers_again(
    shared, redis_url, monkeypatch
):
    shared.set("page", "old")
    shared.set("other", "untouched")
    with monkeypatch.context() as patch:
        partitioned(shared, patch)
        shared.set("page", "new")
    server = redis.Redis.from_url(redis_url)
    assert server.get(shared.make_key("page")) is not None  # the old value, still there
    time.sleep(RETRY_AFTER + 0.05)

    found = shared.get("page")

    assert found is None
    assert server.get(shared.make_key("page")) is None
    assert shared.get("other") == "untouched"
    server.close()


@pytest.mark.django_db
def test_a_session_ended_while_redis_was_away_does_not_come_back_with_it(shared, monkeypatch):
    session = SessionStore()
    session["_auth_user_id"] = "1"
    session.save()
    key = session.session_key
    assert SessionStore(session_key=key).load()["_auth_user_id"] == "1"

    with monkeypatch.context() as patch:
        partitioned(shared, patch)
        assert SessionStore(session_key=key).load()["_auth_user_id"] == "1"  # from the database
        SessionStore(session_key=key).delete()  # logging out
    time.sleep(RETRY_AFTER + 0.05)

    assert SessionStore(session_key=key).load() == {}


@pytest.mark.django_db
def test_a_session_saved_while_redis_is_away_is_read_back_from_the_database(away):
    session = SessionStore()
    session["_auth_user_id"] = "7"
    session.save()

    assert SessionStore(session_key=session.session_key).load()["_auth_user_id"] == "7"


def test_past_the_keys_it_remembers_the_cache_starts_afresh_when_redis_answers_again(
    shared, redis_url, monkeypatch
):
    monkeypatch.setattr(cache_module, "LOST_WRITES_KEPT", 3)
    server = redis.Redis.from_url(redis_url)
    neighbour = f"{shared.key_prefix}-neighbour:1:kept"
    server.set(neighbour, "another cache's")
    shared.set("before", "old")
    with monkeypatch.context() as patch:
        partitioned(shared, patch)
        for number in range(5):
            shared.set(f"page-{number}", "new")
    time.sleep(RETRY_AFTER + 0.05)

    assert shared.get("before") is None

    assert server.keys(f"{shared.key_prefix}:*") == []
    assert server.get(neighbour) == b"another cache's"
    server.delete(neighbour)
    server.close()
