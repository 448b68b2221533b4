"""Pages: status codes, visibility of private events, and who may import a section."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from chesscore.record import trf
from public.selectors import record_ranked
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported(small_trf):
    return services.do_section_import_trf(event=EventFactory(), name="Open A", text=small_trf)


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def event_with_organiser(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    return event


def _import_url(event):
    return reverse("section_import", kwargs={"event_slug": event.slug})


def _upload(text, name="Open B"):
    return {"name": name, "file": SimpleUploadedFile("open.trf", text.encode())}


def test_home_lists_public_events_with_their_sections(client, imported):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert imported.event.name in response.text
    assert "Open A" in response.text


def test_home_hides_private_events(client):
    EventFactory(name="Secret Cup", is_public=False)
    assert "Secret Cup" not in client.get(reverse("home")).text


def test_event_page_lists_its_sections(client, imported):
    response = client.get(reverse("event_detail", kwargs={"event_slug": imported.event.slug}))
    assert response.status_code == 200
    assert "Open A" in response.text


def test_private_event_page_is_not_found_for_anonymous_visitors(client):
    event = EventFactory(is_public=False)
    response = client.get(reverse("event_detail", kwargs={"event_slug": event.slug}))
    assert response.status_code == 404


def test_private_event_page_is_shown_to_its_organisers(client, organiser):
    event = EventFactory(is_public=False)
    event.organisers.add(organiser)
    client.force_login(organiser)
    response = client.get(reverse("event_detail", kwargs={"event_slug": event.slug}))
    assert response.status_code == 200


def test_unknown_event_is_not_found(client):
    assert client.get("/events/nothing-here/").status_code == 404


def _section_url(section, name="section_detail", **extra):
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, **extra}
    return reverse(name, kwargs=kwargs)


def test_section_page_shows_players_scores_and_boards(client, imported):
    response = client.get(_section_url(imported))
    assert response.status_code == 200
    assert "Adams, Anna" in response.text
    assert "1½" in response.text
    assert "Round 2" in response.text


def test_section_page_of_another_event_is_not_found(client, imported):
    other = EventFactory()
    url = reverse(
        "section_detail", kwargs={"event_slug": other.slug, "section_slug": imported.slug}
    )
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_public_section_downloads_as_trf(client, imported, small_trf, dialect):
    response = client.get(_section_url(imported, "section_export", dialect=dialect))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    # The download is the imported record with the points and final ranks filled in.
    assert trf.read(response.content.decode()) == record_ranked(trf.read(small_trf))


def test_unknown_dialect_is_not_found(client, imported):
    assert client.get(_section_url(imported, "section_export", dialect="trf99")).status_code == 404


def test_private_section_download_is_not_found_for_anonymous_visitors(client):
    section = SectionFactory(event=EventFactory(is_public=False))
    response = client.get(_section_url(section, "section_export", dialect="trf26"))
    assert response.status_code == 404


def test_import_page_sends_anonymous_visitors_to_log_in(client, event_with_organiser):
    response = client.get(_import_url(event_with_organiser))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_import_page_is_forbidden_to_users_who_do_not_run_the_event(client, event_with_organiser):
    client.force_login(UserFactory())
    assert client.get(_import_url(event_with_organiser)).status_code == 403


def test_import_post_is_forbidden_to_users_who_do_not_run_the_event(
    client, event_with_organiser, small_trf
):
    client.force_login(UserFactory())
    response = client.post(_import_url(event_with_organiser), _upload(small_trf))
    assert response.status_code == 403
    assert not Section.objects.exists()


def test_organiser_sees_the_import_form(client, organiser, event_with_organiser):
    client.force_login(organiser)
    response = client.get(_import_url(event_with_organiser))
    assert response.status_code == 200
    assert 'type="file"' in response.text


def test_arbiter_may_import(client, small_trf):
    arbiter = UserFactory()
    event = EventFactory()
    event.arbiters.add(arbiter)
    client.force_login(arbiter)
    assert client.post(_import_url(event), _upload(small_trf)).status_code == 302


def test_organiser_import_creates_the_section_and_redirects_to_it(
    client, organiser, event_with_organiser, small_trf
):
    client.force_login(organiser)
    response = client.post(_import_url(event_with_organiser), _upload(small_trf))
    section = Section.objects.get(event=event_with_organiser)
    assert response.status_code == 302
    assert response["Location"] == _section_url(section)
    assert section.players.count() == 4


def test_malformed_upload_shows_the_line_at_fault(
    client, organiser, event_with_organiser, small_trf
):
    client.force_login(organiser)
    broken = small_trf.replace("     4 b =     1 w =", "     4 b =     1 w 7")
    response = client.post(_import_url(event_with_organiser), _upload(broken))
    assert response.status_code == 200
    assert "Line 6, round 2 result" in response.text
    assert not Section.objects.exists()


def test_login_page_renders(client):
    assert client.get(reverse("account_login")).status_code == 200
