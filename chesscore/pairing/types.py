"""The values every pairing engine of this package takes and returns.

Kept apart from the engines so that each of them (the Dutch system, the casual Swiss, the
constrained pairing) builds on the same types without importing another engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from chesscore.record.model import Record

from .brackets import BracketNote
from .state import TournamentState
from .state import state_from_record
from .weights import SoftCriterion

__all__ = ["Board", "PairingOptions", "PairingResult"]


@dataclass(frozen=True, slots=True)
class PairingOptions:
    """Organiser settings that are not (or not only) in the record.

    ``forbidden_pairs`` and ``pab_exclusions`` add to what the record says (a player
    excluded from the PAB is treated by C2 like one who already had it);
    ``soft_criterion`` is an organiser preference ranked below C21 (``None``: pure FIDE).
    """

    round_to_pair: int | None = None
    forbidden_pairs: tuple[tuple[int, ...], ...] = ()
    pab_exclusions: tuple[int, ...] = ()
    soft_criterion: SoftCriterion | None = field(default=None, compare=False)

    def pab_excluded(self, record: Record) -> frozenset[int]:
        """The players kept from the PAB: those of these options and those of ``record``."""
        return frozenset(self.pab_exclusions) | frozenset(record.pab_exclusions)

    def state_of(self, record: Record) -> TournamentState:
        """The state of ``record``'s round to pair, with the PAB exclusions and the
        forbidden pairs of these options added to the record's."""
        state = state_from_record(
            record, self.round_to_pair, pab_exclusions=self.pab_excluded(record)
        )
        for group in self.forbidden_pairs:
            members = [r for r in group if r in state.forbidden]
            for a in members:
                state.forbidden[a].update(b for b in members if b != a)
        return state


@dataclass(frozen=True, slots=True)
class Board:
    """One board of the round: starting ranks of the players with white and black."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class PairingResult:
    """The round: boards in publication order, the PAB receiver, and why (per bracket)."""

    boards: tuple[Board, ...]
    bye: int | None
    explanation: tuple[BracketNote, ...]
    reasons: tuple[tuple[str, ...], ...] = ()
    """Per bracket, in the order of ``explanation``: why players floated and what set the
    first candidates aside (:func:`.explain.bracket_reasons`)."""
