"""Reading and writing each TRF line type."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import pytest

from chesscore.record.model import AcceleratedRounds
from chesscore.record.model import Acceleration
from chesscore.record.model import ByeAssignment
from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import ForfeitedMatch
from chesscore.record.model import MatchForfeit
from chesscore.record.model import MatchScoring
from chesscore.record.model import Player
from chesscore.record.model import PreferenceType
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import ScoreKind
from chesscore.record.model import ScoringSystem
from chesscore.record.model import Sex
from chesscore.record.model import Team
from chesscore.record.model import TeamLineup
from chesscore.record.model import TeamPab
from chesscore.record.model import TeamSwissRules
from chesscore.record.model import VirtualPoints
from chesscore.record.trf import read
from chesscore.record.trf import write


def player_line(rank: int, blocks: Sequence[tuple[str, str, str]] = (), points: str = "") -> str:
    head = f"001 {rank:>4}  {'':<3} {'Player':<33} {'':>4} {'':<3} {'':>11} {'':<10} {points:>4}"
    return head.ljust(89) + "".join(f"  {o:>4} {c} {r}" for o, c, r in blocks)


def trf(*lines: str) -> str:
    """The lines as a file; one that lists no player gets one (a file must have players),
    so that tests of other records can give only those."""
    if not any(line.startswith("001") for line in lines):
        lines = (*lines, player_line(9999).rstrip())
    return "".join(line + "\r" for line in lines)


def both_dialects(record: Record) -> None:
    for dialect in ("trf16", "trf26"):
        assert read(write(record, dialect)) == record, dialect


# --- 001 ---------------------------------------------------------------------------------

FULL_LINE = (
    "001    1 mGM  Carlsen, Magnus                   2830 NOR     1503014 1990/11/30 "
    " 1.5    1     2 w 1  0000 - H"
)


def test_player_line_fields_are_read_from_their_columns() -> None:
    record = read(trf(FULL_LINE, player_line(2, [("1", "b", "0")], "0.0")))

    p = record.player(1)
    assert (p.rank, p.sex, p.title, p.name) == (1, Sex.MALE, "GM", "Carlsen, Magnus")
    assert (p.rating, p.federation, p.fide_id) == (2830, "NOR", 1503014)
    assert (p.birth_date, p.points, p.final_rank) == ("1990/11/30", Fraction(3, 2), 1)
    assert p.rounds == (
        RoundEntry(2, Colour.WHITE, ResultCode.WIN),
        RoundEntry(None, Colour.NONE, ResultCode.HALF_POINT_BYE),
    )


def test_player_line_is_written_back_column_for_column() -> None:
    text = trf(FULL_LINE, player_line(2, [("1", "b", "0")], "0.0"))

    assert write(read(text), "trf26").split("\r")[0] == FULL_LINE


def test_every_result_code_is_read() -> None:
    codes = "10=+-WDLHFUZ"
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
    lines = []
    for number, code in enumerate(codes, start=1):
        if code in mirror:
            lines.append(player_line(2 * number - 1, [(str(2 * number), "w", code)]))
            lines.append(player_line(2 * number, [(str(2 * number - 1), "b", mirror[code])]))
        else:
            lines.append(player_line(2 * number - 1, [("0000", "-", code)]))

    record = read(trf(*lines))

    read_codes = "".join(p.rounds[0].result.value for p in record.players[::1] if p.rank % 2)
    assert read_codes == codes


def test_letter_codes_and_colours_are_case_insensitive() -> None:
    upper = read(trf(player_line(1, [("2", "W", "W")]), player_line(2, [("1", "B", "L")])))
    lower = read(trf(player_line(1, [("2", "w", "w")]), player_line(2, [("1", "b", "l")])))

    assert upper == lower
    assert upper.player(1).rounds[0].result is ResultCode.UNRATED_WIN


def test_blank_result_is_unpaired_and_differs_from_z() -> None:
    record = read(trf(player_line(1, [("0000", "-", " "), ("0000", "-", "Z")])))

    assert [e.result for e in record.player(1).rounds] == [
        ResultCode.UNPAIRED,
        ResultCode.ZERO_POINT_BYE,
    ]


def test_blank_round_block_of_a_late_entry_is_unpaired_and_stays_blank() -> None:
    line = player_line(1, [("", " ", " "), ("0000", "-", "Z")], "0.0")
    record = read(trf(line))

    assert record.player(1).rounds[0] == RoundEntry()
    assert write(record).split("\r")[0] == line


def test_double_forfeit_is_symmetric() -> None:
    record = read(trf(player_line(1, [("2", "w", "-")]), player_line(2, [("1", "b", "-")])))

    assert record.player(2).rounds[0].result is ResultCode.FORFEIT_LOSS


def test_game_not_yet_played_has_blank_results_on_both_sides() -> None:
    record = read(trf(player_line(1, [("2", "w", " ")]), player_line(2, [("1", "b", " ")])))

    assert record.player(1).rounds[0] == RoundEntry(2, Colour.WHITE, ResultCode.UNPAIRED)
    assert record.rounds_played == 1


@pytest.mark.parametrize("points", ["0.5", "1.0"])
def test_prepaired_bye_of_next_round_may_or_may_not_be_counted(points: str) -> None:
    text = trf(
        player_line(1, [("2", "w", "=")], "0.5"),
        player_line(2, [("1", "b", "="), ("0000", "-", "H")], points),
    )

    assert read(text).rounds_played == 1


def test_points_follow_a_three_one_zero_system_from_162() -> None:
    text = trf(
        player_line(1, [("2", "w", "1"), ("0000", "-", "U")], "6.0"),
        player_line(2, [("1", "b", "0"), ("3", "w", "=")], "1.0"),
        player_line(3, [("0000", "-", "H"), ("2", "b", "=")], "2.0"),
        "162  W 3.0    D 1.0",
    )

    record = read(text)

    assert record.scoring == ScoringSystem.from_game_points(3, 1)
    assert record.score(1) == 6


def test_bb_lines_set_the_scoring_system_with_pab_following_the_win() -> None:
    record = read(trf("BBW  3.0", "BBD  1.0"))

    assert record.scoring == ScoringSystem.from_game_points(3, 1)


def test_bb_lines_separate_zero_point_bye_and_forfeit_loss() -> None:
    record = read(trf("BBZ  0.5", "BBF  0.0", "BBU  0.5"))

    s = record.scoring
    assert (s.zero_point_bye, s.forfeit_loss, s.pairing_allocated_bye) == (
        Fraction(1, 2),
        0,
        Fraction(1, 2),
    )


def test_xxs_shortcut_keeps_the_pab_at_its_default() -> None:
    record = read(trf("XXS W=3", "XXS D=1"))

    s = record.scoring
    assert (s.win, s.forfeit_win, s.full_point_bye, s.draw, s.half_point_bye) == (3, 3, 3, 1, 1)
    assert s.pairing_allocated_bye == 1


def test_xxs_last_value_wins() -> None:
    record = read(trf("XXS W=3 FW=2 PAB=.5"))

    s = record.scoring
    assert (s.win, s.forfeit_win, s.pairing_allocated_bye) == (3, 2, Fraction(1, 2))


def test_162_a_symbol_sets_zero_bye_and_forfeit_loss_and_p_the_pab() -> None:
    record = read(trf("162  W 1.0    D 0.5    L 0.0    A 0.5    P 0.5"))

    s = record.scoring
    assert (s.zero_point_bye, s.forfeit_loss, s.pairing_allocated_bye) == (
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(1, 2),
    )


@pytest.mark.parametrize(
    "scoring",
    [
        ScoringSystem.from_game_points(3, 1),
        ScoringSystem.from_game_points(2, 1),
        ScoringSystem(forfeit_win=Fraction(1, 2), full_point_bye=Fraction(1, 2)),
        ScoringSystem(half_point_bye=Fraction(0), zero_point_bye=Fraction(1, 2)),
        ScoringSystem(
            win=Fraction(3),
            draw=Fraction(2),
            loss=Fraction(1),
            forfeit_win=Fraction(3),
            pairing_allocated_bye=Fraction(2),
            half_point_bye=Fraction(2),
            full_point_bye=Fraction(3),
            zero_point_bye=Fraction(1),
        ),
    ],
)
def test_scoring_system_survives_both_dialects(scoring: ScoringSystem) -> None:
    both_dialects(Record(players=(Player(rank=1, name="Solo"),), scoring=scoring))


def test_trf26_writes_162_and_trf16_writes_xxs() -> None:
    record = Record(scoring=ScoringSystem.from_game_points(3, 1))

    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0" in write(record, "trf26")
    assert "XXS " in write(record, "trf16")
    assert "162" not in write(record, "trf16")
    assert "BBW  3.0" in write(record, "trf16")


# --- settings ----------------------------------------------------------------------------


def test_planned_rounds_from_142_or_xxr_are_the_same() -> None:
    assert read(trf("142 9")) == read(trf("XXR 9")) == read(trf("142 9", "XXR 9"))
    assert read(trf("XXR 9")).planned_rounds == 9


def test_planned_rounds_are_written_per_dialect() -> None:
    record = Record(planned_rounds=7)

    assert write(record, "trf16") == "XXR 7\r"
    assert write(record, "trf26") == "142 7\r"


@pytest.mark.parametrize(
    ("line", "colour", "by_position"),
    [
        ("152 W", Colour.WHITE, False),
        ("152 b", Colour.BLACK, False),
        ("XXC white1", Colour.WHITE, False),
        ("XXC black1", Colour.BLACK, False),
        ("XXC rank", None, True),
        ("XXC rank black1", Colour.BLACK, True),
    ],
)
def test_initial_colour_and_rank_option(
    line: str, colour: Colour | None, by_position: bool
) -> None:
    record = read(trf(line))

    assert (record.initial_colour, record.order_by_file_position) == (colour, by_position)
    both_dialects(record)


def test_initial_colour_is_written_per_dialect() -> None:
    record = Record(initial_colour=Colour.BLACK, order_by_file_position=True)

    assert write(record, "trf16") == "XXC rank black1\r"
    assert write(record, "trf26") == "152 B\rXXC rank\r"


def test_xxa_virtual_points_per_round() -> None:
    record = read(trf(player_line(1), "XXA    1  1.0  1.0  0.5  0.0"))

    assert record.virtual_points == (
        VirtualPoints(1, (Fraction(1), Fraction(1), Fraction(1, 2), Fraction(0))),
    )
    assert record.virtual_points_of(1, 3) == Fraction(1, 2)
    assert record.virtual_points_of(1, 9) == 0
    assert write(record).split("\r")[1] == "XXA    1  1.0  1.0  0.5  0.0"


def test_250_accelerated_rounds() -> None:
    record = read(trf("250 00.0 02.0 001 003 0001 0090", "250      1.0 004 006 0001 0045"))

    assert record.accelerated_rounds == (
        AcceleratedRounds(1, 3, 1, 90, Fraction(2), Fraction(0)),
        AcceleratedRounds(4, 6, 1, 45, Fraction(1), None),
    )
    both_dialects(record)


def test_forbidden_pairings_from_xxp_and_260() -> None:
    record = read(
        trf(*(player_line(n) for n in (1, 2, 3, 4)), "XXP    1    2    3", "260 001 002    3    4")
    )

    assert record.forbidden_pairings == (
        ForbiddenPairing((1, 2, 3)),
        ForbiddenPairing((3, 4), 1, 2),
    )
    assert not record.forbidden_pairings[1].applies_to(3)
    both_dialects(record)


def test_xxz_absences_accumulate_over_lines() -> None:
    record = read(trf(*(player_line(n) for n in (1, 2, 3)), "XXZ 3", "XXZ 1"))

    assert record.absent_next_round == (3, 1)
    both_dialects(record)


def test_240_byes() -> None:
    record = read(trf(*(player_line(n) for n in (1, 2)), "240 H 003    1    2", "240 f 004 2"))

    assert record.bye_assignments == (
        ByeAssignment(ResultCode.HALF_POINT_BYE, 3, (1, 2)),
        ByeAssignment(ResultCode.FULL_POINT_BYE, 4, (2,)),
    )
    both_dialects(record)


@pytest.mark.parametrize(
    ("lines", "score", "tiebreaks"),
    [
        (("202 BH/C1,SB, DE",), "PTS", ("BH/C1", "SB", "DE")),
        (("212 PTS,BH/C1,SB",), "PTS", ("BH/C1", "SB")),
        (("212 MPTS,GPTS,BH",), "MPTS", ("GPTS", "BH")),
        (("202 BH,SB", "212 PTS,BH,SB"), "PTS", ("BH", "SB")),
    ],
)
def test_tiebreak_lists(lines: tuple[str, ...], score: str, tiebreaks: tuple[str, ...]) -> None:
    record = read(trf(*lines))

    assert (record.standings_score, record.tiebreaks) == (score, tiebreaks)
    both_dialects(record)


def test_tiebreaks_are_written_as_202_in_trf16_and_212_in_trf26() -> None:
    record = Record(tiebreaks=("BH", "SB"))

    assert write(record, "trf16") == "202 BH,SB\r"
    assert write(record, "trf26") == "212 PTS,BH,SB\r"


# --- event headers -----------------------------------------------------------------------


def test_event_headers() -> None:
    text = trf(
        "012 Spring Open 2024",
        "022 Bergen",
        "032 NOR",
        "042 2024/04/01",
        "052 2024/04/07",
        "062 120",
        "072 98",
        "082 0",
        "092 Individual: Swiss-System",
        "102 Arbiter, Chief (1234567)",
        "112 Deputy, One",
        "112 Deputy, Two",
        "122 90 min + 30 s",
        "132" + " " * 88 + "24/04/01  24/04/02            24/04/04",
        "172 NOR FIDON",
        "182 Rookery",
        "192 FIDE_DUTCH_2025_BAKU",
        "222 5400+30",
        "352 WBWB",
    )

    e = read(text).event

    assert (e.name, e.city, e.federation) == ("Spring Open 2024", "Bergen", "NOR")
    assert (e.start_date, e.end_date) == (datetime.date(2024, 4, 1), datetime.date(2024, 4, 7))
    assert (e.player_count, e.rated_player_count, e.team_count) == (120, 98, 0)
    assert e.deputy_arbiters == ("Deputy, One", "Deputy, Two")
    assert e.round_dates == (
        datetime.date(2024, 4, 1),
        datetime.date(2024, 4, 2),
        None,
        datetime.date(2024, 4, 4),
    )
    assert (e.system, e.encoded_time_control, e.board_colours) == (
        "FIDE_DUTCH_2025",
        "5400+30",
        "WBWB",
    )
    assert read(text).acceleration is Acceleration.BAKU
    assert write(read(text), "trf26") == text


@pytest.mark.parametrize(
    ("code", "system", "acceleration"),
    [
        ("FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2025", Acceleration.BAKU),
        ("FIDE_BURSTEIN_BAKU", "FIDE_BURSTEIN", Acceleration.BAKU),
        ("fide_team_mp_baku", "fide_team_mp", Acceleration.BAKU),
        ("BAKU", "", Acceleration.BAKU),
        ("FIDE_DUTCH_2025", "FIDE_DUTCH_2025", Acceleration.NONE),
        ("FIDE_DUTCHBAKU", "FIDE_DUTCHBAKU", Acceleration.NONE),
    ],
)
def test_the_192_code_is_read_as_a_system_and_an_acceleration(
    code: str, system: str, acceleration: Acceleration
) -> None:
    record = read(trf(f"192 {code}"))

    assert (record.event.system, record.acceleration) == (system, acceleration)
    both_dialects(record)


@pytest.mark.parametrize(
    ("code", "system", "rules"),
    [
        ("FIDE_DUTCH_2025_BAKU", "dutch", TeamSwissRules()),
        ("FIDE_TEAM_DOUBLEROUNDROBIN", "team_double_round_robin", TeamSwissRules()),
        ("FIDE_TEAM", "team_swiss", TeamSwissRules()),
        ("FIDE_TEAM_TYPEB_GP", "team_swiss", TeamSwissRules(ScoreKind.GP, False, PreferenceType.B)),
        ("FIDE_TEAM_MP_GP", "team_swiss", TeamSwissRules(preferences=PreferenceType.NONE)),
        ("FIDE_SOMETHING_ELSE", "dutch", TeamSwissRules()),
        ("", "", TeamSwissRules()),
    ],
)
def test_the_192_code_states_the_system_and_the_team_rules(
    code: str, system: str, rules: TeamSwissRules
) -> None:
    record = read(trf(f"192 {code}"))

    assert (record.system, record.team_rules) == (system, rules)
    written = [line for line in write(record, "trf26").split("\r") if line.startswith("192")]
    assert written == ([f"192 {code}"] if code else [])


@pytest.mark.parametrize(
    ("system", "rules", "code"),
    [
        ("round_robin", TeamSwissRules(), "FIDE_ROUNDROBIN"),
        ("team_swiss", TeamSwissRules(), "FIDE_TEAM_TYPEA_MP_GP"),
        ("team_swiss", TeamSwissRules(ScoreKind.GP, False, PreferenceType.B), "FIDE_TEAM_TYPEB_GP"),
        ("team_swiss", TeamSwissRules(ScoreKind.GP, True, PreferenceType.NONE), "FIDE_TEAM_GP_MP"),
    ],
)
def test_a_record_without_a_code_of_its_own_is_written_with_the_one_its_facts_make(
    system: str, rules: TeamSwissRules, code: str
) -> None:
    record = Record(players=(Player(1),), system=system, team_rules=rules)
    written = read(write(record, "trf26"))

    assert written.event.system == code
    assert (written.system, written.team_rules) == (system, rules)


def test_virtual_points_read_as_manual_acceleration_unless_the_code_names_baku() -> None:
    assert read(trf("XXA 9999  1.0")).acceleration is Acceleration.MANUAL
    assert read(trf("192 FIDE_DUTCH_BAKU", "XXA 9999  1.0")).acceleration is Acceleration.BAKU


def test_the_192_code_names_baku_from_the_records_acceleration_alone() -> None:
    plain = read(trf("192 FIDE_BURSTEIN"))

    accelerated = write(replace(plain, acceleration=Acceleration.BAKU), "trf26")
    assert "192 FIDE_BURSTEIN_BAKU" in accelerated.split("\r")
    legacy = replace(plain, event=replace(plain.event, system="FIDE_BURSTEIN_BAKU"))
    assert "192 FIDE_BURSTEIN" in write(legacy, "trf26").split("\r")


def test_repeated_header_is_kept_as_an_extra_line() -> None:
    record = read(trf("012 First", "012 Second"))

    assert record.event.name == "First"
    assert record.extra_lines == ("012 Second",)
    both_dialects(record)


def test_unknown_lines_and_comments_are_kept_in_order() -> None:
    lines = ("### made by hand", "NOR    1      Nordmann, Ola          1800", "299 W", "### end")

    record = read(trf(player_line(1), *lines))

    assert record.extra_lines == lines
    both_dialects(record)


# --- teams -------------------------------------------------------------------------------

TEAM_310 = (
    "310   1 India                            IND     2486   15.0   28.0  11"
    "     1    5   15   28   44"
)


def test_310_team_line_from_the_regulation_example() -> None:
    record = read(trf(*(player_line(n) for n in (1, 5, 15, 28, 44)), TEAM_310))

    assert record.team(1) == Team(
        1, "India", (1, 5, 15, 28, 44), "IND", Fraction(2486), Fraction(15), Fraction(28), 11
    )
    assert write(record, "trf26").split("\r")[5] == TEAM_310
    both_dialects(record)


def test_013_teams_are_numbered_in_file_order_and_written_back_in_trf16() -> None:
    line = "013 Rooks" + " " * 27 + "   1    2"
    record = read(trf(player_line(1), player_line(2), "013 Knights" + " " * 25 + "   2", line))

    assert record.teams[1] == Team(2, "Rooks", (1, 2))
    assert write(record, "trf16").split("\r")[3] == line
    assert write(record, "trf26").split("\r")[3].startswith("310   2 Rooks")
    both_dialects(record)


def test_team_match_records() -> None:
    text = trf(
        player_line(1),
        player_line(2),
        "300 002 001 003    2    0    1",
        "320  2.0  2.0 000 003 001",
        "330 +- 004 023 047",
        "330 -- 005 001 002",
        "362 TW 3.0 TD 1.0 TL 0.0",
    )

    record = read(text)

    assert record.lineups == (TeamLineup(2, 1, 3, (2, None, 1)),)
    assert record.team_pab == TeamPab(Fraction(2), Fraction(2), (None, 3, 1))
    assert record.forfeited_matches == (
        ForfeitedMatch(MatchForfeit.WHITE_WINS, 4, 23, 47),
        ForfeitedMatch(MatchForfeit.DOUBLE, 5, 1, 2),
    )
    assert record.match_scoring == MatchScoring(Fraction(3), Fraction(1), Fraction(0))
    both_dialects(record)


# --- encodings and line ends -------------------------------------------------------------


def test_cr_lf_and_crlf_give_the_same_record() -> None:
    lines = (
        "012 Open",
        player_line(1, [("2", "w", "1")], "1.0"),
        player_line(2, [("1", "b", "0")], "0.0"),
    )

    records = [read(end.join(lines) + end) for end in ("\r", "\n", "\r\n")]

    assert records[0] == records[1] == records[2]


def test_utf8_and_latin1_bytes_are_decoded() -> None:
    line = player_line(1).replace("Player", "Müller, Jürgen")

    assert read((line + "\r").encode("utf-8")).player(1).name == "Müller, Jürgen"
    assert read((line + "\r").encode("latin-1")).player(1).name == "Müller, Jürgen"


def test_written_lines_end_with_cr() -> None:
    text = write(Record(players=(Player(1),), planned_rounds=3))

    assert text.endswith("\r")
    assert "\n" not in text


def test_a_name_too_long_for_its_columns_is_cut_to_them_and_reads_back_cut() -> None:
    name = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"
    record = Record(
        players=(Player(1, name=name, title="WCMX", federation="NORX"), Player(2, name="Ok")),
        teams=(Team(number=1, name="T" * 40, nickname="LONGNICK", members=(1, 2)),),
    )

    for dialect in ("trf16", "trf26"):
        back = read(write(record, dialect))
        assert back.player(1).name == name[:33], dialect
        assert (back.player(1).title, back.player(1).federation) == ("WCM", "NOR"), dialect
        assert back.player(2).name == "Ok", dialect
        assert back.teams[0].name == "T" * 32, dialect


def test_a_control_character_in_a_name_or_header_is_written_as_a_space() -> None:
    forged = "Evil\r001    2      Forged, Player\nXXR 1"
    record = Record(
        players=(Player(1, name=forged, federation="N\tO"),),
        event=Event(name="Open\r\n142 1", city="Le\x0bide\u2028n"),
    )

    text = write(record)
    back = read(text)

    assert [line[:3] for line in text.split("\r") if line] == ["012", "022", "001"]
    assert len(back.players) == 1
    assert back.player(1).name == "Evil 001    2      Forged, Player"
    assert back.player(1).federation == "N O"
    assert back.planned_rounds is None
    assert (back.event.name, back.event.city) == ("Open  142 1", "Le ide n")


def test_writing_points_with_no_decimal_form_fails() -> None:
    with pytest.raises(ValueError, match="decimal"):
        write(Record(players=(Player(1, points=Fraction(1, 3)),)))
