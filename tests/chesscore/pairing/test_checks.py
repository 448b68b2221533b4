"""The basic rules of every Swiss system (C.04.1), checked on a pairing made by hand."""

from __future__ import annotations

import doctest

import pytest

from chesscore.pairing import checks
from chesscore.pairing.checks import PairingWarning
from chesscore.pairing.checks import Rule
from chesscore.pairing.checks import pairing_warnings
from chesscore.record.model import Colour
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
WIN, LOSS, DRAW = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
# Rounds without a game over the board.
FWIN, FLOSS = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
FULL, PAB = ResultCode.FULL_POINT_BYE, ResultCode.PAIRING_ALLOCATED_BYE


def _record(*rounds, **fields) -> Record:
    """Players 1, 2, … with the given rounds."""
    players = tuple(Player(rank=i, rounds=r) for i, r in enumerate(rounds, start=1))
    return Record(players=players, **fields)


def _texts(record: Record, number: int, boards=(), byes=()) -> list[str]:
    """The texts of the warnings for round `number` of `record`."""
    found = pairing_warnings(
        record, round_number=number, boards=boards, pairing_allocated_byes=byes
    )
    return [w.text for w in found]


# Round 1: 1-2 1-0, 3-4 ½-½. Round 2: 3-1 0-1, 4-2 1-0. No rule broken by 1-4, 2-3 in round 3.
FOUR = _record(
    (RoundEntry(2, W, WIN), RoundEntry(3, B, WIN)),
    (RoundEntry(1, B, LOSS), RoundEntry(4, B, LOSS)),
    (RoundEntry(4, W, DRAW), RoundEntry(1, W, LOSS)),
    (RoundEntry(3, B, DRAW), RoundEntry(2, W, WIN)),
)


def test_a_pairing_keeping_every_rule_gives_no_warning() -> None:
    assert _texts(FOUR, 3, [(1, 4), (2, 3)]) == []
    assert _texts(FOUR, 3, [(4, 1), (2, 3)]) == []


def test_a_rematch_of_a_game_played_is_warned_about() -> None:
    found = pairing_warnings(FOUR, round_number=3, boards=[(4, 3)], pairing_allocated_byes=[])
    assert found == (
        PairingWarning(Rule.REMATCH, 1, (4, 3), "Board 1: 4 and 3 have already played each other."),
    )
    assert found[0].article == "C.04.1 Art. 2"


def test_players_whose_game_was_forfeited_may_meet_again() -> None:
    # C.04.2 Art. 3.5: an unplayed pairing is no meeting.
    record = _record(
        (RoundEntry(2, W, FWIN),),
        (RoundEntry(1, B, FLOSS),),
    )
    assert _texts(record, 2, [(2, 1)]) == []


def test_a_forbidden_pair_is_warned_about_in_the_rounds_it_applies_to() -> None:
    record = _record(
        (), (), (), forbidden_pairings=(ForbiddenPairing((1, 2, 3), first_round=2, last_round=4),)
    )
    assert _texts(record, 1, [(1, 3)]) == []
    found = pairing_warnings(record, round_number=2, boards=[(1, 3)], pairing_allocated_byes=[])
    assert [(w.rule, w.ranks, w.text) for w in found] == [
        (Rule.FORBIDDEN_PAIRING, (1, 3), "Board 1: 1 and 3 may not be paired together.")
    ]
    assert _texts(record, 5, [(1, 3)]) == []


def test_the_same_colour_a_third_time_running_is_warned_about() -> None:
    # 1 had Black, Black, White, White: a third White breaks Art. 7, not Art. 6.
    record = _record(
        (
            RoundEntry(9, B, WIN),
            RoundEntry(9, B, WIN),
            RoundEntry(9, W, WIN),
            RoundEntry(9, W, WIN),
        ),
        (),
    )
    found = pairing_warnings(record, round_number=5, boards=[(1, 2)], pairing_allocated_byes=[])
    assert [(w.rule, w.board, w.ranks, w.text) for w in found] == [
        (Rule.COLOUR_STREAK, 1, (1,), "Board 1: 1 gets White a third time running.")
    ]
    assert found[0].article == "C.04.1 Art. 7"
    assert _texts(record, 5, [(2, 1)]) == []


def test_a_colour_difference_beyond_two_is_warned_about() -> None:
    # 2 had Black, Black, White, a bye, Black: one more Black makes three more than White.
    record = _record(
        (),
        (
            RoundEntry(9, B, WIN),
            RoundEntry(9, B, WIN),
            RoundEntry(9, W, WIN),
            RoundEntry(None, N, ResultCode.HALF_POINT_BYE),
            RoundEntry(9, B, WIN),
        ),
    )
    found = pairing_warnings(record, round_number=6, boards=[(1, 2)], pairing_allocated_byes=[])
    assert [(w.rule, w.ranks, w.text) for w in found] == [
        (Rule.COLOUR_DIFFERENCE, (2,), "Board 1: 2 would have 3 more Black than the other.")
    ]
    assert found[0].article == "C.04.1 Art. 6"


def test_colours_count_only_games_played_over_the_board() -> None:
    # C.04.2 Art. 3.4: a forfeited game has no colour, and a round without a game is skipped.
    forfeit = _record((), (RoundEntry(9, B, WIN), RoundEntry(9, B, FWIN)))
    assert _texts(forfeit, 3, [(1, 2)]) == []
    gap = _record(
        (),
        (
            RoundEntry(9, W, WIN),
            RoundEntry(9, B, WIN),
            RoundEntry(None, N, ResultCode.HALF_POINT_BYE),
            RoundEntry(9, B, WIN),
        ),
    )
    assert _texts(gap, 5, [(1, 2)]) == ["Board 1: 2 gets Black a third time running."]


