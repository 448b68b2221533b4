"""Reading a backup file (`archives.format`), every value checked before anything is written.

`archive_read` turns the file into an `Archive` whose columns are the values the models
take, or raises `BackupInvalid` naming where the first defect is, as a path into the
document (``sections[1].players[4].starting_rank: must be a positive integer``; lists count
from 0). It checks what the database would refuse (types, lengths, integer ranges, NUL
characters, check and unique constraints, references to players and teams of the file) and
what the site's pages rely on (choices, the shapes of JSON columns they read).
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, NoReturn

from archives import format as fmt
from common.exceptions import ValidationError
from pairing.models import ACTIVE_STATUSES
from tournaments.models import GroupSource, PlayerStatus
from tournaments.record.model import Sex
from tournaments.systems import system_info

__all__ = [
    "Archive",
    "BackupInvalid",
    "GameData",
    "GroupData",
    "LogData",
    "MatchData",
    "PlayerData",
    "RoundData",
    "SectionData",
    "TeamData",
    "archive_read",
]


class BackupInvalid(ValidationError):
    """The file is no backup this site can restore; the message says where and why."""

    code = "invalid_backup"

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}" if where else reason, field="file")
        self.where = where


@dataclass(frozen=True, slots=True)
class PlayerData:
    columns: dict[str, Any]
    bye_requests: list[dict[str, Any]]
    bye_exclusions: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class GroupData:
    columns: dict[str, Any]
    members: list[int]
    forbidden_order: list[int] | None


@dataclass(frozen=True, slots=True)
class TeamData:
    columns: dict[str, Any]
    members: list[tuple[int, int]]  # (board order, the player's starting rank)


@dataclass(frozen=True, slots=True)
class GameData:
    columns: dict[str, Any]
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class MatchData:
    columns: dict[str, Any]
    white_team: int
    black_team: int
    lineups: list[tuple[int, int, int | None]]  # (team, board, player or None)


@dataclass(frozen=True, slots=True)
class RoundData:
    columns: dict[str, Any]
    games: list[GameData]
    byes: list[tuple[int, dict[str, Any]]]  # (player, columns)
    team_matches: list[MatchData]
    team_byes: list[tuple[int, dict[str, Any]]]  # (team, columns)


@dataclass(frozen=True, slots=True)
class SectionData:
    columns: dict[str, Any]
    players: list[PlayerData]
    groups: list[GroupData]
    teams: list[TeamData]
    rounds: list[RoundData]
    runs: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class LogData:
    columns: dict[str, Any]
    section: str | None
    players: list[tuple[str, int]]


@dataclass(frozen=True, slots=True)
class Archive:
    event: dict[str, Any]
    sections: list[SectionData]
    log: list[LogData]


def archive_read(data: bytes) -> Archive:
    """The archive `data` holds; `BackupInvalid` for the first defect found."""
    if len(data) > fmt.MAX_BACKUP_BYTES:
        limit = fmt.MAX_BACKUP_BYTES // (1024 * 1024)
        raise BackupInvalid("", f"The file is larger than {limit} MB; is it a Rookery backup?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BackupInvalid("", f"The file is not UTF-8 text (byte {exc.start}).") from exc
    try:
        document = json.loads(text, parse_constant=_not_a_number)
    except RecursionError as exc:
        raise BackupInvalid("", "The file is not a backup: its JSON is nested too deeply.") from exc
    except ValueError as exc:
        raise BackupInvalid("", f"The file is not JSON: {exc}.") from exc
    if not isinstance(document, dict) or document.get("format") != fmt.FORMAT:
        raise BackupInvalid("", f'The file is not a Rookery backup (no "format": "{fmt.FORMAT}").')
    version = document.get("version")
    if version != fmt.VERSION or isinstance(version, bool):
        raise BackupInvalid(
            "version", f"this site reads backups of version {fmt.VERSION}, not {version!r}"
        )
    _keys(document, "", ("format", "version", "event", "sections", "log"))
    event = _columns(fmt.EVENT, document["event"], "event")
    if event["start_date"] and event["end_date"] and event["end_date"] < event["start_date"]:
        raise BackupInvalid("event.end_date", "must not be before the start date")
    sections = [_section(raw, where) for raw, where in _items(document["sections"], "sections")]
    _unique((s.columns["slug"] for s in sections), "sections", "slug", "section")
    players = {(s.columns["slug"], p.columns["starting_rank"]) for s in sections for p in s.players}
    slugs = {s.columns["slug"] for s in sections}
    log = [_log_entry(raw, where, slugs, players) for raw, where in _items(document["log"], "log")]
    return Archive(event=event, sections=sections, log=log)


def _not_a_number(constant: str) -> NoReturn:
    raise ValueError(f"{constant} is not a JSON number")


# ---------------------------------------------------------------------------------------
# Objects, lists and columns
# ---------------------------------------------------------------------------------------


def _keys(raw: Any, where: str, keys: Iterable[str]) -> dict[str, Any]:
    """`raw` as an object with exactly `keys`."""
    if not isinstance(raw, dict):
        raise BackupInvalid(where, "must be an object")
    expected = list(keys)
    for key in expected:
        if key not in raw:
            raise BackupInvalid(where, f"the key {key!r} is missing")
    for key in raw:
        if key not in expected:
            raise BackupInvalid(where, f"unknown key {key!r}")
    return raw


def _items(raw: Any, where: str) -> list[tuple[Any, str]]:
    """The items of the list `raw`, each with its path."""
    if not isinstance(raw, list):
        raise BackupInvalid(where, "must be a list")
    return [(item, f"{where}[{index}]") for index, item in enumerate(raw)]


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _unique(values: Iterable[Any], where: str, key: str, what: str) -> None:
    """Each of `values` (of the items of the list at `where`) once."""
    seen: set[Any] = set()
    for index, value in enumerate(values):
        if value in seen:
            at = f"{where}[{index}]" + (f".{key}" if key else "")
            raise BackupInvalid(at, f"another {what} has {value!r}")
        seen.add(value)


def _columns(table: fmt.Table, raw: Any, where: str, *more: str) -> dict[str, Any]:
    """The columns `table` carries, read from the object `raw` (which also holds `more`)."""
    obj = _keys(raw, where, (*table.columns, *more))
    values = {name: _column(table, name, obj[name], _at(where, name)) for name in table.columns}
    for name, check in _CONTENTS.get(table.model, {}).items():
        check(values[name], _at(where, name))
    return values


_INTEGERS = {
    "PositiveSmallIntegerField": (0, 32767),
    "PositiveIntegerField": (0, 2147483647),
    "SmallIntegerField": (-32768, 32767),
    "IntegerField": (-2147483648, 2147483647),
    "BigIntegerField": (-(2**63), 2**63 - 1),
}
_TEXTS = ("CharField", "SlugField", "TextField")
_SLUG = re.compile(r"[-a-zA-Z0-9_]+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")
# JSON columns nest a few levels; far deeper is no backup and would exhaust the stack.
_MAX_DEPTH = 64


def _column(table: fmt.Table, name: str, raw: Any, where: str) -> Any:
    """Column `name` of `table`, as the model takes it: checked as its field's type."""
    field = table.model._meta.get_field(name)
    if raw is None:
        if field.null:
            return None
        raise BackupInvalid(where, "must not be null")
    kind = field.get_internal_type()
    if kind in _TEXTS:
        text = _text(raw, where)
        if field.max_length is not None and len(text) > field.max_length:
            raise BackupInvalid(where, f"must be at most {field.max_length} characters long")
        if kind == "SlugField" and not _SLUG.fullmatch(text):
            raise BackupInvalid(where, "must be a slug: letters, digits, hyphens, underscores")
        if field.choices:
            allowed = [str(value) for value, _label in field.choices]
            if text not in allowed:
                raise BackupInvalid(where, f"must be one of {', '.join(map(repr, allowed))}")
        return text
    if kind in _INTEGERS:
        low, high = _INTEGERS[kind]
        return _integer(raw, where, max(low, table.minimum.get(name, low)), high)
    if kind == "BooleanField":
        if not isinstance(raw, bool):
            raise BackupInvalid(where, "must be true or false")
        return raw
    if kind == "DecimalField":
        return _decimal(raw, where, field.max_digits, field.decimal_places)
    if kind == "DateField":
        if not isinstance(raw, str) or not _DATE.fullmatch(raw):
            raise BackupInvalid(where, "must be a date, YYYY-MM-DD")
        try:
            return datetime.date.fromisoformat(raw)
        except ValueError as exc:
            raise BackupInvalid(where, "must be a date, YYYY-MM-DD") from exc
    if kind == "DateTimeField":
        return _moment(raw, where)
    if kind == "FloatField":
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            raise BackupInvalid(where, "must be a number")
        return float(raw)
    if kind == "JSONField":
        _json(raw, where, 0)
        if field.default is dict and not isinstance(raw, dict):
            raise BackupInvalid(where, "must be an object")
        if field.default is list and not isinstance(raw, list):
            raise BackupInvalid(where, "must be a list")
        return raw
    raise TypeError(f"{table.model.__name__}.{name}: no backup form for a {kind}")


