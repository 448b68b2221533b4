"""Type A tie-breaks bound to their codes: DE (C.07 6) and EDE with its follow-ups (13.3)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from fractions import Fraction

from chesscore.tiebreaks.basis import Compute
from chesscore.tiebreaks.basis import track_of
from chesscore.tiebreaks.boards import board_count
from chesscore.tiebreaks.boards import bottom_board_elimination
from chesscore.tiebreaks.boards import top_board_results
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.encounter import direct_encounter
from chesscore.tiebreaks.encounter import extended_direct_encounter

__all__ = ["FOLLOW_UPS", "direct_encounter_split", "extended_direct_encounter_split"]


def direct_encounter_split(
    ctx: Context, code: TieBreakCode, group: Sequence[int]
) -> list[list[int]]:
    """DE (6): the separate standing of the tied participants."""
    track = track_of(ctx, code)
    return direct_encounter(ctx, group, track, ctx.as_played(code.forfeits_played))


def _key(
    compute: Compute, lower_is_better: bool
) -> Callable[[Context], Callable[[int], tuple[Fraction, ...]]]:
    def bind(ctx: Context) -> Callable[[int], tuple[Fraction, ...]]:
        values = compute(ctx, TieBreakCode("BC"))

        def key(n: int) -> tuple[Fraction, ...]:
            v = values[n]
            if isinstance(v, tuple):
                return v
            assert v is not None
            return (-Fraction(v),) if lower_is_better else (Fraction(v),)

        return key

    return bind


FOLLOW_UPS = {
    "EDE": (),
    "EDEC": (_key(board_count, True),),
    "EDEBT": (_key(board_count, True), _key(top_board_results, False)),
    "EDEBB": (_key(board_count, True), _key(bottom_board_elimination, False)),
    "EDET": (_key(top_board_results, False),),
    "EDEB": (_key(bottom_board_elimination, False),),
}


def extended_direct_encounter_split(
    ctx: Context, code: TieBreakCode, group: Sequence[int]
) -> list[list[int]]:
    """EDE (13.3) and its knock-out follow-ups EDEC/EDEBT/EDEBB/EDET/EDEB (13.3.2)."""
    follow_ups = [bind(ctx) for bind in FOLLOW_UPS[code.acronym]]
    return extended_direct_encounter(ctx, group, ctx.as_played(code.forfeits_played), follow_ups)
