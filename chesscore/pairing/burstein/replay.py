"""Replay a Burstein tournament: pair every recorded round again and compare (``-c``).

As :mod:`..checker` does for the Dutch system: a round matches when the engine makes the
same boards, with the same colours, and gives the same pairing-allocated bye.  The players
of a round are those it paired (games, forfeits included, and the PAB).
"""

from __future__ import annotations

from collections.abc import Iterator

from chesscore.record.model import Record

from ..replay import replay_rounds
from ..replay import replay_state
from . import pair_burstein_state
from .brackets import BursteinPairing

__all__ = ["check_burstein_rounds"]


def check_burstein_rounds(record: Record) -> Iterator[tuple[int, str | None]]:
    """For each recorded round: ``(number, None)`` when it matches, else what differs."""

    def pair(record: Record, number: int, planned: int) -> BursteinPairing:
        return pair_burstein_state(replay_state(record, number, planned))

    return replay_rounds(record, pair)
