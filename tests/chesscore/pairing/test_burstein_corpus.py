"""Golden corpus: the Burstein engine against py4swiss 0.3.1's post-seeding positions.

The corpus is ``tests/golden/burstein.tar.xz`` (see tests/golden/README.md and the README
inside it).  Every position runs.  The positions where the engine follows the regulation
against the corpus are listed, with the reasoning, in chesscore/pairing/KNOWN_DEVIATIONS.md;
this test asserts that they are exactly those, so a new disagreement, or an old one that
goes away, fails it.
"""

from __future__ import annotations

import pytest

from chesscore.pairing import NoLegalPairing
from chesscore.pairing.burstein import pair_burstein
from chesscore.record.trf import read
from tests.golden import burstein_corpus

CORPUS = burstein_corpus()
KNOWN_DEVIATIONS = frozenset({"case000006", "case004484"})
"""See the Burstein section of chesscore/pairing/KNOWN_DEVIATIONS.md."""


def _names() -> list[str]:
    lines = (CORPUS / "MANIFEST.tsv").read_text().splitlines()
    return sorted(line.split("\t")[0] for line in lines if line.strip())


def _expected(name: str) -> list[tuple[int, int]] | None:
    lines = [line.split() for line in (CORPUS / f"{name}.expected").read_text().splitlines()]
    lines = [line for line in lines if line]
    if lines[0] == ["NO_PAIRING"]:
        return None
    count = int(lines[0][0])
    return sorted((int(a), int(b)) for a, b, *_ in lines[1 : 1 + count])


def _agrees(name: str) -> bool:
    record = read((CORPUS / f"{name}.trf").read_bytes())
    expected = _expected(name)
    try:
        result = pair_burstein(record)
    except NoLegalPairing:
        return expected is None
    got = [(b.white, b.black) for b in result.boards]
    if result.bye is not None:
        got.append((result.bye, 0))
    return sorted(got) == expected


NAMES = _names()


def test_corpus_has_its_600_positions() -> None:
    assert len(NAMES) == 600
    assert set(NAMES) >= KNOWN_DEVIATIONS


@pytest.mark.slow
def test_burstein_engine_disagrees_with_the_corpus_exactly_on_the_known_deviations() -> None:
    disagreements = {name for name in NAMES if not _agrees(name)}
    assert disagreements == KNOWN_DEVIATIONS
