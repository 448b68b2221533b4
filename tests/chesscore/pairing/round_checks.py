"""What every generated Swiss round must satisfy, whatever the system: one board per
player, the PAB to someone not playing, no rematch of a played game (C1)."""

from __future__ import annotations

from chesscore.pairing.replay import recorded_round
from chesscore.pairing.state import TournamentState
from chesscore.pairing.state import state_from_record
from chesscore.record.model import Record


def checked_round(
    record: Record, number: int
) -> tuple[frozenset[tuple[int, int]], int | None, TournamentState]:
    """Round ``number``'s boards and PAB, asserted as above, and the state before it with
    the players it paired (for the system's own colour and bye checks)."""
    boards, bye = recorded_round(record, number)
    paired = [p for b in boards for p in b]
    assert len(paired) == len(set(paired)), "someone has two boards"
    assert bye is None or bye not in paired
    for white, black in boards:
        earlier = record.player(white).rounds[: number - 1]
        assert all(e.opponent != black or not e.is_played_game for e in earlier), "rematch"
    present = frozenset(paired) | ({bye} if bye is not None else frozenset())
    return boards, bye, state_from_record(record, number, present=present)
