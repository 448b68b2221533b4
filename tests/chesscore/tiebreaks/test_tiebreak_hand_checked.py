"""Hand-checked cases for every code and modifier, on two small sections.

Swiss, 6 players, 4 rounds (ratings 2000 ... 1600, player 6 unrated)::

    round 1: 1-2 1-0, 3-4 ½-½, 5 PAB, 6 not yet entered (late entry: zero-point bye)
    round 2: 1-3 ½-½, 2-5 0-1, 4-6 forfeit: 6 wins
    round 3: 6-1 0-1, 2-4 ½-½, 3 half-point bye, 5 withdrawn
    round 4: 4-1 1-0, 3-6 1-0, 2 PAB, 5 withdrawn

Scores 1: 2.5, 2: 1.5, 3: 2.5, 4: 2, 5: 2, 6: 1.  Categories of the unplayed rounds
(16.2): 5's PAB 1, its two withdrawal rounds 5 (so 5 counts 3 as an opponent); 3's bye 3;
4's forfeit loss 4; 6's late-entry round 3 and forfeit win 2; 2's PAB 1.  Dummies (2026,
cap 0.5 x 4 = 2): 3's bye 2 (own 2.5); 4's forfeit loss 1 (6's adjusted score, own 2);
6: 1 and 1; 5: 2 each; 2's PAB 1.5.

Round robin, 4 players, 3 rounds (ratings 2000, 1900, 1800, 1700)::

    round 1: 1-4 0-1, 2-3 ½-½
    round 2: 4-3 forfeit: 3 wins, 1-2 1-0
    round 3: 2-4 forfeit: 2 wins (4 withdrew), 3-1 ½-½

Scores 1: 1.5, 2: 1.5, 3: 2, 4: 1.  Forfeits count as games (15.2), except in the rating
tie-breaks and, for forfeit losses, in the Art. 7 ones.
"""

from __future__ import annotations

import io
from fractions import Fraction

import pytest

from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.tiebreaks import TIEBREAKS
from chesscore.tiebreaks import Edition
from chesscore.tiebreaks import InvalidTieBreakCode
from chesscore.tiebreaks import parse_code
from chesscore.tiebreaks import standings
from chesscore.tiebreaks.report import format_value
from chesscore.tiebreaks.report import mtb26_list
from chesscore.tiebreaks.report import print_standings

F = Fraction


def entry(token: str) -> RoundEntry:
    """``"4w1"``: v 4 with White, won; ``"H"``, ``"U"``, ``"Z"``: byes."""
    if len(token) == 1:
        return RoundEntry(None, Colour.NONE, ResultCode(token))
    colour = Colour.WHITE if token[-2] == "w" else Colour.BLACK
    return RoundEntry(int(token[:-2]), colour, ResultCode(token[-1]))


def make_record(rows: dict[int, tuple[int | None, str]], system: str) -> Record:
    players = tuple(
        Player(rank, f"Player {rank}", rating=rating, rounds=tuple(map(entry, line.split())))
        for rank, (rating, line) in rows.items()
    )
    return Record(players=players, system=system)


SWISS = make_record(
    {
        1: (2000, "2w1 3w= 6b1 4b0"),
        2: (1900, "1b0 5w0 4w= U"),
        3: (1800, "4w= 1b= H 6w1"),
        4: (1700, "3b= 6w- 2b= 1w1"),
        5: (1600, "U 2b1 Z Z"),
        6: (None, "Z 4b+ 1w0 3b0"),
    },
    "dutch",
)
ROUND_ROBIN = make_record(
    {
        1: (2000, "4w0 2w1 3b="),
        2: (1900, "3w= 1b0 4w+"),
        3: (1800, "2b= 4b+ 1w="),
        4: (1700, "1b1 3w- 2b-"),
    },
    "round_robin",
)


def values(record: Record, code: str, edition: Edition = Edition.C07_2026) -> dict[int, object]:
    result = standings(record, [code], edition=edition)
    return {row.number: row.values[0] for row in sorted(result.rows, key=lambda r: r.number)}


def fractions(*items: str | int) -> dict[int, object]:
    return {n: F(str(v)) for n, v in enumerate(items, start=1)}


