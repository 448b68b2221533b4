"""The API: an event's backup for those who run it, and restoring one for anyone signed in."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator

from archives.selectors import event_backup_get
from common.limits import upload_limit
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.conftest import client_for
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def backup(event: Event) -> str:
    return f"/api/v1/events/{event.pk}/backup/"


def test_an_organiser_gets_the_backup_file(swiss_event, organiser):
    response = client_for(organiser).get(backup(swiss_event))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content == event_backup_get(event=swiss_event)


def test_an_arbiter_gets_the_backup_file(swiss_event, arbiter):
    assert client_for(arbiter).get(backup(swiss_event)).status_code == 200


def test_someone_who_sees_the_event_but_does_not_run_it_is_refused(swiss_event):
    response = client_for(UserFactory()).get(backup(swiss_event))

    assert response.status_code == 403
    assert response.json() == {
        "code": "permission_denied",
        "message": "Only the event's organisers and arbiters may back it up.",
    }


def test_a_private_event_is_not_found_for_a_stranger(empty_event):
    response = client_for(UserFactory()).get(backup(empty_event))

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_nobody_signed_in_gets_no_backup(swiss_event):
    assert client_for().get(backup(swiss_event)).status_code == 401


def test_a_restore_answers_201_with_the_new_event():
    user = UserFactory()
    file = SimpleUploadedFile("b.json", encoded(document()))

    response = client_for(user).post("/api/v1/events/restore/", {"file": file}, format="multipart")

    assert response.status_code == 201
    event = Event.objects.get(slug="spring-open")
    assert response.json()["id"] == event.pk
    assert response.json()["slug"] == "spring-open"
    assert list(event.organisers.all()) == [user]


def test_a_restore_under_another_address():
    file = SimpleUploadedFile("b.json", encoded(document()))

    response = client_for(UserFactory()).post(
        "/api/v1/events/restore/", {"file": file, "slug": "copy"}, format="multipart"
    )

    assert response.json()["slug"] == "copy"


def test_a_bad_file_answers_400_naming_where_it_is():
    doc = document()
    doc["sections"][1]["rounds"][0]["games"][0]["white"] = 42
    file = SimpleUploadedFile("b.json", encoded(doc))

    response = client_for(UserFactory()).post(
        "/api/v1/events/restore/", {"file": file}, format="multipart"
    )

    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid_backup",
        "message": "sections[1].rounds[0].games[0].white: the section has no player of "
        "starting rank 42",
        "field": "file",
    }
    assert not Event.objects.exists()


def test_a_restore_without_a_file_answers_400():
    response = client_for(UserFactory()).post("/api/v1/events/restore/", {}, format="multipart")

    assert response.status_code == 400
    assert response.json()["field"] == "file"


def test_nobody_signed_in_may_restore():
    file = SimpleUploadedFile("b.json", encoded(document()))

    response = client_for().post("/api/v1/events/restore/", {"file": file}, format="multipart")

    assert response.status_code == 401
    assert not Event.objects.exists()


def test_the_schema_documents_both_endpoints_without_warnings():
    GENERATOR_STATS.reset()
    schema = SchemaGenerator().get_schema(request=None, public=True)

    assert not GENERATOR_STATS
    assert "get" in schema["paths"]["/api/v1/events/{id}/backup/"]
    assert set(schema["paths"]["/api/v1/events/restore/"]["post"]["responses"]) == {"201"}


def test_a_file_over_the_limit_answers_400():
    file = SimpleUploadedFile("b.json", b" " * (upload_limit("backup") + 1))

    response = client_for(UserFactory()).post(
        "/api/v1/events/restore/", {"file": file}, format="multipart"
    )

    assert response.status_code == 400
    assert (
        response.json()["message"]
        == "file: The file is larger than 20 MB, the most a backup may be."
    )
