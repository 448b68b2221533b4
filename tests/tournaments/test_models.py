"""Database constraints that keep a section consistent whatever code writes to it."""

from __future__ import annotations

import pytest
from django.db import IntegrityError
from django.db import transaction

from tests.factories import PlayerFactory
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_with_players():
    section = SectionFactory()
    players = [PlayerFactory(section=section, starting_rank=i) for i in range(1, 5)]
    return RoundFactory(section=section, number=1), players


def _seat_game(rnd, board, white, black):
    game = Game.objects.create(round=rnd, board=board, white=white, black=black)
    Seat.objects.create(round=rnd, player=white, game=game)
    Seat.objects.create(round=rnd, player=black, game=game)
    return game


def test_player_cannot_play_two_games_in_one_round(round_with_players):
    rnd, (a, b, c, _d) = round_with_players
    _seat_game(rnd, 1, a, b)
    with pytest.raises(IntegrityError), transaction.atomic():
        _seat_game(rnd, 2, c, a)


def test_player_cannot_have_a_game_and_a_bye_in_one_round(round_with_players):
    rnd, (a, b, _c, _d) = round_with_players
    _seat_game(rnd, 1, a, b)
    bye = Bye.objects.create(round=rnd, player=a, kind=ByeKind.HALF_POINT)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=rnd, player=a, bye=bye)


def test_player_cannot_play_themselves(round_with_players):
    rnd, (a, *_rest) = round_with_players
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=rnd, board=1, white=a, black=a)


def test_starting_ranks_are_unique_in_a_section():
    player = PlayerFactory(starting_rank=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerFactory(section=player.section, starting_rank=1)


def test_a_withdrawn_player_names_the_round_of_withdrawal():
    player = PlayerFactory()
    player.status = "withdrawn"
    with pytest.raises(IntegrityError), transaction.atomic():
        player.save()
