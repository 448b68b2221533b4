"""No silent overwrite: a change names the version of the game or round it was made on.

Two arbiters at two tables may change the same board. Every game and every round carries a
version that goes up with each change (`Game.version`, `Round.version`); a result, a
correction or a hand edit names the version its sender saw, and a stale one is refused with
who changed it meanwhile, when, and what it is now (`StaleWrite`, 409), so the page can show
the current value instead of overwriting it unseen.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from common.exceptions import StateError
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.selectors.log import log_last_get

__all__ = ["StaleWrite", "game_version_bump", "game_version_check", "round_version_check"]


class StaleWrite(StateError):
    """What was changed is no longer what the sender saw. `current` holds what it is now."""

    code = "stale"

    def __init__(self, message: str, *, current: dict[str, Any], field: str | None = None):
        super().__init__(message, field=field)
        self.current = current

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "current": self.current}


def _by_whom(entry: LogEntry | None) -> str:
    if entry is None:
        return ""
    when = timezone.localtime(entry.created_at).strftime("%H:%M on %d %b")
    return f" by {entry.actor or 'Rookery'} at {when}"


def game_version_check(game: Game, version: int) -> None:
    """Raise `StaleWrite` unless `version` is the game's version. Call with the section
    locked and `game` (with its round) read after the lock."""
    if version == game.version:
        return
    last = log_last_get(
        section=game.round.section_id, round_number=game.round.number, board=game.board
    )
    now = GameResult(game.result).label if game.result else "no result"
    raise StaleWrite(
        f"Board {game.board} of round {game.round.number} was changed meanwhile"
        f"{_by_whom(last)}: it is now {now}. Nothing was saved.",
        current={"id": game.pk, "result": game.result, "version": game.version},
        field="version",
    )


def game_version_bump(game: Game, *fields: str) -> None:
    """Save `fields` of `game` with its version one up."""
    game.version += 1
    game.save(update_fields=[*fields, "version", "updated_at"])


def round_version_check(rnd: Round, version: int) -> None:
    """Raise `StaleWrite` unless `version` is the round's version. Call with the section
    locked and `rnd` read after the lock."""
    if version == rnd.version:
        return
    last = log_last_get(section=rnd.section_id, round_number=rnd.number)
    what = f" ({last.description})" if last is not None else ""
    raise StaleWrite(
        f"Round {rnd.number} was changed meanwhile{_by_whom(last)}{what}. Nothing was saved: "
        "look at the round as it is now.",
        current={"round": rnd.number, "status": rnd.status, "version": rnd.version},
        field="version",
    )
