"""Writing an event's log: one entry per intervention, in the transaction of the change.

Every service that changes an event (its settings, sections, players, rounds, results) calls
`log_write` before it returns, inside its own transaction: the entry is committed with the
change or not at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

from common.types import AnyUser
from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Section

__all__ = ["log_write"]


def log_write(
    subject: Event | Section | int,
    actor: AnyUser | None,
    action: str,
    description: str,
    *,
    round_number: int | None = None,
    board: int | None = None,
    players: Iterable[Player | int] = (),
    reason: str = "",
    changes: Mapping[str, Any] | None = None,
    warnings: Mapping[str, list[str]] | None = None,
) -> LogEntry:
    """Write one entry of the event's log about `subject`: an event (or its id), or a
    section, which the entry then names (in the log of its event).

    `actor` is who acted (``None`` or an anonymous user: Rookery itself, such as the worker
    that finished a pairing), named in the log and nothing more: the caller checked what
    they may do; `action` a `LogAction` value; `description` one sentence a person reads;
    `players` the players the entry concerns (instances or ids), so that the log can be
    filtered by player; `changes` what changed, ``{"field": [old, new]}``; `reason` why, as
    the user gave it. Call inside the transaction of the change.
    """
    if isinstance(subject, Section):
        section, event_id = subject, subject.event_id
    else:
        section, event_id = None, subject if isinstance(subject, int) else subject.pk
    acting = actor if actor is not None and actor.is_authenticated else None
    entry = LogEntry.objects.create(
        event_id=event_id,
        section=section,
        section_name=section.name if section is not None else "",
        round_number=round_number,
        board=board,
        user=acting,
        actor=acting.get_username() if acting is not None else "",
        action=str(action),
        description=description,
        reason=reason.strip(),
        changes=dict(changes or {}),
        warnings={key: list(value) for key, value in (warnings or {}).items()},
    )
    ids = {p if isinstance(p, int) else p.pk for p in players}
    if ids:
        entry.players.add(*sorted(ids))
    return entry
