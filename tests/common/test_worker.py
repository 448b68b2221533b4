"""A real Celery worker on the real broker runs tasks that use the database."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker

from common.tasks import health_check_task
from config.celery import app


@pytest.fixture
def live_worker(redis_url: str, settings):
    previous = (app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend)
    app.conf.update(task_always_eager=False, broker_url=redis_url, result_backend=redis_url)
    try:
        with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
            yield app
    finally:
        app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend = previous


@pytest.mark.django_db(transaction=True)
def test_worker_runs_a_task_against_the_database(live_worker):
    result = health_check_task.delay().get(timeout=30)

    assert result == {"database": "postgresql" if _uses_postgres() else "sqlite", "ok": "yes"}


def _uses_postgres() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"
