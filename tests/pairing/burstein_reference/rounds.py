"""Pairing one post-seeding round by exhaustion (C.04.4.2 1.9, 2, 3 and 4).

Every question is answered by trying everything: "can these players all be paired?" by
a backtracking search over partners (memoised on the set of players), "which pairing of
the bracket?" by walking Article 4's order of candidates in full and keeping the first
best.  Exponential by design; see the package's docstring for the limits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .colours import Preference
from .colours import absolute_clash
from .colours import allocate_colours
from .colours import denied
from .colours import preference_of
from .field import Entrant
from .field import Field
from .index import ranking_key

__all__ = ["Candidate", "NoPairing", "RoundPairing", "candidate_order", "pair_field"]

_Allowed = Callable[[int, int], bool]
"""Which BSNs may be paired, while candidates are generated."""


class NoPairing(Exception):
    """1.9: no complete round-pairing exists (the chief arbiter decides)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A bracket's pairing (3.2.1): pairs of players and the outgoing floaters."""

    pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The round: (white, black) boards, bracket by bracket, and the PAB receiver."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None


def candidate_order(bsns: int, floaters: int) -> Iterator[Candidate]:
    """Article 4.3: every pairing of BSNs 1…``bsns`` with ``floaters`` virtual 0s, in order.

    The lowest BSN not yet placed gets an opponent, the higher BSNs tried in descending
    order and a virtual 0 (it floats) last; a pairing with a 0 left over is not one.
    ``Candidate.floaters`` lists the BSNs paired with a 0.

    >>> [c.pairs for c in candidate_order(4, 0)]
    [((1, 4), (2, 3)), ((1, 3), (2, 4)), ((1, 2), (3, 4))]
    >>> sum(1 for _ in candidate_order(6, 2))
    45
    """
    return _extend(tuple(range(1, bsns + 1)), floaters, (), (), lambda a, b: True)


def _extend(
    unplaced: tuple[int, ...],
    zeros: int,
    pairs: tuple[tuple[int, int], ...],
    floaters: tuple[int, ...],
    allowed: _Allowed,
) -> Iterator[Candidate]:
    if not unplaced:
        if zeros == 0:
            yield Candidate(pairs, floaters)
        return
    if len(unplaced) < zeros:
        return
    first, rest = unplaced[0], unplaced[1:]
    for other in reversed(rest):
        if allowed(first, other):
            remaining = tuple(p for p in rest if p != other)
            yield from _extend(remaining, zeros, (*pairs, (first, other)), floaters, allowed)
    if zeros:
        yield from _extend(rest, zeros - 1, pairs, (*floaters, first), allowed)


@dataclass
class _Round:
    """One round being paired: the field, the ranking and the memo of the searches."""

    field: Field
    order: dict[int, tuple[Fraction, Fraction, int]]
    preference: dict[int, Preference]
    compatible_memo: dict[tuple[int, int], bool] = dataclasses.field(default_factory=dict)
    pairable_memo: dict[frozenset[int], bool] = dataclasses.field(default_factory=dict)
    lookahead_memo: dict[tuple[int, frozenset[int]], tuple[int, tuple[Fraction, ...]]] = (
        dataclasses.field(default_factory=dict)
    )

    def entrant(self, rank: int) -> Entrant:
        return self.field.entrants[rank]

    def compatible(self, a: int, b: int) -> bool:
        """C1 (2.1.1, with the forbidden pairs) and C3 (2.1.3): may ``a`` meet ``b``?"""
        known = self.compatible_memo.get((a, b))
        if known is None:
            known = not (
                b in self.entrant(a).played_opponents
                or frozenset((a, b)) in self.field.forbidden
                or absolute_clash(self.preference[a], self.preference[b])
            )
            self.compatible_memo[(a, b)] = known
        return known

    def completely_pairable(self, players: frozenset[int]) -> bool:
        """1.9.1 / C4: can every one of ``players`` be paired under C1–C3?

        Backtracking: the first player (by rank) takes each possible partner in turn.
        """
        if not players:
            return True
        if len(players) % 2:
            return False
        known = self.pairable_memo.get(players)
        if known is not None:
            return known
        first = min(players)
        rest = players - {first}
        answer = any(
            self.completely_pairable(rest - {other})
            for other in sorted(rest)
            if self.compatible(first, other)
        )
        self.pairable_memo[players] = answer
        return answer

    def by_ranking(self, players: frozenset[int] | list[int]) -> list[int]:
        """1.8: the ranking order, best first."""
        return sorted(players, key=lambda r: self.order[r])


def pair_field(field_: Field) -> RoundPairing:
    """1.9.2: the PAB first (3.1), then the scoregroups from the top down.

    Raises `NoPairing` when no complete round-pairing exists.
    """
    round_ = _Round(
        field_,
        {r: ranking_key(field_, e) for r, e in field_.entrants.items()},
        {r: preference_of(e) for r, e in field_.entrants.items()},
    )
    players = field_.to_pair
    bye = choose_pab(round_, players) if len(players) % 2 else None
    if bye is None and not round_.completely_pairable(players):
        raise NoPairing(f"round {field_.round}: the players cannot all be paired (C1–C3)")
    remaining = players - {bye} if bye is not None else players
    groups = scoregroups(round_, remaining)
    boards: list[tuple[int, int]] = []
    incoming: tuple[int, ...] = ()
    for position, residents in enumerate(groups):
        bracket = frozenset(incoming) | residents
        best = pair_bracket(round_, bracket, groups[position + 1 :])
        for a, b in best.pairs:
            boards.append(allocate_colours(field_, round_.entrant(a), round_.entrant(b)))
        incoming = best.floaters
    if incoming:
        raise NoPairing(f"round {field_.round}: players left unpaired at the bottom")
    return RoundPairing(tuple(boards), bye)


