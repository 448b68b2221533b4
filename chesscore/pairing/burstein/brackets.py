"""The round-pairing of the Burstein system after the seeding rounds (C.04.4.2 1.9, 2-4).

The PAB is chosen first (3.1), then the brackets are paired from the top scoregroup down.
Everything is decided with one maximum-weight perfect matching over the players still to
pair (:mod:`..matching`), whose weights rank the criteria of Article 2:

* an edge exists only between players who may meet: C1 (no rematch, no forbidden pair)
  and C3 (not both with an absolute preference for the same colour; no topscorer
  exception).  A *perfect* matching over everyone left is C4: whatever the bracket does,
  the players still unpaired can be paired completely;
* an edge inside the bracket is a pair; a bracket player matched below floats.  Its weight
  counts, from the most significant field down: one pair (C5, most pairs); the score level
  of both players (C6: since the number of floaters is fixed by C5, keeping the higher
  scores inside is the same as the lowest floater scores compared from the top); nothing
  for C7; one if the two do not want the same colour (C8, fewest denied);
* an edge of the *following* bracket (a floater or a resident of the next scoregroup with
  a resident of the next scoregroup) counts one next-bracket pair and the score levels of
  both, in the C7 fields between C6 and C8.  So among the candidates equal on C5 and C6,
  the optimum sends down the floaters with which the next bracket pairs the most players
  and floats the lowest scores: C7 asks exactly that the following bracket meet C1-C6
  (its own C4 is already in the perfect matching).  Two floaters never meet in the next
  bracket at an optimum: they could then have been paired in this one, with one pair more.

The weight of a bracket's candidate, completed in the best way below it, is therefore its
(C5, C6, C7, C8) value and the matching's optimum is the best value of all candidates.

Article 4 then wants the *first* candidate, in its order, that has that value.  The order
compares BSN 1's opponent (larger first, floating last), then BSN 2's and so on: a
candidate is a vector of opponents' BSNs (0 for a float) compared from the first, which is
the comparison of the numbers whose digits, in base m + 1, are those BSNs.  Each pair adds
its two digits to the weight, below every criterion, so the heaviest matching is the first
candidate of Article 4's order among the best ones: "the first candidate that best
satisfies C1-C8" (3.2.2), found by one matching per bracket without enumerating any.
Equivalently: the lowest BSN without an opponent gets the largest opponent with which the
optimum can still be reached, or floats if none can; the explanation reads it so.

Complexity: one matching per bracket, warm-started from the bracket above (about
O(k n^2) for k players in the bracket and the next scoregroup, n left to pair); the
weights have O(m log m) bits for a bracket of m players.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from itertools import groupby

from chesscore.record.model import Colour

from ..brackets import BracketNote
from ..dutch import NoLegalPairing
from ..matching import WeightMatrix
from ..matching import maximum_weight_matching
from ..state import TournamentState
from .colours import colour_of
from .colours import same_colour_wanted
from .index import Index

__all__ = ["BursteinPairing", "PabStep", "pair_after_seeding"]


@dataclass(frozen=True, slots=True)
class PabStep:
    """3.1 for the explanation: the filters in order and who was left after each."""

    eligible: tuple[int, ...]
    """Players left after C2, in the order 3.1.3-3.1.5 ranks them (best first)."""
    not_completable: tuple[int, ...]
    """Those before the receiver, set aside because the rest could not be paired (C4)."""
    receiver: int


@dataclass(frozen=True, slots=True)
class BracketChoice:
    """How one BSN got its opponent: the one taken and those set aside before it."""

    player: int
    opponent: int | None
    """Starting rank of the opponent, ``None`` when the player floats (virtual 0)."""
    barred: tuple[int, ...]
    """Larger-BSN opponents the player may not meet (C1, C3), largest first."""
    set_aside: tuple[int, ...]
    """Larger-BSN opponents it may meet, tried first, with which the bracket's best value
    of C4-C8 could not be reached, largest first."""
    criteria: tuple[str, ...] = ()
    """When asked for (``why``): for each of ``set_aside``, the criterion it fails first."""


@dataclass(frozen=True, slots=True)
class BursteinPairing:
    """Boards as (white, black) starting ranks, the PAB receiver and bracket notes."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    brackets: tuple[BracketNote, ...] = ()
    choices: tuple[tuple[BracketChoice, ...], ...] = ()
    """Per bracket, in the order of ``brackets``: the BSNs' choices in Article 4's order."""
    bsn: tuple[tuple[int, ...], ...] = ()
    """Per bracket: its players by BSN (starting ranks, BSN 1 first)."""
    pab: PabStep | None = None


