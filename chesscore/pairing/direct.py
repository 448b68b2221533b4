"""Certificates: positions whose Dutch pairing is known without any matching.

The weighted matchings of :mod:`.dutch` are exact but cost O(n) solves of O(n^2) each.
Most positions need none of it: a cheap sufficient condition proves what the full
procedure must return, and the pairing is written down directly.  A first round is
covered whole (:func:`round_one_pairing`); later rounds bracket by bracket from the top
(:func:`later_round_brackets`), the weighted matchings pairing whatever is left.  Each
certificate returns the partners (by vertex of the sorted players, as
:func:`.brackets.pair_brackets` does) and the bracket notes, or declines when its
condition does not hold; the full procedure then pairs what is left exactly as before.
Colours, board order and the explanations are not part of a certificate: :mod:`.dutch`
derives them from the partners the same way on both paths.

The differential tests pair generated rounds both ways and require identical results.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass

from chesscore.record.model import Colour

from .brackets import BracketNote
from .state import PlayerState
from .state import TournamentState
from .weights import Float
from .weights import SoftCriterion
from .weights import WeightContext
from .weights import colour_criteria
from .weights import is_compatible

__all__ = ["BracketsHead", "later_round_brackets", "round_one_pairing"]


def round_one_pairing(
    state: TournamentState,
    players: list[PlayerState],
    scores: dict[int, int],
    soft: SoftCriterion | None,
) -> tuple[dict[int, int], list[BracketNote]] | None:
    """C.04.3 B and D.1 for a first round: in each score group S1[i] meets S2[i].

    ``players`` are the players to pair sorted by accelerated score then pairing number
    (the vertex order of the full procedure), ``scores`` their accelerated scores.  The
    score groups are those of acceleration (C.04.7 Baku, ``XXA``/250 virtual points); with
    none there is one.  The direct pairing, group by group from the top: a player moved
    down from the group above meets the first resident; the other residents (the
    remainder) are split into S1, the first half, and S2, and S1[i] meets S2[i]; an odd
    remainder's last player moves down to the next group, or from the lowest group gets
    the pairing-allocated bye.

    The condition: no soft criterion; no round played (``state.played_rounds == 0``) and
    no player to pair with a game, a colour or a played game on record; no forbidden pair
    (``XXP``, organiser groups) between two players to pair; with an odd number of
    players, the one the direct pairing leaves over eligible for the bye (C2).

    Why the full procedure gives the same answer.  With no earlier game, no colour and no
    forbidden pair every two players are compatible (C1, C3).  The bye score (odd field)
    is the lowest score: the first matching leaves out an eligible player of the lowest
    group, since the direct pairing does and lower score offsets weigh less.  Then, for
    every bracket, among the complete matchings that leave out a PAB candidate:

    - C2, C4: weight field 1 is ``1 + [higher not a candidate] + [lower not one]`` with
      "candidate" = eligible on the bye score; its sum is the same for every complete
      matching that leaves out a candidate, and the direct one does.
    - C5: at most one player was moved down into the bracket, and the most pairs inside it
      are made by pairing everyone but one when the bracket is odd.
    - C6: the scores of the paired players: pairing the moved-down player (higher score,
      its own sub-field above the group's) beats leaving it over, so a resident floats;
      residents all have the group's score, so which one makes no difference here.
    - C7, C8: pairs with the next group and their scores: one floater at most, of the
      group's score, and the next group complete but for it; the same for every choice.
    - C9: only the lowest bracket has the single downfloater as the bye assignee, and
      there everybody has played no game: the same rank, the same field on every edge.
    - C10-C13: nobody has a colour preference: all four colour bits on every edge.
    - C14-C21: no round was played, so the float fields are not in the weight at all.
    - soft criterion: none (the certificate declines when one is given).

    So the quality fields tie, and only the procedure's nudges decide: the moved-down
    player is paired (B.2) with the highest resident possible (B.3), the first, since the
    remainder can always be completed; no exchange is needed (D.2), S1 against S2 in order
    keeping every S1 player in S1; each S1 player in turn meets the highest S2 player
    still possible (D.1), S2[i] for S1[i]; the last S2 player is left over.  The notes are
    those :mod:`.brackets` records: residents in order, the moved-down player, the pairs
    by the first player's vertex, the floater, no exchanges.  The bracket loop stops when
    one player is left and no group follows, so a lowest group of a single player with
    nobody moved down (and a field of one) gets the bye without a note.

    Cost O(n + forbidden pairs of the field).

    >>> from chesscore.pairing.state import PlayerState, TournamentState
    >>> field = [PlayerState(rank=r, order=r - 1, games=[], score=0) for r in (1, 2, 3, 4, 5)]
    >>> state = TournamentState(0, 5, 10, 5, 0, Colour.WHITE, {p.rank: p for p in field},
    ...     [1, 2, 3, 4, 5], {r: set() for r in (1, 2, 3, 4, 5)})
    >>> partner, notes = round_one_pairing(state, field, {r: 0 for r in (1, 2, 3, 4, 5)}, None)
    >>> notes[0].pairs, notes[0].floated_down
    (((1, 3), (2, 4)), (5,))
    >>> scores = {1: 10, 2: 10, 3: 10, 4: 0, 5: 0}
    >>> partner, notes = round_one_pairing(state, field, scores, None)
    >>> [(note.moved_down, note.pairs, note.floated_down) for note in notes]
    [((), ((1, 2),), (3,)), ((3,), ((3, 4),), (5,))]
    """
    if soft is not None or state.played_rounds != 0 or not players:
        return None
    if not all(_without_history(p) for p in players):
        return None
    ranks = {p.rank for p in players}
    if any(not state.forbidden.get(p.rank, set()).isdisjoint(ranks) for p in players):
        return None
    n = len(players)
    partner: dict[int, int] = {}
    notes: list[BracketNote] = []
    moved: int | None = None
    begin = 0
    while begin < n:
        end = begin + 1
        while end < n and scores[players[end].rank] == scores[players[begin].rank]:
            end += 1
        if moved is None and end - begin == 1 and end == n:
            moved = begin
            break
        pairs: list[tuple[int, int]] = []
        remainder = list(range(begin, end))
        if moved is not None:
            pairs.append((moved, begin))
            remainder = remainder[1:]
        half = len(remainder) // 2
        pairs.extend((remainder[i], remainder[half + i]) for i in range(half))
        for v, m in pairs:
            partner[v] = m
            partner[m] = v
        notes.append(
            BracketNote(
                score=scores[players[begin].rank],
                residents=tuple(p.rank for p in players[begin:end]),
                moved_down=() if moved is None else (players[moved].rank,),
                pairs=tuple((players[v].rank, players[m].rank) for v, m in pairs),
                floated_down=(players[remainder[-1]].rank,) if len(remainder) % 2 else (),
                exchanges=0,
            )
        )
        moved = remainder[-1] if len(remainder) % 2 else None
        begin = end
    if moved is not None and not players[moved].bye_eligible:
        return None
    return partner, notes


def _without_history(player: PlayerState) -> bool:
    """No round on record, hence no colour preference, float or played game (A.4, A.6)."""
    return (
        not player.games
        and player.played_games == 0
        and player.colour_imbalance == 0
        and player.colour_preference is Colour.NONE
        and player.repeated_colour is Colour.NONE
        and not player.strong_preference
    )


@dataclass(slots=True)
class BracketsHead:
    """The brackets :func:`later_round_brackets` paired from the top, and what is left."""

    partner: dict[int, int]
    """Partner by vertex of the players paired so far."""
    notes: list[BracketNote]
    rest: list[int]
    """Vertices still to pair, in order: the players moved down first, then the rest."""
    carried: int
    """How many of the first vertices of ``rest`` were moved down from a paired bracket."""
    promises: list[tuple[int, range]]
    """(floater, vertices of the next score group) for every bracket that sent one down."""

    def promises_kept(self, partner: dict[int, int]) -> bool:
        """Whether every floater sent down meets a player of the next score group, with
        that group and the floater making as many pairs as they can: (size + 1) // 2.

        This is the bound on C7 and C8 the certificate of each such bracket relied on.
        """
        for floater, group in self.promises:
            if partner.get(floater, -1) not in group:
                return False
            pairs = 1 + sum(1 for v in group if v < partner.get(v, -1) and partner[v] in group)
            if pairs != (len(group) + 1) // 2:
                return False
        return True


def later_round_brackets(ctx: WeightContext, players: list[PlayerState]) -> BracketsHead:
    """Pair brackets from the top as C.04.3 would, as far as a certificate proves it.

    ``players`` are those to pair, sorted by accelerated score and pairing number (the
    vertices of the full procedure).  The round must have no soft criterion (the caller
    checks).  With an odd number of players the lowest bracket's floater gets the
    pairing-allocated bye; the lowest score group then holds the PAB assignee's score
    for every pairing that leaves out one of its players (the lowest score there is),
    and a lowest group of one player with nobody moved down gets the bye without a note,
    as in the full procedure.  Bracket by bracket, :func:`_certified_bracket`
    writes down the candidate of Article 4's order and proves it is the one the weighted
    matchings would choose, or declines; the first bracket it declines, and every bracket
    below, are left to the weighted matchings (``rest``, ``carried``).

    Two facts no single bracket can see are left to the caller, who must check them on
    the whole round: the rest can be completed (C4; the full procedure's first matching
    would otherwise change a bracket above), and the floater of every odd bracket meets
    a player of the next score group, which then makes as many pairs as it can
    (:meth:`BracketsHead.promises_kept`).  Cost O(n) per bracket in a typical round,
    O(bracket^2) at worst.
    """
    n = len(players)
    score = [ctx.scores[p.rank] for p in players]
    partner: dict[int, int] = {}
    notes: list[BracketNote] = []
    promises: list[tuple[int, range]] = []
    moved: list[int] = []
    begin = 0
    odd = n % 2 == 1
    while begin < n:
        end = begin + 1
        while end < n and score[end] == score[begin]:
            end += 1
        below = end
        while below < n and score[below] == score[end]:
            below += 1
        if odd and end == n and end - begin == 1 and not moved:
            if not players[begin].bye_eligible:
                break
            begin = end
            break
        found = _certified_bracket(ctx, players, score, moved, begin, end)
        if found is None:
            break
        pairs, floater = found
        for v, m in pairs:
            partner[v] = m
            partner[m] = v
        notes.append(
            BracketNote(
                score=score[begin],
                residents=tuple(p.rank for p in players[begin:end]),
                moved_down=tuple(players[v].rank for v in moved),
                pairs=tuple((players[v].rank, players[m].rank) for v, m in pairs),
                floated_down=() if floater is None else (players[floater].rank,),
                exchanges=0,
            )
        )
        moved = [] if floater is None else [floater]
        if floater is not None and end < n:
            promises.append((floater, range(end, below)))
        begin = end
    rest = moved + list(range(begin, n)) if begin < n else []
    return BracketsHead(partner, notes, rest, len(moved) if rest else 0, promises)


def _clash_bound(white: int, black: int, size: int, pairs: int) -> int:
    """Fewest pairs whose preferences clash (C12) among ``pairs`` pairs made of ``size``
    players, ``white`` and ``black`` of whom prefer that colour: the players of one
    preference beyond the ``size - pairs`` who can avoid one must share pairs."""
    return max(0, white - size + pairs, black - size + pairs)


def _mild(player: PlayerState, colour: Colour) -> bool:
    """A mild preference for ``colour``: a pair clashing on it still meets C13."""
    return (
        player.colour_preference is colour
        and not player.strong_preference
        and not player.absolute_preference
    )


def _absolute(player: PlayerState, colour: Colour) -> bool:
    """An absolute preference for ``colour``: two of them clashing still meet C13."""
    return player.colour_preference is colour and player.absolute_preference


_BACKTRACKS = 200
"""How often a bracket's candidate may go back to an earlier S1 player before declining."""


def _float_rank(
    ctx: WeightContext, player: PlayerState, bye: bool = False
) -> tuple[bool, int, bool, bool]:
    """How much leaving ``player`` unpaired in its bracket costs; smaller is better.

    For the pairing-allocated bye (``bye``): not being eligible (C2, the first field of
    the weights), then fewer games played (C9: the assignee is the player with the most
    played games of the PAB score group; the lowest group holds its score).  For any
    floater: a downfloat one round back (C14), then two rounds back (C16) (A.4).
    """
    back1, back2 = ctx.floats[player.rank]
    if not bye:
        return False, 0, back1 is Float.DOWN, back2 is Float.DOWN
    return not player.bye_eligible, -player.played_games, back1 is Float.DOWN, back2 is Float.DOWN


def _certified_bracket(
    ctx: WeightContext,
    players: list[PlayerState],
    score: list[int],
    moved: list[int],
    begin: int,
    end: int,
) -> tuple[list[tuple[int, int]], int | None] | None:
    """The pairs (by vertex, higher first) and the floater of one bracket, or ``None``.

    The bracket holds the players ``moved`` down into it (at most one is certified) and
    the residents ``begin .. end - 1``.  The candidate is built in the order of the full
    procedure: the moved-down player meets the first resident it may (B.3); the remaining
    residents split into S1, the first half, and S2 with no exchange (D.2); each S1
    player in turn meets the first S2 player it may (D.1), going back to an earlier S1
    player when the ones left cannot be completed; with an odd bracket the S2 player left
    over floats down (from the lowest bracket of an odd round: gets the bye).  "May"
    excludes only pairs that no optimal pairing of the bracket can contain, once the
    candidate is complete and reaches the bounds below:

    - C1, C3: the pair must be compatible (``is_compatible``);
    - C10, C11: every pair must meet them (two absolute preferences for one colour meet
      only in the last round, and the candidate shows all pairs can);
    - C12: the number of pairs whose preferences clash is at least
      ``max(0, W - size + pairs, B - size + pairs)`` for any ``pairs`` pairs made of the
      bracket's ``size`` players, W and B of whom prefer white and black (the players
      beyond ``size - pairs`` of one preference must share pairs), and in a pairing that
      reaches it every clash is between players of the colour more of them prefer; a
      pair is refused when the clashes so far, its own and that bound for the players
      still free exceed the bound for the whole bracket, or when the S1 players left
      could not find enough clash-free opponents (:class:`_SpareMatching`);
    - C13: of those clashes, at least the ones left once every mild preference for that
      colour has softened one (and, in the last round, every two absolute ones) break
      C13; a pair is refused when that count could no longer be kept;
    - C15, C17 (and their scores, C19, C21): the moved-down player's opponent must not have
      floated up one or two rounds back;
    - C14, C16 (C18, C20), and for the bye C2 and C9: the player left over must rank
      first by :func:`_float_rank` among the residents; an S2 player of that rank is kept
      free when it is the last one.

    Why the candidate is what the weighted matchings choose.  Every quality field of the
    bracket reaches an upper bound valid for every pairing of the round, so no pairing
    does better on any field, whatever the order of the fields: C5, all players but one
    paired inside the bracket; C6, the moved-down player among them; C7, C8, the floater
    paired in the next score group, which makes as many pairs as it can (checked by the
    caller, see :class:`BracketsHead`; with an even bracket every pairing of it leaves the
    groups below the same, so their fields tie); C9 only in the lowest bracket of an odd
    round, by the bye's rank; C10-C13 by the bounds above; C14-C21: residents paired with
    residents score every float field alike, so only the floater and the moved-down
    player's opponent differ, as above.  Among the pairings that tie on every field the
    procedure takes no exchange (the candidate needs none) and then, player by player,
    the first opponent that some optimal pairing allows; every opponent skipped before the
    candidate's was excluded by an argument that holds for all optimal pairings, or was
    tried and could not be completed, and the candidate's is allowed by the candidate.
    """
    if len(moved) > 1:
        return None
    residents = list(range(begin, end))
    bracket = moved + residents
    size = len(bracket)
    needed = size // 2
    odd = size % 2 == 1
    bye = odd and end == len(players)
    if bye and len(players) % 2 == 0:
        return None
    state = ctx.state
    forbidden = ctx.forbidden
    white = sum(1 for v in bracket if players[v].colour_preference is Colour.WHITE)
    black = sum(1 for v in bracket if players[v].colour_preference is Colour.BLACK)
    budget = _clash_bound(white, black, size, needed)
    # The clashes of a pairing optimal on C12 are all between players preferring the
    # colour more players prefer; mild preferences for it can keep them from C13.
    dominant = Colour.WHITE if white > black else Colour.BLACK
    mild = sum(1 for v in bracket if _mild(players[v], dominant))
    # Two absolute preferences for the same colour meet only in the last round (C3).
    last = state.played_rounds >= state.expected_rounds - 1
    absolute = sum(1 for v in bracket if last and _absolute(players[v], dominant))
    strong_budget = max(0, budget - mild - absolute // 2)
    best_float = min(_float_rank(ctx, players[v], bye) for v in residents) if odd else None
    if best_float is not None and best_float[0]:
        return None
    free = size
    made = 0
    clashes = 0
    strong_clashes = 0

    def clash_of(higher: int, lower: int) -> tuple[int, int] | None:
        """(clash on C12, clash on C13) of the pair, or ``None`` if it may not be made."""
        a, b = players[higher], players[lower]
        if not is_compatible(state, a, b, forbidden):
            return None
        c10, c11, c12, c13 = colour_criteria(b, a)
        if not (c10 and c11):
            return None
        clash = 0 if c12 else 1
        strong = 0 if c13 else 1
        w = white - (a.colour_preference is Colour.WHITE) - (b.colour_preference is Colour.WHITE)
        k = black - (a.colour_preference is Colour.BLACK) - (b.colour_preference is Colour.BLACK)
        if clashes + clash + _clash_bound(w, k, free - 2, needed - made - 1) > budget:
            return None
        softeners = mild - _mild(a, dominant) - _mild(b, dominant)
        doubles = absolute - (last and _absolute(a, dominant)) - (last and _absolute(b, dominant))
        later = max(0, budget - clashes - clash - softeners - doubles // 2)
        if strong_clashes + strong + later > strong_budget:
            return None
        return clash, strong

    def take(higher: int, lower: int, cost: tuple[int, int], sign: int = 1) -> None:
        """Count the pair in (``sign`` 1) or, going back, out again (-1)."""
        nonlocal white, black, free, made, clashes, strong_clashes, mild, absolute
        for v in (higher, lower):
            player = players[v]
            white -= sign * (player.colour_preference is Colour.WHITE)
            black -= sign * (player.colour_preference is Colour.BLACK)
            mild -= sign * _mild(player, dominant)
            absolute -= sign * (last and _absolute(player, dominant))
        free -= 2 * sign
        made += sign
        clashes += sign * cost[0]
        strong_clashes += sign * cost[1]
        if sign > 0:
            pairs.append((higher, lower))
        else:
            pairs.pop()

    pairs: list[tuple[int, int]] = []
    remainder = residents
    if moved:
        mover = moved[0]
        for v in residents:
            back1, back2 = ctx.floats[players[v].rank]
            if back1 is Float.UP or back2 is Float.UP:
                continue
            cost = clash_of(mover, v)
            if cost is not None:
                take(mover, v, cost)
                break
        else:
            return None
        remainder = [v for v in residents if v != pairs[0][1]]
    half = len(remainder) // 2
    s1 = remainder[:half]
    s2 = remainder[half:]
    taken = [False] * len(s2)
    # S2 players fit to be left over (an odd bracket keeps one of them free).
    keeper = [odd and _float_rank(ctx, players[u], bye) == best_float for u in s2]
    keep = sum(keeper)
    # Clash-free pairs: with different preferences C10-C13 hold and only C1 can forbid
    # the pair (``is_compatible`` and ``colour_criteria`` read so); two players without
    # a preference go through the full test.  Listed on demand: a bracket of thousands
    # would otherwise list millions.
    s1_players = [players[v] for v in s1]
    s2_players = [players[u] for u in s2]
    s2_index = {p.rank: j for j, p in enumerate(s2_players)}
    by_preference: dict[Colour, list[int]] = {}
    for j, p in enumerate(s2_players):
        by_preference.setdefault(p.colour_preference, []).append(j)
    banned = [{s2_index[r] for r in forbidden[p.rank] if r in s2_index} for p in s1_players]

    def fits(i: int, j: int) -> bool:
        if j in banned[i]:
            return False
        mine = s1_players[i].colour_preference
        if s2_players[j].colour_preference is not mine:
            return True
        return (
            mine is Colour.NONE
            and is_compatible(state, s1_players[i], s2_players[j], forbidden)
            and all(colour_criteria(s2_players[j], s1_players[i]))
        )

    def options(i: int) -> Iterator[int]:
        mine = s1_players[i].colour_preference
        ban = banned[i]
        for preference, members in by_preference.items():
            if preference is not mine:
                yield from (j for j in members if j not in ban)
            elif mine is Colour.NONE:
                yield from (j for j in members if fits(i, j))

    def backward(j: int, first: int) -> Iterator[int]:
        return (i for i in range(first, len(s1)) if fits(i, j))

    spare = _SpareMatching(len(s1), len(s2), options, backward, 0, taken)
    # Depth-first over the S1 players in order, each trying the S2 players in order: the
    # first complete candidate found is the first in Article 4's order that passes every
    # exclusion.  Going back is rare and bounded; past the bound the bracket declines.
    chosen = [-1] * half
    costs: list[tuple[int, int]] = [(0, 0)] * half
    start = 0
    i = 0
    backtracks = 0
    while True:
        if i == half:
            left = next((j for j in range(len(s2)) if not taken[j]), None)
            if (
                clashes == budget
                and strong_clashes == strong_budget
                and made == needed
                and (left is None or keeper[left])
            ):
                return pairs, None if left is None else s2[left]
            found = -1
        else:
            found = -1
            found_cost = (0, 0)
            v = s1[i]
            for j in range(start, len(s2)):
                if taken[j]:
                    continue
                if keep == 1 and keeper[j]:
                    continue
                cost = clash_of(v, s2[j])
                if cost is None:
                    continue
                # C12: the S1 players left need clash-free opponents but for the clashes
                # still allowed; fewer clash-free pairs than that cannot reach the bound.
                if not spare.allows(i, j, (half - i - 1) - (budget - clashes - cost[0])):
                    continue
                found = j
                found_cost = cost
                break
        if found >= 0:
            chosen[i] = found
            costs[i] = found_cost
            taken[found] = True
            keep -= keeper[found]
            take(s1[i], s2[found], found_cost)
            i += 1
            start = 0
            continue
        if i == 0 or backtracks == _BACKTRACKS:
            return None
        backtracks += 1
        i -= 1
        j = chosen[i]
        take(s1[i], s2[j], costs[i], -1)
        taken[j] = False
        keep += keeper[j]
        start = j + 1
        spare = _SpareMatching(len(s1), len(s2), options, backward, i, taken)


class _SpareMatching:
    """A maximum matching of the clash-free pairs between S1 and S2 players still free.

    ``options(i)`` gives the S2 indices S1 player ``i`` may meet without a clash, and
    ``backward(j, first)`` the S1 players from ``first`` on who may meet S2 player ``j``.
    S1 players are paired in order, so the ones still free are those after the last
    taken.  :meth:`allows` tells whether, once S1 player ``i`` meets S2 player ``j``, the
    players left can still make ``needed`` clash-free pairs, and keeps the matching if so.
    """

    def __init__(
        self,
        height: int,
        width: int,
        options: Callable[[int], Iterator[int]],
        backward: Callable[[int, int], Iterator[int]],
        first: int,
        gone: list[bool],
    ) -> None:
        self.options = options
        self.backward = backward
        self.first = first
        self.by_s1: list[int] = [-1] * height
        self.by_s2: list[int] = [-1] * width
        self.gone = gone[:]
        self.size = 0
        for i in range(first, height):
            for j in options(i):
                if self.by_s2[j] < 0 and not self.gone[j]:
                    self.by_s1[i] = j
                    self.by_s2[j] = i
                    self.size += 1
                    break
        self._phases(first, height)

    def _phases(self, first: int, needed: int) -> None:
        """Augment from the free S1 players ``first..`` until ``needed`` pairs or none
        augments; each phase shares its marks, so a phase that finds no path proves the
        matching maximum."""
        by_s1 = self.by_s1
        gained = True
        while self.size < needed and gained:
            gained = False
            seen: set[int] = set()
            for x in range(first, len(by_s1)):
                if by_s1[x] < 0 and self._augment(x, seen):
                    self.size += 1
                    gained = True
                    if self.size >= needed:
                        return

    def _augment(self, i: int, seen: set[int]) -> bool:
        """Kuhn's augmenting path from free S1 player ``i`` (depth-first, iterative)."""
        return self._alternate(i, seen, forward=True)

    def _augment_back(self, j: int) -> bool:
        """An augmenting path ending at free S2 player ``j``, found from its end."""
        return self._alternate(j, set(), forward=False)

    def _alternate(self, start: int, seen: set[int], forward: bool) -> bool:
        """Depth-first search for an alternating path from the free ``start`` (an S1
        player if ``forward``, else an S2 player) to a free player of the other side;
        when found, the matching is augmented along it."""
        by_s1 = self.by_s1
        by_s2 = self.by_s2
        gone = self.gone
        first = self.first
        mates = by_s2 if forward else by_s1

        def near(v: int) -> Iterator[int]:
            return self.options(v) if forward else self.backward(v, first)

        stack = [(start, near(start))]
        path: list[tuple[int, int]] = []
        while stack:
            v, choices = stack[-1]
            for u in choices:
                if u in seen or (gone[u] if forward else u < first):
                    continue
                seen.add(u)
                path.append((v, u) if forward else (u, v))
                mate = mates[u]
                if mate < 0:
                    for a, b in path:
                        by_s1[a] = b
                        by_s2[b] = a
                    return True
                stack.append((mate, near(mate)))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    def allows(self, i: int, j: int, needed: int) -> bool:
        by_s1 = self.by_s1
        by_s2 = self.by_s2
        saved = (by_s1[:], by_s2[:], self.size)
        freed_s2 = by_s1[i] if by_s1[i] != j else -1
        freed_s1 = by_s2[j] if by_s2[j] != i else -1
        for y in (by_s1[i], j):
            if y >= 0 and by_s2[y] >= 0:
                by_s1[by_s2[y]] = -1
                by_s2[y] = -1
                self.size -= 1
        self.gone[j] = True
        self.first = i + 1
        # A path that augments the matching once i and j are gone starts at the S1
        # player j leaves, or ends at the S2 player i leaves (any other would have
        # augmented the matching before): those two searches first.
        if self.size < needed and freed_s1 >= 0 and self._augment(freed_s1, set()):
            self.size += 1
        if (
            self.size < needed
            and freed_s2 >= 0
            and by_s2[freed_s2] < 0
            and self._augment_back(freed_s2)
        ):
            self.size += 1
        self._phases(i + 1, needed)
        if self.size >= needed:
            return True
        self.gone[j] = False
        self.by_s1, self.by_s2, self.size = saved
        return False
