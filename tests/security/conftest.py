"""The events, roles and clients of the security tests (`tests.security.scenario`)."""

from __future__ import annotations

import pytest

from tests.security.scenario import World
from tests.security.scenario import build


@pytest.fixture
def world(django_capture_on_commit_callbacks, eager_tasks) -> World:
    world = build(django_capture_on_commit_callbacks)
    for client in world.clients.values():
        client.raise_request_exception = False  # a 500 is a finding, not a stop
    return world
