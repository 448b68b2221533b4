"""``rookery-pairings --burstein``: pairing lists, the 192 code, explanations, generation."""

from __future__ import annotations

from pathlib import Path

import pytest

from chesscore.cli.pairings import main
from chesscore.cli.pairings import pairing_list
from chesscore.pairing import pair_round
from chesscore.record.trf import read
from tests.golden import burstein_corpus

CASE = burstein_corpus() / "case000021.trf"


def _list(text: str) -> list[tuple[str, ...]]:
    lines = [tuple(line.split()) for line in text.splitlines() if line.strip()]
    return [lines[0], *sorted(lines[1:])]


def test_burstein_pair_writes_the_corpus_pairing(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert main(["--burstein", str(CASE), "-p", str(out)]) == 0
    expected = (burstein_corpus() / "case000021.expected").read_text()
    assert _list(out.read_text()) == _list(expected)


def test_the_192_code_chooses_burstein_when_no_system_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The Dutch system pairs this round differently, so the list tells which one paired it.
    name = "case000046"
    record = read((burstein_corpus() / f"{name}.trf").read_bytes())
    expected = _list((burstein_corpus() / f"{name}.expected").read_text())
    assert _list(pairing_list(pair_round(record))) != expected
    assert main([str(burstein_corpus() / f"{name}.trf"), "-p"]) == 0
    assert _list(capsys.readouterr().out) == expected


def test_burstein_explain_shows_the_index_and_each_bracket_choice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--burstein", str(CASE), "-x"]) == 0
    out = capsys.readouterr().out
    assert "Index (1.7) of each player" in out
    assert "  1: BH 9.0 SB 6.00" in out
    assert "BSN 3 (2) takes 4 (4)" in out
    assert "may not meet (C1, C3)" in out


def test_burstein_explain_names_the_pab_filters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = next(
        path
        for path in sorted(burstein_corpus().glob("*.trf"))
        if " 0" in (path.with_suffix(".expected")).read_text().splitlines()[-1][-2:]
    )
    assert main(["--burstein", str(odd), "-x"]) == 0
    assert "PAB (3.1): eligible (C2)" in capsys.readouterr().out


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_generated_burstein_tournament_replays_without_differences(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=19\nRoundsNumber=7\nForfeitRate=10\nHalfPointByeRate=15\n")
    out = tmp_path / "gen.trf"
    assert main(["--burstein", "-g", str(config), "-o", str(out), "-s", str(seed)]) == 0
    assert "192 FIDE_BURSTEIN" in out.read_text()
    # No flag: the file's 192 code names the system to replay it with.
    assert main([str(out), "-c"]) == 0
    assert capsys.readouterr().out.count("matches") == 7


def test_burstein_explain_names_the_criterion_that_set_a_larger_opponent_aside(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Bracket 3.5: 23-28 pairs as many and floats the same score as 23-29, but the
    # floater it sends down (29) leaves the 3.0 bracket worse off: C7.
    assert main(["--burstein", str(burstein_corpus() / "case000046.trf"), "-x"]) == 0
    out = capsys.readouterr().out
    assert "BSN 1 (23) takes 2 (29); may not meet (C1, C3) 5 4; set aside 3 (C7)" in out


def test_generating_from_a_burstein_baku_file_names_the_acceleration_it_cannot_generate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The 192 code chooses the system and its acceleration, which the generator has not.
    baku = tmp_path / "baku.trf"
    baku.write_text(CASE.read_text().replace("192 FIDE_BURSTEIN", "192 FIDE_BURSTEIN_BAKU"))
    assert "192 FIDE_BURSTEIN_BAKU" in baku.read_text()

    assert main([str(baku), "-g", "-o", str(tmp_path / "out.trf")]) == 3

    message = capsys.readouterr().err.strip()
    assert message == (
        "--burstein with Baku acceleration (C.04.7) cannot generate a tournament; "
        "--dutch or --burstein can, without acceleration"
    )
    assert not (tmp_path / "out.trf").exists()
