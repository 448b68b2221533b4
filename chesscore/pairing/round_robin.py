"""Berger tables for round robins (FIDE C.05, Annex 1).

A field of ``n`` players (``n`` even) plays ``n - 1`` rounds.  Players ``1..n-1`` turn
around player ``n``, who stays put: in round ``r`` the players ``a`` and ``b`` below ``n``
meet when ``a + b ≡ r + 1 (mod n - 1)``, and player ``n`` meets the one player ``p`` with
``2p ≡ r + 1``.  Player ``n`` has Black in odd rounds and White in even ones; on the other
boards White goes to the player at the head of the round's run of ``n/2 - 1`` consecutive
numbers, which starts at ``2 + (r - 1)·n/2 (mod n - 1)``.  This reproduces the printed
tables exactly, board order included (Annex 1, 3-4 to 13-14 players).

With an odd number of players the highest number is a free player: whoever meets it has
no game that round.  A double round robin repeats the cycle with colours reversed; as the
Annex recommends, the last two rounds of the first cycle are swapped so that nobody gets
the same colour three times in a row across the two cycles.

Example (8 players, round 2: ``8-5, 6-4, 7-3, 1-2``)::

    >>> berger_round(8, 2).boards
    ((8, 5), (6, 4), (7, 3), (1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BergerRound", "berger_round", "berger_rounds", "berger_table"]


@dataclass(frozen=True, slots=True)
class BergerRound:
    """One round of a Berger table: ``(white, black)`` starting numbers per board.

    ``free`` is the player without a game (odd fields only), otherwise ``None``.
    """

    number: int
    boards: tuple[tuple[int, int], ...]
    free: int | None = None


def berger_rounds(players: int, *, double: bool = False) -> int:
    """Number of rounds of a (double) round robin for ``players`` players.

    >>> berger_rounds(7), berger_rounds(8, double=True)
    (7, 14)
    """
    _check_field(players)
    cycle = players - 1 if players % 2 == 0 else players
    return 2 * cycle if double else cycle


def berger_round(players: int, round_number: int, *, double: bool = False) -> BergerRound:
    """Round ``round_number`` of the Berger table for ``players`` players (C.05 Annex 1).

    Raises ``ValueError`` for fewer than two players or a round outside the table.

    >>> berger_round(5, 1)
    BergerRound(number=1, boards=((2, 5), (3, 4)), free=1)
    """
    total = berger_rounds(players, double=double)
    if not 1 <= round_number <= total:
        raise ValueError(f"round {round_number} is outside 1..{total} for {players} players")
    size = players + players % 2
    cycle = size - 1
    second_cycle = round_number > cycle
    in_cycle = round_number - cycle if second_cycle else round_number
    if double and not second_cycle and cycle >= 3 and in_cycle >= cycle - 1:
        # Annex 1: swap the last two rounds of the first cycle in a double round robin.
        in_cycle = 2 * cycle - 1 - in_cycle
    boards = _single_round(size, in_cycle)
    if second_cycle:
        boards = tuple((black, white) for white, black in boards)
    free: int | None = None
    if size != players:
        free = next(w if b == size else b for w, b in boards if size in (w, b))
        boards = tuple(board for board in boards if size not in board)
    return BergerRound(number=round_number, boards=boards, free=free)


def berger_table(players: int, *, double: bool = False) -> tuple[BergerRound, ...]:
    """Every round of the (double) Berger table for ``players`` players.

    Complexity: O(n²) for n players.

    >>> [r.boards[0] for r in berger_table(4)]
    [(1, 4), (4, 3), (2, 4)]
    """
    return tuple(
        berger_round(players, number, double=double)
        for number in range(1, berger_rounds(players, double=double) + 1)
    )


def _check_field(players: int) -> None:
    if players < 2:
        raise ValueError(f"a round robin needs at least two players, not {players}")


def _single_round(size: int, number: int) -> tuple[tuple[int, int], ...]:
    """Boards of round ``number`` (1..size-1) of the single table for an even ``size``."""
    cycle = size - 1

    def wrap(value: int) -> int:
        # Residues are 1..cycle, not 0..cycle-1: the players are numbered from 1.
        return (value - 1) % cycle + 1

    target = wrap(number + 1)
    fixed_opponent = next(p for p in range(1, size) if wrap(2 * p) == target)
    first = (fixed_opponent, size) if number % 2 == 1 else (size, fixed_opponent)
    start = wrap(2 + (number - 1) * (size // 2))
    boards = [first]
    for offset in range(size // 2 - 1):
        white = wrap(start + offset)
        boards.append((white, wrap(target - white)))
    return tuple(boards)
