"""Golden corpus: the team Swiss must reproduce gacrux's pairings (pairs and colours).

The corpus is ``tests/golden/team.tar.xz`` (380 positions; see tests/golden/README.md and
the set's own README).  Every position runs: the whole set takes a few seconds on one core,
so there is no sample.  A position agrees when the same matches come out with the same team
on White on board 1, and the same PAB team (or no legal pairing for both).

Known deviations are listed in the team section of chesscore/pairing/KNOWN_DEVIATIONS.md.  Like
the Dutch ones they still fail their own case here; `test_deviations_are_exactly_the_known_ones`
holds the list and the engine to each other, so neither can change without the other.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from chesscore.pairing import NoLegalPairing
from chesscore.pairing.team import pair_team_round
from chesscore.record.trf import read
from tests.golden import team_corpus

CORPUS = team_corpus()
DEVIATIONS_FILE = Path(__file__).parents[3] / "chesscore" / "pairing" / "KNOWN_DEVIATIONS.md"

Answer = tuple[tuple[int, int], ...] | None
"""``(white team, black team)`` per match and ``(PAB team, 0)``, sorted; ``None``: no
legal pairing."""

# Positions that each reading of C.04.6 decides (the engine once read them otherwise).
READINGS: dict[str, tuple[str, ...]] = {
    # 1.7: a 192 code naming the scores but no type has no colour preferences.
    "192 code without a type": (
        "gx101e003_r5",
        "gx101e009_r6",
        "gx101e009_r7",
        "gx101e010_r6",
        "gx101e012_r5",
        "gx101e012_r7",
        "gx101e014_r7",
        "gx101e015_r7",
        "gx101e021_r3",
        "gx101e031_r3",
        "gx101e031_r5",
        "gx101e032_r5",
        "gx101e034_r6",
        "gx101e037_r5",
        "gx101e050_r8",
        "gx101e052_r5",
        "gx101e052_r9",
    ),
    # 1.5: a match forfeited as a whole makes no floater (C7, C10).
    "no floater without a match": ("gx101e032_r4", "gx101e044_r6", "gx101e052_r6"),
    # 2.3.3: C6 looks at the scoregroup right below, waived when it is now empty.
    "C6 next scoregroup": ("gx101e009_r9",),
}


def _manifest() -> list[tuple[str, tuple[str, ...]]]:
    rows = []
    for line in (CORPUS / "MANIFEST.tsv").read_text().splitlines():
        fields = line.split("\t")
        if len(fields) >= 5:
            rows.append((fields[0], tuple(f for f in fields[4].split(",") if f)))
    return rows


CASES = [name for name, _features in _manifest()]


def _expected(name: str) -> Answer:
    lines = [line.split() for line in (CORPUS / f"{name}.expected").read_text().splitlines()]
    lines = [line for line in lines if line]
    if lines[0] == ["NO_PAIRING"]:
        return None
    count = int(lines[0][0])
    return tuple(sorted((int(a), int(b)) for a, b, *_ in lines[1 : 1 + count]))


@cache
def _engine(name: str) -> Answer:
    record = read((CORPUS / f"{name}.trf").read_bytes())
    try:
        result = pair_team_round(record)
    except NoLegalPairing:
        return None
    matches = [(m.white, m.black) for m in result.matches]
    if result.bye is not None:
        matches.append((result.bye, 0))
    return tuple(sorted(matches))


def _known_deviations() -> set[str]:
    """The positions named in the team section of KNOWN_DEVIATIONS.md."""
    text = DEVIATIONS_FILE.read_text(encoding="utf-8")
    section = text.split("# Known deviations of the team Swiss", 1)[1]
    return set(re.findall(r"`(gx\d+e\d+_r\d+)`", section))


def test_the_corpus_has_every_colour_model_and_feature() -> None:
    features = {f for _name, fs in _manifest() for f in fs}
    assert len(CASES) == 380
    assert {"typeA", "typeB", "nocolour", "forfeit330", "nopairing", "pab"} <= features


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_team_engine_reproduces_reference_pairing(name: str) -> None:
    assert _engine(name) == _expected(name)


@pytest.mark.slow
def test_deviations_are_exactly_the_known_ones() -> None:
    differing = {name for name in CASES if _engine(name) != _expected(name)}
    assert differing == _known_deviations()


@pytest.mark.parametrize(
    ("reading", "name"),
    [(reading, name) for reading, names in READINGS.items() for name in names],
)
def test_positions_traced_to_a_reading_of_the_regulation_agree(reading: str, name: str) -> None:
    assert name in CASES
    assert _engine(name) == _expected(name), reading
