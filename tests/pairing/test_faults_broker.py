"""A real worker against a broker that restarts, and pairing kept fair between accounts.

Each test has a Redis of its own (`tests.pairing.faults.OwnRedis`, never the shared one),
which its workers consume from and the site (this process, as the web side) sends to for
the whole test, so a restart reaches both. Redis keeps nothing on disk: a restart loses
every message, as a crash does. What the tests measure is also written to
`test-artifacts/faults/measurements.jsonl`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services.runs import time_limit_message
from tests.conftest import client_for
from tests.pairing.faults import OwnRedis
from tests.pairing.faults import Workers
from tests.pairing.faults import assert_stored_whole_and_once
from tests.pairing.faults import make_section
from tests.pairing.faults import measurements_keep
from tests.pairing.faults import own_redis
from tests.pairing.faults import pair_url
from tests.pairing.faults import run_status
from tests.pairing.faults import wait_for
from tests.pairing.faults import workers_on
from tests.pairing.helpers import broker_at
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("celery-worker"),
    pytest.mark.slow,
]

# How long Redis stays away in the restart tests (seconds).
REDIS_AWAY = 3.0
# The promise once Redis is back: new runs are paired without anyone touching the worker.
PAIRED_AFTER_RESTART_WITHIN = 45.0
# A small round of one account while another's large run runs: paired in seconds.
SMALL_ROUND_WITHIN = 20.0


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[OwnRedis]:
    with own_redis(tmp_path) as started:
        yield started


@pytest.fixture
def workers(postgres_url: str, redis: OwnRedis, tmp_path: Path, monkeypatch) -> Iterator[Workers]:
    with (
        workers_on(redis.url, postgres_url, tmp_path) as started,
        broker_at(redis.url, monkeypatch),
    ):
        yield started


@pytest.fixture
def measured(record_property) -> Callable[..., None]:
    def keep(test: str, **figures: Any) -> None:
        measurements_keep(record_property, test, **figures)

    return keep


def restart(redis: OwnRedis) -> float:
    """Kill Redis (as a crash does), start it again on the same port after `REDIS_AWAY`
    seconds; the moment it answers again."""
    redis.kill()
    time.sleep(REDIS_AWAY)
    redis.start()
    return time.monotonic()


def done(run_id: int) -> Callable[[], bool]:
    return lambda: run_status(run_id) == RunStatus.DONE


# -- Redis restarted ---------------------------------------------------------------------


def test_worker_survives_redis_restarting_under_a_run_and_while_idle(
    redis, workers, measured, client
):
    # Two pool processes, as on any machine with two cores: while one carries out the run,
    # the worker waits on Redis for the next task, which is what used to make a restart
    # fatal (`config.broker`).
    worker = workers.start(plan_delay=8, slow_from=10, concurrency=2)
    worker.wait_ready()
    slow, organiser = make_section(12)
    second, _ = make_section(7, organiser)
    third, _ = make_section(7, organiser)
    api = client_for(organiser)

    response = api.post(pair_url(slow))
    assert response.status_code == 202, response.json()
    slow_run = response.json()["id"]
    wait_for(lambda: run_status(slow_run) == RunStatus.RUNNING, 60, "the worker to take it")

    back = restart(redis)
    response = api.post(pair_url(second))
    assert response.status_code == 202, response.json()
    wait_for(done(response.json()["id"]), PAIRED_AFTER_RESTART_WITHIN, "a round asked after")
    after_run = time.monotonic() - back
    wait_for(done(slow_run), 60, "the run under way to finish")
    assert worker.alive(), worker.output()[-4000:]

    back = restart(redis)
    response = api.post(pair_url(third))
    assert response.status_code == 202, response.json()
    wait_for(done(response.json()["id"]), PAIRED_AFTER_RESTART_WITHIN, "a round asked after")
    after_idle = time.monotonic() - back
    # The worker says it is alive again (`pairing.worker`), on each of its queues.
    health = wait_for(lambda: client.get("/health/").status_code == 200, 30, "a healthy site")

    measured(
        "Redis restarted under a run, then while idle",
        redis_away_seconds=REDIS_AWAY,
        seconds_from_redis_back_to_next_round_paired_mid_run=round(after_run, 2),
        seconds_from_redis_back_to_next_round_paired_idle=round(after_idle, 2),
        then_seconds_to_health_200=round(health, 2),
    )
    assert worker.alive(), worker.output()[-4000:]
    assert "Unrecoverable error" not in worker.output()
    assert_stored_whole_and_once(slow, 12)
    assert_stored_whole_and_once(second, 7)
    assert_stored_whole_and_once(third, 7)


# -- fair pairing --------------------------------------------------------------------------


def test_a_large_run_of_one_account_holds_up_neither_a_small_round_of_another_nor_the_limit(
    workers, measured
):
    large_from = {"ROOKERY_PAIRING_LARGE_FROM": "10"}
    large = workers.start(plan_delay=40, consume="large", env=large_from)
    small = workers.start(consume="default,small", env=large_from)
    large.wait_ready()
    small.wait_ready()
    first, a = make_section(12)
    second, _ = make_section(12, a)
    third, _ = make_section(12, a)
    theirs, b = make_section(8)
    client_a, client_b = client_for(a), client_for(b)

    with override_settings(ROOKERY_PAIRING_LARGE_FROM=10, ROOKERY_RUNS_PER_ACCOUNT=2):
        running = client_a.post(pair_url(first)).json()["id"]
        wait_for(lambda: run_status(running) == RunStatus.RUNNING, 60, "the large worker")
        queued = client_a.post(pair_url(second))
        refused = client_a.post(pair_url(third))
        asked = time.monotonic()
        answer = client_b.post(pair_url(theirs))
        wait_for(done(answer.json()["id"]), SMALL_ROUND_WITHIN, "the small round")
        waited = time.monotonic() - asked

    large.kill()  # its run would hold the worker's warm shutdown for the rest of the delay
    measured(
        "small round of another account while a large run runs",
        seconds_to_paired=round(waited, 2),
    )
    assert queued.status_code == 202
    assert run_status(queued.json()["id"]) == RunStatus.QUEUED
    assert run_status(running) == RunStatus.RUNNING
    assert_stored_whole_and_once(theirs, 8)
    assert refused.status_code == 429
    body = refused.json()
    assert body["code"] == "pairing_busy"
    assert refused["Retry-After"] == "30"
    assert [(w["section"], w["round"], w["status"]) for w in body["waiting"]] == [
        (first.name, 1, "running"),
        (second.name, 1, "queued"),
    ]
    assert f"{first.name} round 1 (running since " in body["message"]
    assert f"{second.name} round 1 (queued since " in body["message"]
    assert not PairingRun.objects.filter(section=third).exists()
    assert not Round.objects.filter(section=third).exists()
    assert not LogEntry.objects.filter(section=third).exists()


def test_a_run_past_its_time_limit_fails_saying_so_and_its_round_is_pending_again(workers):
    worker = workers.start(plan_delay=30, env={"ROOKERY_RUN_TIME_LIMIT": "3"})
    worker.wait_ready()
    section, organiser = make_section(7)

    with override_settings(ROOKERY_RUN_TIME_LIMIT=3):  # as the web side has it too
        response = client_for(organiser).post(pair_url(section))
        run_id = response.json()["id"]
        wait_for(lambda: run_status(run_id) == RunStatus.FAILED, 30, "the time limit")
        expected = time_limit_message()

    run = PairingRun.objects.get(pk=run_id)
    assert run.error == expected
    assert run.error.startswith("The pairing took longer than 3 seconds and was stopped.")
    assert run.result == {"code": "time_limit"}
    assert Round.objects.get(section=section, number=1).status == RoundStatus.PENDING
    failed = LogEntry.objects.get(section=section, action=LogAction.PAIR_FAILED)
    assert failed.description == f"Pairing of round 1 failed: {run.error}"
    assert worker.alive()
