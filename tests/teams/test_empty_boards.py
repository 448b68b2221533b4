"""An empty board is lost by forfeit and the board facing it won, everywhere alike.

The match card, the team standings (C.07 engine), the team Swiss state (C.04.6 engine) and
the exported TRF read back must all give the same game points.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chesscore.pairing.team import TeamPairingOptions
from chesscore.pairing.team import team_swiss_state
from chesscore.record import trf
from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import Team
from chesscore.record.model import TeamLineup
from chesscore.tiebreaks import team_section_from_record
from public.selectors import section_trf_export_get
from public.selectors import team_standings_page_get
from teams import selectors
from teams.models import Lineup
from tests.factories import team_section

F = Fraction


@pytest.fixture
def section(db):
    """Two teams of two boards, one round: board 1 won by the white team's player, board 2
    left empty by the black team (the white team's player there has no game)."""
    section = team_section(2, boards=2, reserves=0, rounds_played=1)
    match = section.rounds.get().team_matches.get()
    match.round.games.filter(board=2).delete()
    Lineup.objects.filter(match=match, team=match.black_team, board=2).update(player=None)
    return section


def test_the_match_card_gives_the_board_to_the_player_who_came(section):
    match = section.rounds.get().team_matches.get()
    result = selectors.team_match_result_get(match=match)
    assert (result.white_game_points, result.black_game_points) == (2, 0)


def test_the_team_standings_count_the_same_game_points(section):
    page = team_standings_page_get(section)
    assert {line.number: line.game_points for line in page.lines} == {1: 2, 2: 0}
    assert {line.number: line.match_points for line in page.lines} == {1: 2, 2: 0}


def test_the_team_swiss_sees_the_same_game_points(section):
    record = selectors.section_record_get(section=section)
    state = team_swiss_state(record, TeamPairingOptions(round_to_pair=2))
    assert (state.teams[1].game_points, state.teams[2].game_points) == (2, 0)
    assert (state.teams[1].match_points, state.teams[2].match_points) == (2, 0)


def test_the_exported_file_reads_back_with_the_same_game_points(section):
    text = section_trf_export_get(section=section, dialect="trf26")
    assert "300 001 002 001    3    0" in text.split("\r")
    teams = team_section_from_record(trf.read(text))
    assert [e.game_points for e in teams.competitor(1).entries] == [2]
    assert [e.game_points for e in teams.competitor(2).entries] == [0]


# -- the engines on a record alone --------------------------------------------------------

W, B = Colour.WHITE, Colour.BLACK
OFF = RoundEntry()

# Team 1 leaves board 1 empty; on board 2 its player 2 has Black against 4 (the black team
# has White on the even boards), so team 1 is the board-1 White team. Player 3 faces the
# empty board and has no game.
EMPTY_FIRST_BOARD = Record(
    players=(
        Player(1, rounds=(OFF,)),
        Player(2, rounds=(RoundEntry(4, B, ResultCode.DRAW),)),
        Player(3, rounds=(OFF,)),
        Player(4, rounds=(RoundEntry(2, W, ResultCode.DRAW),)),
    ),
    teams=(Team(1, "One", (1, 2)), Team(2, "Two", (3, 4))),
    lineups=(TeamLineup(1, 1, 2, (None, 2)), TeamLineup(1, 2, 1, (3, 4))),
)


def test_tiebreak_engine_scores_an_empty_board_as_a_forfeit() -> None:
    teams = team_section_from_record(EMPTY_FIRST_BOARD, after_round=1)
    one, two = teams.competitor(1).entries[0], teams.competitor(2).entries[0]
    assert (one.game_points, two.game_points) == (F(1, 2), F(3, 2))
    assert one.boards == (F(0), F(1, 2))
    assert (one.points, two.points) == (F(0), F(2))


def test_tiebreak_engine_reads_board_one_colour_past_an_empty_board() -> None:
    teams = team_section_from_record(EMPTY_FIRST_BOARD, after_round=1)
    assert not teams.competitor(1).entries[0].black
    assert teams.competitor(2).entries[0].black


def test_team_swiss_state_scores_an_empty_board_as_a_forfeit() -> None:
    state = team_swiss_state(EMPTY_FIRST_BOARD, TeamPairingOptions(round_to_pair=2))
    assert (state.teams[1].game_points, state.teams[2].game_points) == (F(1, 2), F(3, 2))
    assert state.teams[1].rounds[0].colour is W
    assert state.teams[2].rounds[0].colour is B
