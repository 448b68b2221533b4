"""Small hand-checked Dutch cases: the 2026 PAB criteria and the colour rules."""

from __future__ import annotations

import pytest

from chesscore.pairing import pair_round
from chesscore.pairing.dutch import choose_colour
from chesscore.pairing.state import Game
from chesscore.pairing.state import PlayerState
from chesscore.pairing.state import TournamentState
from chesscore.pairing.state import _derive_colours
from chesscore.record.model import Colour
from chesscore.record.trf import read
from tests.golden import bbp_pairings_cases

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


def _six_after_round_one(later: dict[int, list[str]]) -> bytes:
    """Six players after round 1 (1-0, 1-0, ½-½), with `later` round blocks per player."""
    first = {1: ("   2 w 1", 1), 2: ("   1 b 0", 0), 3: ("   4 w 1", 1)}
    first |= {4: ("   3 b 0", 0), 5: ("   6 w =", 0.5), 6: ("   5 b =", 0.5)}
    lines = ["012 Next round", "XXR 5"]
    for rank, (block, points) in first.items():
        blocks = [block, *later.get(rank, [])]
        points += 0.5 * sum(b.endswith("H") for b in blocks[1:])
        line = f"001 {rank:4d}      Player {rank}".ljust(80) + f"{points:4.1f} {rank:4d}"
        lines.append((line + "".join(f"  {b}" for b in blocks)).rstrip())
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.parametrize(
    ("later", "expected"),
    [
        # Round 2's column holds one bye and round 3's another: round 2 went by unplayed, and
        # round 3 is the one to pair (player 2 out with the bye entered for it).
        ({1: ["0000 - Z"], 2: ["        ", "0000 - Z"]}, ["5 1", "6 3", "4 0"]),
        ({1: ["        ", "0000 - H"], 2: ["0000 - Z"]}, ["6 3", "2 5", "4 0"]),
        # Everyone has an entry for round 2 (no one was paired): round 3 is paired.
        ({rank: ["0000 - H"] for rank in range(1, 7)}, ["3 1", "2 5", "6 4"]),
        # All but one have a bye entered for round 2: round 2 is paired.
        ({rank: ["0000 - H"] for rank in range(1, 6)}, ["6 0"]),
    ],
)
def test_the_round_to_pair_is_the_one_the_reference_reads_from_the_file(
    later: dict[int, list[str]], expected: list[str]
) -> None:
    # Answers of bbpPairings 6.0.0 on the same files.
    result = pair_round(read(_six_after_round_one(later)))
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    assert sorted(lines) == sorted(expected)
