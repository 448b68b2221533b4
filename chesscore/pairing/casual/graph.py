"""The casual rules as lexicographic integer edge weights over one maximum-weight matching.

Every pair of players is an edge (nothing is ever forbidden outright), and an odd field gets
a neutral vertex whose partner receives the pairing bye.  A perfect matching always has the
same number of edges, so summing per-edge criteria packed in disjoint bit fields (each wide
enough for its sum over the whole round) compares matchings criterion by criterion, most
important first:

1. no rematch;
2. no family/club conflict;
3. the bye receiver: not excluded, fewest full byes, lower score, lower rating, higher rank;
4. score groups top down: for every group ``g``, the number of pairs made among the groups
   ``0..g`` (the top group's count most significant), i.e. the fewest floaters out of each
   group, taken from the top;
5. the shortest floats (sum of the squared group distances);
6. the lowest-ranked players of a group float;
7. colours: no third colour in a row nor a difference beyond two, then due colours met;
8. natural order: top half against bottom half in a group, a floater against the top of
   the group below.

Complexity: O(n^2) weights and one O(n^3) matching.
"""

from __future__ import annotations

from itertools import accumulate

from chesscore.record.model import Colour

from ..matching import WeightMatrix
from ..matching import maximum_weight_matching
from .field import Entrant
from .field import Field
from .field import colour_cost

__all__ = ["bye_order", "pair_field"]

_TIERS = 9
DENSE_LIMIT = 80
"""Fields up to this size are always paired over every pair of players."""
WINDOW = 12
"""Candidate edges of larger fields: see :func:`pair_field`."""


def bye_order(entrants: tuple[Entrant, ...]) -> list[int]:
    """Indices of the candidates for the pairing bye, best first: not excluded, fewest full
    byes, lower score, lower rating, then the higher pairing number."""

    def key(index: int) -> tuple[bool, int, int, int, int]:
        e = entrants[index]
        return (e.bye_excluded, e.full_byes, e.score, e.rating, -e.order)

    return sorted(range(len(entrants)), key=key)


class _Weights:
    """Packs the criteria of an edge into one integer (bit layout in the module docstring)."""

    def __init__(self, field: Field) -> None:
        entrants = field.entrants
        n = len(entrants)
        self.field = field
        self.n = n
        groups = len(field.group_sizes)
        edges = (n + 1) // 2
        # Tier 4: one counter per score group, the top group in the highest bits; the
        # counter of group g can reach half the players of groups 0..g.
        cumulative = list(accumulate(field.group_sizes))
        shifts = [0] * groups
        offset = 0
        for g in range(groups - 1, -1, -1):
            shifts[g] = offset
            offset += (cumulative[g] // 2).bit_length()
        self.from_group = [0] * (groups + 1)
        for g in range(groups - 1, -1, -1):
            self.from_group[g] = self.from_group[g + 1] + (1 << shifts[g])
        self.far = (groups - 1) ** 2
        self.largest = max(field.group_sizes)
        maxima = [1, 1, n, 0, self.far, self.largest + 1, 2, 2, 2 * n]
        widths = [(m * edges).bit_length() for m in maxima]
        widths[3] = offset
        self.offsets = [0] * _TIERS
        position = 0
        for t in range(_TIERS - 1, -1, -1):
            self.offsets[t] = position
            position += widths[t]
        self.colour_costs = [
            (colour_cost(e, Colour.WHITE), colour_cost(e, Colour.BLACK)) for e in entrants
        ]

    def pair(self, i: int, j: int) -> int:
        """Weight of the edge between entrants ``i`` < ``j`` (``i`` ranked higher)."""
        field = self.field
        top, low = field.entrants[i], field.entrants[j]
        offsets = self.offsets
        key = (top.rank, low.rank) if top.rank < low.rank else (low.rank, top.rank)
        distance = low.group - top.group
        (top_white, top_black), (low_white, low_black) = (
            self.colour_costs[i],
            self.colour_costs[j],
        )
        hard, soft = min(
            (top_white[0] + low_black[0], top_white[1] + low_black[1]),
            (top_black[0] + low_white[0], top_black[1] + low_white[1]),
        )
        if distance:
            natural = 2 * self.n - low.place
            floater = top.place + 1
        else:
            half = field.group_sizes[top.group] // 2
            natural = 2 * self.n - abs(low.place - top.place - half)
            floater = self.largest + 1
        return (
            ((key not in field.meetings) << offsets[0])
            | ((key not in field.conflicts) << offsets[1])
            | (self.from_group[low.group] << offsets[3])
            | ((self.far - distance * distance) << offsets[4])
            | (floater << offsets[5])
            | ((2 - hard) << offsets[6])
            | ((2 - soft) << offsets[7])
            | (natural << offsets[8])
        )

    def bye(self, place: int) -> int:
        """Weight of the bye edge of the candidate at ``place`` in :func:`bye_order`."""
        offsets = self.offsets
        return (
            (1 << offsets[0])
            | (1 << offsets[1])
            | ((self.n - place) << offsets[2])
            | ((self.largest + 1) << offsets[5])
        )


def _near(field: Field, i: int, j: int) -> bool:
    """Candidate edge of a large field: near the natural partner or each other."""
    top, low = field.entrants[i], field.entrants[j]
    if top.group != low.group:
        return j - i <= 2 * WINDOW
    gap = low.place - top.place
    half = field.group_sizes[top.group] // 2
    return gap <= WINDOW or abs(gap - half) <= WINDOW


def _solve(
    weights: _Weights, order: list[int], sparse: bool
) -> tuple[list[tuple[int, int]], int | None]:
    field = weights.field
    n = weights.n
    odd = n % 2 == 1
    graph = WeightMatrix(n + 1 if odd else n)
    for j in range(n):
        for i in range(j):
            if not sparse or _near(field, i, j):
                graph.set(i, j, weights.pair(i, j))
    if odd:
        for place, v in enumerate(order):
            graph.set(n, v, weights.bye(place))
    mate = maximum_weight_matching(graph)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for v in range(n):
        m = mate[v]
        if m in (n, v):
            if bye is not None:
                raise _Incomplete
            bye = v
        elif v < m:
            pairs.append((v, m))
    return pairs, bye


class _Incomplete(Exception):
    """The candidate edges of a large field admit no complete pairing."""


def pair_field(field: Field) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs (indices into ``field.entrants``, top player first) and the bye index.

    Fields above :data:`DENSE_LIMIT` players are first paired over candidate edges (players
    within :data:`WINDOW` places of each other or of their natural partner in a score
    group, or within twice that across groups); all pairs are used when that pairing is
    incomplete, has a rematch or a family/club pair, skips a whole score group, or gives
    the bye to anyone but the first candidate.
    """
    n = len(field.entrants)
    if n == 0:
        return [], None
    weights = _Weights(field)
    order = bye_order(field.entrants)
    if n > DENSE_LIMIT:
        try:
            pairs, bye = _solve(weights, order, sparse=True)
        except _Incomplete:
            pass
        else:
            if _clean(field, pairs, bye, order):
                return pairs, bye
    return _solve(weights, order, sparse=False)


def _clean(field: Field, pairs: list[tuple[int, int]], bye: int | None, order: list[int]) -> bool:
    """True when no better pairing can hide behind the edges a sparse solve left out."""
    if bye is not None and bye != order[0]:
        return False
    entrants = field.entrants
    for i, j in pairs:
        a, b = entrants[i], entrants[j]
        key = (min(a.rank, b.rank), max(a.rank, b.rank))
        if key in field.meetings or key in field.conflicts or b.group - a.group > 1:
            return False
    return True
