"""The rules every Swiss system keeps (C.04.1), checked on a pairing however it was made.

Where :mod:`.checker` replays a recorded round to see whether the engine makes it again,
this module takes any pairing of one round (a draft changed by hand, a list written by
another program) and says which of the basic rules it breaks:

- a rematch of a game played over the board (Art. 2; a forfeit is no meeting, C.04.2
  Art. 3.5), or a pair the tournament forbids (``XXP``, TRF-2026 ``260``);
- more than one pairing-allocated bye (Art. 3);
- the bye for a player who already had it, or who already scored a win's points without
  playing: a forfeit win or a full-point bye (Art. 4);
- a colour difference beyond two (Art. 6), or the same colour three rounds running
  (Art. 7), both read from the games actually played (C.04.2 Art. 3.4).

Nothing here refuses a pairing: the warnings are for the person who made it.

Example (1 and 2 met in round 1; pairing them again in round 2)::

    >>> from chesscore.record.model import Colour, Player, Record, ResultCode, RoundEntry
    >>> record = Record(players=(
    ...     Player(rank=1, rounds=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),)),
    ...     Player(rank=2, rounds=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),)),
    ... ))
    >>> [w.text for w in pairing_warnings(
    ...     record, round_number=2, boards=[(2, 1)], pairing_allocated_byes=[]
    ... )]
    ['Board 1: 2 and 1 have already played each other.']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from chesscore.record.model import Colour
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry

__all__ = ["PairingWarning", "Rule", "pairing_warnings"]


class Rule(enum.Enum):
    """A rule a pairing can break; :attr:`article` says where it is written."""

    REMATCH = "rematch"
    FORBIDDEN_PAIRING = "forbidden-pairing"
    COLOUR_STREAK = "colour-streak"
    COLOUR_DIFFERENCE = "colour-difference"
    BYE_COUNT = "bye-count"
    BYE_ELIGIBILITY = "bye-eligibility"

    @property
    def article(self) -> str:
        """The article stating the rule, e.g. ``C.04.1 Art. 2``."""
        return _ARTICLES[self]


_ARTICLES = {
    Rule.REMATCH: "C.04.1 Art. 2",
    Rule.FORBIDDEN_PAIRING: "tournament rules (XXP, TRF-2026 260)",
    Rule.COLOUR_STREAK: "C.04.1 Art. 7",
    Rule.COLOUR_DIFFERENCE: "C.04.1 Art. 6",
    Rule.BYE_COUNT: "C.04.1 Art. 3",
    Rule.BYE_ELIGIBILITY: "C.04.1 Art. 4",
}

# What an earlier round's result says about the PAB now (C.04.1 Art. 4).
_EARLIER_BYE = {
    ResultCode.PAIRING_ALLOCATED_BYE: "the pairing-allocated bye",
    ResultCode.FORFEIT_WIN: "a win by forfeit",
    ResultCode.FULL_POINT_BYE: "a full-point bye",
}


@dataclass(frozen=True, slots=True)
class PairingWarning:
    """One board or bye breaking one rule.

    ``board`` is the board number (``None`` for a warning about the byes), ``ranks`` the
    starting ranks concerned: both players of a board, the one player of a colour or bye
    warning, every receiver for too many byes. ``text`` is the sentence shown to people,
    ``Board 3: …`` or ``Bye: …``.
    """

    rule: Rule
    board: int | None
    ranks: tuple[int, ...]
    text: str

    @property
    def article(self) -> str:
        """The article of the rule broken (:attr:`Rule.article`)."""
        return self.rule.article

    @property
    def without_board(self) -> str:
        """``text`` without its ``Board N: `` head, which changes when boards are
        renumbered: the same warning before and after a change of other boards."""
        if self.board is None:
            return self.text
        return self.text.removeprefix(f"Board {self.board}: ")


def pairing_warnings(
    record: Record,
    *,
    round_number: int,
    boards: Sequence[tuple[int, int]],
    pairing_allocated_byes: Sequence[int],
    board_numbers: Sequence[int] | None = None,
) -> tuple[PairingWarning, ...]:
    """Every board and bye of round ``round_number`` that breaks a basic rule (C.04.1).

    ``boards`` are ``(white, black)`` starting ranks, numbered 1, 2, … in the order given
    unless ``board_numbers`` gives each its number (a team round's boards follow its matches
    and may leave gaps); ``pairing_allocated_byes`` are the players given the PAB. Only
    rounds before ``round_number`` of ``record`` are read, so the round itself may already
    be in it.

    The warnings come board by board: a rematch of a game played over the board (Art. 2),
    a forbidden pairing applying to the round, then White's and Black's colours, each the
    same colour a third time running (Art. 7) before a colour difference beyond two
    (Art. 6). The byes follow: more than one PAB (Art. 3), then, receiver by receiver in
    starting-rank order and round by round, an earlier PAB, forfeit win or full-point bye
    (Art. 4). A player missing from the record has no history, so no rematch, colour or
    bye-eligibility warning.

    Raises ``ValueError`` if ``round_number`` is below 1, or if ``board_numbers`` does not
    number every board.

    >>> pairing_warnings(Record(), round_number=1, boards=[(1, 2)], pairing_allocated_byes=[])
    ()
    """
    if round_number < 1:
        raise ValueError(f"round numbers start at 1, not {round_number}")
    numbers = range(1, len(boards) + 1) if board_numbers is None else board_numbers
    if len(numbers) != len(boards):
        raise ValueError(f"{len(numbers)} board numbers for {len(boards)} boards")
    found: list[PairingWarning] = []
    for board, (white, black) in zip(numbers, boards, strict=True):
        found.extend(_board_warnings(record, round_number, board, white, black))
    found.extend(_bye_warnings(record, round_number, sorted(pairing_allocated_byes)))
    return tuple(found)


def _board_warnings(
    record: Record, number: int, board: int, white: int, black: int
) -> list[PairingWarning]:
    found = []
    if white in {e.opponent for e in _played(record, black, number)}:
        text = f"Board {board}: {white} and {black} have already played each other."
        found.append(PairingWarning(Rule.REMATCH, board, (white, black), text))
    if any(
        rule.applies_to(number) and {white, black} <= set(rule.ranks)
        for rule in record.forbidden_pairings
    ):
        text = f"Board {board}: {white} and {black} may not be paired together."
        found.append(PairingWarning(Rule.FORBIDDEN_PAIRING, board, (white, black), text))
    for rank, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        found.extend(_colour_warnings(record, number, board, rank, colour))
    return found


def _colour_warnings(
    record: Record, number: int, board: int, rank: int, colour: Colour
) -> list[PairingWarning]:
    """Art. 7, then Art. 6, for ``rank`` getting ``colour``; only played games count."""
    history = [e.colour for e in _played(record, rank, number) if e.colour is not Colour.NONE]
    name = "White" if colour is Colour.WHITE else "Black"
    found = []
    if history[-2:] == [colour, colour]:
        text = f"Board {board}: {rank} gets {name} a third time running."
        found.append(PairingWarning(Rule.COLOUR_STREAK, board, (rank,), text))
    balance = sum(1 if c is Colour.WHITE else -1 for c in [*history, colour])
    if abs(balance) > 2:
        text = f"Board {board}: {rank} would have {abs(balance)} more {name} than the other."
        found.append(PairingWarning(Rule.COLOUR_DIFFERENCE, board, (rank,), text))
    return found


def _bye_warnings(record: Record, number: int, ranks: list[int]) -> list[PairingWarning]:
    found = []
    if len(ranks) > 1:
        listed = ", ".join(map(str, ranks))
        text = f"Bye: {len(ranks)} pairing-allocated byes ({listed}); one at most."
        found.append(PairingWarning(Rule.BYE_COUNT, None, tuple(ranks), text))
    for rank in ranks:
        if not record.has_player(rank):
            continue
        for earlier, entry in enumerate(record.player(rank).rounds[: number - 1], start=1):
            if entry.result in _EARLIER_BYE:
                text = f"Bye: {rank} already had {_EARLIER_BYE[entry.result]} in round {earlier}."
                found.append(PairingWarning(Rule.BYE_ELIGIBILITY, None, (rank,), text))
    return found


def _played(record: Record, rank: int, number: int) -> list[RoundEntry]:
    """The games ``rank`` played over the board before round ``number``."""
    if not record.has_player(rank):
        return []
    return [e for e in record.player(rank).rounds[: number - 1] if e.is_played_game]
