"""Malformed TRF input: every defect is a TrfError naming its line and field."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from chesscore.record.trf import validate

Block = tuple[str, str, str]


def player_line(
    rank: int | str,
    blocks: Sequence[Block] = (),
    *,
    points: str = "",
    sex: str = " ",
    title: str = "",
    name: str = "Player",
    rating: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
    final_rank: str = "",
) -> str:
    """A ``001`` line: rank 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation
    54-56, FIDE id 58-68, birth 70-79, points 81-84, rank 86-89, rounds from 92."""
    head = (
        f"001 {rank!s:>4} {sex}{title:<3} {name:<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {final_rank:>4}"
    )
    return head + "".join(f"  {o:>4} {c} {r}" for o, c, r in blocks)


def trf(*lines: str, end: str = "\r") -> str:
    return "".join(line + end for line in lines)


def small_event() -> list[str]:
    """Three players, one round played (2 beat 1, 3 had the PAB), 142 says 3 rounds.

    Lines: 1 = 012, 2-4 = players 1-3, 5 = 142.
    """
    return [
        "012 Test Open",
        player_line(1, [("2", "w", "0")], points="0.0"),
        player_line(2, [("1", "b", "1")], points="1.0"),
        player_line(3, [("0000", "-", "U")], points="1.0"),
        "142 3",
    ]


def _with(changes: dict[int, str], extra: tuple[str, ...] = ()) -> str:
    """The small event with some 1-based lines replaced, plus extra lines at the end."""
    lines = small_event()
    for number, line in changes.items():
        lines[number - 1] = line
    return trf(*lines, *extra)


CASES = [
    pytest.param({2: "001   x1      Player"}, (), 2, "starting rank", id="rank-not-a-number"),
    pytest.param({2: player_line(0)}, (), 2, "starting rank", id="rank-zero"),
    pytest.param({}, (player_line(2),), 6, "starting rank", id="duplicate-id"),
    pytest.param(
        {4: player_line(3, [("9", "w", "1")], points="1.0")},
        (),
        4,
        "round 1 opponent",
        id="opponent-does-not-exist",
    ),
    pytest.param(
        {4: player_line(3, [("1", "w", "1")], points="1.0")},
        (),
        4,
        "round 1 opponent",
        id="opponent-disagrees",
    ),
    pytest.param(
        {
            2: player_line(1, [("0000", "-", "U"), ("2", "w", "0")], points="1.0"),
            4: player_line(3, [("0000", "-", "Z")], points="0.0"),
        },
        (),
        2,
        "round 2 opponent",
        id="game-in-different-rounds",
    ),
    pytest.param(
        {3: player_line(2, [("1", "w", "1")], points="1.0")},
        (),
        2,
        "round 1 colour",
        id="both-white",
    ),
    pytest.param(
        {3: player_line(2, [("1", "b", "=")], points="0.5")},
        (),
        2,
        "round 1 result",
        id="results-disagree",
    ),
    pytest.param(
        {3: player_line(2, [("1", "b", "1")], points="0.5")}, (), 3, "points", id="wrong-points"
    ),
    pytest.param({}, ("162  W 3.0    D 1.0",), 3, "points", id="points-wrong-under-scoring-system"),
    pytest.param(
        {3: player_line(2, [("1", "b", "1")], points="1.x")},
        (),
        3,
        "points",
        id="points-not-a-number",
    ),
    pytest.param({}, ("XXR 4",), 6, "XXR", id="two-round-counts"),
    pytest.param({5: "142 0"}, (), 5, "record 142", id="zero-rounds"),
    pytest.param(
        {5: "142 1", 4: player_line(3, [("0000", "-", "U"), ("0000", "-", "U")], points="2.0")},
        (),
        5,
        "planned rounds",
        id="more-rounds-paired-than-planned",
    ),
    pytest.param({}, ("152 W", "XXC black1"), 7, "XXC", id="two-initial-colours"),
    pytest.param({}, ("152 R",), 6, "initial colour", id="bad-152"),
    pytest.param({}, ("XXC blue1",), 6, "XXC", id="bad-xxc-option"),
    pytest.param(
        {2: player_line(1, [("2", "w", "0")], points="0.0", birth="1990/13/01")},
        (),
        2,
        "birth date",
        id="bad-birth-month",
    ),
    pytest.param(
        {2: player_line(1, [("2", "w", "0")], points="0.0", birth="1990/02/30")},
        (),
        2,
        "birth date",
        id="birth-date-not-in-calendar",
    ),
    pytest.param({}, ("042 2024/02/30",), 6, "record 042 date", id="bad-start-date"),
    pytest.param({}, ("052 next week",), 6, "record 052 date", id="bad-end-date"),
    pytest.param(
        {},
        ("132" + " " * 88 + "24/13/01",),
        6,
        "round 1 date",
        id="bad-round-date",
    ),
    pytest.param(
        {2: player_line(1, [("2", "w", "0")], points="0.0", rating="25x0")},
        (),
        2,
        "rating",
        id="bad-rating",
    ),
    pytest.param(
        {2: player_line(1, [("2", "w", "0")], points="0.0", fide_id="12AB")},
        (),
        2,
        "FIDE id",
        id="bad-fide-id",
    ),
    pytest.param(
        {2: player_line(1, [("2", "w", "0")], points="0.0", sex="x")}, (), 2, "sex", id="bad-sex"
    ),
    pytest.param(
        {2: player_line(1, [("2", "x", "0")], points="0.0")},
        (),
        2,
        "round 1 colour",
        id="bad-colour-character",
    ),
    pytest.param(
        {2: player_line(1, [("2", "w", "Q")], points="0.0")},
        (),
        2,
        "round 1 result",
        id="bad-result-character",
    ),
    pytest.param(
        {4: player_line(3, [("0000", "-", "1")], points="1.0")},
        (),
        4,
        "round 1 result",
        id="win-without-opponent",
    ),
    pytest.param(
        {4: player_line(3, [("0000", "w", "U")], points="1.0")},
        (),
        4,
        "round 1 colour",
        id="colour-without-opponent",
    ),
    pytest.param(
        {2: player_line(1, [("2", "w", "H")], points="0.5")},
        (),
        2,
        "round 1 result",
        id="bye-with-opponent",
    ),
    pytest.param(
        {4: player_line(3, [("3", "w", "1")], points="1.0")},
        (),
        4,
        "round 1 opponent",
        id="paired-against-itself",
    ),
    pytest.param(
        {2: player_line(1, points="0.0") + "     2 w0 "},
        (),
        2,
        "round 1",
        id="misaligned-round-block",
    ),
    pytest.param({}, ("162  W 3.0    Q 1.0",), 6, "scoring system", id="bad-162-symbol"),
    pytest.param({}, ("BBW  three",), 6, "BBW", id="bad-bb-value"),
    pytest.param({}, ("XXS WW=1 BW=2",), 6, "scoring system", id="colour-dependent-xxs"),
    pytest.param({}, ("XXS W:3",), 6, "XXS", id="bad-xxs-pair"),
    pytest.param({}, ("XXP    1    9",), 6, "XXP", id="forbidden-pair-unknown-id"),
    pytest.param({}, ("XXP    1",), 6, "XXP", id="forbidden-pair-single-id"),
    pytest.param({}, ("XXZ    7",), 6, "XXZ", id="absent-unknown-id"),
    pytest.param({}, ("XXA    1  1.0  x.5",), 6, "XXA", id="bad-virtual-points"),
    pytest.param(
        {}, ("260 003 001    1    2",), 6, "record 260 last round", id="260-rounds-reversed"
    ),
    pytest.param({}, ("240 Q 002    1",), 6, "record 240", id="bad-bye-type"),
    pytest.param(
        {}, ("250      1.0 001 003 0001",), 6, "record 250 last id", id="250-missing-last-id"
    ),
    pytest.param({}, ("202 BH,SB", "212 PTS,SB,BH"), 7, "record 212", id="tiebreak-lists-disagree"),
    pytest.param({}, ("330 ++ 001 001 002",), 6, "record 330", id="bad-match-forfeit"),
    pytest.param(
        {},
        ("310   1 Alpha" + " " * 60 + "1    2", "310   1 Beta" + " " * 61 + "3"),
        7,
        "team number",
        id="duplicate-team-number",
    ),
    pytest.param({}, ("062 many",), 6, "record 062", id="bad-player-count"),
]


@pytest.mark.parametrize(("changes", "extra", "line", "field"), CASES)
def test_defect_is_reported_with_its_line_and_field(
    changes: dict[int, str], extra: tuple[str, ...], line: int, field: str
) -> None:
    with pytest.raises(TrfError) as caught:
        read(_with(changes, extra))

    assert (caught.value.line, caught.value.field) == (line, field)
    assert str(caught.value).startswith(f"line {line}, {field}: ")


def test_trf_error_is_a_value_error() -> None:
    assert issubclass(TrfError, ValueError)


def test_the_small_event_itself_is_valid() -> None:
    assert validate(_with({})) == ()


def test_validate_reports_every_malformed_line() -> None:
    text = _with(
        {
            2: player_line(1, [("2", "x", "0")], points="0.0"),
            4: player_line(3, [("0000", "-", "U")], points="1.0", rating="abc"),
        }
    )

    errors = validate(text)

    assert [(e.line, e.field) for e in errors] == [(2, "round 1 colour"), (4, "rating")]


def test_validate_reports_every_asymmetric_game() -> None:
    text = trf(
        player_line(1, [("2", "w", "1")], points="1.0"),
        player_line(2, [("1", "w", "0")], points="0.0"),
        player_line(3, [("4", "w", "1")], points="1.0"),
        player_line(4, [("3", "b", "1")], points="1.0"),
    )

    errors = validate(text)

    assert [(e.line, e.field) for e in errors] == [(1, "round 1 colour"), (3, "round 1 result")]


def test_asymmetric_game_message_names_both_lines() -> None:
    text = trf(
        player_line(1, [("2", "w", "1")], points="1.0"),
        player_line(2, [("3", "b", "0")], points="0.0"),
        player_line(3, [("2", "w", "1")], points="1.0"),
    )

    with pytest.raises(TrfError, match=r"line 1, round 1 opponent: .*line 2 gives player 2"):
        read(text)


def test_line_numbers_count_blank_lines_and_crlf() -> None:
    text = "012 Test\r\n\r\n" + player_line(1, points="0.0", rating="bad") + "\r\n"

    with pytest.raises(TrfError) as caught:
        read(text)

    assert caught.value.line == 3


# --- input that is not a tournament file, or numbers no column can hold ----------------

BOUNDS = [
    pytest.param({5: "142 " + "9" * 5000}, (), 5, "record 142", id="thousands-of-digits"),
    pytest.param({5: "XXR 40000"}, (), 5, "XXR", id="rounds-beyond-a-small-integer"),
    pytest.param({5: "142 1000"}, (), 5, "record 142", id="rounds-beyond-999"),
    pytest.param({}, ("BBW 0.1234567",), 6, "BBW", id="points-with-seven-decimals"),
    pytest.param({}, ("XXS W=" + "1" * 5000,), 6, "XXS", id="points-of-thousands-of-digits"),
    pytest.param({}, ("162  W 123456.0",), 6, "scoring system", id="162-points-too-large"),
    pytest.param({}, ("362 TW 1.12345678",), 6, "match scoring", id="362-too-many-decimals"),
    pytest.param({}, ("XXZ 1" + "0" * 4400 + "1",), 6, "XXZ", id="id-of-thousands-of-digits"),
    pytest.param({}, ("RKR 1000 1 2",), 6, "RKR round", id="round-beyond-999"),
    pytest.param({}, ("300 1 40000 1 1 2",), 6, "record 300 team", id="team-beyond-9999"),
    pytest.param({1: "042 ٢٠٢٤/04/01"}, (), 1, "record 042 date", id="arabic-indic-digits"),
    pytest.param(
        {3: player_line(2, [("1", "b", "1")], points="1.0", rating="²")},
        (),
        3,
        "rating",
        id="superscript-digit",
    ),
    pytest.param(
        {4: player_line(3, [("0000", "-", "U")] * 1000, points="1.0")},
        (),
        4,
        "round 1000",
        id="more-than-999-rounds",
    ),
    pytest.param({2: "\0" * 3 + " 1"}, (), 2, "record code", id="nul-in-the-record-code"),
    pytest.param(
        {3: player_line(2, [("1", "b", "1")], points="1.0", name="Pla\0yer")},
        (),
        3,
        "name",
        id="nul-in-a-name",
    ),
    pytest.param({}, ("### a comment\x1b[31m",), 6, "record ###", id="escape-in-a-comment"),
    pytest.param({1: "012 Test\x00Open"}, (), 1, "record 012", id="nul-in-a-header"),
    pytest.param({}, ("999 kept verbatim \x7f",), 6, "record 999", id="delete-in-an-extra-line"),
]


@pytest.mark.parametrize(("changes", "extra", "line", "field"), BOUNDS)
def test_out_of_bounds_numbers_and_control_characters_are_refused_with_line_and_field(
    changes: dict[int, str], extra: tuple[str, ...], line: int, field: str
) -> None:
    text = _with(changes, extra)

    with pytest.raises(TrfError) as caught:
        read(text)

    assert (caught.value.line, caught.value.field) == (line, field)
    assert validate(text)[0].line == line


def test_a_control_character_error_names_the_character_and_column() -> None:
    text = _with({1: "012 Test\x00Open"})

    with pytest.raises(TrfError, match=r"line 1, record 012: control character U\+0000 at col"):
        read(text)


def test_a_number_error_does_not_repeat_thousands_of_digits() -> None:
    with pytest.raises(TrfError) as caught:
        read(_with({5: "142 " + "9" * 5000}))

    assert len(str(caught.value)) < 120


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"\r\n\r\n", id="blank-lines"),
        pytest.param(b"012 Club Open\r142 5\r", id="headers-only"),
        pytest.param(b"Name,Rating\nDoe Jane,1800\n", id="csv"),
    ],
)
def test_a_file_without_players_is_not_a_tournament(data: bytes) -> None:
    with pytest.raises(TrfError, match="no player line") as caught:
        read(data)

    assert caught.value.field == "players"
    assert caught.value.line >= 1


def test_binary_data_is_refused_as_not_plain_text() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"

    with pytest.raises(TrfError, match="U\\+001A at column 1; a TRF file is plain text") as caught:
        read(png)

    assert caught.value.line == 2  # the signature's "\x1a", after its CR LF
