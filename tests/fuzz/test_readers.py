"""The readers on mutated files: the only error a reader gives is its own, naming where.

The TRF reader raises `TrfError` with a line and a field, nothing else; `rookery-trf check`
answers every file with an exit code and no traceback; the roster reader never raises and
names the line of every problem of a row.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore import roster
from chesscore.cli.trf import main as trf_cli
from chesscore.record.model import Record
from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from chesscore.record.trf import validate
from tests.fuzz.mutations import Mutation
from tests.fuzz.mutations import mutate
from tests.fuzz.mutations import mutations
from tests.fuzz.mutations import seed_files

FUZZ = settings.get_profile("fuzz")
TRF_SEEDS = seed_files(".trf")
CSV_SEEDS = dict(seed_files(".csv"))


def _mutant(seeds: tuple[tuple[str, bytes], ...]) -> st.SearchStrategy[bytes]:
    return st.tuples(st.sampled_from([data for _name, data in seeds]), mutations()).map(
        lambda pair: mutate(*pair)
    )


def _outcome(data: bytes) -> Record | TrfError:
    """The record `data` holds, or the `TrfError` the reader refused it with (any other
    exception goes through, and fails the test)."""
    try:
        return read(data)
    except TrfError as error:
        return error


def test_the_seed_files_are_read_without_error() -> None:
    for name, data in TRF_SEEDS:
        assert read(data).players, name
    for name, data in CSV_SEEDS.items():
        assert roster.parse(data).ok, name


@settings(FUZZ, max_examples=200)
@given(data=_mutant(TRF_SEEDS))
def test_the_trf_reader_raises_only_trf_errors_naming_line_and_field(data: bytes) -> None:
    outcome = _outcome(data)

    if isinstance(outcome, TrfError):
        assert outcome.line >= 1
        assert outcome.field
        assert str(outcome).startswith(f"line {outcome.line}, {outcome.field}: ")
    else:
        assert outcome.players
    for error in validate(data):
        assert error.line >= 1
        assert error.field


@settings(FUZZ, max_examples=50)
@given(data=_mutant(TRF_SEEDS))
def test_rookery_trf_check_answers_every_file_without_a_traceback(
    data: bytes, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("check") / "input.trf"
    path.write_bytes(data)

    code = trf_cli(["check", str(path)])

    captured = capsys.readouterr()
    assert code in (0, 3)
    assert "Traceback" not in captured.err
    if code == 3:
        assert ": line " in captured.err


def _roster_property(data: bytes) -> None:
    result = roster.parse(data)
    for issue in result.errors:
        assert issue.message
    rows = {row.line for row in result.rows}
    assert all(line >= 1 for line in rows)
    roster.preview(data)


@settings(FUZZ, max_examples=150)
@given(data=_mutant((("generic.csv", CSV_SEEDS["generic.csv"]),)))
def test_the_generic_roster_reader_never_raises(data: bytes) -> None:
    _roster_property(data)


@settings(FUZZ, max_examples=150)
@given(data=_mutant((("nwchess.csv", CSV_SEEDS["nwchess.csv"]),)))
def test_the_nwchess_roster_reader_never_raises(data: bytes) -> None:
    _roster_property(data)


@pytest.mark.parametrize(
    "change",
    [
        Mutation("unicode_digit", 0.2, 0),  # "²" in a FIDE ID, once a 500 on the preview page
        Mutation("huge_number", 0.5, 0),
        Mutation("nul", 0.5, 0),
        Mutation("big_number", 0.9, 0),
    ],
)
@pytest.mark.parametrize("seed", sorted(CSV_SEEDS))
def test_roster_mutations_that_once_crashed_are_refused_naming_a_line(
    seed: str, change: Mutation
) -> None:
    data = mutate(CSV_SEEDS[seed], [change])

    result = roster.parse(data)

    assert all(issue.line is not None for issue in result.errors)


@pytest.mark.parametrize(
    "change",
    [
        Mutation("huge_number", 0.0, 0),
        Mutation("huge_number", 0.99, 0),
        Mutation("big_number", 0.99, 0),
        Mutation("nul", 0.3, 0),
        Mutation("control", 0.6, 27),
        Mutation("unicode_digit", 0.5, 0),
        Mutation("truncate", 0.01, 0),
        Mutation("long_line", 0.4, 0),
    ],
)
@pytest.mark.parametrize("seed", [name for name, _data in TRF_SEEDS])
def test_trf_mutations_that_once_crashed_are_refused_naming_line_and_field(
    seed: str, change: Mutation
) -> None:
    data = mutate(dict(TRF_SEEDS)[seed], [change])

    outcome = _outcome(data)

    if isinstance(outcome, TrfError):
        assert outcome.line >= 1
        assert outcome.field
    else:
        assert outcome.players
