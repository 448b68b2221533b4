"""Maximum-weight perfect matching on a dense graph, with warm starts.

The Dutch engine (C.04.3) turns every pairing criterion into an integer edge weight and asks
for a matching of maximum weight.  The whole solver sits behind :func:`maximum_weight_matching`
so it can be replaced without touching the rules.

The algorithm is Edmonds' primal-dual blossom method for weighted matchings, as described by
Galil ("Efficient algorithms for finding maximum matching in graphs", 1986), in its
"perfect matching" form: the graph given always has an even number of vertices (the Dutch
engine adds a neutral vertex for the pairing-allocated bye) and every stage grows alternating
trees from the exposed vertices; trees joined by an augmentation are freed and the others
keep growing (see ``ALGORITHM.md``, section 4).

Warm start: the engine changes a few rows of the weight matrix between solves.  Instead of
starting over, the previous solution is reused: blossoms are dissolved into their vertices'
duals, every matched edge that is no longer tight is unmatched, every modified vertex is
unmatched and its dual raised until its edges are feasible again.  Only the exposed vertices
then need augmenting paths, so a solve after k modified rows costs about O(k n^2) instead of
O(n^3).

Duals use the "doubled" convention: the slack of edge (i, j) is ``d[i] + d[j] - 2 w(i, j)``;
all vertex duals keep the same parity so that halving the slack of an edge between two outer
vertices stays exact.

Complexity: O(n^3) for a cold solve, O(k n^2) for a warm one.

Example::

    >>> graph = WeightMatrix(4)
    >>> graph.set(0, 1, 5); graph.set(2, 3, 5); graph.set(0, 2, 1); graph.set(1, 3, 1)
    >>> maximum_weight_matching(graph)
    [1, 0, 3, 2]
"""

from __future__ import annotations

from itertools import compress
from itertools import repeat
from operator import is_not

from .warm import WarmBlossomSolver

__all__ = ["WeightMatrix", "maximum_weight_matching"]

Edge = tuple[int, int]


class WeightMatrix:
    """A symmetric matrix of non-negative edge weights; ``None`` means "no edge".

    Rows touched by :meth:`set` are remembered, so that the next solve can warm start.
    """

    __slots__ = ("_adjacency", "_modified", "_state", "size", "weights")

    def __init__(self, size: int) -> None:
        self.size = size
        self.weights: list[list[int | None]] = [[None] * size for _ in range(size)]
        self._modified: set[int] = set()
        self._state: WarmBlossomSolver | None = None
        self._adjacency: list[list[int] | None] = [None] * size

    def set(self, vertex: int, neighbour: int, weight: int | None) -> None:
        """Set the weight of edge (vertex, neighbour); the row of ``vertex`` is marked dirty."""
        row = self.weights[vertex]
        if (row[neighbour] is None) != (weight is None):
            self._adjacency[vertex] = None
            self._adjacency[neighbour] = None
        row[neighbour] = weight
        self.weights[neighbour][vertex] = weight
        self._modified.add(vertex)

    def neighbours(self, vertex: int) -> list[int]:
        """Vertices joined to ``vertex`` by an edge, in increasing order (cached)."""
        cached = self._adjacency[vertex]
        if cached is None:
            row = self.weights[vertex]
            cached = list(compress(range(self.size), map(is_not, row, repeat(None))))
            if row[vertex] is not None:
                cached.remove(vertex)
            self._adjacency[vertex] = cached
        return cached

    def remove_edges(self, vertex: int, keep: int) -> None:
        """Remove every edge of ``vertex`` but the one to ``keep``; its row is marked dirty."""
        row = self.weights[vertex]
        weights = self.weights
        adjacency = self._adjacency
        for u in self.neighbours(vertex):
            if u != keep:
                row[u] = None
                weights[u][vertex] = None
                adjacency[u] = None
        adjacency[vertex] = None
        self._modified.add(vertex)


def maximum_weight_matching(graph: WeightMatrix) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the vertex matched to ``v`` (``v`` itself if exposed).

    Among the perfect matchings of ``graph`` the one returned has maximum total weight.  When
    the graph has no perfect matching, the returned matching is not perfect (some vertices
    are their own mate); callers treat that as "no legal pairing".
    """
    solver = graph._state
    if solver is None:
        solver = WarmBlossomSolver(graph.weights, graph.neighbours)
        graph._state = solver
    else:
        solver.warm_start(sorted(graph._modified))
    graph._modified.clear()
    solver.solve()
    return [v if m < 0 else m for v, m in enumerate(solver.mate)]
