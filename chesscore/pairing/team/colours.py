"""Colour preferences (C.04.6 1.7) and colour allocation (Article 4) of the team Swiss.

Only matches that took place count (1.6.1, C.04.2 3.4).  The team with White on board 1
has White on the odd boards (or as the 352 board-colour sequence says).

Example (Type A: Black in the last two played matches gives a preference for White)::

    >>> from fractions import Fraction
    >>> from .state import TeamRoundOutcome, TeamRound, TeamState
    >>> black = TeamRound(TeamRoundOutcome.MATCH, opponent=9, colour=Colour.BLACK, played=True)
    >>> team = TeamState(1, Fraction(0), Fraction(0), (black, black), Fraction(0), None)
    >>> colour_preference(team, PreferenceType.A, last_round=False)
    Preference(colour=<Colour.WHITE: 'w'>, strong=False)
"""

from __future__ import annotations

from dataclasses import dataclass

from chesscore.record.model import Colour

from .state import PreferenceType
from .state import TeamState
from .state import TeamSwissState

__all__ = [
    "NO_PREFERENCE",
    "Preference",
    "allocate_colours",
    "board_colours",
    "colour_preference",
    "first_team",
    "unfulfilled",
]


@dataclass(frozen=True, slots=True)
class Preference:
    """A colour preference: ``colour`` is ``NONE`` for none; ``strong`` only in Type B."""

    colour: Colour = Colour.NONE
    strong: bool = False


NO_PREFERENCE = Preference()


def colour_preference(team: TeamState, kind: PreferenceType, *, last_round: bool) -> Preference:
    """The colour preference of ``team`` (1.7.1 Type A, 1.7.2 Type B, or none).

    Type A (1.7.1): White when CD < -1, or CD is 0 or -1 after Black in the last two played
    matches; Black symmetrically.  Type B (1.7.2): the same conditions give a *strong*
    preference; CD -1 (+1), or CD 0 before the last round after Black (White) in the last
    played match, a *mild* one.
    """
    if kind is PreferenceType.NONE:
        return NO_PREFERENCE
    colours = team.colours
    if not colours:
        return NO_PREFERENCE
    cd = team.colour_difference
    last_two = colours[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Preference(Colour.WHITE, strong=kind is PreferenceType.B)
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Preference(Colour.BLACK, strong=kind is PreferenceType.B)
    if kind is PreferenceType.A:
        return NO_PREFERENCE
    if cd == -1 or (cd == 0 and not last_round and colours[-1] is Colour.BLACK):
        return Preference(Colour.WHITE)
    if cd == 1 or (cd == 0 and not last_round and colours[-1] is Colour.WHITE):
        return Preference(Colour.BLACK)
    return NO_PREFERENCE


def unfulfilled(a: Preference, b: Preference) -> tuple[int, int]:
    """Teams of a pair left without their preference, and without a strong one (C8, C9).

    Article 4 grants a lone or opposite preference (4.3.2, 4.3.3) and, in Type B, a lone
    strong one (4.3.4): only equal preferences leave one team unserved.

    >>> white, strong = Preference(Colour.WHITE), Preference(Colour.WHITE, strong=True)
    >>> unfulfilled(white, strong), unfulfilled(strong, strong), unfulfilled(white, NO_PREFERENCE)
    ((1, 0), (1, 1), (0, 0))
    """
    if a.colour is Colour.NONE or a.colour is not b.colour:
        return 0, 0
    return 1, int(a.strong and b.strong)


def first_team(state: TeamSwissState, a: int, b: int) -> int:
    """The first-team of a pair (4.2): higher score, higher secondary score, smaller TPN."""
    ta, tb = state.teams[a], state.teams[b]

    def key(t: TeamState) -> tuple[object, ...]:
        secondary = t.secondary if t.secondary is not None else 0
        return (-t.score, -secondary, t.number)

    return a if key(ta) < key(tb) else b


def allocate_colours(state: TeamSwissState, a: int, b: int) -> tuple[int, int, str]:
    """``(white, black, article)`` for a pair, by the first rule of 4.3 that applies."""
    first = first_team(state, a, b)
    other = b if first == a else a
    tf, to = state.teams[first], state.teams[other]

    def give(team: int, colour: Colour, article: str) -> tuple[int, int, str]:
        mate = other if team == first else first
        return (team, mate, article) if colour is Colour.WHITE else (mate, team, article)

    if not tf.colours and not to.colours:
        colour = state.initial_colour if first % 2 == 1 else state.initial_colour.opposite
        return give(first, colour, "4.3.1")
    kind, last = state.rules.preferences, state.last_round
    pf = colour_preference(tf, kind, last_round=last)
    po = colour_preference(to, kind, last_round=last)
    if (pf.colour is Colour.NONE) != (po.colour is Colour.NONE):
        return (
            give(first, pf.colour, "4.3.2")
            if pf.colour is not Colour.NONE
            else give(other, po.colour, "4.3.2")
        )
    if pf.colour is not Colour.NONE and pf.colour is not po.colour:
        return give(first, pf.colour, "4.3.3")
    if kind is PreferenceType.B and pf.strong != po.strong:
        return give(first, pf.colour, "4.3.4") if pf.strong else give(other, po.colour, "4.3.4")
    if tf.colour_difference != to.colour_difference:
        lower = first if tf.colour_difference < to.colour_difference else other
        return give(lower, Colour.WHITE, "4.3.5")
    # 4.3.6 with C.04.2 3.4: the played colours, aligned on the latest match.
    for cf, co in zip(reversed(tf.colours), reversed(to.colours), strict=False):
        if cf is not co:
            return give(first, cf.opposite, "4.3.6")
    if pf.colour is not Colour.NONE:
        return give(first, pf.colour, "4.3.7")
    if tf.colours:
        return give(first, tf.colours[-1].opposite, "4.3.8")
    return give(other, to.colours[-1].opposite, "4.3.9")


def board_colours(boards: int, sequence: str = "") -> tuple[Colour, ...]:
    """Colours of the board-1 White team on each board: the 352 sequence, else W B W B ...

    >>> "".join(c.value for c in board_colours(4))
    'wbwb'
    """
    if sequence:
        return tuple(Colour.WHITE if c in "Ww" else Colour.BLACK for c in sequence[:boards])
    return tuple(Colour.WHITE if i % 2 == 0 else Colour.BLACK for i in range(boards))
