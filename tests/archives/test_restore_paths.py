"""The restore page, the API and the command line restore through one service
(`archives.services.event_restore`): the same file gives the same event whichever way it
comes in, and a file one refuses, the others refuse with the same words, leaving nothing."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError
from django.core.management import call_command
from django.db import IntegrityError
from django.test import Client
from django.test import override_settings
from django.urls import reverse

from archives import services
from archives.selectors import event_backup_get
from common.exceptions import QuotaExceeded
from entries.models import Entry
from entries.models import EntrySettings
from tests.archives.conftest import empty_site
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.conftest import client_for
from tests.factories import UserFactory
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("backup.json", data, content_type="application/json")


def by_page(data: bytes, user) -> str:
    """The restore page's answer: the new event's address, or the form's errors."""
    client = Client()
    client.force_login(user)
    response = client.post(reverse("event_restore"), {"file": upload(data)})
    if response.status_code == 302:
        return response["Location"]
    return " ".join(str(e) for e in response.context["form"].errors.get("file", []))


def by_api(data: bytes, user) -> str:
    response = client_for(user).post(
        "/api/v1/events/restore/", {"file": upload(data)}, format="multipart"
    )
    body = response.json()
    return f"/events/{body['slug']}/" if response.status_code == 201 else body["message"]


def by_command(data: bytes, user, tmp_path) -> str:
    path = tmp_path / "backup.json"
    path.write_bytes(data)
    out = io.StringIO()
    try:
        call_command("event_import", str(path), "--organiser", user.username, stdout=out)
    except CommandError as exc:
        return str(exc).removeprefix(f"{path}: ")
    return out.getvalue().rsplit(" at ", 1)[1].strip()


def test_the_page_the_api_and_the_command_line_restore_the_same_event(entries_event, tmp_path):
    data = event_backup_get(event=entries_event)
    for way in (by_page, by_api, by_command):
        empty_site()
        user = UserFactory(username="restorer")
        kwargs = {"tmp_path": tmp_path} if way is by_command else {}

        assert way(data, user, **kwargs) == "/events/bergen/"
        assert event_backup_get(event=Event.objects.get()) == data, way.__name__


def test_a_bad_entry_is_refused_by_each_way_with_the_same_words_and_nothing_written(tmp_path):
    doc = document()
    doc["sections"][0]["entries"][1]["email"] = "not an address"
    data = encoded(doc)
    user = UserFactory(username="restorer")
    expected = "sections[0].entries[1].email: must be an email address, or empty"

    answers = [by_page(data, user), by_api(data, user), by_command(data, user, tmp_path)]

    assert answers == [expected] * 3
    assert (Event.objects.count(), Player.objects.count(), Entry.objects.count()) == (0, 0, 0)


def test_a_database_refusal_while_writing_the_entries_leaves_nothing(monkeypatch):
    def refuse(*args, **kwargs):
        raise IntegrityError("UNIQUE constraint failed: entries_entry.token_hash")

    monkeypatch.setattr(Entry.objects, "bulk_create", refuse)

    with pytest.raises(services.BackupRefused, match="nothing was restored"):
        services.event_restore(data=encoded(document()), user=UserFactory(username="restorer"))

    counts = (
        Event.objects.count(),
        Player.objects.count(),
        CheckIn.objects.count(),
        EntrySettings.objects.count(),
        LogEntry.objects.count(),
    )
    assert counts == (0, 0, 0, 0, 0)


def test_the_pending_entries_count_against_the_players_quota_as_an_entry_sent_online_does():
    doc = document()
    waiting = doc["sections"][0]["entries"][1]
    for digit in "cd":  # five players and two pending entries; the team section has six
        doc["sections"][0]["entries"].append(
            {**waiting, "status": "pending", "token_hash": digit * 64}
        )
    quotas = {**settings.ROOKERY_QUOTAS, "players_per_section": 6}

    with override_settings(ROOKERY_QUOTAS=quotas), pytest.raises(QuotaExceeded) as caught:
        services.event_restore(data=encoded(doc), user=UserFactory(username="restorer"))

    assert "limit of 6 players for one section: this would make 7" in caught.value.message
    assert not Event.objects.exists()
    with override_settings(ROOKERY_QUOTAS={**quotas, "players_per_section": 7}):
        copy = services.event_restore(data=encoded(doc), user=UserFactory(username="other"))
    assert Entry.objects.filter(section__event=copy, status="pending").count() == 2
