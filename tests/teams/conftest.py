from __future__ import annotations

import pytest

from tests.factories import UserFactory


@pytest.fixture
def organiser():
    return UserFactory()


@pytest.fixture
def stranger():
    return UserFactory()


def run_by(section, user):
    section.event.organisers.add(user)
    return section
