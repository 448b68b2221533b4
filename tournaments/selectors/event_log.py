"""The event log as its page, its CSV download and the API read it: the filter choices (the
event's sections and players), each entry as lines a person reads, and spreadsheet rows.

The entries themselves come from `tournaments.selectors.log.event_log_list` (two queries
however many there are); everything here adds a fixed number of queries, so the cost of a
page does not grow with the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Section

__all__ = [
    "LOG_CSV_HEADER",
    "LogChoices",
    "LogLine",
    "event_log_choices_get",
    "log_csv_rows",
    "log_lines",
]

# Who did what Rookery did itself (the pairing worker, an import from the command line).
ROOKERY = "Rookery"


@dataclass(frozen=True, slots=True)
class LogChoices:
    """What the log of an event can be filtered by: its sections by name, its players by
    section and starting rank."""

    sections: list[Section]
    players: list[Player]

    @property
    def section_names(self) -> dict[int, str]:
        return {s.pk: s.name for s in self.sections}

    def section_by_slug(self, slug: str) -> Section | None:
        return next((s for s in self.sections if s.slug == slug), None)

    def player_by_pk(self, pk: int) -> Player | None:
        return next((p for p in self.players if p.pk == pk), None)


def event_log_choices_get(*, event: Event) -> LogChoices:
    """The event's sections and players, for the log's filters: one query for the players,
    and one for the sections unless they came with the event (`access.event_visible_get` loads
    them)."""
    sections = sorted(event.sections.all(), key=lambda s: (s.name, s.pk))
    order = {s.pk: index for index, s in enumerate(sections)}
    players = Player.objects.filter(section__event=event).only(
        "pk", "section_id", "starting_rank", "first_name", "last_name"
    )
    return LogChoices(
        sections=sections,
        players=sorted(players, key=lambda p: (order[p.section_id], p.starting_rank)),
    )


@dataclass(frozen=True, slots=True)
class LogLine:
    """One entry as the page shows it: who ("Rookery" when no user), the players it
    concerns, each change as "field: old → new", and the warnings."""

    entry: LogEntry
    who: str
    players: tuple[str, ...]
    changes: tuple[str, ...]
    warnings: tuple[str, ...]


def _value_text(value: Any) -> str:
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value_text(item) for item in value)
    return str(value)


def change_text(field: str, old: Any, new: Any) -> str:
    """``"planned rounds: 5 → 7"``: one change as words."""
    return f"{field.replace('_', ' ')}: {_value_text(old)} → {_value_text(new)}"


_WARNING_KINDS = (("added", "New"), ("resolved", "Resolved"), ("standing", "Standing"))


def _line(entry: LogEntry, section_names: Mapping[int, str], several: bool) -> LogLine:
    players = []
    for p in sorted(entry.players.all(), key=lambda p: (p.section_id, p.starting_rank)):
        where = f"{section_names.get(p.section_id, '')} " if several else ""
        players.append(f"{p.full_name} ({where}No. {p.starting_rank})")
    changes = []
    for field, pair in entry.changes.items():
        old, new = pair if isinstance(pair, list) and len(pair) == 2 else (None, pair)
        changes.append(change_text(field, old, new))
    warnings = [
        f"{label}: {text}" for key, label in _WARNING_KINDS for text in entry.warnings.get(key, [])
    ]
    return LogLine(
        entry=entry,
        who=entry.actor or ROOKERY,
        players=tuple(players),
        changes=tuple(changes),
        warnings=tuple(warnings),
    )


def log_lines(
    entries: Iterable[LogEntry], *, section_names: Mapping[int, str]
) -> Iterator[LogLine]:
    """`entries` (with their players loaded: `event_log_list`) as lines to show, one by one;
    players are named with their section when the event has several."""
    several = len(section_names) > 1
    for entry in entries:
        yield _line(entry, section_names, several)


LOG_CSV_HEADER = [
    "Time", "Section", "Round", "Board", "User", "Action",
    "Description", "Reason", "Changes", "Players",
]  # fmt: skip


def log_csv_rows(lines: Iterable[LogLine]) -> Iterable[list[Any]]:
    """The log as spreadsheet rows: the header, then one row per entry, the time in ISO 8601
    in the site's time zone. The writer makes each cell safe for a spreadsheet
    (`chesscore.record.text.spreadsheet_row`)."""
    yield LOG_CSV_HEADER
    for line in lines:
        e = line.entry
        yield [
            timezone.localtime(e.created_at).isoformat(timespec="seconds"),
            e.section_name,
            e.round_number if e.round_number is not None else "",
            e.board if e.board is not None else "",
            line.who,
            e.action_label,
            e.description,
            e.reason,
            "; ".join(line.changes),
            "; ".join(line.players),
        ]
