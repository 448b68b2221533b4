"""Whether the services the site needs answer: its database, its cache, its task broker.

Each check answers "ok", "not used" (a broker in development, where tasks run in-process)
or "error: " and the kind of error, within a few seconds (the broker's connect and socket
timeouts); none raises. The answer is public (monitors read it without signing in), so the
error's text, which may name hosts and ports, goes to the log only.
"""

from __future__ import annotations

import logging
import uuid

from celery import current_app
from django.core.cache import cache
from django.db import DatabaseError
from django.db import connection

logger = logging.getLogger(__name__)

OK = "ok"
NOT_USED = "not used"


def _failed(service: str, exc: Exception) -> str:
    logger.warning("Health check: the %s failed: %s", service, exc)
    return f"error: {type(exc).__name__}"


def database_check() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return _failed("database", exc)
    return OK


def cache_check() -> str:
    key = f"health-{uuid.uuid4().hex}"
    try:
        cache.set(key, "1", timeout=10)
        found = cache.get(key)
        cache.delete(key)
    except Exception as exc:  # each cache backend raises its own errors
        return _failed("cache", exc)
    return OK if found == "1" else "error: a value written was not read back"


def broker_check() -> str:
    """Connect to the broker as sending a task would, once, without retrying (a Redis
    broker is also pinged: kombu opens its channels so)."""
    if current_app.conf.task_always_eager:
        return NOT_USED
    try:
        with current_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=0)
    except Exception as exc:  # kombu and each transport raise their own errors
        return _failed("broker", exc)
    return OK
