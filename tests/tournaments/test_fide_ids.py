"""A FIDE id is 1 to 11 ASCII digits wherever a player's details come in: the player form,
the API and a restored backup refuse what the TRF column cannot hold, such as twelve digits
or digits of another script ("١٢٣٤٥": `str.isdigit` and `\\d` take them)."""

from __future__ import annotations

import pytest

from archives.reading import BackupInvalid
from archives.reading import archive_read
from tests.archives.documents import document
from tests.archives.documents import encoded
from tournaments.forms import PlayerCreateForm
from tournaments.models import Player

pytestmark = pytest.mark.django_db

NOT_FIDE_IDS = ["123456789012", "١٢٣٤٥", "１２３", "0"]


def test_the_player_form_refuses_a_fide_id_that_is_not_eleven_ascii_digits():
    for typed in NOT_FIDE_IDS:
        form = PlayerCreateForm(data={"last_name": "Carlsen", "fide_id": typed})

        assert not form.is_valid(), typed
        assert "FIDE id" in form.errors["fide_id"][0], typed
    assert PlayerCreateForm(data={"last_name": "Carlsen", "fide_id": "1503014"}).is_valid()


def test_the_api_refuses_such_a_fide_id_on_a_new_player_and_on_a_change(owner_client, section):
    url = f"/api/v1/sections/{section.pk}/players/"
    for typed in NOT_FIDE_IDS:
        created = owner_client.post(url, {"last_name": "X", "fide_id": typed}, format="json")
        changed = owner_client.patch(f"{url}1/", {"fide_id": typed}, format="json")

        assert (created.status_code, changed.status_code) == (400, 400), typed
        assert created.json()["field"] == changed.json()["field"] == "fide_id"
    assert not Player.objects.filter(section=section, last_name="X").exists()
    assert Player.objects.get(section=section, starting_rank=1).fide_id == ""


@pytest.mark.parametrize(
    ("where", "change"),
    [
        ("sections[0].players[3].fide_id", lambda d: d["sections"][0]["players"][3]),
        ("sections[0].entries[1].fide_id", lambda d: d["sections"][0]["entries"][1]),
    ],
)
def test_a_backup_with_such_a_fide_id_is_refused_naming_the_place(where, change):
    for typed in ("١٢٣٤٥", "123456789012"):
        doc = document()
        change(doc)["fide_id"] = typed

        with pytest.raises(BackupInvalid) as caught:
            archive_read(encoded(doc))

        assert caught.value.message.startswith(f"{where}: A FIDE id is a number of 1 to 11"), typed
