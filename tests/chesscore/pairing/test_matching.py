"""The weighted matching behind the Dutch engine: optimum, perfection and warm starts."""

from __future__ import annotations

import itertools
import random

import pytest

from chesscore.pairing.matching import WeightMatrix
from chesscore.pairing.matching import maximum_weight_matching
from tests.chesscore.pairing.matching_helpers import best_perfect
from tests.chesscore.pairing.matching_helpers import matching_weight


def test_square_prefers_the_heavy_pairs() -> None:
    graph = WeightMatrix(4)
    graph.set(0, 1, 5)
    graph.set(2, 3, 5)
    graph.set(0, 2, 1)
    graph.set(1, 3, 1)
    assert maximum_weight_matching(graph) == [1, 0, 3, 2]


def test_graph_without_perfect_matching_leaves_vertices_exposed() -> None:
    graph = WeightMatrix(4)
    graph.set(0, 1, 3)
    graph.set(0, 2, 3)
    graph.set(0, 3, 3)
    mate = maximum_weight_matching(graph)
    assert sum(1 for v, m in enumerate(mate) if v == m) == 2


def test_odd_cycle_needs_a_blossom() -> None:
    # A triangle 0-1-2 with a pendant 3 on 2 and 4-5: the optimum uses the pendant.
    graph = WeightMatrix(6)
    for a, b, w in ((0, 1, 10), (1, 2, 10), (0, 2, 10), (2, 3, 1), (3, 4, 8), (4, 5, 1)):
        graph.set(a, b, w)
    mate = maximum_weight_matching(graph)
    assert all(m != v for v, m in enumerate(mate))
    assert matching_weight(graph, mate) == best_perfect(6, graph.weights)


@pytest.mark.parametrize("seed", range(6))
def test_random_graphs_match_brute_force_through_warm_starts(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        size = rng.choice([2, 4, 6, 8])
        graph = WeightMatrix(size)
        density = rng.random()
        for a, b in itertools.combinations(range(size), 2):
            if rng.random() < density:
                graph.set(a, b, rng.randint(0, 30))
        for _ in range(5):
            mate = maximum_weight_matching(graph)
            best = best_perfect(size, graph.weights)
            perfect = all(m != v for v, m in enumerate(mate))
            assert perfect == (best is not None)
            if best is not None:
                assert matching_weight(graph, mate) == best
            v = rng.randrange(size)
            for u in range(size):
                if u != v and rng.random() < 0.5:
                    graph.set(v, u, rng.choice([None, rng.randint(0, 30)]))
