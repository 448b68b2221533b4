"""The backup file of an event: what it holds, what it leaves out and why, and how a value
of each kind of column is written and read back.

A backup is one JSON document, UTF-8, indented, ending with a newline::

    {
      "format": "rookery-event",
      "version": 3,
      "event": {"name": ..., "slug": ..., "time_zone": ..., ...the event's settings},
      "sections": [
        {...the section's settings, its check-in mode and code,
         "players": [{...every column, "bye_requests": [...], "bye_exclusions": [...],
                      "check_ins": [{"round_number": 1, "checked_in_at": ...}]}],
         "prohibited_groups": [{..., "members": [starting ranks], "forbidden_order": ...}],
         "teams": [{..., "members": [{"board_order": 1, "player": 7}, ...]}],
         "round_times": [{"number": 1, "starts_at": ...}],
         "entry_settings": {...how the section takes online entries} or null,
         "entries": [{"status": "waiting", ..., "token_hash": ..., "player": null}],
         "rounds": [{..., "games": [...], "byes": [...], "team_matches": [...],
                     "team_byes": [...]}],
         "pairing_runs": [...]}
      ],
      "log": [{"created_at": ..., "actor": ..., "action": ..., "section": "open",
               "players": [["open", 4]], ...}]
    }

No database id appears in it: a section is named by its slug, a player by starting rank
within the section (by ``[section slug, starting rank]`` in the log), a round by number, a
game by board, a team by its starting rank. Every table of the apps that hold an event
(tournaments, teams, entries, pairing) is listed in `TABLES` with the columns the file
carries, the relations it expresses by nesting or by those names, and the columns it leaves
out with the reason; every other table of the site is in `NOT_CARRIED`, with the reason. A
test fails when a model or a column appears that none of them names.

What stays out, and why:

- **Accounts and what belongs to them.** Users, their passwords, email addresses, sign-ins
  and lockouts, sessions, API tokens and invitations are the site's, not the event's: they
  let someone sign in to, or take a role on, one site. A backup may be restored on another
  site, or beside its original, by anyone the file is given to; it must not carry a way in.
  So the event's organisers and arbiters, the teams' captains, who asked for a pairing run
  and who checked a player in are left out: the restoring user organises the copy and names
  the others again (an invitation is sent anew), and the log keeps the name of who acted
  (`actor`), not the account.
- **What the database derives.** Seats (`tournaments.models.Seat`, `teams.models.TeamSeat`),
  one per player (or team) and round, pointing at the game, bye, match or team bye: a
  restore rebuilds them. The times rows were written (`updated_at`, and `created_at` where
  nothing reads it): a restore writes the rows anew.
- **A live run's heartbeat**: a run restored queued or running is sent to the workers anew,
  whose heartbeat is the one that counts.
- **The log entries restores wrote** (`LogAction.RESTORE`): a backup is the event as it was
  run, and where a copy came from is the copy's own record. So exporting a restored event
  gives back, byte for byte, the file it was restored from.

Online entries are carried whole, the entrants' email addresses and phone numbers included
(the organisers need them, and only they and the arbiters may download a backup). An entry
keeps the SHA-256 of its link's secret (`token_hash`), never the secret, so the emailed
links open the restored entries when the copy is restored on the same site after the
original is deleted. A link hash that another entry of the site holds already (a copy
restored beside its original) is replaced by one no link opens: the links go on opening the
original's entries. The waiting list's order is the order the entries were made in
(`created_at`), which the file keeps. Check-ins are carried with their times, and the
section's check-in mode and code with them: a restored copy checks players in as the
original did.

Pairing runs are carried: whether a round was ever paired on the site decides how the next
pairing reads an imported file's absentees (`pairing.selectors.pairing_input_get`), and the
API shows them.

`Section.trf_extra["forbidden_order"]` is not the stored value as it is: it maps prohibited
groups' database ids to the order their TRF file listed the players in; the file puts each
order on its group (``"forbidden_order"``) and a restore maps it to the new ids.

A section's points are its point columns, exact to six decimals, and its acceleration is its
``acceleration`` alone. Files written before that read as today's (`archives.reading`): the
systems ``baku`` and ``burstein_baku`` as ``dutch`` and ``burstein`` with acceleration
``baku``, points kept in ``trf_extra.scoring`` as the point columns, and an imported
header's 192 code without its ``BAKU`` and with what it states beside it (``trf_extra``:
``team_rules``, the rules when not the defaults; ``system_absent``, for a header without a
code); exporting such a copy writes them so.

Versions: 2 added online entries, check-ins and the section's check-in settings; 3 added the
event's language. A file of version 1 restores with none of them: no entries, no check-ins,
check-in off; a file of version 1 or 2, with no language of its own. Files of
version 1 written before round times existed lack the event's `time_zone` and the sections'
`round_times`: they read as UTC with no times. A file of a later version than this site's
is refused, saying so.

The file is deterministic: objects keep a fixed key order, the contents of JSON columns have
their keys sorted, lists follow a stable order (players by starting rank, rounds by number,
games by board, check-ins by round; prohibited groups, teams, entries, pairing runs and log
entries in the order they were made, which the restored rows keep). Datetimes are UTC ISO
8601 with microseconds, dates ISO 8601, decimals strings.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from decimal import Decimal
from typing import Any

from django.db import models

from chesscore.record.people import PLAYER_DETAILS
from entries.models import Entry
from entries.models import EntrySettings
from entries.services import SETTINGS_FIELDS
from pairing.models import PairingRun
from teams.models import Lineup
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.models import TeamSeat
from tournaments.models import EVENT_DETAILS
from tournaments.models import AbsentPlayers
from tournaments.models import Bye
from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundTime
from tournaments.models import Seat
from tournaments.models import Section

__all__ = [
    "FORBIDDEN_ORDER",
    "FORMAT",
    "NOT_CARRIED",
    "ROUND_LISTS",
    "SECTION_LISTS",
    "TABLES",
    "VERSION",
    "VERSION_1_ADDED",
    "VERSION_2_ADDED",
    "Table",
    "archive_dumps",
    "canonical",
    "column_out",
    "columns_out",
]

FORMAT = "rookery-event"
VERSION = 3


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
_SITE = (
    "the site's accounts, their sign-ins and sessions, not the event's: a backup must not "
    "carry a way into a site"
)

EVENT = Table(
    Event,
    columns=(*EVENT_DETAILS, "time_zone", "is_public", "language"),
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
        "check_in",
        "absent_players",
        "check_in_code",
        "trf_extra",
    ),
    links={"event": _NESTED},
    left_out=_ROW,
    minimum={"planned_rounds": 1},
)
PLAYER = Table(
    Player,
    columns=(
        "starting_rank",
        *PLAYER_DETAILS,
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
    left_out={
        **_ROW,
        "from_check_in": "whether pairing made the bye for a player who had not checked in: "
        "a restored bye is one asked for, and stays when its round is deleted",
    },
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
    columns=("round_number", "checked_in_at"),
    links={"player": _NESTED},
    left_out={
        "id": _ID,
        "by": "the arbiter's account (empty when the player checked in): the log names them",
    },
    minimum={"round_number": 1},
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
ENTRY_SETTINGS = Table(
    EntrySettings,
    columns=SETTINGS_FIELDS,
    links={"section": _NESTED},
    left_out=_ROW,
)
ENTRY = Table(
    Entry,
    columns=(
        "status",
        "first_name",
        "last_name",
        "fide_id",
        "fide_rating",
        "federation",
        "club",
        "birth_year",
        "email",
        "phone",
        "token_hash",
        "created_at",
        "decided_at",
    ),
    links={
        "section": _NESTED,
        "player": "the starting rank of the player the entry became, or null",
    },
    left_out={"id": _ID, "updated_at": _WRITTEN},
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
    ENTRY_SETTINGS,
    ENTRY,
    PAIRING_RUN,
)

# The site's tables that hold no event, by app label or by model label, with the reason.
NOT_CARRIED: Mapping[str, str] = {
    "auth": _SITE,
    "account": _SITE,
    "axes": _SITE,
    "sessions": _SITE,
    "admin": "the administrators' own log of the admin pages: the event's log is carried",
    "contenttypes": "the site's catalogue of its own tables",
    "accounts.ApiToken": "a user's key to the API of one site: " + _SITE,
    "accounts.Preferences": "a person's own choices on one site (their language): " + _SITE,
    "accounts.Invitation": (
        "an emailed link that gives whoever opens it a role on one site: the copy's "
        "organisers invite again"
    ),
    "common.OutgoingEmail": "an email one site sent, or owes: a restore emails nothing",
    "pairing.PairingWorker": "the site's own worker processes, last seen alive",
}

# The key of a pairing run's request that names the requesting user by database id.
RUN_REQUEST_USER = "requested_by"
# The key of `Section.trf_extra` that maps prohibited groups' ids to their file order.
FORBIDDEN_ORDER = "forbidden_order"
# What a section's and a round's objects hold after their columns, in this order (lists,
# and the entry settings: an object, or null).
SECTION_LISTS = (
    "players",
    "prohibited_groups",
    "teams",
    "round_times",
    "entry_settings",
    "entries",
    "rounds",
    "pairing_runs",
)
PLAYER_LISTS = ("bye_requests", "bye_exclusions", "check_ins")
ROUND_LISTS = ("games", "byes", "team_matches", "team_byes")
# Keys a file of version 1 lacks, by the object that lacks them, and what it stands for
# without them: no online entries, no check-ins, check-in off; and, in a file written
# before round times existed, the event's clock was UTC and no round had a time.
VERSION_1_ADDED: Mapping[str, Mapping[str, Any]] = {
    "event": {"time_zone": "UTC"},
    "section": {
        "check_in": CheckInMode.OFF.value,
        "absent_players": AbsentPlayers.ASK.value,
        "check_in_code": "",
        "round_times": [],
        "entry_settings": None,
        "entries": [],
    },
    "player": {"check_ins": []},
}
# Keys a file of version 1 or 2 lacks: the event had no language of its own.
VERSION_2_ADDED: Mapping[str, Mapping[str, Any]] = {
    "event": {"language": ""},
    "section": {},
    "player": {},
}


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
        return _decimal_text(number)
    if kind == "JSONField":
        return canonical(value)
    return value


def _decimal_text(number: Decimal) -> str:
    """A decimal column's value, exact, with at least one decimal place and no trailing
    zeros beyond: ``"3.0"``, ``"0.5"``, ``"0.25"`` (whatever places the column keeps)."""
    whole, _, decimals = format(number, "f").partition(".")
    return f"{whole}.{decimals.rstrip('0') or '0'}"


def columns_out(table: Table, row: models.Model) -> dict[str, Any]:
    """Every column `table` carries, of `row`, in the file's form and key order."""
    return {name: column_out(table, name, getattr(row, name)) for name in table.columns}


def archive_dumps(archive: Mapping[str, Any]) -> bytes:
    """The backup file: `archive` as indented JSON in UTF-8, ending with a newline."""
    text = json.dumps(archive, ensure_ascii=False, indent=2, allow_nan=False)
    return (text + "\n").encode("utf-8")
