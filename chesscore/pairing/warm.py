"""Warm starts for the blossom solver: reuse the last optimum after some rows changed.

See :mod:`.matching` for why: the Dutch engine solves about two matchings per player,
each after changing a few rows of the weight matrix.
"""

from __future__ import annotations

from .blossom import BlossomSolver

__all__ = ["WarmBlossomSolver"]


class WarmBlossomSolver(BlossomSolver):
    """A :class:`.blossom.BlossomSolver` that can resume from its previous optimum."""

    def warm_start(self, modified: list[int]) -> None:
        """Turn the previous optimum into a valid starting point after rows changed.

        Every blossom around a modified vertex is opened, outermost first: its dual goes
        into the duals of its vertices, so edges inside keep their slack and edges leaving
        gain slack (still feasible), and its sub-blossoms become top-level blossoms with
        their matching intact.  Only the base's matched edge loses tightness, so it is
        unmatched.  A modified vertex outside blossoms keeps its mate when new duals for
        the pair keep their edge tight (see :meth:`_keep`); other modified vertices are
        unmatched and their duals raised until their edges are feasible.  Exposed vertices
        then get even duals, which keeps the slack of every edge between two outer
        vertices even (exact halving).
        """
        n = self.n
        dual = self.dual
        mate = self.mate
        w = self.w
        for v in modified:
            if self.inblossom[v] == v:
                kept, lowest = self._keep(v)
                if kept:
                    continue
                m = mate[v]
                if m >= 0:
                    mate[v] = mate[m] = -1
                if lowest is not None and lowest > dual[v]:
                    dual[v] = lowest
                continue
            while self.inblossom[v] != v:
                self._open_top_blossom(self.inblossom[v])
            m = mate[v]
            if m >= 0:
                mate[v] = mate[m] = -1
            row = w[v]
            need = dual[v]
            for u in self.neighbours(v):
                weight = row[u]
                assert weight is not None
                bound = 2 * weight - dual[u]
                if bound > need:
                    need = bound
            dual[v] = need
        for v in range(n):
            if mate[v] < 0 and dual[v] & 1:
                # Raising the dual of a blossom's base would loosen the blossom's own
                # edges: open the blossoms around it first (its matched edge is gone).
                while self.inblossom[v] != v:
                    self._open_top_blossom(self.inblossom[v])
                if dual[v] & 1:
                    dual[v] += 1
        self._short_augmentations()

    def _short_augmentations(self) -> None:
        """Augment along tight paths of one or three edges between exposed vertices.

        Matching tight edges keeps every optimality condition, and such short paths are
        plentiful where many edges have equal weights; each one saves a tree search.
        Only vertices outside blossoms take part.
        """
        n = self.n
        mate = self.mate
        dual = self.dual
        w = self.w
        inblossom = self.inblossom
        neighbours = self.neighbours
        for v in range(n):
            if mate[v] >= 0 or inblossom[v] != v:
                continue
            row = w[v]
            dv = dual[v]
            tight: list[int] = []
            for u in neighbours(v):
                if inblossom[u] != u:
                    continue
                weight = row[u]
                assert weight is not None
                if dv + dual[u] == 2 * weight:
                    if mate[u] < 0:
                        mate[v] = u
                        mate[u] = v
                        break
                    tight.append(u)
            else:
                for x in tight:
                    y = mate[x]
                    if inblossom[y] != y:
                        continue
                    y_row = w[y]
                    dy = dual[y]
                    found = -1
                    for u in neighbours(y):
                        if u != v and mate[u] < 0 and inblossom[u] == u:
                            weight = y_row[u]
                            assert weight is not None
                            if dy + dual[u] == 2 * weight:
                                found = u
                                break
                    if found >= 0:
                        mate[v] = x
                        mate[x] = v
                        mate[y] = found
                        mate[found] = y
                        break

    def _keep(self, v: int) -> tuple[bool, int | None]:
        """Keep ``v`` (outside blossoms) and its mate matched under new duals, if any can.

        The lowest dual ``v`` can take is set by its other edges.  An exposed ``v`` stays
        as it is when its edges are feasible.  A matched one keeps its mate when the
        mate's dual leaves room for that lowest value under the pair's doubled weight (the
        edge stays tight, every other edge feasible: this covers rows only loosened, as
        around a fixed pair); otherwise a mate outside blossoms may give way, down to its
        own lowest dual, and then ``v`` keeps its dual if it can, else takes its lowest.

        Returns whether ``v`` was kept and, when it was not, the lowest dual that keeps
        all its edges feasible (``None`` without edges).
        """
        mate = self.mate
        dual = self.dual
        row = self.w[v]
        m = mate[v]
        low = self._lowest_dual(v, m)
        if m < 0:
            return low is None or low <= dual[v], low
        weight = row[m]
        if weight is None:
            return False, low
        pair = 2 * weight
        tight = pair - dual[m]
        if low is None or tight >= low:
            dual[v] = tight
            return True, None
        if self.inblossom[m] != m:
            return False, low
        low_m = self._lowest_dual(m, v)
        if low_m is not None and low + low_m > pair:
            return False, low
        dv = dual[v]
        if dv < low or (low_m is not None and pair - dv < low_m):
            dv = low
        dual[v] = dv
        dual[m] = pair - dv
        return True, None

    def _lowest_dual(self, v: int, skip: int) -> int | None:
        """Smallest dual of ``v`` keeping its edges feasible, edge to ``skip`` aside."""
        dual = self.dual
        row = self.w[v]
        lowest: int | None = None
        for u in self.neighbours(v):
            if u == skip:
                continue
            weight = row[u]
            assert weight is not None
            bound = 2 * weight - dual[u]
            if lowest is None or bound > lowest:
                lowest = bound
        return lowest

    def _open_top_blossom(self, b: int) -> None:
        """Replace top-level blossom ``b`` by its sub-blossoms (see :meth:`warm_start`)."""
        n = self.n
        z = self.dual[b]
        if z:
            for v in self.leaves(b):
                self.dual[v] += z
            base = self.base[b]
            m = self.mate[base]
            if m >= 0:
                self.mate[base] = self.mate[m] = -1
        for child in self.childs[b]:
            self.parent[child] = -1
            if child < n:
                self.inblossom[child] = child
            else:
                for v in self.leaves(child):
                    self.inblossom[v] = child
        self.base[b] = -1
        self.childs[b] = []
        self.edges[b] = []
        self.parent[b] = -1
        self.dual[b] = 0
        self.blossombestedges[b] = None
        self.bestedge[b] = None
        self.unused.append(b)
