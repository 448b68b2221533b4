"""The backup file of an event: what it holds, what it leaves out and why, and how a value
of each kind of column is written and read back.

A backup is one JSON document, UTF-8, indented, ending with a newline::

    {
      "format": "rookery-event",
      "version": 1,
      "event": {"name": ..., "slug": ..., ...the event's settings},
      "sections": [
        {...the section's settings,
         "players": [{...every column, "bye_requests": [...], "bye_exclusions": [...]}],
         "prohibited_groups": [{..., "members": [starting ranks], "forbidden_order": ...}],
         "teams": [{..., "members": [{"board_order": 1, "player": 7}, ...]}],
         "round_times": [{"number": 1, "starts_at": ...}],
         "rounds": [{..., "games": [...], "byes": [...], "team_matches": [...],
                     "team_byes": [...]}],
         "pairing_runs": [...]}
      ],
      "log": [{"created_at": ..., "actor": ..., "action": ..., "section": "open",
               "players": [["open", 4]], ...}]
    }

No database id appears in it: a section is named by its slug, a player by starting rank
within the section (by ``[section slug, starting rank]`` in the log), a round by number, a
game by board, a team by its starting rank. Site accounts are not event data: the event's
organisers and arbiters and the teams' captains are left out (the restoring user organises
the restored event and names the others again), and a log entry keeps the name of who
acted (`actor`), not the account. Every table of the tournaments, teams and pairing apps is
listed in `TABLES` with the columns the file carries, the relations it expresses by
nesting or by those names, and the columns it leaves out with the reason; a test fails
when a model gains a column that none of the three names.

Seats (`tournaments.models.Seat`, `teams.models.TeamSeat`) are derived: one per player (or
team) and round, pointing at the game, bye, match or team bye; a restore rebuilds them.
Pairing runs are carried: whether a round was ever paired on the site decides how the next
pairing reads an imported file's absentees (`pairing.selectors.pairing_input_get`), and the
API shows them; the user id a run's request names is left out.

Two things are not the stored value as it is:

- `Section.trf_extra["forbidden_order"]` maps prohibited groups' database ids to the order
  their TRF file listed the players in; the file puts each order on its group
  (``"forbidden_order"``) and a restore maps it to the new ids;
- the entries the log gains by a restore (`LogAction.RESTORE`) are left out: a backup is the
  event as it was run, and where a copy came from is the copy's own record. So exporting a
  restored event gives back, byte for byte, the file it was restored from.

The file is deterministic: objects keep a fixed key order, the contents of JSON columns have
their keys sorted, lists follow a stable order (players by starting rank, rounds by number,
games by board; prohibited groups, teams, pairing runs and log entries in the order they
were made, which the restored rows keep). Datetimes are UTC ISO 8601 with microseconds,
dates ISO 8601, decimals strings.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import models

from pairing.models import PairingRun
from teams.models import Lineup, Team, TeamBye, TeamMatch, TeamMember, TeamSeat
from tournaments.models import (
    Bye,
    ByeExclusion,
    ByeRequest,
    CheckIn,
    Event,
    Game,
    LogEntry,
    Player,
    ProhibitedGroup,
    Round,
    RoundTime,
    Seat,
    Section,
)

__all__ = [
    "FORBIDDEN_ORDER",
    "FORMAT",
    "ROUND_LISTS",
    "SECTION_LISTS",
    "TABLES",
    "VERSION",
    "Table",
    "archive_dumps",
    "canonical",
    "column_out",
    "columns_out",
]

FORMAT = "rookery-event"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Table:
    """How the file carries one model: `columns` as they are (in this key order), `links`
    (relations: nested, or named by slug, starting rank or number; what the file says),
    `left_out` (with the reason); `minimum` the least value a column's check constraint
    allows."""

    model: type[models.Model]
    columns: tuple[str, ...] = ()
    links: Mapping[str, str] = field(default_factory=dict)
    left_out: Mapping[str, str] = field(default_factory=dict)
    minimum: Mapping[str, int] = field(default_factory=dict)


_ID = "a database id: the file names rows by slug, starting rank, number or board"
_WRITTEN = "when the row was written: a restore writes it anew, and pages cache by it"
_NESTED = "the row sits in its parent's object"
_ACCOUNT = "a site account, not event data: the restoring user organises the copy"
_SEAT = "derived from the games and byes (matches and team byes): rebuilt on restore"
_ROW = {"id": _ID, "created_at": _WRITTEN, "updated_at": _WRITTEN}
_CHECK_IN = (
    "who is at the venue for the round about to be paired, true on the day only: the "
    "zero-point byes it leads to are carried with the rounds; a restored copy starts with "
    "check-in off and no code"
)

EVENT = Table(
    Event,
    columns=(
        "name",
        "slug",
        "start_date",
        "end_date",
        "venue",
        "city",
        "federation",
        "time_control",
        "chief_arbiter",
        "time_zone",
        "is_public",
    ),
    left_out={**_ROW, "organisers": _ACCOUNT, "arbiters": _ACCOUNT},
)
SECTION = Table(
    Section,
    columns=(
        "slug",
        "name",
        "system",
        "planned_rounds",
        "points_win",
        "points_draw",
        "points_loss",
        "points_forfeit_win",
        "points_forfeit_loss",
        "points_pab",
        "points_half_bye",
        "points_full_bye",
        "points_zero_bye",
        "initial_colour",
        "acceleration",
        "tiebreaks",
        "seeding_rating",
        "max_half_point_byes",
        "half_point_bye_closed_rounds",
        "late_entry_half_point_byes",
        "boards_per_match",
        "trf_extra",
    ),
    links={"event": _NESTED},
    left_out={
        **_ROW,
        "check_in": _CHECK_IN,
        "absent_players": _CHECK_IN,
        "check_in_code": _CHECK_IN,
    },
    minimum={"planned_rounds": 1},
)
PLAYER = Table(
    Player,
    columns=(
        "starting_rank",
        "first_name",
        "last_name",
        "title",
        "sex",
        "birth_date",
        "federation",
        "club",
        "fide_id",
        "fide_rating",
        "national_id",
        "national_rating",
        "national_rating_2",
        "status",
        "withdrawn_from_round",
        "entry_round",
        "acceleration",
        "trf_extra",
    ),
    links={"section": _NESTED},
    left_out=_ROW,
    minimum={"starting_rank": 1, "entry_round": 1},
)
BYE_REQUEST = Table(
    ByeRequest,
    columns=("round_number", "kind"),
    links={"player": _NESTED},
    left_out=_ROW,
    minimum={"round_number": 1},
)
BYE_EXCLUSION = Table(
    ByeExclusion,
    columns=("round_number",),
    links={"player": _NESTED},
    left_out=_ROW,
    minimum={"round_number": 1},
)
CHECK_IN = Table(
    CheckIn,
    left_out={
        "id": _ID,
        "player": _CHECK_IN,
        "round_number": _CHECK_IN,
        "checked_in_at": _CHECK_IN,
        "by": _CHECK_IN,
    },
)
PROHIBITED_GROUP = Table(
    ProhibitedGroup,
    columns=("name", "kind", "source", "attribute"),
    links={"section": _NESTED, "members": "the members' starting ranks"},
    left_out=_ROW,
)
ROUND_TIME = Table(
    RoundTime,
    columns=("number", "starts_at"),
    links={"section": _NESTED},
    left_out=_ROW,
    minimum={"number": 1},
)
ROUND = Table(
    Round,
    columns=("number", "status", "published_at", "is_pure_fide", "explanation", "version"),
    links={"section": _NESTED},
    left_out=_ROW,
    minimum={"number": 1},
)
GAME = Table(
    Game,
    columns=("board", "result", "explanation", "version"),
    links={"round": _NESTED, "white": "White's starting rank", "black": "Black's starting rank"},
    left_out=_ROW,
    minimum={"board": 1},
)
BYE = Table(
    Bye,
    columns=("kind",),
    links={"round": _NESTED, "player": "the player's starting rank"},
    left_out=_ROW,
)
SEAT = Table(
    Seat,
    left_out={"id": _ID, "round": _SEAT, "player": _SEAT, "game": _SEAT, "bye": _SEAT},
)
LOG_ENTRY = Table(
    LogEntry,
    columns=(
        "created_at",
        "actor",
        "action",
        "description",
        "reason",
        "section_name",
        "round_number",
        "board",
        "changes",
        "warnings",
    ),
    links={
        "event": _NESTED,
        "section": "the section's slug, or null (an event's entry, or a deleted section)",
        "players": "[section slug, starting rank] of each player the entry concerns",
    },
    left_out={"id": _ID, "user": "a site account: the entry keeps the name (actor)"},
)
TEAM = Table(
    Team,
    columns=("starting_rank", "name", "short_name", "federation", "withdrawn_from_round"),
    links={"section": _NESTED},
    left_out={**_ROW, "captain": _ACCOUNT},
    minimum={"starting_rank": 1},
)
TEAM_MEMBER = Table(
    TeamMember,
    columns=("board_order",),
    links={"team": _NESTED, "player": "the player's starting rank"},
    left_out=_ROW,
    minimum={"board_order": 1},
)
TEAM_MATCH = Table(
    TeamMatch,
    columns=("number", "forfeit"),
    links={
        "round": _NESTED,
        "white_team": "the white team's starting rank",
        "black_team": "the black team's starting rank",
    },
    left_out=_ROW,
    minimum={"number": 1},
)
TEAM_BYE = Table(
    TeamBye,
    columns=("kind",),
    links={"round": _NESTED, "team": "the team's starting rank"},
    left_out=_ROW,
)
TEAM_SEAT = Table(
    TeamSeat,
    left_out={"id": _ID, "round": _SEAT, "team": _SEAT, "match": _SEAT, "bye": _SEAT},
)
LINEUP = Table(
    Lineup,
    columns=("board",),
    links={
        "match": _NESTED,
        "team": "the team's starting rank",
        "player": "the player's starting rank, or null for an empty board",
    },
    left_out={**_ROW, "round": "the match's round"},
    minimum={"board": 1},
)
PAIRING_RUN = Table(
    PairingRun,
    columns=(
        "round_number",
        "status",
        "created_at",
        "started_at",
        "finished_at",
        "attempts",
        "engine_version",
        "engine_seconds",
        "error",
        "request",
        "result",
    ),
    links={"section": _NESTED},
    left_out={
        "id": _ID,
        "updated_at": _WRITTEN,
        "heartbeat_at": "a live run's sign of life on its worker: a run restored live is sent "
        "to the workers anew, whose heartbeat is the one that counts",
    },
)

TABLES: tuple[Table, ...] = (
    EVENT,
    SECTION,
    PLAYER,
    BYE_REQUEST,
    BYE_EXCLUSION,
    CHECK_IN,
    PROHIBITED_GROUP,
    ROUND_TIME,
    ROUND,
    GAME,
    BYE,
    SEAT,
    LOG_ENTRY,
    TEAM,
    TEAM_MEMBER,
    TEAM_MATCH,
    TEAM_BYE,
    TEAM_SEAT,
    LINEUP,
    PAIRING_RUN,
)

# The key of a pairing run's request that names the requesting user by database id.
RUN_REQUEST_USER = "requested_by"
# The key of `Section.trf_extra` that maps prohibited groups' ids to their file order.
FORBIDDEN_ORDER = "forbidden_order"
# The lists a section's and a round's objects hold after their columns, in this order.
SECTION_LISTS = (
    "players",
    "prohibited_groups",
    "teams",
    "round_times",
    "rounds",
    "pairing_runs",
)
# Keys a file written before they existed lacks, and what it stands for without them: the
# event's clock was UTC, no round had a time.
EVENT_ADDED: dict[str, Any] = {"time_zone": "UTC"}
SECTION_ADDED: dict[str, Any] = {"round_times": []}
ROUND_LISTS = ("games", "byes", "team_matches", "team_byes")


def canonical(value: Any) -> Any:
    """A JSON value with the keys of every object in sorted order, so that the same value
    is written the same way whatever order the database gave its keys in."""
    if isinstance(value, dict):
        return {key: canonical(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [canonical(item) for item in value]
    return value


def column_out(table: Table, name: str, value: Any) -> Any:
    """The file's form of column `name` of `table` holding `value`."""
    if value is None:
        return None
    kind = table.model._meta.get_field(name).get_internal_type()
    if kind == "DateTimeField":
        moment: datetime.datetime = value
        return moment.astimezone(datetime.UTC).isoformat(timespec="microseconds")
    if kind == "DateField":
        day: datetime.date = value
        return day.isoformat()
    if kind == "DecimalField":
        number: Decimal = value
        return str(number)
    if kind == "JSONField":
        return canonical(value)
    return value


def columns_out(table: Table, row: models.Model) -> dict[str, Any]:
    """Every column `table` carries, of `row`, in the file's form and key order."""
    return {name: column_out(table, name, getattr(row, name)) for name in table.columns}


def archive_dumps(archive: Mapping[str, Any]) -> bytes:
    """The backup file: `archive` as indented JSON in UTF-8, ending with a newline."""
    text = json.dumps(archive, ensure_ascii=False, indent=2, allow_nan=False)
    return (text + "\n").encode("utf-8")
