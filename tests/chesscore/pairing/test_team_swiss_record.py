"""Team Swiss from a record: team scores from the boards, team records, replay, generator."""

from __future__ import annotations

import dataclasses
import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import team
from chesscore.pairing import team_round_robin
from chesscore.pairing.state import InvalidRecord
from chesscore.pairing.team import PreferenceType
from chesscore.pairing.team import ScoreKind
from chesscore.pairing.team import TeamPairingOptions
from chesscore.pairing.team import TeamRoundOutcome
from chesscore.pairing.team import api
from chesscore.pairing.team import check_team_file
from chesscore.pairing.team import colours
from chesscore.pairing.team import explain_team_pairing
from chesscore.pairing.team import format_team_pairing
from chesscore.pairing.team import generator
from chesscore.pairing.team import pair_team_round
from chesscore.pairing.team import recorded_team_round
from chesscore.pairing.team import state
from chesscore.pairing.team import team_swiss_state
from chesscore.pairing.team.generator import TeamSwissConfig
from chesscore.pairing.team.generator import generate_team_swiss
from chesscore.record import trf
from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import ForfeitedMatch
from chesscore.record.model import MatchForfeit
from chesscore.record.model import MatchScoring
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import Team
from chesscore.record.model import TeamLineup
from chesscore.record.system_codes import team_rules_for_code

W, B = Colour.WHITE, Colour.BLACK


def _two_team_record(results: tuple[ResultCode, ResultCode], **kwargs: object) -> Record:
    """Teams 1 (players 1, 2) and 2 (players 3, 4) met in round 1; 1 had White on board 1."""
    r1, r2 = results
    players = (
        Player(1, rounds=(RoundEntry(3, W, r1),)),
        Player(2, rounds=(RoundEntry(4, B, r2),)),
        Player(3, rounds=(RoundEntry(1, B, r1.counterpart),)),
        Player(4, rounds=(RoundEntry(2, W, r2.counterpart),)),
    )
    teams = (Team(1, "One", (1, 2)), Team(2, "Two", (3, 4)))
    return Record(players=players, teams=teams, **kwargs)  # type: ignore[arg-type]


def test_team_scores_from_board_results_and_match_scoring_362() -> None:
    """1.2: game points are the boards' points; match points follow 362 (here TW 3)."""
    record = _two_team_record(
        (ResultCode.WIN, ResultCode.DRAW), match_scoring=MatchScoring(Fraction(3), Fraction(1))
    )
    s = team_swiss_state(record)
    one, two = s.teams[1], s.teams[2]
    assert (one.match_points, one.game_points, two.match_points, two.game_points) == (
        Fraction(3),
        Fraction(3, 2),
        Fraction(0),
        Fraction(1, 2),
    )
    assert one.colours == (W,)
    assert two.colours == (B,)
    assert s.round == 2
    assert not s.may_meet(1, 2)


def test_game_points_primary_from_system_code_1_2() -> None:
    """1.2.1: FIDE_TEAM_GP_MP makes game points the score and match points secondary."""
    record = _two_team_record(
        (ResultCode.WIN, ResultCode.DRAW), team_rules=team_rules_for_code("FIDE_TEAM_GP_MP")
    )
    s = team_swiss_state(record)
    assert (s.rules.primary, s.rules.secondary) == (ScoreKind.GP, True)
    assert (s.teams[1].score, s.teams[1].secondary) == (Fraction(3, 2), Fraction(2))


