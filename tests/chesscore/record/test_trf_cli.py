"""The rookery-trf command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from chesscore.cli.trf import main
from chesscore.record.trf import read


def _player(rank: int, name: str, points: str, block: str) -> str:
    # rank at 5-8, name at 15-47, points at 81-84, round 1 at 92-99
    return f"001 {rank:>4}      {name:<33}{'':<32}{points:>5}{'':<7}{block}\r"


VALID = (
    "012 Club Open\r"
    + _player(1, "One", "1.0", "   2 w 1")
    + _player(2, "Two", "0.0", "   1 b 0")
    + "142 5\r152 W\r"
)


@pytest.fixture
def valid_file(tmp_path: Path) -> Path:
    path = tmp_path / "valid.trf"
    path.write_bytes(VALID.encode())
    return path


def test_check_accepts_a_valid_file(valid_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(valid_file)]) == 0
    assert "valid, 2 players, 1 rounds played" in capsys.readouterr().out


def test_check_rejects_a_defective_file_with_exit_3_and_every_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.trf"
    path.write_bytes(VALID.replace(" 2 w 1", " 2 x 1").replace("142 5", "142 x").encode())

    assert main(["check", str(path)]) == 3

    err = capsys.readouterr().err
    assert "line 2, round 1 colour" in err
    assert "line 4, record 142" in err


def test_check_of_a_missing_file_exits_5(tmp_path: Path) -> None:
    assert main(["check", str(tmp_path / "missing.trf")]) == 5


@pytest.mark.parametrize(("dialect", "marker"), [("trf16", "XXR 5"), ("trf26", "142 5")])
def test_convert_writes_the_dialect(
    valid_file: Path, tmp_path: Path, dialect: str, marker: str
) -> None:
    out = tmp_path / f"out.{dialect}"

    assert main(["convert", str(valid_file), "-o", str(out), "--dialect", dialect]) == 0

    data = out.read_bytes()
    assert marker.encode() + b"\r" in data
    assert b"\n" not in data
    assert read(data) == read(VALID)


def test_convert_refuses_a_defective_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_bytes(VALID.replace("1.0", "3.0").encode())

    assert main(["convert", str(path), "-o", str(tmp_path / "o"), "--dialect", "trf16"]) == 3
    assert not (tmp_path / "o").exists()


def test_convert_requires_a_dialect(valid_file: Path, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["convert", str(valid_file), "-o", str(tmp_path / "o")])

    assert exit_.value.code == 2


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param(b"", "line 1, players: no player line", id="empty"),
        pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "control character", id="png"),
        pytest.param(b"Name,Rating\nDoe Jane,1800\n", "line 2, players", id="csv"),
        pytest.param(VALID.replace("142 5", "XXR 40000").encode(), "line 4, XXR", id="xxr"),
        pytest.param(
            VALID.replace("142 5", "142 " + "9" * 5000).encode(), "line 4, record 142", id="huge"
        ),
        pytest.param(VALID.replace("Two", "T\0o").encode(), "line 3, name", id="nul"),
        pytest.param((VALID + "BBW 0.1234567\r").encode(), "line 6, BBW", id="seven-decimals"),
    ],
)
def test_check_refuses_what_is_not_a_tournament_file_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, reason: str
) -> None:
    path = tmp_path / "input.trf"
    path.write_bytes(data)

    assert main(["check", str(path)]) == 3

    captured = capsys.readouterr()
    assert reason in captured.err
    assert "Traceback" not in captured.err
    assert "valid" not in captured.out


def test_convert_refuses_a_file_without_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.trf"
    path.write_bytes(b"012 Nobody\r")
    out = tmp_path / "out.trf"

    assert main(["convert", str(path), "-o", str(out), "--dialect", "trf26"]) == 3

    assert "no player line" in capsys.readouterr().err
    assert not out.exists()


def _rated(text: str) -> str:
    # Player 1 gets a FIDE id (columns 58-68): the file will be rated.
    line = _player(1, "One", "1.0", "   2 w 1")
    rated = line[:57] + f"{1503014:>11}" + line[68:]
    return text.replace(line, rated)


@pytest.mark.parametrize(
    ("header", "warned"),
    [
        ("", "no round dates (record 132)"),
        ("132" + " " * 88 + "26/05/16  \r", ""),
    ],
)
def test_check_warns_when_a_rated_file_has_no_round_dates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, warned: str
) -> None:
    path = tmp_path / "rated.trf"
    path.write_bytes(_rated(VALID.replace("012 Club Open\r", "012 Club Open\r" + header)).encode())
    assert read(path.read_bytes()).players[0].fide_id == 1503014
    assert main(["check", str(path)]) == 0
    err = capsys.readouterr().err
    assert (warned in err) if warned else "warning" not in err


def test_check_does_not_ask_an_unrated_file_for_round_dates(
    valid_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(valid_file)]) == 0
    assert "warning" not in capsys.readouterr().err
