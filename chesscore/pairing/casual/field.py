"""The players of a casual round: who takes part, their score group, colours and byes.

Everything is derived from the record through :func:`..state.state_from_record`, as for the
Dutch engine, plus what the casual rules look at and the Dutch state does not keep
(ratings, full byes received, family/club groups given in the options).
"""

from __future__ import annotations

from dataclasses import dataclass

from chesscore.record.model import Colour
from chesscore.record.model import Record
from chesscore.record.model import ResultCode

from ..state import TournamentState

__all__ = ["Entrant", "Field", "build_field", "colour_cost", "due_colour", "streak"]

_FULL_BYES = frozenset(
    {ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FULL_POINT_BYE, ResultCode.FORFEIT_WIN}
)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player to pair, with what the casual rules compare."""

    rank: int
    order: int
    """Pairing number (0-based) of the Dutch state: starting rank or file position."""
    score: int
    """Score in tenths before the round."""
    group: int
    """Score group, 0 for the top one."""
    place: int
    """Position inside the score group, 0 for its top player."""
    rating: int
    full_byes: int
    """Rounds won without an opponent so far: PAB, full-point bye or a forfeit bye."""
    bye_excluded: bool
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first."""
    due: Colour


@dataclass(frozen=True, slots=True)
class Field:
    """The round to pair: entrants from the top of the standings down, and their history."""

    entrants: tuple[Entrant, ...]
    group_sizes: tuple[int, ...]
    group_scores: tuple[int, ...]
    meetings: dict[tuple[int, int], tuple[int, ...]]
    """(lower rank, higher rank) -> rounds in which the two played each other."""
    conflicts: frozenset[tuple[int, int]]
    """(lower rank, higher rank) pairs that share a family/club group this round."""
    initial_colour: Colour


def due_colour(colours: tuple[Colour, ...]) -> Colour:
    """The colour a player is due: from the colour difference, then the last colour.

    >>> due_colour((Colour.WHITE, Colour.WHITE, Colour.BLACK))
    <Colour.BLACK: 1>
    >>> due_colour((Colour.WHITE, Colour.BLACK))
    <Colour.WHITE: 0>
    """
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if difference > 0:
        return Colour.BLACK
    if difference < 0:
        return Colour.WHITE
    return colours[-1].opposite if colours else Colour.NONE


def streak(colours: tuple[Colour, ...], colour: Colour) -> int:
    """Length of the run of ``colour`` that ends the history once ``colour`` is added."""
    run = 1
    for past in reversed(colours):
        if past is not colour:
            break
        run += 1
    return run


def colour_cost(entrant: Entrant, colour: Colour) -> tuple[int, int]:
    """(hard, soft) cost of giving ``colour``: hard for a third colour in a row or a colour
    difference beyond two (the limits of C.04.1 f, kept here as the strongest wish), soft
    for anything but the due colour."""
    difference = sum(1 if c is Colour.WHITE else -1 for c in entrant.colours)
    difference += 1 if colour is Colour.WHITE else -1
    hard = streak(entrant.colours, colour) >= 3 or abs(difference) > 2
    soft = entrant.due is not Colour.NONE and colour is not entrant.due
    return int(hard), int(soft)


def build_field(
    record: Record,
    state: TournamentState,
    groups: tuple[tuple[int, ...], ...],
    exclusions: frozenset[int],
) -> Field:
    """The entrants of ``state.to_pair`` sorted by score, then pairing number.

    ``groups`` are family/club groups from the options, added to the record's own.
    Complexity: O(n log n + games + group members^2).
    """
    played = state.played_rounds
    players = [state.players[r] for r in state.to_pair]
    scores = {p.rank: state.accelerated_score(p) for p in players}
    players.sort(key=lambda p: (-scores[p.rank], p.order))
    entrants: list[Entrant] = []
    sizes: list[int] = []
    group_scores: list[int] = []
    for p in players:
        score = scores[p.rank]
        if not group_scores or group_scores[-1] != score:
            group_scores.append(score)
            sizes.append(0)
        colours = tuple(g.colour for g in p.games if g.played)
        source = record.player(p.rank)
        entrants.append(
            Entrant(
                rank=p.rank,
                order=p.order,
                score=score,
                group=len(sizes) - 1,
                place=sizes[-1],
                rating=source.rating or 0,
                full_byes=sum(
                    1
                    for e in source.rounds[:played]
                    if e.opponent is None and e.result in _FULL_BYES
                ),
                bye_excluded=p.rank in exclusions,
                colours=colours,
                due=due_colour(colours),
            )
        )
        sizes[-1] += 1

    present = {e.rank for e in entrants}
    meetings: dict[tuple[int, int], list[int]] = {}
    for p in players:
        for number, game in enumerate(p.games, start=1):
            other = game.opponent
            if game.played and other is not None and p.rank < other and other in present:
                meetings.setdefault((p.rank, other), []).append(number)

    conflicts: set[tuple[int, int]] = set()
    for rank, banned in state.forbidden.items():
        conflicts.update((rank, b) for b in banned if rank < b)
    for group in groups:
        conflicts.update((a, b) for a in group for b in group if a < b)
    return Field(
        entrants=tuple(entrants),
        group_sizes=tuple(sizes),
        group_scores=tuple(group_scores),
        meetings={pair: tuple(rounds) for pair, rounds in sorted(meetings.items())},
        conflicts=frozenset(c for c in conflicts if c[0] in present and c[1] in present),
        initial_colour=state.initial_colour,
    )
