"""``bench/pairing.py`` beside gacrux: what can be checked without gacrux installed.

The comparison of two pairings, the side-by-side table, the reading of a measuring
process's line, and the peer path when the peer's Python is missing or cannot import
gacrux (one line, and the benchmark goes on).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "pairing.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rookery_bench_pairing", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Dataclasses look their module up by name while the module is being executed.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load()
Cell: Any = bench.Cell


def _args(**overrides: object) -> argparse.Namespace:
    values: dict[str, object] = {"repeat": 3, "limit": 60.0, "full_path": False}
    values.update(overrides)
    return argparse.Namespace(**values)


def _cell(boards: list[tuple[int, int]], bye: int | None = None, cpu: float = 0.5) -> Any:
    return Cell(runs=((1.0, cpu),), boards=tuple(boards), bye=bye)


# --- comparison ------------------------------------------------------------------------


def test_the_same_boards_in_another_order_are_the_same_pairing() -> None:
    ours = _cell([(1, 4), (3, 2)], bye=5)
    theirs = _cell([(3, 2), (1, 4)], bye=5)
    assert bench.compare(ours, theirs) == "same"


def test_other_partners_count_every_board_that_differs() -> None:
    ours = _cell([(1, 3), (2, 4), (5, 6)])
    theirs = _cell([(1, 4), (2, 3), (5, 6)])
    assert bench.compare(ours, theirs) == "differs (2 boards)"


def test_a_board_with_colours_reversed_differs_and_is_told_apart() -> None:
    ours = _cell([(1, 3), (2, 4), (5, 6)])
    theirs = _cell([(3, 1), (2, 4), (6, 5)])
    assert bench.compare(ours, theirs) == "differs (2 boards, 2 by colour only)"


def test_another_bye_differs_even_when_every_board_is_the_same() -> None:
    ours = _cell([(1, 2)], bye=3)
    theirs = _cell([(1, 2)], bye=None)
    assert bench.compare(ours, theirs) == "differs (0 boards, bye 3 / None)"


def test_one_board_that_differs_is_one_board() -> None:
    ours = _cell([(1, 2), (3, 4)], bye=5)
    theirs = _cell([(1, 2), (3, 5)], bye=4)
    assert bench.compare(ours, theirs) == "differs (1 board, bye 5 / 4)"


# --- the table -------------------------------------------------------------------------


def test_the_table_gives_medians_the_cpu_ratio_and_the_verdict() -> None:
    ours = Cell(runs=((1.0, 0.2), (3.0, 0.4), (2.0, 0.3)), boards=((1, 2),))
    theirs = Cell(runs=((4.0, 0.9), (5.0, 0.8), (6.0, 1.2)), boards=((2, 1),))
    header, row = bench.side_by_side([(300, 6, ours, theirs)])
    assert header.split() == [
        "players",
        "round",
        "Rookery",
        "(elapsed,",
        "CPU)",
        "gacrux",
        "(elapsed,",
        "CPU)",
        "ratio",
        "pairings",
    ]
    assert row.split() == [
        "300",
        "6",
        "of",
        "9",
        "2.000",
        "s",
        "0.300",
        "s",
        "5.000",
        "s",
        "0.900",
        "s",
        "3.0",
        "differs",
        "(1",
        "board,",
        "1",
        "by",
        "colour",
        "only)",
    ]
    assert len(header) - len("pairings") == row.index("differs")


def test_a_failed_cell_shows_why_and_no_ratio_nor_verdict() -> None:
    ours = _cell([(1, 2)])
    theirs = Cell(failure="> 600 s elapsed")
    (row,) = bench.side_by_side([(1000, 1, ours, theirs)])[1:]
    assert "> 600 s elapsed" in row
    assert row.split()[-2:] == ["-", "-"]


def test_no_ratio_when_the_engine_took_no_measurable_cpu() -> None:
    (row,) = bench.side_by_side([(10, 1, _cell([(1, 2)], cpu=0.0), _cell([(1, 2)]))])[1:]
    assert row.split()[-2:] == ["-", "same"]


# --- measuring processes ---------------------------------------------------------------


def test_a_measuring_process_line_is_read_into_a_cell() -> None:
    line = '{"runs": [[0.5, 0.25], [0.75, 0.5]], "boards": [[3, 1], [2, 4]], "bye": 5}'
    cell = bench.run_cell([sys.executable, "-c", f"print('noise'); print({line!r})"], 60)
    assert cell == Cell(runs=((0.5, 0.25), (0.75, 0.5)), boards=((3, 1), (2, 4)), bye=5)
    assert (cell.elapsed, cell.cpu) == (0.625, 0.375)


def test_a_failing_process_gives_its_last_error_line() -> None:
    code = "import sys; sys.exit('first\\nno such round')"
    assert bench.run_cell([sys.executable, "-c", code], 60).failure == "error: no such round"


def test_a_process_past_the_limit_is_cut_short() -> None:
    cell = bench.run_cell([sys.executable, "-c", "import time; time.sleep(30)"], 0.5)
    assert cell.failure == "> 0 s elapsed"


def test_the_engine_process_reports_its_runs_and_round() -> None:
    cell = bench.measure(12, 1, _args(repeat=2))
    assert cell.failure is None
    assert len(cell.runs) == 2
    assert sorted(p for board in cell.boards for p in board) == list(range(1, 13))
    assert cell.bye is None


def test_a_peer_that_pairs_another_round_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    peer = tmp_path / "peer.py"
    peer.write_text(
        "import json\n"
        'print(json.dumps({"round": 5, "runs": [[1, 1]], "boards": [[1, 2]], "bye": None}))\n'
    )
    monkeypatch.setattr(bench, "PEER", peer)
    trf = tmp_path / "in.trf"
    assert bench.measure_peer(sys.executable, trf, 6, _args()).failure == (
        "error: paired round 5, not 6"
    )
    assert bench.measure_peer(sys.executable, trf, 5, _args()).boards == ((1, 2),)


# --- the peer is optional --------------------------------------------------------------


def test_a_missing_peer_python_is_reported_not_raised(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-python")
    assert bench.peer_missing(missing) == f"cannot run {missing}: No such file or directory"
    cell = bench.measure_peer(missing, tmp_path / "in.trf", 6, _args())
    assert cell.failure == f"error: cannot run {missing}: No such file or directory"


def test_a_python_without_gacrux_is_reported(tmp_path: Path) -> None:
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    assert bench.peer_missing(str(fake)) == f"{fake} cannot import gacrux"


def test_the_bench_says_gacrux_is_missing_in_one_line_and_runs_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "no-python")
    argv = ["pairing.py", "--sizes", "", "--first-sizes", "", "--peer-python", missing]
    monkeypatch.setattr(sys, "argv", argv)
    assert bench.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        f"gacrux not available (cannot run {missing}: No such file or directory): "
        "no side-by-side table"
    )
    assert [line for line in lines if "gacrux" in line] == lines[:1]
    assert lines[1] == "median of 3 run(s)"
