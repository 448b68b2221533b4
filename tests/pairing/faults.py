"""What the fault tests share: real worker processes, a Redis of a test's own, sections,
waits and the measurements' file.

Each worker is a real `celery worker` process (prefork, beat embedded when the test needs
it) in a process group of its own, started through `tests.pairing.slow_worker` against the
test's database, on queues of the test's own (`queues_of`): the default queue `<queue>`
(the sweeper's) and the pairing queues `<queue>-small` and `<queue>-large`, which the
site's runs are sent to while `workers_on` runs.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from django.db import connection
from django.test import override_settings

from config.celery import app
from pairing import tasks
from pairing.models import ACTIVE_STATUSES
from pairing.models import PairingRun
from pairing.models import RunStatus
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.pairing.helpers import free_port
from tests.pairing.helpers import queues_of
from tournaments.models import Bye
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "faults"


# -- workers -----------------------------------------------------------------------------


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_ready(self, seconds: float = 90) -> None:
        deadline = time.monotonic() + seconds
        while " ready." not in self.output():
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"The worker did not start:\n{self.output()[-3000:]}")
            time.sleep(0.2)

    def kill(self) -> None:
        """kill -9 of the worker and every process it started (its pool, its beat)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)


@dataclass
class Workers:
    """Starts workers on the queues of one test, against the test database."""

    queue: str
    env: dict[str, str]
    folder: Path
    started: list[Worker] = field(default_factory=list)

    def start(
        self,
        *,
        plan_delay: float = 0.0,
        slow_from: int = 0,
        beat: bool = False,
        consume: str = "default,small,large",
        concurrency: int = 1,
        env: dict[str, str] | None = None,
    ) -> Worker:
        """A worker taking the test's queues named in `consume` (roles of `queues_of`),
        whose plans of sections of `slow_from` players or more take `plan_delay` seconds
        more (`tests.pairing.slow_worker`)."""
        name = f"faults-{len(self.started) + 1}-{uuid.uuid4().hex[:6]}"
        log = self.folder / f"{name}.log"
        command = [
            sys.executable,
            "-m",
            "tests.pairing.slow_worker",
            "--pool=prefork",
            f"--concurrency={concurrency}",
            "--loglevel=INFO",
            f"--hostname={name}@%h",
            "--without-mingle",
            "--without-gossip",
        ]
        if beat:
            command += ["--beat", f"--schedule={self.folder / name}-beat"]
        environment = {
            **self.env,
            "ROOKERY_TEST_PLAN_DELAY": str(plan_delay),
            "ROOKERY_TEST_SLOW_FROM": str(slow_from),
            "ROOKERY_TEST_CONSUME": consume,
            **(env or {}),
        }
        with log.open("wb") as out:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        worker = Worker(process, log)
        self.started.append(worker)
        return worker


@contextlib.contextmanager
def workers_on(broker_url: str, postgres_url: str, folder: Path) -> Iterator[Workers]:
    """Workers on `broker_url`, against this test's database; meanwhile the site's pairing
    runs are sent to the test's queues (`queues_of`) and its sweeps to its default one."""
    queue = f"rookery-faults-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    names = queues_of(queue)
    # The worker must see this test's database, not the one the suite was started with.
    database = urlparse(postgres_url)._replace(path=f"/{connection.settings_dict['NAME']}")
    env = {
        **os.environ,
        "DATABASE_URL": database.geturl(),
        "CELERY_BROKER_URL": broker_url,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ROOKERY_TEST_QUEUE": queue,
        "LOG_LEVEL": "INFO",
    }
    keys = ("task_always_eager", "task_routes")
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(
        task_always_eager=False,
        task_routes={tasks.runs_sweep_task.name: {"queue": names["default"]}},
    )
    app.amqp.flush_routes()
    started = Workers(queue, env, folder)
    pairing_queues = {"small": names["small"], "large": names["large"]}
    try:
        with override_settings(
            ROOKERY_PAIRING_QUEUES=pairing_queues, CELERY_TASK_DEFAULT_QUEUE=names["default"]
        ):
            yield started
    finally:
        for worker in started.started:
            worker.stop()
        app.conf.update(saved)
        app.amqp.flush_routes()


# -- a Redis of the test's own -------------------------------------------------------------


@dataclass
class OwnRedis:
    """A `redis-server` on a free local port, keeping nothing on disk, that the test stops
    (`kill`, as a crash does) and starts again on the same port. Never the shared one."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
        ]
        with (self.folder / f"redis-{self.port}.log").open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


@contextlib.contextmanager
def own_redis(folder: Path) -> Iterator[OwnRedis]:
    redis = OwnRedis(folder)
    redis.start()
    try:
        yield redis
    finally:
        redis.kill()


# -- measurements -------------------------------------------------------------------------


def measurements_keep(record_property: Callable[[str, Any], None], test: str, **figures: Any):
    """Keep what a test measured: in the JUnit report and in the artifacts' file."""
    for key, value in figures.items():
        record_property(key, value)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "measurements.jsonl").open("a") as out:
        out.write(json.dumps({"test": test, **figures}) + "\n")


# -- sections and runs ---------------------------------------------------------------------


def make_section(players: int, organiser=None):
    """A Swiss section of `players` (ranked by rating) in an event of its own, and its
    organiser (a new one unless given)."""
    if organiser is None:
        organiser = UserFactory(username=f"organiser-{uuid.uuid4().hex[:6]}")
    event = EventFactory()
    event.organisers.add(organiser)
    section = SectionFactory(event=event, planned_rounds=5)
    Player.objects.bulk_create(
        Player(
            section=section,
            starting_rank=rank,
            first_name="Ann",
            last_name=f"Player{rank}",
            fide_rating=2800 - rank,
        )
        for rank in range(1, players + 1)
    )
    return section, organiser


def pair_url(section) -> str:
    return f"/api/v1/sections/{section.pk}/rounds/1/pair/"


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> float:
    """Wait until `check()` holds; the seconds it took."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > seconds:
            pytest.fail(f"Waited {seconds:.0f} s for {what}.")
        time.sleep(0.2)
    return time.monotonic() - started


def run_status(run_id: int) -> str:
    return PairingRun.objects.values_list("status", flat=True).get(pk=run_id)


def assert_stored_whole_and_once(section, players: int) -> None:
    """One run, done; one draft with one set of boards, every player seated once."""
    assert PairingRun.objects.filter(section=section).count() == 1
    assert PairingRun.objects.get(section=section).status == RunStatus.DONE
    rnd = Round.objects.get(section=section, number=1)
    assert rnd.status == RoundStatus.DRAFT
    games = Game.objects.filter(round=rnd)
    assert games.count() == players // 2
    assert Bye.objects.filter(round=rnd).count() == players % 2
    assert Seat.objects.filter(round=rnd).count() == players
    assert Seat.objects.filter(round=rnd, game__isnull=False).count() == 2 * games.count()
    assert not games.exclude(pk__in=Seat.objects.filter(round=rnd).values("game")).exists()
    assert sorted(games.values_list("board", flat=True)) == list(range(1, players // 2 + 1))
    stranded = Round.objects.filter(status=RoundStatus.PAIRING).exclude(
        section__pairing_runs__status__in=ACTIVE_STATUSES
    )
    assert not stranded.exists()
    log = LogEntry.objects.filter(section=section)
    assert log.filter(action=LogAction.PAIR).count() == 1
    assert log.filter(action=LogAction.PAIRED).count() == 1
