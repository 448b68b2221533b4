"""Entries sent at the same instant, against PostgreSQL: each entry counts the places taken
after it has locked the section, so simultaneous entries never take more places than the
section has, and the rest go to the waiting list."""

from __future__ import annotations

import pytest
from django.test import Client

from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.pairing.helpers import run_together

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_ten_simultaneous_entries_take_no_more_places_than_the_section_has(postgres_url):
    section = SectionFactory(event=EventFactory(slug="rush"), slug="open", planned_rounds=5)
    EntrySettings.objects.create(
        section=section, is_open=True, max_players=3, waiting_list=True, email="off"
    )
    names = iter(range(10))

    def send() -> int:
        body = {"last_name": f"Rusher {next(names)}"}
        return Client().post("/events/rush/open/enter/", body).status_code

    codes = run_together(send, times=10)

    assert sorted(codes) == [302] * 10
    statuses = sorted(Entry.objects.values_list("status", flat=True))
    assert statuses == [EntryStatus.PENDING] * 3 + [EntryStatus.WAITING] * 7
