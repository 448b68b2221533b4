"""trf_import and trf_export: a file in, the same record out."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError
from django.core.management import call_command

from chesscore.record import trf
from public.selectors import record_ranked
from tests.factories import EventFactory
from tournaments.models import Event
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def trf_file(tmp_path, small_trf):
    path = tmp_path / "spring.trf"
    path.write_text(small_trf, newline="")
    return path


def test_import_without_an_event_creates_one_from_the_header(trf_file):
    call_command("trf_import", str(trf_file), stdout=StringIO())
    section = Section.objects.get()
    assert (section.event.name, section.name) == ("Spring Open", "Spring Open")


def test_import_into_a_given_event_names_the_section_after_the_file(trf_file):
    event = EventFactory()
    call_command("trf_import", str(trf_file), "--event", event.slug, stdout=StringIO())
    assert Section.objects.get(event=event).name == "spring"


def test_import_into_an_unknown_event_fails_without_creating_anything(trf_file):
    with pytest.raises(CommandError):
        call_command("trf_import", str(trf_file), "--event", "nowhere", stdout=StringIO())
    assert not Section.objects.exists()


def test_import_of_a_malformed_file_names_the_line(tmp_path, small_trf):
    path = tmp_path / "bad.trf"
    path.write_text(small_trf.replace("     4 b =     1 w =", "     4 b =     1 w 7"))
    with pytest.raises(CommandError, match="Line 6, round 2 result"):
        call_command("trf_import", str(path), stdout=StringIO())
    assert not Event.objects.exists()


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_export_to_stdout_gives_back_the_imported_record(trf_file, small_trf, dialect):
    call_command("trf_import", str(trf_file), stdout=StringIO())
    section = Section.objects.get()
    out = StringIO()
    call_command("trf_export", section.event.slug, section.slug, "--dialect", dialect, stdout=out)
    assert trf.read(out.getvalue()) == record_ranked(trf.read(small_trf))


def test_export_to_a_file_keeps_the_cr_line_ends(trf_file, tmp_path):
    call_command("trf_import", str(trf_file), stdout=StringIO())
    section = Section.objects.get()
    target = tmp_path / "out.trf"
    call_command("trf_export", section.event.slug, section.slug, "-o", str(target))
    data = target.read_bytes()
    assert b"\r" in data
    assert b"\n" not in data


def test_export_of_an_unknown_section_fails(trf_file):
    with pytest.raises(CommandError):
        call_command("trf_export", "nowhere", "nothing", stdout=StringIO())
