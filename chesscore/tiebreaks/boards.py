"""Knock-out tie-breaks for teams, on the results per board (C.07 12)."""

from __future__ import annotations

from fractions import Fraction

from chesscore.tiebreaks.basis import Values
from chesscore.tiebreaks.basis import numbers_of
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.section import Entry
from chesscore.tiebreaks.section import RoundOutcome

__all__ = ["board_count", "bottom_board_elimination", "top_board_results"]


def _board_points(ctx: Context, e: Entry) -> tuple[Fraction, ...]:
    """Points per board for the knock-out tie-breaks (12): a PAB, a full-point bye or a
    forfeit win counts a win on every board, a half-point bye a draw, other byes nothing."""
    section = ctx.section
    boards = section.boards
    if e.outcome is RoundOutcome.GAME:
        known = e.boards[:boards]
        return known + (Fraction(0),) * (boards - len(known))
    if e.outcome in (RoundOutcome.PAB, RoundOutcome.FULL_BYE, RoundOutcome.FORFEIT_WIN):
        return (section.game_win,) * boards
    if e.outcome is RoundOutcome.HALF_BYE:
        return (section.game_draw,) * boards
    return (Fraction(0),) * boards


def _board_totals(ctx: Context, n: int) -> list[Fraction]:
    totals = [Fraction(0)] * ctx.section.boards
    for e in ctx.section.competitor(n).entries:
        for i, p in enumerate(_board_points(ctx, e)):
            totals[i] += p
    return totals


def board_count(ctx: Context, code: TieBreakCode) -> Values:
    """BC (12.1): sum of board number x game points on that board; lower is better."""
    del code
    return {
        n: sum(((i + 1) * p for i, p in enumerate(_board_totals(ctx, n))), Fraction(0))
        for n in numbers_of(ctx)
    }


def top_board_results(ctx: Context, code: TieBreakCode) -> Values:
    """TBR (12.2): game points on board 1, then board 2, and so on (compared in order)."""
    del code
    return {n: tuple(_board_totals(ctx, n)) for n in numbers_of(ctx)}


def bottom_board_elimination(ctx: Context, code: TieBreakCode) -> Values:
    """BBE (12.3): game points on all boards but the last; then without the last two..."""
    del code
    result: Values = {}
    for n in numbers_of(ctx):
        totals = _board_totals(ctx, n)
        result[n] = tuple(sum(totals[:k], Fraction(0)) for k in range(len(totals) - 1, 0, -1))
    return result
