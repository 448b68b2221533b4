"""Round trip over the golden corpora: read(write(read(f), d)) == read(f) for both dialects."""

from __future__ import annotations

from pathlib import Path

from chesscore.record.model import Colour
from chesscore.record.model import ResultCode
from chesscore.record.model import ScoringSystem
from chesscore.record.trf import read
from chesscore.record.trf import write
from tests.golden import dutch_corpus
from tests.golden import tournaments_corpus

DUTCH = sorted(dutch_corpus().glob("*.trf"))
TOURNAMENTS = sorted(tournaments_corpus().glob("*.trf"))


def _round_trip_failures(files: list[Path]) -> list[str]:
    failures = []
    for path in files:
        record = read(path.read_bytes())
        for dialect in ("trf16", "trf26"):
            if read(write(record, dialect)) != record:
                failures.append(f"{path.name} ({dialect})")
    return failures


def test_every_dutch_case_survives_both_dialects() -> None:
    assert _round_trip_failures(DUTCH) == []


def test_every_reference_tournament_survives_both_dialects() -> None:
    assert _round_trip_failures(TOURNAMENTS) == []


def test_reference_tournament_with_cr_line_ends_is_read_whole() -> None:
    path = tournaments_corpus() / "t000001.trf"
    raw = path.read_bytes()

    record = read(raw)

    assert b"\n" not in raw
    assert len(record.players) == raw.count(b"\r001 ")
    assert record.event.name == "AutoTest Tournament 1"
    assert record.event.tournament_type == "FIDE_DUTCH_2025"
    assert record.planned_rounds is None
    assert record.rounds_played == record.round_columns


def test_dutch_case_settings_are_read() -> None:
    record = read((dutch_corpus() / "case000001.trf").read_bytes())

    assert (record.planned_rounds, record.initial_colour) == (7, Colour.WHITE)
    assert len(record.players) == 18
    assert record.rounds_played == 4
    assert record.player(18).rounds[3].result is ResultCode.PAIRING_ALLOCATED_BYE


def test_three_one_zero_cases_carry_their_scoring_system() -> None:
    with_162 = [p for p in DUTCH if "\n162 " in p.read_text()]

    assert with_162
    for path in with_162[:20]:
        assert read(path.read_bytes()).scoring == ScoringSystem.from_game_points(3, 1)


def test_written_trf26_lines_match_the_source_player_lines() -> None:
    for path in DUTCH[:200] + TOURNAMENTS[:50]:
        source = path.read_bytes().decode()
        written = write(read(source), "trf26").split("\r")
        source_players = [
            line.rstrip() for line in source.replace("\r", "\n").split("\n") if line[:3] == "001"
        ]
        assert [line for line in written if line[:3] == "001"] == source_players, path.name
