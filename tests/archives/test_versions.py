"""Files of earlier versions of the format still restore; files of later ones are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from archives import format as fmt
from archives.reading import BackupInvalid
from archives.selectors import event_backup_get
from archives.services import event_restore
from entries.models import Entry
from entries.models import EntrySettings
from tests.factories import UserFactory
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import RoundTime

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"
# Written by the site while the format was at version 1: a Dutch section of six rounds
# (four paired), with the event's time zone and five round times.
VERSION_1 = (DATA / "version-1.json").read_bytes()


def test_a_version_1_file_restores():
    copy = event_restore(data=VERSION_1, user=UserFactory(username="restorer"))

    assert copy.time_zone == "Europe/Copenhagen"
    assert copy.sections.get().rounds.count() == 4
    assert RoundTime.objects.filter(section__event=copy).count() == 5


def test_a_version_1_file_restores_with_no_entries_no_check_ins_and_check_in_off():
    copy = event_restore(data=VERSION_1, user=UserFactory(username="restorer"))

    section = copy.sections.get()
    assert (section.check_in, section.absent_players, section.check_in_code) == ("off", "ask", "")
    assert not EntrySettings.objects.filter(section=section).exists()
    assert not Entry.objects.filter(section=section).exists()
    assert not CheckIn.objects.filter(player__section=section).exists()


def test_a_restored_version_1_file_exports_as_this_version_with_the_same_data():
    copy = event_restore(data=VERSION_1, user=UserFactory(username="restorer"))
    old = json.loads(VERSION_1)
    old["version"] = fmt.VERSION
    old["event"].update(fmt.VERSION_2_ADDED["event"])
    for section in old["sections"]:
        section.update(fmt.VERSION_1_ADDED["section"], round_times=section["round_times"])
        for player in section["players"]:
            player.update(fmt.VERSION_1_ADDED["player"])

    assert json.loads(event_backup_get(event=Event.objects.get(pk=copy.pk))) == old


def test_a_version_2_file_restores_with_no_language_of_its_own():
    doc = json.loads(VERSION_1)
    doc["version"] = 2
    for section in doc["sections"]:
        section.update(fmt.VERSION_1_ADDED["section"], round_times=section["round_times"])
        for player in section["players"]:
            player.update(fmt.VERSION_1_ADDED["player"])

    copy = event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))

    assert copy.language == ""
    assert copy.time_zone == "Europe/Copenhagen"


def test_the_event_language_goes_with_the_backup():
    copy = event_restore(data=VERSION_1, user=UserFactory(username="restorer"))
    copy.language = "de"
    copy.save()
    doc = json.loads(event_backup_get(event=copy))
    doc["event"]["slug"] = "second-copy"

    again = event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="other"))

    assert (doc["event"]["language"], again.language) == ("de", "de")


def test_a_file_of_a_later_version_restores_nothing():
    doc = json.loads(VERSION_1)
    doc["version"] = fmt.VERSION + 1

    newer = rf"^version: the file is of version {fmt.VERSION + 1} of the format"
    with pytest.raises(BackupInvalid, match=newer):
        event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))

    assert not Event.objects.exists()


@pytest.mark.parametrize(("system", "plain"), [("baku", "dutch"), ("burstein_baku", "burstein")])
def test_a_file_naming_baku_as_a_system_restores_as_the_system_with_baku_acceleration(
    system, plain
):
    doc = json.loads(VERSION_1)
    doc["sections"][0].update(system=system, points_win="1.0", points_draw="0.5")

    copy = event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))

    section = copy.sections.get()
    assert (section.system, section.acceleration) == (plain, "baku")
    assert json.loads(event_backup_get(event=copy))["sections"][0]["system"] == plain


def test_an_imported_header_naming_baku_restores_with_its_system_only():
    doc = json.loads(VERSION_1)
    doc["sections"][0]["trf_extra"] = {"event": {"name": "Imported", "system": "FIDE_DUTCH_BAKU"}}

    copy = event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))

    assert copy.sections.get().trf_extra == {"event": {"name": "Imported", "system": "FIDE_DUTCH"}}


def test_an_imported_header_stating_team_rules_restores_with_them_beside_it():
    doc = json.loads(VERSION_1)
    header = {"name": "Imported", "system": "FIDE_TEAM_TYPEB_GP"}
    doc["sections"][0]["trf_extra"] = {"event": header}

    copy = event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))

    rules = {"primary": "GP", "secondary": False, "preferences": "B"}
    assert copy.sections.get().trf_extra == {"event": header, "team_rules": rules}


def test_points_a_file_kept_beside_the_columns_restore_into_the_columns():
    doc = json.loads(VERSION_1)
    doc["sections"][0].update(
        system="round_robin",
        trf_extra={
            "event": {"name": "Imported", "system": "FIDE_ROUNDROBIN_BAKU"},
            "scoring": {"draw": "1/4", "half_point_bye": "1/4"},
        },
    )

    copy = event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))

    section = copy.sections.get()
    assert (section.points_win, section.points_draw, section.points_half_bye) == (1, 0.25, 0.25)
    assert section.trf_extra == {"event": {"name": "Imported", "system": "FIDE_ROUNDROBIN"}}
    written = json.loads(event_backup_get(event=copy))["sections"][0]
    assert (written["points_draw"], written["points_loss"]) == ("0.25", "0.0")


def test_points_a_file_kept_beside_the_columns_must_be_points():
    doc = json.loads(VERSION_1)
    doc["sections"][0]["trf_extra"] = {"scoring": {"draw": "1/3"}}

    with pytest.raises(BackupInvalid, match=r"^sections\[0\]\.trf_extra\.scoring: Points are"):
        event_restore(data=json.dumps(doc).encode(), user=UserFactory(username="restorer"))
