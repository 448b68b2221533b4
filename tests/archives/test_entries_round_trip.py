"""Online entries, check-ins, round times and the event's clock go through a backup and
come back: the same file, byte for byte, and the same event to its pages."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from archives.selectors import event_backup_get
from archives.services import event_restore
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from entries.selectors import entry_by_token_get
from entries.selectors import entry_list
from entries.selectors import token_hash
from tests.archives.conftest import empty_site
from tests.factories import UserFactory
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import RoundTime
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def restored(event: Event) -> tuple[bytes, Event]:
    """The event's backup, and its copy restored into an empty site."""
    data = event_backup_get(event=event)
    empty_site()
    return data, event_restore(data=data, user=UserFactory(username="restorer"))


def test_the_event_holds_what_the_round_trip_is_meant_to_cover(entries_event):
    doc = json.loads(event_backup_get(event=entries_event))
    section = doc["sections"][0]
    entries = section["entries"]

    assert doc["event"]["time_zone"] == "Europe/Oslo"
    assert len(section["round_times"]) == 3
    assert {e["status"] for e in entries} == set(EntryStatus.values)
    assert [e["last_name"] for e in entries if e["status"] == "waiting"] == ["Lie", "Moe"]
    assert [e["player"] for e in entries if e["player"] is not None] == [4]
    assert section["entry_settings"]["max_players"] == 8
    assert (section["check_in"], section["absent_players"], section["check_in_code"]) == (
        "every",
        "bye",
        "rook",
    )
    check_ins = {p["last_name"]: p["check_ins"] for p in section["players"]}
    assert [c["round_number"] for c in check_ins["Aune"]] == [1]
    assert [c["round_number"] for c in check_ins["Dahl"]] == [2]
    assert "by" not in check_ins["Aune"][0]


def test_an_event_with_entries_and_check_ins_comes_back_byte_for_byte(entries_event):
    data, copy = restored(entries_event)

    assert event_backup_get(event=copy) == data


def test_postgresql_gives_back_the_same_file_with_entries_and_check_ins(
    postgres_url, entries_event
):
    assert connection.vendor == "postgresql"

    data, copy = restored(entries_event)

    assert event_backup_get(event=copy) == data


def test_the_restored_entries_keep_their_statuses_order_and_players(entries_event):
    before = [
        (e.last_name, e.status, e.player.starting_rank if e.player else None, e.created_at)
        for e in entry_list(section=entries_event.sections.get())
    ]
    _data, copy = restored(entries_event)

    section = Section.objects.get(event=copy)
    after = [
        (e.last_name, e.status, e.player.starting_rank if e.player else None, e.created_at)
        for e in entry_list(section=section)
    ]
    assert after == before
    assert EntrySettings.objects.get(section=section).waiting_list


def test_the_links_emailed_before_open_the_restored_entries(entries_event):
    entry = Entry.objects.get(last_name="Moe")
    # The secret itself is in the email only: give the entry one whose hash is known.
    entry.token_hash = token_hash("secret-of-moe")
    entry.save()
    _data, copy = restored(entries_event)

    found = entry_by_token_get(token="secret-of-moe")
    page = Client().get(reverse("entry_detail", kwargs={"token": "secret-of-moe"}))

    assert found is not None
    assert (found.section.event, found.last_name, found.status) == (copy, "Moe", "waiting")
    assert page.status_code == 200
    assert "you are on the waiting list" in page.content.decode()


def test_a_copy_restored_beside_its_original_leaves_the_links_to_the_original(entries_event):
    entry = Entry.objects.get(last_name="Moe")
    entry.token_hash = token_hash("secret-of-moe")
    entry.save()
    data = event_backup_get(event=entries_event)

    copy = event_restore(data=data, user=UserFactory(username="restorer"), slug="bergen-copy")

    assert entry_by_token_get(token="secret-of-moe").section.event == entries_event
    hashes = set(Entry.objects.filter(section__event=copy).values_list("token_hash", flat=True))
    assert len(hashes) == Entry.objects.filter(section__event=entries_event).count()
    assert not hashes & set(
        Entry.objects.filter(section__event=entries_event).values_list("token_hash", flat=True)
    )
    assert "9 online entries of the site had the same links" in (
        copy.log_entries.get(action="restore").description
    )


def test_the_check_ins_round_times_and_clock_come_back(entries_event):
    marks = sorted(
        CheckIn.objects.filter(player__section__event=entries_event).values_list(
            "player__starting_rank", "round_number", "checked_in_at"
        )
    )
    times = list(
        RoundTime.objects.filter(section__event=entries_event)
        .order_by("number")
        .values_list("number", "starts_at")
    )
    _data, copy = restored(entries_event)

    section = Section.objects.get(event=copy)
    assert copy.time_zone == "Europe/Oslo"
    assert (section.check_in, section.absent_players, section.check_in_code) == (
        "every",
        "bye",
        "rook",
    )
    assert (
        sorted(
            CheckIn.objects.filter(player__section=section).values_list(
                "player__starting_rank", "round_number", "checked_in_at"
            )
        )
        == marks
    )
    assert not CheckIn.objects.filter(player__section=section, by__isnull=False).exists()
    assert (
        list(
            RoundTime.objects.filter(section=section)
            .order_by("number")
            .values_list("number", "starts_at")
        )
        == times
    )
