"""Team round robins from the Berger tables (C.05 Annex 1)."""

from __future__ import annotations

import itertools

import pytest

from chesscore.pairing.team_round_robin import board_pairings
from chesscore.pairing.team_round_robin import team_berger_round
from chesscore.pairing.team_round_robin import team_berger_rounds
from chesscore.pairing.team_round_robin import team_berger_table


def test_four_teams_follow_the_printed_table() -> None:
    """Annex 1, 3-4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1."""
    assert [r.matches for r in team_berger_table(4)] == [
        ((1, 4), (2, 3)),
        ((4, 3), (1, 2)),
        ((2, 4), (3, 1)),
    ]


@pytest.mark.parametrize("teams", [3, 4, 5, 8, 11, 14])
def test_every_pair_of_teams_meets_exactly_once(teams: int) -> None:
    met = [frozenset(m) for r in team_berger_table(teams) for m in r.matches]
    assert len(met) == len(set(met)) == teams * (teams - 1) // 2
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(1, teams + 1), 2)}


@pytest.mark.parametrize("teams", [5, 7])
def test_odd_field_gives_each_team_one_free_round(teams: int) -> None:
    free = [r.free for r in team_berger_table(teams)]
    assert sorted(f for f in free if f is not None) == list(range(1, teams + 1))


def test_double_round_robin_reverses_board_one_colours_in_the_second_cycle() -> None:
    table = team_berger_table(6, double=True)
    assert team_berger_rounds(6, double=True) == len(table) == 10
    first = {frozenset(m): m for r in table[:5] for m in r.matches}
    for r in table[5:]:
        for white, black in r.matches:
            assert first[frozenset((white, black))] == (black, white)


def test_round_outside_the_table_is_rejected() -> None:
    with pytest.raises(ValueError):
        team_berger_round(4, 4)


def test_boards_alternate_from_the_board_one_white_team() -> None:
    """The team with White on board 1 has White on the odd boards."""
    assert board_pairings((1, 2, 3), (4, 5, 6)) == ((1, 4), (5, 2), (3, 6))
