"""Benchmark of the Dutch and Burstein engines: round 6 of 9 and round 1 for growing sections.

Inputs are deterministic and made by the engine itself: ratings and results come from
``random.Random(size)`` and rounds 1-5 are paired by :func:`chesscore.pairing.pair_round`, so
round 6 sees the score groups, colours and floats of a real tournament.  Round 1 is a
fresh section of ``size`` players (ratings only).  Only the round itself is timed, by
``pair_round`` (or ``pair_burstein``) on the record.  The Burstein engine pairs the same
round 6: its seeding rounds (four of nine) are Dutch rounds anyway, and round 6 is well past
them, paired by the Index (C.04.4.2); its round 1 is a Dutch round, so it is not timed
twice.  Each size and round runs in its own process with a time limit, which building a
missing history does not count against; the process pairs the round ``--repeat`` times
and the medians of the elapsed and of the CPU time are printed (the machine may be shared:
the CPU time is what the engine itself cost).
``--full-path`` turns off the certificates of ``chesscore/pairing/direct.py`` to time the
weighted matchings alone (what every round cost before the certificates).

The first run builds the histories and caches them as TRF files in
``~/.cache/rookery-bench/`` (``$XDG_CACHE_HOME`` if set), named by size and ``HISTORY``
(beyond 9,999 players, which TRF cannot number, as pickles); change ``HISTORY`` whenever
the way they are made changes.  Building costs five pairings of the size, made by the
engine's direct paths: seconds for up to 3000 players, about 45 s for 10,000.  3000 and
10,000 players are measured when ``--sizes`` asks for them.  Every cell also gives the
peak memory of its process.

gacrux, a pure-Python FIDE Dutch engine on PyPI (it needs networkx), is an optional peer
and never a dependency of the project: install it in an environment of its own
(``python3 -m venv gacrux-venv && gacrux-venv/bin/pip install gacrux``) and name that
Python with ``--peer-python`` (default ``$ROOKERY_BENCH_PEER_PYTHON``, else the Python
running the benchmark).  When it can import gacrux, ``bench/gacrux_peer.py`` pairs the
same input in its own process, ``--repeat`` times: the cached TRF file for round 6, the
round-1 section written as TRF.  For both engines only the pairing call is timed, on an
input parsed before the clock starts (gacrux: building its Dutch engine on the parsed
tournament and ``compute_pairing``).  A second table then sets the Dutch engine's cells
of the first one beside gacrux's: medians of elapsed and CPU time, the ratio gacrux CPU
/ Rookery CPU, and whether the two pairings are the same (the sets of boards
white-black, and the bye) or how many boards differ.  Without gacrux one line says so
and the benchmark runs as before.

    .venv/bin/python bench/pairing.py [--sizes 100,300,1000] [--first-sizes 600,1000]
        [--repeat 3] [--limit 600] [--full-path] [--engines dutch,burstein]
        [--peer-python gacrux-venv/bin/python]

Targets for the Dutch engine, pairing call alone: round 1, 0.05 s per 1000 players; round
6 of 9, 0.15 s at 300 players, 1 s at 1000, 6 s at 3000, 60 s and 1 GB at 10,000.
Measured on a 2-core machine with a load average of 1 to 3 (``--sizes
300,1000,3000,10000 --first-sizes 600,1000,3000,10000 --repeat 3 --peer-python ...``,
gacrux 1.11 with networkx 3.6; medians of 3, CPU seconds; both engines gave the same
pairings in every cell; gacrux was not run at 10,000 players, which TRF cannot hold):

    players    round      Rookery    peak      gacrux    gacrux / Rookery
        300    6 of 9     0.012 s    22 MB     0.340 s        29
       1000    6 of 9     0.037 s    24 MB     3.907 s       105
       3000    6 of 9     0.265 s    30 MB    44.218 s       167
      10000    6 of 9     4.752 s    53 MB
        600    1 of 9     0.004 s    23 MB     0.778 s       192
       1000    1 of 9     0.007 s    23 MB     2.327 s       348
       3000    1 of 9     0.024 s    25 MB    26.878 s      1138
      10000    1 of 9     0.097 s    34 MB

Round 6 through the weighted matchings alone (``--full-path``), on an idle machine before
the certificates of later rounds: 0.36 s at 300 players, 4.7 s at 1000, 64 s at 3000
(see ``chesscore/pairing/ALGORITHM.md``, sections 5 and 6).

The Burstein engine, round 6 of 9 on the same histories, measured on a shared 2-core machine
under a load average of 12 to 16 (wall clock; the CPU time of the 1000-player round was
23.9 s, of which about 19 s in its four brackets of 125 to 214 players, one matching each):

    players    burstein round 6 of 9
        100          0.30 s
        300          5.62 s
       1000        248.91 s

Round 1, CPU time on a shared machine (load average 5 to 14), certificates on and off
(``--full-path``): 600 players 0.003 s against 9.8 s, 1000 players 0.008 s against
37.6 s.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# After the path above, so the benchmark runs from a checkout without an install.
from chesscore.pairing import dutch  # noqa: E402
from chesscore.pairing import pair_round  # noqa: E402
from chesscore.pairing.burstein import pair_burstein  # noqa: E402
from chesscore.pairing.types import PairingResult  # noqa: E402
from chesscore.record import trf  # noqa: E402
from chesscore.record.model import Colour  # noqa: E402
from chesscore.record.model import Player  # noqa: E402
from chesscore.record.model import Record  # noqa: E402
from chesscore.record.model import ResultCode  # noqa: E402
from chesscore.record.model import RoundEntry  # noqa: E402

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


TRF_PLAYERS = 9999
"""The most players a TRF file holds (four-digit pairing numbers)."""


def history_path(size: int) -> Path:
    """The cached history of ``size`` players: TRF, or a pickle beyond what TRF holds."""

    suffix = "trf" if size <= TRF_PLAYERS else "pickle"
    return cache_dir() / f"{HISTORY}-{size}.{suffix}"


def history(size: int) -> Record:
    """A section of ``size`` players after five rounds, the same for every run (cached)."""

    path = history_path(size)
    if not path.exists():
        record = build_history(size)
        data = trf.write(record).encode("utf-8") if size <= TRF_PLAYERS else pickle.dumps(record)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(data)
        partial.replace(path)
    if size > TRF_PLAYERS:
        # Our own file, written just above or by an earlier run of this script.
        record = pickle.loads(path.read_bytes())
        assert isinstance(record, Record)
        return record
    return trf.read(path.read_bytes())


def first_round(size: int) -> Record:
    """A section of ``size`` players before round 1, the same for every run."""

    rng = random.Random(size)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(size)), reverse=True)
    return Record(
        players=tuple(Player(rank=i + 1, name=f"P{i + 1}", rating=ratings[i]) for i in range(size)),
        planned_rounds=ROUNDS,
        initial_colour=Colour.WHITE,
    )


ENGINES = {"dutch": pair_round, "burstein": pair_burstein}


def time_one(
    size: int, number: int, repeat: int, engine: str = "dutch"
) -> tuple[list[tuple[float, float]], PairingResult]:
    """Seconds (elapsed, CPU of this process) to pair round ``number`` (1 or 6) of a
    ``size``-player section, per run, and the round the last run paired."""

    record = first_round(size) if number == 1 else history(size)
    times = []
    result = None
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        result = ENGINES[engine](record)
        times.append((time.perf_counter() - start, time.process_time() - cpu))
    assert result is not None, "--repeat must be at least 1"
    return times, result


@dataclass(frozen=True)
class Cell:
    """What one process measured: its runs and the round it paired, or why it failed."""

    runs: tuple[tuple[float, float], ...] = ()
    boards: tuple[tuple[int, int], ...] = ()
    bye: int | None = None
    failure: str | None = None
    number: int | None = None
    """The round paired, when the process says (gacrux's does)."""
    peak: float | None = None
    """Peak resident memory of the process in MB, when it says (ours does)."""

    @property
    def elapsed(self) -> float:
        return statistics.median(wall for wall, _ in self.runs)

    @property
    def cpu(self) -> float:
        return statistics.median(cpu for _, cpu in self.runs)

    def text(self) -> str:
        return self.failure or f"{self.elapsed:.3f} s  {self.cpu:.3f} s"


def peak_megabytes() -> float:
    """Peak resident memory of this process so far, in MB (Linux counts kB)."""

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cell_json(runs: list[tuple[float, float]], result: PairingResult) -> str:
    """The line a measuring process prints: the format ``bench/gacrux_peer.py`` prints too,
    with this process's peak memory."""

    boards = [[board.white, board.black] for board in result.boards]
    return json.dumps(
        {"runs": runs, "boards": boards, "bye": result.bye, "peak": round(peak_megabytes())}
    )


def run_cell(command: list[str], limit: float) -> Cell:
    """Run one measuring process and read its JSON line; every failure becomes a Cell."""

    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return Cell(failure=f"> {limit:.0f} s elapsed")
    except subprocess.CalledProcessError as error:
        lines = error.stderr.strip().splitlines() or [f"exit status {error.returncode}"]
        return Cell(failure="error: " + lines[-1])
    except OSError as error:
        return Cell(failure=f"error: cannot run {command[0]}: {error.strerror or error}")
    try:
        data = json.loads(done.stdout.strip().splitlines()[-1])
        return Cell(
            runs=tuple((float(wall), float(cpu)) for wall, cpu in data["runs"]),
            boards=tuple((int(white), int(black)) for white, black in data["boards"]),
            bye=None if data["bye"] is None else int(data["bye"]),
            number=int(data["round"]) if "round" in data else None,
            peak=float(data["peak"]) if "peak" in data else None,
        )
    except (IndexError, KeyError, TypeError, ValueError):
        return Cell(failure="error: unreadable output")


def measure(size: int, number: int, args: argparse.Namespace, engine: str = "dutch") -> Cell:
    """One cell of the table: the median of ``args.repeat`` runs in a fresh process."""

    command = [sys.executable, __file__, "--one", str(size), "--round", str(number)]
    command += ["--engine", engine]
    command += ["--repeat", str(args.repeat)] + (["--full-path"] if args.full_path else [])
    return run_cell(command, args.limit)


PEER = Path(__file__).resolve().with_name("gacrux_peer.py")


def peer_missing(python: str) -> str | None:
    """Why ``python`` cannot run gacrux, or None when it can."""

    try:
        done = subprocess.run(
            [python, "-c", "import gacrux"], capture_output=True, text=True, timeout=120
        )
    except OSError as error:
        return f"cannot run {python}: {error.strerror or error}"
    except subprocess.TimeoutExpired:
        return f"{python} took over 120 s to import gacrux"
    if done.returncode != 0:
        return f"{python} cannot import gacrux"
    return None


def measure_peer(python: str, path: Path, number: int, args: argparse.Namespace) -> Cell:
    """gacrux pairing the next round of the TRF file ``path``, round ``number``, in its
    own process."""

    cell = run_cell([python, str(PEER), str(path), str(args.repeat)], args.limit)
    if not cell.failure and cell.number != number:
        return Cell(failure=f"error: paired round {cell.number}, not {number}")
    return cell


def _peak(cell: Cell) -> str:
    return "" if cell.peak is None else f"{cell.peak:.0f} MB"


def compare(ours: Cell, theirs: Cell) -> str:
    """``same`` when both paired the same boards (white-black) and bye, else how many of
    the boards differ (those only reversed in colour are counted apart) and the byes."""

    mine, other = set(ours.boards), set(theirs.boards)
    differ = max(len(mine - other), len(other - mine))
    if not differ and ours.bye == theirs.bye:
        return "same"
    reversed_ = len({(black, white) for white, black in mine - other} & other)
    notes = [f"{differ} board" + ("s" if differ != 1 else "")]
    if reversed_:
        notes.append(f"{reversed_} by colour only")
    if ours.bye != theirs.bye:
        notes.append(f"bye {ours.bye} / {theirs.bye}")
    return f"differs ({', '.join(notes)})"


def side_by_side(rows: list[tuple[int, int, Cell, Cell]]) -> list[str]:
    """The lines of the table Rookery against gacrux; a row is (players, round, Rookery's
    cell, gacrux's cell)."""

    lines = [
        f"{'players':>8}  {'round':>6}  {'Rookery (elapsed, CPU)':>22}  "
        f"{'gacrux (elapsed, CPU)':>22}  {'ratio':>7}  pairings"
    ]
    for size, number, ours, theirs in rows:
        if ours.failure or theirs.failure:
            ratio, verdict = "-", "-"
        else:
            ratio = f"{theirs.cpu / ours.cpu:.1f}" if ours.cpu > 0 else "-"
            verdict = compare(ours, theirs)
        lines.append(
            f"{size:>8}  {f'{number} of {ROUNDS}':>6}  {ours.text():>22}  "
            f"{theirs.text():>22}  {ratio:>7}  {verdict}"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,300,1000", help="round 6 of 9; empty: none")
    parser.add_argument("--first-sizes", default="600,1000,3000,10000", help="round 1")
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (median)")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per cell")
    parser.add_argument("--full-path", action="store_true", help="weighted matchings only")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--engines", default="dutch,burstein", help="round 6: dutch, burstein")
    parser.add_argument(
        "--peer-python",
        default=os.environ.get("ROOKERY_BENCH_PEER_PYTHON") or sys.executable,
        help="a Python that can import gacrux, timed beside the Dutch engine "
        "(default: $ROOKERY_BENCH_PEER_PYTHON, else this Python)",
    )
    parser.add_argument("--round", type=int, default=6, help=argparse.SUPPRESS)
    parser.add_argument("--engine", default="dutch", help=argparse.SUPPRESS)
    parser.add_argument("--build", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.full_path:
        dutch.DIRECT_PATHS = False
    if args.one:
        runs, result = time_one(args.one, args.round, args.repeat, args.engine)
        print(cell_json(runs, result))
        return 0
    if args.build:
        history(args.build)
        return 0
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = sorted(set(engines) - set(ENGINES))
    if unknown:
        parser.error(f"--engines: no engine {', '.join(unknown)}")
    missing = peer_missing(args.peer_python)
    if missing:
        print(f"gacrux not available ({missing}): no side-by-side table", flush=True)
    peer_rows: list[tuple[int, int, Cell, Cell]] = []
    print(f"median of {args.repeat} run(s){', full path only' if args.full_path else ''}")
    print(f"{'players':>8}  {'engine':>9}  {'round':>8}  {'elapsed':>10}  {'CPU':>8}  {'peak':>8}")
    for size in (int(s) for s in args.sizes.split(",") if s):
        # The history is built (once, then cached) outside the time limit: only round 6 is
        # measured, and a first run must not be cut short while it builds.
        path = history_path(size)
        if not path.exists():
            print(f"(building the {size}-player history, once)", file=sys.stderr, flush=True)
            subprocess.run([sys.executable, __file__, "--build", str(size)], check=True)
        cells = {}
        for engine in engines:
            cells[engine] = measure(size, 6, args, engine)
            print(
                f"{size:>8}  {engine:>9}  {'6 of 9':>8}  {cells[engine].text():>20}"
                f"  {_peak(cells[engine]):>8}",
                flush=True,
            )
        if not missing and size <= TRF_PLAYERS:
            ours = cells.get("dutch") or measure(size, 6, args)
            peer_rows.append((size, 6, ours, measure_peer(args.peer_python, path, 6, args)))
    with tempfile.TemporaryDirectory(prefix="rookery-bench-") as scratch:
        for size in (int(s) for s in args.first_sizes.split(",") if s):
            ours = measure(size, 1, args)
            print(
                f"{size:>8}  {'dutch':>9}  {'1 of 9':>8}  {ours.text():>20}  {_peak(ours):>8}",
                flush=True,
            )
            if not missing and size <= TRF_PLAYERS:
                path = Path(scratch) / f"first-{size}.trf"
                path.write_bytes(trf.write(first_round(size)).encode("utf-8"))
                peer_rows.append((size, 1, ours, measure_peer(args.peer_python, path, 1, args)))
    if peer_rows:
        print()
        print(
            f"Dutch engine beside gacrux ({args.peer_python}), the same TRF input: "
            f"median of {args.repeat} run(s) of the pairing call alone, each engine in its "
            "own process; ratio: gacrux CPU / Rookery CPU"
        )
        for line in side_by_side(peer_rows):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
