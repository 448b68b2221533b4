"""Replays with ``rookery-pairings -c``: every reference tournament, and 200 generated ones.

Each round of a file is paired again from the state before it and must come out as recorded.
The reference tournaments were paired round by round by bbpPairings 6; the generated ones by
this engine (``-g``), whose output must always replay.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chesscore.cli.pairings import main
from tests.golden import tournaments_corpus

FILES = sorted(tournaments_corpus().glob("*.trf"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_reference_tournament_replays_round_by_round(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--dutch", str(path), "-c"]) == 0

    lines = capsys.readouterr().out.splitlines()
    assert lines
    assert all(line.endswith(": matches") for line in lines), lines


def _config(seed: int) -> str:
    """A different shape per seed: field size, length, forfeits, withdrawals, half-point byes."""
    return "\n".join(
        [
            f"PlayersNumber={7 + seed % 34}",
            f"RoundsNumber={4 + seed % 6}",
            f"DrawPercentage={(seed * 7) % 50}",
            f"ForfeitRate={(0, 5, 15)[seed % 3]}",
            f"RetiredRate={(0, 0, 8)[seed % 3]}",
            f"HalfPointByeRate={(0, 10)[seed % 2]}",
        ]
    )


@pytest.mark.parametrize("seed", range(1, 201))
def test_a_generated_tournament_always_replays(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, out = tmp_path / "rtg.txt", tmp_path / "generated.trf"
    config.write_text(_config(seed))

    assert main(["--dutch", "-g", str(config), "-o", str(out), "-s", str(seed)]) == 0
    assert main(["--dutch", str(out), "-c"]) == 0

    lines = capsys.readouterr().out.splitlines()
    assert lines
    assert all(line.endswith(": matches") for line in lines), lines
