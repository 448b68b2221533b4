"""Upload size limits and per-account quotas, on the pages, the API and the services."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from archives.selectors import event_backup_get
from chesscore.record.people import PlayerDetails
from common.exceptions import QuotaExceeded
from common.exceptions import UploadTooLarge
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Event
from tournaments.models import Player
from tournaments.models import Section

pytestmark = pytest.mark.django_db

QUOTAS = {"events": 50, "sections_per_event": 50, "players_per_section": 10_000}
LIMITS = {"trf": 2 * 1024 * 1024, "roster": 1024 * 1024, "backup": 20 * 1024 * 1024}


def _player(rank: int, opponent: int, colour: str, result: str, points: str) -> str:
    name = f"Player {rank}"
    return f"001 {rank:>4}      {name:<33}{'':<32}{points:>5}{'':<7}{opponent:>4} {colour} {result}"


def small_trf(players: int = 2, padding: int = 0) -> bytes:
    """`players` players (an even number), one round played; `padding` comment bytes more."""
    lines = ["012 Club Open"]
    for rank in range(1, players + 1, 2):
        lines.append(_player(rank, rank + 1, "w", "1", "1.0"))
        lines.append(_player(rank + 1, rank, "b", "0", "0.0"))
    lines.append("142 5")
    text = "\r".join(lines) + "\r"
    if padding:
        text += "### " + "x" * padding + "\r"
    return text.encode()


# -- upload sizes ----------------------------------------------------------------------------


@override_settings(ROOKERY_UPLOAD_MAX_BYTES={**LIMITS, "trf": 1024})
def test_the_api_trf_import_refuses_a_file_over_the_limit_with_413_naming_it(owner):
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    section.event.organisers.add(owner)
    upload = SimpleUploadedFile("big.trf", small_trf(padding=2000))

    response = client_for(owner).post(
        f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
    )

    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert "1 kB" in response.json()["message"]
    assert not section.players.exists()


@override_settings(ROOKERY_UPLOAD_MAX_BYTES={**LIMITS, "trf": 1024})
def test_the_api_trf_import_takes_a_file_under_the_limit(owner):
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    section.event.organisers.add(owner)
    upload = SimpleUploadedFile("small.trf", small_trf(padding=100))

    response = client_for(owner).post(
        f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
    )

    assert response.status_code == 200
    assert section.players.count() == 2


@override_settings(ROOKERY_UPLOAD_MAX_BYTES={**LIMITS, "trf": 1024})
def test_the_trf_import_page_names_the_limit_and_creates_no_section(client, owner):
    event = EventFactory()
    event.organisers.add(owner)
    client.force_login(owner)
    upload = SimpleUploadedFile("big.trf", small_trf(padding=2000))

    response = client.post(
        reverse("section_import", kwargs={"event_slug": event.slug}),
        {"name": "Open", "file": upload},
    )

    assert response.status_code == 200
    assert response.context["form"].errors["file"] == [
        "The file is larger than 1 kB, the most a TRF file may be."
    ]
    assert not Section.objects.exists()


@override_settings(ROOKERY_UPLOAD_MAX_BYTES={**LIMITS, "trf": 1024})
def test_every_trf_import_service_refuses_a_file_over_the_limit(owner):
    event = EventFactory()
    event.organisers.add(owner)

    with pytest.raises(UploadTooLarge, match="larger than 1 kB"):
        services.do_section_import_trf(event=event, name="Open", text=small_trf(padding=2000))
    with pytest.raises(UploadTooLarge):
        services.do_event_import_trf(text=small_trf(padding=2000).decode(), organisers=[owner])

    assert Event.objects.count() == 1
    assert not Section.objects.exists()


@override_settings(ROOKERY_UPLOAD_MAX_BYTES={**LIMITS, "roster": 1024})
def test_the_roster_limit_comes_from_the_settings(client, owner):
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    section.event.organisers.add(owner)
    client.force_login(owner)
    url = reverse(
        "roster_upload", kwargs={"event_slug": section.event.slug, "section_slug": section.slug}
    )
    upload = SimpleUploadedFile("r.csv", b"Name\n" + b"Doe Jane\n" * 200, content_type="text/csv")

    response = client.post(url, {"file": upload})

    assert response.context["form"].errors["file"] == [
        "The file is larger than 1 kB, the most a roster may be."
    ]
    with pytest.raises(UploadTooLarge):
        services.section_roster_import(
            section=section, data=b"Name\n" + b"Doe Jane\n" * 200, mapping=None, user=owner
        )


@override_settings(ROOKERY_REQUEST_MAX_BYTES=4096)
@pytest.mark.parametrize("path", ["/api/v1/events/restore/", "/events/new/restore/"])
def test_a_request_body_over_the_largest_upload_is_refused_with_413_unread(client, path):
    response = client.generic(
        "POST", path, b"x" * 5000, content_type="multipart/form-data; boundary=fuzz"
    )

    assert response.status_code == 413
    assert "4 kB" in response.content.decode()


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_a_body_without_a_file_over_the_form_limit_is_refused_with_413_naming_it(owner):
    api = client_for(owner)

    response = api.post("/api/v1/events/", {"name": "x" * 2000}, format="json")

    assert response.status_code == 413
    assert response.json() == {
        "code": "too_large",
        "message": "The request is larger than 1 kB, the most the site takes without a file.",
    }
    assert not Event.objects.exists()


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_a_page_form_over_the_form_limit_is_refused_with_413_naming_it(client, owner):
    client.force_login(owner)

    response = client.post(
        reverse("event_create"),
        urlencode({"name": "x" * 2000}),
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 413
    assert "larger than 1 kB" in response.content.decode()
    assert not Event.objects.exists()


# -- quotas ----------------------------------------------------------------------------------


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "events": 2})
def test_an_account_creates_events_up_to_its_quota_through_the_api(owner):
    api = client_for(owner)
    answers = [api.post("/api/v1/events/", {"name": f"Open {n}"}, format="json") for n in range(3)]

    assert [a.status_code for a in answers] == [201, 201, 403]
    assert answers[2].json() == {
        "code": "quota_exceeded",
        "message": "You have reached the limit of 2 events for one account: delete one you "
        "no longer need, or ask the site's staff.",
        "field": "name",
    }
    assert Event.objects.filter(organisers=owner).count() == 2


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "events": 1})
def test_the_event_quota_holds_on_the_page_and_for_trf_imports(client, owner):
    client.force_login(owner)
    services.do_event_create(name="First", organisers=[owner])

    response = client.post(reverse("event_create"), {"name": "Second", "is_public": "on"})
    with pytest.raises(QuotaExceeded, match="limit of 1 event for one account"):
        services.do_event_import_trf(text=small_trf(), organisers=[owner])

    assert response.status_code == 200
    assert "You have reached the limit of 1 event" in response.content.decode()
    assert Event.objects.count() == 1


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "events": 1})
def test_staff_accounts_have_no_quota():
    staff = UserFactory(is_staff=True)

    for name in ("One", "Two", "Three"):
        services.do_event_create(name=name, organisers=[staff])

    assert Event.objects.count() == 3


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "sections_per_event": 1})
def test_an_event_takes_sections_up_to_its_quota_however_they_are_made(owner):
    event = EventFactory()
    event.organisers.add(owner)
    services.section_create(event=event, user=owner, name="Open")

    with pytest.raises(QuotaExceeded, match="limit of 1 section for one event"):
        services.section_create(event=event, user=owner, name="Reserve")
    with pytest.raises(QuotaExceeded):
        services.section_import_trf(event=event, name="Juniors", text=small_trf(), user=owner)

    assert event.sections.count() == 1


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "players_per_section": 2})
def test_a_section_takes_players_up_to_its_quota_however_they_are_entered(owner):
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    section.event.organisers.add(owner)
    PlayerFactory(section=section, starting_rank=1)
    services.player_create(section=section, user=owner, details=PlayerDetails(last_name="Second"))

    with pytest.raises(QuotaExceeded, match="limit of 2 players for one section"):
        services.player_create(
            section=section, user=owner, details=PlayerDetails(last_name="Third")
        )
    with pytest.raises(QuotaExceeded):
        services.section_roster_import(
            section=section, data=b"Name\nThird\n", mapping=None, user=owner
        )
    empty = SectionFactory(event=section.event, planned_rounds=5)
    with pytest.raises(QuotaExceeded, match="this would make 4"):
        services.section_trf_load(section=empty, user=owner, text=small_trf(players=4))
    with pytest.raises(QuotaExceeded):
        services.do_section_import_trf(event=section.event, name="Big", text=small_trf(players=4))

    assert section.players.count() == 2
    assert not empty.players.exists()
    assert Player.objects.count() == 2
    assert section.event.sections.count() == 2


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "players_per_section": 2})
def test_the_api_trf_import_over_the_player_quota_is_403_and_stores_nothing(owner):
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    section.event.organisers.add(owner)
    upload = SimpleUploadedFile("four.trf", small_trf(players=4))

    response = client_for(owner).post(
        f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
    )

    assert response.status_code == 403
    assert response.json()["code"] == "quota_exceeded"
    assert not section.players.exists()


def test_the_default_quotas_fit_a_large_open_and_a_busy_organiser(settings):
    assert settings.ROOKERY_QUOTAS["players_per_section"] >= 10_000
    assert settings.ROOKERY_QUOTAS["events"] >= 50
    assert settings.ROOKERY_QUOTAS["sections_per_event"] >= 20


@override_settings(ROOKERY_QUOTAS={**QUOTAS, "events": 1})
def test_restoring_a_backup_counts_against_the_event_quota(owner):
    event = EventFactory()
    event.organisers.add(owner)
    backup = event_backup_get(event=event)
    upload = SimpleUploadedFile("b.json", backup.encode() if isinstance(backup, str) else backup)

    response = client_for(owner).post(
        "/api/v1/events/restore/", {"file": upload, "slug": "copy"}, format="multipart"
    )

    assert response.status_code == 403
    assert response.json()["code"] == "quota_exceeded"
    assert Event.objects.count() == 1
