"""The Burstein reference on the Burstein corpus (py4swiss 0.3.1, a second opinion).

Every position of up to ``MAX_PLAYERS`` players is paired by the reference (all positions
of up to ``FULL_MAX_PLAYERS`` under ``ROOKERY_FULL_CORPUS=1``; beyond that the brute force
takes minutes).  Where the reference and py4swiss differ, the text decides: each such
position is argued in ``burstein_reference/DISAGREEMENTS.md`` and listed in `DISAGREEING`
with the pairing the argument gives, which the reference must produce.
"""

from __future__ import annotations

import os

import pytest

from chesscore.record.trf import read
from tests.golden import burstein_corpus
from tests.pairing.burstein_reference import NoPairing
from tests.pairing.burstein_reference import reference_pairing

CORPUS = burstein_corpus()
MAX_PLAYERS = 24
FULL_MAX_PLAYERS = 40
FULL = os.environ.get("ROOKERY_FULL_CORPUS") == "1"

Answer = frozenset[tuple[int, int]] | None
"""Boards as (white, black) with the PAB as (rank, 0); ``None`` for no pairing."""

DISAGREEING: dict[str, Answer] = {
    # The first of two candidates equal on C5-C8 in Article 4's order (py4swiss: the second).
    "case004484": frozenset({(5, 3), (4, 7), (2, 8), (1, 6)}),
    # 10's PAB round is a game against himself on his own score (1.7.2): 10 ranks above 5.
    "case000006": frozenset({(6, 2), (10, 3), (5, 9), (1, 8), (4, 11)}),
}


def _fitting() -> list[str]:
    limit = FULL_MAX_PLAYERS if FULL else MAX_PLAYERS
    names = []
    for line in (CORPUS / "MANIFEST.tsv").read_text().splitlines():
        name, players, *_ = line.split("\t")
        if int(players) <= limit:
            names.append(name)
    return names


def _expected(name: str) -> Answer:
    lines = [line.split() for line in (CORPUS / f"{name}.expected").read_text().splitlines()]
    lines = [line for line in lines if line]
    if lines[0] == ["NO_PAIRING"]:
        return None
    return frozenset((int(a), int(b)) for a, b in lines[1:])


def _reference(name: str) -> Answer:
    record = read((CORPUS / f"{name}.trf").read_bytes())
    try:
        boards, bye = reference_pairing(record)
    except NoPairing:
        return None
    return frozenset(boards) | ({(bye, 0)} if bye is not None else set())


CASES = _fitting()


def test_the_corpus_has_positions_small_enough_for_the_reference() -> None:
    assert len(CASES) >= 400
    assert set(DISAGREEING) <= set(CASES)


@pytest.mark.parametrize("name", CASES)
def test_burstein_reference_pairs_the_corpus_position_as_the_text_says(name: str) -> None:
    if name in DISAGREEING:
        assert _reference(name) == DISAGREEING[name]
        assert _expected(name) != DISAGREEING[name]
    else:
        assert _reference(name) == _expected(name)
