"""Brokers that fail: the site's Celery app pointed at a port where nothing listens, or at a
listener that accepts connections and never answers.

Celery reads `CELERY_BROKER_URL` from the environment before its own settings, so the
environment variable is what moves the broker.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import pytest

from config.celery import app


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


def free_port() -> int:
    """A local port nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def black_hole() -> Iterator[int]:
    """A port that accepts TCP connections (the kernel completes them) and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield int(listener.getsockname()[1])


@pytest.fixture
def broker_refusing(monkeypatch) -> Iterator[str]:
    with broker_at(f"redis://127.0.0.1:{free_port()}/0", monkeypatch) as url:
        yield url


@pytest.fixture
def broker_silent(monkeypatch) -> Iterator[str]:
    with black_hole() as port, broker_at(f"redis://127.0.0.1:{port}/0", monkeypatch) as url:
        yield url
