"""Pair requests carried out by a real Celery worker on Redis, checked against the engine.

Sections are made and filled through the API from Dutch corpus cases; the worker pairs the
next round, and the stored boards must be those `pair_round` gives for the same file.

The worker consumes a queue of its own, so that no other worker of the test run (another
process, another database) can take these tasks.
"""

from __future__ import annotations

import csv
import os
import time
import uuid
from pathlib import Path

import pytest
from celery.contrib.testing.worker import start_worker

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import pair_round
from chesscore.record import trf
from config.celery import app
from pairing.tasks import round_pair_task
from tests.conftest import client_for
from tests.factories import UserFactory
from tests.golden import dutch_corpus
from tests.pairing.helpers import pairing_queue

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("eager_tasks"),
    pytest.mark.xdist_group("celery-worker"),
]


# One case per feature the server side prepares for the engine (byes asked for, withdrawals,
# late entries, forbidden pairs, acceleration, scoring), so that each is checked end to end.
FEATURES = (
    "baku",
    "prebye-H",
    "prebye-Z",
    "prebye-F",
    "forbidden",
    "late-entry",
    "xxa",
    "retired",
    "forfeits",
    "points-3-1-0",
)


def corpus_cases(max_players: int = 40) -> list[Path]:
    """The first case of at most `max_players` showing each of `FEATURES`."""
    with (dutch_corpus() / "MANIFEST.tsv").open() as rows:
        cases = [
            (row[0], set(row[4].split(",")))
            for row in csv.reader(rows, delimiter="\t")
            if int(row[1]) <= max_players
        ]
    chosen: list[str] = []
    for feature in FEATURES:
        name = next((n for n, found in cases if feature in found and n not in chosen), None)
        if name is not None:
            chosen.append(name)
    return [dutch_corpus() / f"{name}.trf" for name in chosen]


CASES = corpus_cases()


@pytest.fixture
def live_worker(redis_url):
    queue = f"rookery-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    saved = {key: app.conf[key] for key in ("task_always_eager", "broker_url", "task_routes")}
    app.conf.update(
        task_always_eager=False,
        broker_url=redis_url,
        task_routes={round_pair_task.name: {"queue": queue}},
    )
    app.amqp.flush_routes()
    try:
        with (
            pairing_queue(queue),
            start_worker(
                app, perform_ping_check=False, pool="solo", shutdown_timeout=10, queues=[queue]
            ),
        ):
            yield app
    finally:
        app.conf.update(saved)
        app.amqp.flush_routes()


def wait_for_run(client, url: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        body = client.get(url).json()
        if body["status"] in ("done", "failed") or time.monotonic() > deadline:
            return body
        time.sleep(0.1)


def import_through_api(client, path: Path) -> int:
    event = client.post("/api/v1/events/", {"name": f"Corpus {path.stem}"}, format="json")
    assert event.status_code == 201, event.json()
    section = client.post(
        f"/api/v1/events/{event.json()['id']}/sections/",
        {"name": path.stem, "system": "dutch", "rounds": 1},
        format="json",
    )
    assert section.status_code == 201, section.json()
    with path.open("rb") as upload:
        imported = client.post(
            f"/api/v1/sections/{section.json()['id']}/import-trf/",
            {"file": upload},
            format="multipart",
        )
    assert imported.status_code == 200, imported.json()
    return section.json()["id"]


def test_the_corpus_sample_is_not_empty():
    assert len(CASES) == 10


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_worker_pairs_a_corpus_case_as_the_engine_does(live_worker, path):
    client = client_for(UserFactory(username="organiser"))
    record = trf.read(path.read_bytes())
    number = record.rounds_played + 1
    section = import_through_api(client, path)

    response = client.post(f"/api/v1/sections/{section}/rounds/{number}/pair/")
    assert response.status_code == 202
    run = wait_for_run(client, response.json()["run"])

    try:
        expected = pair_round(record)
    except NoLegalPairing:
        assert run["status"] == "failed"
        assert run["error"].startswith("No legal pairing")
        return
    assert run["status"] == "done", run["error"]
    pairings = client.get(f"/api/v1/sections/{section}/rounds/{number}/pairings/").json()
    assert [(b["white"], b["black"]) for b in pairings["boards"]] == [
        (b.white, b.black) for b in expected.boards
    ]
    assert pairings["bye"] == expected.bye


def test_worker_pairs_a_section_made_on_the_site(live_worker, section, owner_client):
    response = owner_client.post(f"/api/v1/sections/{section.pk}/rounds/1/pair/")

    run = wait_for_run(owner_client, response.json()["run"])

    assert run["status"] == "done", run["error"]
    assert run["attempts"] == 1
    pairings = owner_client.get(f"/api/v1/sections/{section.pk}/rounds/1/pairings/").json()
    assert {frozenset((b["white"], b["black"])) for b in pairings["boards"]} == {
        frozenset((1, 4)),
        frozenset((2, 5)),
        frozenset((3, 6)),
    }
