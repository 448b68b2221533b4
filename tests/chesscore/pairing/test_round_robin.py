"""Berger tables (FIDE C.05 Annex 1): printed tables, completeness and colour balance."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from chesscore.pairing.round_robin import berger_round
from chesscore.pairing.round_robin import berger_rounds
from chesscore.pairing.round_robin import berger_table

# C.05 Annex 1, the table for 7 or 8 players, as printed.
PRINTED_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]

# C.05 Annex 1, the table for 3 or 4 and 5 or 6 players.
PRINTED_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
PRINTED_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]

# Round 2 of the table for 9 or 10 players, a second printed check on the board order.
PRINTED_10_ROUND_2 = [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]


@pytest.mark.parametrize(("players", "printed"), [(4, PRINTED_4), (6, PRINTED_6), (8, PRINTED_8)])
def test_single_table_matches_the_printed_annex(players, printed):
    assert [list(r.boards) for r in berger_table(players)] == printed


def test_board_order_of_ten_players_matches_the_printed_annex():
    assert list(berger_round(10, 2).boards) == PRINTED_10_ROUND_2


def test_odd_field_gives_the_highest_number_as_a_free_player():
    rounds = berger_table(7)
    assert [r.free for r in rounds] == [1, 5, 2, 6, 3, 7, 4]
    assert all(8 not in board for r in rounds for board in r.boards)


@pytest.mark.parametrize("players", range(2, 17))
def test_everyone_meets_everyone_exactly_once(players):
    meetings = Counter(frozenset(board) for r in berger_table(players) for board in r.boards)
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, players + 1), 2)}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("players", range(3, 17))
def test_every_player_has_one_game_or_the_free_slot_each_round(players):
    for r in berger_table(players):
        seated = [p for board in r.boards for p in board] + ([r.free] if r.free else [])
        assert sorted(seated) == list(range(1, players + 1))


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_colours_differ_by_at_most_one_in_a_single_round_robin(players):
    whites = Counter(w for r in berger_table(players) for w, _b in r.boards)
    assert all(abs(2 * whites[p] - (players - 1)) == 1 for p in range(1, players + 1))


def test_double_round_robin_reverses_colours_in_the_second_cycle():
    first = berger_round(8, 1, double=True)
    second = berger_round(8, 8, double=True)
    assert second.boards == tuple((b, w) for w, b in first.boards)


def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle():
    assert berger_round(8, 6, double=True).boards == tuple(PRINTED_8[6])
    assert berger_round(8, 7, double=True).boards == tuple(PRINTED_8[5])


@pytest.mark.parametrize("players", [4, 6, 8, 10, 12])
def test_double_round_robin_never_gives_three_equal_colours_in_a_row(players):
    colours: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    for r in berger_table(players, double=True):
        for white, black in r.boards:
            colours[white].append("w")
            colours[black].append("b")
    assert all("www" not in "".join(c) and "bbb" not in "".join(c) for c in colours.values())


def test_double_round_robin_has_twice_the_rounds():
    assert berger_rounds(8, double=True) == 14
    assert berger_rounds(7, double=True) == 14


@pytest.mark.parametrize(("players", "round_number"), [(1, 1), (8, 0), (8, 8)])
def test_impossible_requests_raise_value_error(players, round_number):
    with pytest.raises(ValueError):
        berger_round(players, round_number)
