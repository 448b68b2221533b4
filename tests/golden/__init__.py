"""The golden data of the tests: reference-engine answers kept in the repository.

Each corpus is one deterministic ``NAME.tar.xz`` beside this module, holding the folder
``NAME/``.  It is unpacked on first use into ``.unpacked/NAME-DIGEST/`` (ignored by git;
``DIGEST`` is the archive's, so a refreshed archive is unpacked afresh) and the folder is
returned.  Unpacking goes to a scratch folder that is then renamed into place, so parallel
test processes never see half a corpus.  The small reference files are kept as they are,
under ``reference/``.  See README.md for where the data comes from and ``make golden``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tarfile
import tempfile
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
UNPACKED = HERE / ".unpacked"
REFERENCE = HERE / "reference" / "fide"


def dutch_corpus() -> Path:
    """Dutch cases (bbpPairings 6.0.0): ``caseNNNNNN.trf`` / ``.expected`` and MANIFEST.tsv."""
    return _corpus("dutch")


def tournaments_corpus() -> Path:
    """Complete Dutch tournaments (bbpPairings 6.0.0): ``tNNNNNN.trf``, CR line endings."""
    return _corpus("tournaments")


def team_corpus() -> Path:
    """Team Swiss positions (gacrux 1.11.65): ``NAME.trf`` / ``.expected``, MANIFEST.tsv."""
    return _corpus("team")


def burstein_corpus() -> Path:
    """Burstein positions (py4swiss 0.3.1): ``caseNNNNNN.trf`` / ``.expected``, MANIFEST.tsv."""
    return _corpus("burstein")


def bbp_pairings_cases() -> Path:
    """bbpPairings' own regression cases: ``NAME.input`` / ``NAME.output.expected``."""
    return REFERENCE / "testdata-bbpPairings"


def tiebreak_exercises() -> Path:
    """The worked exercises of the FIDE TEC tie-break paper, as JSON."""
    return REFERENCE / "tiebreak-exercises.json"


@cache
def _corpus(name: str) -> Path:
    archive = HERE / f"{name}.tar.xz"
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:16]
    target = UNPACKED / f"{name}-{digest}"
    if not target.is_dir():
        _unpack(archive, name, target)
    return target


def _unpack(archive: Path, name: str, target: Path) -> None:
    UNPACKED.mkdir(exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=UNPACKED))
    try:
        with tarfile.open(archive, "r:xz") as tar:
            tar.extractall(scratch, filter="data")
        try:
            os.rename(scratch / name, target)
        except OSError:
            # Another process renamed its copy first: the same files, so use it.
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for stale in UNPACKED.glob(f"{name}-*"):
        if stale != target:
            shutil.rmtree(stale, ignore_errors=True)
