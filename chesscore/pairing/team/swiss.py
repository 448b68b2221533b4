"""The pairing procedure of the team Swiss (C.04.6 Articles 2 and 3).

1. The PAB (3.4) goes to the lowest, most-played, largest-TPN team whose absence leaves a
   legal pairing of everyone else (C2 bars some teams).
2. While teams are left, the top scoregroup is joined by upfloaters (3.5) and that bracket
   is paired (3.6).
3. Colours follow Article 4.

Maximum-weight perfect matchings (:mod:`..matching`) answer the questions of existence the
procedure asks: is a set of teams pairable (C1, C3), how few upfloaters are needed and with
which scores (C4, C5, 3.5.2), and which bracket pairings reach the fewest unserved colour
preferences and floats (C8-C10).  The choices themselves are made in the regulation's own
orders: the upfloater sets in the order of 3.5.3-3.5.4, the bracket pairing by its
identifier (3.6.2), built position by position with a matching certifying each prefix.

Two readings decide between candidates: C6's "next scoregroup" is the one right below the
bracket's among the round's scoregroups, and C6 is waived once earlier brackets (or the PAB)
have emptied it; C7 and C10 count as floaters only teams whose match took place (1.5, see
:class:`.state.TeamRound`).

Complexity: O(n) matchings for the PAB and per bracket O(s) upfloater sets (s = sets of the
C5 profile tried) and O(b²) matchings for the identifier of a b-team bracket, each matching
O(n³).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..dutch import NoLegalPairing
from ..matching import WeightMatrix
from ..matching import maximum_weight_matching
from .colours import allocate_colours
from .colours import colour_preference
from .colours import first_team
from .colours import unfulfilled
from .state import PreferenceType
from .state import TeamSwissState

__all__ = ["TeamBracketNote", "TeamMatch", "TeamSwissPairing", "pair_team_swiss"]

Weight = Callable[[int, int], int | None]


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match: the team with White on board 1, the other, and the colour rule used."""

    white: int
    black: int
    article: str = ""


