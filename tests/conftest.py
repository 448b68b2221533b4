"""Suite-wide fixtures.

Under CI (the `CI` environment variable set), a test that needs PostgreSQL or Redis fails when
the service is missing instead of skipping, so a green run always means the real services were
exercised.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

import pytest


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
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def eager_tasks():
    """Tasks run in-process, even when a broker is configured: nothing is left on a queue
    for some other test's worker to take. Modules that pair rounds use it for every test."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous
