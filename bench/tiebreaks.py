"""Time the tie-break engine on a generated 500-player, 9-round Swiss section.

The section is deterministic (seeded ``random.Random``): players ranked by rating, each
round paired top half against bottom half inside score groups, with a few half-point
byes, absences, forfeits and a withdrawal.  Prints the time of each standings run.

    .venv/bin/python bench/tiebreaks.py [players] [rounds]
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from pathlib import Path

# This script shares its name with the package it measures: keep its own folder off the
# import path so that ``tiebreaks`` is the package, and the project root on it.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from chesscore.record.model import Colour  # noqa: E402
from chesscore.record.model import Event  # noqa: E402
from chesscore.record.model import Player  # noqa: E402
from chesscore.record.model import Record  # noqa: E402
from chesscore.record.model import ResultCode  # noqa: E402
from chesscore.record.model import RoundEntry  # noqa: E402
from chesscore.tiebreaks import standings  # noqa: E402

LISTS = {
    "typical (BH-C1, BH, SB, WIN)": ["BH-C1", "BH", "SB", "WIN"],
    "Buchholz family + DE": ["DE", "BH-C2", "BH-C1", "BH", "BH-M1", "AOB", "FB"],
    "rating based": ["ARO", "ARO-C1", "TPR", "APRO", "PTP", "APPO"],
    "everything individual": [
        "DE", "BH-C1", "BH", "SB-C1", "SB", "AOB", "FB", "KS", "WIN", "WON", "BPG", "BWG",
        "REP", "PS", "PS-C1", "STD", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN",
    ],
}  # fmt: skip


def generate(players: int, rounds: int, seed: int = 2026) -> Record:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    lines: dict[int, list[RoundEntry]] = {p: [] for p in range(1, players + 1)}
    score = {p: Fraction(0) for p in lines}
    withdrawn = set(rng.sample(sorted(lines), players // 100))
    points = {ResultCode.WIN: Fraction(1), ResultCode.DRAW: Fraction(1, 2)}
    for r in range(1, rounds + 1):
        present = []
        for p in lines:
            if p in withdrawn and r > rounds // 2:
                lines[p].append(RoundEntry(None, Colour.NONE, ResultCode.ZERO_POINT_BYE))
            elif rng.random() < 0.02:
                lines[p].append(RoundEntry(None, Colour.NONE, ResultCode.HALF_POINT_BYE))
                score[p] += Fraction(1, 2)
            else:
                present.append(p)
        present.sort(key=lambda p: (-score[p], p))
        if len(present) % 2:
            bye = present.pop()
            lines[bye].append(RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE))
            score[bye] += 1
        for i in range(0, len(present), 2):
            white, black = present[i], present[i + 1]
            roll = rng.random()
            if roll < 0.01:
                result = ResultCode.FORFEIT_WIN
            else:
                expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
                result = (
                    ResultCode.WIN
                    if roll < expected - 0.15
                    else ResultCode.DRAW
                    if roll < expected + 0.15
                    else ResultCode.LOSS
                )
            lines[white].append(RoundEntry(black, Colour.WHITE, result))
            lines[black].append(RoundEntry(white, Colour.BLACK, result.counterpart))
            score[white] += points.get(
                result, Fraction(1) if result is ResultCode.FORFEIT_WIN else 0
            )
            score[black] += points.get(result.counterpart, Fraction(0))
    return Record(
        players=tuple(
            Player(p, rating=ratings[p - 1], rounds=tuple(lines[p])) for p in sorted(lines)
        ),
        event=Event(system="FIDE_DUTCH"),
    )


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    record = generate(players, rounds)
    print(f"{players} players, {rounds} rounds")
    for name, codes in LISTS.items():
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            standings(record, codes)
            best = min(best, time.perf_counter() - start)
        print(f"{name:32s} {best * 1000:8.1f} ms  (best of 3)")


if __name__ == "__main__":
    main()
