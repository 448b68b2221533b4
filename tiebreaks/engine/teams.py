"""The team view of a record: one entry per team and round, with MP, GP and boards.

A team's round is read, in this order, from:

1. a forfeited match (TRF26 330): forfeit win or loss (both lose a double forfeit); the
   winner gets a won match and a win on every board;
2. the team PAB (320): its match and game points;
3. a bye assignment (240) naming the team: full-point, half-point or zero-point bye;
4. its members' games of that round: the opponent team is the team of the board-1
   opponent, game points are the members' points under the game scoring system, match
   points come from comparing both teams' game points (``Record.match_scoring``).  Boards
   follow the out-of-order line-up (300) when there is one, else the team's board order;
5. otherwise a zero-point bye (not paired, absent).

The number of boards is the length of the board-colour sequence (352) when given, else
the largest number of members who played in one round.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from tiebreaks.engine.section import (
    Competitor,
    Entry,
    Outcome,
    Result,
    Section,
    Track,
    is_round_robin_system,
)
from tournaments.record.model import Colour, MatchForfeit, Record, ResultCode, Team

__all__ = ["team_section_from_record"]


def _boards(record: Record, rounds: int, team_of: dict[int, int]) -> int:
    if record.event.board_colours:
        return len(record.event.board_colours)
    most = 0
    for r in range(1, rounds + 1):
        fielded: Counter[int] = Counter(
            team_of[p.rank]
            for p in record.players
            if p.rank in team_of and p.entry(r).opponent is not None
        )
        most = max([most, *fielded.values()])
    return max(most, 1)


def _match_entry(
    record: Record, team: Team, r: int, boards: int, team_of: dict[int, int]
) -> Entry | None:
    scoring = record.scoring
    lineup = next((x for x in record.lineups if x.round == r and x.team == team.number), None)
    if lineup is not None:
        order: list[int | None] = list(lineup.boards)
    else:
        order = [
            m
            for m in team.members
            if record.has_player(m) and record.player(m).entry(r).opponent is not None
        ]
    fielded = [m for m in order if m is not None and record.has_player(m)]
    opponents = [
        team_of.get(op) for m in fielded if (op := record.player(m).entry(r).opponent) is not None
    ]
    opponent_team = next((t for t in opponents if t is not None), None)
    if opponent_team is None:
        return None
    board_points = tuple(
        scoring.points(record.player(m).entry(r).result) if m is not None else Fraction(0)
        for m in order[:boards]
    )
    game_points = sum(
        (scoring.points(record.player(m).entry(r).result) for m in fielded), Fraction(0)
    )
    other = record.team(opponent_team)
    other_points = sum(
        (
            scoring.points(record.player(m).entry(r).result)
            for m in other.members
            if record.has_player(m) and record.player(m).entry(r).opponent is not None
        ),
        Fraction(0),
    )
    ms = record.match_scoring
    if game_points > other_points:
        mp, result = ms.win, Result.WIN
    elif game_points == other_points:
        mp, result = ms.draw, Result.DRAW
    else:
        mp, result = ms.loss, Result.LOSS
    first = record.player(fielded[0]).entry(r)
    return Entry(
        Outcome.GAME,
        mp,
        game_points,
        opponent_team,
        first.colour is Colour.BLACK,
        result,
        board_points,
    )


def _team_entry(record: Record, team: Team, r: int, boards: int, team_of: dict[int, int]) -> Entry:
    scoring, ms = record.scoring, record.match_scoring
    for f in record.forfeited_matches:
        if f.round == r and team.number in (f.white_team, f.black_team):
            white = team.number == f.white_team
            opponent = f.black_team if white else f.white_team
            won = (f.kind is MatchForfeit.WHITE_WINS and white) or (
                f.kind is MatchForfeit.BLACK_WINS and not white
            )
            if won:
                return Entry(
                    Outcome.FORFEIT_WIN,
                    ms.win,
                    scoring.forfeit_win * boards,
                    opponent,
                    not white,
                    Result.WIN,
                )
            return Entry(
                Outcome.FORFEIT_LOSS, ms.loss, Fraction(0), opponent, not white, Result.LOSS
            )
    pab = record.team_pab
    if pab is not None and r <= len(pab.teams) and pab.teams[r - 1] == team.number:
        return Entry(Outcome.PAB, pab.match_points, pab.game_points)
    for bye in record.bye_assignments:
        if bye.round == r and team.number in bye.ranks:
            if bye.kind is ResultCode.FULL_POINT_BYE:
                return Entry(Outcome.FULL_BYE, ms.win, scoring.full_point_bye * boards)
            if bye.kind is ResultCode.HALF_POINT_BYE:
                return Entry(Outcome.HALF_BYE, ms.draw, scoring.half_point_bye * boards)
            return Entry(Outcome.ZERO_BYE, ms.loss, Fraction(0))
    match = _match_entry(record, team, r, boards, team_of)
    return match if match is not None else Entry(Outcome.ZERO_BYE, ms.loss, Fraction(0))


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
    boards = _boards(record, rounds, team_of)
    competitors = tuple(
        Competitor(
            t.number,
            tuple(_team_entry(record, t, r, boards, team_of) for r in range(1, rounds + 1)),
        )
        for t in sorted(record.teams, key=lambda t: t.number)
    )
    ms = record.match_scoring
    rr = is_round_robin_system(record.event.system) if round_robin is None else round_robin
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
