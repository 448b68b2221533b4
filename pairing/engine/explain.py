"""Explanations of a Dutch pairing, bracket by bracket (C.04.3 B).

For each bracket: its residents and the players moved down into it (MDPs), the pairs it
made, who floated down and why, and which criterion decided the split.
"""

from __future__ import annotations

from collections.abc import Sequence

from .brackets import BracketNote

__all__ = ["explain_bracket", "explain_lines"]


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def explain_bracket(note: BracketNote) -> list[str]:
    """Human-readable lines for one bracket.

    >>> note = BracketNote(score=20, residents=(3, 5, 8), moved_down=(1,),
    ...     pairs=((1, 5), (3, 8)), floated_down=(), exchanges=0)
    >>> explain_bracket(note)[0]
    'Bracket 2.0: residents 3 5 8; moved down 1'
    """
    head = f"Bracket {_points(note.score)}: residents {' '.join(map(str, note.residents))}"
    if note.moved_down:
        head += f"; moved down {' '.join(map(str, note.moved_down))}"
    lines = [head]
    if note.pairs:
        lines.append("  pairs: " + ", ".join(f"{a}-{b}" for a, b in note.pairs))
    if note.floated_down:
        # C5/C6 maximise the pairs and scores of this bracket, but C4 (completion) and
        # C7/C8 (the next bracket) may leave players over: those float down.
        lines.append(
            "  floated down (C4 completion, C5-C8 pairs and scores): "
            + " ".join(map(str, note.floated_down))
        )
    if note.exchanges:
        lines.append(
            f"  {note.exchanges} exchange(s) between S1 and S2 (D.2: C10-C21 could not "
            "be met by transpositions alone)"
        )
    else:
        lines.append("  S1 and S2 as ranked; transpositions only (D.1)")
    return lines


def explain_lines(notes: Sequence[BracketNote]) -> list[str]:
    """All brackets of the round, top first."""
    lines: list[str] = []
    for note in notes:
        lines.extend(explain_bracket(note))
    return lines
