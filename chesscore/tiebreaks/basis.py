"""Types and helpers shared by the tie-break implementations."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from fractions import Fraction

from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.context import Element
from chesscore.tiebreaks.context import cut_elements
from chesscore.tiebreaks.section import Track

__all__ = ["Compute", "Split", "Value", "Values", "numbers_of", "sum_elements", "track_of"]

Value = Fraction | int | tuple[Fraction, ...] | None
Values = dict[int, Value]
Compute = Callable[[Context, TieBreakCode], Values]
Split = Callable[[Context, TieBreakCode, Sequence[int]], list[list[int]]]


def track_of(ctx: Context, code: TieBreakCode) -> Track:
    """The score a tie-break reads: ``:MP``/``:GP`` if given, else the primary score
    (C.07 13: "if the rules don't say which, the primary score is used")."""
    if not ctx.section.team:
        return Track.POINTS
    return code.score or ctx.section.primary


def numbers_of(ctx: Context) -> tuple[int, ...]:
    return ctx.section.numbers


def sum_elements(
    ctx: Context,
    code: TieBreakCode,
    value_track: Track,
    own_track: Track,
    product: bool,
) -> Values:
    """Sum of each participant's elements after the code's Cut/Median (8.1, 9.1, 13.2, 14).

    An element counts its value (Buchholz) or value x own result (``product``: SB, ESB).
    ``/F`` reads the fore section (8.3), ``/P`` and pre-determined pairings count forfeits
    as games.  O(n · r log r) for n participants and r rounds.
    """
    source = ctx.fore() if code.fore else ctx
    as_played = ctx.as_played(code.forfeits_played)

    def contribution(x: Element) -> Fraction:
        return x.value * x.own if product else x.value

    low, high = code.cut + code.median, code.median
    result: Values = {}
    for n in numbers_of(ctx):
        kept = cut_elements(
            source.elements(n, value_track, own_track, as_played), low, high, contribution
        )
        result[n] = sum((contribution(x) for x in kept), Fraction(0))
    return result
