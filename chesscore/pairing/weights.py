"""Edge weights of the Dutch system: the quality criteria of C.04.3 as one integer.

Each criterion owns a bit field of the weight; fields are ordered from the most important
criterion (most significant bits) to the least.  A maximum-weight matching therefore
optimises the criteria lexicographically, which is exactly what C.04.3 C.5 and the
order of the quality criteria C5-C21 demand.  The field layout follows the weighted
matching formulation of bbpPairings (Jeremy Bierema); the last four fields are left empty
here and filled by the bracket procedure (exchanges and transpositions).

Field widths: ``group_bits`` counts the players of the largest score group,
``scores_bits`` leaves one sub-field per score group, sized for that group, so that
"the scores of the players concerned" can be compared (C7, C8, C18-C21).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field

from chesscore.record.model import Colour

from .state import PlayerState
from .state import TournamentState

__all__ = [
    "EdgeWeights",
    "Float",
    "SoftCriterion",
    "WeightContext",
    "colour_criteria",
    "float_of",
    "is_compatible",
]

SoftCriterion = Callable[[int, int], int]
"""Organiser preference for pairing two starting ranks, 0 (worst) to ``SOFT_MAX`` (best).

It ranks below every FIDE criterion (after C21) and above the transposition and exchange
order of D.1/D.2, and only between players of the same bracket.  Without one the weights
(and so the pairings) are exactly the FIDE ones.
"""
SOFT_MAX = (1 << 24) - 1


class Float(enum.Enum):
    """Direction a player floated in an earlier round (C.04.3 A.4)."""

    DOWN = 0
    UP = 1
    NONE = 2


def float_of(state: TournamentState, player: PlayerState, rounds_back: int) -> Float:
    """A.4: a bye or a forfeit win counts as a downfloat; otherwise compare the scores."""
    game = player.games[state.played_rounds - rounds_back]
    if not game.played:
        return Float.DOWN if game.points > state.points_for_loss else Float.NONE
    assert game.opponent is not None
    mine = state.accelerated_score(player, rounds_back)
    theirs = state.accelerated_score(state.players[game.opponent], rounds_back)
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def is_compatible(
    state: TournamentState, a: PlayerState, b: PlayerState, forbidden: dict[int, set[int]]
) -> bool:
    """Absolute criteria C1 (no rematch, no forbidden pair) and C3 (colour clash).

    C3 does not apply in the last round to a topscorer (more than half the maximum score).
    """
    if b.rank in forbidden[a.rank]:
        return False
    if not (a.absolute_preference and b.absolute_preference):
        return True
    if a.colour_preference is not b.colour_preference:
        return True
    if state.played_rounds >= state.expected_rounds - 1:
        threshold = (state.played_rounds * max(state.points_for_win, state.points_for_draw)) >> 1
        if state.accelerated_score(a) > threshold or state.accelerated_score(b) > threshold:
            return True
    return False


def preferences_compatible(a: Colour, b: Colour) -> bool:
    """Two colour preferences can both be met."""
    return a is not b or a is Colour.NONE


@dataclass(frozen=True, slots=True)
class WeightContext:
    """What every edge weight of one round needs to know."""

    state: TournamentState
    forbidden: dict[int, set[int]]
    group_bits: int
    scores_bits: int
    shifts: dict[int, int]
    """Accelerated score -> offset of its sub-field inside a scores field."""
    scores: dict[int, int]
    """Starting rank -> accelerated score, cached."""
    floats: dict[int, tuple[Float, Float]]
    """Starting rank -> float one round back and two rounds back."""
    soft: SoftCriterion | None = None
    """Organiser criterion below C21 (see :data:`SoftCriterion`); ``None`` for pure FIDE."""
    soft_bits: int = 0


def colour_criteria(player: PlayerState, opponent: PlayerState) -> tuple[bool, bool, bool, bool]:
    """C10-C13 for one pair in the current bracket: whether each criterion is met.

    ``player`` is the lower-ranked one.  C10: not two absolute imbalances towards the same
    colour; C11: no clash of absolute preferences, unless the repeated-colour rule settles
    it; C12: both preferences can be met; C13: no clash involving a strong preference.
    """
    same = player.colour_preference is opponent.colour_preference
    c10 = not (player.absolute_imbalance and opponent.absolute_imbalance and same)
    if not (player.absolute_preference and opponent.absolute_preference and same):
        c11 = True
    elif player.colour_imbalance == opponent.colour_imbalance:
        c11 = (
            player.repeated_colour is Colour.NONE
            or player.repeated_colour is not opponent.repeated_colour
        )
    else:
        heavier = opponent if player.colour_imbalance > opponent.colour_imbalance else player
        c11 = heavier.repeated_colour is not player.colour_preference.opposite
    c12 = preferences_compatible(player.colour_preference, opponent.colour_preference)
    c13 = (
        (not player.strong_preference and not player.absolute_preference)
        or (not opponent.strong_preference and not opponent.absolute_preference)
        or (player.absolute_preference and opponent.absolute_preference)
        or not same
    )
    return c10, c11, c12, c13


def _colour_bits(
    weight: int, player: PlayerState, opponent: PlayerState, active: bool, bits: int
) -> int:
    """C10-C13 (colour criteria) as four fields; ``player`` is the lower-ranked one."""
    if not active:
        return weight << (4 * bits)
    c10, c11, c12, c13 = colour_criteria(player, opponent)
    weight = (weight << bits) | c10
    weight = (weight << bits) | c11
    weight = (weight << bits) | c12
    return (weight << bits) | c13


@dataclass(frozen=True, slots=True)
class EdgeWeights:
    """The weight of every pair of one bracket: the round's context and the bye's terms.

    The bye terms (C4, C9) matter in an odd round only; their defaults give the weights
    of an even round.
    """

    ctx: WeightContext
    bye_score: int = 0
    """Highest score (accelerated) of a player who may receive the pairing-allocated bye."""
    single_downfloater_is_bye: bool = False
    """The one player floating down from this bracket receives the bye, so C9 applies."""
    unplayed_ranks: Mapping[int, int] = field(default_factory=dict)
    """Games played -> rank of that count among the bye candidates (C9)."""

    def weight(
        self, higher: PlayerState, lower: PlayerState, lower_in_current: bool, lower_in_next: bool
    ) -> int:
        """Weight of pairing ``higher`` with ``lower`` in the current bracket (0 = illegal).

        From the top: completion and PAB eligibility (C2, C4), pairs and scores in the
        current bracket (C5, C6), in the next bracket (C7, C8), the PAB assignee's unplayed
        games (C9), colours (C10-C13), repeated floats (C14-C17) and their scores (C18-C21),
        then four empty fields for the bracket procedure.
        """
        ctx = self.ctx
        if not is_compatible(ctx.state, higher, lower, ctx.forbidden):
            return 0
        if not (lower_in_current or lower_in_next or self.single_downfloater_is_bye):
            # Outside the bracket only the first field is set (C2/C4): the same integer as
            # below, without building the empty fields one by one.
            hs = ctx.scores[higher.rank]
            ls = ctx.scores[lower.rank]
            bye_score = self.bye_score
            first = (
                1
                + (not (higher.bye_eligible and hs <= bye_score))
                + (not (lower.bye_eligible and ls <= bye_score))
            )
            return first << _tail_bits(ctx)
        return self._full_weight(higher, lower, lower_in_current, lower_in_next)

    def _full_weight(
        self, higher: PlayerState, lower: PlayerState, lower_in_current: bool, lower_in_next: bool
    ) -> int:
        """`weight` field by field, for a compatible pair."""
        ctx = self.ctx
        bits = ctx.group_bits
        sbits = ctx.scores_bits
        hs = ctx.scores[higher.rank]
        ls = ctx.scores[lower.rank]
        played = ctx.state.played_rounds
        bye_score = self.bye_score
        weight = (
            1
            + (not (higher.bye_eligible and hs <= bye_score))
            + (not (lower.bye_eligible and ls <= bye_score))
        )
        weight = (weight << bits) | lower_in_current
        weight <<= sbits
        if lower_in_current:
            weight |= 1 << ctx.shifts[hs]
        weight = (weight << bits) | lower_in_next
        weight <<= sbits
        if lower_in_next:
            weight |= 1 << ctx.shifts[hs]
        weight <<= 2 * bits
        if self.single_downfloater_is_bye:
            if hs == bye_score:
                weight += self.unplayed_ranks[higher.played_games]
            if ls == bye_score:
                weight += self.unplayed_ranks[lower.played_games]
        weight = _colour_bits(weight, lower, higher, lower_in_current, bits)
        hf = ctx.floats[higher.rank]
        lf = ctx.floats[lower.rank]
        for back in (1, 2):
            if played < back:
                continue
            weight <<= bits
            if lower_in_current:
                weight += lf[back - 1] is Float.DOWN
                weight += hs <= ls and hf[back - 1] is Float.DOWN
            weight <<= bits
            if lower_in_current:
                weight += not (hs > ls and lf[back - 1] is Float.UP)
        for back in (1, 2):
            if played < back:
                continue
            weight <<= sbits
            if lower_in_current:
                weight += (lf[back - 1] is Float.DOWN) << ctx.shifts[ls]
                weight += (hf[back - 1] is Float.DOWN) << ctx.shifts[hs]
            weight <<= sbits
            if lower_in_current and not (lf[back - 1] is Float.UP and hs > ls):
                weight += 1 << ctx.shifts[hs]
        if ctx.soft_bits:
            weight <<= ctx.soft_bits
            if lower_in_current and ctx.soft is not None:
                weight += max(0, min(SOFT_MAX, ctx.soft(higher.rank, lower.rank)))
        return weight << (3 * bits + 1)


def _tail_bits(ctx: WeightContext) -> int:
    """Width of every field after the first: how far `EdgeWeights._full_weight` shifts it."""
    bits = ctx.group_bits
    sbits = ctx.scores_bits
    back = min(ctx.state.played_rounds, 2)
    # C5-C8: bits + sbits twice; C9: 2 bits; C10-C13: 4 bits; C14-C17: 2 bits a round
    # back; C18-C21: 2 sbits a round back; the soft field; the bracket procedure's 3 bits + 1.
    return 11 * bits + 2 * sbits + back * (2 * bits + 2 * sbits) + ctx.soft_bits + 1
