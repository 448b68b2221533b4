"""Data for the tournaments tests: corpus samples and small TRF files."""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest
from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from chesscore.record import model as rec


def corpus_sample(folder: Path, count: int) -> list[Path]:
    """`count` files spread evenly over a corpus folder, always the same ones."""
    files = sorted(folder.glob("*.trf"))
    if not files:
        return []
    step = max(len(files) // count, 1)
    return files[::step][:count]


def _player(rank: int, name: str, rating: int, fed: str, points: str, rounds: str) -> str:
    """A 001 line, columns as TRF16 places them."""
    head = f"001 {rank:>4}      {name:<33} {rating:>4} {fed:<3} {'':>11} {'':<10}"
    return f"{head}{points:>5} {'':>4}{rounds}"


# Four players, two rounds played, a half-point bye entered for round 3, a forbidden pair.
SMALL_TRF = "\r".join(
    [
        "012 Spring Open",
        "022 Leiden",
        "042 2026/04/01",
        "052 2026/04/03",
        _player(1, "Adams, Anna", 2200, "NED", "1.5", "     3 w 1     2 b =  0000 - H"),
        _player(2, "Brown, Bert", 2100, "ENG", "1.0", "     4 b =     1 w ="),
        _player(3, "Clark, Cleo", 2000, "SCO", "1.0", "     1 b 0     4 w 1"),
        _player(4, "Dutton, Dirk", 1900, "WLS", "0.5", "     2 w =     3 b 0"),
        "142 5",
        "152 W",
        "XXP 4 2",
        "",
    ]
)


@pytest.fixture
def small_trf() -> str:
    return SMALL_TRF


def rich_record() -> rec.Record:
    """Everything that has no column of its own, and the unusual cases of those that do."""
    win, loss = rec.ResultCode.WIN, rec.ResultCode.LOSS
    white, black, none = rec.Colour.WHITE, rec.Colour.BLACK, rec.Colour.NONE
    players = (
        rec.Player(
            rank=2,
            name="Mononym",
            sex=rec.Sex.FEMALE,
            title="WGM",
            rating=2300,
            federation="GER",
            fide_id=4100123,
            birth_date="1999/00/00",
            points=Fraction(1),
            final_rank=1,
            rounds=(
                rec.RoundEntry(1, white, win),
                rec.RoundEntry(3, none, rec.ResultCode.FORFEIT_WIN),
            ),
        ),
        rec.Player(
            rank=1,
            name="Doe,John",
            rounds=(
                rec.RoundEntry(2, black, loss),
                rec.RoundEntry(None, none, rec.ResultCode.PAIRING_ALLOCATED_BYE),
            ),
        ),
        rec.Player(
            rank=3,
            name="Roe, Richard",
            rounds=(
                rec.RoundEntry(None, none, rec.ResultCode.UNPAIRED),
                rec.RoundEntry(2, none, rec.ResultCode.FORFEIT_LOSS),
                rec.RoundEntry(None, none, rec.ResultCode.ZERO_POINT_BYE),
            ),
        ),
    )
    return rec.Record(
        players=players,
        event=rec.Event(
            name="Rich",
            start_date=datetime.date(2026, 5, 1),
            round_dates=(None, datetime.date(2026, 5, 2)),
        ),
        system="dutch",
        team_rules=rec.TeamSwissRules(rec.ScoreKind.GP, False, rec.PreferenceType.B),
        planned_rounds=None,
        initial_colour=rec.Colour.BLACK,
        order_by_file_position=True,
        scoring=rec.ScoringSystem(win=Fraction(3), draw=Fraction(2, 5), forfeit_win=Fraction(3)),
        match_scoring=rec.MatchScoring(win=Fraction(3)),
        virtual_points=(rec.VirtualPoints(3, (Fraction(1, 2),)), rec.VirtualPoints(1, ())),
        accelerated_rounds=(rec.AcceleratedRounds(1, 2, 1, 2, Fraction(1)),),
        forbidden_pairings=(rec.ForbiddenPairing((1, 3), 1, 2),),
        bye_assignments=(rec.ByeAssignment(rec.ResultCode.HALF_POINT_BYE, 3, (1,)),),
        absent_next_round=(2,),
        standings_score="MP",
        tiebreaks=("BH/C1", "SB"),
        teams=(
            rec.Team(1, "Knights", members=(2, 1), nickname="KN", rank=1),
            rec.Team(2, "Rooks", members=(3,), match_points=Fraction(2)),
        ),
        team_pab=rec.TeamPab(Fraction(1), Fraction(2), (None, 2)),
        forfeited_matches=(rec.ForfeitedMatch(rec.MatchForfeit.DOUBLE, 1, 1, 2),),
        lineups=(rec.TeamLineup(1, 1, 2, (2, None)),),
        extra_lines=("### a comment", "801 something"),
    )


def migrate(targets: list[tuple[str, str]]) -> Apps:
    """Migrate the test database to `targets`; the models as they stand there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def latest():
    """Whatever a test migrated the database to, it is back at the latest migrations after."""
    yield
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
