from __future__ import annotations

import pytest
from django.test import Client

from entries.models import EntrySettings
from entries.models import FieldRule
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _emails_sent_in_process(eager_tasks):
    """Emails go out in-process once the action commits (as without a broker), so the tests
    read them in Django's outbox."""


@pytest.fixture
def organiser():
    return UserFactory(username="org")


@pytest.fixture
def open_section(organiser):
    """Four players entered by hand, three rounds planned, online entries open with the
    organisers' approval; every detail optional but the email, which is required."""
    event = EventFactory(name="Spring Open", slug="spring")
    event.organisers.add(organiser)
    section = SectionFactory(event=event, name="Open", slug="open", planned_rounds=3)
    for rank, rating in enumerate((2400, 2300, 2200, 2100), start=1):
        PlayerFactory(
            section=section, starting_rank=rank, last_name=f"Hand{rank}", fide_rating=rating
        )
    EntrySettings.objects.create(section=section, is_open=True, email=FieldRule.REQUIRED)
    return section


@pytest.fixture
def organiser_client(organiser) -> Client:
    client = Client()
    client.force_login(organiser)
    return client
