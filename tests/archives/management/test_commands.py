"""`manage.py event_export` and `event_import`: the same files as the site's, clear errors."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError
from django.core.management import call_command

from archives.selectors import event_backup_get
from tests.archives.conftest import empty_site
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def export(*args: str) -> str:
    out = io.StringIO()
    call_command("event_export", *args, stdout=out)
    return out.getvalue()


def test_the_export_writes_the_backup_to_standard_output(swiss_event):
    assert export("aeroskobing").encode() == event_backup_get(event=swiss_event)


def test_the_export_writes_the_backup_to_a_file(swiss_event, tmp_path):
    export("aeroskobing", "-o", str(tmp_path / "b.json"))

    assert (tmp_path / "b.json").read_bytes() == event_backup_get(event=swiss_event)


def test_the_export_of_no_event_is_refused():
    with pytest.raises(CommandError, match=r"There is no event 'nothing'\."):
        export("nothing")


def test_the_export_to_a_folder_that_is_not_there_is_refused(swiss_event, tmp_path):
    with pytest.raises(CommandError, match="No such file or directory"):
        export("aeroskobing", "-o", str(tmp_path / "missing" / "b.json"))


def test_an_export_restored_by_the_import_exports_the_same(swiss_event, tmp_path):
    path = tmp_path / "b.json"
    export("aeroskobing", "-o", str(path))
    empty_site()
    UserFactory(username="restorer")
    out = io.StringIO()

    call_command("event_import", str(path), "--organiser", "restorer", stdout=out)

    assert out.getvalue() == "Restored Ærøskøbing Open ♞ at /events/aeroskobing/\n"
    assert export("aeroskobing").encode() == path.read_bytes()


def test_the_import_reads_standard_input(monkeypatch, organiser):
    stdin = io.TextIOWrapper(io.BytesIO(encoded(document())))
    monkeypatch.setattr("sys.stdin", stdin)

    call_command(
        "event_import", "-", "--organiser", "organiser", "--slug", "piped", stdout=io.StringIO()
    )

    assert list(Event.objects.get(slug="piped").organisers.all()) == [organiser]


def test_the_import_of_a_bad_file_names_where_the_defect_is(tmp_path, organiser):
    doc = document()
    doc["sections"][0]["players"][4]["last_name"] = "\x00"
    (tmp_path / "b.json").write_bytes(encoded(doc))

    with pytest.raises(CommandError) as caught:
        call_command("event_import", str(tmp_path / "b.json"), "--organiser", "organiser")

    assert str(caught.value) == (
        f"{tmp_path / 'b.json'}: sections[0].players[4].last_name: must not contain NUL characters"
    )
    assert not Event.objects.exists()


def test_the_import_for_no_such_user_is_refused(tmp_path):
    (tmp_path / "b.json").write_bytes(encoded(document()))

    with pytest.raises(CommandError, match=r"There is no user 'nobody'\."):
        call_command("event_import", str(tmp_path / "b.json"), "--organiser", "nobody")


def test_the_import_of_a_missing_file_is_refused(tmp_path, organiser):
    with pytest.raises(CommandError, match="No such file or directory"):
        call_command("event_import", str(tmp_path / "none.json"), "--organiser", "organiser")


def test_the_import_without_an_organiser_is_refused(tmp_path):
    with pytest.raises(CommandError, match="--organiser"):
        call_command("event_import", str(tmp_path / "b.json"))


def test_the_import_of_something_that_is_no_backup_is_refused(tmp_path, organiser):
    (tmp_path / "b.json").write_text(json.dumps({"format": "trf"}))

    with pytest.raises(CommandError, match="The file is not a Rookery backup"):
        call_command("event_import", str(tmp_path / "b.json"), "--organiser", "organiser")
