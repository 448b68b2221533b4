"""The engine on the complete tournaments of the golden corpus (read with ``trf.read``)."""

from __future__ import annotations

import doctest

import pytest

import chesscore.tiebreaks
from chesscore.record import trf
from chesscore.tiebreaks import codes
from chesscore.tiebreaks import context
from chesscore.tiebreaks import ratings
from chesscore.tiebreaks import report
from chesscore.tiebreaks import section
from chesscore.tiebreaks import standings
from tests.golden import tournaments_corpus

TOURNAMENTS = sorted(tournaments_corpus().glob("*.trf"))


def test_scores_and_shared_ranks_on_every_corpus_tournament() -> None:
    for path in TOURNAMENTS:
        record = trf.read(path.read_bytes())
        result = standings(record, ["DE", "BH-C1", "BH", "SB", "AOB", "FB"])
        assert {r.number for r in result.rows} == set(record.ranks)
        for row in result.rows:
            written = record.player(row.number).points
            assert written is None or written == row.points, path.name
        previous = None
        for position, row in enumerate(result.rows, start=1):
            assert row.rank <= position
            if previous is not None:
                assert previous.points >= row.points
                assert row.rank in (previous.rank, position)
            previous = row


@pytest.mark.parametrize(
    "module",
    [chesscore.tiebreaks, codes, context, ratings, report, section],
    ids=lambda m: m.__name__,
)
def test_docstring_examples(module: object) -> None:
    failed, attempted = doctest.testmod(module)  # type: ignore[arg-type]
    assert attempted > 0
    assert failed == 0
