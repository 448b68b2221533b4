"""The bracket procedure of the Dutch system (C.04.3 B-D) over one weighted matching.

Vertices are indices into the players sorted by score and pairing number; a matching over
all of them is kept up to date while the brackets are processed from the top.  Each
decision of a bracket is taken by raising a few edge weights by small amounts (in bits that
:meth:`.weights.EdgeWeights.weight` leaves empty) and matching again: the new optimum tells
whether the preferred choice is compatible with every more important criterion.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace

from .matching import WeightMatrix
from .matching import maximum_weight_matching
from .state import PlayerState
from .weights import EdgeWeights

__all__ = ["BracketNote", "RoundGraph", "pair_brackets"]


@dataclass(frozen=True, slots=True)
class BracketNote:
    """What happened in one bracket, for explanations (starting ranks throughout)."""

    score: int
    """Score (tenths, with acceleration) of the resident players."""
    residents: tuple[int, ...]
    moved_down: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    floated_down: tuple[int, ...]
    exchanges: int


class RoundGraph:
    """The weight matrix of one round; an odd round gets a neutral vertex for the bye."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.odd = players % 2 == 1
        self.graph = WeightMatrix(players + 1 if self.odd else players)
        if self.odd:
            for v in range(players):
                self.graph.set(players, v, 0)

    def put(self, v: int, u: int, weight: int) -> None:
        """Set a weight; 0 means the two players may not meet."""
        self.graph.set(v, u, weight if weight else None)

    def solve(self) -> list[int]:
        """Current optimum: mate of each player, the player itself for the bye/unpaired."""
        mate = maximum_weight_matching(self.graph)
        n = self.players
        if self.odd:
            partner = mate[n]
            if partner != n:
                mate[partner] = partner
            del mate[n]
        return mate

    def fix_pair(self, v: int, u: int) -> None:
        """Keep v and u together from now on: every other edge of theirs is removed.

        Their own edge keeps its weight, so the current optimum stays optimal.
        """
        self.graph.remove_edges(v, u)
        self.graph.remove_edges(u, v)


def pair_brackets(
    weights: EdgeWeights, players: list[PlayerState], graph: RoundGraph, carried: int = 0
) -> tuple[dict[int, int], list[BracketNote]]:
    """Process the brackets from the top; return partner by vertex and bracket notes.

    The first ``carried`` players were moved down into the first bracket from brackets
    already paired (players of a higher score); the others start with the top score group.
    """
    procedure = _Procedure(weights, players, graph)
    procedure.run(carried)
    return procedure.partner, procedure.notes


