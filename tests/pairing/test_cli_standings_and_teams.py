"""``rookery-pairings -s`` (C.07 standings) and ``--team`` (C.04.6) on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from chesscore.cli.pairings import main
from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.trf import read
from chesscore.record.trf import write

W, B = Colour.WHITE, Colour.BLACK
WIN, DRAW, LOSS = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS


def _four_players(tmp_path: Path, tiebreaks: tuple[str, ...] = ()) -> Path:
    """Two rounds: 1 beats 3 and draws 2; 2 draws 4; 3 beats 4."""
    rounds = {
        1: (RoundEntry(3, W, WIN), RoundEntry(2, B, DRAW)),
        2: (RoundEntry(4, B, DRAW), RoundEntry(1, W, DRAW)),
        3: (RoundEntry(1, B, LOSS), RoundEntry(4, W, WIN)),
        4: (RoundEntry(2, W, DRAW), RoundEntry(3, B, LOSS)),
    }
    record = Record(
        players=tuple(Player(rank=r, name=f"P{r}", rounds=rounds[r]) for r in range(1, 5)),
        planned_rounds=5,
        tiebreaks=tiebreaks,
    )
    path = tmp_path / "four.trf"
    path.write_text(write(record, "trf26"))
    return path


def test_standings_list_rank_id_points_and_each_tiebreak(tmp_path, capsys):
    path = _four_players(tmp_path)

    assert main([str(path), "-s", "--tie-breaks=BH,SB"]) == 0

    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "RANK ID PTS BH SB"
    # BH: 1 met 3 (1) and 2 (1); 2 met 4 (½) and 1 (1½); 3 met 1 and 4; 4 met 2 and 3.
    # SB: 1 beat 3 (1) and drew 2 (½ of 1); 2 drew 4 and 1 (¼ + ¾); 3 beat 4 (½).
    assert lines[1:] == ["1 1 1.5 2 1.5", "2 2 1 2 1", "3 3 1 2 0.5", "4 4 0.5 2 0.5"]


def test_standings_use_the_files_list_when_none_is_given(tmp_path, capsys):
    path = _four_players(tmp_path, tiebreaks=("SB",))

    assert main(["--dutch", str(path), "-s"]) == 0

    assert capsys.readouterr().out.splitlines()[0] == "RANK ID PTS SB"


def test_players_level_after_the_whole_list_share_a_rank(tmp_path, capsys):
    path = _four_players(tmp_path)

    assert main(["-s", str(path)]) == 0

    ranks = [line.split()[:2] for line in capsys.readouterr().out.splitlines()[1:]]
    assert ranks == [["1", "1"], ["2", "2"], ["2", "3"], ["4", "4"]]


def test_an_unknown_tiebreak_is_invalid_input(tmp_path, capsys):
    path = _four_players(tmp_path)

    assert main([str(path), "-s", "--tie-breaks=BH,NOPE"]) == 3
    assert "NOPE" in capsys.readouterr().err


def test_generator_seed_is_still_given_with_s(tmp_path):
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"

    assert main(["--dutch", "-g", "-o", str(first), "-s", "3"]) == 0
    assert main(["--dutch", "-g", "-o", str(second), "-s", "3"]) == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.fixture
def team_file(tmp_path) -> Path:
    path = tmp_path / "teams.trf"
    assert main(["--team", "-g", "-o", str(path), "-s", "12"]) == 0
    return path


def test_team_generator_writes_a_team_swiss_that_replays(team_file, capsys):
    record = read(team_file.read_bytes())
    assert len(record.teams) == 12

    assert main(["--team", str(team_file), "-c"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 7
    assert all(line.endswith(": matches") for line in out)


def test_team_pairing_lists_team_against_team(tmp_path, team_file, capsys):
    record = read(team_file.read_bytes())
    # Keep only the first three rounds and pair the fourth.
    shortened = tmp_path / "three.trf"
    trimmed = Record(
        players=tuple(
            Player(rank=p.rank, name=p.name, rating=p.rating, rounds=p.rounds[:3])
            for p in record.players
        ),
        event=record.event,
        planned_rounds=record.planned_rounds or 7,
        teams=record.teams,
        lineups=tuple(line for line in record.lineups if line.round <= 3),
        initial_colour=record.initial_colour,
        match_scoring=record.match_scoring,
    )
    shortened.write_text(write(trimmed, "trf26"))

    assert main(["--team", str(shortened), "-p"]) == 0

    lines = capsys.readouterr().out.split()
    count, pairs = int(lines[0]), lines[1:]
    teams = {int(x) for x in pairs if x != "0"}
    assert count == 6
    assert teams == set(range(1, 13))
