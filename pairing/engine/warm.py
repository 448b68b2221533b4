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
        unmatched.  Modified vertices are unmatched and their duals raised until their
        edges are feasible.  Exposed vertices then get even duals, which keeps the slack
        of every edge between two outer vertices even (exact halving).
        """
        n = self.n
        dual = self.dual
        mate = self.mate
        w = self.w
        for v in modified:
            if self.inblossom[v] == v and (self._still_optimal(v) or self._keep_pair(v)):
                # Only loosened (e.g. edges removed around a fixed pair), or new duals for
                # the pair keep its edge tight and every other edge feasible.
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

    def _keep_pair(self, v: int) -> bool:
        """Give ``v`` and its mate new duals that keep their edge tight, if any can.

        ``v`` is outside blossoms.  The lowest dual each end can take is set by its other
        edges (the other ends keep their duals); when the two lowest fit under the pair's
        doubled weight, the mate keeps its dual if it can, else ``v`` does, else both take
        their lowest values that add up.  A mate inside a blossom keeps its dual.
        """
        mate = self.mate
        m = mate[v]
        if m < 0:
            return False
        dual = self.dual
        w = self.w
        row = w[v]
        weight = row[m]
        if weight is None:
            return False
        pair = 2 * weight
        low_v = self._lowest_dual(v, m)
        if self.inblossom[m] != m:
            dm = dual[m]
            if low_v is not None and pair - dm < low_v:
                return False
            dual[v] = pair - dm
            return True
        low_m = self._lowest_dual(m, v)
        if low_v is not None and low_m is not None and low_v + low_m > pair:
            return False
        dm = dual[m]
        dv = dual[v]
        if (low_m is None or dm >= low_m) and (low_v is None or pair - dm >= low_v):
            dv = pair - dm
        elif (low_v is None or dv >= low_v) and (low_m is None or pair - dv >= low_m):
            dm = pair - dv
        elif low_v is not None:
            dv = low_v
            dm = pair - dv
        else:
            assert low_m is not None
            dm = low_m
            dv = pair - dm
        dual[v] = dv
        dual[m] = dm
        return True

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

    def _still_optimal(self, v: int) -> bool:
        """Every edge of trivial blossom ``v`` is feasible and its matched edge tight."""
        dual = self.dual
        row = self.w[v]
        dv = dual[v]
        m = self.mate[v]
        if m >= 0:
            weight = row[m]
            if weight is None or dv + dual[m] != 2 * weight:
                return False
        for u in self.neighbours(v):
            weight = row[u]
            assert weight is not None
            if dv + dual[u] < 2 * weight:
                return False
        return True

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
