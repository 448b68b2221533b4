"""Colour preferences (C.04.4.2 1.5, by C.04.3 1.7) and colour allocation (5.2).

Example: a player whose played games were White, Black, White has CD = +1 and a strong
preference for Black; after White, White it is an absolute preference for Black.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chesscore.record.model import Colour

from .field import Entrant
from .field import Field

__all__ = ["Preference", "Strength", "allocate_colours", "preference_of"]


class Strength(enum.IntEnum):
    """1.5: absolute > strong > mild > none."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class Preference:
    """A colour preference and how strong it is (``Colour.NONE`` with ``Strength.NONE``)."""

    colour: Colour
    strength: Strength


NO_PREFERENCE = Preference(Colour.NONE, Strength.NONE)


def preference_of(entrant: Entrant) -> Preference:
    """C.04.3 1.7.1–1.7.4 on played games only (GHR 3.4).

    Absolute: CD below −1 or above +1, or the last two games of one colour; strong:
    CD = ±1; mild: CD = 0, the other colour than the last game; none before any game.
    When CD and the last two games point different ways (possible only for a Dutch
    topscorer) the colour difference is taken, as Basic Rules 6 comes before 7.
    """
    colours = entrant.colours
    if not colours:
        return NO_PREFERENCE
    cd = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
    if cd < -1:
        return Preference(Colour.WHITE, Strength.ABSOLUTE)
    if cd > 1:
        return Preference(Colour.BLACK, Strength.ABSOLUTE)
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return Preference(colours[-1].opposite, Strength.ABSOLUTE)
    if cd:
        return Preference(Colour.WHITE if cd < 0 else Colour.BLACK, Strength.STRONG)
    return Preference(colours[-1].opposite, Strength.MILD)


def absolute_clash(pa: Preference, pb: Preference) -> bool:
    """C3 (2.1.3): both have an absolute preference for the same colour."""
    return pa.strength is pb.strength is Strength.ABSOLUTE and pa.colour is pb.colour


def denied(pa: Preference, pb: Preference) -> int:
    """C8 (2.3.4): how many of the pair cannot have the colour they prefer (0 or 1)."""
    return int(pa.colour is pb.colour is not Colour.NONE)


def allocate_colours(field: Field, higher: Entrant, lower: Entrant) -> tuple[int, int]:
    """5.2: (white, black) for a pair; ``higher`` ranks above ``lower`` in the 1.8 order.

    The first of 5.2.1–5.2.5 that decides gives ``higher`` its colour.
    """
    colour = _colour_of_higher(field, higher, lower)
    if colour is Colour.WHITE:
        return higher.rank, lower.rank
    return lower.rank, higher.rank


def _colour_of_higher(field: Field, higher: Entrant, lower: Entrant) -> Colour:
    ph, pl = preference_of(higher), preference_of(lower)
    if not higher.colours and not lower.colours:
        # 5.2.1: odd TPN takes the initial-colour, even TPN the other one.
        return field.initial_colour if higher.tpn % 2 else field.initial_colour.opposite
    if ph.colour is not pl.colour:
        # 5.2.2: both granted (a player without a preference takes what is left, 1.5.4).
        return ph.colour if ph.colour is not Colour.NONE else pl.colour.opposite
    if ph.strength != pl.strength:
        # 5.2.3: the stronger preference.
        return ph.colour if ph.strength > pl.strength else pl.colour.opposite
    latest = _latest_different_colours(higher, lower)
    if latest is not None:
        # 5.2.4: each the other colour than in the latest round where theirs differed.
        return latest.opposite
    # 5.2.5: the higher-ranked player's preference.
    return ph.colour


def _latest_different_colours(a: Entrant, b: Entrant) -> Colour | None:
    """5.2.4 on played games only (GHR 3.4: the gaps move to the front, so the histories
    are lined up from their latest games).  ``a``'s colour there, or ``None``."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca
    return None
