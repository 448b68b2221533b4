"""Pure pairing engines: they take a tournament record and return the next round.

The website and the command line call :func:`pair_round`; ``SYSTEMS`` maps the stable key
stored with a section to the engine that pairs it.

Example::

    >>> from tournaments.record.trf import read
    >>> result = pair_round(read(text), options=PairingOptions())  # doctest: +SKIP
    >>> result.boards[0]  # doctest: +SKIP
    Board(white=12, black=4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tournaments.record.model import Record

from .brackets import BracketNote
from .dutch import DutchPairing, NoLegalPairing, pair_dutch
from .explain import bracket_reasons
from .state import InvalidRecord, TournamentState, state_from_record
from .weights import SoftCriterion

__all__ = [
    "SYSTEMS",
    "Board",
    "BracketNote",
    "InvalidRecord",
    "NoLegalPairing",
    "PairingOptions",
    "PairingResult",
    "SoftCriterion",
    "pair_round",
]


@dataclass(frozen=True, slots=True)
class PairingOptions:
    """Organiser settings that are not (or not only) in the record.

    ``forbidden_pairs`` and ``pab_exclusions`` add to what the record says (a player
    excluded from the PAB is treated by C2 like one who already had it);
    ``soft_criterion`` is an organiser preference ranked below C21 (``None``: pure FIDE).
    """

    system: str = "dutch"
    round_to_pair: int | None = None
    forbidden_pairs: tuple[tuple[int, ...], ...] = ()
    pab_exclusions: tuple[int, ...] = ()
    soft_criterion: SoftCriterion | None = field(default=None, compare=False)


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


Engine = Callable[[TournamentState, SoftCriterion | None], DutchPairing]

SYSTEMS: dict[str, Engine] = {"dutch": pair_dutch}
"""Pairing system key (as stored with a section) -> engine."""


def pair_round(record: Record, *, options: PairingOptions | None = None) -> PairingResult:
    """Pair the next round of ``record`` (C.04.3 for ``dutch``; ``casual`` for the best-effort
    Swiss of unrated events, see :mod:`pairing.engine.casual`).

    Raises :class:`NoLegalPairing` when the absolute criteria cannot all be met, and
    :class:`InvalidRecord` when the record cannot be paired as it stands.
    """
    options = options or PairingOptions()
    if options.system == "casual":
        # Imported here: the casual engine builds on this module's result types.
        from .casual import pair_casual

        return pair_casual(record, options)
    engine = SYSTEMS.get(options.system)
    if engine is None:
        raise InvalidRecord(f"unknown pairing system {options.system!r}")
    exclusions = frozenset(options.pab_exclusions) | frozenset(record.pab_exclusions)
    state = state_from_record(record, options.round_to_pair, pab_exclusions=exclusions)
    for group in options.forbidden_pairs:
        members = [r for r in group if r in state.forbidden]
        for a in members:
            state.forbidden[a].update(b for b in members if b != a)
    pairing = engine(state, options.soft_criterion)
    return PairingResult(
        boards=tuple(Board(white=w, black=b) for w, b in pairing.boards),
        bye=pairing.bye,
        explanation=pairing.brackets,
        reasons=bracket_reasons(state, pairing.brackets, pairing.bye),
    )
