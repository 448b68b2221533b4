"""The certified brackets of the Dutch engine's later rounds, with the full path as the judge.

:func:`chesscore.pairing.direct.later_round_brackets` writes down the candidate of Article 4's
order for each bracket and proves it optimal, or declines.  Here its pieces are tested on
their own, and every round of generated tournaments (2 to 220 players, up to 500 in the
long run; forfeits, byes, retired players, Baku acceleration, 3-1-0 scoring, forbidden
pairs) is paired twice, with the certificates and with the weighted matchings alone
(``dutch.DIRECT_PATHS``): the pairs, colours, bye and bracket notes must be identical.
A fixed sample runs by default; ``ROOKERY_FULL_CORPUS=1`` runs 20,000 rounds.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import dutch
from chesscore.pairing.direct import BracketsHead
from chesscore.pairing.direct import _certified_bracket
from chesscore.pairing.direct import _float_rank
from chesscore.pairing.direct import _SpareMatching
from chesscore.pairing.direct import later_round_brackets
from chesscore.pairing.dutch import DutchPairing
from chesscore.pairing.dutch import pair_dutch
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.pairing.replay import replay_state
from chesscore.pairing.state import Game
from chesscore.pairing.state import PlayerState
from chesscore.pairing.state import TournamentState
from chesscore.record.model import Acceleration
from chesscore.record.model import Colour
from chesscore.record.model import Record
from tests.chesscore.pairing.test_dutch_cases import _state

FULL = os.environ.get("ROOKERY_FULL_CORPUS") == "1"
ROUNDS = 20_000 if FULL else 400


# -- the clash-free matching ------------------------------------------------------------


def _spare_brute(options: list[list[int]], gone: set[int], first: int) -> int:
    """Largest matching of S1 players ``first..`` into S2 players not ``gone``, by search."""
    best = 0

    def search(i: int, used: frozenset[int], size: int) -> None:
        nonlocal best
        if i == len(options):
            best = max(best, size)
            return
        search(i + 1, used, size)
        for j in options[i]:
            if j not in used and j not in gone:
                search(i + 1, used | {j}, size + 1)

    search(first, frozenset(), 0)
    return best


def test_the_spare_matching_refuses_exactly_what_falls_short() -> None:
    rng = random.Random(5)
    for _ in range(300):
        size = rng.randint(1, 7)
        width = size + rng.randint(0, 1)
        options = [sorted(rng.sample(range(width), rng.randint(0, width))) for _ in range(size)]
        spare = _SpareMatching(
            size,
            width,
            lambda i, rows=options: iter(rows[i]),
            lambda j, first, rows=options: (i for i in range(first, len(rows)) if j in rows[i]),
            0,
            [False] * width,
        )
        assert spare.size == _spare_brute(options, set(), 0)
        gone: set[int] = set()
        for i in range(size):
            j = rng.choice([k for k in range(width) if k not in gone])
            needed = rng.randint(0, size - i)
            possible = _spare_brute(options, gone | {j}, i + 1)
            allowed = spare.allows(i, j, needed)
            assert allowed == (possible >= needed)
            if not allowed:
                # Refused: nothing changed, and the same player may still meet anyone.
                assert spare.allows(i, j, 0)
            assert needed <= spare.size <= possible or not allowed
            gone.add(j)


# -- the bracket certificate on small positions -----------------------------------------


def _player(rank: int, score: int, colours: list[Colour], opponents: list[int]) -> PlayerState:
    games = [
        Game(opponent=o, colour=c, points=0, played=True, paired=True, pab=False)
        for o, c in zip(opponents, colours, strict=True)
    ]
    white = colours.count(Colour.WHITE)
    black = colours.count(Colour.BLACK)
    imbalance = abs(white - black)
    preference = Colour.NONE
    if white != black:
        preference = Colour.BLACK if white > black else Colour.WHITE
    elif colours:
        preference = colours[-1].opposite
    return PlayerState(
        rank=rank,
        order=rank - 1,
        games=games,
        score=score,
        played_games=len(games),
        colour_imbalance=imbalance,
        colour_preference=preference,
        strong_preference=imbalance == 1,
    )


def _head(state: TournamentState) -> tuple[BracketsHead, list[PlayerState]]:
    players = sorted(state.players.values(), key=lambda p: (-p.score, p.order))
    scores = {p.rank: p.score for p in players}
    ctx = dutch._context(state, players, scores, None)
    return later_round_brackets(ctx, players), players


def _round_two() -> list[PlayerState]:
    """Round 1 played: 1-4 won (1 and 3 with white), 5-8 lost."""
    w, b = Colour.WHITE, Colour.BLACK
    return [
        _player(1, 10, [w], [5]),
        _player(2, 10, [b], [6]),
        _player(3, 10, [w], [7]),
        _player(4, 10, [b], [8]),
        _player(5, 0, [b], [1]),
        _player(6, 0, [w], [2]),
        _player(7, 0, [b], [3]),
        _player(8, 0, [w], [4]),
    ]


def test_s1_meets_the_first_s2_player_whose_preference_does_not_clash() -> None:
    head, _ = _head(_state(*_round_two()))
    assert head.rest == []
    # 1 and 3 both want black, 2 and 4 white: 1-4 and 2-3, then 5-8 and 6-7 alike.
    assert [note.pairs for note in head.notes] == [((1, 4), (2, 3)), ((5, 8), (6, 7))]


def test_a_rematch_in_the_way_moves_the_first_s1_player_to_the_next_s2_player() -> None:
    w, b = Colour.WHITE, Colour.BLACK
    # Two rounds of draws: 1-3 and 2-4, then 1-2 and 4-3.
    players = [
        _player(1, 10, [w, b], [3, 2]),
        _player(2, 10, [b, w], [4, 1]),
        _player(3, 10, [b, b], [1, 4]),
        _player(4, 10, [w, w], [2, 3]),
    ]
    head, _ = _head(_state(*players))
    assert head.rest == []
    assert head.notes[0].pairs == ((1, 4), (2, 3))


def test_the_certificate_declines_a_bracket_that_cannot_be_paired_inside() -> None:
    w, b = Colour.WHITE, Colour.BLACK
    players = [
        _player(1, 10, [w], [2]),
        _player(2, 10, [b], [1]),
        _player(3, 0, [w], [4]),
        _player(4, 0, [b], [3]),
    ]
    head, _ = _head(_state(*players))
    # 1 and 2 have met: the top bracket is left to the weighted matchings.
    assert head.notes == []
    assert head.rest == [0, 1, 2, 3]


def test_a_promise_is_kept_only_when_the_floater_meets_the_next_group() -> None:
    head = BracketsHead(partner={}, notes=[], rest=[], carried=0, promises=[(2, range(3, 6))])
    assert head.promises_kept({2: 3, 3: 2, 4: 5, 5: 4})
    assert not head.promises_kept({2: 6, 6: 2, 3: 4, 4: 3})
    # The floater is paired in the group, but the group pairs one player outside.
    assert not head.promises_kept({2: 3, 3: 2, 4: 7, 7: 4, 5: 8, 8: 5})


# -- the differential test ---------------------------------------------------------------


def _tournament(rng: random.Random) -> tuple[Record, Callable[[TournamentState], None]]:
    """A generated tournament with a mix of everything a certificate must handle."""
    roll = rng.random()
    if FULL and roll < 0.004:
        size = rng.randint(221, 500)
    elif roll < 0.08:
        size = rng.randint(41, 220)
    else:
        size = rng.randint(2, 40)
    three = rng.random() < 0.1
    config = GeneratorConfig(
        players=size,
        rounds=rng.randint(2, 9),
        draw_percentage=rng.choice([0, 10, 30, 60]),
        forfeit_rate=rng.choice([0, 0, 5, 20]),
        retired_rate=rng.choice([0, 0, 5]),
        half_point_bye_rate=rng.choice([0, 0, 5, 10]),
        points_for_win=Fraction(3) if three else Fraction(1),
        points_for_draw=Fraction(1) if three else Fraction(1, 2),
        points_for_pab=Fraction(3) if three else Fraction(1),
    )
    record = generate_record(config, rng.randrange(1 << 31))
    if not three and rng.random() < 0.1:
        record = replace(record, acceleration=Acceleration.BAKU)
    groups: list[tuple[int, ...]] = []
    if size >= 4 and rng.random() < 0.1:
        for _ in range(rng.randint(1, 3)):
            groups.append(tuple(rng.sample(range(1, size + 1), rng.randint(2, 3))))

    def forbid(state: TournamentState) -> None:
        for group in groups:
            for a in group:
                if a in state.forbidden:
                    state.forbidden[a].update(x for x in group if x != a)

    return record, forbid


def _pair(state: TournamentState) -> DutchPairing | tuple[str, tuple[int, ...]]:
    try:
        return pair_dutch(state)
    except NoLegalPairing as error:
        return (error.reason, error.blocking)


Round = tuple[Record, int, int, Callable[[TournamentState], None]]


def _rounds(count: int, seed: int) -> Iterator[Round]:
    """Each recorded round of generated tournaments: record, number, planned rounds and
    the forbidden pairs to add."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        record, forbid = _tournament(rng)
        planned = (record.planned_rounds or 0) + rng.choice([0, 0, 1, 3])
        for number in range(1, record.rounds_played + 1):
            if made == count:
                return
            made += 1
            yield record, number, planned, forbid


