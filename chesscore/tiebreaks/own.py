"""Tie-breaks on the participant's own results: C.07 Art. 7, and the scores (11, 13.1)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from chesscore.tiebreaks.basis import Compute
from chesscore.tiebreaks.basis import Values
from chesscore.tiebreaks.basis import numbers_of
from chesscore.tiebreaks.basis import track_of
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.section import Entry
from chesscore.tiebreaks.section import Result
from chesscore.tiebreaks.section import RoundOutcome
from chesscore.tiebreaks.section import Track

__all__ = [
    "black_games",
    "black_wins",
    "games_won",
    "match_or_game_points",
    "pairing_number",
    "points",
    "progressive",
    "rounds_elected",
    "standard_points",
    "wins",
]


# -- points and Art. 13.1 --------------------------------------------------------------------


def points(ctx: Context, code: TieBreakCode) -> Values:
    """PTS / MPTS / GPTS: the score itself (record 212 lists start with it)."""
    track = track_of(ctx, code)
    if code.acronym == "MPTS":
        track = Track.MP if ctx.section.team else Track.POINTS
    elif code.acronym == "GPTS":
        track = Track.GP if ctx.section.team else Track.POINTS
    return dict(ctx.scores(track))


def match_or_game_points(ctx: Context, code: TieBreakCode) -> Values:
    """MPvGP (13.1): the secondary score, GP when MP decides and MP when GP does."""
    del code
    return dict(ctx.scores(ctx.section.secondary))


# -- Art. 7: the participant's own results ----------------------------------------------------


def _counting(predicate: Callable[[Context, TieBreakCode, Entry], bool]) -> Compute:
    def compute(ctx: Context, code: TieBreakCode) -> Values:
        return {
            c.number: sum(1 for e in c.entries if predicate(ctx, code, e))
            for c in ctx.section.competitors
        }

    return compute


def _played_for_own_record(ctx: Context, code: TieBreakCode, e: Entry) -> bool:
    """A game for Art. 7: forfeit wins count as games with pre-determined pairings, forfeit
    losses never do (15.2)."""
    if e.outcome is RoundOutcome.GAME:
        return True
    return e.outcome is RoundOutcome.FORFEIT_WIN and ctx.as_played(code.forfeits_played)


def _wintrack_of(ctx: Context) -> Track:
    return Track.MP if ctx.section.team else Track.POINTS


wins = _counting(
    lambda ctx, code, e: e.score(_wintrack_of(ctx)) >= ctx.section.win_points(_wintrack_of(ctx))
)
wins.__doc__ = "WIN (7.1): rounds that earned a win's points, played or not."
games_won = _counting(
    lambda ctx, code, e: _played_for_own_record(ctx, code, e) and e.result is Result.WIN
)
games_won.__doc__ = "WON (7.2): games won over the board."
black_games = _counting(lambda ctx, code, e: _played_for_own_record(ctx, code, e) and e.black)
black_games.__doc__ = "BPG (7.3): games played with Black."
black_wins = _counting(
    lambda ctx, code, e: _played_for_own_record(ctx, code, e) and e.black and e.result is Result.WIN
)
black_wins.__doc__ = "BWG (7.4): games won with Black."


def rounds_elected(ctx: Context, code: TieBreakCode) -> Values:
    """REP (7.6): rounds minus half- and zero-point byes and forfeit losses.

    Rounds after a withdrawal and before a late entry are zero-point byes (16.1.1).
    """
    del code
    return {
        c.number: ctx.section.rounds
        - sum(
            1
            for e in c.entries
            if e.outcome
            in (RoundOutcome.HALF_BYE, RoundOutcome.ZERO_BYE, RoundOutcome.FORFEIT_LOSS)
        )
        for c in ctx.section.competitors
    }


def standard_points(ctx: Context, code: TieBreakCode) -> Values:
    """STD (7.7): 1 per round scored above the scheduled opponent (or above a draw's points
    without one), ½ per round level with them (or exactly a draw's points)."""
    track = track_of(ctx, code)
    draw = ctx.section.draw_points(track)
    result: Values = {}
    for c in ctx.section.competitors:
        total = Fraction(0)
        for i, e in enumerate(c.entries):
            own = e.score(track)
            if e.opponent is not None and e.opponent in ctx.section:
                other = ctx.section.competitor(e.opponent).entries[i].score(track)
            else:
                other = draw
            total += 1 if own > other else Fraction(1, 2) if own == other else 0
        result[c.number] = total
    return result


def progressive(ctx: Context, code: TieBreakCode) -> Values:
    """PS (7.5): the sum of the running scores after each round.

    Cut-n drops the n earliest running scores (the least significant, 14.1), Median-n
    also the n latest.
    """
    track = track_of(ctx, code)
    result: Values = {}
    for c in ctx.section.competitors:
        running, total = Fraction(0), []
        for e in c.entries:
            running += e.score(track)
            total.append(running)
        low, high = code.cut + code.median, code.median
        kept = total[low : len(total) - high] if low + high < len(total) else []
        result[c.number] = sum(kept, Fraction(0))
    return result


def pairing_number(ctx: Context, code: TieBreakCode) -> Values:
    """TPN (7.8): the pairing number, lower first (``/R`` for higher first)."""
    del code
    return {n: n for n in numbers_of(ctx)}
