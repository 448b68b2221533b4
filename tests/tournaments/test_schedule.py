"""The timetable: round times set by the organiser, shown on the venue's clock on the
pages, in the API and in the TRF round dates (132)."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.urls import reverse

from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tournaments import services
from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import RoundTime
from tournaments.selectors.record import section_record_base

pytestmark = pytest.mark.django_db

AMSTERDAM = zoneinfo.ZoneInfo("Europe/Amsterdam")


def _at(day: int, hour: int, minute: int = 0) -> datetime.datetime:
    """A time in May 2026 on the Amsterdam clock (UTC+2 then)."""
    return datetime.datetime(2026, 5, day, hour, minute, tzinfo=AMSTERDAM)


@pytest.fixture
def played(owner):
    """Two rounds played, five planned, the event in Amsterdam."""
    section = swiss_section(6, rounds_played=2, event=EventFactory(time_zone="Europe/Amsterdam"))
    section.event.organisers.add(owner)
    return section


def _urls(section, name: str, **kwargs) -> str:
    return reverse(
        name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug, **kwargs}
    )


def test_setting_round_times_stores_them_and_logs_the_change(played, owner):
    services.section_schedule_set(
        section=played, user=owner, starts={1: _at(16, 14, 30), 2: _at(17, 10)}
    )
    stored = dict(RoundTime.objects.filter(section=played).values_list("number", "starts_at"))
    assert stored == {
        1: datetime.datetime(2026, 5, 16, 12, 30, tzinfo=datetime.UTC),
        2: datetime.datetime(2026, 5, 17, 8, 0, tzinfo=datetime.UTC),
    }
    entry = LogEntry.objects.get(action="schedule")
    assert entry.changes == {
        "round 1": [None, "2026-05-16 14:30"],
        "round 2": [None, "2026-05-17 10:00"],
    }


def test_setting_the_same_times_again_writes_nothing_to_the_log(played, owner):
    starts = {1: _at(16, 14, 30)}
    services.section_schedule_set(section=played, user=owner, starts=starts)
    services.section_schedule_set(section=played, user=owner, starts=starts)
    assert LogEntry.objects.filter(action="schedule").count() == 1


def test_a_round_time_set_to_none_is_cleared(played, owner):
    services.section_schedule_set(section=played, user=owner, starts={1: _at(16, 14)})
    services.section_schedule_set(section=played, user=owner, starts={1: None})
    assert not RoundTime.objects.filter(section=played).exists()


def test_a_round_beyond_the_planned_rounds_is_refused_by_number(played, owner):
    with pytest.raises(ValidationError, match="Round 6: the section has 5 rounds") as caught:
        services.section_schedule_set(section=played, user=owner, starts={6: _at(20, 10)})
    assert caught.value.field == "round_6"


def test_a_round_may_not_start_before_the_round_before_it(played, owner):
    with pytest.raises(ValidationError, match="Round 3 cannot start before") as caught:
        services.section_schedule_set(
            section=played, user=owner, starts={2: _at(17, 10), 3: _at(16, 10)}
        )
    assert caught.value.field == "round_3"


def test_someone_who_does_not_run_the_event_cannot_set_times(played):
    with pytest.raises(PermissionDenied):
        services.section_schedule_set(section=played, user=UserFactory(), starts={1: _at(16, 9)})


def test_the_schedule_page_reads_times_on_the_events_clock(client, played, owner):
    client.force_login(owner)
    response = client.post(
        _urls(played, "section_schedule"), {"round_1": "2026-05-16T14:30", "round_3": ""}
    )
    assert response.status_code == 302
    assert RoundTime.objects.get(section=played, number=1).starts_at == _at(16, 14, 30)
    page = client.get(_urls(played, "section_schedule")).content.decode()
    assert 'value="2026-05-16T14:30"' in page


def test_the_schedule_page_names_a_time_the_clocks_skip(client, played, owner):
    client.force_login(owner)
    # 02:30 on 29 March 2026 does not exist in Amsterdam: the clocks go from 02:00 to 03:00.
    response = client.post(_urls(played, "section_schedule"), {"round_2": "2026-03-29T02:30"})
    assert response.status_code == 200
    assert "round_2" in response.context["form"].errors
    assert not RoundTime.objects.exists()


def test_the_schedule_page_names_a_malformed_time(client, played, owner):
    client.force_login(owner)
    response = client.post(_urls(played, "section_schedule"), {"round_4": "next saturday"})
    assert response.status_code == 200
    assert "round_4" in response.context["form"].errors


def test_the_manage_page_links_to_the_schedule(client, played, owner):
    client.force_login(owner)
    page = client.get(_urls(played, "section_manage")).content.decode()
    assert _urls(played, "section_schedule") in page


def test_public_pages_show_round_times_on_the_events_clock(client, played, owner):
    services.section_schedule_set(
        section=played, user=owner, starts={1: _at(16, 14, 30), 2: _at(17, 10), 4: _at(18, 9)}
    )
    section_page = client.get(_urls(played, "section_detail")).content.decode()
    assert "Round 2 · <time>Sun 10:00</time>" in section_page
    assert 'Round 4 · <time datetime="2026-05-18T09:00:00+02:00">Mon 09:00</time>' in section_page
    round_page = client.get(_urls(played, "round_detail", number=1)).content.decode()
    assert "round 1 · <time>Sat 14:30</time>" in round_page
    card = client.get(_urls(played, "player_detail", rank=1)).content.decode()
    assert '<small class="meta">Sat 14:30</small>' in card


def test_changing_the_schedule_refreshes_the_cached_public_page(client, played, owner):
    assert "Sun 10:00" not in client.get(_urls(played, "section_detail")).content.decode()
    services.section_schedule_set(section=played, user=owner, starts={2: _at(17, 10)})
    assert "Sun 10:00" in client.get(_urls(played, "section_detail")).content.decode()


def test_the_api_gives_round_times_with_the_events_offset(anonymous, played, owner):
    services.section_schedule_set(section=played, user=owner, starts={2: _at(17, 10)})
    rounds = anonymous.get(f"/api/v1/sections/{played.pk}/rounds/").json()
    assert [r["starts_at"] for r in rounds] == [None, "2026-05-17T10:00:00+02:00"]
    one = anonymous.get(f"/api/v1/sections/{played.pk}/rounds/2/").json()
    assert one["starts_at"] == "2026-05-17T10:00:00+02:00"
    section = anonymous.get(f"/api/v1/sections/{played.pk}/").json()
    assert section["schedule"] == [{"round": 2, "starts_at": "2026-05-17T10:00:00+02:00"}]


def test_the_trf_round_dates_come_from_the_schedule(client, played, owner):
    # 00:30 on the 17th in Amsterdam is still the 16th in UTC: the venue's date counts.
    services.section_schedule_set(
        section=played, user=owner, starts={1: _at(16, 14), 2: _at(17, 0, 30)}
    )
    text = client.get(_urls(played, "section_export", dialect="trf16")).content.decode("latin-1")
    line = next(line for line in text.splitlines() if line.startswith("132"))
    assert line[91:].split() == ["26/05/16", "26/05/17"]


def test_the_schedule_replaces_an_imported_files_round_dates_where_set(event, owner):
    text = "\r".join(
        [
            "012 Spring Open",
            "062 2",
            "XXR 3",
            "132" + " " * 88 + "26/04/01  26/04/02  ",
            "001    1      Adams, Anna                       2200 NED             "
            "           0.0    1",
            "001    2      Brown, Bert                       2100 ENG             "
            "           0.0    2",
            "",
        ]
    )
    section = services.do_section_import_trf(event=event, name="Imported", text=text.encode())
    services.section_schedule_set(
        section=section,
        user=owner,
        starts={2: datetime.datetime(2026, 4, 5, 10, tzinfo=datetime.UTC)},
    )
    assert section_record_base(section).event.round_dates == (
        datetime.date(2026, 4, 1),
        datetime.date(2026, 4, 5),
    )


def test_an_event_with_a_time_zone_that_does_not_exist_is_refused_on_its_field(client):
    client.force_login(UserFactory())
    response = client.post(reverse("event_create"), {"name": "Spring", "time_zone": "Mars/Olympus"})
    assert response.status_code == 200
    assert "time_zone" in response.context["form"].errors


def test_an_event_takes_its_time_zone_from_the_form(client):
    client.force_login(UserFactory())
    data = {"name": "Spring", "time_zone": "Europe/Oslo", "is_public": "on"}
    assert client.post(reverse("event_create"), data).status_code == 302
    assert Event.objects.get(name="Spring").time_zone == "Europe/Oslo"


def test_a_one_day_event_dates_every_round_without_a_time(client, played, owner):
    Event.objects.filter(pk=played.event_id).update(
        start_date=datetime.date(2026, 5, 16), end_date=datetime.date(2026, 5, 16)
    )
    text = client.get(_urls(played, "section_export", dialect="trf16")).content.decode("latin-1")
    line = next(line for line in text.splitlines() if line.startswith("132"))
    assert line[91:].split() == ["26/05/16"] * played.planned_rounds


def test_an_event_over_several_days_gives_no_dates_it_does_not_know(client, played, owner):
    Event.objects.filter(pk=played.event_id).update(
        start_date=datetime.date(2026, 5, 16), end_date=datetime.date(2026, 5, 17)
    )
    text = client.get(_urls(played, "section_export", dialect="trf16")).content.decode("latin-1")
    assert not any(line.startswith("132") for line in text.splitlines())
