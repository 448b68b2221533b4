"""The pages: the backup download for those who run the event, the restore form for anyone
signed in, and the restored event's pages."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from archives.selectors import event_backup_get
from common.limits import upload_limit
from tests.archives.conftest import empty_site
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.factories import UserFactory
from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def backup_url(event: Event) -> str:
    return reverse("event_backup", kwargs={"event_slug": event.slug})


def upload(data: bytes, name: str = "backup.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/json")


def test_the_event_page_offers_the_backup_to_those_who_run_it_only(swiss_event, arbiter):
    page = reverse("event_detail", kwargs={"event_slug": swiss_event.slug})

    assert backup_url(swiss_event) in client_of(arbiter).get(page).content.decode()
    assert backup_url(swiss_event) not in client_of(UserFactory()).get(page).content.decode()
    assert backup_url(swiss_event) not in client_of().get(page).content.decode()


def test_an_organiser_downloads_the_backup_as_a_file(swiss_event, organiser):
    response = client_of(organiser).get(backup_url(swiss_event))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="aeroskobing-backup.json"'
    assert "no-cache" in response["Cache-Control"]
    assert response.content == event_backup_get(event=swiss_event)


def test_an_arbiter_downloads_the_backup(swiss_event, arbiter):
    assert client_of(arbiter).get(backup_url(swiss_event)).status_code == 200


def test_someone_who_sees_the_event_but_does_not_run_it_is_refused(swiss_event):
    assert client_of(UserFactory()).get(backup_url(swiss_event)).status_code == 403


def test_a_private_event_is_not_found_for_a_stranger(empty_event):
    assert client_of(UserFactory()).get(backup_url(empty_event)).status_code == 404


def test_nobody_signed_in_is_sent_to_sign_in(swiss_event):
    response = client_of().get(backup_url(swiss_event))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_the_restore_page_is_for_anyone_signed_in():
    url = reverse("event_restore")

    assert client_of(UserFactory()).get(url).status_code == 200
    assert client_of().get(url)["Location"].startswith(reverse("account_login"))


def test_a_restored_backup_leads_to_the_new_event_run_by_the_restoring_user():
    user = UserFactory()

    response = client_of(user).post(reverse("event_restore"), {"file": upload(encoded(document()))})

    event = Event.objects.get(slug="spring-open")
    assert response.status_code == 302
    assert response["Location"] == reverse("event_detail", kwargs={"event_slug": "spring-open"})
    assert list(event.organisers.all()) == [user]


def test_a_restore_under_another_address(empty_event):
    data = event_backup_get(event=empty_event)

    response = client_of(UserFactory()).post(
        reverse("event_restore"), {"file": upload(data), "slug": "copy"}
    )

    assert response["Location"] == reverse("event_detail", kwargs={"event_slug": "copy"})


def test_a_bad_file_is_shown_on_the_form_naming_where_it_is():
    doc = document()
    doc["sections"][0]["players"][4]["starting_rank"] = -5

    response = client_of(UserFactory()).post(
        reverse("event_restore"), {"file": upload(encoded(doc))}
    )

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "file": ["sections[0].players[4].starting_rank: must be a positive integer"]
    }
    assert "must be a positive integer" in response.content.decode()
    assert not Event.objects.exists()


def test_a_taken_address_is_shown_on_the_address_field_when_one_was_given(empty_event):
    data = event_backup_get(event=empty_event)

    response = client_of(UserFactory()).post(
        reverse("event_restore"), {"file": upload(data), "slug": empty_event.slug}
    )

    assert list(response.context["form"].errors) == ["slug"]


def test_a_file_over_the_limit_is_refused_before_it_is_read():
    data = b" " * (upload_limit("backup") + 1)

    response = client_of(UserFactory()).post(reverse("event_restore"), {"file": upload(data)})

    assert response.context["form"].errors == {
        "file": ["The file is larger than 20 MB, the most a backup may be."]
    }


_EVENT_PAGES = ("event_detail", "self_check_in")


def pages_of(event: Event) -> list[str]:
    """Every page of the event a visitor or its organiser opens."""
    urls = [reverse(name, kwargs={"event_slug": event.slug}) for name in _EVENT_PAGES]
    for section in Section.objects.filter(event=event):
        kwargs = {"event_slug": event.slug, "section_slug": section.slug}
        names = ["section_detail", "section_manage", "standings_detail", "crosstable_detail"]
        names += ["groups", "byes", "section_live"]
        if section.is_team:
            names += ["team_list", "team_standings_detail"]
            urls.append(reverse("team_detail", kwargs={**kwargs, "number": 1}))
        else:
            names += ["entry_list", "entry_manage", "entry_settings", "check_in_list"]
        urls += [reverse(name, kwargs=kwargs) for name in names]
        for player in section.players.all()[:3]:
            urls.append(reverse("player_detail", kwargs={**kwargs, "rank": player.starting_rank}))
        for rnd in Round.objects.filter(section=section):
            at = {**kwargs, "number": rnd.number}
            urls.append(reverse("round_manage", kwargs=at))
            if rnd.status == "draft":
                urls.append(reverse("round_draft", kwargs=at))
            else:
                urls.append(reverse("round_detail", kwargs=at))
            if section.is_team:
                urls.append(reverse("match_list", kwargs=at))
    return urls


@pytest.mark.parametrize("scenario", ["swiss_event", "team_event", "trf_event", "entries_event"])
def test_the_restored_event_pages_render(scenario, request):
    data = event_backup_get(event=request.getfixturevalue(scenario))
    empty_site()
    restorer = UserFactory(username="restorer")
    client_of(restorer).post(reverse("event_restore"), {"file": upload(data)})
    event = Event.objects.get()

    for url in pages_of(event):
        assert client_of(restorer).get(url).status_code == 200, url
    assert LogEntry.objects.filter(event=event, action="restore").exists()
    assert json.loads(data)["event"]["slug"] == event.slug
