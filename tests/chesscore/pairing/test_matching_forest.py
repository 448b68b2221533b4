"""Larger matchings, where forest stages keep their trees and repair stale edges lazily.

Graphs of a few dozen vertices with many equal weights give many exposed vertices, tight
edges and blossoms per solve; the optimum is checked against networkx (maximum
cardinality first, then weight), through warm starts after rows changed.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from chesscore.pairing.matching import WeightMatrix
from chesscore.pairing.matching import maximum_weight_matching


def _reference(graph: WeightMatrix) -> tuple[int, int]:
    """Pairs and total weight of a maximum-cardinality, maximum-weight matching."""
    g = nx.Graph()
    g.add_nodes_from(range(graph.size))
    for a, b in itertools.combinations(range(graph.size), 2):
        w = graph.weights[a][b]
        if w is not None:
            g.add_edge(a, b, weight=w)
    matching = nx.max_weight_matching(g, maxcardinality=True)
    total = 0
    for a, b in matching:
        w = graph.weights[a][b]
        assert w is not None
        total += w
    return len(matching), total


def _pairs_and_weight(graph: WeightMatrix, mate: list[int]) -> tuple[int, int]:
    pairs = 0
    total = 0
    for v, u in enumerate(mate):
        if v < u:
            w = graph.weights[v][u]
            assert w is not None
            pairs += 1
            total += w
    return pairs, total


@pytest.mark.parametrize(
    ("seed", "density", "spread"),
    # Dense with four weights (large tight components), and sparse with eight weights
    # over a wider range (many trees, least-slack edges left stale by augmentations).
    [(500 + k, 0.85, 6) for k in range(6)] + [(600 + k, 0.3, 50) for k in range(6)],
)
def test_large_graphs_match_networkx_through_warm_starts(
    seed: int, density: float, spread: int
) -> None:
    rng = random.Random(seed)
    size = rng.choice([24, 32, 40] if density > 0.5 else [40, 50])
    graph = WeightMatrix(size)
    levels = [rng.randint(1, spread) * 8 for _ in range(4 if density > 0.5 else 8)]
    for a, b in itertools.combinations(range(size), 2):
        if rng.random() < density:
            graph.set(a, b, rng.choice(levels))
    for _ in range(8):
        mate = maximum_weight_matching(graph)
        pairs, total = _pairs_and_weight(graph, mate)
        reference_pairs, reference_total = _reference(graph)
        if reference_pairs * 2 == size:
            assert (pairs, total) == (reference_pairs, reference_total)
        else:
            assert pairs < size // 2
        # Change a third to a half of the rows: mostly shifted evenly, some redrawn.
        for v in rng.sample(range(size), size // 3 if density > 0.5 else size // 2):
            shift = rng.choice([0, 8, -8])
            for u in range(size):
                w = graph.weights[v][u]
                if u == v:
                    continue
                if w is not None and rng.random() < 0.8:
                    graph.set(v, u, max(1, w + shift))
                elif rng.random() < 0.3:
                    graph.set(v, u, rng.choice([None, *levels]))
