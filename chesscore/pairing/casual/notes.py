"""Explanations of a casual round, one note per score group (top first)."""

from __future__ import annotations

from dataclasses import dataclass

from chesscore.record.model import Colour

from ..brackets import BracketNote
from ..matching import WeightMatrix
from ..matching import maximum_weight_matching
from .field import Entrant
from .field import Field
from .field import streak

__all__ = ["CasualNote", "group_notes"]


@dataclass(frozen=True, slots=True)
class CasualNote(BracketNote):
    """A score group of a casual round: the bracket fields plus the reasons in words.

    ``pairs`` are ``(white, black)``; ``rematches`` and ``conflicts`` are the boards of this
    group that repeat a game or join a family/club group.
    """

    reasons: tuple[str, ...] = ()
    rematches: tuple[tuple[int, int], ...] = ()
    conflicts: tuple[tuple[int, int], ...] = ()


def _pairable(members: list[Entrant], blocked: set[tuple[int, int]]) -> bool:
    """True when ``members`` pair completely (one left over if odd) avoiding ``blocked``."""
    n = len(members)
    size = n + (n % 2)
    graph = WeightMatrix(size)
    for j in range(size):
        for i in range(j):
            if j == n:
                graph.set(i, j, 1)
                continue
            a, b = members[i].rank, members[j].rank
            graph.set(i, j, int((min(a, b), max(a, b)) not in blocked))
    mate = maximum_weight_matching(graph)
    total = sum(graph.weights[v][mate[v]] or 0 for v in range(size) if mate[v] > v)
    return total == size // 2


def group_notes(
    field: Field,
    boards: list[tuple[int, int, int, int]],
    bye: int | None,
) -> tuple[CasualNote, ...]:
    """Notes per score group from ``boards`` as (top, bottom, white, black): top and bottom
    are indices into ``field.entrants``, white and black starting ranks."""
    entrants = field.entrants
    partner: dict[int, int] = {}
    for top, bottom, _w, _b in boards:
        partner[top] = bottom
        partner[bottom] = top
    rematch_count = sum(1 for _t, _o, w, b in boards if (min(w, b), max(w, b)) in field.meetings)
    notes: list[CasualNote] = []
    for g, score in enumerate(field.group_scores):
        residents = [i for i, e in enumerate(entrants) if e.group == g]
        mine = [board for board in boards if entrants[board[1]].group == g]
        moved = [board[0] for board in mine if entrants[board[0]].group < g]
        floated = [i for i in residents if i in partner and entrants[partner[i]].group > g]
        reasons: list[str] = []
        staying = [i for i in residents + moved if i != bye]
        if floated:
            names = " ".join(str(entrants[i].rank) for i in floated)
            parity = len(staying) % 2
            if len(floated) == parity:
                why = "odd number of players, the lowest-ranked one that can float goes down"
            else:
                members = [entrants[i] for i in staying]
                if not _pairable(members, set(field.meetings)):
                    why = "no pairing inside the group avoids a rematch"
                elif not _pairable(members, set(field.meetings) | set(field.conflicts)):
                    why = "no pairing inside the group avoids family/club pairings"
                else:
                    why = "so that the rest of the round avoids rematches and family/club pairings"
            reasons.append(f"floated down: {names} ({why})")
        if bye is not None and entrants[bye].group == g:
            e = entrants[bye]
            reasons.append(
                f"pairing bye: {e.rank} ({e.full_byes} full bye(s) so far; order: not "
                "excluded, fewest full byes, lower score, lower rating, higher number)"
            )
        rematches: list[tuple[int, int]] = []
        conflicts: list[tuple[int, int]] = []
        for _top, _bottom, w, b in mine:
            key = (min(w, b), max(w, b))
            if key in field.meetings:
                rematches.append((w, b))
                rounds = ", ".join(map(str, field.meetings[key]))
                reasons.append(
                    f"rematch {w}-{b} (met in round {rounds}): no rematch-free pairing exists "
                    f"for this round; {rematch_count} rematch(es), the fewest possible"
                )
            if key in field.conflicts:
                conflicts.append((w, b))
                reasons.append(
                    f"{w}-{b} share a family/club group: no pairing avoids it without a rematch"
                )
        for top, bottom, w, _b in mine:
            for index in (top, bottom):
                rank = entrants[index].rank
                given = Colour.WHITE if rank == w else Colour.BLACK
                run = streak(entrants[index].colours, given)
                if run >= 2:
                    reasons.append(f"colour streak: {rank} {given.name[0] * run}")
        notes.append(
            CasualNote(
                score=score,
                residents=tuple(entrants[i].rank for i in residents),
                moved_down=tuple(entrants[i].rank for i in moved),
                pairs=tuple((w, b) for _t, _o, w, b in mine),
                floated_down=tuple(entrants[i].rank for i in floated),
                exchanges=0,
                reasons=tuple(reasons),
                rematches=tuple(rematches),
                conflicts=tuple(conflicts),
            )
        )
    return tuple(notes)
