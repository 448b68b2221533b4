"""The TRF export always works: text longer than its fixed-width field is cut to it, as the
format prescribes, instead of refusing the whole section."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chesscore.record import trf
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import TeamFactory
from tests.factories import TeamMemberFactory
from tournaments.forms import PlayerCreateForm

pytestmark = pytest.mark.django_db

LONG = "Wolfeschlegelsteinhausenbergerdorff"


def _export(client, section, dialect):
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, "dialect": dialect}
    return client.get(reverse("section_export", kwargs=kwargs))


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_a_name_longer_than_33_columns_is_exported_cut(client, section, dialect):
    PlayerFactory(section=section, starting_rank=7, last_name=LONG, first_name="Hubert Blaine")

    response = _export(client, section, dialect)
    api = client.get(f"/api/v1/sections/{section.pk}/export/", {"format": dialect})

    assert response.status_code == 200, response.content
    assert api.status_code == 200, api.content
    record = trf.read(response.content.decode())
    assert record.player(7).name == f"{LONG}, Hubert Blaine"[:33]


def test_a_team_s_long_name_and_short_name_are_exported_cut(client, event):
    section = SectionFactory(event=event, system="team_swiss", boards_per_match=1)
    team = TeamFactory(section=section, name="T" * 60, short_name="LONGER")
    TeamMemberFactory(team=team, board_order=1)

    response = _export(client, section, "trf26")

    assert response.status_code == 200, response.content
    record = trf.read(response.content.decode())
    assert (record.teams[0].name, record.teams[0].nickname) == ("T" * 32, "LONGE")


def test_a_fide_id_longer_than_its_11_columns_is_refused_where_it_is_entered(owner_client, section):
    url = f"/api/v1/sections/{section.pk}/players/"

    refused = owner_client.post(url, {"last_name": "X", "fide_id": "1" * 12}, format="json")
    taken = owner_client.post(url, {"last_name": "Y", "fide_id": "9" * 11}, format="json")
    form = PlayerCreateForm(data={"last_name": "X", "fide_id": "1" * 12})

    assert refused.status_code == 400
    assert refused.json()["field"] == "fide_id"
    assert taken.status_code == 201, taken.content
    assert "fide_id" in form.errors
