"""Article 4's order of candidate pairings of a bracket (C.04.4.2 4.1-4.3).

The players of a bracket are numbered 1..n by the ranking of 1.8 (their BSN) and as many
virtual players numbered 0 are added as the bracket has outgoing floaters (4.2): whoever
meets a 0 floats.  Two candidates compare by the opponent of BSN 1, the larger first (so a 0,
floating, comes last), then by the opponent of BSN 2, and so on (4.3).

This module spells the order out by enumeration.  The engine never enumerates (there are
(n-1)!! candidates and more); it builds the first optimal candidate directly, one BSN at a
time in this very order (:mod:`.brackets`).  The generator is the executable statement of
the rule that both are checked against.

Example (4.3, six players, two pairs and two floaters; 45 candidates)::

    >>> candidates = list(candidate_order(6, 2))
    >>> candidates[0], candidates[-1], len(candidates)
    (((1, 6), (2, 5), (3, 0), (4, 0)), ((1, 0), (2, 0), (3, 4), (5, 6)), 45)
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["Candidate", "candidate_order"]

Candidate = tuple[tuple[int, int], ...]
"""Pairs ``(bsn, opponent)`` by increasing ``bsn``; ``opponent`` 0 is a float."""


def candidate_order(players: int, floaters: int) -> Iterator[Candidate]:
    """Every candidate pairing of ``players`` BSNs with ``floaters`` virtual 0s, in 4.3's order.

    The lowest BSN not yet given an opponent is given one, higher BSNs in descending order
    first, a 0 last.  Raises :class:`ValueError` when the floaters cannot leave an even
    number of players to pair.
    """
    if floaters < 0 or floaters > players or (players - floaters) % 2:
        raise ValueError(f"{players} players cannot leave {floaters} floaters")
    yield from _extend((), tuple(range(1, players + 1)), floaters)


def _extend(chosen: Candidate, free: tuple[int, ...], zeros: int) -> Iterator[Candidate]:
    if not free:
        yield chosen
        return
    lowest, rest = free[0], free[1:]
    # (players left - zeros left) stays even, so only the count needs checking: pairing
    # ``lowest`` must leave at least as many players as there are zeros to meet them.
    if len(rest) - 1 >= zeros:
        for opponent in reversed(rest):
            remaining = tuple(b for b in rest if b != opponent)
            yield from _extend((*chosen, (lowest, opponent)), remaining, zeros)
    if zeros:
        yield from _extend((*chosen, (lowest, 0)), rest, zeros - 1)
