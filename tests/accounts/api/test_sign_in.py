"""Signing in for a token: the answer, what is stored, rate limits and the lockout."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
import redis
from django.core.cache import cache
from django.core.cache import caches
from django.utils import timezone
from rest_framework.throttling import AnonRateThrottle

from accounts.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/auth/token/"
RIGHT = {"username": "owner", "password": "correct-horse-battery"}
WRONG = {"username": "owner", "password": "nope"}
# The sign-in page's form names its field `login`: a username or a confirmed email address.
FORM_RIGHT = {"login": "owner", "password": "correct-horse-battery"}
FORM_WRONG = {"login": "owner", "password": "nope"}


def test_token_for_a_username_and_password(owner, anonymous):
    response = anonymous.post(URL, RIGHT, format="json")

    assert response.status_code == 200
    assert set(response.json()) == {"token"}
    assert len(response.json()["token"]) == 40


def test_each_sign_in_makes_a_token_of_its_own_and_both_work(owner, anonymous):
    first = anonymous.post(URL, RIGHT, format="json").json()["token"]
    second = anonymous.post(URL, RIGHT, format="json").json()["token"]

    assert first != second
    for secret in (first, second):
        anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
        assert anonymous.get("/api/v1/auth/tokens/").status_code == 200


def test_sign_in_token_takes_the_name_given(owner, anonymous):
    anonymous.post(URL, {**RIGHT, "name": "results board"}, format="json")

    assert list(ApiToken.objects.filter(user=owner).values_list("name", flat=True)) == [
        "results board"
    ]


def test_token_authenticates_a_write(owner, anonymous):
    token = anonymous.post(URL, RIGHT, format="json").json()["token"]
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    response = anonymous.post("/api/v1/events/", {"name": "Autumn Open"}, format="json")

    assert response.status_code == 201


def test_only_a_hash_of_the_token_is_stored(owner, anonymous):
    secret = anonymous.post(URL, RIGHT, format="json").json()["token"]

    stored = ApiToken.objects.values().get(user=owner)

    assert secret not in [str(value) for value in stored.values()]
    assert stored["prefix"] == secret[:8]


def test_token_expires_after_the_configured_lifetime(owner, anonymous, settings):
    settings.API_TOKEN_LIFETIME = timedelta(days=30)

    anonymous.post(URL, RIGHT, format="json")

    token = ApiToken.objects.get(user=owner)
    assert token.expires_at - token.created_at == timedelta(days=30)


def test_expired_token_is_unauthorised(owner, anonymous):
    secret = anonymous.post(URL, RIGHT, format="json").json()["token"]
    ApiToken.objects.filter(user=owner).update(expires_at=timezone.now() - timedelta(seconds=1))
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")

    response = anonymous.post("/api/v1/events/", {"name": "Autumn Open"}, format="json")

    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_token_of_an_inactive_user_is_unauthorised(owner, anonymous):
    secret = anonymous.post(URL, RIGHT, format="json").json()["token"]
    owner.is_active = False
    owner.save()
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")

    assert anonymous.get("/api/v1/auth/tokens/").status_code == 401


def test_using_a_token_notes_when(owner, anonymous):
    secret = anonymous.post(URL, RIGHT, format="json").json()["token"]
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")

    anonymous.get("/api/v1/auth/tokens/")

    assert ApiToken.objects.get(user=owner).last_used_at is not None


def test_wrong_password_is_a_400_without_a_token(owner, anonymous):
    response = anonymous.post(URL, WRONG, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"
    assert not ApiToken.objects.exists()


def test_missing_password_is_a_400_naming_the_field(anonymous):
    response = anonymous.post(URL, {"username": "owner"}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "password"


def test_unknown_token_is_unauthorised(anonymous):
    anonymous.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)

    response = anonymous.get("/api/v1/events/")

    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


# -- rate limits ---------------------------------------------------------------------------


def test_sixth_sign_in_for_one_username_within_a_minute_is_refused(owner, anonymous):
    answers = [anonymous.post(URL, RIGHT, format="json") for _ in range(6)]

    assert [a.status_code for a in answers] == [200] * 5 + [429]
    assert answers[-1].json()["code"] == "throttled"
    assert int(answers[-1].headers["Retry-After"]) > 0


def test_eleventh_sign_in_from_one_address_within_a_minute_is_refused(anonymous):
    answers = [
        anonymous.post(URL, {"username": f"nobody{n}", "password": "x"}, format="json")
        for n in range(11)
    ]

    assert [a.status_code for a in answers] == [400] * 10 + [429]
    assert answers[-1].json()["code"] == "throttled"


# -- lockout -------------------------------------------------------------------------------


def fail_five_times(client) -> list[int]:
    statuses = []
    for _ in range(5):
        statuses.append(client.post(URL, WRONG, format="json").status_code)
        # The rate limits forget; the lockout must not.
        cache.clear()
    return statuses


def test_fifth_wrong_password_locks_the_username_out(owner, anonymous):
    assert fail_five_times(anonymous) == [400, 400, 400, 400, 429]


def test_five_wrong_passwords_lock_the_username_out_even_with_the_right_one(owner, anonymous):
    fail_five_times(anonymous)

    response = anonymous.post(URL, RIGHT, format="json")

    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert "15 minutes" in response.json()["message"]
    assert not ApiToken.objects.exists()


def test_lockout_is_for_that_username_from_that_address_only(owner, anonymous):
    UserFactory(username="other")
    fail_five_times(anonymous)

    other_user = anonymous.post(URL, {**RIGHT, "username": "other"}, format="json")
    elsewhere = anonymous.post(URL, RIGHT, format="json", REMOTE_ADDR="192.0.2.7")

    assert other_user.status_code == 200
    assert elsewhere.status_code == 200


def test_lockout_ends_after_the_cool_off(owner, anonymous, settings):
    fail_five_times(anonymous)
    settings.AXES_COOLOFF_TIME = timedelta(seconds=0)

    response = anonymous.post(URL, RIGHT, format="json")

    assert response.status_code == 200


def test_a_success_forgets_earlier_failures(owner, anonymous):
    for _ in range(4):
        anonymous.post(URL, WRONG, format="json")
    cache.clear()
    assert anonymous.post(URL, RIGHT, format="json").status_code == 200
    cache.clear()
    for _ in range(4):
        anonymous.post(URL, WRONG, format="json")
    cache.clear()

    assert anonymous.post(URL, RIGHT, format="json").status_code == 200


def test_login_form_locks_out_after_five_wrong_passwords(owner, client):
    statuses = [client.post("/accounts/login/", FORM_WRONG).status_code for _ in range(5)]

    response = client.post("/accounts/login/", FORM_RIGHT)

    assert statuses == [200, 200, 200, 200, 429]
    assert response.status_code == 429
    assert b"Try again in 15 minutes" in response.content
    assert "_auth_user_id" not in client.session


def test_failures_on_the_form_and_the_api_add_up(owner, client, anonymous):
    for _ in range(3):
        client.post("/accounts/login/", FORM_WRONG)
    for _ in range(2):
        anonymous.post(URL, WRONG, format="json")
    cache.clear()

    assert anonymous.post(URL, RIGHT, format="json").json()["code"] == "locked_out"


def test_every_api_route_has_a_rate_limit_for_anonymous_callers(anonymous, monkeypatch):
    # The rates are read when the throttle classes load; this lowers the anonymous one.
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/min"})

    answers = [anonymous.get("/api/v1/events/").status_code for _ in range(4)]

    assert answers == [200, 200, 200, 429]


def test_rates_are_generous_for_a_venue_and_strict_for_signing_in(settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]

    assert AnonRateThrottle().parse_rate(rates["anon"]) == (1200, 60)
    assert AnonRateThrottle().parse_rate(rates["user"]) == (1200, 60)
    assert AnonRateThrottle().parse_rate(rates["sign_in_username"]) == (5, 60)


def test_with_a_shared_cache_the_limits_are_counted_in_redis_for_every_process(
    owner, anonymous, redis_url, settings
):
    """Web processes share the counts: they live in Redis, not in one process's memory."""
    prefix = f"rookery-test-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
        }
    }
    server = redis.Redis.from_url(redis_url)
    try:
        answers = [anonymous.post(URL, RIGHT, format="json") for _ in range(6)]
        assert [a.status_code for a in answers] == [200] * 5 + [429]

        # What another web process would find: the counts, kept by the Redis server.
        stored = server.keys(f"{prefix}:*")
        assert stored
        assert any(b"throttle" in key for key in stored)
    finally:
        for key in server.keys(f"{prefix}:*"):
            server.delete(key)
        caches["default"].close()
