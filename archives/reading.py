"""Reading a backup file (`archives.format`), every value checked before anything is written.

`archive_read` turns the file into an `Archive` whose columns are the values the models
take, or raises `BackupInvalid` naming where the first defect is, as a path into the
document (``sections[1].players[4].starting_rank: must be a positive integer``; lists count
from 0). It checks what the database would refuse (types, lengths, integer ranges, NUL
characters, check and unique constraints, references to players and teams of the file) and
what the site's pages rely on (choices, the shapes of JSON columns they read).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import NoReturn

from django.utils.translation import gettext as _

from archives import format as fmt
from archives import values as v
from archives.values import BackupInvalid
from archives.values import key_path as _at
from chesscore.record import model as rec
from chesscore.record import trf
from chesscore.record.codec import decode
from chesscore.record.codec import encode
from chesscore.record.people import DetailInvalid
from chesscore.record.people import player_details_clean
from chesscore.record.system_codes import team_rules_for_code
from chesscore.systems import system_info
from common.exceptions import DomainError
from common.limits import bytes_in_words
from common.limits import upload_limit
from common.types import JSONValue
from entries.models import LIVE_STATUSES
from entries.models import EntryStatus
from pairing.models import ACTIVE_STATUSES
from tournaments.models import SCORING_COLUMNS
from tournaments.models import Acceleration
from tournaments.models import CheckInMode
from tournaments.models import GroupSource
from tournaments.models import PlayerStatus
from tournaments.models import RoundStatus
from tournaments.services.base import points_exact

__all__ = [
    "Archive",
    "BackupInvalid",
    "EntryData",
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


@dataclass(frozen=True, slots=True)
class PlayerData:
    columns: dict[str, Any]
    bye_requests: list[dict[str, Any]]
    bye_exclusions: list[dict[str, Any]]
    check_ins: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class EntryData:
    columns: dict[str, Any]
    player: int | None  # the starting rank of the player the entry became


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
    round_times: list[dict[str, Any]]
    entry_settings: dict[str, Any] | None
    entries: list[EntryData]
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
    if len(data) > upload_limit("backup"):
        # The settings' limit (20 MB unless changed) is far above any real event: a
        # 500-player, 11-round section is a few megabytes.
        limit = bytes_in_words(upload_limit("backup"))
        raise BackupInvalid("", f"The file is larger than {limit}; is it a Rookery backup?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BackupInvalid("", f"The file is not UTF-8 text (byte {exc.start}).") from exc
    try:
        document: JSONValue = json.loads(text, parse_constant=_not_a_number)
    except RecursionError as exc:
        raise BackupInvalid("", "The file is not a backup: its JSON is nested too deeply.") from exc
    except ValueError as exc:
        raise BackupInvalid("", f"The file is not JSON: {exc}.") from exc
    if not isinstance(document, dict) or document.get("format") != fmt.FORMAT:
        raise BackupInvalid("", f'The file is not a Rookery backup (no "format": "{fmt.FORMAT}").')
    added = _added(document.get("version"))
    v.keys(document, "", ("format", "version", "event", "sections", "log"))
    event = v.columns(fmt.EVENT, _with_added(document["event"], added["event"]), "event")
    if event["start_date"] and event["end_date"] and event["end_date"] < event["start_date"]:
        raise BackupInvalid("event.end_date", "must not be before the start date")
    sections = [
        _section(raw, where, added) for raw, where in v.items(document["sections"], "sections")
    ]
    v.unique((s.columns["slug"] for s in sections), "sections", "slug", "section")
    _token_hashes_unique(sections)
    players = {(s.columns["slug"], p.columns["starting_rank"]) for s in sections for p in s.players}
    slugs = {s.columns["slug"] for s in sections}
    log = [_log_entry(raw, where, slugs, players) for raw, where in v.items(document["log"], "log")]
    return Archive(event=event, sections=sections, log=log)


_NOTHING_ADDED: dict[str, dict[str, Any]] = {"event": {}, "section": {}, "player": {}}


def _added(version: Any) -> Mapping[str, Mapping[str, Any]]:
    """The keys a file of `version` lacks, by the object that lacks them (none for this
    site's own version); `BackupInvalid` for a version this site cannot read."""
    if type(version) is int and version > fmt.VERSION:
        raise BackupInvalid(
            "version",
            f"the file is of version {version} of the format, written by a newer Rookery; "
            f"this site reads versions 1 to {fmt.VERSION}: restore it on an up-to-date site",
        )
    if type(version) is not int or version < 1:
        raise BackupInvalid(
            "version", f"this site reads backups of versions 1 to {fmt.VERSION}, not {version!r}"
        )
    if version == fmt.VERSION:
        return _NOTHING_ADDED
    if version == 2:
        return fmt.VERSION_2_ADDED
    return {
        kind: {**fmt.VERSION_1_ADDED.get(kind, {}), **fmt.VERSION_2_ADDED[kind]}
        for kind in fmt.VERSION_2_ADDED
    }


def _with_added(raw: Any, added: Mapping[str, Any]) -> Any:
    """An object of a file written before the keys `added` existed, read as if it held
    them; anything else as it is (the checks that follow name what is wrong)."""
    return {**added, **raw} if isinstance(raw, dict) else raw


def _not_a_number(constant: str) -> NoReturn:
    raise ValueError(f"{constant} is not a JSON number")


# ---------------------------------------------------------------------------------------
# Sections and what they hold
# ---------------------------------------------------------------------------------------


# Systems of files written when Baku acceleration was a system of its own: the system
# without it, and the acceleration.
_ACCELERATED_SYSTEMS = {"baku": "dutch", "burstein_baku": "burstein"}


# What `Section.trf_extra` keeps of an imported header's 192 code (`_header_facts`).
_HEADER_FACTS = ("team_rules", "system_absent")


def _header_facts(code: str) -> dict[str, Any]:
    """What the import keeps beside a header whose 192 code is `code`
    (`tournaments.services.records`): that it names no system, or the team rules it states
    when they are not the defaults."""
    if not code:
        return {"system_absent": True}
    rules = team_rules_for_code(code)
    return {} if rules == rec.TeamSwissRules() else {"team_rules": encode(rules)}


def _one_place_each(columns: dict[str, Any], where: str) -> dict[str, Any]:
    """A section's columns as a file written before its points and its acceleration had one
    place each says them, read as today's: the systems ``baku`` and ``burstein_baku`` are
    the Dutch and Burstein systems with Baku acceleration; points kept beside the columns
    (``trf_extra.scoring``) are the section's points; an imported header's 192 code keeps
    its system only, and what it states is kept beside it (`_header_facts`). A file of
    today's has none of these, and reads as it is."""
    if columns["system"] in _ACCELERATED_SYSTEMS:
        columns["system"] = _ACCELERATED_SYSTEMS[columns["system"]]
        columns["acceleration"] = Acceleration.BAKU.value
    extra = dict(columns["trf_extra"])
    kept = extra.pop("scoring", None)
    if kept is not None:
        at = _at(_at(where, "trf_extra"), "scoring")
        try:
            scoring = decode(rec.ScoringSystem, kept)
            columns.update(
                (column, points_exact(column, getattr(scoring, name)))
                for name, column in SCORING_COLUMNS.items()
            )
        except DomainError as exc:
            raise BackupInvalid(at, exc.message) from None
        except (ValueError, TypeError, ArithmeticError, AttributeError) as exc:
            raise BackupInvalid(at, f"must be a scoring system: {exc}") from None
    event = extra.get("event")
    if isinstance(event, dict) and isinstance(event.get("system", ""), str):
        code = trf.system_code_split(event.get("system", ""))[0]
        extra["event"] = {**event, "system": code}
        if not any(key in extra for key in _HEADER_FACTS):
            extra.update(_header_facts(code))
    columns["trf_extra"] = extra
    return columns


def _section(raw: Any, where: str, added: Mapping[str, Mapping[str, Any]]) -> SectionData:
    raw = _with_added(raw, added["section"])
    columns = _one_place_each(v.columns(fmt.SECTION, raw, where, *fmt.SECTION_LISTS), where)
    system = system_info(columns["system"])
    if system is None:
        raise BackupInvalid(
            _at(where, "system"),
            f"{columns['system']!r} is not a pairing system of this site",
        )
    if not columns["points_win"] >= columns["points_draw"] >= columns["points_loss"]:
        raise BackupInvalid(where, "a win must score at least a draw, a draw at least a loss")
    if system.team and columns["check_in"] != CheckInMode.OFF:
        # Its captains' line-ups say who plays (`section_check_in_settings_set`).
        raise BackupInvalid(_at(where, "check_in"), "a team section has no check-in: must be 'off'")
    if any(c.isspace() for c in columns["check_in_code"]):
        raise BackupInvalid(_at(where, "check_in_code"), "must be one word, without spaces")
    if fmt.FORBIDDEN_ORDER in columns["trf_extra"]:
        # Keyed by database ids, which mean nothing here: the groups carry their orders.
        raise BackupInvalid(
            _at(_at(where, "trf_extra"), fmt.FORBIDDEN_ORDER),
            "belongs on the prohibited groups (their forbidden_order)",
        )
    at = _at(where, "players")
    players = [
        _player(_with_added(item, added["player"]), w) for item, w in v.items(raw["players"], at)
    ]
    v.unique((p.columns["starting_rank"] for p in players), at, "starting_rank", "player")
    ranks = {p.columns["starting_rank"] for p in players}
    at = _at(where, "prohibited_groups")
    groups = [_group(item, w, ranks) for item, w in v.items(raw["prohibited_groups"], at)]
    at = _at(where, "teams")
    teams = [_team(item, w, ranks) for item, w in v.items(raw["teams"], at)]
    v.unique((t.columns["starting_rank"] for t in teams), at, "starting_rank", "team")
    v.unique((t.columns["name"] for t in teams), at, "name", "team")
    rostered: set[int] = set()
    for index, team in enumerate(teams):
        for place, (_board, rank) in enumerate(team.members):
            if rank in rostered:
                raise BackupInvalid(
                    f"{at}[{index}].members[{place}].player", f"player {rank} is on another team"
                )
            rostered.add(rank)
    at = _at(where, "round_times")
    times = [v.columns(fmt.ROUND_TIME, item, w) for item, w in v.items(raw["round_times"], at)]
    v.unique((t["number"] for t in times), at, "number", "round time")
    settings, entries = _entries(raw, where, ranks, team=system.team)
    numbers = {t.columns["starting_rank"] for t in teams}
    at = _at(where, "rounds")
    rounds = [_round(item, w, ranks, numbers) for item, w in v.items(raw["rounds"], at)]
    v.unique((r.columns["number"] for r in rounds), at, "number", "round")
    runs = []
    active: set[int] = set()
    for item, w in v.items(raw["pairing_runs"], _at(where, "pairing_runs")):
        run = v.columns(fmt.PAIRING_RUN, item, w)
        if fmt.RUN_REQUEST_USER in run["request"]:
            raise BackupInvalid(
                _at(_at(w, "request"), fmt.RUN_REQUEST_USER),
                "names an account by its database id: leave it out",
            )
        if run["status"] in ACTIVE_STATUSES:
            # At most one run per round is queued or running (a partial unique constraint).
            if run["round_number"] in active:
                raise BackupInvalid(
                    _at(w, "status"), "another run for the same round is queued or running"
                )
            active.add(run["round_number"])
        runs.append(run)
    _live_runs_check(where, rounds, runs)
    return SectionData(
        columns=columns,
        players=players,
        groups=groups,
        teams=teams,
        round_times=times,
        entry_settings=settings,
        entries=entries,
        rounds=rounds,
        runs=runs,
    )


def _live_runs_check(where: str, rounds: list[RoundData], runs: list[dict[str, Any]]) -> None:
    """A run queued or running is restored as one, and carried out once the restore is
    committed: its round must be in the file, waiting for it (status ``pairing``); and a
    round waiting for its pairing has the run that pairs it, or it would wait forever."""
    pairing = {r.columns["number"] for r in rounds if r.columns["status"] == RoundStatus.PAIRING}
    live = set()
    for index, run in enumerate(runs):
        if run["status"] not in ACTIVE_STATUSES:
            continue
        number = run["round_number"]
        live.add(number)
        if number not in pairing:
            raise BackupInvalid(
                f"{where}.pairing_runs[{index}].round_number",
                _(
                    "the run is %(status)s, but the section has no round %(number)s waiting "
                    "for its pairing"
                )
                % {"status": run["status"], "number": number},
            )
    for index, rnd in enumerate(rounds):
        if rnd.columns["number"] in pairing - live:
            raise BackupInvalid(
                f"{where}.rounds[{index}].status",
                _("the round is waiting for its pairing, but no run is queued or running for it"),
            )


def _player(raw: Any, where: str) -> PlayerData:
    columns = v.columns(fmt.PLAYER, raw, where, *fmt.PLAYER_LISTS)
    # The details as their one cleaner writes them ("nor" is NOR): what every way in keeps.
    try:
        columns.update(player_details_clean(columns).values())
    except DetailInvalid as exc:
        raise BackupInvalid(_at(where, exc.field), _(exc.template) % exc.params) from None
    withdrawn = columns["withdrawn_from_round"] is not None
    if columns["status"] == PlayerStatus.WITHDRAWN and not withdrawn:
        raise BackupInvalid(
            _at(where, "withdrawn_from_round"), "must be given for a withdrawn player"
        )
    if columns["status"] == PlayerStatus.ACTIVE and withdrawn:
        raise BackupInvalid(_at(where, "withdrawn_from_round"), "must be null for an active player")
    lists = {}
    for key, table in (
        ("bye_requests", fmt.BYE_REQUEST),
        ("bye_exclusions", fmt.BYE_EXCLUSION),
        ("check_ins", fmt.CHECK_IN),
    ):
        at = _at(where, key)
        lists[key] = [v.columns(table, item, w) for item, w in v.items(raw[key], at)]
        v.unique((row["round_number"] for row in lists[key]), at, "round_number", "entry")
    return PlayerData(columns=columns, **lists)


def _rank(raw: Any, where: str, ranks: set[int], what: str = "player") -> int:
    """A starting rank of the section's players (or `what`: its teams)."""
    rank = v.integer(raw, where, 1, 2147483647)
    if rank not in ranks:
        raise BackupInvalid(where, f"the section has no {what} of starting rank {rank}")
    return rank


def _group(raw: Any, where: str, ranks: set[int]) -> GroupData:
    columns = v.columns(fmt.PROHIBITED_GROUP, raw, where, "members", "forbidden_order")
    if columns["source"] == GroupSource.ATTRIBUTE and not columns["attribute"]:
        raise BackupInvalid(_at(where, "attribute"), "must name the attribute the group is of")
    at = _at(where, "members")
    members = [_rank(item, w, ranks) for item, w in v.items(raw["members"], at)]
    v.unique(members, at, "", "member")
    order = raw["forbidden_order"]
    if order is not None:
        at = _at(where, "forbidden_order")
        order = [v.integer(item, w, 1, 2147483647) for item, w in v.items(order, at)]
    return GroupData(columns=columns, members=members, forbidden_order=order)


def _team(raw: Any, where: str, ranks: set[int]) -> TeamData:
    columns = v.columns(fmt.TEAM, raw, where, "members")
    at = _at(where, "members")
    members = []
    for item, w in v.items(raw["members"], at):
        board = v.columns(fmt.TEAM_MEMBER, item, w, "player")["board_order"]
        members.append((board, _rank(item["player"], _at(w, "player"), ranks)))
    v.unique((board for board, _rank in members), at, "board_order", "member")
    return TeamData(columns=columns, members=members)


def _entries(
    raw: dict[str, Any], where: str, ranks: set[int], *, team: bool
) -> tuple[dict[str, Any] | None, list[EntryData]]:
    """The section's entry settings (None: it takes no entries) and its online entries."""
    settings = None
    at = _at(where, "entry_settings")
    if raw["entry_settings"] is not None:
        if team:
            raise BackupInvalid(at, "a team section takes no online entries: must be null")
        settings = v.columns(fmt.ENTRY_SETTINGS, raw["entry_settings"], at)
        opens, closes = settings["opens_at"], settings["closes_at"]
        if opens is not None and closes is not None and opens >= closes:
            raise BackupInvalid(_at(at, "closes_at"), "must be after opens_at")
    at = _at(where, "entries")
    entries = []
    for item, w in v.items(raw["entries"], at):
        if team:
            raise BackupInvalid(w, "a team section takes no online entries")
        columns = v.columns(fmt.ENTRY, item, w, "player")
        player = None
        if item["player"] is not None:
            player = _rank(item["player"], _at(w, "player"), ranks)
            if columns["status"] != EntryStatus.APPROVED:
                raise BackupInvalid(
                    _at(w, "player"), "must be null: only an approved entry became a player"
                )
        entries.append(EntryData(columns=columns, player=player))
    became: set[int] = set()
    live: set[str] = set()
    for index, e in enumerate(entries):
        if e.player is not None:
            if e.player in became:
                raise BackupInvalid(
                    f"{at}[{index}].player", f"another entry became player {e.player}"
                )
            became.add(e.player)
        # One live entry per FIDE id and section (a partial unique constraint).
        fide_id = e.columns["fide_id"]
        if fide_id and e.columns["status"] in LIVE_STATUSES:
            if fide_id in live:
                raise BackupInvalid(
                    f"{at}[{index}].fide_id",
                    f"another pending, approved or waiting entry has FIDE id {fide_id!r}",
                )
            live.add(fide_id)
    return settings, entries


def _token_hashes_unique(sections: list[SectionData]) -> None:
    """A link opens one entry: no two entries of the file share a link's hash."""
    seen: set[str] = set()
    for s_index, section in enumerate(sections):
        for e_index, entry in enumerate(section.entries):
            digest = entry.columns["token_hash"]
            if digest in seen:
                raise BackupInvalid(
                    f"sections[{s_index}].entries[{e_index}].token_hash",
                    "another entry has the same link hash",
                )
            seen.add(digest)


@dataclass
class _Seats:
    """The players (or teams, `what`) who have their place in one round: one game or bye
    each (a match or bye for a team), as the database's seats require."""

    ranks: set[int]
    what: str = "player"
    place: str = "a game or bye"
    seated: set[int] = field(default_factory=set)

    def take(self, raw: Any, where: str) -> int:
        """The starting rank at `where`, seated; refused when seated already."""
        rank = _rank(raw, where, self.ranks, self.what)
        if rank in self.seated:
            raise BackupInvalid(where, f"{self.what} {rank} already has {self.place} in this round")
        self.seated.add(rank)
        return rank


def _round(raw: Any, where: str, ranks: set[int], teams: set[int]) -> RoundData:
    columns = v.columns(fmt.ROUND, raw, where, *fmt.ROUND_LISTS)
    seats = _Seats(ranks)
    games = []
    at = _at(where, "games")
    for item, w in v.items(raw["games"], at):
        game = v.columns(fmt.GAME, item, w, "white", "black")
        white = seats.take(item["white"], _at(w, "white"))
        black = seats.take(item["black"], _at(w, "black"))
        games.append(GameData(columns=game, white=white, black=black))
    v.unique((g.columns["board"] for g in games), at, "board", "game")
    byes = []
    for item, w in v.items(raw["byes"], _at(where, "byes")):
        bye = v.columns(fmt.BYE, item, w, "player")
        byes.append((seats.take(item["player"], _at(w, "player")), bye))
    matches, team_byes = _team_rounds(raw, where, ranks, teams)
    return RoundData(
        columns=columns, games=games, byes=byes, team_matches=matches, team_byes=team_byes
    )


def _team_rounds(
    raw: dict[str, Any], where: str, ranks: set[int], teams: set[int]
) -> tuple[list[MatchData], list[tuple[int, dict[str, Any]]]]:
    """A round's team matches with their line-ups, and its team byes."""
    seats = _Seats(teams, "team", "a match or bye")
    playing: set[int] = set()
    matches = []
    at = _at(where, "team_matches")
    for item, w in v.items(raw["team_matches"], at):
        match = v.columns(fmt.TEAM_MATCH, item, w, "white_team", "black_team", "lineups")
        white = seats.take(item["white_team"], _at(w, "white_team"))
        black = seats.take(item["black_team"], _at(w, "black_team"))
        lineups = []
        for line, lw in v.items(item["lineups"], _at(w, "lineups")):
            board = v.columns(fmt.LINEUP, line, lw, "team", "player")["board"]
            team = _rank(line["team"], _at(lw, "team"), teams, "team")
            if team not in (white, black):
                raise BackupInvalid(_at(lw, "team"), f"team {team} does not play this match")
            player = None
            if line["player"] is not None:
                player = _rank(line["player"], _at(lw, "player"), ranks)
                if player in playing:
                    raise BackupInvalid(
                        _at(lw, "player"),
                        f"player {player} is already lined up in this round",
                    )
                playing.add(player)
            lineups.append((team, board, player))
        v.unique(((t, b) for t, b, _p in lineups), _at(w, "lineups"), "board", "line-up entry")
        matches.append(
            MatchData(columns=match, white_team=white, black_team=black, lineups=lineups)
        )
    v.unique((m.columns["number"] for m in matches), at, "number", "match")
    team_byes = []
    for item, w in v.items(raw["team_byes"], _at(where, "team_byes")):
        bye = v.columns(fmt.TEAM_BYE, item, w, "team")
        team_byes.append((seats.take(item["team"], _at(w, "team")), bye))
    return matches, team_byes


# ---------------------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------------------


def _log_entry(raw: Any, where: str, slugs: set[str], players: set[tuple[str, int]]) -> LogData:
    columns = v.columns(fmt.LOG_ENTRY, raw, where, "section", "players")
    section = raw["section"]
    if section is not None and (not isinstance(section, str) or section not in slugs):
        raise BackupInvalid(_at(where, "section"), f"the file has no section {section!r}")
    named = []
    at = _at(where, "players")
    for item, w in v.items(raw["players"], at):
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
    v.unique(named, at, "", "entry naming the same player")
    return LogData(columns=columns, section=section, players=named)
