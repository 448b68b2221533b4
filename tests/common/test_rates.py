"""Rate limits of the public forms: counted per client address and per target, in windows
whose end Retry-After names."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from common import rates
from common.rates import UNCOUNTED_WAIT
from common.rates import rate_count
from common.rates import rate_limited_response
from common.rates import rate_wait
from common.rates import wait_in_words
from config.settings import env_limit
from tests.pairing.helpers import free_port

LIMITS = {"entry": (3, 600)}


@pytest.fixture(autouse=True)
def _three_per_ten_minutes(settings):
    settings.ROOKERY_RATE_LIMITS = LIMITS
    settings.PROXY_COUNT = 0


def request_from(address: str):
    return RequestFactory().post("/", REMOTE_ADDR=address)


def test_a_client_waits_once_it_reaches_the_limit_for_a_target():
    client = request_from("203.0.113.7")
    for _ in range(3):
        assert rate_wait(client, {"entry": 1}) == 0
        rate_count(client, {"entry": 1})

    assert 0 < rate_wait(client, {"entry": 1}) <= 600


def test_another_target_or_another_address_is_counted_apart():
    for _ in range(3):
        rate_count(request_from("203.0.113.7"), {"entry": 1})

    assert rate_wait(request_from("203.0.113.7"), {"entry": 2}) == 0
    assert rate_wait(request_from("198.51.100.9"), {"entry": 1}) == 0


def test_the_wait_is_what_is_left_of_the_window(monkeypatch):
    monkeypatch.setattr(rates.time, "time", lambda: 6000.0 + 450)
    client = request_from("203.0.113.7")
    for _ in range(3):
        rate_count(client, {"entry": 1})

    assert rate_wait(client, {"entry": 1}) == 150


def test_a_new_window_starts_the_count_again(monkeypatch):
    now = [6000.0]
    monkeypatch.setattr(rates.time, "time", lambda: now[0])
    client = request_from("203.0.113.7")
    for _ in range(3):
        rate_count(client, {"entry": 1})
    now[0] += 600

    assert rate_wait(client, {"entry": 1}) == 0


def test_the_refusal_is_a_429_page_with_retry_after():
    response = rate_limited_response(
        request_from("203.0.113.7"), wait=125, title="Enter", reason="Too many.", advice="Wait."
    )

    assert response.status_code == 429
    assert response["Retry-After"] == "125"
    assert "Please try again in 3 minutes." in response.content.decode()


@pytest.fixture
def cache_away(settings):
    """The cache at a port where nothing listens, as it is while Redis is away."""
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.ResilientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
        }
    }


def test_with_the_cache_away_limits_set_open_let_every_sending_through(cache_away, settings):
    settings.ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN = "open"
    client = request_from("203.0.113.7")
    for _ in range(10):
        rate_count(client, {"entry": 1})

    assert rate_wait(client, {"entry": 1}) == 0


def test_with_the_cache_away_limits_set_closed_refuse_for_a_minute_saying_why(cache_away, settings):
    settings.ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN = "closed"
    client = request_from("203.0.113.7")

    wait = rate_wait(client, {"entry": 1})
    response = rate_limited_response(client, wait=wait, title="Enter", reason="Too many.")

    assert wait == UNCOUNTED_WAIT == 60
    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    assert "cannot count these requests just now" in response.content.decode()
    assert "Too many." not in response.content.decode()


def test_with_the_cache_answering_limits_set_closed_count_as_usual(settings):
    settings.ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN = "closed"
    client = request_from("203.0.113.7")

    assert rate_wait(client, {"entry": 1}) == 0
    for _ in range(3):
        rate_count(client, {"entry": 1})
    assert 0 < rate_wait(client, {"entry": 1}) <= 600


@pytest.mark.parametrize(
    ("seconds", "words"), [(1, "1 second"), (45, "45 seconds"), (60, "1 minute"), (61, "2 minutes")]
)
def test_waits_are_said_in_words(seconds, words):
    assert wait_in_words(seconds) == words


@pytest.mark.parametrize(
    ("value", "limit"), [("20/hour", (20, 3600)), ("5/10min", (5, 600)), ("1/s", (1, 1))]
)
def test_a_limit_from_the_environment_is_a_count_and_seconds(monkeypatch, value, limit):
    monkeypatch.setenv("ROOKERY_RATE_ENTRY", value)

    assert env_limit("ROOKERY_RATE_ENTRY", "20/hour") == limit


@pytest.mark.parametrize("value", ["0/hour", "ten/min", "5/fortnight", "5"])
def test_a_wrong_limit_in_the_environment_stops_the_start_naming_it(monkeypatch, value):
    monkeypatch.setenv("ROOKERY_RATE_ENTRY", value)

    with pytest.raises(ImproperlyConfigured, match="ROOKERY_RATE_ENTRY must be a limit"):
        env_limit("ROOKERY_RATE_ENTRY", "20/hour")
