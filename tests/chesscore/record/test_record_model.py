"""The record value types and their derived helpers."""

from __future__ import annotations

import dataclasses
import doctest
from fractions import Fraction

import pytest

from chesscore.record import model
from chesscore.record import trf
from chesscore.record.model import STANDARD_SCORING
from chesscore.record.model import Colour
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import ScoringSystem
from chesscore.record.model import VirtualPoints

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE


def _record() -> Record:
    """Round 1: 1-2 (1-0), 3 PAB.  Round 2: 3-1 (=), 2 half-point bye.  Round 3: 2 pre-entered Z."""
    return Record(
        players=(
            Player(1, rounds=(RoundEntry(2, W, ResultCode.WIN), RoundEntry(3, B, ResultCode.DRAW))),
            Player(
                2,
                rounds=(
                    RoundEntry(1, B, ResultCode.LOSS),
                    RoundEntry(None, N, ResultCode.HALF_POINT_BYE),
                    RoundEntry(None, N, ResultCode.ZERO_POINT_BYE),
                ),
            ),
            Player(
                3,
                rounds=(
                    RoundEntry(None, N, ResultCode.PAIRING_ALLOCATED_BYE),
                    RoundEntry(1, W, ResultCode.DRAW),
                ),
            ),
        ),
        scoring=ScoringSystem.from_game_points(3, 1),
    )


def test_values_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        _record().planned_rounds = 3  # type: ignore[misc]


def test_records_compare_by_value_and_hash() -> None:
    assert _record() == _record()
    assert hash(_record()) == hash(_record())


def test_rounds_played_ignores_byes_entered_for_the_next_round() -> None:
    record = _record()

    assert record.round_columns == 3
    assert record.rounds_played == 2


def test_score_after_uses_the_scoring_system() -> None:
    record = _record()

    assert record.score(1) == 4
    assert record.score(3, after_round=1) == 3
    assert record.player(2).score_after(2) == Fraction(1, 2)
    assert record.player(2).score_after(2, record.scoring) == 1


def test_entry_past_the_last_round_is_unpaired() -> None:
    assert _record().player(1).entry(7) == RoundEntry()
    with pytest.raises(ValueError, match="start at 1"):
        _record().player(1).entry(0)


def test_trailing_unpaired_rounds_are_dropped() -> None:
    assert Player(1, rounds=(RoundEntry(None, N, ResultCode.ZERO_POINT_BYE), RoundEntry())) == (
        Player(1, rounds=(RoundEntry(None, N, ResultCode.ZERO_POINT_BYE),))
    )


def test_lookup_by_starting_rank() -> None:
    record = _record()

    assert record.player(3).rank == 3
    assert record.has_player(2)
    assert not record.has_player(4)
    with pytest.raises(KeyError):
        record.player(4)


def test_opponents_skip_byes() -> None:
    assert _record().player(3).opponents() == (1,)
    assert _record().player(1).opponents(1) == (2,)


@pytest.mark.parametrize(
    ("code", "counterpart"),
    [
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
        (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN),
        (ResultCode.UNPAIRED, ResultCode.UNPAIRED),
    ],
)
def test_result_counterparts(code: ResultCode, counterpart: ResultCode) -> None:
    assert code.counterpart is counterpart


def test_forfeits_are_games_but_not_played() -> None:
    forfeit = RoundEntry(2, W, ResultCode.FORFEIT_WIN)

    assert forfeit.is_game
    assert not forfeit.is_played_game
    assert RoundEntry(2, W, ResultCode.UNRATED_DRAW).is_played_game


def test_standard_scoring_points_for_every_code() -> None:
    points = {code: STANDARD_SCORING.points(code) for code in ResultCode}

    assert points == {
        ResultCode.WIN: 1,
        ResultCode.DRAW: Fraction(1, 2),
        ResultCode.LOSS: 0,
        ResultCode.FORFEIT_WIN: 1,
        ResultCode.FORFEIT_LOSS: 0,
        ResultCode.UNRATED_WIN: 1,
        ResultCode.UNRATED_DRAW: Fraction(1, 2),
        ResultCode.UNRATED_LOSS: 0,
        ResultCode.HALF_POINT_BYE: Fraction(1, 2),
        ResultCode.FULL_POINT_BYE: 1,
        ResultCode.PAIRING_ALLOCATED_BYE: 1,
        ResultCode.ZERO_POINT_BYE: 0,
        ResultCode.UNPAIRED: 0,
    }


def test_virtual_points_and_forbidden_pairing_helpers() -> None:
    record = Record(
        players=(Player(1),),
        virtual_points=(VirtualPoints(1, (Fraction(1), Fraction(1, 2))),),
    )

    assert record.virtual_points_of(1, 2) == Fraction(1, 2)
    assert record.virtual_points_of(1, 3) == 0
    assert ForbiddenPairing((1, 2)).applies_to(9)
    assert ForbiddenPairing((1, 2), 2, 3).applies_to(3)
    assert not ForbiddenPairing((1, 2), 2, 3).applies_to(1)


def test_docstring_examples_hold() -> None:
    for module in (model, trf):
        assert doctest.testmod(module).failed == 0, module.__name__
