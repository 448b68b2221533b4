"""Small Burstein histories written as text, for tests worked out by hand.

A round is a comma-separated list of games ``"white-black result"`` (result ``1``, ``=``,
``0`` from White's side, or ``+``/``-`` for a forfeit won or lost by White) and byes
``"rank CODE"`` (``U`` the PAB, ``H``, ``F``, ``Z``).  A player missing from a round has
a blank entry for it.

    >>> record = history_record(3, ["1-2 1, 3 U"], planned=5)
    >>> record.player(2).rounds[0].result
    <ResultCode.LOSS: '0'>
"""

from __future__ import annotations

from chesscore.record.model import Colour
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry

__all__ = ["history_record"]

_WHITE_RESULT = {
    "1": (ResultCode.WIN, ResultCode.LOSS),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "0": (ResultCode.LOSS, ResultCode.WIN),
    "+": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}


def history_record(
    players: int,
    rounds: list[str],
    *,
    planned: int,
    forbidden: tuple[tuple[int, int], ...] = (),
    next_round_byes: dict[int, str] | None = None,
    initial_colour: Colour | None = None,
) -> Record:
    """A record of ``players`` players (ranks 1…n) after ``rounds``, ``planned`` in all.

    ``next_round_byes`` enters byes for the round to pair (rank → ``H``/``Z``/``F``).
    """
    entries: dict[int, list[RoundEntry]] = {r: [] for r in range(1, players + 1)}
    for number, text in enumerate(rounds, start=1):
        for item in filter(None, (part.strip() for part in text.split(","))):
            _enter(entries, item)
        for rank, column in entries.items():
            if len(column) < number:
                column.append(RoundEntry())
            if len(column) != number:
                raise ValueError(f"round {number}: player {rank} appears twice")
    for rank, code in (next_round_byes or {}).items():
        entries[rank].append(RoundEntry(None, Colour.NONE, ResultCode(code)))
    return Record(
        players=tuple(
            Player(rank=r, name=f"Player {r}", rounds=tuple(entries[r])) for r in entries
        ),
        planned_rounds=planned,
        initial_colour=initial_colour,
        forbidden_pairings=tuple(ForbiddenPairing(pair) for pair in forbidden),
    )


def _enter(entries: dict[int, list[RoundEntry]], item: str) -> None:
    left, code = item.split()
    if "-" in left:
        white, black = (int(x) for x in left.split("-"))
        white_code, black_code = _WHITE_RESULT[code]
        entries[white].append(RoundEntry(black, Colour.WHITE, white_code))
        entries[black].append(RoundEntry(white, Colour.BLACK, black_code))
    else:
        entries[int(left)].append(RoundEntry(None, Colour.NONE, ResultCode(code)))
