"""Small Burstein records written as TRF16 text, for hand-checked cases."""

from __future__ import annotations

from chesscore.record.model import Record
from chesscore.record.trf import read

Entry = tuple[int, str, str]
"""One round of a player: opponent (0 for none), colour (``w``, ``b``, ``-``), result."""

POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}


def burstein_record(
    rounds: list[list[Entry]], *, planned: int, system: str = "FIDE_BURSTEIN", extra: str = ""
) -> Record:
    """A section of ``len(rounds)`` players, player ``i + 1`` with the rounds ``rounds[i]``.

    Ratings fall with the starting rank.
    """
    lines = ["012 Burstein case"]
    for i, entries in enumerate(rounds):
        rank = i + 1
        points = sum(POINTS[result] for _, _, result in entries)
        head = f"001 {rank:4d}      Test{rank:04d} Player{rank:04d}"
        line = f"{head.ljust(48)}{2500 - 10 * rank:4d}".ljust(79) + f"{points:5.1f} {rank:4d}"
        for opponent, colour, result in entries:
            line += f"  {opponent:4d} {colour} {result}" if opponent else f"  0000 - {result}"
        lines.append(line)
    lines.append(f"192 {system}")
    lines.append(f"XXR {planned}")
    if extra:
        lines.append(extra)
    return read("\n".join(lines) + "\n")
