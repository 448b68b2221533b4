"""A headless Chromium (Debian's, driven by Playwright) and the pairing worker for browser tests.

Playwright's own browser downloads are never used: the system Chromium is launched through
`executable_path`. Under CI (the `CI` environment variable set) a missing Chromium or
Playwright fails the tests, so a green run always means a real browser ran them; elsewhere
they are skipped with the reason.

Pairing goes through a real Celery worker on Redis whenever `CELERY_BROKER_URL` is set (on a
queue of its own, so no worker of another test process, with another test database, takes
the task); without a broker, tasks run in-process as they do in development.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest
from celery.contrib.testing.worker import start_worker
from celery.worker import state as worker_state
from django.conf import settings
from django.test import override_settings

from common.tasks import email_send_task
from config.celery import app
from pairing.services.workers import worker_seen_record
from pairing.tasks import round_pair_task
from tests.pairing.helpers import pairing_queue

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONE = {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _unavailable(problem: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(f"{problem}; CI must run the browser tests (`make test` installs Chromium)")
    pytest.skip(problem)


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser(django_db_setup):
    """Chromium, for the tests of one module.

    Playwright's synchronous API keeps an asyncio loop running in this thread while it is
    started, and Django refuses ORM calls from a thread with a running loop. So the test
    database is made before Playwright starts, Playwright stops with the module (before any
    other test of this process), and in between the ORM is let through: the test's database
    work never overlaps the loop's, since the browser waits while the test runs.
    """
    path = chromium_path()
    if path is None:
        _unavailable("Chromium is not installed (apt-get install chromium)")
    try:
        # Here, not at the top: without Playwright the browser tests say so and the rest run.
        from playwright.sync_api import sync_playwright  # noqa: PLC0415
    except ImportError:
        _unavailable("Playwright is not installed (pip install -e '.[dev]')")
    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _page_keeping_to_the_policy(browser, live_server, device: dict) -> Iterator:
    """A page whose test fails if the Content Security Policy blocked anything on it: a page
    that only works with something the policy forbids is broken in production."""
    context = browser.new_context(base_url=live_server.url, **device)
    context.set_default_timeout(15_000)
    page = context.new_page()
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    yield page
    context.close()
    assert refused == [], "the Content Security Policy blocked something"


@pytest.fixture
def desktop(browser, live_server):
    yield from _page_keeping_to_the_policy(browser, live_server, DESKTOP)


@pytest.fixture
def phone(browser, live_server):
    yield from _page_keeping_to_the_policy(browser, live_server, PHONE)


@pytest.fixture
def second_phone(browser, live_server):
    """Another phone (another person's), under the same policy check."""
    yield from _page_keeping_to_the_policy(browser, live_server, PHONE)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@dataclass(frozen=True, slots=True)
class Pairing:
    """How pair requests are carried out in this test, and how many the worker took."""

    on_worker: bool
    _baseline: int = 0

    def worker_runs(self) -> int:
        return worker_state.total_count[round_pair_task.name] - self._baseline


@pytest.fixture
def pairing(request) -> Iterator[Pairing]:
    keys = ("task_always_eager", "broker_url", "result_backend", "task_routes")
    saved = {key: app.conf[key] for key in keys}
    if not settings.CELERY_BROKER_URL:
        app.conf.task_always_eager = True
        try:
            yield Pairing(on_worker=False)
        finally:
            app.conf.update(saved)
        return
    redis_url = request.getfixturevalue("redis_url")
    queue = f"rookery-browser-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    app.conf.update(
        task_always_eager=False,
        broker_url=redis_url,
        result_backend=redis_url,
        # The site's emails go to this worker too: the test reads them in Django's outbox.
        task_routes={task.name: {"queue": queue} for task in (round_pair_task, email_send_task)},
    )
    app.amqp.flush_routes()
    try:
        with (
            pairing_queue(queue),
            # A worker in this process says nothing of itself (`pairing.worker` listens to
            # the command line's worker only): it is noted as seen for the whole test, so
            # that the round page does not warn that no worker takes the queue.
            override_settings(ROOKERY_WORKER_SILENT_AFTER=24 * 3600),
            start_worker(
                app, queues=[queue], perform_ping_check=False, pool="solo", shutdown_timeout=10
            ),
        ):
            worker_seen_record(hostname=f"browser-tests@{queue}", queues=[queue])
            baseline = worker_state.total_count[round_pair_task.name]
            yield Pairing(on_worker=True, _baseline=baseline)
    finally:
        app.conf.update(saved)
        app.amqp.flush_routes()
