"""Quotas under simultaneous requests, against PostgreSQL: each check counts inside the
transaction that creates, after the row that serialises the creations is locked, so requests
sent at the same instant never take more places than the quota has."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.pairing.helpers import run_together
from tournaments.models import Event
from tournaments.models import Player
from tournaments.models import Section

pytestmark = [pytest.mark.django_db(transaction=True)]

QUOTAS = {"events": 50, "sections_per_event": 50, "players_per_section": 10_000}


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "events": 3})
def test_ten_simultaneous_event_creations_make_no_more_events_than_the_quota(postgres_url):
    user = UserFactory()
    names = iter(range(10))

    def send() -> int:
        body = {"name": f"Open {next(names)}"}
        return client_for(user).post("/api/v1/events/", body, format="json").status_code

    codes = sorted(run_together(send, times=10))

    assert codes == [201] * 3 + [403] * 7
    assert Event.objects.filter(organisers=user).count() == 3


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "sections_per_event": 2})
def test_ten_simultaneous_section_creations_make_no_more_sections_than_the_quota(postgres_url):
    user = UserFactory()
    event = EventFactory()
    event.organisers.add(user)
    names = iter(range(10))

    def send() -> int:
        body = {"name": f"Group {next(names)}", "system": "dutch", "rounds": 5}
        url = f"/api/v1/events/{event.pk}/sections/"
        return client_for(user).post(url, body, format="json").status_code

    codes = sorted(run_together(send, times=10))

    assert codes == [201] * 2 + [403] * 8
    assert Section.objects.filter(event=event).count() == 2


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "players_per_section": 4})
def test_ten_simultaneous_entries_make_no_more_players_than_the_quota(postgres_url):
    user = UserFactory()
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    section.event.organisers.add(user)
    names = iter(range(10))

    def send() -> int:
        body = {"last_name": f"Player {next(names)}"}
        url = f"/api/v1/sections/{section.pk}/players/"
        return client_for(user).post(url, body, format="json").status_code

    codes = sorted(run_together(send, times=10))

    assert codes == [201] * 4 + [403] * 6
    assert Player.objects.filter(section=section).count() == 4