def _text(raw: Any, where: str) -> str:
    if not isinstance(raw, str):
        raise BackupInvalid(where, "must be a string")
    if "\x00" in raw:
        raise BackupInvalid(where, "must not contain NUL characters")
    if _SURROGATE.search(raw):
        raise BackupInvalid(where, "must be Unicode text (it holds a lone surrogate)")
    return raw


def _integer(raw: Any, where: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise BackupInvalid(where, "must be an integer")
    if raw < low:
        raise BackupInvalid(
            where,
            "must be a positive integer"
            if low == 1
            else "must not be negative"
            if low == 0
            else f"must be at least {low}",
        )
    if raw > high:
        raise BackupInvalid(where, f"must be at most {high}")
    return raw


def _decimal(raw: Any, where: str, digits: int, places: int) -> Decimal:
    """A decimal column from its string; exact: a value the column would round is refused."""
    example = f'a decimal number as a string, e.g. "{Decimal(1) / 2:.{places}f}"'
    if not isinstance(raw, str):
        raise BackupInvalid(where, f"must be {example}")
    try:
        value = Decimal(raw)
    except InvalidOperation as exc:
        raise BackupInvalid(where, f"must be {example}") from exc
    if not value.is_finite():
        raise BackupInvalid(where, f"must be {example}")
    bound = Decimal(10) ** (digits - places)
    if not -bound < value < bound:
        raise BackupInvalid(where, f"must be between -{bound} and {bound}")
    # Compared exactly: the column would round a finer value, and nothing may change.
    exponent = value.as_tuple().exponent
    if (
        not isinstance(exponent, int)
        or exponent < -places - 30
        or (Fraction(value) * 10**places).denominator != 1
    ):
        raise BackupInvalid(where, f"must have at most {places} decimal place(s)")
    return value


def _moment(raw: Any, where: str) -> datetime.datetime:
    reason = "must be a date and time in ISO 8601 with its UTC offset"
    if not isinstance(raw, str):
        raise BackupInvalid(where, reason)
    try:
        moment = datetime.datetime.fromisoformat(raw)
    except ValueError as exc:
        raise BackupInvalid(where, reason) from exc
    if moment.tzinfo is None:
        raise BackupInvalid(where, reason)
    return moment.astimezone(datetime.UTC)


def _json(raw: Any, where: str, depth: int) -> None:
    """A JSON value a database keeps as it is: no NUL, no lone surrogates, finite numbers."""
    if depth > _MAX_DEPTH:
        raise BackupInvalid(where, "is nested too deeply")
    if isinstance(raw, str):
        _text(raw, where)
    elif isinstance(raw, float) and not math.isfinite(raw):
        raise BackupInvalid(where, "must be a finite number")
    elif isinstance(raw, list):
        for item, at in _items(raw, where):
            _json(item, at, depth + 1)
    elif isinstance(raw, dict):
        for key, value in raw.items():
            _text(key, f"{where} (key {key!r})")
            _json(value, _at(where, key), depth + 1)


# What pages read from JSON columns, beyond their being JSON of the right kind.


def _strings(raw: list[Any], where: str) -> None:
    for item, at in _items(raw, where):
        if not isinstance(item, str):
            raise BackupInvalid(at, "must be a string")


def _round_numbers(raw: list[Any], where: str) -> None:
    for item, at in _items(raw, where):
        _integer(item, at, 1, 32767)


_FRACTION = re.compile(r"-?\d{1,15}(?:\.\d{1,15}|/[1-9]\d{0,14})?")
# `Fraction("1e999999999")` would take minutes: exponents that large are refused.
_BIG_EXPONENT = re.compile(r"[eE][-+]?[\d_]{4,}")


def _fraction(raw: Any, where: str) -> None:
    if not isinstance(raw, str) or not _FRACTION.fullmatch(raw):
        raise BackupInvalid(where, 'must be a number as a string, e.g. "1/2" or "0.5"')


def _record_values(raw: Any, where: str) -> None:
    """Values kept for the tournament record (`tournaments.record.codec`): whatever they
    are is checked by reading the section back; numbers with huge exponents are not."""
    if isinstance(raw, str) and _BIG_EXPONENT.search(raw):
        raise BackupInvalid(where, "must not hold a number with an exponent that large")
    if isinstance(raw, list):
        for item, at in _items(raw, where):
            _record_values(item, at)
    elif isinstance(raw, dict):
        for key, value in raw.items():
            _record_values(value, _at(where, key))


def _fractions(raw: list[Any], where: str) -> None:
    for item, at in _items(raw, where):
        _fraction(item, at)


def _player_extra(raw: dict[str, Any], where: str) -> None:
    _record_values(raw, where)
    if raw.get("points") is not None:
        _fraction(raw["points"], _at(where, "points"))
    if raw.get("final_rank") is not None:
        _integer(raw["final_rank"], _at(where, "final_rank"), 0, 2**31 - 1)


def _explanation(raw: dict[str, Any], where: str) -> None:
    """A round's explanation: its warnings, and the groups the round was paired with
    (the TRF export and the removal checks read them)."""
    if "warnings" in raw and not isinstance(raw["warnings"], list):
        raise BackupInvalid(_at(where, "warnings"), "must be a list")
    for group, at in _items(raw.get("groups", []), _at(where, "groups")):
        if not isinstance(group, dict):
            raise BackupInvalid(at, "must be an object")
        if not isinstance(group.get("kind"), str):
            raise BackupInvalid(_at(at, "kind"), "must be a string")
        _round_numbers(group.get("members", []), _at(at, "members"))
    _round_numbers(raw.get("released", []), _at(where, "released"))


def _warnings(raw: dict[str, Any], where: str) -> None:
    for key, value in raw.items():
        if not isinstance(value, list):
            raise BackupInvalid(_at(where, key), "must be a list")
        _strings(value, _at(where, key))


def _sex(raw: str, where: str) -> None:
    allowed = ["", *(s.value for s in Sex)]
    if raw not in allowed:
        raise BackupInvalid(where, f"must be one of {', '.join(map(repr, allowed))}")


_CONTENTS: dict[type, dict[str, Callable[[Any, str], None]]] = {
    fmt.SECTION.model: {
        "tiebreaks": _strings,
        "half_point_bye_closed_rounds": _round_numbers,
        "trf_extra": _record_values,
    },
    fmt.PLAYER.model: {"sex": _sex, "acceleration": _fractions, "trf_extra": _player_extra},
    fmt.ROUND.model: {"explanation": _explanation},
    fmt.LOG_ENTRY.model: {"warnings": _warnings},
}


# ---------------------------------------------------------------------------------------
# Sections and what they hold
# ---------------------------------------------------------------------------------------


def _section(raw: Any, where: str) -> SectionData:
    columns = _columns(fmt.SECTION, raw, where, *fmt.SECTION_LISTS)
    if system_info(columns["system"]) is None:
        raise BackupInvalid(
            _at(where, "system"), f"{columns['system']!r} is not a pairing system of this site"
        )
    if not columns["points_win"] >= columns["points_draw"] >= columns["points_loss"]:
        raise BackupInvalid(where, "a win must score at least a draw, a draw at least a loss")
    at = _at(where, "players")
    players = [_player(item, w) for item, w in _items(raw["players"], at)]
    _unique((p.columns["starting_rank"] for p in players), at, "starting_rank", "player")
    ranks = {p.columns["starting_rank"] for p in players}
    at = _at(where, "prohibited_groups")
    groups = [_group(item, w, ranks) for item, w in _items(raw["prohibited_groups"], at)]
    at = _at(where, "teams")
    teams = [_team(item, w, ranks) for item, w in _items(raw["teams"], at)]
    _unique((t.columns["starting_rank"] for t in teams), at, "starting_rank", "team")
    _unique((t.columns["name"] for t in teams), at, "name", "team")
    rostered: set[int] = set()
    for index, team in enumerate(teams):
        for place, (_board, rank) in enumerate(team.members):
            if rank in rostered:
                raise BackupInvalid(
                    f"{at}[{index}].members[{place}].player", f"player {rank} is on another team"
                )
            rostered.add(rank)
    numbers = {t.columns["starting_rank"] for t in teams}
    at = _at(where, "rounds")
    rounds = [_round(item, w, ranks, numbers) for item, w in _items(raw["rounds"], at)]
    _unique((r.columns["number"] for r in rounds), at, "number", "round")
    runs = []
    active: set[int] = set()
    for item, w in _items(raw["pairing_runs"], _at(where, "pairing_runs")):
        run = _columns(fmt.PAIRING_RUN, item, w)
        if run["status"] in ACTIVE_STATUSES:
            # At most one run per round is queued or running (a partial unique constraint).
            if run["round_number"] in active:
                raise BackupInvalid(
                    _at(w, "status"), "another run for the same round is queued or running"
                )
            active.add(run["round_number"])
        runs.append(run)
    return SectionData(
        columns=columns, players=players, groups=groups, teams=teams, rounds=rounds, runs=runs
    )


def _player(raw: Any, where: str) -> PlayerData:
    columns = _columns(fmt.PLAYER, raw, where, "bye_requests", "bye_exclusions")
    withdrawn = columns["withdrawn_from_round"] is not None
    if columns["status"] == PlayerStatus.WITHDRAWN and not withdrawn:
        raise BackupInvalid(
            _at(where, "withdrawn_from_round"), "must be given for a withdrawn player"
        )
    if columns["status"] == PlayerStatus.ACTIVE and withdrawn:
        raise BackupInvalid(_at(where, "withdrawn_from_round"), "must be null for an active player")
    lists = {}
    for key, table in (("bye_requests", fmt.BYE_REQUEST), ("bye_exclusions", fmt.BYE_EXCLUSION)):
        at = _at(where, key)
        lists[key] = [_columns(table, item, w) for item, w in _items(raw[key], at)]
        _unique((row["round_number"] for row in lists[key]), at, "round_number", "entry")
    return PlayerData(columns=columns, **lists)


def _rank(raw: Any, where: str, ranks: set[int], what: str = "player") -> int:
    """A starting rank of the section's players (or `what`: its teams)."""
    rank = _integer(raw, where, 1, 2147483647)
    if rank not in ranks:
        raise BackupInvalid(where, f"the section has no {what} of starting rank {rank}")
    return rank


def _group(raw: Any, where: str, ranks: set[int]) -> GroupData:
    columns = _columns(fmt.PROHIBITED_GROUP, raw, where, "members", "forbidden_order")
    if columns["source"] == GroupSource.ATTRIBUTE and not columns["attribute"]:
        raise BackupInvalid(_at(where, "attribute"), "must name the attribute the group is of")
    at = _at(where, "members")
    members = [_rank(item, w, ranks) for item, w in _items(raw["members"], at)]
    _unique(members, at, "", "member")
    order = raw["forbidden_order"]
    if order is not None:
        at = _at(where, "forbidden_order")
        order = [_integer(item, w, 1, 2147483647) for item, w in _items(order, at)]
    return GroupData(columns=columns, members=members, forbidden_order=order)


def _team(raw: Any, where: str, ranks: set[int]) -> TeamData:
    columns = _columns(fmt.TEAM, raw, where, "members")
    at = _at(where, "members")
    members = []
    for item, w in _items(raw["members"], at):
        board = _columns(fmt.TEAM_MEMBER, item, w, "player")["board_order"]
        members.append((board, _rank(item["player"], _at(w, "player"), ranks)))
    _unique((board for board, _rank in members), at, "board_order", "member")
    return TeamData(columns=columns, members=members)


def _round(raw: Any, where: str, ranks: set[int], teams: set[int]) -> RoundData:
    columns = _columns(fmt.ROUND, raw, where, *fmt.ROUND_LISTS)
    seated: set[int] = set()

    def seat(rank: int, at: str) -> int:
        # One game or bye per player and round: the database's seats refuse a second.
        if rank in seated:
            raise BackupInvalid(at, f"player {rank} already has a game or bye in this round")
        seated.add(rank)
        return rank

    games = []
    at = _at(where, "games")
    for item, w in _items(raw["games"], at):
        game = _columns(fmt.GAME, item, w, "white", "black")
        white = seat(_rank(item["white"], _at(w, "white"), ranks), _at(w, "white"))
        black = seat(_rank(item["black"], _at(w, "black"), ranks), _at(w, "black"))
        games.append(GameData(columns=game, white=white, black=black))
    _unique((g.columns["board"] for g in games), at, "board", "game")
    byes = []
    for item, w in _items(raw["byes"], _at(where, "byes")):
        bye = _columns(fmt.BYE, item, w, "player")
        byes.append((seat(_rank(item["player"], _at(w, "player"), ranks), _at(w, "player")), bye))
    matches, team_byes = _team_rounds(raw, where, ranks, teams)
    return RoundData(
        columns=columns, games=games, byes=byes, team_matches=matches, team_byes=team_byes
    )


def _team_rounds(
    raw: dict[str, Any], where: str, ranks: set[int], teams: set[int]
) -> tuple[list[MatchData], list[tuple[int, dict[str, Any]]]]:
    """A round's team matches with their line-ups, and its team byes."""
    seated: set[int] = set()
    playing: set[int] = set()

    def seat(raw_team: Any, at: str) -> int:
        team = _rank(raw_team, at, teams, "team")
        if team in seated:
            raise BackupInvalid(at, f"team {team} already has a match or bye in this round")
        seated.add(team)
        return team

    matches = []
    at = _at(where, "team_matches")
    for item, w in _items(raw["team_matches"], at):
        match = _columns(fmt.TEAM_MATCH, item, w, "white_team", "black_team", "lineups")
        white = seat(item["white_team"], _at(w, "white_team"))
        black = seat(item["black_team"], _at(w, "black_team"))
        lineups = []
        for line, lw in _items(item["lineups"], _at(w, "lineups")):
            board = _columns(fmt.LINEUP, line, lw, "team", "player")["board"]
            team = _rank(line["team"], _at(lw, "team"), teams, "team")
            if team not in (white, black):
                raise BackupInvalid(_at(lw, "team"), f"team {team} does not play this match")
            player = None
            if line["player"] is not None:
                player = _rank(line["player"], _at(lw, "player"), ranks)
                if player in playing:
                    raise BackupInvalid(
                        _at(lw, "player"), f"player {player} is already lined up in this round"
                    )
                playing.add(player)
            lineups.append((team, board, player))
        _unique(((t, b) for t, b, _p in lineups), _at(w, "lineups"), "board", "line-up entry")
        matches.append(
            MatchData(columns=match, white_team=white, black_team=black, lineups=lineups)
        )
    _unique((m.columns["number"] for m in matches), at, "number", "match")
    team_byes = []
    for item, w in _items(raw["team_byes"], _at(where, "team_byes")):
        bye = _columns(fmt.TEAM_BYE, item, w, "team")
        team_byes.append((seat(item["team"], _at(w, "team")), bye))
    return matches, team_byes


# ---------------------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------------------


def _log_entry(raw: Any, where: str, slugs: set[str], players: set[tuple[str, int]]) -> LogData:
    columns = _columns(fmt.LOG_ENTRY, raw, where, "section", "players")
    section = raw["section"]
    if section is not None and section not in slugs:
        raise BackupInvalid(_at(where, "section"), f"the file has no section {section!r}")
    named = []
    at = _at(where, "players")
    for item, w in _items(raw["players"], at):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], str)
            or isinstance(item[1], bool)
            or not isinstance(item[1], int)
        ):
            raise BackupInvalid(w, "must be [section slug, starting rank]")
        if (item[0], item[1]) not in players:
            raise BackupInvalid(w, f"the file has no player {item[1]} in section {item[0]!r}")
        named.append((item[0], item[1]))
    _unique(named, at, "", "entry naming the same player")
    return LogData(columns=columns, section=section, players=named)