class _Procedure:
    """State carried from bracket to bracket (C.04.3 B: brackets from the top down)."""

    def __init__(self, weights: EdgeWeights, players: list[PlayerState], graph: RoundGraph) -> None:
        # The bye's terms change from bracket to bracket (see `_next_bracket`).
        self.weights = weights
        self.ctx = weights.ctx
        self.players = players
        self.graph = graph
        self.score = [self.ctx.scores[p.rank] for p in players]
        self.partner: dict[int, int] = {}
        self.notes: list[BracketNote] = []
        self.matched = [False] * len(players)
        self.stable: list[int] = []
        # The bracket: ``vx`` holds the vertices of the moved-down players (the first
        # ``moved``), then the residents (up to ``group_end``), then the next score group,
        # whose players take part so that the bracket can prefer what suits them (C7, C8).
        self.vx: list[int] = []
        self.moved = 0
        self.group_end = 0
        self.group_begin_vertex = 0
        self.group_end_vertex = 0
        self.base: list[list[int]] = []
        self.remainder: list[int] = []
        self.pairs = 0

    def run(self, carried: int = 0) -> None:
        n = len(self.players)
        score = self.score
        self.vx = list(range(carried))
        self.moved = carried
        self.group_begin_vertex = carried
        position = carried
        while position < n and score[position] >= score[carried]:
            self.vx.append(position)
            position += 1
        while len(self.vx) > 1 or position < n:
            self.group_end = len(self.vx)
            self.group_end_vertex = self.group_begin_vertex + (self.group_end - self.moved)
            next_group = position
            while position < n and score[position] >= score[next_group]:
                self.vx.append(self.vx[-1] + 1 if self.vx else position)
                position += 1
            self.base = self._base_weights()
            for larger in range(self.moved, len(self.vx)):
                row = self.base[larger]
                for smaller in range(larger):
                    self.graph.put(self.vx[larger], self.vx[smaller], row[smaller])
            self.stable = self.graph.solve()
            self._choose_moved_down()
            self._pair_moved_down()
            exchanges = self._choose_exchanges()
            self._pair_remainder()
            self._next_bracket(next_group, exchanges)

    # -- helpers -------------------------------------------------------------------------

    def _base_weights(self) -> list[list[int]]:
        """Weights of every pair involving the bracket, indexed [larger][smaller]."""
        players = self.players
        vx = self.vx
        weight = self.weights.weight
        rows: list[list[int]] = []
        for larger in range(len(vx)):
            if larger < self.moved:
                rows.append([])
                continue
            lower = players[vx[larger]]
            current = larger < self.group_end
            rows.append(
                [
                    weight(players[vx[smaller]], lower, current, not current)
                    for smaller in range(larger)
                ]
            )
        return rows

    def _in_group(self, vertex: int) -> bool:
        return self.group_begin_vertex <= vertex < self.group_end_vertex

    def _solve(self) -> None:
        self.stable = self.graph.solve()

    def _exchange_weight(self, smaller: int, larger: int, smaller_index: int) -> int:
        """D.2: fewest exchanges, then the smallest ones; one spare bit to test players."""
        result = self.base[larger][smaller]
        if result:
            kept = 1 if smaller_index < self.pairs else 0
            result += ((kept << (2 * self.ctx.group_bits)) - smaller_index) << 1
        return result

    # -- the steps of one bracket ----------------------------------------------------------

    def _choose_moved_down(self) -> None:
        """B.2/C6: pair as many moved-down players as possible, the highest first."""
        vx = self.vx
        score = self.score
        level = 0
        remaining = 0
        remaining_matched = 0
        for i in range(self.moved):
            if i == 0 or score[vx[i]] < level:
                level = score[vx[i]]
                remaining = 0
                remaining_matched = 0
                k = i
                while k < len(vx) and score[vx[k]] >= level:
                    remaining += 1
                    if self._in_group(self.stable[vx[k]]):
                        remaining_matched += 1
                    k += 1
            if not remaining_matched:
                continue
            v = vx[i]
            if remaining <= remaining_matched:
                self.matched[v] = True
                continue
            remaining -= 1
            if not self._in_group(self.stable[v]):
                for j in range(self.moved, self.group_end):
                    w = self.base[j][i]
                    if w:
                        self.graph.put(v, vx[j], w | 1)
                self._solve()
            if self._in_group(self.stable[v]):
                self.matched[v] = True
                remaining_matched -= 1
                for j in range(self.moved, self.group_end):
                    w = self.base[j][i]
                    if w:
                        self.graph.put(v, vx[j], (w | (self.group_end - self.moved)) + 1)

    def _pair_moved_down(self) -> None:
        """B.3: each paired moved-down player meets the highest resident possible."""
        vx = self.vx
        for i in range(self.moved):
            v = vx[i]
            if not self.matched[v]:
                continue
            addend = len(vx)
            for j in range(self.group_end - 1, self.moved - 1, -1):
                u = vx[j]
                if self.matched[u]:
                    continue
                w = self.base[j][i]
                if w:
                    self.graph.put(v, u, w + addend)
                    addend += 1
            self._fix_partner(v)

    def _choose_exchanges(self) -> int:
        """B.4/D.2: split the remainder into S1 and S2 with the fewest, smallest exchanges."""
        vx = self.vx
        end_vertex = self.group_end_vertex
        remainder: list[int] = []
        pairs = 0
        for j in range(self.moved, self.group_end):
            v = vx[j]
            if self.stable[v] < self.group_begin_vertex:
                continue
            remainder.append(j)
            if self.stable[v] < v:
                pairs += 1
        self.remainder = remainder
        self.pairs = pairs
        for qi, q in enumerate(remainder):
            for pi in range(qi):
                p = remainder[pi]
                self.graph.put(vx[p], vx[q], self._exchange_weight(p, q, pi))
        self._solve()

        exchanges = 0
        if pairs < len(remainder):
            limit = remainder[pairs]
            for p in remainder:
                if p >= limit:
                    break
                v = vx[p]
                exchanges += self.stable[v] <= v or self.stable[v] >= end_vertex

        # S1 players to give away: the lowest possible.
        left = exchanges
        pos = pairs
        while pos > 0 and left:
            pos -= 1
            p = remainder[pos]
            v = vx[p]
            if v < self.stable[v] < end_vertex:
                for q in remainder[pos + 1 :]:
                    w = self._exchange_weight(p, q, pos)
                    if w:
                        self.graph.put(v, vx[q], w - 1)
                self._solve()
            exchange = self.stable[v] <= v or self.stable[v] >= end_vertex
            left -= exchange
            for q in remainder[pos + 1 :]:
                if exchange:
                    self.base[q][p] = 0
                self.graph.put(v, vx[q], self._exchange_weight(p, q, pos))

        # S2 players to bring in: the highest possible.
        left = exchanges
        pos = pairs
        while pos < len(remainder) and left > 1:
            p = remainder[pos]
            v = vx[p]
            already = v < self.stable[v] < end_vertex
            if not already:
                for q in remainder[pos + 1 :]:
                    w = self._exchange_weight(p, q, pos)
                    if w:
                        self.graph.put(v, vx[q], w + 1)
                self._solve()
            if v < self.stable[v] < end_vertex:
                left -= 1
                for q in remainder[:pos]:
                    self.base[p][q] = 0
                    self.graph.put(v, vx[q], 0)
                for j in range(self.group_end, len(vx)):
                    self.base[j][p] = 0
                    self.graph.put(v, vx[j], 0)
            if not already:
                for q in remainder[pos + 1 :]:
                    self.graph.put(v, vx[q], self._exchange_weight(p, q, pos))
            pos += 1

        # Fix the split into S1 and S2 and drop the exchange bits.
        stable = self.stable
        for pi, p in enumerate(remainder):
            v = vx[p]
            for q in remainder[pi + 1 :]:
                u = vx[q]
                if stable[v] <= v or stable[v] >= end_vertex or u < stable[u] < end_vertex:
                    self.base[q][p] = 0
                self.graph.put(v, u, self.base[q][p])
        return exchanges

    def _pair_remainder(self) -> None:
        """D.1: each S1 player, in order, meets the highest S2 player possible."""
        vx = self.vx
        for p in self.remainder:
            v = vx[p]
            if not (v < self.stable[v] < self.group_end_vertex):
                continue
            addend = 0
            for q in reversed(self.remainder):
                u = vx[q]
                if q <= p or self.matched[u]:
                    continue
                w = self.base[q][p]
                if w:
                    self.graph.put(v, u, w + addend)
                addend += 1
            self._fix_partner(v)

    def _fix_partner(self, v: int) -> None:
        """Match again, then fix ``v`` with the partner it gets; both count as matched."""
        self._solve()
        m = self.stable[v]
        self.matched[v] = True
        self.matched[m] = True
        self.graph.fix_pair(v, m)

    def _next_bracket(self, next_group: int, exchanges: int) -> None:
        """Record the bracket and carry its unpaired players down (B.2 downfloaters)."""
        players = self.players
        score = self.score
        vx = self.vx
        n = len(players)
        single = self.graph.odd and next_group < n and self.weights.bye_score >= score[next_group]
        kept: list[int] = []
        moved = 0
        pairs: list[tuple[int, int]] = []
        floated: list[int] = []
        for i, v in enumerate(vx):
            if i < self.group_end and self.matched[v]:
                m = self.stable[v]
                self.partner[v] = m
                self.partner[m] = v
                if v < m:
                    pairs.append((players[v].rank, players[m].rank))
            else:
                kept.append(v)
                if i < self.group_end:
                    moved += 1
                    floated.append(players[v].rank)
                if single and score[self.stable[v]] < score[next_group]:
                    single = False
        self.notes.append(
            BracketNote(
                score=score[vx[self.moved]] if self.moved < self.group_end else -1,
                residents=tuple(players[v].rank for v in vx[self.moved : self.group_end]),
                moved_down=tuple(players[v].rank for v in vx[: self.moved]),
                pairs=tuple(pairs),
                floated_down=tuple(floated),
                exchanges=exchanges,
            )
        )
        self.weights = replace(self.weights, single_downfloater_is_bye=single)
        self.vx = kept
        self.moved = moved
        self.group_begin_vertex = self.group_end_vertex
