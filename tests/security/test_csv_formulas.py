"""Every CSV download keeps names as text: a cell a spreadsheet would take for a formula
gets a leading quote (OWASP), numbers stay numbers, and no cell holds a control
character."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from chesscore.record.text import spreadsheet_cell
from chesscore.record.text import spreadsheet_text
from chesscore.roster import RosterRow
from chesscore.roster import parse
from chesscore.roster import write_csv
from tests.factories import swiss_section
from tournaments import services

pytestmark = pytest.mark.django_db

EVIL = ['=HYPERLINK("http://x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"]


def _rows(response) -> list[list[str]]:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.fixture
def section():
    section = swiss_section(players=4, rounds_played=1)
    for rank, name in enumerate(EVIL, start=1):
        section.players.filter(starting_rank=rank).update(last_name=name, first_name="")
    return section


def _url(name, section, **extra):
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, **extra}
    return reverse(name, kwargs=kwargs)


def test_the_pairings_csv_quotes_names_that_look_like_formulas(client, section):
    rows = _rows(client.get(_url("round_csv", section, number=1)))

    names = {row[2] for row in rows[1:]} | {row[7] for row in rows[1:]}
    assert names == {f"'{name}" for name in EVIL}
    assert rows[1][1] == "1"  # numbers as they are


def test_the_standings_csv_quotes_names_that_look_like_formulas(client, section):
    rows = _rows(client.get(_url("standings_csv", section)))

    assert {row[2] for row in rows[1:]} == {f"'{name}" for name in EVIL}
    assert {row[1] for row in rows[1:]} == {"1", "2", "3", "4"}


def test_the_event_log_csv_quotes_formulas_and_keeps_each_entry_on_one_line(client, section):
    owner = section.event.organisers.create(username="boss")
    services.player_withdraw(
        player=section.players.get(starting_rank=1),
        user=owner,
        from_round=2,
        reason="=cmd\r\nsecond line",
    )
    client.force_login(owner)

    response = client.get(reverse("event_log_csv", kwargs={"event_slug": section.event.slug}))
    body = b"".join(response.streaming_content).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body)))

    reasons = [row[7] for row in rows[1:] if row[7]]
    assert reasons == ["'=cmd  second line"]
    assert "\n" not in body.replace("\r\n", "")


def test_the_roster_csv_quotes_formulas_and_reads_them_back():
    rows = [RosterRow(line=0, last_name=name, first_name="'t Hooft") for name in EVIL]

    text = write_csv(rows)
    back = parse(text)

    written = list(csv.reader(io.StringIO(text)))
    assert [row[0] for row in written[1:]] == [f"'{name}" for name in EVIL]
    assert [(r.last_name, r.first_name) for r in back.rows] == [(n, "'t Hooft") for n in EVIL]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+2", "'=1+2"),
        ("+1", "'+1"),
        ("-12", "'-12"),
        (12, 12),
        ("-2+3", "'-2+3"),
        ("@A1", "'@A1"),
        ("\t=1", "' =1"),
        ("\rcmd", "' cmd"),
        ("  =1", "'  =1"),
        ("Smith\nJones", "Smith Jones"),
        ("'=1", "''=1"),
        (-12, -12),
        (None, None),
    ],
)
def test_one_helper_makes_every_cell_safe(value, written):
    assert spreadsheet_cell(value) == written


@pytest.mark.parametrize("text", ["=1+2", "-2+3", "'=1", "''=1", "'t Hooft", "-12", "@x"])
def test_a_quoted_cell_reads_back_as_written(text):
    assert spreadsheet_text(str(spreadsheet_cell(text))) == text
