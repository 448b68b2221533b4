"""Whether a worker is there: what workers record, `/health/`, and the organiser's round
page warning when no worker was seen lately."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from config.celery import app
from pairing.models import PairingWorker
from pairing.services.workers import FORGOTTEN_AFTER
from pairing.services.workers import worker_seen_record
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

QUEUES = {"small": "pairing-small", "large": "pairing-large"}
EVERY_QUEUE = ["celery", "pairing-large", "pairing-small"]


@pytest.fixture
def on_broker(redis_url, monkeypatch):
    """The site sends its tasks to the real broker (nothing is sent by these tests)."""
    monkeypatch.setenv("CELERY_BROKER_URL", redis_url)
    app.conf.task_always_eager = False  # put back by `eager_tasks`
    with override_settings(ROOKERY_PAIRING_QUEUES=QUEUES, CELERY_TASK_DEFAULT_QUEUE="celery"):
        yield


def seen(hostname: str, queues: list[str], seconds_ago: float) -> None:
    PairingWorker.objects.update_or_create(
        hostname=hostname,
        defaults={"queues": queues, "seen_at": timezone.now() - timedelta(seconds=seconds_ago)},
    )


# -- what workers record -------------------------------------------------------------------


def test_worker_seen_again_updates_its_one_row():
    worker_seen_record(hostname="w1@host", queues=["pairing-small", "celery"])
    first = PairingWorker.objects.get().seen_at

    worker_seen_record(hostname="w1@host", queues=["pairing-small", "celery"])

    worker = PairingWorker.objects.get()
    assert worker.queues == ["celery", "pairing-small"]
    assert worker.seen_at > first


def test_a_new_worker_clears_those_gone_for_a_day():
    seen("old@host", ["celery"], (FORGOTTEN_AFTER + timedelta(minutes=1)).total_seconds())
    seen("recent@host", ["celery"], 3600)

    worker_seen_record(hostname="new@host", queues=["celery"])

    assert sorted(PairingWorker.objects.values_list("hostname", flat=True)) == [
        "new@host",
        "recent@host",
    ]


# -- /health/ --------------------------------------------------------------------------------


def test_health_without_a_broker_checks_the_database_and_the_cache(client):
    response = client.get("/health/")

    assert response.status_code == 200
    assert response.json() == {
        "ok": True,
        "database": "ok",
        "cache": "ok",
        "broker": "not used",
        "worker_seen_seconds_ago": None,
        "queues": {},
        "worker_silent_after_seconds": 60,
        "problems": [],
    }
    assert "no-cache" in response["Cache-Control"]


def test_health_is_200_when_a_worker_takes_every_queue(client, on_broker):
    seen("small@host", ["celery", "pairing-small"], 5)
    seen("large@host", ["pairing-large"], 12)

    response = client.get("/health/")

    body = response.json()
    assert response.status_code == 200, body
    assert body["broker"] == "ok"
    assert 4 < body["worker_seen_seconds_ago"] < 30
    assert set(body["queues"]) == set(EVERY_QUEUE)
    assert body["problems"] == []


def test_health_is_503_naming_the_queue_no_worker_was_seen_on_lately(client, on_broker):
    seen("small@host", ["celery", "pairing-small"], 5)
    seen("large@host", ["pairing-large"], 600)

    response = client.get("/health/")

    assert response.status_code == 503
    assert response.json()["problems"] == [
        "No worker taking the queue pairing-large was seen in the last 60 seconds."
    ]


def test_health_is_503_when_no_worker_was_ever_seen(client, on_broker):
    response = client.get("/health/")

    body = response.json()
    assert response.status_code == 503
    assert body["worker_seen_seconds_ago"] is None
    assert body["queues"] == dict.fromkeys(EVERY_QUEUE)
    assert len(body["problems"]) == 3


def test_health_is_503_within_seconds_when_the_broker_does_not_answer(client, broker_silent):
    seen("w@host", EVERY_QUEUE, 1)

    response = client.get("/health/")

    body = response.json()
    assert response.status_code == 503
    assert body["broker"].startswith("error: ")
    assert "127.0.0.1" not in body["broker"]  # the answer is public: no address in it
    assert body["problems"][0].startswith("The broker does not answer (error: ")


def test_health_answers_over_plain_http_in_production(client, settings):
    settings.SECURE_SSL_REDIRECT = True

    assert client.get("/health/").status_code == 200
    assert client.get("/").status_code == 301


# -- the organiser's round page --------------------------------------------------------------


@pytest.fixture
def round_page(client):
    organiser = UserFactory()
    section = SectionFactory(planned_rounds=3)
    section.event.organisers.add(organiser)
    for rank in range(1, 7):
        PlayerFactory(section=section, starting_rank=rank)
    client.force_login(organiser)
    url = f"/events/{section.event.slug}/{section.slug}/rounds/1/manage/"
    return lambda: client.get(url).content.decode()


WARNING = "No pairing worker has been seen in the last minute"


def test_round_page_warns_when_no_worker_takes_the_sections_queue(round_page, on_broker):
    seen("large@host", ["pairing-large"], 1)

    assert WARNING in round_page()


def test_round_page_warns_of_nothing_while_a_worker_takes_the_sections_queue(round_page, on_broker):
    seen("small@host", ["celery", "pairing-small"], 1)

    assert WARNING not in round_page()


def test_round_page_warns_of_nothing_without_a_broker(round_page):
    assert WARNING not in round_page()
