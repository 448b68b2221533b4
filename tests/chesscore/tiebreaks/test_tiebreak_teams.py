"""The team view of a record and team standings (C.07 11-13) on a small hand-checked event.

Three teams of two boards, two rounds, team PAB worth 1 MP and 1 GP::

    round 1: team 1 - team 2  1.5-0.5 (board 1: 1-3 1-0, board 2: 2-4 ½-½), team 3 PAB
    round 2: team 3 - team 1  1.5-0.5 (board 1: 5-1 ½-½, board 2: 6-2 1-0), team 2 PAB

MP: team 1 = 2, team 2 = 1, team 3 = 3.  GP: 2, 1.5, 2.5.
"""

from __future__ import annotations

from fractions import Fraction

from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import Team
from chesscore.record.model import TeamPab
from chesscore.tiebreaks import RoundOutcome
from chesscore.tiebreaks import Track
from chesscore.tiebreaks import team_section_from_record
from chesscore.tiebreaks import team_standings

F = Fraction
W, B = Colour.WHITE, Colour.BLACK
R = ResultCode
OFF = RoundEntry()

RECORD = Record(
    players=(
        Player(1, rounds=(RoundEntry(3, W, R.WIN), RoundEntry(5, B, R.DRAW))),
        Player(2, rounds=(RoundEntry(4, B, R.DRAW), RoundEntry(6, W, R.LOSS))),
        Player(3, rounds=(RoundEntry(1, B, R.LOSS), OFF)),
        Player(4, rounds=(RoundEntry(2, W, R.DRAW), OFF)),
        Player(5, rounds=(OFF, RoundEntry(1, W, R.DRAW))),
        Player(6, rounds=(OFF, RoundEntry(2, B, R.WIN))),
    ),
    teams=(Team(1, "One", (1, 2)), Team(2, "Two", (3, 4)), Team(3, "Three", (5, 6))),
    team_pab=TeamPab(F(1), F(1), (3, 2)),
)


def test_team_rounds_are_read_from_the_members_games_and_the_team_pab() -> None:
    section = team_section_from_record(RECORD)
    assert section.boards == 2
    one = section.competitor(1).entries
    assert [(e.outcome, e.opponent, e.points, e.game_points) for e in one] == [
        (RoundOutcome.GAME, 2, F(2), F(3, 2)),
        (RoundOutcome.GAME, 3, F(0), F(1, 2)),
    ]
    assert one[0].boards == (F(1), F(1, 2))
    assert one[1].black
    assert section.competitor(3).entries[0].outcome is RoundOutcome.PAB


def test_team_standings_by_match_points_then_buchholz_and_board_count() -> None:
    result = team_standings(RECORD, ["BH", "BC", "MPvGP"])
    assert [(r.rank, r.number, r.points, r.secondary) for r in result.rows] == [
        (1, 3, F(3), F(5, 2)),
        (2, 1, F(2), F(2)),
        (3, 2, F(1), F(3, 2)),
    ]
    # BH on MP, 2026 dummy cap 1 MP x 2 rounds: team 3's PAB counts 2, team 2's counts 1.
    assert {r.number: r.values[0] for r in result.rows} == {3: F(4), 1: F(4), 2: F(3)}
    # BC: a PAB is a win on every board (12): team 3 = 1x(1 + ½) + 2x(1 + 1),
    # team 2 = 1x(0 + 1) + 2x(½ + 1).
    assert {r.number: r.values[1] for r in result.rows} == {3: F(11, 2), 1: F(5, 2), 2: F(4)}


def test_team_standings_on_game_points() -> None:
    result = team_standings(RECORD, ["EGGSB"], primary=Track.GP)
    assert [r.number for r in result.rows] == [3, 1, 2]
    assert result.row(1).points == 2
