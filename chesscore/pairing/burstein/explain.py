"""Explanations of a Burstein round (C.04.4.2 1.7, 3.1, Article 4), for people.

Three things answer "why this opponent": each player's Index (1.7), how the PAB was chosen
(3.1's filters in order) and, per bracket, its players by BSN and, for each BSN in Article
4's order, the opponent taken and the larger ones set aside because taking them could not
keep the best C1-C8 value of the bracket.
"""

from __future__ import annotations

from .brackets import BracketChoice
from .brackets import BursteinPairing
from .index import Index

__all__ = ["burstein_explain_lines", "burstein_reasons", "index_text", "pab_lines"]


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def index_text(index: Index) -> str:
    """``BH 7.5 SB 6.00``: Buchholz in points, Sonneborn-Berger to the hundredth.

    >>> index_text(Index(buchholz=75, sonneborn_berger=600))
    'BH 7.5 SB 6.00'
    """
    whole, rest = divmod(index.sonneborn_berger, 100)
    return f"BH {_points(index.buchholz)} SB {whole}.{rest:02d}"


def pab_lines(pairing: BursteinPairing) -> list[str]:
    """3.1's filters for the PAB, in order; empty when the round has no PAB."""
    step = pairing.pab
    if step is None:
        return []
    lines = [
        "PAB (3.1): eligible (C2), by lowest score, most games played, lowest in the ranking: "
        + " ".join(map(str, step.eligible))
    ]
    if step.not_completable:
        lines.append(
            "  set aside, the others could not all be paired without them (C4): "
            + " ".join(map(str, step.not_completable))
        )
    lines.append(f"  PAB to {step.receiver}")
    return lines


def _choice_text(choice: BracketChoice, bsn: dict[int, int]) -> str:
    taken = f"{bsn[choice.opponent]} ({choice.opponent})" if choice.opponent else "0 (floats)"
    text = f"BSN {bsn[choice.player]} ({choice.player}) takes {taken}"
    if choice.barred:
        text += "; may not meet (C1, C3) " + " ".join(str(bsn[o]) for o in choice.barred)
    if choice.criteria:
        text += "; set aside " + ", ".join(
            f"{bsn[o]} ({criterion})"
            for o, criterion in zip(choice.set_aside, choice.criteria, strict=True)
        )
    elif choice.set_aside:
        text += "; set aside, the bracket's best C4-C8 value excludes " + " ".join(
            str(bsn[o]) for o in choice.set_aside
        )
    return text


def burstein_reasons(
    pairing: BursteinPairing, indexes: dict[int, Index]
) -> tuple[tuple[str, ...], ...]:
    """Per bracket, in the order of ``pairing.brackets``: lines for the draft page.

    The first bracket's lines start with the PAB's filters.
    """
    reasons: list[tuple[str, ...]] = []
    for number, (players, choices) in enumerate(zip(pairing.bsn, pairing.choices, strict=True)):
        bsn = {rank: i + 1 for i, rank in enumerate(players)}
        lines = pab_lines(pairing) if number == 0 else []
        lines.append(
            "BSN by Index (1.8): "
            + ", ".join(f"{bsn[r]}={r} ({index_text(indexes[r])})" for r in players)
        )
        lines.extend(_choice_text(choice, bsn) for choice in choices)
        reasons.append(tuple(lines))
    return tuple(reasons)


def burstein_explain_lines(
    pairing: BursteinPairing, indexes: dict[int, Index], ranking: list[int]
) -> list[str]:
    """The whole round for ``-x``: every Index in 1.8's ``ranking``, the PAB, then each
    bracket from the top."""
    lines = ["Index (1.7) of each player, in the ranking order of 1.8:"]
    lines.extend(f"  {rank}: {index_text(indexes[rank])}" for rank in ranking)
    lines.extend(pab_lines(pairing))
    for note, players, choices in zip(pairing.brackets, pairing.bsn, pairing.choices, strict=True):
        bsn = {rank: i + 1 for i, rank in enumerate(players)}
        head = f"Bracket {_points(note.score)}: residents {' '.join(map(str, note.residents))}"
        if note.moved_down:
            head += f"; floaters in {' '.join(map(str, note.moved_down))}"
        lines.append(head)
        lines.append("  BSN: " + " ".join(f"{bsn[r]}={r}" for r in players))
        if note.pairs:
            lines.append("  pairs: " + ", ".join(f"{a}-{b}" for a, b in note.pairs))
        if note.floated_down:
            lines.append("  floats down: " + " ".join(map(str, note.floated_down)))
        lines.extend(f"  {_choice_text(choice, bsn)}" for choice in choices)
    return lines