@pytest.mark.parametrize(
    ("code", "preferences"),
    [
        ("FIDE_TEAM", PreferenceType.A),
        ("FIDE_TEAM_BAKU", PreferenceType.A),
        ("FIDE_TEAM_TYPEA_MP_GP", PreferenceType.A),
        ("FIDE_TEAM_TYPEA_GP", PreferenceType.A),
        ("FIDE_TEAM_TYPEB_MP", PreferenceType.B),
        ("FIDE_TEAM_TYPEB_GP_MP", PreferenceType.B),
        ("FIDE_TEAM_MP_GP", PreferenceType.NONE),
        ("FIDE_TEAM_GP_MP", PreferenceType.NONE),
        ("FIDE_TEAM_MP", PreferenceType.NONE),
        ("FIDE_TEAM_GP", PreferenceType.NONE),
        ("FIDE_TEAM_MP_GP_BAKU", PreferenceType.NONE),
        ("fide_team_mp_baku", PreferenceType.NONE),
        ("", PreferenceType.A),
    ],
)
def test_192_code_names_the_colour_model_as_fide_code_table_reads_it_1_7(
    code: str, preferences: PreferenceType
) -> None:
    """1.7 with ETT26: FIDE_TEAM and FIDE_TEAM_BAKU are the defaults (Type A), TYPEA and
    TYPEB name their type, and a code naming the scores but no type has no colour
    preferences at all."""
    record = trf.read(f"192 {code}\r001    1      Doe, Jane\r")
    assert record.team_rules.preferences is preferences


Match = tuple[int, int, ResultCode | MatchForfeit]


def _one_board_record(teams: int, rounds: list[list[Match]], code: str) -> Record:
    """One board per team (team ``n`` fields player ``n``); each match of ``rounds`` is
    ``(white team, black team, result)``: White's game result, or a whole-match forfeit
    (330)."""
    entries: dict[int, list[RoundEntry]] = {t: [] for t in range(1, teams + 1)}
    forfeits: list[ForfeitedMatch] = []
    for number, matches in enumerate(rounds, start=1):
        for white, black, result in matches:
            if isinstance(result, MatchForfeit):
                forfeits.append(ForfeitedMatch(result, number, white, black))
                continue
            entries[white].append(RoundEntry(black, W, result))
            entries[black].append(RoundEntry(white, B, result.counterpart))
        for games in entries.values():
            games.extend([RoundEntry()] * (number - len(games)))
    return Record(
        players=tuple(Player(t, rounds=tuple(e)) for t, e in entries.items()),
        teams=tuple(Team(t, f"T{t}", (t,)) for t in entries),
        team_rules=team_rules_for_code(code),
        forfeited_matches=tuple(forfeits),
        planned_rounds=9,
    )


def _pairs(record: Record) -> set[frozenset[int]]:
    return {frozenset((m.white, m.black)) for m in pair_team_round(record).matches}


# Six teams level after two rounds: 2 and 4 had Black twice, 3 and 6 White twice, so under
# Type A (1.7.1) they prefer White and Black; 1 and 5 alternated.
_DRAW = ResultCode.DRAW
_LEVEL_AFTER_TWO: list[list[Match]] = [
    [(3, 4, _DRAW), (6, 1, _DRAW), (5, 2, _DRAW)],
    [(1, 2, _DRAW), (3, 5, _DRAW), (6, 4, _DRAW)],
]


def test_code_naming_scores_but_no_type_pairs_without_colour_preferences_1_7() -> None:
    """1.7, third option: with no preferences C8 is empty, so 3.6.4 takes the first legal
    identifier, 1 2 3 4 5 6 being barred by C1: 1-5, 2-4, 3-6 (2 and 4 both had Black
    twice, which Type A would avoid)."""
    record = _one_board_record(6, _LEVEL_AFTER_TWO, "FIDE_TEAM_MP_GP")
    assert _pairs(record) == {frozenset((1, 5)), frozenset((2, 4)), frozenset((3, 6))}


def test_code_naming_type_a_pairs_to_serve_colour_preferences_c8() -> None:
    """The same position under FIDE_TEAM_TYPEA_MP_GP: C8 keeps 2 and 4 (both preferring
    White) apart, and 3 and 6 (both preferring Black): 1-3, 2-6, 4-5."""
    record = _one_board_record(6, _LEVEL_AFTER_TWO, "FIDE_TEAM_TYPEA_MP_GP")
    assert _pairs(record) == {frozenset((1, 3)), frozenset((2, 6)), frozenset((4, 5))}


