"""Replay a recorded tournament: pair every round from the state before it and compare.

This is the arbiter's check (C.04.A endorsement): a round "matches" when the engine makes
the same boards, with the same colours, and gives the same pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from typing import Protocol

from chesscore.record.model import Record
from chesscore.record.model import ResultCode

from .constraints import GroupKind
from .constraints import lowest_priority_criterion
from .constraints import protected_separations
from .constraints import recorded_soft_groups
from .constraints import same_fide_shape
from .dutch import DutchPairing
from .dutch import NoLegalPairing
from .dutch import pair_dutch
from .state import TournamentState
from .state import state_from_record

__all__ = ["check_rounds", "recorded_round", "replay_rounds", "replay_state", "soft_rounds"]


class PairedRound(Protocol):
    """What a replay compares: boards as (white, black) ranks and the PAB receiver."""

    @property
    def boards(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def bye(self) -> int | None: ...


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


def soft_rounds(record: Record) -> frozenset[int]:
    """Rounds the record says were paired with soft prohibited groups (not pure FIDE)."""
    return frozenset(
        number
        for number in range(1, record.rounds_played + 1)
        if recorded_soft_groups(record, number)[0]
    )


def _pair_recorded(
    record: Record, number: int, state: TournamentState, planned: int
) -> DutchPairing:
    """Pair round ``number`` as it was paired: with the soft groups the record gives for
    it, the protected members kept apart and lowest-priority groups as the last criterion."""
    groups, released = recorded_soft_groups(record, number)
    separations = protected_separations(groups, released)
    for a, b in separations:
        state.forbidden[a].add(b)
        state.forbidden[b].add(a)
    result = pair_dutch(state)
    lowest = [g for g in groups if g.kind is GroupKind.SOFT_LOWEST]
    if not lowest:
        return result
    again = replay_state(record, number, planned)
    for a, b in separations:
        again.forbidden[a].add(b)
        again.forbidden[b].add(a)
    softened = pair_dutch(again, lowest_priority_criterion(result.brackets, lowest))
    if same_fide_shape(result.bye, result.brackets, softened.bye, softened.brackets):
        return softened
    return result


def replay_state(record: Record, number: int, planned: int) -> TournamentState:
    """The state before round ``number`` with the players that round paired (games,
    forfeits included, and the PAB), as every replay starts from."""
    return state_from_record(
        record,
        number,
        pab_exclusions=frozenset(record.pab_exclusions),
        present=_participants(record, number),
        planned_rounds=max(planned, number),
    )


def replay_rounds(
    record: Record, pair: Callable[[Record, int, int], PairedRound]
) -> Iterator[tuple[int, str | None]]:
    """For each recorded round: ``(number, None)`` when ``pair(record, number, planned)``
    gives it again, else what differs (boards with their colours, and the PAB)."""
    last = record.rounds_played
    planned = record.planned_rounds if record.planned_rounds is not None else last
    for number in range(1, last + 1):
        expected_boards, expected_bye = recorded_round(record, number)
        try:
            result = pair(record, number, planned)
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


def check_rounds(record: Record) -> Iterator[tuple[int, str | None]]:
    """For each recorded round: ``(number, None)`` when it matches, else a description."""

    def pair(record: Record, number: int, planned: int) -> DutchPairing:
        return _pair_recorded(record, number, replay_state(record, number, planned), planned)

    return replay_rounds(record, pair)
