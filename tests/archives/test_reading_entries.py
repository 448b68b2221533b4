"""Reading the members version 2 added (online entries, check-ins, the sections' check-in
settings), files of version 1 without them, and files of versions this site does not know."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from archives.reading import BackupInvalid
from archives.reading import archive_read
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.archives.documents import version_1

Doc = dict[str, Any]


def refusal(doc: Doc) -> str:
    with pytest.raises(BackupInvalid) as caught:
        archive_read(encoded(doc))
    return caught.value.message


def spoiled(change: Callable[[Doc], object]) -> Doc:
    doc = document()
    change(doc)
    return doc


def section(doc: Doc, index: int = 0) -> Doc:
    return doc["sections"][index]


def entries(doc: Doc) -> list[Doc]:
    return section(doc)["entries"]


def test_the_new_members_are_read_as_the_models_take_them():
    archive = archive_read(encoded(document()))
    open_section = archive.sections[0]

    assert open_section.columns["check_in"] == "first"
    assert open_section.columns["check_in_code"] == "knight"
    assert open_section.entry_settings["max_players"] == 5
    assert [(e.columns["last_name"], e.player) for e in open_section.entries] == [
        ("Evans", 5),
        ("Fisher", None),
    ]
    assert open_section.players[0].check_ins == [
        {
            "round_number": 1,
            "checked_in_at": datetime.datetime(2026, 5, 1, 9, 30, tzinfo=datetime.UTC),
        }
    ]
    assert archive.sections[1].entry_settings is None


def test_a_version_1_file_reads_with_no_entries_no_check_ins_and_check_in_off():
    archive = archive_read(encoded(version_1(document())))

    for s in archive.sections:
        assert (s.entry_settings, s.entries) == (None, [])
        assert (s.columns["check_in"], s.columns["check_in_code"]) == ("off", "")
        assert all(p.check_ins == [] for p in s.players)


def test_a_version_2_file_must_hold_every_member():
    doc = document()
    del section(doc, 1)["entries"]

    assert refusal(doc) == "sections[1]: the key 'entries' is missing"


def test_a_file_of_a_later_version_is_refused_saying_so():
    doc = document()
    doc["version"] = 4

    message = refusal(doc)

    assert message.startswith("version: the file is of version 4 of the format")
    assert "newer Rookery" in message
    assert "versions 1 to 3" in message


CASES: list[tuple[str, Callable[[Doc], object], str]] = [
    (
        "check-in-mode",
        lambda d: section(d).update(check_in="daily"),
        "sections[0].check_in: must be one of 'off', 'first', 'every'",
    ),
    (
        "check-in-code-too-long",
        lambda d: section(d).update(check_in_code="x" * 21),
        "sections[0].check_in_code: must be at most 20 characters long",
    ),
    (
        "check-in-of-a-team-section",
        lambda d: section(d, 1).update(check_in="every"),
        "sections[1].check_in: a team section has no check-in: must be 'off'",
    ),
    (
        "check-in-code-of-two-words",
        lambda d: section(d).update(check_in_code="white knight"),
        "sections[0].check_in_code: must be one word, without spaces",
    ),
    (
        "check-in-round-zero",
        lambda d: section(d)["players"][0]["check_ins"][0].update(round_number=0),
        "sections[0].players[0].check_ins[0].round_number: must be a positive integer",
    ),
    (
        "check-in-twice",
        lambda d: section(d)["players"][0]["check_ins"].append(
            {"round_number": 1, "checked_in_at": "2026-05-01T09:31:00+00:00"}
        ),
        "sections[0].players[0].check_ins[1].round_number: another entry has 1",
    ),
    (
        "check-in-names-its-arbiter",
        lambda d: section(d)["players"][0]["check_ins"][0].update(by="arbiter"),
        "sections[0].players[0].check_ins[0]: unknown key 'by'",
    ),
    (
        "check-in-time",
        lambda d: section(d)["players"][0]["check_ins"][0].update(checked_in_at="9:30"),
        "sections[0].players[0].check_ins[0].checked_in_at: must be a date and time",
    ),
    (
        "settings-rule",
        lambda d: section(d)["entry_settings"].update(phone="maybe"),
        "sections[0].entry_settings.phone: must be one of 'off', 'optional', 'required'",
    ),
    (
        "settings-closing-before-opening",
        lambda d: section(d)["entry_settings"].update(closes_at="2026-03-01T00:00:00.000000+00:00"),
        "sections[0].entry_settings.closes_at: must be after opens_at",
    ),
    (
        "settings-of-a-team-section",
        lambda d: section(d, 1).update(entry_settings=section(d)["entry_settings"]),
        "sections[1].entry_settings: a team section takes no online entries",
    ),
    (
        "entry-of-a-team-section",
        lambda d: section(d, 1).update(entries=entries(d)[1:]),
        "sections[1].entries[0]: a team section takes no online entries",
    ),
    (
        "entry-status",
        lambda d: entries(d)[1].update(status="maybe"),
        "sections[0].entries[1].status: must be one of 'pending', 'approved'",
    ),
    (
        "entry-without-a-last-name",
        lambda d: entries(d)[1].update(last_name=None),
        "sections[0].entries[1].last_name: must not be null",
    ),
    (
        "entry-token-not-a-digest",
        lambda d: entries(d)[1].update(token_hash="secret"),
        "sections[0].entries[1].token_hash: must be a SHA-256 digest",
    ),
    (
        "entry-token-upper-case",
        lambda d: entries(d)[1].update(token_hash="B" * 64),
        "sections[0].entries[1].token_hash: must be a SHA-256 digest",
    ),
    (
        "entries-sharing-a-link",
        lambda d: entries(d)[1].update(token_hash="a" * 64),
        "sections[0].entries[1].token_hash: another entry has the same link hash",
    ),
    (
        "entry-email",
        lambda d: entries(d)[1].update(email="not an address"),
        "sections[0].entries[1].email: must be an email address, or empty",
    ),
    (
        "entry-birth-year",
        lambda d: entries(d)[1].update(birth_year=-1990),
        "sections[0].entries[1].birth_year: must not be negative",
    ),
    (
        "entry-of-no-player",
        lambda d: entries(d)[0].update(player=9),
        "sections[0].entries[0].player: the section has no player of starting rank 9",
    ),
    (
        "waiting-entry-with-a-player",
        lambda d: entries(d)[1].update(player=4),
        "sections[0].entries[1].player: must be null: only an approved entry became a player",
    ),
    (
        "two-entries-one-player",
        lambda d: entries(d).append({**entries(d)[0], "token_hash": "c" * 64}),
        "sections[0].entries[2].player: another entry became player 5",
    ),
    (
        "two-live-entries-one-fide-id",
        lambda d: [e.update(fide_id="1503014") for e in entries(d)],
        "sections[0].entries[1].fide_id: another pending, approved or waiting entry",
    ),
    (
        "entry-without-its-decision-time-key",
        lambda d: entries(d)[0].pop("decided_at"),
        "sections[0].entries[0]: the key 'decided_at' is missing",
    ),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_defect_of_a_new_member_is_refused_naming_where_it_is(change, message):
    assert message in refusal(spoiled(change))


def test_a_refused_entry_may_share_a_fide_id_with_a_live_one():
    doc = document()
    for entry in entries(doc):
        entry["fide_id"] = "1503014"
    entries(doc)[1]["status"] = "refused"

    assert len(archive_read(encoded(doc)).sections[0].entries) == 2
