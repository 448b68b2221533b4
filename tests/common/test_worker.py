"""A real Celery worker on the real broker runs tasks that use the database."""

from __future__ import annotations

import os
import uuid

import pytest
from celery.backends.redis import RedisBackend
from celery.contrib.testing.worker import start_worker
from celery.result import AsyncResult
from django.db import connection

from common.tasks import health_check_task
from config.celery import app


@pytest.fixture
def live_worker(redis_url: str):
    # A queue of its own: workers of other test processes (other test databases) must not
    # take this task.
    queue = f"rookery-health-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    keys = ("task_always_eager", "broker_url", "result_backend", "task_routes")
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(
        task_always_eager=False,
        broker_url=redis_url,
        result_backend=redis_url,
        task_routes={health_check_task.name: {"queue": queue}},
    )
    app.amqp.flush_routes()
    try:
        with start_worker(
            app, queues=[queue], perform_ping_check=False, pool="solo", shutdown_timeout=10
        ):
            yield app
    finally:
        app.conf.update(saved)
        app.amqp.flush_routes()


@pytest.mark.django_db(transaction=True)
def test_worker_runs_a_task_against_the_database(live_worker, redis_url):
    sent = health_check_task.apply_async()
    # The site configures no result backend; this thread's may have been made before the
    # fixture set one, so the answer is read through a backend of the test's own.
    answer = AsyncResult(sent.id, app=app, backend=RedisBackend(app=app, url=redis_url))
    result = answer.get(timeout=30)

    assert result == {"database": connection.vendor, "ok": "yes"}
