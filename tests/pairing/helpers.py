"""Helpers of the pairing tests that need real concurrency or a broker that fails.

Celery reads `CELERY_BROKER_URL` from the environment before its own settings, so the
environment variable is what moves the broker of the site's app (`broker_at`).
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import override_settings

from config.celery import app


def run_together(work: Callable[[], Any], times: int = 2) -> list[Any]:
    """Start `times` threads on `work` at the same instant; their answers or exceptions.
    Each thread has its own database connection, closed when it ends."""
    barrier = threading.Barrier(times)
    answers: list[Any] = [None] * times

    def target(index: int) -> None:
        try:
            barrier.wait()
            answers[index] = work()
        except Exception as exc:  # handed back to the test, which names what it expects
            answers[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


def pools_drop() -> None:
    """Forget the app's pools of broker connections, so that the next task goes to the
    broker the environment names now. Celery keeps them on the app and on its AMQP helper,
    and has no public way to start afresh; kombu keeps one pool per broker address, so the
    pool of the real broker is found again afterwards."""
    app._pool = None
    app.amqp._producer_pool = None


@contextlib.contextmanager
def broker_at(url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Tasks are sent to the broker at `url` (not run in-process) while the block runs."""
    eager = app.conf.task_always_eager
    with monkeypatch.context() as patched:
        patched.setenv("CELERY_BROKER_URL", url)
        pools_drop()
        app.conf.task_always_eager = False
        try:
            yield url
        finally:
            app.conf.task_always_eager = eager
            pools_drop()


def queues_of(queue: str) -> dict[str, str]:
    """A test's queues by role: the default one (`default`) and the pairing ones (`small`,
    `large`, as in `settings.ROOKERY_PAIRING_QUEUES`)."""
    return {"default": queue, "small": f"{queue}-small", "large": f"{queue}-large"}


@contextlib.contextmanager
def pairing_queue(queue: str) -> Iterator[None]:
    """Pairing runs of every size are sent to `queue` while the block runs (for a test
    whose one worker takes that queue only)."""
    with override_settings(ROOKERY_PAIRING_QUEUES={"small": queue, "large": queue}):
        yield


def free_port() -> int:
    """A local port nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def black_hole() -> Iterator[int]:
    """A local port that accepts TCP connections (the kernel completes them) and never
    answers a byte."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield int(listener.getsockname()[1])
