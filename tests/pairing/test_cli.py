"""``rookery-pairings``: pairing lists, exit codes, replay, generation and pairing checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from chesscore.cli.pairings import main
from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.trf import write
from tests.golden import dutch_corpus
from tests.golden import tournaments_corpus

CASE = dutch_corpus() / "case000001.trf"


def _two_players_who_met() -> str:
    """Two players, one round played between them, three planned: no legal round 2."""
    return write(
        Record(
            players=(
                Player(rank=1, name="A", rounds=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),)),
                Player(rank=2, name="B", rounds=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),)),
            ),
            planned_rounds=3,
        ),
        "trf16",
    )


def test_pair_writes_the_pairing_list_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert main(["--dutch", str(CASE), "-p", str(out)]) == 0
    assert out.read_text().split() == (dutch_corpus() / "case000001.expected").read_text().split()


def test_pair_without_output_file_prints_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--dutch", str(CASE), "-p"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "9"


def test_unreadable_file_exits_5(tmp_path: Path) -> None:
    assert main(["--dutch", str(tmp_path / "missing.trf"), "-p"]) == 5


def test_invalid_file_exits_3_and_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.trf"
    lines = _two_players_who_met().split("\r")
    lines[0] = lines[0].replace(" w 1", " w Q")
    bad.write_text("\r".join(lines))
    assert main(["--dutch", str(bad), "-p"]) == 3
    assert "line 1" in capsys.readouterr().err


def test_missing_planned_rounds_is_invalid_input(tmp_path: Path) -> None:
    trf = tmp_path / "t.trf"
    trf.write_text(_two_players_who_met().replace("XXR 3", ""))
    assert main(["--dutch", str(trf), "-p"]) == 3


def test_no_legal_pairing_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "t.trf"
    trf.write_text(_two_players_who_met())
    assert main(["--dutch", str(trf), "-p"]) == 1
    assert "no legal pairing" in capsys.readouterr().err


def test_generated_tournament_replays_without_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=21\nRoundsNumber=6\nForfeitRate=10\nHalfPointByeRate=15\n")
    out = tmp_path / "gen.trf"
    assert main(["--dutch", "-g", str(config), "-o", str(out), "-s", "11"]) == 0
    assert "seed 11" in out.read_text()
    assert main(["--dutch", str(out), "-c"]) == 0
    assert capsys.readouterr().out.count("matches") == 6


def test_bad_generator_config_is_invalid_input(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("Players=3\n")
    assert main(["--dutch", "-g", str(config), "-o", str(tmp_path / "x.trf")]) == 3


@pytest.mark.parametrize("flag", ["--dutch", "--burstein"])
def test_generator_points_the_engines_cannot_pair_with_name_their_key(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=8\nPointsForDraw=0.75\n")
    out = tmp_path / "x.trf"

    assert main([flag, "-g", str(config), "-o", str(out)]) == 3

    assert capsys.readouterr().err.strip() == (
        f"{config}: line 2: PointsForDraw=0.75: the engines pair with points in tenths "
        "(such as 0.5)"
    )
    assert not out.exists()


@pytest.mark.parametrize("name", ["t000001", "t000231", "t000252"])
def test_check_replays_reference_tournaments_without_differences(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # t000231 and t000252 give no initial colour: it is inferred from round 1.
    assert main(["--dutch", str(tournaments_corpus() / f"{name}.trf"), "-c"]) == 0
    out = capsys.readouterr().out
    assert "differs" not in out
    assert "round 1: matches" in out


def test_explain_lists_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--dutch", str(CASE), "-x"]) == 0
    assert "Bracket" in capsys.readouterr().out


def _five_after_round_one(tmp_path: Path) -> Path:
    """Round 1: 1-2 1-0, 3-4 1-0, 5 has the pairing-allocated bye."""
    bye = RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)
    record = Record(
        players=(
            Player(rank=1, name="A", rounds=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),)),
            Player(rank=2, name="B", rounds=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),)),
            Player(rank=3, name="C", rounds=(RoundEntry(4, Colour.WHITE, ResultCode.WIN),)),
            Player(rank=4, name="D", rounds=(RoundEntry(3, Colour.BLACK, ResultCode.LOSS),)),
            Player(rank=5, name="E", rounds=(bye,)),
        ),
        planned_rounds=3,
    )
    trf = tmp_path / "t.trf"
    trf.write_text(write(record, "trf16"))
    return trf


def test_check_pairing_of_a_pairing_keeping_the_rules_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("3\n1 3\n4 5\n2 0\n")
    assert main(["--check-pairing", str(pairs), str(_five_after_round_one(tmp_path))]) == 0
    assert capsys.readouterr().out == ""


def test_check_pairing_prints_one_warning_per_line_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("3\n2 1\n3 4\n5 0\n")
    trf = _five_after_round_one(tmp_path)
    assert main(["--dutch", str(trf), "--check-pairing", str(pairs)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "Board 1: 2 and 1 have already played each other.",
        "Board 2: 3 and 4 have already played each other.",
        "Bye: 5 already had the pairing-allocated bye in round 1.",
    ]


def test_check_pairing_finds_nothing_wrong_with_the_engines_own_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.txt"
    assert main(["--dutch", str(CASE), "-p", str(out)]) == 0
    assert main(["--check-pairing", str(out), str(CASE)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty, the number of pairs is missing"),
        ("three\n1 3\n", "line 1: expected the number of pairs, got 'three'"),
        ("2\n1 3\n\n4 5 2\n", "line 4: expected 'white black' or 'player 0', got '4 5 2'"),
        ("1\n1 -3\n", "line 2: expected 'white black' or 'player 0', got '1 -3'"),
        ("1\n1 9\n", "line 2: no player 9 in the tournament"),
        ("1\n3 3\n", "line 2: player 3 against themself"),
        ("2\n1 3\n3 4\n", "line 3: player 3 is already paired on line 2"),
        ("2\n1 3\n2 0\n4 5\n", "line 1: 2 pairs announced, 3 listed"),
    ],
)
def test_check_pairing_of_a_malformed_list_exits_3_and_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    pairs = tmp_path / "pairs.txt"
    pairs.write_text(text)
    assert main(["--check-pairing", str(pairs), str(_five_after_round_one(tmp_path))]) == 3
    assert capsys.readouterr().err == f"{pairs}: {message}\n"


def test_check_pairing_of_a_missing_list_exits_5(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    assert main(["--check-pairing", str(missing), str(_five_after_round_one(tmp_path))]) == 5


def test_check_pairing_is_not_for_team_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1\n1 2\n")
    trf = _five_after_round_one(tmp_path)
    assert main(["--team", str(trf), "--check-pairing", str(pairs)]) == 3
    assert "--check-pairing" in capsys.readouterr().err
