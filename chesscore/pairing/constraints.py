"""Organiser constraints on a Swiss round: prohibited groups and bye exclusions.

Organisers keep siblings, club-mates or team-mates apart with *groups*, each of one kind:

- **strict**: no two members ever meet.  When the round cannot be paired the refusal names
  the groups that block it and the ones that, lifted alone, would let it pair
  (:class:`ConstraintConflict`).
- **soft, relaxed from the bottom**: the field is ranked by the standings entering the
  round (the initial ranking in round 1).  The members of soft groups ranked in the top
  ``N`` places are *protected* and meet no member of their group; the others are
  *released* and may meet each other.  ``N`` is the largest value for which the round can
  still be paired; the surviving separations are then strict for the engine.
- **soft, lowest priority**: a criterion below every FIDE criterion (after C21, before the
  transposition and exchange order of C.04.3 D): among the pairings the FIDE rules rank
  equal, the one with the fewest pairs from one group.  It never changes the bye, a
  floater or the colour quality FIDE gives: the round is first paired without it, and the
  second pairing may only rearrange the pairs inside each bracket's paired players.

A bye exclusion keeps a player from the pairing-allocated bye (C2 treats them like a player
who already had one); a refusal names the exclusion that, lifted, would let the round pair.

"Can the round be paired" is the completion test of the Dutch engine: a perfect matching of
the compatible pairs (C1, C3 and the separations), the bye to a player C2 allows.

Example::

    >>> groups = (Group("Club A", GroupKind.STRICT, (1, 4, 7)),)
    >>> pairing = pair_constrained(record, groups=groups)  # doctest: +SKIP
    >>> pairing.result.boards, pairing.released  # doctest: +SKIP
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from itertools import combinations

from chesscore.record.model import Record
from chesscore.record.model import ReleasedPlayers
from chesscore.record.model import SoftGroup

from . import pair_round
from .brackets import BracketNote
from .dutch import NoLegalPairing
from .matching import WeightMatrix
from .matching import maximum_weight_matching
from .state import state_from_record
from .types import PairingOptions
from .types import PairingResult
from .weights import SOFT_MAX
from .weights import is_compatible

__all__ = [
    "ConstrainedPairing",
    "ConstraintConflict",
    "Group",
    "GroupKind",
    "lowest_priority_criterion",
    "pair_constrained",
    "protected_separations",
    "recorded_soft_groups",
    "same_fide_shape",
    "soft_group_records",
]

Pair = frozenset[int]


class GroupKind(enum.Enum):
    STRICT = "strict"
    SOFT_FROM_BOTTOM = "soft_bottom"
    SOFT_LOWEST = "soft_lowest"


@dataclass(frozen=True, slots=True)
class Group:
    """Players (starting ranks) to keep apart, with the kind of separation."""

    name: str
    kind: GroupKind
    members: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ConstrainedPairing:
    """The round, and what the groups did to it.

    ``protected_places`` is ``N`` of the soft-from-bottom groups (``None`` without such a
    group); ``released`` their members ranked below it, in ranking order.
    ``same_group_pairs`` are the pairs of the round inside a lowest-priority group.
    """

    result: PairingResult
    protected_places: int | None = None
    released: tuple[int, ...] = ()
    same_group_pairs: tuple[tuple[int, int], ...] = ()
    lowest_priority_applied: bool = False


class ConstraintConflict(NoLegalPairing):
    """The round cannot be paired with the organiser's strict groups and bye exclusions.

    ``blocking_groups``/``blocking_exclusions``: lifted together they let the round pair
    (each is needed: imposing any one of them again makes it fail).  ``lifting_groups`` and
    ``lifting_exclusions``: each of these, lifted alone, lets the round pair.
    """

    def __init__(
        self,
        reason: str,
        *,
        blocking_groups: tuple[str, ...],
        lifting_groups: tuple[str, ...],
        blocking_exclusions: tuple[int, ...],
        lifting_exclusions: tuple[int, ...],
    ) -> None:
        super().__init__(reason, blocking=blocking_exclusions)
        self.blocking_groups = blocking_groups
        self.lifting_groups = lifting_groups
        self.blocking_exclusions = blocking_exclusions
        self.lifting_exclusions = lifting_exclusions


def pair_constrained(
    record: Record,
    *,
    options: PairingOptions | None = None,
    groups: Sequence[Group] = (),
    ranking: Sequence[int] = (),
) -> ConstrainedPairing:
    """Pair the next round of ``record`` (``options.round_to_pair``) under ``groups``.

    The record's forbidden pairings (``XXP``/260 applying to the round) and
    ``options.forbidden_pairs`` count as strict groups; its and the options' bye exclusions
    are checked one by one when the round fails.  ``ranking`` lists starting ranks best
    first (the standings entering the round) for soft-from-bottom groups; players it leaves
    out follow in starting-rank order.  Without groups the result is exactly
    :func:`pair_round`'s.

    Raises :class:`ConstraintConflict` when the strict groups or exclusions make the round
    unpairable, :class:`NoLegalPairing` when it is unpairable without them.
    """
    options = options or PairingOptions()
    number = options.round_to_pair or record.next_round
    strict = [
        Group(_ranks_name(f.ranks), GroupKind.STRICT, f.ranks)
        for f in record.forbidden_pairings
        if f.applies_to(number)
    ]
    strict += [Group(_ranks_name(g), GroupKind.STRICT, g) for g in options.forbidden_pairs]
    strict += [g for g in groups if g.kind is GroupKind.STRICT]
    bottom = [g for g in groups if g.kind is GroupKind.SOFT_FROM_BOTTOM]
    lowest = [g for g in groups if g.kind is GroupKind.SOFT_LOWEST]
    exclusions = tuple(sorted(set(options.pab_exclusions) | set(record.pab_exclusions)))
    plain = replace(record, forbidden_pairings=(), pab_exclusions=())

    strict_pairs = [_pairs_of(g.members) for g in strict]
    imposed: frozenset[Pair] = frozenset().union(*strict_pairs)
    protected_places: int | None = None
    released: tuple[int, ...] = ()
    separations = imposed
    if bottom:
        field = _Field(plain, options.round_to_pair)
        if not field.pairable(imposed, frozenset(exclusions)):
            raise _conflict(field, number, strict, strict_pairs, exclusions)
        protected_places, released, separations = _relax_from_bottom(
            field, bottom, ranking, imposed, frozenset(exclusions)
        )

    fide = replace(
        options,
        forbidden_pairs=tuple(tuple(sorted(pair)) for pair in sorted(separations, key=sorted)),
        pab_exclusions=exclusions,
    )
    try:
        result = pair_round(plain, options=fide)
    except NoLegalPairing as exc:
        if not (strict or exclusions) or bottom:
            raise
        field = _Field(plain, options.round_to_pair)
        raise _conflict(field, number, strict, strict_pairs, exclusions) from exc
    same = _same_group_pairs(result, lowest)
    applied = False
    if same:
        criterion = lowest_priority_criterion(result.explanation, lowest)
        softened = pair_round(plain, options=replace(fide, soft_criterion=criterion))
        if same_fide_shape(result.bye, result.explanation, softened.bye, softened.explanation):
            result, applied = softened, True
            same = _same_group_pairs(result, lowest)
    return ConstrainedPairing(
        result=result,
        protected_places=protected_places,
        released=released,
        same_group_pairs=same,
        lowest_priority_applied=applied,
    )


# ---------------------------------------------------------------------------------------
# Can the round be paired?
# ---------------------------------------------------------------------------------------


class _Field:
    """The players to pair, who may meet whom (C1, C3) and who may take the bye (C2)."""

    def __init__(self, record: Record, round_to_pair: int | None) -> None:
        state = state_from_record(record, round_to_pair)
        self.ranks = list(state.to_pair)
        forbidden = state.forbidden_or_met()
        players = [state.players[r] for r in self.ranks]
        self.compatible = [
            (i, j)
            for (i, a), (j, b) in combinations(enumerate(players), 2)
            if is_compatible(state, a, b, forbidden)
        ]
        self.eligible = [p.bye_eligible for p in players]
        self.index = {rank: i for i, rank in enumerate(self.ranks)}

    def pairable(self, separated: frozenset[Pair], excluded: frozenset[int]) -> bool:
        n = len(self.ranks)
        if n == 0:
            return True
        graph = WeightMatrix(n + 1 if n % 2 else n)
        for i, j in self.compatible:
            if frozenset((self.ranks[i], self.ranks[j])) not in separated:
                graph.set(i, j, 1)
        if n % 2:
            for i, rank in enumerate(self.ranks):
                if self.eligible[i] and rank not in excluded:
                    graph.set(n, i, 1)
        mate = maximum_weight_matching(graph)
        return all(m != v for v, m in enumerate(mate))


def _pairs_of(members: Iterable[int]) -> frozenset[Pair]:
    return frozenset(frozenset(p) for p in combinations(sorted(set(members)), 2))


def _ranks_name(ranks: Sequence[int]) -> str:
    return "forbidden pairing " + ", ".join(str(r) for r in ranks)


def _conflict(
    field: _Field,
    number: int,
    strict: list[Group],
    strict_pairs: list[frozenset[Pair]],
    exclusions: tuple[int, ...],
) -> NoLegalPairing:
    """Why the strict groups and exclusions make round ``number`` unpairable.

    Lifting everything must let it pair, or the fault is elsewhere (``NoLegalPairing``).
    The blocking set is found by imposing the constraints again one at a time, in order,
    and keeping each that still lets the round pair.
    """
    nothing: frozenset[Pair] = frozenset()
    if not field.pairable(nothing, frozenset()):
        return NoLegalPairing(
            f"round {number} cannot be paired even without the prohibited groups and "
            "bye exclusions (previous opponents and colours leave no legal pairing)"
        )

    def union(chosen: Iterable[int]) -> frozenset[Pair]:
        return frozenset().union(*(strict_pairs[i] for i in chosen))

    every = range(len(strict))
    all_pairs = union(every)
    lifting_groups = tuple(
        strict[i].name
        for i in every
        if field.pairable(union(k for k in every if k != i), frozenset(exclusions))
    )
    lifting_exclusions = tuple(
        x for x in exclusions if field.pairable(all_pairs, frozenset(exclusions) - {x})
    )
    kept_groups: list[int] = []
    blocking_groups: list[str] = []
    for i in every:
        if field.pairable(union([*kept_groups, i]), frozenset()):
            kept_groups.append(i)
        else:
            blocking_groups.append(strict[i].name)
    kept_exclusions: list[int] = []
    blocking_exclusions: list[int] = []
    imposed = union(kept_groups)
    for x in exclusions:
        if field.pairable(imposed, frozenset([*kept_exclusions, x])):
            kept_exclusions.append(x)
        else:
            blocking_exclusions.append(x)

    parts = []
    if blocking_groups:
        parts.append("the strict groups " + _names(blocking_groups) + " block it")
    if blocking_exclusions:
        ranks = _names([str(x) for x in blocking_exclusions])
        parts.append(f"keeping {ranks} from the pairing-allocated bye blocks it")
    reason = f"round {number} cannot be paired: " + "; ".join(parts)
    lifts = [f"group {name}" for name in lifting_groups]
    lifts += [f"the bye exclusion of {x}" for x in lifting_exclusions]
    if lifts:
        reason += "; lifting any one of these alone would let it pair: " + ", ".join(lifts)
    else:
        reason += "; no single group or exclusion, lifted alone, would let it pair"
    return ConstraintConflict(
        reason,
        blocking_groups=tuple(blocking_groups),
        lifting_groups=lifting_groups,
        blocking_exclusions=tuple(blocking_exclusions),
        lifting_exclusions=lifting_exclusions,
    )


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---------------------------------------------------------------------------------------
# Soft groups
# ---------------------------------------------------------------------------------------


def _relax_from_bottom(
    field: _Field,
    groups: list[Group],
    ranking: Sequence[int],
    imposed: frozenset[Pair],
    excluded: frozenset[int],
) -> tuple[int, tuple[int, ...], frozenset[Pair]]:
    """``N``, the released members, and every separation the engine must keep.

    Protecting one more member only adds separations, so "can be paired" falls as ``N``
    grows: the largest ``N`` is found by bisection over the members' places.
    """
    present = set(field.ranks)
    order = [r for r in dict.fromkeys(ranking) if r in present]
    order += sorted(present - set(order))
    place = {rank: i for i, rank in enumerate(order)}
    mates: dict[int, set[int]] = {}
    for g in groups:
        members = [r for r in g.members if r in present]
        for r in members:
            mates.setdefault(r, set()).update(m for m in members if m != r)
    members_in_order = sorted(mates, key=place.__getitem__)

    def separations(count: int) -> frozenset[Pair]:
        pairs = set(imposed)
        for r in members_in_order[:count]:
            pairs.update(frozenset((r, m)) for m in mates[r])
        return frozenset(pairs)

    low, high = 0, len(members_in_order)
    while low < high:
        middle = (low + high + 1) // 2
        if field.pairable(separations(middle), excluded):
            low = middle
        else:
            high = middle - 1
    places = len(order) if low == len(members_in_order) else place[members_in_order[low]]
    return places, tuple(members_in_order[low:]), separations(low)


def _same_group_pairs(result: PairingResult, groups: list[Group]) -> tuple[tuple[int, int], ...]:
    together = _together(groups)
    return tuple((b.white, b.black) for b in result.boards if b.black in together.get(b.white, ()))


def _together(groups: Sequence[Group]) -> dict[int, set[int]]:
    mates: dict[int, set[int]] = {}
    for g in groups:
        for r in g.members:
            mates.setdefault(r, set()).update(m for m in g.members if m != r)
    return mates


def lowest_priority_criterion(
    notes: Sequence[BracketNote], groups: Sequence[Group]
) -> Callable[[int, int], int]:
    """The lowest-priority criterion, held to the brackets (``notes``) of the plain FIDE
    pairing.

    A pair inside the players a bracket paired gets ``level * M`` (the top bracket has the
    highest level, ``M`` exceeds any bracket's number of pairs), plus 1 unless both are in
    one group.  Every pairing that pairs other players in a bracket loses at least ``M``,
    more than avoiding group pairs can win, so floaters and the bye stay as FIDE gives them.
    """
    together = _together(groups)
    step = max((len(n.pairs) for n in notes), default=0) + 1
    level: dict[int, int] = {}
    for index, note in enumerate(notes):
        for pair in note.pairs:
            for rank in pair:
                level[rank] = len(notes) - index
    if (len(notes) + 1) * step > SOFT_MAX:
        raise ValueError("too many brackets for the lowest-priority criterion")

    def criterion(a: int, b: int) -> int:
        la = level.get(a)
        if la is None or la != level.get(b):
            return 0
        return la * step + (b not in together.get(a, ()))

    return criterion


def same_fide_shape(
    bye: int | None,
    notes: Sequence[BracketNote],
    other_bye: int | None,
    other_notes: Sequence[BracketNote],
) -> bool:
    """Same bye, and the same players paired in each bracket, as the plain FIDE pairing."""
    if bye != other_bye or len(notes) != len(other_notes):
        return False
    for a, b in zip(notes, other_notes, strict=True):
        if a.score != b.score or {r for p in a.pairs for r in p} != {r for p in b.pairs for r in p}:
            return False
    return True


# ---------------------------------------------------------------------------------------
# Soft groups in a TRF file
# ---------------------------------------------------------------------------------------

_KIND_LETTERS = {GroupKind.SOFT_FROM_BOTTOM: "B", GroupKind.SOFT_LOWEST: "L"}


def soft_group_records(
    number: int, groups: Sequence[Group], released: Sequence[int] = ()
) -> tuple[tuple[SoftGroup, ...], tuple[ReleasedPlayers, ...]]:
    """The record's ``RKG``/``RKR`` entries for the soft groups round ``number`` was
    paired with, and the players it released."""
    soft = tuple(
        SoftGroup(number, _KIND_LETTERS[g.kind], g.members)
        for g in groups
        if g.kind in _KIND_LETTERS
    )
    return soft, ((ReleasedPlayers(number, tuple(released)),) if released else ())


def recorded_soft_groups(record: Record, number: int) -> tuple[tuple[Group, ...], frozenset[int]]:
    """The soft groups and released players the record gives for round ``number``."""
    kinds = {letter: kind for kind, letter in _KIND_LETTERS.items()}
    groups = tuple(
        Group(f"RKG {index}", kinds[g.kind], g.ranks)
        for index, g in enumerate(record.soft_groups, start=1)
        if g.round == number
    )
    released = frozenset(r for line in record.released if line.round == number for r in line.ranks)
    return groups, released


def protected_separations(
    groups: Sequence[Group], released: frozenset[int]
) -> tuple[tuple[int, int], ...]:
    """Pairs a soft-from-bottom group keeps apart once ``released`` are set free."""
    pairs: set[tuple[int, int]] = set()
    for g in groups:
        if g.kind is not GroupKind.SOFT_FROM_BOTTOM:
            continue
        for a in g.members:
            if a in released:
                continue
            pairs.update((min(a, b), max(a, b)) for b in g.members if b != a)
    return tuple(sorted(pairs))
