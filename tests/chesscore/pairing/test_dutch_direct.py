"""The direct path of the Dutch engine: its certificates, and the full path as the judge.

Every generated position is paired twice, by :func:`pair_round` as it is and with the
certificates turned off (``dutch.DIRECT_PATHS``); the two results must be identical:
boards, colours, bye, bracket notes and reasons.  The positions are mostly first rounds
(what the certificates cover) with every feature that could make them decline: Baku
acceleration, virtual points, forbidden pairs, PAB exclusions, byes entered in advance,
soft criteria, file order ranking; the rest are later rounds of generated tournaments.
A fixed sample runs by default; ``ROOKERY_FULL_CORPUS=1`` runs 20,000 positions.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import InvalidRecord
from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import PairingResult
from chesscore.pairing import dutch
from chesscore.pairing import pair_round
from chesscore.pairing.direct import round_one_pairing
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.pairing.state import PlayerState
from chesscore.pairing.state import TournamentState
from chesscore.pairing.state import state_from_record
from chesscore.record.model import AcceleratedRounds
from chesscore.record.model import Acceleration
from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import ScoringSystem
from chesscore.record.model import VirtualPoints

FULL = os.environ.get("ROOKERY_FULL_CORPUS") == "1"
POSITIONS = 20_000 if FULL else 300

Position = tuple[Record, PairingOptions]


def _soft(a: int, b: int) -> int:
    return (a * 7919 + b * 104729) % 1000


# -- the certificate on its own ---------------------------------------------------------


def _field(size: int, *, accelerated: int = 0) -> tuple[TournamentState, list[PlayerState]]:
    players = [
        PlayerState(rank=r, order=r - 1, games=[], score=0, accelerations=[0])
        for r in range(1, size + 1)
    ]
    for p in players[:accelerated]:
        p.accelerations = [10]
    state = TournamentState(
        played_rounds=0,
        expected_rounds=9,
        points_for_win=10,
        points_for_draw=5,
        points_for_loss=0,
        initial_colour=Colour.WHITE,
        players={p.rank: p for p in players},
        to_pair=[p.rank for p in players],
        forbidden={p.rank: set() for p in players},
    )
    return state, players


def _certify(
    state: TournamentState, players: list[PlayerState], soft: dutch.SoftCriterion | None = None
) -> tuple[dict[int, int], list[dutch.BracketNote]] | None:
    scores = {p.rank: state.accelerated_score(p) for p in players}
    ordered = sorted(players, key=lambda p: (-scores[p.rank], p.order))
    return round_one_pairing(state, ordered, scores, soft)


def test_round_one_pairs_the_top_half_against_the_bottom_half_in_order() -> None:
    state, players = _field(6)
    certified = _certify(state, players)
    assert certified is not None
    partner, notes = certified
    assert partner == {0: 3, 3: 0, 1: 4, 4: 1, 2: 5, 5: 2}
    assert notes[0].pairs == ((1, 4), (2, 5), (3, 6))
    assert notes[0].floated_down == ()
    assert notes[0].residents == (1, 2, 3, 4, 5, 6)


def test_round_one_with_an_odd_field_leaves_the_last_player_for_the_bye() -> None:
    state, players = _field(7)
    certified = _certify(state, players)
    assert certified is not None
    partner, notes = certified
    assert 6 not in partner
    assert notes[0].pairs == ((1, 4), (2, 5), (3, 6))
    assert notes[0].floated_down == (7,)


def test_a_single_player_gets_the_bye_without_a_bracket() -> None:
    state, players = _field(1)
    assert _certify(state, players) == ({}, [])


def test_certificate_declines_after_a_round_was_played() -> None:
    state, players = _field(6)
    state.played_rounds = 1
    assert _certify(state, players) is None


def test_an_even_accelerated_group_pairs_inside_itself_then_the_rest() -> None:
    state, players = _field(9, accelerated=4)
    certified = _certify(state, players)
    assert certified is not None
    notes = certified[1]
    assert [n.score for n in notes] == [10, 0]
    assert [n.pairs for n in notes] == [((1, 3), (2, 4)), ((5, 7), (6, 8))]
    assert [n.floated_down for n in notes] == [(), (9,)]


def test_an_odd_accelerated_group_floats_its_last_player_to_the_first_of_the_next() -> None:
    state, players = _field(8, accelerated=5)
    certified = _certify(state, players)
    assert certified is not None
    notes = certified[1]
    assert [n.pairs for n in notes] == [((1, 3), (2, 4)), ((5, 6), (7, 8))]
    assert [n.moved_down for n in notes] == [(), (5,)]
    assert [n.floated_down for n in notes] == [(5,), ()]


def test_a_lowest_group_of_one_player_gets_the_bye_without_a_bracket() -> None:
    state, players = _field(5, accelerated=4)
    certified = _certify(state, players)
    assert certified is not None
    partner, notes = certified
    assert 4 not in partner
    assert [n.residents for n in notes] == [(1, 2, 3, 4)]


def test_certificate_declines_when_the_player_left_over_below_a_float_may_not_get_the_bye() -> None:
    state, players = _field(7, accelerated=3)
    players[-1].bye_eligible = False
    assert _certify(state, players) is None


def test_certificate_declines_a_forbidden_pair_inside_the_field() -> None:
    state, players = _field(8)
    state.forbidden[2].add(7)
    state.forbidden[7].add(2)
    assert _certify(state, players) is None


def test_certificate_ignores_a_forbidden_pair_with_someone_not_playing() -> None:
    state, players = _field(8)
    state.forbidden[2].add(20)
    assert _certify(state, players) is not None


def test_certificate_declines_a_soft_criterion() -> None:
    state, players = _field(8)
    assert _certify(state, players, _soft) is None


def test_certificate_declines_when_the_last_player_may_not_get_the_bye() -> None:
    state, players = _field(7)
    players[-1].bye_eligible = False
    assert _certify(state, players) is None


def test_certificate_accepts_other_players_kept_from_the_bye() -> None:
    state, players = _field(7)
    players[0].bye_eligible = False
    players[3].bye_eligible = False
    assert _certify(state, players) is not None


def test_certificate_declines_a_player_with_a_colour_preference() -> None:
    state, players = _field(6)
    players[2].colour_preference = Colour.WHITE
    assert _certify(state, players) is None


# -- the differential tests -------------------------------------------------------------


@contextmanager
def _full_path_only() -> Iterator[None]:
    dutch.DIRECT_PATHS = False
    try:
        yield
    finally:
        dutch.DIRECT_PATHS = True


def _pair(record: Record, options: PairingOptions) -> PairingResult | tuple[str, tuple[int, ...]]:
    try:
        return pair_round(record, options=options)
    except NoLegalPairing as error:
        return (error.reason, error.blocking)
    except InvalidRecord as error:
        # Byes entered in advance for everyone complete the round: nothing to pair.
        return (str(error), ())


def _first_round(rng: random.Random) -> Position:
    """A first round with a random mix of what can make the certificate decline."""
    size = rng.randint(1, 40) if rng.random() < 0.9 else rng.randint(41, 160)
    planned = rng.randint(1, 11)
    win, draw = (Fraction(3), Fraction(1)) if rng.random() < 0.1 else (Fraction(1), Fraction(1, 2))
    scoring = ScoringSystem(
        win=win,
        draw=draw,
        forfeit_win=win,
        pairing_allocated_bye=win,
        half_point_bye=draw,
        full_point_bye=win,
    )
    players = []
    for rank in range(1, size + 1):
        rounds: tuple[RoundEntry, ...] = ()
        if rng.random() < 0.05:
            code = rng.choice(
                [ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE, ResultCode.FULL_POINT_BYE]
            )
            rounds = (RoundEntry(None, Colour.NONE, code),)
        players.append(Player(rank=rank, name=f"P{rank}", rating=2800 - rank, rounds=rounds))
    by_file = rng.random() < 0.2
    if by_file:
        rng.shuffle(players)
    ranks = list(range(1, size + 1))
    baku = draw + draw == win and rng.random() < 0.1
    virtual: tuple[VirtualPoints, ...] = ()
    blocks: tuple[AcceleratedRounds, ...] = ()
    roll = rng.random()
    if roll < 0.05:
        # Everyone on the same virtual points: one score group, above zero.
        virtual = tuple(VirtualPoints(rank=r, points=(Fraction(1),)) for r in ranks)
    elif roll < 0.1:
        virtual = tuple(
            VirtualPoints(rank=r, points=(Fraction(1),))
            for r in rng.sample(ranks, rng.randint(1, size))
        )
    elif roll < 0.13:
        last = rng.randint(1, size)
        blocks = (AcceleratedRounds(1, 2, 1, last, Fraction(1)),)
    forbidden = []
    if rng.random() < 0.15:
        for _ in range(rng.randint(1, 3)):
            members = tuple(rng.sample(range(1, size + 3), min(size + 2, rng.randint(2, 3))))
            later = rng.random() < 0.3
            forbidden.append(
                ForbiddenPairing(
                    ranks=members, first_round=2 if later else None, last_round=3 if later else None
                )
            )
    exclusions: tuple[int, ...] = ()
    if rng.random() < 0.2:
        exclusions = tuple(rng.sample(ranks, rng.randint(1, min(size, 4))))
        if rng.random() < 0.5:
            exclusions += (size,)
    absent = tuple(rng.sample(ranks, rng.randint(1, min(size, 3)))) if rng.random() < 0.05 else ()
    initial = rng.choice([Colour.WHITE, Colour.BLACK, None])
    record = Record(
        players=tuple(players),
        event=Event(name="Generated"),
        acceleration=Acceleration.BAKU if baku else Acceleration.NONE,
        planned_rounds=planned,
        initial_colour=initial,
        order_by_file_position=by_file,
        scoring=scoring,
        virtual_points=virtual,
        accelerated_rounds=blocks,
        forbidden_pairings=tuple(forbidden),
        absent_next_round=absent,
    )
    options_exclusions: tuple[int, ...] = ()
    if exclusions and rng.random() < 0.5:
        options_exclusions, exclusions = exclusions, ()
    record = replace(record, pab_exclusions=exclusions)
    extra_groups: tuple[tuple[int, ...], ...] = ()
    if rng.random() < 0.05 and size >= 2:
        extra_groups = (tuple(rng.sample(ranks, 2)),)
    options = PairingOptions(
        forbidden_pairs=extra_groups,
        pab_exclusions=options_exclusions,
        soft_criterion=_soft if rng.random() < 0.03 else None,
    )
    return record, options


def _later_round(rng: random.Random) -> Position:
    """The next round of a generated tournament (two to five rounds played)."""
    config = GeneratorConfig(
        players=rng.randint(2, 30),
        rounds=rng.randint(1, 5),
        forfeit_rate=rng.choice([0, 10]),
        half_point_bye_rate=rng.choice([0, 10]),
    )
    record = generate_record(config, rng.randrange(1 << 31))
    record = replace(record, planned_rounds=config.rounds + rng.randint(1, 3))
    return record, PairingOptions()


def _positions(count: int, seed: int) -> Iterator[Position]:
    rng = random.Random(seed)
    for _ in range(count):
        yield _first_round(rng) if rng.random() < 0.9 else _later_round(rng)


def _count_full_path(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    full: Callable[..., object] = dutch._pair_full

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return full(*args, **kwargs)

    monkeypatch.setattr(dutch, "_pair_full", counted)
    return calls


def _certified(record: Record, options: PairingOptions) -> bool | None:
    """Whether the certificate covers the position; ``None`` when nobody is to be paired."""
    exclusions = frozenset(options.pab_exclusions) | frozenset(record.pab_exclusions)
    try:
        state = state_from_record(record, options.round_to_pair, pab_exclusions=exclusions)
    except InvalidRecord:
        return None
    for group in options.forbidden_pairs:
        for a in group:
            if a in state.forbidden:
                state.forbidden[a].update(b for b in group if b != a and b in state.forbidden)
    players = [state.players[r] for r in state.to_pair]
    if not players:
        return None
    scores = {p.rank: state.accelerated_score(p) for p in state.players.values()}
    players.sort(key=lambda p: (-scores[p.rank], p.order))
    return round_one_pairing(state, players, scores, options.soft_criterion) is not None


@pytest.mark.slow
def test_direct_path_gives_the_full_paths_result_on_generated_rounds() -> None:
    certified = 0
    for index, (record, options) in enumerate(_positions(POSITIONS, seed=20261202)):
        direct = _pair(record, options)
        with _full_path_only():
            full = _pair(record, options)
        assert direct == full, f"position {index}"
        certified += _certified(record, options) is True
    # Both paths must really be exercised for the comparison to mean anything.
    assert POSITIONS // 3 < certified < POSITIONS - POSITIONS // 20


def test_every_position_the_certificate_declines_takes_the_full_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _count_full_path(monkeypatch)
    declined = 0
    for record, options in _positions(120, seed=7):
        before = calls[0]
        _pair(record, options)
        # Nobody to pair and a certified round both leave the matchings alone.
        expected = 0 if _certified(record, options) in (True, None) else 1
        assert calls[0] - before == expected
        declined += expected
    assert declined > 10


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(min_value=1, max_value=60),
    initial=st.sampled_from([Colour.WHITE, Colour.BLACK]),
    excluded=st.sets(st.integers(min_value=1, max_value=60), max_size=5),
    virtual=st.lists(st.sampled_from([0, 0, 1, 2]), max_size=60),
    baku=st.booleans(),
)
def test_first_rounds_are_paired_alike_by_both_paths(
    size: int, initial: Colour, excluded: set[int], virtual: list[int], baku: bool
) -> None:
    record = Record(
        players=tuple(Player(rank=r, name=f"P{r}") for r in range(1, size + 1)),
        acceleration=Acceleration.BAKU if baku else Acceleration.NONE,
        planned_rounds=9,
        initial_colour=initial,
        virtual_points=tuple(
            VirtualPoints(rank=rank, points=(Fraction(points),))
            for rank, points in enumerate(virtual[:size], start=1)
            if points
        ),
        pab_exclusions=tuple(sorted(r for r in excluded if r <= size)),
    )
    direct = _pair(record, PairingOptions())
    with _full_path_only():
        full = _pair(record, PairingOptions())
    assert direct == full
