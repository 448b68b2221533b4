"""Benchmark of the Dutch and Burstein engines: one round (round 6 of 9) for growing sections.

Inputs are deterministic and made by the engine itself: ratings and results come from
``random.Random(size)`` and rounds 1-5 are paired by :func:`pairing.engine.pair_round`, so
round 6 sees the score groups, colours and floats of a real tournament.  Only round 6 is
timed.  The Burstein engine pairs the same round 6: its seeding rounds (four of nine) are
Dutch rounds anyway, and round 6 is well past them, paired by the Index (C.04.4.2).  Each
size and engine runs in its own process with a time limit, which building a missing history
does not count against.

The first run builds the histories and caches them as TRF files in
``~/.cache/rookery-bench/`` (``$XDG_CACHE_HOME`` if set), named by size and ``HISTORY``;
change ``HISTORY`` whenever the way they are made changes.  Building costs five pairings
of the size: about 5 s for 300 players, 40 s for 1000 and 20 to 30 minutes for 3000,
which is why 3000 is measured only when ``--sizes`` asks for it (then about a minute a
run).

    .venv/bin/python bench/pairing.py [--sizes 100,300,1000] [--limit 600]
                                      [--engines dutch,burstein]

Targets: 300 players under 2 s, 1000 players under 15 s.  Measured on an idle 2-core
machine (see ``pairing/engine/ALGORITHM.md``, section 5):

    players    round 6 of 9
        100          0.04 s
        300          0.36 s
       1000          4.71 s
       3000         64.43 s

The Burstein engine, round 6 of 9 on the same histories, measured on a shared 2-core machine
under a load average of 12 to 16 (wall clock; the CPU time of the 1000-player round was
23.9 s, of which about 19 s in its four brackets of 125 to 214 players, one matching each):

    players    burstein round 6 of 9
        100          0.30 s
        300          5.62 s
       1000        248.91 s
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# After the path above, so the benchmark runs from a checkout without an install.
from pairing.engine import pair_round  # noqa: E402
from pairing.engine.burstein import pair_burstein  # noqa: E402
from tournaments.record import trf  # noqa: E402
from tournaments.record.model import (  # noqa: E402
    Colour,
    Player,
    Record,
    ResultCode,
    RoundEntry,
)

ROUNDS = 9
PLAYED = 5
HISTORY = "engine-1"
"""Version of the way histories are made; part of the cache file names."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rookery-bench"


def build_history(size: int) -> Record:
    """Pair rounds 1-5 of ``size`` players with the engine; results drawn at random."""

    rng = random.Random(size)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(size)), reverse=True)
    rounds: list[list[RoundEntry]] = [[] for _ in range(size)]

    def record() -> Record:
        return Record(
            players=tuple(
                Player(rank=i + 1, name=f"P{i + 1}", rating=ratings[i], rounds=tuple(rounds[i]))
                for i in range(size)
            ),
            planned_rounds=ROUNDS,
            initial_colour=Colour.WHITE,
        )

    for _ in range(PLAYED):
        result = pair_round(record())
        if result.bye is not None:
            rounds[result.bye - 1].append(
                RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)
            )
        for board in result.boards:
            roll = rng.random()
            if roll < 0.4:
                code = ResultCode.WIN
            elif roll < 0.7:
                code = ResultCode.DRAW
            else:
                code = ResultCode.LOSS
            rounds[board.white - 1].append(RoundEntry(board.black, Colour.WHITE, code))
            rounds[board.black - 1].append(RoundEntry(board.white, Colour.BLACK, code.counterpart))
    return record()


def history(size: int) -> Record:
    """A section of ``size`` players after five rounds, the same for every run (cached)."""

    path = cache_dir() / f"{HISTORY}-{size}.trf"
    if not path.exists():
        text = trf.write(build_history(size))
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(text.encode("utf-8"))
        partial.replace(path)
    return trf.read(path.read_bytes())


ENGINES = {"dutch": pair_round, "burstein": pair_burstein}


def time_one(size: int, engine: str = "dutch") -> float:
    """Seconds to pair round 6 of a ``size``-player section with ``engine``."""

    record = history(size)
    start = time.perf_counter()
    ENGINES[engine](record)
    return time.perf_counter() - start


def _measure(size: int, engine: str, limit: float) -> str:
    """Round 6 of ``size`` players by ``engine`` in a process of its own, as a table cell."""
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--one", str(size), "--engine", engine],
            capture_output=True,
            text=True,
            timeout=limit,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return f"> {limit:.0f} s"
    except subprocess.CalledProcessError as error:
        return "error: " + error.stderr.strip().splitlines()[-1]
    return f"{float(done.stdout.strip()):.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,300,1000")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per size")
    parser.add_argument("--engines", default="dutch,burstein", help="dutch, burstein or both")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--engine", default="dutch", help=argparse.SUPPRESS)
    parser.add_argument("--build", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(f"{time_one(args.one, args.engine):.3f}")
        return 0
    if args.build:
        history(args.build)
        return 0
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = sorted(set(engines) - set(ENGINES))
    if unknown:
        parser.error(f"--engines: no engine {', '.join(unknown)}")
    print(f"{'players':>8}" + "".join(f"  {e + ' round 6 of 9':>22}" for e in engines))
    for size in (int(s) for s in args.sizes.split(",")):
        # The history is built (once, then cached) outside the time limit: only round 6 is
        # measured, and a first run must not be cut short while it builds.
        if not (cache_dir() / f"{HISTORY}-{size}.trf").exists():
            print(f"(building the {size}-player history, once)", file=sys.stderr, flush=True)
            subprocess.run([sys.executable, __file__, "--build", str(size)], check=True)
        cells = [_measure(size, engine, args.limit) for engine in engines]
        print(f"{size:>8}" + "".join(f"  {cell:>22}" for cell in cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
