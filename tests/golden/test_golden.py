"""The golden data: each archive unpacks to its corpus, whose manifest names every case."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests import golden

CASE_CORPORA = {
    "dutch": (golden.dutch_corpus, 2300),
    "team": (golden.team_corpus, 380),
    "burstein": (golden.burstein_corpus, 600),
}


@pytest.mark.parametrize("name", sorted(CASE_CORPORA))
def test_every_case_of_the_manifest_has_its_position_and_answer(name: str) -> None:
    corpus, count = CASE_CORPORA[name]
    folder: Path = corpus()
    listed = [line.split("\t")[0] for line in (folder / "MANIFEST.tsv").read_text().splitlines()]
    present = {p.stem for p in folder.glob("*.trf")}

    assert len(listed) == count
    assert set(listed) == present
    assert present == {p.stem for p in folder.glob("*.expected")}


def test_the_tournaments_keep_their_cr_line_endings() -> None:
    files = sorted(golden.tournaments_corpus().glob("*.trf"))

    assert len(files) == 250
    assert all(b"\n" not in path.read_bytes() for path in files)


@pytest.mark.parametrize(
    "corpus", [golden.team_corpus, golden.burstein_corpus], ids=lambda f: f.__name__
)
def test_the_corpora_that_describe_themselves_keep_their_readme(
    corpus: Callable[[], Path],
) -> None:
    assert (corpus() / "README.md").read_text(encoding="utf-8").startswith("# ")


def test_the_reference_files_are_in_the_repository() -> None:
    cases = golden.bbp_pairings_cases()

    assert sorted(p.name for p in cases.glob("*.input")) == [
        "dutch_2025_C5.input",
        "dutch_2025_C9.input",
    ]
    assert golden.tiebreak_exercises().read_text(encoding="utf-8").startswith("{")
    assert cases.is_relative_to(golden.HERE)