def pair_after_seeding(
    state: TournamentState, indexes: dict[int, Index], ranking: list[int], *, why: bool = False
) -> BursteinPairing:
    """Pair the next round of ``state`` by Articles 2-5 (1.9: PAB first, then brackets).

    ``ranking`` is 1.8's order of every player (best first), ``indexes`` their Index.  With
    ``why``, each opponent set aside is tried on its own to name the criterion that set it
    aside (one more matching for each: for explanations, not for pairing a round).
    Raises :class:`NoLegalPairing` when no complete pairing meets C1-C3 (1.9.3: the chief
    arbiter decides).
    """
    return _Round(state, indexes, ranking, why).pair()


@dataclass(slots=True)
class _Round:
    state: TournamentState
    indexes: dict[int, Index]
    ranking: list[int]
    why: bool = False
    position: dict[int, int] = field(init=False)
    scores: dict[int, int] = field(init=False)
    forbidden: dict[int, set[int]] = field(init=False)

    def __post_init__(self) -> None:
        self.position = {rank: i for i, rank in enumerate(self.ranking)}
        self.scores = {
            rank: self.state.accelerated_score(p) for rank, p in self.state.players.items()
        }
        self.forbidden = self.state.forbidden_or_met()

    def may_meet(self, a: int, b: int) -> bool:
        """C1 (no rematch, no forbidden pair) and C3 (no absolute clash, no exception)."""
        if b in self.forbidden.get(a, ()):
            return False
        pa, pb = self.state.players[a], self.state.players[b]
        return not (
            pa.absolute_preference
            and pb.absolute_preference
            and pa.colour_preference is pb.colour_preference
        )

    def pair(self) -> BursteinPairing:
        to_pair = list(self.state.to_pair)
        if not to_pair:
            return BursteinPairing(boards=(), bye=None)
        pab: PabStep | None = None
        if len(to_pair) % 2:
            pab = self.choose_pab(to_pair)
            to_pair.remove(pab.receiver)
        # Scoregroups from the top; inside one, the 1.8 ranking (BSN order).
        to_pair.sort(key=lambda r: (-self.scores[r], self.position[r]))
        bracket_pairing = _Brackets(self, to_pair).run()
        boards = tuple(self.boards_of(bracket_pairing.pairs))
        return BursteinPairing(
            boards=boards,
            bye=pab.receiver if pab else None,
            brackets=tuple(bracket_pairing.notes),
            choices=tuple(bracket_pairing.choices),
            bsn=tuple(bracket_pairing.bsn),
            pab=pab,
        )

    def choose_pab(self, to_pair: list[int]) -> PabStep:
        """3.1: eligible (C2), the rest completable (C4), lowest score, most games played,
        lowest in the 1.8 ranking.

        The eligible players are put in the order of 3.1.3-3.1.5, best first; the receiver
        is the first of them whose absence leaves a complete pairing.  One matching finds it:
        a neutral vertex joined to each eligible player, with weights falling along that
        order, is matched to the best player that leaves the others perfectly matchable.
        """
        players = self.state.players
        eligible = sorted(
            (r for r in to_pair if players[r].bye_eligible),
            key=lambda r: (self.scores[r], -players[r].played_games, -self.position[r]),
        )
        if not eligible:
            raise NoLegalPairing(
                "no player may receive the pairing-allocated bye (C2)", blocking=tuple(to_pair)
            )
        n = len(to_pair)
        graph = WeightMatrix(n + 1)
        for i in range(n):
            for j in range(i):
                if self.may_meet(to_pair[i], to_pair[j]):
                    graph.set(i, j, 0)
        vertex = {rank: i for i, rank in enumerate(to_pair)}
        for place, rank in enumerate(eligible):
            graph.set(n, vertex[rank], len(eligible) - place)
        mate = maximum_weight_matching(graph)
        if any(m == v for v, m in enumerate(mate)):
            raise NoLegalPairing(
                "no choice of the pairing-allocated bye leaves a complete pairing (C2, C4)",
                blocking=tuple(to_pair[v] for v in range(n) if mate[v] == v),
            )
        receiver = to_pair[mate[n]]
        place = eligible.index(receiver)
        return PabStep(
            eligible=tuple(eligible), not_completable=tuple(eligible[:place]), receiver=receiver
        )

    def boards_of(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Colours by Article 5, boards in C.04.2 order (higher score, lower, rank)."""
        players = self.state.players
        boards: list[tuple[int, int]] = []
        for a, b in pairs:
            higher, lower = (a, b) if self.position[a] < self.position[b] else (b, a)
            hp = players[higher]
            colour = colour_of(
                hp, players[lower], self.state.initial_colour, tpn_odd=hp.order % 2 == 0
            )
            boards.append((higher, lower) if colour is Colour.WHITE else (lower, higher))

        def key(board: tuple[int, int]) -> tuple[int, int, int]:
            x, y = (players[r] for r in board)
            hi, lo = (x, y) if (x.score, -x.order) >= (y.score, -y.order) else (y, x)
            return (-hi.score, -lo.score, hi.order)

        return sorted(boards, key=key)


@dataclass(slots=True)
class _BracketResult:
    pairs: list[tuple[int, int]] = field(default_factory=list)
    notes: list[BracketNote] = field(default_factory=list)
    choices: list[tuple[BracketChoice, ...]] = field(default_factory=list)
    bsn: list[tuple[int, ...]] = field(default_factory=list)


class _Brackets:
    """The brackets from the top (1.9.2), over one matching of every player to pair.

    ``players`` are sorted by score, then 1.8 ranking; vertices are their indices.
    """

    def __init__(self, round_: _Round, players: list[int]) -> None:
        self.round = round_
        self.players = players
        self.vertex = {rank: v for v, rank in enumerate(players)}
        n = len(players)
        self.graph = WeightMatrix(n)
        for i in range(n):
            for j in range(i):
                if round_.may_meet(players[i], players[j]):
                    self.graph.set(i, j, 0)
        self.result = _BracketResult()
        self.fields: list[tuple[str, int, int]] = []

    def run(self) -> _BracketResult:
        scores = self.round.scores
        players = self.players
        groups = [list(group) for _, group in groupby(players, key=lambda rank: scores[rank])]
        mate = maximum_weight_matching(self.graph)
        if any(m == v for v, m in enumerate(mate)):
            raise NoLegalPairing(
                "the players cannot all be paired while meeting the absolute criteria",
                blocking=tuple(players[v] for v, m in enumerate(mate) if m == v),
            )
        incoming: list[int] = []
        for g, residents in enumerate(groups):
            following = groups[g + 1] if g + 1 < len(groups) else []
            incoming = self.pair_bracket(incoming, residents, following)
        return self.result

    def pair_bracket(
        self, incoming: list[int], residents: list[int], following: list[int]
    ) -> list[int]:
        """Pair one bracket (3.2, Article 4); return its outgoing floaters.

        One matching decides: its optimum is the first candidate of Article 4's order among
        those with the best C5-C8 value (see :meth:`set_weights`).  The choices are then
        fixed: the pairs keep only their own edge, the floaters lose their edges inside the
        bracket, so the optimum stays optimal for the brackets below.
        """
        position = self.round.position
        bracket = sorted(incoming + residents, key=lambda r: position[r])
        bsn = {rank: i + 1 for i, rank in enumerate(bracket)}
        self.set_weights(bracket, bsn, following)
        mate = maximum_weight_matching(self.graph)
        vx = self.vertex
        graph = self.graph
        region = [vx[r] for r in bracket + following]
        best = self.total(mate, region)
        taken: set[int] = set()
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        choices: list[BracketChoice] = []
        for rank in bracket:
            if rank in taken:
                continue
            v = vx[rank]
            free = [o for o in bracket if o not in taken and o != rank]
            partner = self.players[mate[v]]
            opponent = partner if partner in bsn else None
            # What came before the choice in Article 4's order: larger BSNs, then the float.
            before = [o for o in reversed(free) if opponent is None or bsn[o] > bsn[opponent]]
            may_meet = [graph.weights[v][vx[o]] is not None for o in before]
            set_aside = [o for o, ok in zip(before, may_meet, strict=True) if ok]
            criteria = tuple(
                self.failed_criterion(v, vx[o], best, region)
                for o in (set_aside if self.round.why else ())
            )
            taken.add(rank)
            if opponent is not None:
                taken.add(opponent)
                pairs.append((rank, opponent))
                graph.remove_edges(v, vx[opponent])
                graph.remove_edges(vx[opponent], v)
            else:
                floaters.append(rank)
                for o in free:
                    if graph.weights[v][vx[o]] is not None:
                        graph.set(v, vx[o], None)
            choices.append(
                BracketChoice(
                    rank,
                    opponent,
                    barred=tuple(o for o, ok in zip(before, may_meet, strict=True) if not ok),
                    set_aside=tuple(set_aside),
                    criteria=criteria,
                )
            )
        self.result.pairs.extend(pairs)
        self.result.notes.append(
            BracketNote(
                score=self.round.scores[residents[0]],
                residents=tuple(residents),
                moved_down=tuple(incoming),
                pairs=tuple(pairs),
                floated_down=tuple(floaters),
                exchanges=0,
            )
        )
        self.result.choices.append(tuple(choices))
        self.result.bsn.append(tuple(bracket))
        return floaters

    def total(self, mate: list[int], region: list[int]) -> int:
        """Weight of the matching's edges inside ``region`` (this bracket and the next)."""
        inside = set(region)
        weights = self.graph.weights
        return sum(weights[v][mate[v]] or 0 for v in region if mate[v] in inside and v < mate[v])

    def failed_criterion(self, v: int, u: int, best: int, region: list[int]) -> str:
        """The first criterion (C4-C8) that pairing vertices ``v`` and ``u`` cannot meet as
        well as the bracket's best candidate; the graph is left as it was found."""
        graph = self.graph
        saved = {
            x: {y: graph.weights[x][y] for y in graph.neighbours(x) if y not in (v, u)}
            for x in (v, u)
        }
        graph.remove_edges(v, u)
        graph.remove_edges(u, v)
        mate = maximum_weight_matching(graph)
        forced = self.total(mate, region) if all(m != x for x, m in enumerate(mate)) else None
        for x, row in saved.items():
            for y, w in row.items():
                graph.set(x, y, w)
        if forced is None:
            return "C4"
        for name, shift, bits in self.fields:
            mask = (1 << bits) - 1
            if (forced >> shift) & mask != (best >> shift) & mask:
                return name
        return "C8"

    def set_weights(self, bracket: list[int], bsn: dict[int, int], following: list[int]) -> None:
        """Weights of the bracket's edges and of the following bracket's (module doc).

        Below C8 lies Article 4's order.  A candidate is the vector of the opponents of
        BSN 1, 2, ..., m (0 for a float), compared from the first; with digits below
        ``base = m + 1`` that is the comparison of the numbers ``sum opp(k) * base**(m - k)``,
        and a pair (i, j) adds the digits of both its players: ``j * base**(m - i) +
        i * base**(m - j)``.  So the heaviest matching with the best criteria is the first
        such candidate in Article 4's order.
        """
        scores = self.round.scores
        players = self.round.state.players
        m = len(bracket)
        nxt = bracket + following
        levels6 = _levels([scores[r] for r in bracket], m + 1)
        levels7 = _levels([scores[r] for r in nxt], len(nxt) + 1)
        base = m + 1
        digit = [base ** (m - k) for k in range(m + 1)]
        bits_order = (base**m).bit_length()
        bits8 = (m // 2 + 1).bit_length()
        bits7s = (max(levels7.values()) * (len(nxt) + 1)).bit_length()
        bits7p = (len(nxt) // 2 + 1).bit_length()
        bits6 = (max(levels6.values()) * (m + 1)).bit_length()
        shift8 = bits_order
        shift7s = shift8 + bits8
        shift7p = shift7s + bits7s
        shift6 = shift7p + bits7p
        shift5 = shift6 + bits6
        self.fields = [
            ("C5", shift5, (m // 2 + 1).bit_length()),
            ("C6", shift6, bits6),
            ("C7", shift7p, bits7p),
            ("C7", shift7s, bits7s),
            ("C8", shift8, bits8),
        ]
        vx = self.vertex
        graph = self.graph
        for i, a in enumerate(nxt):
            for b in nxt[:i]:
                va, vb = vx[a], vx[b]
                if graph.weights[va][vb] is None:
                    continue
                if a in bsn and b in bsn:
                    x, y = bsn[a], bsn[b]
                    weight = (1 << shift5) + ((levels6[scores[a]] + levels6[scores[b]]) << shift6)
                    if not same_colour_wanted(players[a], players[b]):
                        weight += 1 << shift8
                    weight += y * digit[x] + x * digit[y]
                else:
                    # A pair of the following bracket: residents of the next scoregroup,
                    # or one of them with a floater of this bracket.
                    weight = (1 << shift7p) + ((levels7[scores[a]] + levels7[scores[b]]) << shift7s)
                graph.set(va, vb, weight)


def _levels(scores: list[int], base: int) -> dict[int, int]:
    """Score → ``base ** k``, k the place of the score among the distinct ones (lowest 0).

    With ``base`` above the number of players, one more player at a higher score outweighs
    any number of players at lower ones.
    """
    return {score: base**k for k, score in enumerate(sorted(set(scores)))}
