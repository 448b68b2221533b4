"""Rating-based tie-breaks for individuals: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 10).

Only games played over the board count; every unplayed round, forfeits included even with
pre-determined pairings (15.2), is ignored, also in the game count.  An unrated opponent
counts the rating the code gives for unrated players (``/U``), else is left out (the
standings drop the tie-break before it gets here, 10).
"""

from __future__ import annotations

from fractions import Fraction

from chesscore.tiebreaks.basis import Compute
from chesscore.tiebreaks.basis import Values
from chesscore.tiebreaks.basis import numbers_of
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.ratings import average_rating
from chesscore.tiebreaks.ratings import perfect_performance
from chesscore.tiebreaks.ratings import performance_rating
from chesscore.tiebreaks.ratings import round_half_up
from chesscore.tiebreaks.section import RoundOutcome

__all__ = [
    "average_perfect_performance_of_opponents",
    "average_performance_of_opponents",
    "average_rating_of_opponents",
    "perfect",
    "performance",
    "rating",
]


def _opponent_ratings(ctx: Context, code: TieBreakCode, n: int) -> list[int]:
    ratings = []
    for e in ctx.section.competitor(n).entries:
        if e.outcome is RoundOutcome.GAME and e.opponent is not None:
            rating = ctx.section.competitor(e.opponent).rating
            rating = rating if rating is not None else code.unrated_rating
            if rating is not None:
                ratings.append(rating)
    return ratings


def _otb_points(ctx: Context, n: int) -> Fraction:
    return sum(
        (
            e.result.rating_points
            for e in ctx.section.competitor(n).entries
            if e.outcome is RoundOutcome.GAME and e.result is not None
        ),
        Fraction(0),
    )


def average_rating_of_opponents(ctx: Context, code: TieBreakCode) -> Values:
    """ARO (10.1): mean rating of the opponents met over the board, rounded .5 up.

    ARO-Cn drops the n lowest ratings, ARO-Mn also the n highest; ``None`` when no
    rating is left (a cut of a player with a single game).
    """
    low, high = code.cut + code.median, code.median
    result: Values = {}
    for n in numbers_of(ctx):
        ratings = sorted(_opponent_ratings(ctx, code, n))
        kept = ratings[low : len(ratings) - high] if low + high < len(ratings) else []
        result[n] = average_rating(kept)
    return result


def _performances(ctx: Context, code: TieBreakCode) -> dict[int, int | None]:
    return {
        n: performance_rating(_opponent_ratings(ctx, code, n), _otb_points(ctx, n))
        for n in numbers_of(ctx)
    }


def _perfect_performances(ctx: Context, code: TieBreakCode) -> dict[int, int | None]:
    return {
        n: perfect_performance(_opponent_ratings(ctx, code, n), _otb_points(ctx, n))
        for n in numbers_of(ctx)
    }


def performance(ctx: Context, code: TieBreakCode) -> Values:
    """TPR (10.2): ARO + dp(p), p = OTB points / OTB games to two decimals."""
    return dict(ctx.cached(("TPR", code.unrated_rating), lambda: _performances(ctx, code)))


def perfect(ctx: Context, code: TieBreakCode) -> Values:
    """PTP (10.3): lowest rating whose expected score reaches the OTB score."""
    return dict(ctx.cached(("PTP", code.unrated_rating), lambda: _perfect_performances(ctx, code)))


def _average_of(per_player: Compute) -> Compute:
    def compute(ctx: Context, code: TieBreakCode) -> Values:
        values = per_player(ctx, code)
        result: Values = {}
        for n in numbers_of(ctx):
            found = [
                v
                for e in ctx.section.competitor(n).entries
                if e.outcome is RoundOutcome.GAME and e.opponent is not None
                for v in (values[e.opponent],)
                if isinstance(v, int)
            ]
            result[n] = round_half_up(Fraction(sum(found), len(found))) if found else None
        return result

    return compute


def rating(ctx: Context, code: TieBreakCode) -> Values:
    """RTNG (10.6): the participant's own rating, highest first."""
    return {
        c.number: c.rating if c.rating is not None else code.unrated_rating
        for c in ctx.section.competitors
    }


average_performance_of_opponents = _average_of(performance)
average_performance_of_opponents.__doc__ = "APRO (10.4): mean TPR of the opponents met, rounded."
average_perfect_performance_of_opponents = _average_of(perfect)
average_perfect_performance_of_opponents.__doc__ = (
    "APPO (10.5): mean PTP of the opponents met, rounded."
)
