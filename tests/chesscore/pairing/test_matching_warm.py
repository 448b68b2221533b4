"""Warm starts of the matching: rows changed between solves still give an optimum."""

from __future__ import annotations

import itertools
import random

import pytest

from chesscore.pairing.matching import WeightMatrix
from chesscore.pairing.matching import maximum_weight_matching
from tests.chesscore.pairing.matching_helpers import best_perfect
from tests.chesscore.pairing.matching_helpers import matching_weight


def _complete(size: int, rng: random.Random, top: int) -> WeightMatrix:
    graph = WeightMatrix(size)
    for a, b in itertools.combinations(range(size), 2):
        graph.set(a, b, rng.randint(1, top))
    return graph


def test_row_raised_evenly_keeps_the_matching() -> None:
    # Raising every edge of one vertex by the same amount changes no perfect matching's
    # rank: the pair keeps its edge (new duals make it tight again).
    graph = _complete(6, random.Random(1), 40)
    before = maximum_weight_matching(graph)
    for u in range(1, 6):
        weight = graph.weights[0][u]
        assert weight is not None
        graph.set(0, u, weight + 25)
    assert maximum_weight_matching(graph) == before


def test_row_lowered_evenly_keeps_the_matching() -> None:
    graph = _complete(8, random.Random(2), 60)
    before = maximum_weight_matching(graph)
    for u in range(8):
        if u != 3:
            weight = graph.weights[3][u]
            assert weight is not None
            graph.set(3, u, weight + 30)
    assert maximum_weight_matching(graph) == before
    for u in range(8):
        if u != 3:
            weight = graph.weights[3][u]
            assert weight is not None
            graph.set(3, u, weight - 30)
    assert maximum_weight_matching(graph) == before


def test_pair_that_loses_its_edge_is_rematched() -> None:
    graph = WeightMatrix(4)
    graph.set(0, 1, 10)
    graph.set(2, 3, 10)
    graph.set(0, 2, 8)
    graph.set(1, 3, 8)
    assert maximum_weight_matching(graph) == [1, 0, 3, 2]
    graph.set(0, 1, 1)
    assert maximum_weight_matching(graph) == [2, 3, 0, 1]


@pytest.mark.parametrize("seed", range(8))
def test_even_shifts_and_random_changes_keep_the_optimum(seed: int) -> None:
    # Mixes the two kinds of change the bracket procedure makes: a row shifted evenly
    # (some pairs keep their edge under new duals) and rows changed at random.
    rng = random.Random(100 + seed)
    for _ in range(15):
        size = rng.choice([4, 6, 8, 10])
        graph = WeightMatrix(size)
        for a, b in itertools.combinations(range(size), 2):
            if rng.random() < 0.8:
                graph.set(a, b, rng.randint(0, 40))
        for _ in range(6):
            mate = maximum_weight_matching(graph)
            best = best_perfect(size, graph.weights)
            assert all(m != v for v, m in enumerate(mate)) == (best is not None)
            if best is not None:
                assert matching_weight(graph, mate) == best
            for v in rng.sample(range(size), rng.randint(1, 3)):
                shift = rng.randint(-10, 10)
                for u in range(size):
                    weight = graph.weights[v][u]
                    if u == v or weight is None:
                        continue
                    if rng.random() < 0.85:
                        graph.set(v, u, max(0, weight + shift))
                    else:
                        graph.set(v, u, rng.choice([None, rng.randint(0, 40)]))
