"""The FIDE Dutch system (C.04.3, rules in force from 2026) as weighted matchings.

The round is paired bracket by bracket, from the top score group down (C.04.3 B).  For
each bracket one weighted matching over *all* players still to pair decides, at once, the
absolute criteria for the rest of the round (completability, C4) and the quality criteria
of the bracket (C5-C21, encoded by :mod:`.weights`).  Then the bracket's own choices are
fixed one at a time, each by nudging a few weights and matching again:

1. which moved-down players (MDPs) are paired in the bracket, highest first (B.2, C6);
2. the opponent of each paired MDP, highest possible first (B.3, transpositions);
3. in the remainder, the fewest and the smallest exchanges (B.4, D.2);
4. the opponent of each remaining S1 player, highest possible first (D.1).

This follows the weighted-matching formulation of bbpPairings (Jeremy Bierema) so that
the same criteria lead to the same pairings.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from chesscore.record.model import Colour

from .brackets import BracketNote
from .brackets import RoundGraph
from .brackets import pair_brackets
from .direct import later_round_brackets
from .direct import round_one_pairing
from .state import PlayerState
from .state import TournamentState
from .weights import SOFT_MAX
from .weights import EdgeWeights
from .weights import Float
from .weights import SoftCriterion
from .weights import WeightContext
from .weights import float_of
from .weights import is_compatible

__all__ = ["BracketNote", "DutchPairing", "NoLegalPairing", "pair_dutch"]

DIRECT_PATHS = True
"""Whether the certificates of :mod:`.direct` may answer before the weighted matchings.

Only the differential tests and the benchmark turn it off, to compare and time the full
procedure on the same positions; the pairings are the same either way.
"""


class NoLegalPairing(Exception):
    """No pairing satisfies the absolute criteria C1-C3 (and C2 for the bye)."""

    def __init__(self, reason: str, blocking: tuple[int, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.blocking = blocking


@dataclass(frozen=True, slots=True)
class DutchPairing:
    """Boards as (white, black) starting ranks, the PAB receiver and bracket notes."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    brackets: tuple[BracketNote, ...] = field(default=())


def pair_dutch(state: TournamentState, soft: SoftCriterion | None = None) -> DutchPairing:
    """Pair the next round of ``state`` by C.04.3.

    ``soft`` is an optional organiser criterion ranked below C21 (see
    :data:`.weights.SoftCriterion`).

    A position the certificates of :mod:`.direct` cover is paired directly: a first round
    without forbidden pairs in the field in O(n log n), the brackets of a later round
    whose first candidate in Article 4's order is proved optimal in about O(n) each;
    anything else by the weighted matchings.

    Raises :class:`NoLegalPairing` when no pairing satisfies the absolute criteria.
    Complexity: O(n) weighted matchings, each warm-started (about O(n^2) apiece).
    """
    players = [state.players[r] for r in state.to_pair]
    if not players:
        return DutchPairing(boards=(), bye=None)
    scores = {p.rank: state.accelerated_score(p) for p in state.players.values()}
    players.sort(key=lambda p: (-scores[p.rank], p.order))
    direct = round_one_pairing(state, players, scores, soft) if DIRECT_PATHS else None
    if direct is not None:
        partner_by_vertex, notes = direct
    else:
        partner_by_vertex, notes = _pair_full(state, players, scores, soft)
    partner = {players[v].rank: players[m].rank for v, m in partner_by_vertex.items()}
    return _pairing(state, players, partner, scores, notes)