SWISS_CASES = {
    "BH": fractions(7, 9, "7.5", "7.5", "7.5", 7),
    "BH-C1": fractions(6, "7.5", "5.5", "6.5", "5.5", 6),
    "BH-C2": fractions("4.5", "5.5", "4.5", "5.0", "3.5", 5),
    "BH-M1": fractions("3.5", "4.5", "3.0", "4.0", "3.5", "3.5"),
    "FB": fractions("6.5", 9, 8, 8, "7.5", 8),
    "SB": fractions("3.75", "2.5", "4.25", "4.5", "3.5", 1),
    "SB-C1": fractions("2.75", 1, "3.25", "4.5", 2, 1),
    # Means of the opponents' BH (7, 9, 7.5, 7.5, 7.5, 7) over games played, 4's forfeit
    # and all byes left out: 1 = (9 + 7.5 + 7 + 7.5) / 4, 5 = 9 (one game).
    "AOB": {1: F(31, 4), 2: F(22, 3), 3: F(43, 6), 4: F(47, 6), 5: F(9), 6: F(29, 4)},
    "KS": fractions("0.5", "0.5", 1, "1.5", 0, 0),
    "PS": fractions("7.5", 2, "5.5", 4, 7, 3),
    "PS-C1": fractions("6.5", 2, 5, "3.5", 6, 3),
    "STD": fractions("2.5", "1.5", "2.5", 2, 2, 1),
    "WIN": {1: 2, 2: 1, 3: 1, 4: 1, 5: 2, 6: 1},
    "WON": {1: 2, 2: 0, 3: 1, 4: 1, 5: 1, 6: 0},
    "BPG": {1: 2, 2: 1, 3: 1, 4: 2, 5: 1, 6: 1},
    "BWG": {1: 1, 2: 0, 3: 0, 4: 0, 5: 1, 6: 0},
    "REP": {1: 4, 2: 4, 3: 3, 4: 3, 5: 2, 6: 3},
    "TPN": {n: n for n in range(1, 7)},
}


@pytest.mark.parametrize("code", sorted(SWISS_CASES))
def test_swiss_values_by_hand(code: str) -> None:
    assert values(SWISS, code) == SWISS_CASES[code]


def test_buchholz_by_the_2023_text_keeps_the_uncapped_dummy() -> None:
    """Without the 2026 caps 3's bye counts his 2.5 and 4's forfeit loss his own 2."""
    bh = values(SWISS, "BH", Edition.C07_2023)
    assert (bh[3], bh[4]) == (F(8), F(17, 2))


def test_withdrawn_player_counts_his_withdrawal_rounds_as_draws_for_opponents() -> None:
    # 2 met 5 (2 points, two withdrawal rounds): 5 counts 3 in 2's Buchholz.
    bh = values(SWISS, "BH")
    assert bh[2] == F(5, 2) + 3 + 2 + F(3, 2)


def test_rating_tiebreaks_are_dropped_when_an_unrated_player_played() -> None:
    result = standings(SWISS, ["ARO", "TPR", "BH"])
    assert [str(d.code) for d in result.dropped] == ["ARO", "TPR"]
    assert all(row.values[0] is None and row.values[1] is None for row in result.rows)


def test_rating_tiebreaks_with_a_published_rating_for_unrated_players() -> None:
    aro = values(SWISS, "ARO-U1400")
    assert (aro[1], aro[4]) == (1700, 1900)
    assert values(SWISS, "ARO-C1-U1400")[1] == 1800
    # 2.5 / 4 = 0.625 -> p = 0.63 -> dp 95.
    assert values(SWISS, "TPR/U1400")[1] == 1795
    assert values(SWISS, "RTNG-U1400")[6] == 1400


def test_swiss_standings_with_cut_then_full_buchholz() -> None:
    result = standings(SWISS, ["BH-C1", "BH"])
    assert [(r.rank, r.number) for r in result.rows] == [
        (1, 1),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 2),
        (6, 6),
    ]


def test_standings_after_an_earlier_round() -> None:
    result = standings(SWISS, ["BH"], after_round=2)
    assert result.after_round == 2
    assert {r.number: r.points for r in result.rows} == fractions("1.5", 0, 1, "0.5", 2, 1)


