"""The backup carries an event's time zone and its sections' round times; a file written
before they existed reads as UTC with no times."""

from __future__ import annotations

import datetime

import pytest

from archives import services
from archives.reading import BackupInvalid
from archives.reading import archive_read
from archives.selectors import event_backup_get
from tests.archives.conftest import empty_site
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.archives.documents import version_1
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services as tournament_services
from tournaments.models import Event
from tournaments.models import RoundTime

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 7, 1, 12, 30, tzinfo=datetime.UTC)


def test_a_restored_event_keeps_its_clock_and_round_times():
    owner = UserFactory(username="owner")
    event = tournament_services.do_event_create(
        name="Oslo Open", time_zone="Europe/Oslo", organisers=[owner]
    )
    section = SectionFactory(event=event, slug="open")
    tournament_services.section_schedule_set(
        section=section, user=owner, starts={1: START, 3: START + datetime.timedelta(days=1)}
    )
    data = event_backup_get(event=event)
    empty_site()

    copy = services.event_restore(data=data, user=UserFactory(username="restorer"))

    assert copy.time_zone == "Europe/Oslo"
    times = RoundTime.objects.filter(section__event=copy).values_list("number", "starts_at")
    assert list(times.order_by("number")) == [(1, START), (3, START + datetime.timedelta(days=1))]
    assert event_backup_get(event=Event.objects.get(pk=copy.pk)) == data


def test_a_file_written_before_round_times_reads_as_utc_with_none():
    doc = version_1(document())
    doc["event"].pop("time_zone", None)
    for section in doc["sections"]:
        section.pop("round_times", None)
    archive = archive_read(encoded(doc))
    assert archive.event["time_zone"] == "UTC"
    assert all(s.round_times == [] for s in archive.sections)


def test_a_time_zone_that_does_not_exist_is_named():
    doc = document()
    doc["event"]["time_zone"] = "Mars/Olympus"
    with pytest.raises(BackupInvalid, match=r"event\.time_zone.*Mars/Olympus"):
        archive_read(encoded(doc))


def test_a_round_given_two_times_is_named():
    doc = document()
    twice = [{"number": 2, "starts_at": "2026-07-01T12:30:00.000000+00:00"}] * 2
    doc["sections"][0]["round_times"] = twice
    with pytest.raises(BackupInvalid, match=r"sections\[0\]\.round_times"):
        archive_read(encoded(doc))