def test_more_than_one_pairing_allocated_bye_is_warned_about() -> None:
    found = pairing_warnings(FOUR, round_number=3, boards=[], pairing_allocated_byes=[4, 2])
    assert found == (
        PairingWarning(
            Rule.BYE_COUNT, None, (2, 4), "Bye: 2 pairing-allocated byes (2, 4); one at most."
        ),
    )
    assert found[0].article == "C.04.1 Art. 3"
    assert _texts(FOUR, 3, byes=[2]) == []


@pytest.mark.parametrize(
    ("result", "said"),
    [
        (PAB, "the pairing-allocated bye"),
        (FWIN, "a win by forfeit"),
        (FULL, "a full-point bye"),
    ],
)
def test_the_bye_for_a_player_not_eligible_for_it_is_warned_about(
    result: ResultCode, said: str
) -> None:
    earlier = RoundEntry(None, N, result)
    if result is FWIN:
        earlier = RoundEntry(2, W, result)
    record = _record((RoundEntry(2, W, WIN), earlier), ())
    found = pairing_warnings(record, round_number=3, boards=[], pairing_allocated_byes=[1])
    assert [(w.rule, w.board, w.ranks, w.text) for w in found] == [
        (Rule.BYE_ELIGIBILITY, None, (1,), f"Bye: 1 already had {said} in round 2.")
    ]
    assert found[0].article == "C.04.1 Art. 4"


def test_a_half_point_bye_or_a_loss_by_forfeit_leaves_the_bye_open() -> None:
    record = _record(
        (
            RoundEntry(None, N, ResultCode.HALF_POINT_BYE),
            RoundEntry(2, B, FLOSS),
            RoundEntry(None, N, ResultCode.ZERO_POINT_BYE),
        ),
        (),
    )
    assert _texts(record, 4, byes=[1]) == []


def test_only_the_rounds_before_the_one_checked_are_read() -> None:
    # The record may already hold the round being checked (a draft): it is not history.
    assert _texts(FOUR, 2, [(3, 1)]) == []
    assert _texts(FOUR, 1, [(2, 1)], byes=[1]) == []


def test_players_missing_from_the_record_have_no_history() -> None:
    assert _texts(FOUR, 3, [(7, 8)], byes=[9]) == []


def test_warnings_come_board_by_board_then_the_byes() -> None:
    record = _record(
        (RoundEntry(2, W, WIN), RoundEntry(3, W, WIN), RoundEntry(None, N, FULL)),
        (RoundEntry(1, B, LOSS), RoundEntry(5, B, LOSS), RoundEntry(3, B, FWIN)),
        (RoundEntry(4, W, DRAW), RoundEntry(1, B, LOSS), RoundEntry(2, W, FLOSS)),
        (RoundEntry(3, B, DRAW), RoundEntry(6, B, FLOSS), RoundEntry(5, W, DRAW)),
        (RoundEntry(6, W, WIN), RoundEntry(2, W, WIN), RoundEntry(4, B, DRAW)),
        (RoundEntry(5, B, LOSS), RoundEntry(4, W, FWIN), RoundEntry(None, N, PAB)),
        forbidden_pairings=(ForbiddenPairing((3, 4)),),
    )
    assert _texts(record, 4, [(3, 4), (1, 5)], byes=[6, 2]) == [
        "Board 1: 3 and 4 have already played each other.",
        "Board 1: 3 and 4 may not be paired together.",
        "Board 2: 1 gets White a third time running.",
        "Board 2: 1 would have 3 more White than the other.",
        "Bye: 2 pairing-allocated byes (2, 6); one at most.",
        "Bye: 2 already had a win by forfeit in round 3.",
        "Bye: 6 already had a win by forfeit in round 2.",
        "Bye: 6 already had the pairing-allocated bye in round 3.",
    ]
    assert _texts(record, 4, [(1, 5), (3, 4)])[:2] == [
        "Board 1: 1 gets White a third time running.",
        "Board 1: 1 would have 3 more White than the other.",
    ]


def test_the_same_warning_on_another_board_compares_equal_without_its_board() -> None:
    first, *_ = pairing_warnings(
        FOUR, round_number=3, boards=[(4, 3)], pairing_allocated_byes=[4, 2]
    )
    moved, bye = pairing_warnings(
        FOUR, round_number=3, boards=[(1, 4), (4, 3)], pairing_allocated_byes=[4, 2]
    )
    assert moved.text == "Board 2: 4 and 3 have already played each other."
    assert first.without_board == moved.without_board == "4 and 3 have already played each other."
    assert bye.without_board == bye.text


def test_boards_may_carry_numbers_of_their_own() -> None:
    found = pairing_warnings(
        FOUR,
        round_number=3,
        boards=[(1, 4), (4, 3)],
        pairing_allocated_byes=[],
        board_numbers=[5, 7],
    )
    assert [(w.board, w.text) for w in found] == [
        (7, "Board 7: 4 and 3 have already played each other.")
    ]
    assert found[0].without_board == "4 and 3 have already played each other."
    with pytest.raises(ValueError, match="1 board numbers for 2 boards"):
        pairing_warnings(
            FOUR,
            round_number=3,
            boards=[(1, 4), (4, 3)],
            pairing_allocated_byes=[],
            board_numbers=[1],
        )


def test_round_numbers_start_at_one() -> None:
    with pytest.raises(ValueError, match="start at 1"):
        pairing_warnings(FOUR, round_number=0, boards=[], pairing_allocated_byes=[])


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(checks).failed == 0