def _pair_full(
    state: TournamentState,
    players: list[PlayerState],
    scores: dict[int, int],
    soft: SoftCriterion | None,
) -> tuple[dict[int, int], list[BracketNote]]:
    """Every round a first-round certificate does not cover: partner by vertex, notes.

    ``players`` are those to pair, sorted by accelerated score and pairing number.  The
    brackets a certificate of :func:`.direct.later_round_brackets` covers are paired
    directly from the top; the weighted matchings pair the rest, with the players moved
    down from the last certified bracket.  The certificates hold only if the rest can be
    completed and the floaters they sent down are paired as they promised (C7, C8); when
    not, the whole round goes through the weighted matchings.
    """
    ctx = _context(state, players, scores, soft)
    n = len(players)
    if DIRECT_PATHS and soft is None:
        head = later_round_brackets(ctx, players)
        if not head.rest and head.promises_kept(head.partner):
            return head.partner, head.notes
        lowest = scores[players[-1].rank]
        # With a bye the weighted matchings of the rest would start the lowest bracket
        # without knowing whether the C9 field applies there: that bracket is left to the
        # whole round's matchings.
        resident = head.rest[head.carried] if head.rest else 0
        if (
            head.rest
            and len(head.rest) < n
            and (n % 2 == 0 or scores[players[resident].rank] > lowest)
        ):
            try:
                partner, notes = _pair_matchings(ctx, players, head.rest, head.carried)
            except NoLegalPairing:
                pass
            else:
                partner.update(head.partner)
                bye = [v for v in range(n) if v not in partner]
                if head.promises_kept(partner) and all(
                    scores[players[v].rank] == lowest for v in bye
                ):
                    return partner, head.notes + notes
    return _pair_matchings(ctx, players, list(range(n)), 0)


def _context(
    state: TournamentState,
    players: list[PlayerState],
    scores: dict[int, int],
    soft: SoftCriterion | None,
) -> WeightContext:
    """What every edge weight of the round needs: forbidden pairs, fields, floats."""
    n = len(players)
    forbidden = state.forbidden_or_met()

    # Score-group sub-fields, the lowest group in the least significant bits.
    shifts: dict[int, int] = {}
    scores_bits = 0
    largest = 0
    run = 0
    for i in range(n - 1, -1, -1):
        run += 1
        s = scores[players[i].rank]
        if i == 0 or scores[players[i - 1].rank] > s:
            shifts[s] = scores_bits
            largest = max(largest, run)
            scores_bits += run.bit_length()
            run = 0
    group_bits = largest.bit_length()

    floats: dict[int, tuple[Float, Float]] = {}
    for p in players:
        f1 = float_of(state, p, 1) if state.played_rounds >= 1 else Float.NONE
        f2 = float_of(state, p, 2) if state.played_rounds >= 2 else Float.NONE
        floats[p.rank] = (f1, f2)
    return WeightContext(
        state=state,
        forbidden=forbidden,
        group_bits=group_bits,
        scores_bits=scores_bits,
        shifts=shifts,
        scores=scores,
        floats=floats,
        soft=soft,
        soft_bits=SOFT_MAX.bit_length() if soft is not None else 0,
    )


def _pair_matchings(
    ctx: WeightContext, everyone: list[PlayerState], vertices: list[int], carried: int
) -> tuple[dict[int, int], list[BracketNote]]:
    """The weighted-matching procedure for the players at ``vertices`` of ``everyone``.

    ``vertices`` are in order; the first ``carried`` of them were moved down from brackets
    already paired.  Returns partner by vertex of ``everyone`` and the bracket notes.
    """
    state = ctx.state
    scores = ctx.scores
    forbidden = ctx.forbidden
    shifts = ctx.shifts
    scores_bits = ctx.scores_bits
    group_bits = ctx.group_bits
    players = [everyone[v] for v in vertices]
    n = len(players)
    odd = n % 2 == 1

    graph = RoundGraph(n)
    put = graph.put

    top_score = scores[players[0].rank]
    # An odd round knows the bye's terms only after the first matching below.
    weights = EdgeWeights(ctx)
    for i in range(n):
        for j in range(i):
            if odd:
                w = 0
                a, b = players[i], players[j]
                if is_compatible(state, a, b, forbidden):
                    w = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                    w <<= scores_bits
                    w += shifts[scores[a.rank]] + shifts[scores[b.rank]]
                    w <<= group_bits
                    w |= scores[a.rank] >= top_score
                put(i, j, w)
            else:
                put(i, j, weights.weight(players[j], players[i], False, False))

    mate = graph.solve()
    unmatched = [v for v in range(n) if mate[v] == v]
    if len(unmatched) > 1 or any(not players[v].bye_eligible for v in unmatched):
        raise NoLegalPairing(
            "the players cannot all be paired while meeting the absolute criteria",
            blocking=tuple(players[v].rank for v in unmatched),
        )

    if odd:
        bye_score = scores[players[unmatched[0]].rank]
        single_is_bye = False
        if bye_score >= top_score:
            single_is_bye = True
            for v in range(n):
                if scores[players[v].rank] < top_score:
                    break
                if scores[players[mate[v]].rank] < top_score:
                    single_is_bye = False
                    break
        counts = sorted(
            (p.played_games for p in players if scores[p.rank] == bye_score), reverse=True
        )
        unplayed_ranks = {count: position for position, count in enumerate(counts)}
        weights = EdgeWeights(ctx, bye_score, single_is_bye, unplayed_ranks)
        for i in range(n):
            for j in range(i):
                put(i, j, weights.weight(players[j], players[i], False, False))

    partner, notes = pair_brackets(weights, players, graph, carried)
    return {vertices[v]: vertices[m] for v, m in partner.items()}, notes