ROUND_ROBIN_CASES = {
    "SB": fractions("2.5", 2, "2.5", "1.5"),
    "KS": fractions("1.5", "0.5", 1, 1),
    "BH": fractions("4.5", "4.5", 4, 5),
    "WON": {1: 1, 2: 1, 3: 1, 4: 1},
    "BPG": {1: 1, 2: 1, 3: 2, 4: 1},
    "BWG": {1: 0, 2: 0, 3: 1, 4: 1},
    "REP": {1: 3, 2: 3, 3: 3, 4: 1},
    "ARO": {1: 1800, 2: 1900, 3: 1950, 4: 2000},
    "WIN": {1: 1, 2: 1, 3: 1, 4: 1},
}


@pytest.mark.parametrize("code", sorted(ROUND_ROBIN_CASES))
def test_round_robin_values_by_hand(code: str) -> None:
    assert values(ROUND_ROBIN, code) == ROUND_ROBIN_CASES[code]


def test_round_robin_direct_encounter_puts_the_winner_of_the_game_first() -> None:
    result = standings(ROUND_ROBIN, ["DE"])
    assert [(r.rank, r.number) for r in result.rows] == [(1, 3), (2, 1), (3, 2), (4, 4)]


def test_the_same_forfeits_are_not_games_in_a_swiss() -> None:
    swiss = Record(players=ROUND_ROBIN.players, system="dutch")
    assert values(swiss, "WON") == {1: 1, 2: 0, 3: 0, 4: 1}
    assert values(swiss, "WON/P") == {1: 1, 2: 1, 3: 1, 4: 1}


def test_direct_encounter_with_a_missing_game_places_only_certain_leaders() -> None:
    """The paper's DE illustration: A beat B, C, D; B beat C, D; C and D never met.
    A and B are first and second whatever C-D would have been; C and D stay level."""
    record = make_record(
        {
            1: (None, "2w1 3w1 4w1 5b0"),
            2: (None, "1b0 4b1 3w1 6w1"),
            3: (None, "5w1 1b0 2b0 6b1"),
            4: (None, "6b1 2w0 1b0 5w1"),
            5: (None, "3b0 6w1 Z 4b0"),
            6: (None, "4w0 5b0 Z 3w0"),
        },
        "dutch",
    )
    result = standings(record, ["DE"])
    ranks = {r.number: r.rank for r in result.rows}
    assert result.row(1).points == result.row(2).points == 3
    assert (ranks[1], ranks[2], ranks[3], ranks[4]) == (1, 2, 3, 3)


def test_players_level_after_the_whole_list_share_a_rank() -> None:
    result = standings(ROUND_ROBIN, [])
    assert [(r.rank, r.number) for r in result.rows] == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_registry_reads_both_spellings() -> None:
    assert TIEBREAKS["BH-C1"] == TIEBREAKS["bh/c1"]
    assert TIEBREAKS["GE"].code.acronym == "REP"
    assert str(parse_code("BH:GP/C1/P")) == "BH:GP-C1-P"
    assert "BH-C1" in TIEBREAKS
    assert "XX" not in TIEBREAKS


@pytest.mark.parametrize("code", ["BH-L+1", "TPR-C1", "WIN-C1", "BH-C1-M1", "KS/Q"])
def test_registry_refuses_a_modifier_the_tiebreak_does_not_take(code: str) -> None:
    with pytest.raises(KeyError):
        TIEBREAKS[code]


def test_team_tiebreak_in_an_individual_section_is_refused() -> None:
    with pytest.raises(InvalidTieBreakCode):
        standings(SWISS, ["EDE"])


def test_print_standings_format() -> None:
    out = io.StringIO()
    print_standings(SWISS, ["BH-C1", "BH", "SB", "ARO-C1"], file=out)
    assert out.getvalue() == (
        "RANK ID PTS BH-C1 BH SB ARO-C1\n"
        "1 1 2.5 6 7 3.75 -\n"
        "2 3 2.5 5.5 7.5 4.25 -\n"
        "3 4 2 6.5 7.5 4.5 -\n"
        "4 5 2 5.5 7.5 3.5 -\n"
        "5 2 1.5 7.5 9 2.5 -\n"
        "6 6 1 6 7 1 -\n"
    )


def test_number_format() -> None:
    assert [format_value(v) for v in (F(12), F(11, 2), F(37, 4), F(47, 6), 1888, None)] == [
        "12",
        "5.5",
        "9.25",
        "7.83",
        "1888",
        "-",
    ]
    assert format_value((F(2), F(3, 2))) == "2/1.5"
    assert mtb26_list(["BH-C1", "EDET-P"]) == "BH/C1,EDET/P"