def _state_before(position: Round) -> TournamentState:
    record, number, planned, forbid = position
    state = replay_state(record, number, planned)
    forbid(state)
    return state


@pytest.mark.slow
def test_certified_brackets_give_the_full_paths_result_on_generated_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[bool] = []
    matchings: Callable[..., object] = dutch._pair_matchings

    def counted(ctx: object, everyone: list[PlayerState], vertices: list[int], carried: int):
        calls.append(len(vertices) == len(everyone))
        return matchings(ctx, everyone, vertices, carried)

    monkeypatch.setattr(dutch, "_pair_matchings", counted)
    paths = {"certified": 0, "in part": 0, "matchings": 0}
    for index, position in enumerate(_rounds(ROUNDS, seed=20261207)):
        calls.clear()
        direct = _pair(_state_before(position))
        if not calls:
            paths["certified"] += 1
        elif calls[0]:
            paths["matchings"] += 1
        else:
            paths["in part"] += 1
        monkeypatch.setattr(dutch, "DIRECT_PATHS", False)
        full = _pair(_state_before(position))
        monkeypatch.setattr(dutch, "DIRECT_PATHS", True)
        assert direct == full, f"round {index}"
    assert sum(paths.values()) == ROUNDS
    # Each way through the engine must be taken often for the comparison to mean much.
    assert min(paths.values()) > ROUNDS // 50, paths


