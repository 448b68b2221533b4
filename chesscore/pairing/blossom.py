"""Edmonds' primal-dual blossom algorithm for maximum-weight perfect matchings.

The solver behind :func:`.matching.maximum_weight_matching`; see that module for the
contract and the warm-start scheme.  Vertices are 0..n-1 and blossoms n..2n-1, as in
Galil's description ("Efficient algorithms for finding maximum matching in graphs", 1986).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator

__all__ = ["BlossomSolver"]

_FREE = 0
_OUTER = 1
_INNER = 2
_BREADCRUMB = 5
_SINGLE_TREE_LIMIT = 4
"""Up to this many exposed vertices, stages grow a single alternating tree."""
_KEEP_LIMIT = 2
"""A stage keeps its live trees after an augmentation at most this many times.

Kept trees are old and large; when every pass after an augmentation finds just one more,
through the region just freed, a new stage (small trees from every exposed vertex)
finds many at once."""

Edge = tuple[int, int]


class BlossomSolver:
    """State of the primal-dual blossom algorithm (vertices 0..n-1, blossoms n..2n-1)."""

    def __init__(
        self, weights: list[list[int | None]], neighbours: Callable[[int], list[int]]
    ) -> None:
        n = len(weights)
        self.n = n
        self.w = weights
        self.neighbours = neighbours
        self.mate = [-1] * n
        size = 2 * n
        self.label = [_FREE] * size
        self.labeledge: list[Edge | None] = [None] * size
        self.inblossom = list(range(n))
        self.parent = [-1] * size
        self.childs: list[list[int]] = [[] for _ in range(size)]
        self.edges: list[list[Edge]] = [[] for _ in range(size)]
        self.base = list(range(n)) + [-1] * n
        self.bestedge: list[Edge | None] = [None] * size
        self.blossombestedges: list[list[Edge] | None] = [None] * size
        self.unused = list(range(2 * n - 1, n - 1, -1))
        top = max((x for row in weights for x in row if x is not None), default=0)
        top += top & 1
        self.dual = [top] * n + [0] * n
        self.allowed: set[int] = set()
        self.queue: list[int] = []
        # Outer-to-outer best edges lose 2 * delta of slack at every dual update of the
        # stage: store slack + 2 * (deltas so far) so that no recomputation is needed.
        self.bestkey = [0] * size
        # Free vertices likewise: their best edge's slack + (deltas so far), which stays
        # put while the vertex is free and the edge's other end outer.
        self.freekey = [0] * n
        # Scratch space of add_blossom: least slack and edge towards each outer blossom.
        self.scratch_slack: list[int | None] = [None] * size
        self.scratch_edge: list[Edge | None] = [None] * size
        self.shift = 0
        # Root vertex of the alternating tree of each labelled top-level blossom: a stage
        # goes on growing the other trees after two of them were joined by an augmentation.
        self.treeroot = [-1] * size

    # -- helpers -------------------------------------------------------------------------

    def slack(self, i: int, j: int) -> int:
        weight = self.w[i][j]
        assert weight is not None
        return self.dual[i] + self.dual[j] - 2 * weight

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            t = stack.pop()
            if t < self.n:
                yield t
            else:
                stack.extend(reversed(self.childs[t]))

    def _allow(self, i: int, j: int) -> None:
        # Edges made tight by a dual update or inside an expanded blossom; kept as ids.
        size = self.n
        self.allowed.add(i * size + j)
        self.allowed.add(j * size + i)

    # -- labelling -----------------------------------------------------------------------

    def assign_label(self, w: int, t: int, v: int | None) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.treeroot[b] = w if v is None else self.treeroot[self.inblossom[v]]
        edge = None if v is None else (v, w)
        self.labeledge[w] = self.labeledge[b] = edge
        self.bestedge[w] = self.bestedge[b] = None
        if t == _OUTER:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.mate[base], _OUTER, base)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w; return the base of a new blossom, or -1 for a path."""
        path: list[int] = []
        base = -1
        cur: int = v
        other: int = w
        while cur != -1:
            b = self.inblossom[cur]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = _BREADCRUMB
            edge = self.labeledge[b]
            if edge is None:
                cur = -1
            else:
                t = self.inblossom[edge[0]]
                tedge = self.labeledge[t]
                assert tedge is not None
                cur = tedge[0]
            if other != -1:
                cur, other = other, cur
        for b in path:
            self.label[b] = _OUTER
        return base

    def add_blossom(self, base: int, v: int, w: int) -> None:
        inblossom = self.inblossom
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        edgs: list[Edge] = [(v, w)]
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            edge = self.labeledge[bv]
            assert edge is not None
            edgs.append(edge)
            bv = inblossom[edge[0]]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            edge = self.labeledge[bw]
            assert edge is not None
            edgs.append((edge[1], edge[0]))
            bw = inblossom[edge[0]]
        self.childs[b] = path
        self.edges[b] = edgs
        self.label[b] = _OUTER
        self.labeledge[b] = self.labeledge[bb]
        self.treeroot[b] = self.treeroot[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[inblossom[x]] == _INNER:
                self.queue.append(x)
            inblossom[x] = b
        # Least-slack edge towards each other outer blossom, in order of first sight.
        slack_of = self.scratch_slack
        edge_of = self.scratch_edge
        touched: list[int] = []
        for child in path:
            listed = self.blossombestedges[child]
            if listed is None:
                candidates = self._edges_to_outer(child, b)
            else:
                candidates = self._listed_to_outer(listed, b)
            for bj, k, edge in candidates:
                known = slack_of[bj]
                if known is None:
                    touched.append(bj)
                elif k >= known:
                    continue
                slack_of[bj] = k
                edge_of[bj] = edge
            self.blossombestedges[child] = None
            self.bestedge[child] = None
        merged: list[Edge] = []
        best: Edge | None = None
        lowest = 0
        for bj in touched:
            edge = edge_of[bj]
            least = slack_of[bj]
            assert edge is not None
            assert least is not None
            merged.append(edge)
            if best is None or least < lowest:
                best = edge
                lowest = least
            slack_of[bj] = None
            edge_of[bj] = None
        self.blossombestedges[b] = merged
        self.bestedge[b] = best
        self.bestkey[b] = lowest + 2 * self.shift

    def _edges_to_outer(self, source: int, b: int) -> Iterator[tuple[int, int, Edge]]:
        """Edges from the vertices of ``source`` to outer blossoms other than ``b``.

        Each as (outer blossom, slack, edge), the edge starting in ``source``.
        """
        inblossom = self.inblossom
        w_matrix = self.w
        dual = self.dual
        label = self.label
        neighbours = self.neighbours
        for i in self.leaves(source):
            row = w_matrix[i]
            di = dual[i]
            for j in neighbours(i):
                bj = inblossom[j]
                if label[bj] == _OUTER and bj != b:
                    yield bj, di + dual[j] - 2 * row[j], (i, j)  # type: ignore[operator]

    def _listed_to_outer(self, listed: list[Edge], b: int) -> Iterator[tuple[int, int, Edge]]:
        """The edges of ``listed`` (a sub-blossom's least-slack edges) that reach outer
        blossoms other than ``b``, turned to start inside ``b``: as in `_edges_to_outer`."""
        inblossom = self.inblossom
        label = self.label
        for i, j in listed:
            if inblossom[j] == b:
                i, j = j, i
            bj = inblossom[j]
            if bj != b and label[bj] == _OUTER:
                yield bj, self.slack(i, j), (i, j)

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Replace top-level blossom ``b`` by its sub-blossoms.

        At the end of a stage, sub-blossoms with a zero dual are expanded too (iteratively:
        nesting can be deep).  An inner blossom expanded mid-stage relabels the part of
        its cycle that stays in the alternating tree.
        """
        n = self.n
        opened = [b]
        while opened:
            x = opened.pop()
            for s in self.childs[x]:
                self.parent[s] = -1
                if s < n:
                    self.inblossom[s] = s
                elif endstage and self.dual[s] == 0:
                    opened.append(s)
                else:
                    for v in self.leaves(s):
                        self.inblossom[v] = s
            if x != b:
                self._release(x)
        if not endstage and self.label[b] == _INNER:
            childs = self.childs[b]
            edges = self.edges[b]
            entry = self.labeledge[b]
            assert entry is not None
            entrychild = self.inblossom[entry[1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
            else:
                jstep = -1
            v, w = entry
            while j != 0:
                if jstep == 1:
                    p, q = edges[j]
                else:
                    q, p = edges[j - 1]
                self.label[w] = _FREE
                self.label[q] = _FREE
                self.assign_label(w, _INNER, v)
                self._allow(p, q)
                j += jstep
                if jstep == 1:
                    v, w = edges[j]
                else:
                    w, v = edges[j - 1]
                self._allow(v, w)
                j += jstep
            bw = childs[j]
            self.label[w] = self.label[bw] = _INNER
            self.treeroot[bw] = self.treeroot[b]
            self.labeledge[w] = self.labeledge[bw] = (v, w)
            self.bestedge[bw] = None
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if self.label[bv] == _OUTER:
                    j += jstep
                    continue
                found = -1
                for x in self.leaves(bv):
                    if self.label[x]:
                        found = x
                        break
                if found >= 0:
                    self.label[found] = _FREE
                    self.label[self.mate[self.base[bv]]] = _FREE
                    edge = self.labeledge[found]
                    assert edge is not None
                    self.assign_label(found, _INNER, edge[0])
                j += jstep
            # Sub-blossoms left free lose slack towards outer vertices from now on: key
            # their vertices' least-slack edges for the comparisons of later scans.
            shift = self.shift
            for s in childs:
                if self.label[s] == _FREE:
                    for x in self.leaves(s):
                        edge = self.bestedge[x]
                        if edge is not None:
                            self.freekey[x] = self.slack(*edge) + shift
        self._release(b)

    def _release(self, b: int) -> None:
        """Return blossom number ``b`` to the pool."""
        self.label[b] = _FREE
        self.labeledge[b] = None
        self.bestedge[b] = None
        self.blossombestedges[b] = None
        self.childs[b] = []
        self.edges[b] = []
        self.base[b] = -1
        self.dual[b] = 0
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside ``b`` so that ``v`` becomes its base.

        Iterative (an explicit stack of sub-blossoms): nesting can be as deep as the
        graph is large.  Sub-blossoms are disjoint, so their order does not matter, and
        each ends with the vertex it was entered by as its base.
        """
        n = self.n
        parent = self.parent
        mate = self.mate
        stack = [(b, v)]
        while stack:
            b, v = stack.pop()
            t = v
            while parent[t] != b:
                t = parent[t]
            if t >= n:
                stack.append((t, v))
            childs = self.childs[b]
            edges = self.edges[b]
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = childs[j]
                if jstep == 1:
                    w, x = edges[j]
                else:
                    x, w = edges[j - 1]
                if t >= n:
                    stack.append((t, w))
                j += jstep
                t = childs[j]
                if t >= n:
                    stack.append((t, x))
                mate[w] = x
                mate[x] = w
            self.childs[b] = childs[i:] + childs[:i]
            self.edges[b] = edges[i:] + edges[:i]
            self.base[b] = v

    def augment_matching(self, v: int, w: int) -> None:
        """Augment along the tree path of ``v``, edge (v, w), then the tree path of ``w``."""
        self._augment_side(v, w)
        self._augment_side(w, v)

    def augment_to_exposed(self, v: int, w: int) -> None:
        """Augment from the tree of ``v`` to ``w``, an exposed vertex outside the tree."""
        bw = self.inblossom[w]
        if bw >= self.n:
            self.augment_blossom(bw, w)
        self._augment_side(v, w)
        self.mate[w] = v

    def _augment_side(self, s: int, j: int) -> None:
        while True:
            bs = self.inblossom[s]
            if bs >= self.n:
                self.augment_blossom(bs, s)
            self.mate[s] = j
            edge = self.labeledge[bs]
            if edge is None:
                break
            t = edge[0]
            bt = self.inblossom[t]
            tedge = self.labeledge[bt]
            assert tedge is not None
            s, j = tedge
            if bt >= self.n:
                self.augment_blossom(bt, j)
            self.mate[j] = s

    def _drop_trees(self, dead: set[int]) -> bool:
        """Free the vertices of the trees rooted at ``dead`` (just augmented) mid-stage.

        The other trees keep their labels, so the stage goes on without regrowing them.
        What pointed into the freed trees is recomputed: least-slack edges of freed
        vertices and of vertices inside blossoms, vertex labels inside inner blossoms,
        tight-edge marks; outer vertices with a tight edge to a freed vertex are scanned
        again.  Least-slack edges of outer blossoms and of free vertices outside blossoms
        are left stale: :meth:`_delta` recomputes them when they matter.
        Outer blossoms of the freed trees with a zero dual are expanded, as at the end of
        a stage.  Returns False, changing nothing, when that would scan more vertices
        than regrowing the other trees in a new stage.
        """
        n = self.n
        label = self.label
        labeledge = self.labeledge
        bestedge = self.bestedge
        inblossom = self.inblossom
        treeroot = self.treeroot
        dual = self.dual
        allowed = self.allowed
        flag = [False] * n
        freed: list[int] = []
        for v in range(n):
            bv = inblossom[v]
            if label[bv] != _FREE and treeroot[bv] in dead:
                flag[v] = True
                freed.append(v)
        stale_vertices: list[int] = []
        live_outer = 0
        for u in range(n):
            if flag[u]:
                continue
            bu = inblossom[u]
            if label[bu] == _OUTER:
                live_outer += 1
                continue
            edge = bestedge[u]
            entry = labeledge[u]
            if label[u] != _FREE and entry is not None and flag[entry[0]]:
                stale_vertices.append(u)
            elif edge is not None and flag[edge[0]] and (bu != u or label[u] != _FREE):
                # A free vertex outside blossoms keeps its stale edge: its key still
                # bounds its slacks from below (see _delta).
                stale_vertices.append(u)
        if len(freed) + len(stale_vertices) >= live_outer:
            return False
        tops = sorted({inblossom[v] for v in freed})
        for b in tops:
            if b >= n and label[b] == _OUTER and dual[b] == 0:
                self.expand_blossom(b, True)
            elif b >= n:
                # Sub-blossoms lose their labels too, as at the start of a stage.
                self._unlabel(b)
        for v in freed:
            label[v] = _FREE
            labeledge[v] = None
            bestedge[v] = None
            b = inblossom[v]
            if b >= n and label[b] != _FREE:
                # A sub-blossom made top-level by the expansions above.
                self._unlabel(b)
            else:
                labeledge[b] = None
                bestedge[b] = None
        stale = [k for k in allowed if flag[k // n] or flag[k % n]]
        allowed.difference_update(stale)
        rescan: set[int] = set()
        for u in freed:
            self._rebuild_vertex(u, rescan)
        for u in stale_vertices:
            self._rebuild_vertex(u, rescan)
        self.queue.extend(sorted(rescan))
        return True

    def _unlabel(self, b: int) -> None:
        """Free blossom ``b`` and its sub-blossoms of their labels and least-slack edges."""
        n = self.n
        stack = [b]
        while stack:
            t = stack.pop()
            self.label[t] = _FREE
            self.labeledge[t] = None
            self.bestedge[t] = None
            self.blossombestedges[t] = None
            stack.extend(c for c in self.childs[t] if c >= n)

    def _refresh_outer(self, b: int) -> None:
        """Recompute the least-slack edge from outer blossom ``b`` to another outer one."""
        best: Edge | None = None
        lowest = 0
        for _, k, edge in self._edges_to_outer(b, b):
            if best is None or k < lowest:
                best = edge
                lowest = k
        self.bestedge[b] = best
        self.bestkey[b] = lowest + 2 * self.shift
        if b >= self.n:
            self.blossombestedges[b] = None

    def _refresh_free(self, u: int) -> None:
        """Recompute the least-slack edge from an outer vertex to free vertex ``u``."""
        inblossom = self.inblossom
        label = self.label
        dual = self.dual
        row = self.w[u]
        du = dual[u]
        best: Edge | None = None
        lowest = 0
        for j in self.neighbours(u):
            if label[inblossom[j]] == _OUTER:
                k = du + dual[j] - 2 * row[j]  # type: ignore[operator]
                if best is None or k < lowest:
                    best = (j, u)
                    lowest = k
        self.bestedge[u] = best
        self.freekey[u] = lowest + self.shift

    def _rebuild_vertex(self, u: int, rescan: set[int]) -> None:
        """Recompute what vertex ``u`` (free or in an inner blossom) knows of outer ones."""
        n = self.n
        label = self.label
        inblossom = self.inblossom
        dual = self.dual
        row = self.w[u]
        du = dual[u]
        bu = inblossom[u]
        allowed = self.allowed
        best: Edge | None = None
        lowest = 0
        tight = -1
        for j in self.neighbours(u):
            bj = inblossom[j]
            if bj == bu or label[bj] != _OUTER:
                continue
            weight = row[j]
            assert weight is not None
            k = du + dual[j] - 2 * weight
            if tight < 0 and (k <= 0 or j * n + u in allowed):
                tight = j
            # Tight edges count too: should this one not be scanned before the next dual
            # update, the update is zero and takes it.
            if best is None or k < lowest:
                best = (j, u)
                lowest = k
        self.bestedge[u] = best
        self.freekey[u] = lowest + self.shift
        if label[bu] == _FREE:
            label[u] = _FREE
            self.labeledge[u] = None
            if tight >= 0:
                rescan.add(tight)
        elif label[u] != _FREE or tight >= 0:
            # A vertex inside an inner blossom: remember a tight edge from an outer vertex.
            if tight >= 0:
                label[u] = _INNER
                self.labeledge[u] = (tight, u)
            else:
                label[u] = _FREE
                self.labeledge[u] = None

    # -- main loop -----------------------------------------------------------------------

    def _delta(self) -> tuple[int, int, Edge | None, int]:
        """The largest dual change that keeps every edge feasible, and what limits it.

        Returns (type, amount, edge, blossom).  Type 2: an edge from an outer vertex to a
        free one becomes tight; type 3: an edge between two outer blossoms; type 4: an
        inner blossom's dual reaches zero; -1: nothing limits it (no perfect matching).
        A least-slack edge left pointing into trees freed after an augmentation is stale,
        but its key still bounds its owner's slacks from below: it is recomputed only
        when that bound is below the best exact candidate.
        """
        n = self.n
        label = self.label
        inblossom = self.inblossom
        dual = self.dual
        w_matrix = self.w
        bestedge = self.bestedge
        bestkey = self.bestkey
        freekey = self.freekey
        shift = self.shift
        delta_type = -1
        delta = 0
        delta_edge: Edge | None = None
        delta_blossom = -1
        stale: list[tuple[int, int, int]] = []
        for v in range(n):
            bv = inblossom[v]
            if label[bv] != _FREE:
                continue
            edge = bestedge[v]
            if edge is None:
                continue
            x = edge[0]
            d = dual[x] + dual[v] - 2 * w_matrix[x][v]  # type: ignore[operator]
            if bv == v and (label[inblossom[x]] != _OUTER or d != freekey[v] - shift):
                bound = freekey[v] - shift
                if delta_type == -1 or bound < delta:
                    stale.append((bound, 2, v))
                continue
            if delta_type == -1 or d < delta:
                delta, delta_type, delta_edge = d, 2, edge
        for b in range(2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and label[b] == _OUTER
                and bestedge[b] is not None
            ):
                edge = bestedge[b]
                assert edge is not None
                slack = bestkey[b] - 2 * shift
                d = slack // 2
                if delta_type != -1 and d >= delta:
                    continue
                i, j = edge
                bj = inblossom[j]
                if (
                    bj == b
                    or label[bj] != _OUTER
                    or dual[i] + dual[j] - 2 * w_matrix[i][j] != slack  # type: ignore[operator]
                ):
                    stale.append((d, 3, b))
                    continue
                delta, delta_type, delta_edge = d, 3, edge
        for b in range(n, 2 * n):
            if (
                self.base[b] >= 0
                and self.parent[b] == -1
                and label[b] == _INNER
                and (delta_type == -1 or dual[b] < delta)
            ):
                delta, delta_type, delta_blossom = dual[b], 4, b
        stale.sort()
        for bound, kind, x in stale:
            if delta_type != -1 and bound >= delta:
                break
            if kind == 2:
                self._refresh_free(x)
                edge = bestedge[x]
                if edge is not None:
                    d = freekey[x] - shift
                    if delta_type == -1 or d < delta:
                        delta, delta_type, delta_edge = d, 2, edge
            else:
                self._refresh_outer(x)
                edge = bestedge[x]
                if edge is not None:
                    d = (bestkey[x] - 2 * shift) // 2
                    if delta_type == -1 or d < delta:
                        delta, delta_type, delta_edge = d, 3, edge
        return delta_type, delta, delta_edge, delta_blossom

    def solve(self) -> None:
        n = self.n
        label = self.label
        inblossom = self.inblossom
        dual = self.dual
        w_matrix = self.w
        bestkey = self.bestkey
        allowed = self.allowed
        treeroot = self.treeroot
        bestedge = self.bestedge
        freekey = self.freekey
        neighbours = self.neighbours
        size = n
        while -1 in self.mate:
            for i in range(2 * n):
                label[i] = _FREE
                self.bestedge[i] = None
                self.labeledge[i] = None
            for b in range(n, 2 * n):
                self.blossombestedges[b] = None
            self.allowed.clear()
            self.queue = []
            self.shift = 0
            mate = self.mate
            exposed = [v for v in range(n) if mate[v] < 0]
            if len(exposed) > _SINGLE_TREE_LIMIT:
                # Many exposed vertices (all with even duals, see warm_start): grow a tree
                # from each of them, as in the classical algorithm.
                single = False
                for v in exposed:
                    if label[inblossom[v]] == _FREE:
                        self.assign_label(v, _OUTER, None)
            else:
                # Few: one tree at a time, from the last exposed vertex; reaching another
                # exposed vertex augments (the others keep their duals meanwhile, which a
                # perfect matching allows).  Smaller trees, same optimum.
                single = True
                self.assign_label(exposed[-1], _OUTER, None)
            augmented = False
            kept = 0
            # Trees already joined by an augmentation in this stage: the other trees keep
            # growing along tight edges, but never into these (no dual update follows).
            dead: set[int] = set()
            while True:
                queue = self.queue
                while queue and not (augmented and single):
                    v = queue.pop()
                    bv = inblossom[v]
                    if dead and treeroot[bv] in dead:
                        continue
                    row = w_matrix[v]
                    dv = dual[v]
                    base_id = v * size
                    shift = self.shift
                    shift2 = 2 * shift
                    for u in neighbours(v):
                        bu = inblossom[u]
                        if bu == bv:
                            continue
                        kslack = dv + dual[u] - 2 * row[u]  # type: ignore[operator]
                        lbu = label[bu]
                        if kslack <= 0 or base_id + u in allowed:
                            if dead and lbu != _FREE and treeroot[bu] in dead:
                                continue
                            if lbu == _FREE:
                                if single and mate[self.base[bu]] < 0:
                                    self.augment_to_exposed(v, u)
                                    augmented = True
                                    break
                                self.assign_label(u, _INNER, v)
                            elif lbu == _OUTER:
                                base = self.scan_blossom(v, u)
                                if base >= 0:
                                    self.add_blossom(base, v, u)
                                    bv = inblossom[v]
                                else:
                                    dead.add(treeroot[bv])
                                    dead.add(treeroot[bu])
                                    self.augment_matching(v, u)
                                    augmented = True
                                    break
                            elif label[u] == _FREE:
                                label[u] = _INNER
                                self.labeledge[u] = (v, u)
                        elif lbu == _OUTER:
                            key = kslack + shift2
                            if key < bestkey[bv] or bestedge[bv] is None:
                                bestedge[bv] = (v, u)
                                bestkey[bv] = key
                        elif lbu == _FREE:
                            key = kslack + shift
                            if key < freekey[u] or bestedge[u] is None:
                                bestedge[u] = (v, u)
                                freekey[u] = key
                        elif label[u] == _FREE:
                            # Inside an inner blossom, where slacks to outer vertices
                            # stay put: compare with the current slack.
                            known = bestedge[u]
                            if known is None:
                                bestedge[u] = (v, u)
                            else:
                                x = known[0]
                                k = dual[x] + dual[u] - 2 * w_matrix[x][u]  # type: ignore[operator]
                                if kslack < k:
                                    bestedge[u] = (v, u)
                if augmented:
                    if (
                        single
                        or kept >= _KEEP_LIMIT
                        or mate.count(-1) <= _SINGLE_TREE_LIMIT
                        or not self._drop_trees(dead)
                    ):
                        break
                    # The other trees were kept: only the joined ones lost their labels.
                    dead.clear()
                    augmented = False
                    kept += 1
                    continue
                delta_type, delta, delta_edge, delta_blossom = self._delta()
                if delta_type == -1:
                    # No augmenting path exists: the graph has no perfect matching.
                    return
                self.shift += delta
                for v in range(n):
                    lab = label[inblossom[v]]
                    if lab == _OUTER:
                        dual[v] -= delta
                    elif lab == _INNER:
                        dual[v] += delta
                for b in range(n, 2 * n):
                    if self.base[b] >= 0 and self.parent[b] == -1:
                        if label[b] == _OUTER:
                            dual[b] += delta
                        elif label[b] == _INNER:
                            dual[b] -= delta
                if delta_type == 2:
                    assert delta_edge is not None
                    i, j = delta_edge
                    self._allow(i, j)
                    if label[inblossom[i]] == _FREE:
                        i, j = j, i
                    self.queue.append(i)
                elif delta_type == 3:
                    assert delta_edge is not None
                    i, j = delta_edge
                    self._allow(i, j)
                    self.queue.append(i)
                else:
                    self.expand_blossom(delta_blossom, False)
            for b in range(n, 2 * n):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and label[b] == _OUTER
                    and dual[b] == 0
                ):
                    self.expand_blossom(b, True)
