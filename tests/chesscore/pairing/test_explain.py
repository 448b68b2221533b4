"""Explanations of a Dutch round: why players floated, what set the first candidate aside."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import PairingResult
from chesscore.pairing import pair_round
from chesscore.pairing.explain import explain_lines
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.pairing.state import state_from_record
from chesscore.record.trf import read
from tests.golden import dutch_corpus

CORPUS = dutch_corpus()


def _explained(case: str) -> tuple[PairingResult, list[str]]:
    result = pair_round(read((CORPUS / f"{case}.trf").read_bytes()))
    return result, explain_lines(result.explanation, result.reasons)


def test_a_rematch_sets_the_first_candidate_aside() -> None:
    _result, lines = _explained("case000500")
    assert "  3 meets 14, not 11 (the first in order): they have met before (C1)" in lines


def test_colour_preferences_set_the_first_candidate_aside() -> None:
    _result, lines = _explained("case000100")
    assert (
        "  9 meets 24, not 21 (the first in order): both have a strong preference for white "
        "(C12, C13)"
    ) in lines


def test_a_player_without_a_legal_opponent_floats_and_says_so() -> None:
    _result, lines = _explained("case000500")
    assert any(
        line.startswith("  5 floats down: no legal opponent in the bracket") for line in lines
    )


def test_the_bye_receiver_is_named_with_the_bye_criteria() -> None:
    result, lines = _explained("case001200")
    assert f"  {result.bye} gets the pairing-allocated bye" in "\n".join(lines)


configs = st.builds(
    GeneratorConfig,
    players=st.integers(min_value=4, max_value=30),
    rounds=st.integers(min_value=2, max_value=7),
    draw_percentage=st.integers(min_value=0, max_value=50),
)
MET = re.compile(r"(\d+) meets (\d+), not (\d+) \(the first in order\): (.*)$")


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(0, 2**31))
def test_every_stated_reason_is_true_of_the_players(config, seed) -> None:
    record = generate_record(config, seed)
    number = record.rounds_played
    try:
        result = pair_round(record, options=PairingOptions(round_to_pair=number))
    except NoLegalPairing:
        return
    state = state_from_record(record, number)
    paired = {frozenset((b.white, b.black)) for b in result.boards}
    for reasons in result.reasons:
        for reason in reasons:
            match = MET.match(reason)
            if match is None:
                continue
            high, low, first, why = int(match[1]), int(match[2]), int(match[3]), match[4]
            assert frozenset((high, low)) in paired
            assert frozenset((high, first)) not in paired
            a, b = state.players[high], state.players[first]
            if "met before" in why:
                assert any(g.played and g.opponent == first for g in a.games)
            elif "prefer" in why or "must have" in why:
                assert a.colour_preference is b.colour_preference
