"""Benchmark of the Dutch engine: one round (round 6 of 9) for growing sections.

Inputs are deterministic: ratings and results come from ``random.Random(size)``, and rounds
1-5 are paired by a quick greedy score-group pairing (the engine is only timed on round 6).
Each size runs in its own process with a time limit.

    .venv/bin/python bench/pairing.py [--sizes 100,300,1000,3000] [--limit 600]

Targets: 300 players under 2 s, 1000 players under 15 s.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tournaments.record.model import (  # noqa: E402
    Colour,
    Player,
    Record,
    ResultCode,
    RoundEntry,
)

ROUNDS = 9
PLAYED = 5


def history(size: int) -> Record:
    """A section of ``size`` players after five rounds, the same for every run."""
    rng = random.Random(size)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(size)), reverse=True)
    rounds: list[list[RoundEntry]] = [[] for _ in range(size)]
    points = [0] * size
    met: list[set[int]] = [set() for _ in range(size)]
    whites = [0] * size
    for _ in range(PLAYED):
        order = sorted(range(size), key=lambda i: (-points[i], i))
        free = list(order)
        if len(free) % 2:
            bye = next(i for i in reversed(free) if all(e.opponent for e in rounds[i]))
            free.remove(bye)
            rounds[bye].append(RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE))
            points[bye] += 2
        while free:
            a = free.pop(0)
            b = next((x for x in free if x not in met[a]), free[0])
            free.remove(b)
            met[a].add(b)
            met[b].add(a)
            white, black = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[white] += 1
            roll = rng.random()
            if roll < 0.4:
                code = ResultCode.WIN
            elif roll < 0.7:
                code = ResultCode.DRAW
            else:
                code = ResultCode.LOSS
            rounds[white].append(RoundEntry(black + 1, Colour.WHITE, code))
            rounds[black].append(RoundEntry(white + 1, Colour.BLACK, code.counterpart))
            points[white] += {ResultCode.WIN: 2, ResultCode.DRAW: 1, ResultCode.LOSS: 0}[code]
            points[black] += {ResultCode.WIN: 0, ResultCode.DRAW: 1, ResultCode.LOSS: 2}[code]
    return Record(
        players=tuple(
            Player(rank=i + 1, name=f"P{i + 1}", rating=ratings[i], rounds=tuple(rounds[i]))
            for i in range(size)
        ),
        planned_rounds=ROUNDS,
        initial_colour=Colour.WHITE,
    )


def time_one(size: int) -> float:
    """Seconds to pair round 6 of a ``size``-player section."""
    from pairing.engine import pair_round

    record = history(size)
    start = time.perf_counter()
    pair_round(record)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,300,1000,3000")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per size")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(f"{time_one(args.one):.3f}")
        return 0
    print(f"{'players':>8}  {'round 6 of 9':>14}")
    for size in (int(s) for s in args.sizes.split(",")):
        try:
            done = subprocess.run(
                [sys.executable, __file__, "--one", str(size)],
                capture_output=True,
                text=True,
                timeout=args.limit,
                check=True,
            )
            cell = f"{float(done.stdout.strip()):.2f} s"
        except subprocess.TimeoutExpired:
            cell = f"> {args.limit:.0f} s"
        except subprocess.CalledProcessError as error:
            cell = "error: " + error.stderr.strip().splitlines()[-1]
        print(f"{size:>8}  {cell:>14}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
