"""A player's details are one list, `chesscore.record.people.PLAYER_DETAILS`: the model, the
forms, the API, the CSV rosters and the backup file hold them all, in its order."""

from __future__ import annotations

from dataclasses import fields

from archives import format as fmt
from chesscore.record.people import PLAYER_DETAILS
from chesscore.roster import RosterRow
from tournaments.api.serializers import PlayerInputSerializer
from tournaments.api.serializers import PlayerUpdateSerializer
from tournaments.forms import PlayerCreateForm
from tournaments.forms import PlayerUpdateForm
from tournaments.models import Player
from tournaments.validators import COLUMNS


def _in_order(names) -> tuple[str, ...]:
    return tuple(name for name in names if name in PLAYER_DETAILS)


def test_every_list_of_a_players_fields_holds_the_details_in_order():
    assert _in_order(f.name for f in Player._meta.get_fields()) == PLAYER_DETAILS
    for form in (PlayerCreateForm, PlayerUpdateForm):
        assert set(PLAYER_DETAILS) <= set(form.base_fields), form
    for serializer in (PlayerInputSerializer, PlayerUpdateSerializer):
        assert set(PLAYER_DETAILS) <= set(serializer().fields), serializer
    assert _in_order(fmt.PLAYER.columns) == PLAYER_DETAILS
    assert set(PLAYER_DETAILS) <= {f.name for f in fields(RosterRow)}
    assert set(COLUMNS["tournaments.Player"]) == set(PLAYER_DETAILS)