@dataclass(frozen=True, slots=True)
class TeamBracketNote:
    """What happened in one bracket (3.5, 3.6), for explanations."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    """(top member, bottom member) in the identifier's order (3.6.1)."""
    identifier: tuple[int, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamSwissPairing:
    """Matches in publication order, the PAB team and the notes per bracket."""

    matches: tuple[TeamMatch, ...]
    bye: int | None
    brackets: tuple[TeamBracketNote, ...]
    bye_reason: str = ""


def _solve(vertices: Sequence[int], weight: Weight) -> tuple[dict[int, int], int] | None:
    """Max-weight perfect matching of ``vertices`` (``None`` weight = no edge), or None."""
    n = len(vertices)
    if n % 2:
        return None
    if n == 0:
        return {}, 0
    graph = WeightMatrix(n)
    for i in range(n):
        for j in range(i + 1, n):
            w = weight(vertices[i], vertices[j])
            if w is not None:
                graph.set(i, j, w)
    mate = maximum_weight_matching(graph)
    if any(m == v for v, m in enumerate(mate)):
        return None
    pairs = {vertices[v]: vertices[m] for v, m in enumerate(mate)}
    total = sum(w for v, m in enumerate(mate) if v < m and (w := graph.weights[v][m]) is not None)
    return pairs, total


class _Pairer:
    def __init__(self, state: TeamSwissState) -> None:
        self.state = state
        self.teams = state.teams
        kind, last = state.rules.preferences, state.last_round
        self.preference = {
            t: colour_preference(self.teams[t], kind, last_round=last) for t in state.to_pair
        }
        # The scoregroups of the round (1.3), the PAB team's included: C6 looks at the one
        # right below the bracket's, even when earlier brackets have emptied it.
        self.levels = sorted({self.score(t) for t in state.to_pair}, reverse=True)

    def legal(self, a: int, b: int) -> int | None:
        return 1 if self.state.may_meet(a, b) else None

    def pairable(self, teams: Iterable[int]) -> bool:
        return _solve(sorted(teams), self.legal) is not None

    def score(self, team: int) -> Fraction:
        return self.teams[team].score

    # 3.4 -----------------------------------------------------------------------------
    def choose_bye(self, teams: list[int]) -> tuple[int, str]:
        eligible = [
            t for t in teams if not self.teams[t].pab_barred and t not in self.state.pab_exclusions
        ]
        eligible.sort(
            key=lambda t: (self.score(t), -self.teams[t].matches_played, -t)  # 3.4.2-3.4.4
        )
        for team in eligible:
            if self.pairable(t for t in teams if t != team):  # 3.4.1
                return team, (
                    f"PAB to {team}: lowest score {self.score(team)}, "
                    f"{self.teams[team].matches_played} matches played, largest TPN among those "
                    "leaving a legal pairing (3.4)"
                )
        raise NoLegalPairing(
            "no team may receive the pairing-allocated bye and leave a legal pairing (C2, 3.4.1)",
            blocking=tuple(sorted(teams)),
        )

    # 3.5 -----------------------------------------------------------------------------
    def fewest_upfloaters(self, group: list[int], rest: list[int]) -> tuple[int, dict[int, int]]:
        """C4 for ``group`` with partners from ``rest`` (both unpaired, C3 held by all).

        Returns how many upfloaters are needed and, per lower score level, how many come
        from it under C5 (level 0 = highest lower score).
        """
        levels = sorted({self.score(t) for t in rest}, reverse=True)
        level = {t: levels.index(self.score(t)) for t in rest}
        members = set(group)
        base = len(group) + 1
        powers: list[int] = [base**i for i in range(len(levels) + 2)]
        top_edge = powers[-1]

        def weight(a: int, b: int) -> int | None:
            if not self.state.may_meet(a, b):
                return None
            if a in members and b in members:
                return top_edge + 1
            if a in members or b in members:
                # C5: fewest from the lowest level first, i.e. the upfloaters' scores taken
                # in ascending order as high as possible (2.3.2).
                lower = level[b] if a in members else level[a]
                return powers[len(levels)] - powers[lower] + 1
            return 1

        solved = _solve(sorted([*group, *rest]), weight)
        if solved is None:
            raise NoLegalPairing("the remaining teams cannot be paired (C3)", tuple(group))
        mate = solved[0]
        profile: dict[int, int] = {}
        for t in group:
            if mate[t] not in members:
                profile[level[mate[t]]] = profile.get(level[mate[t]], 0) + 1
        return sum(profile.values()), profile

    def following_score(self, top: list[int]) -> Fraction | None:
        """The score of C6's "next scoregroup": one level below the top scoregroup's among
        the scores of the round (1.3), or ``None`` at the bottom.

        C6 (2.3.3) is waived "if all the teams in the following scoregroup became or are
        upfloaters (thus this scoregroup is now empty)": a scoregroup that earlier brackets
        (or the PAB) have emptied is that case, and C6 does not pass on to the next score
        still unpaired.  With scores 10, 9, 8 and the 9s all floated up already, the 10s'
        bracket has no C6 to meet.
        """
        below = [s for s in self.levels if s < self.score(top[0])]
        return below[0] if below else None

    def choose_upfloaters(
        self, top: list[int], lower: list[int]
    ) -> tuple[tuple[int, ...], list[str]]:
        k, profile = self.fewest_upfloaters(top, lower)
        if k == 0:
            return (), ["C4: no upfloater needed"]
        levels = sorted({self.score(t) for t in lower}, reverse=True)
        by_level = [sorted(t for t in lower if self.score(t) == s) for s in levels]
        # 3.5.3-3.5.4: sets as TPNs by descending score then ascending TPN, in
        # lexicographic order; with the score profile fixed by C5 this is the product of
        # the per-level combinations.
        choices = [
            itertools.combinations(by_level[i], profile.get(i, 0)) for i in range(len(levels))
        ]
        next_group = by_level[0] if levels[0] == self.following_score(top) else []
        c7 = self.state.float_criteria_apply
        lower_bound_c6 = (len(next_group) - profile.get(0, 0)) % 2 if next_group else 0
        lower_bound_c7 = 0
        if c7:
            for i, count in profile.items():
                steady = sum(1 for t in by_level[i] if not self.teams[t].floated_last_round)
                lower_bound_c7 += max(0, count - steady)
        best: tuple[tuple[int, int], tuple[int, ...]] | None = None
        for combination in itertools.product(*choices):
            upfloaters = tuple(t for part in combination for t in part)
            chosen = set(upfloaters)
            if not self.pairable([*top, *upfloaters]):
                continue
            rest = [t for t in lower if t not in chosen]
            residents = [t for t in next_group if t not in chosen]
            if residents:
                # C6: the next scoregroup needs as few upfloaters as possible (C1, C3, C4).
                others = [t for t in rest if t not in set(residents)]
                if not self.pairable(rest):
                    continue
                c6 = self.fewest_upfloaters(residents, others)[0] if others else 0
            else:
                if not self.pairable(rest):
                    continue
                c6 = 0  # C6 is waived: the next scoregroup is (now) empty
            floats = sum(1 for t in upfloaters if self.teams[t].floated_last_round) if c7 else 0
            key = (c6, floats)
            if best is None or key < best[0]:
                best = (key, upfloaters)
                if key == (lower_bound_c6, lower_bound_c7):
                    break
        if best is None:
            raise NoLegalPairing("no set of upfloaters completes the pairing (C3)", tuple(top))
        (c6, floats), upfloaters = best
        scores = " ".join(str(self.score(t)) for t in upfloaters)
        reasons = [
            f"C4: {k} upfloater(s) needed",
            f"C5: upfloater scores {scores}",
            f"C6: the next scoregroup then needs {c6} upfloater(s)"
            if next_group
            else "C6: waived, the next scoregroup is empty",
        ]
        if c7:
            reasons.append(f"C7: {floats} upfloater(s) floated in the previous round")
        reasons.append("3.5.5: first such set in the order of 3.5.3-3.5.4")
        return upfloaters, reasons

    # 3.6 -----------------------------------------------------------------------------
    def pair_bracket(
        self, bracket: list[int], upfloaters: frozenset[int]
    ) -> tuple[list[tuple[int, int]], list[str]]:
        teams = sorted(bracket)
        n = len(teams)
        half = n // 2
        position = {t: i for i, t in enumerate(teams)}
        type_b = self.state.rules.preferences is PreferenceType.B
        floats = self.state.float_criteria_apply
        apart = self.state.apart
        # Below C10: pairs of one lowest-priority group (organiser's, not FIDE's), so the
        # cost unit of C10 is one more than the most such pairs a bracket can have.
        unit10 = half + 1 if apart else 1
        unit9 = (n + 1) * unit10
        unit8 = unit9 * (n + 1) if type_b else unit9

        def cost(a: int, b: int) -> int:
            c8, c9 = unfulfilled(self.preference[a], self.preference[b])
            c10 = 0
            if floats:
                c10 += a in upfloaters and self.teams[b].floated_last_round
                c10 += b in upfloaters and self.teams[a].floated_last_round
            together = (min(a, b), max(a, b)) in apart
            return c8 * unit8 + (c9 * unit9 if type_b else 0) + c10 * unit10 + together

        ceiling = 3 * unit8 + 1
        scale = half + 1

        def weight(a: int, b: int) -> int | None:
            if not self.state.may_meet(a, b):
                return None
            # A nudge toward the natural identifier (i with i + n/2) saves matchings; it
            # stays below one unit of cost, so it never outweighs a criterion.
            natural = int(abs(position[a] - position[b]) == half)
            return (ceiling - cost(a, b)) * scale + natural

        def total_cost(mate: dict[int, int]) -> int:
            return sum(cost(a, b) for a, b in mate.items() if a < b)

        solved = _solve(teams, weight)
        if solved is None:
            raise NoLegalPairing("the bracket cannot be paired (C1)", tuple(teams))
        best_mate = solved[0]
        optimum = total_cost(best_mate)

        tops: list[int] = []
        bottoms: set[int] = set()
        fixed: dict[int, int] = {}

        def consistent(mate: dict[int, int], tops_: Sequence[int], bottoms_: set[int]) -> bool:
            return (
                all(mate[t] > t for t in tops_)
                and all(mate[b] < b for b in bottoms_)
                and all(mate[a] == b for a, b in fixed.items())
            )

        def feasible(tops_: Sequence[int], bottoms_: set[int]) -> bool:
            nonlocal best_mate
            if consistent(best_mate, tops_, bottoms_):
                return True
            top_set = set(tops_)

            def constrained(a: int, b: int) -> int | None:
                low, high = min(a, b), max(a, b)
                if high in top_set or low in bottoms_:
                    return None
                for x, y in ((a, b), (b, a)):
                    if x in fixed and fixed[x] != y:
                        return None
                return weight(a, b)

            result = _solve(teams, constrained)
            if result is None or total_cost(result[0]) != optimum:
                return False
            best_mate = result[0]
            return True

        start = 0
        for _ in range(half):
            for index in range(start, n):
                candidate = [*tops, teams[index]]
                skipped = bottoms | set(teams[start:index])
                if len(skipped) > half:
                    break
                if feasible(candidate, skipped):
                    tops, bottoms, start = candidate, skipped, index + 1
                    break
        bottoms = set(teams) - set(tops)
        pairs: list[tuple[int, int]] = []
        for top in tops:
            for bottom in sorted(bottoms):
                if bottom < top or not self.state.may_meet(top, bottom):
                    continue
                fixed[top], fixed[bottom] = bottom, top
                if feasible(tops, bottoms):
                    pairs.append((top, bottom))
                    bottoms.discard(bottom)
                    break
                del fixed[top], fixed[bottom]
        identifier = (*(a for a, _ in pairs), *(b for _, b in pairs))
        c8 = sum(unfulfilled(self.preference[a], self.preference[b])[0] for a, b in pairs)
        reasons = [f"C8: {c8} team(s) without their colour preference"]
        if type_b:
            c9 = sum(unfulfilled(self.preference[a], self.preference[b])[1] for a, b in pairs)
            reasons.append(f"C9: {c9} team(s) without their strong colour preference")
        if floats and upfloaters:
            c10 = sum(cost(a, b) % unit9 // unit10 for a, b in pairs)
            reasons.append(f"C10: {c10} opponent(s) of upfloaters floated in the previous round")
        if apart:
            together = sum((min(a, b), max(a, b)) in apart for a, b in pairs)
            reasons.append(f"Lowest-priority groups (not FIDE): {together} pair(s) from one group")
        reasons.append("3.6.4: first such pairing by identifier " + " ".join(map(str, identifier)))
        return pairs, reasons


def pair_team_swiss(state: TeamSwissState) -> TeamSwissPairing:
    """Pair ``state.round`` by C.04.6 (Article 3.3.2).

    Raises :class:`NoLegalPairing` when no complete round-pairing exists (3.3.3: the Chief
    Arbiter decides).
    """
    pairer = _Pairer(state)
    remaining = sorted(state.to_pair)
    bye: int | None = None
    bye_reason = ""
    if len(remaining) % 2:
        bye, bye_reason = pairer.choose_bye(remaining)
        remaining.remove(bye)
    elif not pairer.pairable(remaining):
        raise NoLegalPairing("the teams cannot all be paired (C1)", tuple(remaining))
    notes: list[TeamBracketNote] = []
    pairs: list[tuple[int, int]] = []
    while remaining:
        top_score = max(pairer.score(t) for t in remaining)
        top = [t for t in remaining if pairer.score(t) == top_score]
        lower = [t for t in remaining if pairer.score(t) != top_score]
        upfloaters, reasons = pairer.choose_upfloaters(top, lower)
        bracket = [*top, *upfloaters]
        bracket_pairs, more = pairer.pair_bracket(bracket, frozenset(upfloaters))
        pairs.extend(bracket_pairs)
        notes.append(
            TeamBracketNote(
                score=top_score,
                residents=tuple(top),
                upfloaters=upfloaters,
                pairs=tuple(bracket_pairs),
                identifier=(*(a for a, _ in bracket_pairs), *(b for _, b in bracket_pairs)),
                reasons=(*reasons, *more),
            )
        )
        done = set(bracket)
        remaining = [t for t in remaining if t not in done]
    matches = [TeamMatch(*allocate_colours(state, a, b)) for a, b in pairs]
    teams = state.teams

    def board_order(match: TeamMatch) -> tuple[Fraction, Fraction, int]:
        # C.04.2 3.6: the better-ranked team's score, the pair's total, its TPN.
        first = teams[first_team(state, match.white, match.black)]
        total = teams[match.white].score + teams[match.black].score
        return (-first.score, -total, first.number)

    matches.sort(key=board_order)
    return TeamSwissPairing(tuple(matches), bye, tuple(notes), bye_reason)
