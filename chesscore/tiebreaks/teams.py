"""The team view of a record: one entry per team and round, with MP, GP and boards.

A team's round is read, in this order, from:

1. a forfeited match (TRF26 330): forfeit win or loss (both lose a double forfeit); the
   winner gets a won match and a win on every board;
2. the team PAB (320): its match and game points;
3. a bye assignment (240) naming the team: full-point, half-point or zero-point bye;
4. its members' games of that round: the opponent team is the one the line-up (300)
   names, else the team of the first board's opponent; game points are the boards' points
   under the game scoring system, match points come from comparing both teams' game points
   (``Record.match_scoring``).  Boards follow the line-up (300) when there is one, else the
   team's board order.  An empty board (``0000``) is lost by forfeit, and the player facing
   it, lined up without a game of their own, wins it by forfeit;
5. otherwise a zero-point bye (not paired, absent).

The number of boards is the length of the board-colour sequence (352) when given, else
the largest number of members who played in one round or of boards in a line-up.
"""

from __future__ import annotations

from fractions import Fraction

from chesscore.record.boards import boards_fielded
from chesscore.record.model import Colour
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import Team
from chesscore.tiebreaks.section import Competitor
from chesscore.tiebreaks.section import Entry
from chesscore.tiebreaks.section import Result
from chesscore.tiebreaks.section import RoundOutcome
from chesscore.tiebreaks.section import Section
from chesscore.tiebreaks.section import Track

__all__ = ["team_section_from_record"]


def _order(record: Record, team: Team, r: int) -> tuple[list[int | None], int | None]:
    """The team's boards in round ``r`` (starting ranks, ``None`` for an empty board) and
    the opponent team a 300 line names: the line-up when there is one, else the members with
    an opponent in their board order."""
    for lineup in record.lineups:
        if lineup.round == r and lineup.team == team.number:
            boards = [m if m is not None and record.has_player(m) else None for m in lineup.boards]
            return boards, lineup.opponent
    fielded: list[int | None] = [
        m
        for m in team.members
        if record.has_player(m) and record.player(m).entry(r).opponent is not None
    ]
    return fielded, None


def _board_points(record: Record, member: int | None, r: int) -> Fraction:
    """A board's game points: an empty board is lost by forfeit, and a player lined up
    without a game of their own faced an empty board, so won it by forfeit (C.04.6)."""
    scoring = record.scoring
    if member is None:
        return scoring.forfeit_loss
    entry = record.player(member).entry(r)
    if entry.opponent is None and entry.result is ResultCode.UNPAIRED:
        return scoring.forfeit_win
    return scoring.points(entry.result)


def _board_one_colour(record: Record, order: list[int | None], r: int) -> Colour:
    """Board 1's colour (1.6.1), read from the first board with a game: boards alternate,
    or follow the 352 sequence, from the colour the team has on board 1."""
    sequence = record.event.board_colours
    for index, member in enumerate(order):
        if member is None:
            continue
        colour = record.player(member).entry(r).colour
        if colour is Colour.NONE:
            continue
        same = sequence[index] in "Ww" if index < len(sequence) else index % 2 == 0
        return colour if same else colour.opposite
    return Colour.NONE


def _match_entry(
    record: Record, team: Team, r: int, boards: int, team_of: dict[int, int]
) -> Entry | None:
    order, opponent_team = _order(record, team, r)
    fielded = [m for m in order if m is not None]
    if opponent_team is None:
        opponents = (record.player(m).entry(r).opponent for m in fielded)
        opponent_team = next((team_of[op] for op in opponents if op in team_of), None)
    if opponent_team is None:
        return None
    board_points = tuple(_board_points(record, m, r) for m in order[:boards])
    game_points = sum((_board_points(record, m, r) for m in order), Fraction(0))
    other_order, _ = _order(record, record.team(opponent_team), r)
    other_points = sum((_board_points(record, m, r) for m in other_order), Fraction(0))
    ms = record.match_scoring
    if game_points > other_points:
        mp, result = ms.win, Result.WIN
    elif game_points == other_points:
        mp, result = ms.draw, Result.DRAW
    else:
        mp, result = ms.loss, Result.LOSS
    colour = _board_one_colour(record, order, r)
    return Entry(
        RoundOutcome.GAME,
        mp,
        game_points,
        opponent_team,
        colour is Colour.BLACK,
        result,
        board_points,
    )


_OFF_THE_BOARD = {
    ResultCode.FORFEIT_WIN: RoundOutcome.FORFEIT_WIN,
    ResultCode.FORFEIT_LOSS: RoundOutcome.FORFEIT_LOSS,
    ResultCode.PAIRING_ALLOCATED_BYE: RoundOutcome.PAB,
    ResultCode.FULL_POINT_BYE: RoundOutcome.FULL_BYE,
    ResultCode.HALF_POINT_BYE: RoundOutcome.HALF_BYE,
}
"""The outcome of a round a team did not play, by forfeit or `Record.team_bye`."""


def _team_entry(record: Record, team: Team, r: int, boards: int, team_of: dict[int, int]) -> Entry:
    forfeit = record.forfeited_match(team.number, r)
    if forfeit is not None:
        result = forfeit.result_of(team.number)
        won = Result.WIN if result is ResultCode.FORFEIT_WIN else Result.LOSS
        black = team.number == forfeit.black_team
        return Entry(
            _OFF_THE_BOARD[result],
            *record.team_points(result, boards),
            forfeit.opponent_of(team.number),
            black,
            won,
        )
    bye = record.team_bye(team.number, r)
    if bye is None:
        match = _match_entry(record, team, r, boards, team_of)
        if match is not None:
            return match
        # Not paired: a zero-point bye.
        bye = ResultCode.ZERO_POINT_BYE
    outcome = _OFF_THE_BOARD.get(bye, RoundOutcome.ZERO_BYE)
    return Entry(outcome, *record.team_points(bye, boards))


def team_section_from_record(
    record: Record,
    after_round: int | None = None,
    *,
    primary: Track = Track.MP,
    round_robin: bool | None = None,
) -> Section:
    """The team section of ``record`` after round ``after_round`` (default: last paired).

    ``primary`` is the score that decides the standings (MP or GP, C.07 13).
    """
    if primary is Track.POINTS:
        raise ValueError("a team section is decided by MP or GP")
    rounds = record.rounds_played if after_round is None else after_round
    team_of = {m: t.number for t in record.teams for m in t.members}
    boards = boards_fielded(record, rounds)
    competitors = tuple(
        Competitor(
            t.number,
            tuple(_team_entry(record, t, r, boards, team_of) for r in range(1, rounds + 1)),
        )
        for t in sorted(record.teams, key=lambda t: t.number)
    )
    ms = record.match_scoring
    rr = record.round_robin if round_robin is None else round_robin
    return Section(
        competitors,
        rounds,
        win=ms.win,
        draw=ms.draw,
        loss=ms.loss,
        round_robin=rr,
        team=True,
        boards=boards,
        game_win=record.scoring.win,
        game_draw=record.scoring.draw,
        primary=primary,
    )
