"""Tie-breaks on the opponents' scores: Buchholz family, Sonneborn-Berger, Koya (C.07 8-9),
extended Sonneborn-Berger and schedule strength for teams (13.2, 13.4)."""

from __future__ import annotations

from fractions import Fraction

from chesscore.tiebreaks.basis import Compute
from chesscore.tiebreaks.basis import Values
from chesscore.tiebreaks.basis import numbers_of
from chesscore.tiebreaks.basis import sum_elements
from chesscore.tiebreaks.basis import track_of
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.section import Track

__all__ = [
    "average_of_opponents_buchholz",
    "buchholz",
    "extended_sonneborn_berger",
    "fore_buchholz",
    "koya",
    "schedule_strength",
    "sonneborn_berger",
]


# -- Art. 8-9 and 13.2: opponents' scores ----------------------------------------------------


def buchholz(ctx: Context, code: TieBreakCode) -> Values:
    """BH (8.1): sum of the opponents' scores, unplayed rounds by Art. 16.

    Cut/Median modifiers by 14 and 16.5; ``/F`` gives the Fore Buchholz.
    """
    track = track_of(ctx, code)
    return sum_elements(ctx, code, track, track, product=False)


def fore_buchholz(ctx: Context, code: TieBreakCode) -> Values:
    """FB (8.3): Buchholz as though every paired game of the last round were drawn."""
    return buchholz(ctx, _with_fore(code))


def _with_fore(code: TieBreakCode) -> TieBreakCode:
    return TieBreakCode(
        "BH",
        code.score,
        code.cut,
        code.median,
        forfeits_played=code.forfeits_played,
        fore=True,
    )


def average_of_opponents_buchholz(ctx: Context, code: TieBreakCode) -> Values:
    """AOB (8.2): mean Buchholz (``/F``: Fore Buchholz) of the opponents met over the board.

    Other modifiers apply to the opponents' Buchholz.  ``None`` without any game.
    """
    inner = TieBreakCode(
        "BH",
        code.score,
        code.cut,
        code.median,
        forfeits_played=code.forfeits_played,
        fore=code.fore,
    )
    bh = buchholz(ctx, inner)
    as_played = ctx.as_played(code.forfeits_played)
    result: Values = {}
    for n in numbers_of(ctx):
        values = [bh[e.opponent] for e in ctx.games(n, as_played) if e.opponent is not None]
        numeric = [v for v in values if isinstance(v, Fraction)]
        result[n] = Fraction(sum(numeric), len(numeric)) if numeric else None
    return result


def sonneborn_berger(ctx: Context, code: TieBreakCode) -> Values:
    """SB (9.1): sum of opponent's score x points scored against that opponent."""
    track = track_of(ctx, code)
    return sum_elements(ctx, code, track, track, product=True)


def extended_sonneborn_berger(value_track: Track | None, own_track: Track | None) -> Compute:
    def compute(ctx: Context, code: TieBreakCode) -> Values:
        primary = ctx.section.primary
        return sum_elements(ctx, code, value_track or primary, own_track or primary, product=True)

    compute.__doc__ = "ESB (13.2): opponent's total x own result against it."
    return compute


def koya(ctx: Context, code: TieBreakCode) -> Values:
    """KS (9.2): points scored against those who finished with at least half the maximum.

    ``L±x`` moves the threshold by x points (14.5).
    """
    track = track_of(ctx, code)
    maximum = ctx.section.win_points(track) * ctx.section.rounds
    threshold = maximum / 2 + (code.limit or 0)
    final = ctx.scores(track)
    as_played = ctx.as_played(code.forfeits_played)
    return {
        n: sum(
            (
                e.score(track)
                for e in ctx.games(n, as_played)
                if e.opponent is not None and final[e.opponent] >= threshold
            ),
            Fraction(0),
        )
        for n in numbers_of(ctx)
    }


def schedule_strength(ctx: Context, code: TieBreakCode) -> Values:
    """SSSC (13.4): secondary score + BH on the primary score / divisor.

    divisor = floor(highest primary score / highest secondary score of one match) unless
    ``/K`` gives it; ``/F`` uses the Fore Buchholz.
    """
    section = ctx.section
    primary, secondary = section.primary, section.secondary
    divisor = code.divisor
    if divisor is None:
        highest = section.win_points(primary) * section.rounds
        divisor = max(1, (highest / section.win_points(secondary)).__floor__())
    bh = buchholz(
        ctx,
        TieBreakCode("BH", primary, forfeits_played=code.forfeits_played, fore=code.fore),
    )
    scores = ctx.scores(secondary)
    result: Values = {}
    for n in numbers_of(ctx):
        value = bh[n]
        assert isinstance(value, Fraction)
        result[n] = scores[n] + value / divisor
    return result
