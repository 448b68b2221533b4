"""Names are one line: a line break or other control character is refused where a name is
entered (forms, API, CSV roster), and never reaches a TRF file raw, even from data stored
before it was refused."""

from __future__ import annotations

import pytest

from chesscore.record import trf
from public.selectors import section_trf_export_get
from teams.forms import TeamEnterForm
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tournaments import services
from tournaments.forms import EventForm
from tournaments.forms import PlayerCreateForm
from tournaments.forms import SectionForm

pytestmark = pytest.mark.django_db

FORGED = "Smith\r\n001    9      Forged, Player"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/events/", {"name": FORGED}, "name"),
        ("/api/v1/events/", {"name": "Open", "city": "Lei\nden"}, "city"),
        (
            "/api/v1/events/{event}/sections/",
            {"name": "A\rB", "system": "dutch", "rounds": 5},
            "name",
        ),
        ("/api/v1/sections/{section}/players/", {"last_name": FORGED}, "last_name"),
        ("/api/v1/sections/{section}/players/", {"last_name": "X", "club": "C\tC"}, "club"),
        ("/api/v1/sections/{section}/players/1/", {"first_name": "A\u2028B"}, "first_name"),
        ("/api/v1/sections/{teams}/teams/", {"name": "T\x0bT"}, "name"),
        (
            "/api/v1/sections/{teams}/teams/",
            {"name": "T", "players": [{"last_name": "L\nM"}]},
            "players",
        ),
    ],
)
def test_the_api_refuses_a_name_with_a_control_character_naming_the_field(
    owner_client, event, section, path, body, field
):
    teams = SectionFactory(event=event, system="team_swiss", boards_per_match=2)
    url = path.format(event=event.pk, section=section.pk, teams=teams.pk)
    send = owner_client.patch if url.endswith("/1/") else owner_client.post

    response = send(url, body, format="json")

    assert response.status_code == 400, response.content
    assert response.json()["field"].startswith(field)
    assert "one line" in response.json()["message"]


@pytest.mark.parametrize(
    ("form", "data", "field"),
    [
        (EventForm, {"name": FORGED}, "name"),
        (EventForm, {"name": "Open", "chief_arbiter": "IA\nX"}, "chief_arbiter"),
        (SectionForm, {"name": "Open\r\nA"}, "name"),
        (PlayerCreateForm, {"last_name": FORGED}, "last_name"),
        (TeamEnterForm, {"name": "Team\nA"}, "name"),
        (TeamEnterForm, {"name": "Team", "players": "Lee,\tAnn"}, "players"),
    ],
)
def test_the_forms_refuse_a_name_with_a_control_character_naming_the_field(form, data, field):
    bound = form(data=data)

    assert not bound.is_valid()
    assert field in bound.errors
    assert "one line" in str(bound.errors[field]) or "Line 1" in str(bound.errors[field])


def test_a_roster_name_with_a_control_character_is_refused_with_line_and_column(event, owner):
    section = SectionFactory(event=event)
    data = "Last name,First name\r\nAdams,Ann\r\nBo\u2028rg,Bea\r\n".encode()

    with pytest.raises(services.RosterImportError) as caught:
        services.section_roster_import(section=section, data=data, mapping=None, user=owner)

    assert len(caught.value.errors) == 1
    assert caught.value.errors[0].startswith('line 3, column "Last name": ')
    assert "U+2028" in caught.value.errors[0]
    assert not section.players.exists()


def test_a_stored_name_with_a_line_break_is_exported_on_one_line(section):
    PlayerFactory(section=section, starting_rank=7, last_name=FORGED, first_name="Jo\nhn")

    text = section_trf_export_get(section=section, dialect="trf26")
    record = trf.read(text)

    assert "\n" not in text
    assert sum(line.startswith("001") for line in text.split("\r")) == 7
    assert [p.rank for p in record.players] == [1, 2, 3, 4, 5, 6, 7]
    assert record.player(7).name == "Smith  001    9      Forged, Play"
