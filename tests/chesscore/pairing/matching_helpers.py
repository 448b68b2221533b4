"""Shared by the matching tests: brute force over perfect matchings, a matching's weight."""

from __future__ import annotations

from chesscore.pairing.matching import WeightMatrix


def best_perfect(size: int, weights: list[list[int | None]]) -> int | None:
    """Brute force over all perfect matchings (small graphs only)."""
    best: int | None = None

    def extend(free: list[int], total: int) -> None:
        nonlocal best
        if not free:
            best = total if best is None else max(best, total)
            return
        v = free[0]
        for k in range(1, len(free)):
            u = free[k]
            w = weights[v][u]
            if w is not None:
                extend(free[1:k] + free[k + 1 :], total + w)

    extend(list(range(size)), 0)
    return best


def matching_weight(graph: WeightMatrix, mate: list[int]) -> int:
    total = 0
    for v, u in enumerate(mate):
        if v < u:
            w = graph.weights[v][u]
            assert w is not None
            total += w
    return total
