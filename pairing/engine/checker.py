"""Replay a recorded tournament: pair every round from the state before it and compare.

This is the arbiter's check (C.04.A endorsement): a round "matches" when the engine makes
the same boards, with the same colours, and gives the same pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Iterator

from tournaments.record.model import Record, ResultCode

from .dutch import NoLegalPairing, pair_dutch
from .state import state_from_record

__all__ = ["check_rounds", "recorded_round"]


def recorded_round(record: Record, number: int) -> tuple[frozenset[tuple[int, int]], int | None]:
    """Boards (white, black) and PAB receiver of round ``number`` as recorded."""
    boards: set[tuple[int, int]] = set()
    bye: int | None = None
    for player in record.players:
        entry = player.entry(number)
        if entry.opponent is not None:
            if entry.colour.value == "w":
                boards.add((player.rank, entry.opponent))
            elif entry.colour.value == "b":
                boards.add((entry.opponent, player.rank))
            else:
                boards.add((min(player.rank, entry.opponent), max(player.rank, entry.opponent)))
        elif entry.result is ResultCode.PAIRING_ALLOCATED_BYE:
            bye = player.rank
    return frozenset(boards), bye


def _participants(record: Record, number: int) -> frozenset[int]:
    return frozenset(
        p.rank
        for p in record.players
        if p.entry(number).opponent is not None
        or p.entry(number).result is ResultCode.PAIRING_ALLOCATED_BYE
    )


def check_rounds(record: Record) -> Iterator[tuple[int, str | None]]:
    """For each recorded round: ``(number, None)`` when it matches, else a description."""
    last = record.rounds_played
    planned = record.planned_rounds if record.planned_rounds is not None else last
    for number in range(1, last + 1):
        expected_boards, expected_bye = recorded_round(record, number)
        state = state_from_record(
            record,
            number,
            pab_exclusions=frozenset(record.pab_exclusions),
            present=_participants(record, number),
            planned_rounds=max(planned, number),
        )
        try:
            result = pair_dutch(state)
        except NoLegalPairing as error:
            yield number, f"no legal pairing ({error.reason})"
            continue
        boards = frozenset(result.boards)
        if boards == expected_boards and result.bye == expected_bye:
            yield number, None
            continue
        missing = sorted(expected_boards - boards)
        extra = sorted(boards - expected_boards)
        parts = []
        if missing:
            parts.append("recorded " + ", ".join(f"{w}-{b}" for w, b in missing))
        if extra:
            parts.append("engine " + ", ".join(f"{w}-{b}" for w, b in extra))
        if result.bye != expected_bye:
            parts.append(f"bye recorded {expected_bye}, engine {result.bye}")
        yield number, "; ".join(parts)
