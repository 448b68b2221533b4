"""Replay a Burstein tournament: pair every recorded round again and compare (``-c``).

As :mod:`..checker` does for the Dutch system: a round matches when the engine makes the
same boards, with the same colours, and gives the same pairing-allocated bye.  The players
of a round are those it paired (games, forfeits included, and the PAB).
"""

from __future__ import annotations

from collections.abc import Iterator

from tournaments.record.model import Record, ResultCode

from ..checker import recorded_round
from ..dutch import NoLegalPairing
from ..state import state_from_record
from . import pair_burstein_state, with_acceleration_code

__all__ = ["check_burstein_rounds"]


def check_burstein_rounds(record: Record) -> Iterator[tuple[int, str | None]]:
    """For each recorded round: ``(number, None)`` when it matches, else what differs."""
    record = with_acceleration_code(record)
    last = record.rounds_played
    planned = record.planned_rounds if record.planned_rounds is not None else last
    for number in range(1, last + 1):
        expected_boards, expected_bye = recorded_round(record, number)
        present = frozenset(
            p.rank
            for p in record.players
            if p.entry(number).opponent is not None
            or p.entry(number).result is ResultCode.PAIRING_ALLOCATED_BYE
        )
        state = state_from_record(
            record,
            number,
            pab_exclusions=frozenset(record.pab_exclusions),
            present=present,
            planned_rounds=max(planned, number),
        )
        try:
            pairing = pair_burstein_state(state)
        except NoLegalPairing as error:
            yield number, f"no legal pairing ({error.reason})"
            continue
        boards = frozenset(pairing.boards)
        if boards == expected_boards and pairing.bye == expected_bye:
            yield number, None
            continue
        parts = []
        missing = sorted(expected_boards - boards)
        extra = sorted(boards - expected_boards)
        if missing:
            parts.append("recorded " + ", ".join(f"{w}-{b}" for w, b in missing))
        if extra:
            parts.append("engine " + ", ".join(f"{w}-{b}" for w, b in extra))
        if pairing.bye != expected_bye:
            parts.append(f"bye recorded {expected_bye}, engine {pairing.bye}")
        yield number, "; ".join(parts)
