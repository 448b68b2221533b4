"""Pure pairing engines: they take a tournament record and return the next round.

:func:`pair_round` pairs by the FIDE Dutch system (C.04.3, with C.04.7 when the record's
acceleration is Baku); the other engines live in their own modules (:mod:`.burstein`,
:mod:`.casual`, :mod:`.team`, :mod:`.round_robin`, :mod:`.constraints`). Which engine pairs
a section is the business of the registry of systems (`chesscore.systems`), not of this package.

Example::

    >>> from chesscore.record.trf import read
    >>> result = pair_round(read(text), options=PairingOptions())  # doctest: +SKIP
    >>> result.boards[0]  # doctest: +SKIP
    Board(white=12, black=4)
"""

from __future__ import annotations

from chesscore.record.model import Record

from .brackets import BracketNote
from .dutch import NoLegalPairing
from .dutch import pair_dutch
from .explain import bracket_reasons
from .state import InvalidRecord
from .types import Board
from .types import PairingOptions
from .types import PairingResult
from .weights import SoftCriterion

__all__ = [
    "Board",
    "BracketNote",
    "InvalidRecord",
    "NoLegalPairing",
    "PairingOptions",
    "PairingResult",
    "SoftCriterion",
    "pair_round",
]


def pair_round(record: Record, *, options: PairingOptions | None = None) -> PairingResult:
    """Pair the next round of ``record`` by the FIDE Dutch system (C.04.3; C.04.7 when the
    record's acceleration is Baku).

    Raises :class:`NoLegalPairing` when the absolute criteria cannot all be met, and
    :class:`InvalidRecord` when the record cannot be paired as it stands.
    """
    options = options or PairingOptions()
    state = options.state_of(record)
    pairing = pair_dutch(state, options.soft_criterion)
    return PairingResult(
        boards=tuple(Board(white=w, black=b) for w, b in pairing.boards),
        bye=pairing.bye,
        explanation=pairing.brackets,
        reasons=bracket_reasons(state, pairing.brackets, pairing.bye),
    )
