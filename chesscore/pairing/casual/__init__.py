"""A casual "best effort" Swiss for friendly, unrated events (not a FIDE system).

What organisers of friendly events expect, in order of importance:

1. Everyone present plays.  Players with a bye entered in advance in the round's column
   (H, Z, F, ...), a TRF26 240 bye or an ``XXZ`` absence sit out and are not paired, as in
   the Dutch engine.  The engine never fails for want of a legal pairing.
2. Rematches only as a last resort: when no pairing of the whole round avoids them, the
   fewest rematches are allowed and each one is named in the explanation.  A rematch is a
   game played over the board before (a forfeit is not a game, C.04.1).
3. Family/club groups (the record's forbidden pairings for the round and the options'
   ``forbidden_pairs``) are soft: avoided whenever possible, second only to rematches.
4. The pairing bye of an odd field goes to the player with the fewest full byes so far
   (PAB, full-point bye, forfeit win without an opponent), then the lower score, then the
   lower rating, then the higher starting number; players in ``pab_exclusions`` come last.
5. Score groups from the top down: as many pairs inside each group as possible, the top
   group first; floaters move down as little as possible, and the lowest-ranked players of
   a group float when it is odd or cannot be paired.
6. Colours balanced: the due colour comes from the colour difference, then the last colour;
   a third colour in a row or a difference beyond two is avoided first; the top player of
   a pair gets their due colour first; round 1 alternates from the record's initial colour.
   WW/BB streaks are reported.
7. Natural order: top half against bottom half inside a group, a floater against the top
   of the group below.

All of it is a single maximum-weight matching with lexicographic weights (see
:mod:`.graph`), so "fewest rematches" and "fewest conflicts" hold for the whole round, not
group by group.  Deterministic: players are ordered by score then pairing number and every
tie is broken by these keys.

Complexity: O(n^2) weights and one O(n^3) matching; 300 players pair in about a second.

Example::

    >>> from chesscore.record.trf import read
    >>> result = pair_casual(read(text), PairingOptions())  # doctest: +SKIP
    >>> result.boards[0], result.explanation[0].reasons  # doctest: +SKIP
    (Board(white=1, black=3), ())
"""

from __future__ import annotations

from chesscore.record.model import Colour
from chesscore.record.model import Record

from ..state import state_from_record
from ..types import Board
from ..types import PairingOptions
from ..types import PairingResult
from .field import Entrant
from .field import build_field
from .field import colour_cost
from .graph import pair_field
from .notes import CasualNote
from .notes import group_notes

__all__ = ["CasualNote", "pair_casual"]


def _top_colour(top: Entrant, bottom: Entrant, board: int, initial: Colour) -> Colour:
    """Colour of the top player of a board: fewest hard then soft colour costs, the top
    player's due colour first, else alternating by board from the initial colour."""
    choices = []
    for colour in (Colour.WHITE, Colour.BLACK):
        hard_top, soft_top = colour_cost(top, colour)
        hard_bottom, soft_bottom = colour_cost(bottom, colour.opposite)
        choices.append((hard_top + hard_bottom, soft_top + soft_bottom, soft_top))
    if choices[0] < choices[1]:
        return Colour.WHITE
    if choices[1] < choices[0]:
        return Colour.BLACK
    return initial if board % 2 == 0 else initial.opposite


def pair_casual(record: Record, options: PairingOptions | None = None) -> PairingResult:
    """Pair the next round (or ``options.round_to_pair``) of ``record`` by the casual rules.

    Not a FIDE system: see the module docstring for the rules.  Raises
    :class:`..state.InvalidRecord` when the record cannot be read as a round to pair (e.g. a
    round beyond the planned ones).
    """
    options = options or PairingOptions()
    exclusions = options.pab_excluded(record)
    number = options.round_to_pair or record.next_round
    planned = record.planned_rounds if record.planned_rounds is not None else number
    state = state_from_record(
        record, options.round_to_pair, pab_exclusions=exclusions, planned_rounds=planned
    )
    field = build_field(record, state, options.forbidden_pairs, exclusions)
    pairs, bye = pair_field(field)
    entrants = field.entrants

    def board_key(pair: tuple[int, int]) -> tuple[int, int, int]:
        top, bottom = entrants[pair[0]], entrants[pair[1]]
        return (-top.score, -bottom.score, top.order)

    pairs.sort(key=board_key)
    boards: list[tuple[int, int, int, int]] = []
    for index, (i, j) in enumerate(pairs):
        top, bottom = entrants[i], entrants[j]
        if _top_colour(top, bottom, index, field.initial_colour) is Colour.WHITE:
            boards.append((i, j, top.rank, bottom.rank))
        else:
            boards.append((i, j, bottom.rank, top.rank))
    return PairingResult(
        boards=tuple(Board(white=w, black=b) for _i, _j, w, b in boards),
        bye=None if bye is None else entrants[bye].rank,
        explanation=group_notes(field, boards, bye),
    )
