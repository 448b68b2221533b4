"""The embedded default under concurrent writes: `make run`'s SQLite file, served by a real
threaded server, takes twenty simultaneous pair requests without a 500 and makes one run.

The site runs as `make run` runs it (`manage.py runserver`, threaded, tasks in-process), in a
process of its own, on a SQLite file in a temporary folder; the requests come from threads
here. What it measures is also written to `test-artifacts/faults/measurements.jsonl`.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "faults"
REQUESTS = 20

SETUP = """
from django.contrib.auth import get_user_model
from accounts.services import api_token_create
from tests.factories import EventFactory, PlayerFactory, SectionFactory
user = get_user_model().objects.create_user("organiser", password="correct-horse-battery")
event = EventFactory()
event.organisers.add(user)
section = SectionFactory(event=event, planned_rounds=5)
for rank in range(1, 13):
    PlayerFactory(section=section, starting_rank=rank)
print(section.pk, api_token_create(user=user, name="load")[1])
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def site_environment(database: Path) -> dict[str, str]:
    """Development settings on `database`: no broker (runs in-process), no Redis."""
    leave_out = {"CELERY_BROKER_URL", "CACHE_URL", "DEBUG", "SECRET_KEY", "DATABASE_CONN_MAX_AGE"}
    environment = {k: v for k, v in os.environ.items() if k not in leave_out}
    environment["DATABASE_URL"] = f"sqlite:///{database}"
    return environment


def manage(environment: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.fixture
def served(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A migrated SQLite file with a 12-player section and its organiser's token, served by
    `runserver` on a free port."""
    database = tmp_path / "db.sqlite3"
    environment = site_environment(database)
    manage(environment, "migrate", "--noinput")
    section_id, token = manage(environment, "shell", "--verbosity=0", "-c", SETUP).split()[-2:]
    port = free_port()
    log = tmp_path / "runserver.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=environment,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"runserver did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.1)
        yield {
            "url": f"http://127.0.0.1:{port}/api/v1/sections/{section_id}/rounds/1/pair/",
            "token": token,
            "database": database,
            "log": log,
        }
    finally:
        server.terminate()
        server.wait(timeout=30)


def post(url: str, token: str) -> int:
    request = urllib.request.Request(
        url,
        data=b"{}",
        method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_twenty_simultaneous_pair_requests_on_sqlite_make_one_run_and_no_500(served):
    barrier = threading.Barrier(REQUESTS)
    statuses: list[int | str] = [0] * REQUESTS

    def send(index: int) -> None:
        barrier.wait()
        try:
            statuses[index] = post(served["url"], served["token"])
        except OSError as exc:  # no answer at all: kept for the assertion to show
            statuses[index] = repr(exc)

    started = time.monotonic()
    threads = [threading.Thread(target=send, args=(i,)) for i in range(REQUESTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=150)
    answered = time.monotonic() - started

    with sqlite3.connect(served["database"]) as database:
        runs = database.execute("SELECT status FROM pairing_pairingrun").fetchall()
        rounds = database.execute("SELECT COUNT(*) FROM tournaments_round").fetchone()[0]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "measurements.jsonl").open("a") as out:
        figures = {"statuses": sorted(map(str, statuses)), "seconds": round(answered, 2)}
        out.write(json.dumps({"test": "20 pair requests on SQLite", **figures}) + "\n")
    server_log = served["log"].read_text(errors="replace")[-3000:]
    assert set(statuses) <= {200, 202}, f"{statuses}\n{server_log}"
    assert runs == [("done",)], server_log
    assert rounds == 1
