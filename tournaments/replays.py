"""Would a round in play be paired otherwise today? Asked by the tournament layer, answered
by the pairing app.

A correction made here (a player reinstated after rounds were paired without them, a rating
corrected) may change what the engine would give for the round in play; the page that made
it says so, as a result corrected does (C.04.2 4.3, 4.4). The engines belong to the pairing
app, a layer above this one, so the pairing app registers the replay when Django starts
(`replayer_register`), as it registers its systems (`chesscore.systems`).
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments.models import Section

__all__ = ["Replayer", "replayer_register", "rounds_in_play_replay"]

Replayer = Callable[[Section, int], list[tuple[bool, str]]]
"""Given a section and a round number, replays the rounds in play after it: for each, whether
it would be paired the same, and a sentence saying so."""

_replayers: list[Replayer] = []


def replayer_register(replayer: Replayer) -> None:
    """Make `replayer` the one that answers (the pairing app's, registered once)."""
    _replayers[:] = [replayer]


def rounds_in_play_replay(*, section: Section, after: int) -> list[tuple[bool, str]]:
    """Replay the rounds of `section` in play after round `after`: (same, sentence) each;
    nothing when no round is in play after it, or no replayer is registered."""
    if not _replayers:
        return []
    return _replayers[0](section, after)
