"""The FIDE Burstein system (C.04.4.2, 2026 edition).

The seeding rounds, the first min(⌊rounds / 2⌋, 4) (1.6), are paired by the FIDE Dutch
system, by the Dutch engine unchanged.  From then on the players are ranked by the Index
(1.7, 1.8: Buchholz, then Sonneborn-Berger on current scores, then pairing number), the
PAB is chosen first (3.1) and each bracket takes the first candidate of Article 4's order
that best meets C1-C8 (:mod:`.brackets`); colours follow Article 5 (:mod:`.colours`).

Acceleration works as with the Dutch: Baku (C.04.7) when the record's acceleration is Baku,
or the organiser's virtual points (``XXA``).  Virtual points count
for the brackets (scoregroups, floaters, the PAB's lowest score) but not for the Index
(1.7.2).  Forbidden pairs (``XXP``, or the options') are absolute, like C1.

Example::

    >>> from chesscore.record.trf import read
    >>> result = pair_burstein(read(text))  # doctest: +SKIP
    >>> result.boards[0]  # doctest: +SKIP
    Board(white=3, black=9)
"""

from __future__ import annotations

from chesscore.record.model import Record

from .. import pair_round
from ..dutch import NoLegalPairing
from ..dutch import pair_dutch
from ..explain import explain_lines
from ..state import InvalidRecord
from ..state import TournamentState
from ..state import state_from_record
from ..types import Board
from ..types import PairingOptions
from ..types import PairingResult
from .brackets import BursteinPairing
from .brackets import pair_after_seeding
from .explain import burstein_explain_lines
from .explain import burstein_reasons
from .index import Index
from .index import index_of_players
from .index import ranking_order

__all__ = [
    "Index",
    "NoLegalPairing",
    "burstein_explanation",
    "pair_burstein",
    "pair_burstein_detailed",
    "pair_burstein_state",
    "seeding_rounds",
]


def seeding_rounds(planned_rounds: int) -> int:
    """1.6: the number of seeding rounds, min(⌊rounds / 2⌋, 4).

    >>> [seeding_rounds(r) for r in (3, 5, 7, 9, 11)]
    [1, 2, 3, 4, 4]
    """
    return min(planned_rounds // 2, 4)


def pair_burstein(record: Record, *, options: PairingOptions | None = None) -> PairingResult:
    """Pair the next round of ``record`` (or ``options.round_to_pair``) by C.04.4.2.

    Raises :class:`NoLegalPairing` when the absolute criteria cannot all be met and
    :class:`InvalidRecord` when the record cannot be paired as it stands (as
    :func:`chesscore.pairing.pair_round`).
    """
    result, _ = pair_burstein_detailed(record, options=options)
    return result


def pair_burstein_detailed(
    record: Record, *, options: PairingOptions | None = None, why: bool = False
) -> tuple[PairingResult, BursteinPairing | None]:
    """:func:`pair_burstein`, with the Burstein procedure's own account of the round.

    The second value is ``None`` for a seeding round (the Dutch engine explains those).
    With ``why``, the account names the criterion that set aside each opponent that came
    before the one taken (a matching apiece: for explanations only).
    """
    options = options or PairingOptions()
    number = options.round_to_pair or record.rounds_played + 1
    if record.planned_rounds is None:
        raise InvalidRecord("the number of planned rounds (XXR / 142) is missing")
    if number <= seeding_rounds(record.planned_rounds):
        return pair_round(record, options=options), None
    if options.soft_criterion is not None:
        raise InvalidRecord("the Burstein system takes no soft criterion after its seeding rounds")
    state = options.state_of(record)
    indexes = index_of_players(state)
    ranking = ranking_order(state, indexes)
    pairing = pair_after_seeding(state, indexes, ranking, why=why)
    result = PairingResult(
        boards=tuple(Board(white=w, black=b) for w, b in pairing.boards),
        bye=pairing.bye,
        explanation=pairing.brackets,
        reasons=burstein_reasons(pairing, indexes),
    )
    return result, pairing


def burstein_explanation(record: Record, *, options: PairingOptions | None = None) -> list[str]:
    """The next round's pairing explained for people (``rookery-pairings --burstein -x``).

    After the seeding rounds: every player's Index in the ranking order of 1.8, the PAB's
    filters of 3.1 and, per bracket, its BSNs and each BSN's choice in Article 4's order.
    A seeding round is explained as the Dutch engine explains it.
    """
    options = options or PairingOptions()
    result, detail = pair_burstein_detailed(record, options=options, why=True)
    if detail is None:
        number = options.round_to_pair or record.rounds_played + 1
        head = f"Seeding round {number} (1.6): paired by the FIDE Dutch system"
        return [head, *explain_lines(result.explanation, result.reasons)]
    state = state_from_record(
        record, options.round_to_pair, pab_exclusions=options.pab_excluded(record)
    )
    indexes = index_of_players(state)
    return burstein_explain_lines(detail, indexes, ranking_order(state, indexes))


def pair_burstein_state(state: TournamentState) -> BursteinPairing:
    """The round of ``state`` by C.04.4.2: the Dutch engine in a seeding round (1.6), else
    Articles 2-5.  For callers that build the state themselves (replays, the generator).
    """
    if state.played_rounds + 1 <= seeding_rounds(state.expected_rounds):
        dutch = pair_dutch(state)
        return BursteinPairing(boards=dutch.boards, bye=dutch.bye, brackets=dutch.brackets)
    indexes = index_of_players(state)
    return pair_after_seeding(state, indexes, ranking_order(state, indexes))