def choose_pab(round_: _Round, players: frozenset[int]) -> int:
    """3.1: the PAB receiver, each step filtering the players the step before left.

    1. eligible (C2, Basic Rules 4); 2. the others can then all be paired (C4), asked of
    each candidate by exhaustion; 3. lowest score; 4. most games played; 5. lowest in the
    ranking order (lowest Index, then largest TPN).
    """
    eligible = [r for r in players if round_.entrant(r).pab_eligible]
    completable = [r for r in eligible if round_.completely_pairable(players - {r})]
    if not completable:
        raise NoPairing(
            f"round {round_.field.round}: no player may take the PAB with the rest paired"
        )
    lowest = min(round_.entrant(r).pairing_score for r in completable)
    step3 = [r for r in completable if round_.entrant(r).pairing_score == lowest]
    most = max(round_.entrant(r).games_played for r in step3)
    step4 = [r for r in step3 if round_.entrant(r).games_played == most]
    return round_.by_ranking(step4)[-1]


def scoregroups(round_: _Round, players: frozenset[int]) -> list[frozenset[int]]:
    """1.2: the players of each score, highest score first."""
    scores = sorted({round_.entrant(r).pairing_score for r in players}, reverse=True)
    return [frozenset(r for r in players if round_.entrant(r).pairing_score == s) for s in scores]


def pair_bracket(round_: _Round, bracket: frozenset[int], below: list[frozenset[int]]) -> Candidate:
    """3.2: the first candidate, in Article 4's order, that best satisfies C5–C8.

    C5 first fixes the number of floaters: the fewest for which some candidate keeps
    C1–C4.  Then each legal candidate is scored on C6, C7 and C8, and one replaces the
    best so far only when strictly better, so the earliest of the best is kept.
    Returns the candidate with ranks (not BSNs) in its pairs and floaters.
    """
    players = round_.by_ranking(bracket)
    rank_of = dict(enumerate(players, start=1))
    lower = frozenset().union(*below)

    def allowed(a: int, b: int) -> bool:
        return round_.compatible(rank_of[a], rank_of[b])

    for floaters in range(len(players) % 2, len(players) + 1, 2):
        best: Candidate | None = None
        best_key: tuple[object, ...] | None = None
        for candidate in _extend(tuple(rank_of), floaters, (), (), allowed):
            ranked = Candidate(
                tuple((rank_of[a], rank_of[b]) for a, b in candidate.pairs),
                tuple(rank_of[f] for f in candidate.floaters),
            )
            if not rest_pairable(round_, frozenset(ranked.floaters), lower):
                continue
            key = quality(round_, ranked, below)
            if best_key is None or key < best_key:
                best, best_key = ranked, key
        if best is not None:
            return best
    raise NoPairing(f"round {round_.field.round}: a bracket cannot be paired")  # pragma: no cover


def rest_pairable(round_: _Round, floaters: frozenset[int], lower: frozenset[int]) -> bool:
    """C4 (2.2.1): the floaters and every lower player can still all be paired.

    Below the last bracket there is nobody to pair a floater with.
    """
    if not lower:
        return not floaters
    return round_.completely_pairable(floaters | lower)


def quality(
    round_: _Round, candidate: Candidate, below: list[frozenset[int]]
) -> tuple[object, ...]:
    """C6, C7, C8 as one key, smaller is better (C5 is equal: the number of floaters is
    fixed).

    - C6 (2.3.2): the floaters' scores, highest first, compared lexicographically;
    - C7 (2.3.3): what the next bracket (these floaters and the next scoregroup) can
      reach on C5 and C6: its floaters' count, then their scores;
    - C8 (2.3.4): players denied their preferred colour.
    """
    c6 = _scores(round_, candidate.floaters)
    c7 = lookahead(round_, frozenset(candidate.floaters), below)
    c8 = sum(denied(round_.preference[a], round_.preference[b]) for a, b in candidate.pairs)
    return (c6, c7, c8)


def lookahead(
    round_: _Round, floaters: frozenset[int], below: list[frozenset[int]]
) -> tuple[int, tuple[Fraction, ...]]:
    """C7: the best C5 and C6 of the following bracket, by trying every set of its
    players as its floaters (fewest first): a set is possible when the others of the
    bracket can all be paired among themselves and C4 holds below it."""
    if not below:
        return (0, ())
    memo_key = (len(below), floaters)
    known = round_.lookahead_memo.get(memo_key)
    if known is not None:
        return known
    bracket = floaters | below[0]
    lower = frozenset().union(*below[1:])
    answer: tuple[int, tuple[Fraction, ...]] | None = None
    for count in range(len(bracket) % 2, len(bracket) + 1, 2):
        options = [
            _scores(round_, chosen)
            for chosen in combinations(sorted(bracket), count)
            if round_.completely_pairable(bracket - frozenset(chosen))
            and rest_pairable(round_, frozenset(chosen), lower)
        ]
        if options:
            answer = (count, min(options))
            break
    if answer is None:
        # Unreachable while the floaters keep C4; kept worst rather than guessed.
        answer = (len(bracket) + 1, ())
    round_.lookahead_memo[memo_key] = answer
    return answer


def _scores(round_: _Round, players: tuple[int, ...] | frozenset[int]) -> tuple[Fraction, ...]:
    return tuple(sorted((round_.entrant(r).pairing_score for r in players), reverse=True))
