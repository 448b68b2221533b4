"""The timetable: when each round of a section starts, on the venue's clock."""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.models import Event
from tournaments.models import RoundTime
from tournaments.models import Section

__all__ = ["ScheduleLine", "event_zone", "round_times_get", "schedule_get", "section_round_dates"]


def event_zone(event: Event) -> zoneinfo.ZoneInfo:
    """The event's time zone; UTC when the stored name is not one (an older row)."""
    try:
        return zoneinfo.ZoneInfo(event.time_zone)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        return zoneinfo.ZoneInfo("UTC")


def _local(times: Iterable[RoundTime], zone: zoneinfo.ZoneInfo) -> dict[int, datetime.datetime]:
    return {t.number: t.starts_at.astimezone(zone) for t in times}


def round_times_get(*, section: Section) -> dict[int, datetime.datetime]:
    """Round number → start, in the event's time zone (one query; the section comes with
    its event). Rounds with no time set are absent."""
    return _local(section.round_times.all(), event_zone(section.event))


@dataclass(frozen=True, slots=True)
class ScheduleLine:
    number: int
    starts_at: datetime.datetime | None
    """In the event's time zone; None when not set."""


def schedule_get(*, section: Section) -> list[ScheduleLine]:
    """A line per planned round (and per later round that has a time), in order (one
    query)."""
    times = round_times_get(section=section)
    last = max([section.planned_rounds, *times])
    return [ScheduleLine(n, times.get(n)) for n in range(1, last + 1)]


def section_round_dates(
    *, section: Section, kept: tuple[datetime.date | None, ...] | None = None
) -> tuple[datetime.date | None, ...]:
    """The dates of TRF record 132: the schedule's local date where a round has a time,
    else the date `kept` from an imported file (None: the section was not imported). A
    section of Rookery's own in an event held on one day (its start and end dates the
    same) plays every planned round that day: its rounds without a time take it (one
    query)."""
    times = round_times_get(section=section)
    event = section.event
    day = None
    if kept is None and event.start_date and event.start_date == event.end_date:
        day = event.start_date
    kept = kept or ()
    planned = section.planned_rounds if day else 0
    last = max([len(kept), planned, *times], default=0)
    dates = [
        times[n].date() if n in times else ((kept[n - 1] if n <= len(kept) else None) or day)
        for n in range(1, last + 1)
    ]
    while dates and dates[-1] is None:
        dates.pop()
    return tuple(dates)
