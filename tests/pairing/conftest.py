"""Brokers that fail: the site's Celery app pointed at a port where nothing listens, or at a
listener that accepts connections and never answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pairing.helpers import black_hole
from tests.pairing.helpers import broker_at
from tests.pairing.helpers import free_port


@pytest.fixture
def broker_refusing(monkeypatch) -> Iterator[str]:
    with broker_at(f"redis://127.0.0.1:{free_port()}/0", monkeypatch) as url:
        yield url


@pytest.fixture
def broker_silent(monkeypatch) -> Iterator[str]:
    with black_hole() as port, broker_at(f"redis://127.0.0.1:{port}/0", monkeypatch) as url:
        yield url
