"""The boards per match of a team file (C.04.6 1.1), and files whose matches disagree on it."""

from __future__ import annotations

import pytest

from chesscore.record.boards import boards_per_match
from chesscore.record.boards import match_boards
from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from tests.chesscore.record.test_trf_errors import player_line
from tests.chesscore.record.test_trf_errors import trf


def team_line(number: int, members: tuple[int, ...]) -> str:
    """A ``310`` line: team number 5-7, name 9-40, members from column 74."""
    return f"310 {number:>3} Team {number:<27}".ljust(72) + "".join(f" {m:>4}" for m in members)


def team_event(first: int = 3, second: int = 3, *extra: str) -> list[str]:
    """Four teams of three players (team t holds 3t-2 to 3t); in round 1 team 1 plays team 2
    on its first `first` boards and team 3 plays team 4 on its first `second` boards.

    Lines: 1 = 012, 2-13 = players 1-12, 14-17 = teams 1-4, then `extra`.
    """
    games = {}
    for white_team, black_team, boards in ((1, 2, first), (3, 4, second)):
        for board in range(boards):
            white, black = 3 * white_team - 2 + board, 3 * black_team - 2 + board
            games[white] = (str(black), "w", "1")
            games[black] = (str(white), "b", "0")
    players = [player_line(rank, [games[rank]] if rank in games else []) for rank in range(1, 13)]
    teams = [team_line(t, (3 * t - 2, 3 * t - 1, 3 * t)) for t in range(1, 5)]
    return ["012 Team Open", *players, *teams, *extra]


def test_the_matches_played_give_the_boards_per_match() -> None:
    record = read(trf(*team_event(3, 3)))

    assert [(m.round, m.teams, m.boards) for m in match_boards(record)] == [
        (1, (1, 2), 3),
        (1, (3, 4), 3),
    ]
    assert boards_per_match(record) == 3


def test_the_board_colours_give_the_boards_per_match_before_any_match() -> None:
    record = read(trf(*team_event(0, 0, "352 WBWB")))

    assert boards_per_match(record) == 4


def test_a_team_file_without_board_colours_or_matches_gives_no_number() -> None:
    assert boards_per_match(read(trf(*team_event(0, 0)))) is None


def test_an_individual_file_gives_no_number() -> None:
    lines = team_event(1, 1)[:-4]

    assert boards_per_match(read(trf(*lines))) is None


def test_an_empty_board_of_a_lineup_counts_as_a_board() -> None:
    lineup = "300   1   3   4    7    8 0000"
    record = read(trf(*team_event(3, 2, lineup)))

    assert boards_per_match(record) == 3


def test_matches_on_different_numbers_of_boards_are_refused_naming_the_line() -> None:
    with pytest.raises(TrfError) as caught:
        read(trf(*team_event(3, 2)))

    assert (caught.value.line, caught.value.field) == (8, "boards per match")
    assert "teams 3 and 4 in round 1 is played on 2 boards" in caught.value.reason
    assert "teams 1 and 2 in round 1 (line 2) has 3" in caught.value.reason


def test_a_match_disagreeing_with_the_board_colours_is_refused_naming_both_lines() -> None:
    with pytest.raises(TrfError) as caught:
        read(trf(*team_event(3, 3, "352 WBWB")))

    assert (caught.value.line, caught.value.field) == (2, "boards per match")
    assert "(352, line 18) give 4" in caught.value.reason


def test_a_lineup_longer_than_the_other_matches_is_refused_on_its_own_line() -> None:
    lineup = "300   1   3   4    7    8    9 0000"

    with pytest.raises(TrfError) as caught:
        read(trf(*team_event(3, 3, lineup)))

    assert (caught.value.line, caught.value.field) == (18, "boards per match")