def test_a_declined_bracket_takes_the_weighted_matchings_for_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[list[int]] = []
    matchings: Callable[..., object] = dutch._pair_matchings

    def spy(ctx: object, everyone: list[PlayerState], vertices: list[int], carried: int):
        seen.append(list(vertices))
        return matchings(ctx, everyone, vertices, carried)

    monkeypatch.setattr(dutch, "_pair_matchings", spy)
    pair_dutch(_state(*_round_two()))
    assert seen == []
    # In the bottom bracket 5-8 and 6-7 may not meet, and 5-7 would clash: only 5-6 and
    # 7-8 are left, which the certificate (no exchange) cannot give.
    state = _state(*_round_two())
    for a, c in ((5, 8), (6, 7)):
        state.forbidden[a].add(c)
        state.forbidden[c].add(a)
    result = pair_dutch(state)
    assert seen == [[4, 5, 6, 7]]
    assert {frozenset(board) for board in result.boards} == {
        frozenset(pair) for pair in ((1, 4), (2, 3), (5, 6), (7, 8))
    }


def test_the_bye_goes_to_an_eligible_player_with_the_most_games_then_the_fewest_downfloats() -> (
    None
):
    w, b = Colour.WHITE, Colour.BLACK
    players = [_player(r, 0, [w if r % 2 else b], [r + 1 if r % 2 else r - 1]) for r in (1, 2)]
    state = _state(*players)
    ctx = dutch._context(state, players, {1: 0, 2: 0}, None)
    eligible, tired = players
    assert _float_rank(ctx, eligible, bye=True) == _float_rank(ctx, tired, bye=True)
    tired.bye_eligible = False
    assert _float_rank(ctx, eligible, bye=True) < _float_rank(ctx, tired, bye=True)
    tired.bye_eligible = True
    tired.played_games = 0
    assert _float_rank(ctx, eligible, bye=True) < _float_rank(ctx, tired, bye=True)
    # A floater that is not the bye is ranked by its floats alone.
    assert _float_rank(ctx, eligible) == _float_rank(ctx, tired)


def test_a_bracket_with_two_players_moved_down_is_left_to_the_matchings() -> None:
    players = _round_two()
    state = _state(*players)
    ordered = sorted(players, key=lambda p: (-p.score, p.order))
    ctx = dutch._context(state, ordered, {p.rank: p.score for p in ordered}, None)
    score = [p.score for p in ordered]
    assert _certified_bracket(ctx, ordered, score, [0, 1], 4, 8) is None
    assert _certified_bracket(ctx, ordered, score, [], 4, 8) is not None
