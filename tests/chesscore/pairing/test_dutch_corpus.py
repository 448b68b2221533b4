"""Golden corpus: the Dutch engine must reproduce the reference pairings exactly.

The corpus is ``tests/golden/dutch.tar.xz`` (see tests/golden/README.md).  By default a
fixed sample runs (every feature of the manifest represented); ``ROOKERY_FULL_CORPUS=1``
runs every case.  Known deviations are documented in chesscore/pairing/KNOWN_DEVIATIONS.md
and still fail here.
"""

from __future__ import annotations

import hashlib
import os

import pytest

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import pair_round
from chesscore.record.trf import read
from tests.golden import dutch_corpus

CORPUS = dutch_corpus()
SAMPLE_SIZE = 600
FULL = os.environ.get("ROOKERY_FULL_CORPUS") == "1"


def _manifest() -> list[tuple[str, tuple[str, ...]]]:
    rows = []
    for line in (CORPUS / "MANIFEST.tsv").read_text().splitlines():
        fields = line.split("\t")
        if len(fields) >= 5:
            rows.append((fields[0], tuple(f for f in fields[4].split(",") if f)))
    return rows


def _selected() -> list[str]:
    rows = _manifest()
    if FULL:
        return [name for name, _ in rows]
    # A fixed pseudo-random order (by digest), then the first case of any feature the
    # sample would otherwise miss.
    ordered = sorted(rows, key=lambda row: hashlib.sha256(row[0].encode()).hexdigest())
    chosen = [name for name, _ in ordered[:SAMPLE_SIZE]]
    covered = {f for name, features in ordered[:SAMPLE_SIZE] for f in features}
    for name, features in ordered[SAMPLE_SIZE:]:
        missing = set(features) - covered
        if missing:
            chosen.append(name)
            covered |= missing
    return sorted(chosen)


def _expected(name: str) -> list[tuple[int, int]] | None:
    lines = [line.split() for line in (CORPUS / f"{name}.expected").read_text().splitlines()]
    lines = [line for line in lines if line]
    if lines[0] == ["NO_PAIRING"]:
        return None
    count = int(lines[0][0])
    return sorted((int(a), int(b)) for a, b, *_ in lines[1 : 1 + count])


CASES = _selected()


def test_sample_covers_every_feature() -> None:
    features = {f for _, fs in _manifest() for f in fs}
    chosen = set(CASES)
    covered = {f for name, fs in _manifest() if name in chosen for f in fs}
    assert covered == features
    assert len(CASES) >= SAMPLE_SIZE


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_dutch_engine_reproduces_reference_pairing(name: str) -> None:
    record = read((CORPUS / f"{name}.trf").read_bytes())
    expected = _expected(name)
    try:
        result = pair_round(record)
    except NoLegalPairing:
        assert expected is None
        return
    got = [(b.white, b.black) for b in result.boards]
    if result.bye is not None:
        got.append((result.bye, 0))
    assert expected is not None, "the reference found no legal pairing"
    assert sorted(got) == expected
