"""Shared data for the tournaments tests: corpus samples and small TRF files."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"


def corpus_sample(folder: str, count: int) -> list[Path]:
    """`count` files spread evenly over a corpus folder, always the same ones."""
    files = sorted((CORPUS / folder).glob("*.trf"))
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
