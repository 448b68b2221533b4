"""Properties every Burstein pairing must have, on generated tournaments (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import NoLegalPairing
from chesscore.pairing.burstein import pair_burstein
from chesscore.pairing.burstein import pair_burstein_state
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from tests.chesscore.pairing.round_checks import checked_round

configs = st.builds(
    GeneratorConfig,
    players=st.integers(min_value=2, max_value=22),
    rounds=st.integers(min_value=2, max_value=8),
    draw_percentage=st.integers(min_value=0, max_value=60),
    forfeit_rate=st.sampled_from([0, 5, 20]),
    retired_rate=st.sampled_from([0, 10]),
    half_point_bye_rate=st.sampled_from([0, 8]),
)


def _check_round(record: Record, number: int) -> None:
    boards, bye, state = checked_round(record, number)
    if bye is not None:
        earlier = record.player(bye).rounds[: number - 1]
        assert all(
            e.result not in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FORFEIT_WIN)
            for e in earlier
        ), "a second PAB, or a PAB after a forfeit win (C2)"
    for white, black in boards:
        a, b = state.players[white], state.players[black]
        # C3 has no topscorer exception in the Burstein system.
        assert not (
            a.absolute_preference
            and b.absolute_preference
            and a.colour_preference is b.colour_preference
        ), "absolute colour clash"


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(min_value=0, max_value=2**31))
def test_generated_burstein_rounds_respect_the_absolute_criteria(
    config: GeneratorConfig, seed: int
) -> None:
    record = generate_record(config, seed, pair=pair_burstein_state, system="burstein")
    for number in range(1, record.rounds_played + 1):
        _check_round(record, number)


@settings(max_examples=10, deadline=None)
@given(config=configs, seed=st.integers(min_value=0, max_value=2**31))
def test_pairing_the_same_burstein_record_twice_gives_the_same_round(
    config: GeneratorConfig, seed: int
) -> None:
    record = generate_record(config, seed, pair=pair_burstein_state, system="burstein")
    # The last round paired, after the seeding rounds whenever the tournament got there.
    # Without the round's column, players absent from it (retired) are there to pair, and
    # the round may have no legal pairing: the same refusal twice is as deterministic.
    earlier = record.up_to_round(record.rounds_played - 1)
    assert _outcome(earlier) == _outcome(earlier)


def _outcome(record: Record) -> object:
    try:
        return pair_burstein(record)
    except NoLegalPairing as refusal:
        return refusal.reason, refusal.blocking