def test_forfeited_match_330_is_no_meeting_and_bars_the_pab() -> None:
    """330: a forfeit win bars the PAB (C2); an unplayed match gives no colour (1.6.1)
    and the teams may meet again (C.04.2 3.5)."""
    record = Record(
        teams=(Team(1, "One"), Team(2, "Two"), Team(3, "Three")),
        forfeited_matches=(ForfeitedMatch(MatchForfeit.WHITE_WINS, 1, 1, 2),),
        event=Event(board_colours="WBWB"),
    )
    s = team_swiss_state(record, TeamPairingOptions(round_to_pair=2))
    one = s.teams[1]
    assert one.rounds[0].outcome is TeamRoundOutcome.FORFEIT_WIN
    assert (one.match_points, one.game_points) == (Fraction(2), Fraction(4))
    assert one.pab_barred
    assert one.colours == ()
    assert s.may_meet(1, 2)


# Round 2 of six teams: 1 (1 MP) wins its match against 5 (2 MP) by forfeit (330), and 2
# (0 MP) draws with 4 (1 MP) over the board.  After it 1 leads alone on 3; 3, 4, 5 and 6
# have 2.
_FORFEIT_BETWEEN_SCORES: list[list[Match]] = [
    [(1, 3, _DRAW), (2, 5, ResultCode.LOSS), (4, 6, _DRAW)],
    [(1, 5, MatchForfeit.WHITE_WINS), (3, 6, _DRAW), (2, 4, _DRAW)],
]


def test_match_forfeited_as_a_whole_makes_no_floater_1_5() -> None:
    """1.5: a floater plays against another score; the forfeited match 1-5 was not played
    (1.6.1), so neither floated, while 2 and 4 did."""
    s = team_swiss_state(_one_board_record(6, _FORFEIT_BETWEEN_SCORES, "FIDE_TEAM_TYPEA_MP_GP"))
    floated = {t for t, team in s.teams.items() if team.floated_last_round}
    assert floated == {2, 4}


def test_upfloater_whose_last_match_was_forfeited_is_not_held_back_by_c7() -> None:
    """3.5.5 with C7: 1 needs one upfloater from 4, 5, 6 (it met 3).  4 floated in round 2,
    5 did not (its match was forfeited), so 5 comes up: 1-5 (a forfeit is no meeting,
    C.04.2 3.5), then 3-4 and 2-6."""
    record = _one_board_record(6, _FORFEIT_BETWEEN_SCORES, "FIDE_TEAM_TYPEA_MP_GP")
    assert _pairs(record) == {frozenset((1, 5)), frozenset((3, 4)), frozenset((2, 6))}


def test_lineup_300_gives_the_board_one_colour_1_6_1() -> None:
    """1.6.1 with 300: player 2 sat on board 1 with Black, so team 1 had Black."""
    record = dataclasses.replace(
        _two_team_record((ResultCode.WIN, ResultCode.DRAW)),
        lineups=(TeamLineup(1, 1, 2, (2, 1)), TeamLineup(1, 2, 1, (4, 3))),
    )
    s = team_swiss_state(record)
    assert s.teams[1].colours == (B,)


def test_format_team_pairing_lists_matches_then_the_pab() -> None:
    """``-p`` output: the count, ``white black`` lines, the PAB team as ``T 0``."""
    record = Record(teams=tuple(Team(n, f"T{n}") for n in range(1, 6)))
    text = format_team_pairing(pair_team_round(record))
    assert text == "3\n1 3\n4 2\n5 0\n"


def test_explanation_names_the_pab_rule_and_each_colour_article() -> None:
    record = Record(teams=tuple(Team(n, f"T{n}") for n in range(1, 6)))
    lines = explain_team_pairing(pair_team_round(record))
    assert lines[0].endswith("(3.4)")
    assert "1-3: colours by 4.3.1" in lines


