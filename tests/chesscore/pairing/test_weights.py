"""Edge weights: the shortcut for pairs outside the bracket equals the full computation."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import dutch
from chesscore.pairing import pair_round
from chesscore.pairing import weights
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record

configs = st.builds(
    GeneratorConfig,
    players=st.integers(min_value=3, max_value=24),
    rounds=st.integers(min_value=2, max_value=7),
    draw_percentage=st.integers(min_value=0, max_value=50),
    forfeit_rate=st.sampled_from([0, 10]),
    half_point_bye_rate=st.sampled_from([0, 8]),
)


@settings(max_examples=40, deadline=None)
@given(
    config=configs,
    seed=st.integers(0, 2**31),
    cut=st.integers(0, 6),
    soft=st.booleans(),
)
def test_the_weight_outside_the_bracket_is_the_full_weight(config, seed, cut, soft) -> None:
    record = generate_record(config, seed)
    played = min(cut, record.rounds_played - 1)
    record = replace(
        record, players=tuple(replace(p, rounds=p.rounds[:played]) for p in record.players)
    )
    contexts = []
    original = dutch.pair_brackets

    def capture(edge_weights, *args, **kwargs):
        contexts.append(edge_weights.ctx)
        return original(edge_weights, *args, **kwargs)

    options = PairingOptions(soft_criterion=(lambda a, b: a % 3) if soft else None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dutch, "pair_brackets", capture)
        # These are the weights of the full path: a first round must not skip it.
        patch.setattr(dutch, "DIRECT_PATHS", False)
        try:
            pair_round(record, options=options)
        except NoLegalPairing:
            return
    (ctx,) = contexts
    players = [ctx.state.players[r] for r in ctx.state.to_pair]
    scores = sorted({ctx.scores[p.rank] for p in players})
    for higher, lower in combinations(players, 2):
        for bye_score in (0, *scores):
            edge_weights = weights.EdgeWeights(ctx, bye_score)
            args = (higher, lower, False, False)
            expected = (
                edge_weights._full_weight(*args)
                if weights.is_compatible(ctx.state, higher, lower, ctx.forbidden)
                else 0
            )
            assert edge_weights.weight(*args) == expected
