"""Production settings: no start on the public development key, on a weak key or without a
shared cache; a clean `check --deploy` in the documented production environment.

The settings read the environment when they are imported, so each case runs `manage.py` in a
process of its own with exactly the environment it names."""

from __future__ import annotations

import os
import secrets
import string
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Everything the settings read about security: each case starts without any of them.
SECURITY_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "AXES_FAILURE_LIMIT",
    "AXES_COOLOFF_MINUTES",
    "API_TOKEN_LIFETIME_DAYS",
    "API_RATE_SIGN_IN",
    "API_RATE_ANON",
    "CACHE_URL",
    "ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN",
    "EMAIL_URL",
    "EMAIL_HOST",
    "DEFAULT_FROM_EMAIL",
)


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in SECURITY_VARIABLES}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def production_environment() -> dict[str, str]:
    """The environment README's production section documents, with a fresh key."""
    return {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "example.org",
        "CACHE_URL": "redis://127.0.0.1:6379/1",
        "EMAIL_URL": "smtp://rookery:secret@mail.example.org:587",
    }


def test_without_debug_and_without_a_key_the_site_refuses_to_start():
    result = manage("check", DEBUG="0")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY is not set" in result.stderr


def test_without_debug_the_development_key_is_refused_too():
    result = manage("check", DEBUG="0", SECRET_KEY="rookery-development-key-not-for-production")

    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize(
    ("what", "key"),
    [
        ("one character", "x"),
        ("49 different characters", string.ascii_letters[:49]),
        ("50 times one character", "x" * 50),
        ("four characters over and over", "abcd" * 20),
        ("Django's development prefix", "django-insecure-" + string.ascii_letters),
    ],
)
def test_without_debug_a_weak_key_is_refused(what, key):
    environment = {**production_environment(), "SECRET_KEY": key}

    result = manage("check", **environment)

    assert result.returncode != 0, what
    assert "ImproperlyConfigured: SECRET_KEY is too weak" in result.stderr
    assert "50 characters or more, at least 5 of them different" in result.stderr


def test_without_debug_a_long_random_key_is_taken():
    result = manage("check", **production_environment())

    assert result.returncode == 0, result.stderr


def test_without_debug_and_without_a_shared_cache_the_site_refuses_to_start():
    environment = production_environment()
    del environment["CACHE_URL"]

    result = manage("check", **environment)

    assert result.returncode != 0
    assert "ImproperlyConfigured: CACHE_URL is not set" in result.stderr


def test_the_shared_cache_is_the_one_that_outlives_its_redis():
    result = manage(
        "shell",
        "--verbosity=0",
        "-c",
        "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])",
        **production_environment(),
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "common.cache.ResilientRedisCache"


def test_in_development_the_site_starts_without_a_key():
    result = manage("check")

    assert result.returncode == 0, result.stderr


def test_deploy_check_is_clean_in_the_documented_production_environment():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **production_environment())

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNINGS" not in result.stderr


def test_deploy_check_warns_when_each_process_keeps_its_own_cache():
    # Only reachable in development: production refuses to start without CACHE_URL.
    result = manage("check", "--deploy", "--fail-level", "WARNING")

    assert result.returncode != 0
    assert "rookery.W001" in result.stderr
    assert "CACHE_URL" in result.stderr


def test_deploy_check_warns_when_email_goes_to_the_console():
    environment = production_environment()
    del environment["EMAIL_URL"]

    result = manage("check", "--deploy", "--fail-level", "WARNING", **environment)

    assert result.returncode != 0
    assert "rookery.W002" in result.stderr
    assert "EMAIL_URL" in result.stderr


def test_an_email_url_that_is_not_smtp_stops_the_site_naming_the_variable():
    result = manage("check", EMAIL_URL="http://mail.example.org")

    assert result.returncode != 0
    assert "EMAIL_URL must be smtp://" in result.stderr


def test_readme_documents_that_production_environment():
    readme = (ROOT / "README.md").read_text()

    assert "check --deploy" in readme
    for variable in production_environment():
        assert variable in readme


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("AXES_FAILURE_LIMIT", "five"),
        ("AXES_FAILURE_LIMIT", "0"),
        ("AXES_COOLOFF_MINUTES", "-3"),
        ("API_TOKEN_LIFETIME_DAYS", "30d"),
        ("SECURE_HSTS_SECONDS", "a year"),
        ("API_RATE_SIGN_IN", "lots"),
        ("API_RATE_ANON", "0/min"),
        ("CACHE_URL", "memcached://127.0.0.1:11211"),
        ("ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN", "ajar"),
    ],
)
def test_a_bad_setting_stops_the_site_naming_the_variable(variable, value):
    result = manage("check", **{variable: value})

    assert result.returncode != 0
    assert f"ImproperlyConfigured: {variable} must be" in result.stderr
    assert repr(value) in result.stderr