def _generated(teams: int = 12, rounds: int = 7, seed: int = 2026) -> Record:
    return generate_team_swiss(TeamSwissConfig(teams=teams, rounds=rounds), seed)


def test_generated_event_is_deterministic() -> None:
    assert trf.write(_generated()) == trf.write(_generated())


def test_generated_12_team_7_round_event_replays_after_a_trf26_round_trip() -> None:
    """12 teams, 7 rounds: written as TRF26, read back and replayed round by round."""
    text = trf.write(_generated())
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text
    assert "352 WBWB" in text
    report = check_team_file(trf.read(text))
    assert len(report.rounds) == 7
    assert report.ok, report.lines()


def test_generated_event_has_no_rematch_and_pairs_every_team_each_round() -> None:
    record = trf.read(trf.write(_generated()))
    seen: set[frozenset[int]] = set()
    for number in range(1, 8):
        matches, bye = recorded_team_round(record, number)
        assert bye is None
        teams = sorted(t for m in matches for t in m)
        assert teams == list(range(1, 13))
        for m in matches:
            assert frozenset(m) not in seen
            seen.add(frozenset(m))


def test_generated_event_board_one_white_team_has_white_on_odd_boards() -> None:
    record = _generated()
    for number in range(1, 8):
        matches, _ = recorded_team_round(record, number)
        for white, black in matches:
            members = record.team(white).members
            colours = [record.player(m).entry(number).colour for m in members]
            assert colours == [W, B, W, B]
            assert record.player(members[0]).entry(number).opponent in record.team(black).members


def test_generated_odd_event_gives_each_pab_once_to_a_low_team_c2_3_4() -> None:
    """13 teams: one PAB a round, never twice to a team (C2), replay passes."""
    record = trf.read(trf.write(_generated(teams=13, rounds=7, seed=5)))
    assert record.team_pab is not None
    byes = [t for t in record.team_pab.teams if t is not None]
    assert len(byes) == 7
    assert len(set(byes)) == 7
    assert byes[0] == 13  # 3.4.4: all on zero, the largest TPN
    assert check_team_file(record).ok


def test_replay_reports_a_round_paired_differently() -> None:
    """With the initial colour fixed (152), reversed round-1 colours are not the engine's.

    Without 152 the drawn colour is read back from round 1 (4.1), so both would agree.
    """
    record = _generated(teams=6, rounds=3, seed=1)
    assert check_team_file(record).ok
    swapped = dataclasses.replace(
        record,
        initial_colour=W,
        players=tuple(
            dataclasses.replace(
                p,
                rounds=(
                    dataclasses.replace(p.rounds[0], colour=p.rounds[0].colour.opposite),
                    *p.rounds[1:],
                ),
            )
            for p in record.players
        ),
    )
    report = check_team_file(swapped)
    assert not report.ok
    assert report.lines()[0].startswith("round 1: differs: recorded")


@settings(max_examples=15, deadline=None)
@given(teams=st.integers(min_value=4, max_value=11), seed=st.integers(0, 10_000))
def test_generated_events_pair_legally_and_replay(teams: int, seed: int) -> None:
    """Any size: every round pairs each team once or gives the PAB, and replays.

    At most n/2 rounds: with fewer than n/2 opponents met, every team can still meet more
    than half of the others, so a complete pairing always exists (Dirac).
    """
    rounds = min(5, teams // 2)
    record = _generated(teams=teams, rounds=rounds, seed=seed)
    assert check_team_file(record).ok
    pabs = [] if record.team_pab is None else [t for t in record.team_pab.teams if t]
    assert len(pabs) == len(set(pabs)) == (rounds if teams % 2 else 0)


def test_unknown_round_raises_invalid_record() -> None:
    with pytest.raises(InvalidRecord):
        pair_team_round(Record())


def test_docstring_examples_hold() -> None:
    for module in (team, api, colours, generator, state, team_round_robin):
        assert doctest.testmod(module).failed == 0, module.__name__