def _pairing(
    state: TournamentState,
    players: list[PlayerState],
    partner: dict[int, int],
    scores: dict[int, int],
    notes: list[BracketNote],
) -> DutchPairing:
    """Boards, colours (E.1-E.5) and the bye from the partners, whichever path found them."""
    boards: list[tuple[int, int]] = []
    bye: int | None = None
    for p in players:
        other = partner.get(p.rank)
        if other is None:
            bye = p.rank
            continue
        if p.rank < other:
            opponent = state.players[other]
            colour = choose_colour(state, p, opponent, scores)
            if colour is Colour.WHITE:
                boards.append((p.rank, other))
            else:
                boards.append((other, p.rank))
    return DutchPairing(boards=tuple(_sorted_boards(state, boards)), bye=bye, brackets=tuple(notes))


def _sorted_boards(state: TournamentState, boards: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Board order of C.04.2: higher score of the pair first, then lower, then rank."""

    def key(board: tuple[int, int]) -> tuple[int, int, int]:
        a, b = (state.players[r] for r in board)
        hi, lo = (a, b) if (a.score, -a.order) >= (b.score, -b.order) else (b, a)
        return (-hi.score, -lo.score, hi.order)

    return sorted(boards, key=key)


def choose_colour(
    state: TournamentState, player: PlayerState, opponent: PlayerState, scores: dict[int, int]
) -> Colour:
    """Colour of ``player`` against ``opponent`` (C.04.3 E.1-E.5)."""
    neutral = _neutral_colour(player, opponent)
    if neutral is not Colour.NONE:
        return neutral
    player_lower = (scores[player.rank], -player.order) < (scores[opponent.rank], -opponent.order)
    initial = state.initial_colour
    if player.colour_preference is Colour.NONE:
        # E.5: alternate by pairing number from the colour drawn for the top player.
        if player_lower:
            return initial if opponent.order & 1 else initial.opposite
        return initial.opposite if player.order & 1 else initial
    # E.4: the higher-ranked player gets their preference.
    if player_lower:
        return opponent.colour_preference.opposite
    return player.colour_preference


def _neutral_colour(player: PlayerState, opponent: PlayerState) -> Colour:
    """E.1-E.3: preferences, their strength, and the last round the colours differed."""
    pp, op = player.colour_preference, opponent.colour_preference
    if pp is not op or pp is Colour.NONE:
        if pp is not Colour.NONE:
            return pp
        if op is not Colour.NONE:
            return op.opposite
        return Colour.NONE
    if player.absolute_preference and (
        player.colour_imbalance > opponent.colour_imbalance or not opponent.absolute_preference
    ):
        return pp
    if opponent.absolute_preference and (
        opponent.colour_imbalance > player.colour_imbalance or not player.absolute_preference
    ):
        return op.opposite
    if player.strong_preference and not opponent.strong_preference:
        return pp
    if opponent.strong_preference and not player.strong_preference:
        return op.opposite
    _mine, theirs = player.last_colour_difference(opponent)
    return theirs
