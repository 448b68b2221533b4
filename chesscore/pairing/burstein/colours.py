"""Colour allocation of the Burstein system (C.04.4.2 Article 5).

The preferences themselves are the Dutch ones (1.5 refers to C.04.3 1.7.1-1.7.3) and come
from :mod:`..state`: absolute (colour difference beyond one, or the same colour twice in a
row), strong (difference of one), mild (difference zero); a player with no game played has
none (1.5.4), so their opponent's preference is granted.  Where a rule falls back on the
"higher ranked" player, rank is the Index order of 1.8, not the score.

The TPN whose parity 5.2.1 reads is the state's pairing number: the place in the
starting order among the players to pair now and those paired before.  A late entrant
who has not arrived has not yet been considered for a pairing and holds no TPN (GHR 2.4),
so moves no one's number, as in the Dutch seeding rounds.
"""

from __future__ import annotations

from chesscore.record.model import Colour

from ..state import PlayerState

__all__ = ["colour_of", "same_colour_wanted"]


def same_colour_wanted(a: PlayerState, b: PlayerState) -> bool:
    """Both players prefer the same colour, so one of them is denied it (C8)."""
    return a.colour_preference is b.colour_preference and a.colour_preference is not Colour.NONE


def colour_of(higher: PlayerState, lower: PlayerState, initial: Colour, *, tpn_odd: bool) -> Colour:
    """Colour of ``higher``, the higher ranked of the pair by 1.8, against ``lower`` (5.2).

    ``tpn_odd`` tells whether ``higher``'s pairing number is odd; ``initial`` is the colour
    drawn by lot before round 1 (5.1).

    Example: two players who have both played, the higher ranked with a mild preference
    for White and the lower with a strong one for White, give the lower White (5.2.3).
    """
    if higher.played_games == 0 and lower.played_games == 0:
        # 5.2.1: the higher ranked player's pairing number decides.
        return initial if tpn_odd else initial.opposite
    mine, theirs = higher.colour_preference, lower.colour_preference
    if mine is not theirs:
        # 5.2.2: both preferences can be granted (1.5.4: no preference grants the other's).
        return mine if mine is not Colour.NONE else theirs.opposite
    # The same preference from here on: one of them is denied it.
    strength_mine, strength_theirs = _strength(higher), _strength(lower)
    if strength_mine != strength_theirs:
        # 5.2.3: the stronger preference is granted.
        return mine if strength_mine > strength_theirs else theirs.opposite
    alternated = _alternate(higher, lower)
    if alternated is not Colour.NONE:
        return alternated
    # 5.2.5: the higher ranked player's preference.
    return mine


def _strength(player: PlayerState) -> int:
    """3 absolute, 2 strong, 1 mild, 0 none (C.04.3 1.7.1-1.7.3)."""
    if player.colour_preference is Colour.NONE:
        return 0
    if player.absolute_preference:
        return 3
    return 2 if player.strong_preference else 1


def _alternate(higher: PlayerState, lower: PlayerState) -> Colour:
    """5.2.4: ``higher``'s colour alternating from the latest round in which the two had
    different colours, counting played games only (GHR 3.4); ``NONE`` if there is none."""
    mine, _theirs = higher.last_colour_difference(lower)
    return mine.opposite
