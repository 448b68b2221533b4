"""Properties every Dutch pairing must have, on generated tournaments (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import pair_round
from chesscore.pairing.dutch import pair_dutch
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.pairing.state import state_from_record
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from tests.chesscore.pairing.round_checks import checked_round

configs = st.builds(
    GeneratorConfig,
    players=st.integers(min_value=2, max_value=24),
    rounds=st.integers(min_value=1, max_value=7),
    draw_percentage=st.integers(min_value=0, max_value=60),
    forfeit_rate=st.sampled_from([0, 5, 20]),
    retired_rate=st.sampled_from([0, 10]),
    half_point_bye_rate=st.sampled_from([0, 8]),
)


def _check_round(record: Record, number: int) -> None:
    boards, bye, state = checked_round(record, number)
    for rank in {bye} if bye is not None else set():
        earlier = record.player(rank).rounds[: number - 1]
        assert all(e.result is not ResultCode.PAIRING_ALLOCATED_BYE for e in earlier)
    last_round = number >= state.expected_rounds
    threshold = (state.played_rounds * state.points_for_win) >> 1
    for white, black in boards:
        a, b = state.players[white], state.players[black]
        if a.absolute_preference and b.absolute_preference:
            clash = a.colour_preference is b.colour_preference
            topscorer = last_round and max(a.score, b.score) > threshold
            assert not clash or topscorer, "absolute colour clash"


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(min_value=0, max_value=2**31))
def test_generated_rounds_respect_the_absolute_criteria(config: GeneratorConfig, seed: int) -> None:
    record = generate_record(config, seed)
    for number in range(1, record.rounds_played + 1):
        _check_round(record, number)


@settings(max_examples=10, deadline=None)
@given(config=configs, seed=st.integers(min_value=0, max_value=2**31))
def test_pairing_the_same_state_twice_gives_the_same_round(
    config: GeneratorConfig, seed: int
) -> None:
    record = generate_record(config, seed)
    number = record.rounds_played
    if number == 0:
        return
    first = pair_dutch(state_from_record(record, number))
    second = pair_dutch(state_from_record(record, number))
    assert first.boards == second.boards
    assert first.bye == second.bye


def test_generator_is_deterministic_for_a_seed() -> None:
    config = GeneratorConfig(players=15, rounds=5)
    assert generate_record(config, 42) == generate_record(config, 42)


def _truncated(record: Record, rounds: int) -> Record:
    """The record as it stood after ``rounds`` rounds (later columns dropped)."""
    players = tuple(replace(p, rounds=p.rounds[:rounds]) for p in record.players)
    return replace(record, players=players)


@settings(max_examples=20, deadline=None)
@given(
    config=configs,
    seed=st.integers(min_value=0, max_value=2**31),
    picks=st.lists(st.tuples(st.integers(1, 24), st.integers(1, 24)), max_size=12),
)
def test_forbidden_pairs_never_meet(
    config: GeneratorConfig, seed: int, picks: list[tuple[int, int]]
) -> None:
    record = generate_record(replace(config, rounds=config.rounds + 1), seed)
    record = _truncated(record, config.rounds)
    forbidden = tuple((a, b) for a, b in picks if a != b)
    try:
        result = pair_round(record, options=PairingOptions(forbidden_pairs=forbidden))
    except NoLegalPairing:
        return
    banned = {frozenset(pair) for pair in forbidden}
    assert all(frozenset((b.white, b.black)) not in banned for b in result.boards)
    seen = [r for b in result.boards for r in (b.white, b.black)]
    assert len(seen) == len(set(seen))


def test_a_neutral_soft_criterion_changes_nothing() -> None:
    record = _truncated(generate_record(GeneratorConfig(players=17, rounds=6), 5), 4)
    plain = pair_round(record)
    neutral = pair_round(record, options=PairingOptions(soft_criterion=lambda a, b: 7))
    assert neutral.boards == plain.boards
    assert neutral.bye == plain.bye
