"""Small hand-checked Dutch cases: the 2026 PAB criteria and the colour rules."""

from __future__ import annotations

import pytest

from pairing.engine import pair_round
from pairing.engine.dutch import choose_colour
from pairing.engine.state import Game, PlayerState, TournamentState, _derive_colours
from tests.golden import bbp_pairings_cases
from tournaments.record.model import Colour
from tournaments.record.trf import read

REFERENCE = bbp_pairings_cases()


def _pairs(name: str) -> list[str]:
    record = read((REFERENCE / f"{name}.input").read_bytes())
    result = pair_round(record)
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    return lines


@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9"])
def test_pab_criteria_of_2026(name: str) -> None:
    expected = (REFERENCE / f"{name}.output.expected").read_text().split("\n")
    wanted = [line.strip() for line in expected[1:] if line.strip()]
    assert sorted(_pairs(name)) == sorted(wanted)


def _player(rank: int, order: int, colours: str) -> PlayerState:
    games = [
        Game(
            opponent=99,
            colour=Colour.WHITE if c == "W" else Colour.BLACK,
            points=5,
            played=True,
            paired=True,
            pab=False,
        )
        for c in colours
    ]
    player = PlayerState(rank=rank, order=order, games=games, score=5 * len(games))
    _derive_colours(player)
    return player


def _state(*players: PlayerState) -> TournamentState:
    return TournamentState(
        played_rounds=len(players[0].games),
        expected_rounds=9,
        points_for_win=10,
        points_for_draw=5,
        points_for_loss=0,
        initial_colour=Colour.WHITE,
        players={p.rank: p for p in players},
        to_pair=[p.rank for p in players],
        forbidden={p.rank: set() for p in players},
    )


def test_absolute_preference_wins_over_a_mild_one() -> None:
    a = _player(1, 0, "BW")
    b = _player(2, 1, "WW")
    state = _state(a, b)
    scores = {1: 10, 2: 10}
    assert choose_colour(state, a, b, scores) is Colour.WHITE
    assert choose_colour(state, b, a, scores) is Colour.BLACK


def test_equal_preferences_go_back_to_the_last_differing_round() -> None:
    # Both have a strong preference for black; in round 3 player 1 had white and
    # player 2 black, so colours alternate from that round (E.3).
    a = _player(1, 0, "WBW")
    b = _player(2, 1, "WWB")
    state = _state(a, b)
    scores = {1: 15, 2: 15}
    assert a.strong_preference
    assert b.strong_preference
    assert choose_colour(state, a, b, scores) is Colour.BLACK
    assert choose_colour(state, b, a, scores) is Colour.WHITE


def test_no_preferences_alternate_from_the_initial_colour() -> None:
    a = _player(1, 0, "")
    b = _player(2, 1, "")
    state = _state(a, b)
    scores = {1: 0, 2: 0}
    assert choose_colour(state, a, b, scores) is Colour.WHITE
    assert choose_colour(state, b, a, scores) is Colour.BLACK
