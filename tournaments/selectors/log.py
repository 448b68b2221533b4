"""Reading an event's log: every intervention, newest first, filtered by section, round or
player; and who last changed one board or one round (for the refusal of a stale write)."""

from __future__ import annotations

from typing import TypedDict

from django.db.models import QuerySet

from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Section

__all__ = ["LogFilters", "event_log_list", "log_last_get", "round_log_list"]


class LogFilters(TypedDict):
    """The filters of `event_log_list`, as the log page and the API read them."""

    section: Section | None
    round_number: int | None
    player: Player | None


def event_log_list(
    *,
    event: Event,
    section: Section | None = None,
    round_number: int | None = None,
    player: Player | None = None,
) -> QuerySet[LogEntry]:
    """The log of `event`, newest first, with users and players loaded (two queries when
    evaluated, whatever the number of entries). `round_number` applies within `section`
    when one is given, else to every section's round of that number."""
    entries = LogEntry.objects.filter(event=event)
    if section is not None:
        entries = entries.filter(section=section)
    if round_number is not None:
        entries = entries.filter(round_number=round_number)
    if player is not None:
        entries = entries.filter(players=player)
    return entries.select_related("user", "section").prefetch_related("players")


def round_log_list(*, section: Section, number: int) -> QuerySet[LogEntry]:
    """The entries of one round of `section`, newest first (one query)."""
    return LogEntry.objects.filter(section=section, round_number=number).select_related("user")


def log_last_get(
    *, section: Section | int, round_number: int, board: int | None = None
) -> LogEntry | None:
    """The newest entry about round `round_number` of `section` (about its board `board`
    when given), or None: who changed it last, and when."""
    section_id = section if isinstance(section, int) else section.pk
    entries = LogEntry.objects.filter(section_id=section_id, round_number=round_number)
    if board is not None:
        entries = entries.filter(board=board)
    return entries.order_by("-created_at", "-pk").first()
