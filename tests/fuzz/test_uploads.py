"""Every upload endpoint on mutated files: never a 500, and a refused file creates nothing.

The site's TRF import and the API's, the roster upload, preview and import, and the restore of
a backup (page and API). Clients answer a crash with a 500 instead of raising it, as a server
would. The account is staff, so that the quotas do not refuse files the endpoints should read.
"""

from __future__ import annotations

import itertools

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.fuzz.backups import seed_backup
from tests.fuzz.mutations import mutate
from tests.fuzz.mutations import mutations
from tests.fuzz.mutations import seed_files
from tournaments.models import Event
from tournaments.models import Section

pytestmark = pytest.mark.django_db

FUZZ = settings.get_profile("fuzz")
TRF_SEEDS = [data for _name, data in seed_files(".trf")]
CSV_SEEDS = [data for _name, data in seed_files(".csv")]


def _mutant(seeds: list[bytes]) -> st.SearchStrategy[bytes]:
    return st.tuples(st.sampled_from(seeds), mutations()).map(lambda pair: mutate(*pair))


@pytest.fixture
def staff():
    return UserFactory(username="fuzzer", is_staff=True)


@pytest.fixture
def site(staff) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    return client


@pytest.fixture
def api(staff):
    client = client_for(staff)
    client.raise_request_exception = False
    return client


@pytest.fixture
def event(staff) -> Event:
    event = EventFactory()
    event.organisers.add(staff)
    return event


def _open_section(staff) -> Section:
    """An empty section called like the seed rosters' first section, in an event of its own."""
    event = EventFactory()
    event.organisers.add(staff)
    return SectionFactory(event=event, name="Open", slug="open", planned_rounds=5)


@settings(FUZZ, max_examples=60)
@given(data=_mutant(TRF_SEEDS))
def test_the_trf_import_page_never_fails_and_a_refused_file_adds_no_section(
    site: Client, event: Event, data: bytes
) -> None:
    before = Section.objects.count()
    upload = SimpleUploadedFile("fuzz.trf", data)

    response = site.post(
        reverse("section_import", kwargs={"event_slug": event.slug}),
        {"name": "Fuzz", "file": upload},
    )

    assert response.status_code in (200, 302)
    added = Section.objects.count() - before
    assert added == (1 if response.status_code == 302 else 0)
    if response.status_code == 200:
        assert response.context["form"].errors


@settings(FUZZ, max_examples=60)
@given(data=_mutant(TRF_SEEDS))
def test_the_api_trf_import_never_fails_and_a_refused_file_stores_nothing(
    api, event: Event, data: bytes
) -> None:
    section = SectionFactory(event=event, planned_rounds=5)
    upload = SimpleUploadedFile("fuzz.trf", data)

    response = api.post(
        f"/api/v1/sections/{section.pk}/import-trf/", {"file": upload}, format="multipart"
    )

    assert response.status_code in (200, 400)
    if response.status_code == 400:
        body = response.json()
        assert body["code"] == "invalid_trf"
        assert body["message"].startswith("Line ")
        assert not section.players.exists()
        assert not section.rounds.exists()
    else:
        assert section.players.exists()


@settings(FUZZ, max_examples=50)
@given(data=_mutant(CSV_SEEDS))
def test_the_roster_upload_preview_and_import_never_fail(site: Client, staff, data: bytes) -> None:
    section = _open_section(staff)
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug}
    upload = SimpleUploadedFile("fuzz.csv", data, content_type="text/csv")

    uploaded = site.post(reverse("roster_upload", kwargs=kwargs), {"file": upload})
    assert uploaded.status_code in (200, 302)
    if uploaded.status_code == 200:
        return
    preview = site.get(reverse("roster_preview", kwargs=kwargs))
    assert preview.status_code == 200
    form = preview.context["form"]
    choices = {name: form[name].value() or "" for name in form.fields}
    confirmed = site.post(reverse("roster_preview", kwargs=kwargs), {**choices, "confirm": "1"})

    assert confirmed.status_code in (200, 302)
    if confirmed.status_code == 200:
        assert not section.players.exists()


@pytest.fixture
def backup(staff) -> bytes:
    """A backup of every seed TRF file and of a section with entries and check-ins."""
    return seed_backup(staff)


_numbers = itertools.count()


@settings(FUZZ, max_examples=40)
@given(changes=mutations(), page=st.booleans())
def test_restoring_a_mutated_backup_never_fails_and_a_refused_one_adds_no_event(
    site: Client, api, backup: bytes, changes, page: bool
) -> None:
    data = mutate(backup, changes)
    slug = f"restored-{next(_numbers)}"
    before = Event.objects.count()
    upload = SimpleUploadedFile("backup.json", data, content_type="application/json")

    if page:
        response = site.post(reverse("event_restore"), {"file": upload, "slug": slug})
        accepted = response.status_code == 302
        assert response.status_code in (200, 302)
    else:
        response = api.post(
            "/api/v1/events/restore/", {"file": upload, "slug": slug}, format="multipart"
        )
        accepted = response.status_code == 201
        assert response.status_code in (201, 400, 409)

    assert Event.objects.count() - before == (1 if accepted else 0)


def test_every_endpoint_accepts_its_unmutated_seeds(
    site: Client, api, staff, event: Event, backup: bytes
) -> None:
    for index, data in enumerate(TRF_SEEDS):
        page = site.post(
            reverse("section_import", kwargs={"event_slug": event.slug}),
            {"name": f"Seed {index}", "file": SimpleUploadedFile("seed.trf", data)},
        )
        section = SectionFactory(event=event, planned_rounds=5)
        answer = api.post(
            f"/api/v1/sections/{section.pk}/import-trf/",
            {"file": SimpleUploadedFile("seed.trf", data)},
            format="multipart",
        )
        assert (page.status_code, answer.status_code) == (302, 200)
    for data in CSV_SEEDS:
        section = _open_section(staff)
        kwargs = {"event_slug": section.event.slug, "section_slug": section.slug}
        upload = SimpleUploadedFile("seed.csv", data, content_type="text/csv")
        assert (
            site.post(reverse("roster_upload", kwargs=kwargs), {"file": upload}).status_code == 302
        )
        form = site.get(reverse("roster_preview", kwargs=kwargs)).context["form"]
        choices = {name: form[name].value() or "" for name in form.fields}
        confirmed = site.post(reverse("roster_preview", kwargs=kwargs), {**choices, "confirm": "1"})
        assert confirmed.status_code == 302
        assert section.players.exists()
    upload = SimpleUploadedFile("backup.json", backup, content_type="application/json")
    restored = api.post(
        "/api/v1/events/restore/", {"file": upload, "slug": "seed-copy"}, format="multipart"
    )
    assert restored.status_code == 201
