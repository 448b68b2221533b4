"""Reading an event whole, as the backup file describes it (`archives.format`)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from archives import format as fmt
from common.types import JSONObject
from entries.models import Entry
from entries.models import EntrySettings
from pairing.models import PairingRun
from teams.models import Lineup
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from tournaments.models import Bye
from tournaments.models import ByeExclusion
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundTime
from tournaments.models import Section

__all__ = ["event_archive_get", "event_backup_get"]


def event_backup_get(*, event: Event) -> bytes:
    """The backup file of `event` (`event_archive_get`, written by `archives.format`)."""
    return fmt.archive_dumps(event_archive_get(event=event))


def event_archive_get(*, event: Event) -> JSONObject:
    """Everything `event` is, as the plain data of its backup file (`archives.format`).

    Twenty-one queries, whatever the size of the event. The caller decides who may have
    it: the file holds unpublished rounds, the whole log and the entrants' addresses.
    """
    sections = list(Section.objects.filter(event=event).order_by("pk"))
    players = list(
        Player.objects.filter(section__event=event).order_by("section_id", "starting_rank")
    )
    rank = {p.pk: p.starting_rank for p in players}
    slug = {s.pk: s.slug for s in sections}
    named = {p.pk: [slug[p.section_id], p.starting_rank] for p in players}
    teams = list(Team.objects.filter(section__event=event).order_by("pk"))
    team_rank = {t.pk: t.starting_rank for t in teams}
    rounds = list(Round.objects.filter(section__event=event).order_by("section_id", "number"))

    by_player: dict[str, dict[int, list[dict[str, Any]]]] = {
        key: defaultdict(list) for key in fmt.PLAYER_LISTS
    }
    for key, table, model in (
        ("bye_requests", fmt.BYE_REQUEST, ByeRequest),
        ("bye_exclusions", fmt.BYE_EXCLUSION, ByeExclusion),
        ("check_ins", fmt.CHECK_IN, CheckIn),
    ):
        rows = model.objects.filter(player__section__event=event).order_by("round_number")
        for row in rows:
            by_player[key][row.player_id].append(fmt.columns_out(table, row))
    by_section: dict[int, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for p in players:
        by_section[p.section_id]["players"].append(
            {
                **fmt.columns_out(fmt.PLAYER, p),
                **{key: by_player[key][p.pk] for key in fmt.PLAYER_LISTS},
            }
        )
    _groups(event, {s.pk: s for s in sections}, rank, by_section)
    _teams(event, teams, rank, by_section)
    for rnd, content in zip(rounds, _rounds(event, rounds, rank, team_rank), strict=True):
        by_section[rnd.section_id]["rounds"].append(content)
    times = RoundTime.objects.filter(section__event=event).order_by("section_id", "number")
    for t in times:
        by_section[t.section_id]["round_times"].append(fmt.columns_out(fmt.ROUND_TIME, t))
    settings = _entries(event, rank, by_section)
    runs = PairingRun.objects.filter(section__event=event).order_by("created_at", "pk")
    for run in runs:
        columns = fmt.columns_out(fmt.PAIRING_RUN, run)
        columns["request"].pop(fmt.RUN_REQUEST_USER, None)
        by_section[run.section_id]["pairing_runs"].append(columns)
    return {
        "format": fmt.FORMAT,
        "version": fmt.VERSION,
        "event": fmt.columns_out(fmt.EVENT, event),
        "sections": [
            {
                **fmt.columns_out(fmt.SECTION, s),
                "trf_extra": fmt.canonical(
                    {k: v for k, v in s.trf_extra.items() if k != fmt.FORBIDDEN_ORDER}
                ),
                **{
                    key: settings.get(s.pk) if key == "entry_settings" else by_section[s.pk][key]
                    for key in fmt.SECTION_LISTS
                },
            }
            for s in sections
        ],
        "log": _log(event, slug, named),
    }


def _groups(
    event: Event,
    sections: dict[int, Section],
    rank: dict[int, int],
    by_section: dict[int, dict[str, list[dict[str, Any]]]],
) -> None:
    """Prohibited groups in the order they were made (strict groups are written to TRF in
    that order), each with the order its TRF file listed the members in, if kept."""
    groups = ProhibitedGroup.objects.filter(section__event=event).order_by("pk")
    members = defaultdict(list)
    through = ProhibitedGroup.members.through.objects.filter(prohibitedgroup__section__event=event)
    for group_pk, player_pk in through.values_list("prohibitedgroup", "player"):
        members[group_pk].append(rank[player_pk])
    for g in groups:
        written = sections[g.section_id].trf_extra.get(fmt.FORBIDDEN_ORDER, {}).get(str(g.pk))
        by_section[g.section_id]["prohibited_groups"].append(
            {
                **fmt.columns_out(fmt.PROHIBITED_GROUP, g),
                "members": sorted(members[g.pk]),
                "forbidden_order": written,
            }
        )


def _teams(
    event: Event,
    teams: list[Team],
    rank: dict[int, int],
    by_section: dict[int, dict[str, list[dict[str, Any]]]],
) -> None:
    rosters = defaultdict(list)
    members = TeamMember.objects.filter(team__section__event=event).order_by("board_order")
    for m in members:
        rosters[m.team_id].append(
            {**fmt.columns_out(fmt.TEAM_MEMBER, m), "player": rank[m.player_id]}
        )
    for t in teams:
        by_section[t.section_id]["teams"].append(
            {**fmt.columns_out(fmt.TEAM, t), "members": rosters[t.pk]}
        )


def _entries(
    event: Event, rank: dict[int, int], by_section: dict[int, dict[str, list[dict[str, Any]]]]
) -> dict[int, dict[str, Any]]:
    """The entries of each section in the order they were made (the waiting list's order),
    each with the player it became; returns the sections' entry settings, by section id."""
    entries = Entry.objects.filter(section__event=event).order_by("created_at", "pk")
    for e in entries:
        by_section[e.section_id]["entries"].append(
            {
                **fmt.columns_out(fmt.ENTRY, e),
                "player": rank[e.player_id] if e.player_id is not None else None,
            }
        )
    settings = EntrySettings.objects.filter(section__event=event)
    return {s.section_id: fmt.columns_out(fmt.ENTRY_SETTINGS, s) for s in settings}


def _rounds(
    event: Event, rounds: list[Round], rank: dict[int, int], team_rank: dict[int, int]
) -> list[dict[str, Any]]:
    """Each round with its games, byes, team matches (with their line-ups) and team byes."""
    content: dict[int, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    in_event = {"round__section__event": event}
    for g in Game.objects.filter(**in_event).order_by("round_id", "board"):
        content[g.round_id]["games"].append(
            {**fmt.columns_out(fmt.GAME, g), "white": rank[g.white_id], "black": rank[g.black_id]}
        )
    byes = sorted(Bye.objects.filter(**in_event).order_by(), key=lambda b: rank[b.player_id])
    for b in byes:
        content[b.round_id]["byes"].append(
            {"player": rank[b.player_id], **fmt.columns_out(fmt.BYE, b)}
        )
    lineups = defaultdict(list)
    lineup_rows = Lineup.objects.filter(**in_event).order_by()
    for line in sorted(lineup_rows, key=lambda row: (team_rank[row.team_id], row.board)):
        lineups[line.match_id].append(
            {
                "team": team_rank[line.team_id],
                **fmt.columns_out(fmt.LINEUP, line),
                "player": rank[line.player_id] if line.player_id is not None else None,
            }
        )
    for m in TeamMatch.objects.filter(**in_event).order_by("round_id", "number"):
        content[m.round_id]["team_matches"].append(
            {
                **fmt.columns_out(fmt.TEAM_MATCH, m),
                "white_team": team_rank[m.white_team_id],
                "black_team": team_rank[m.black_team_id],
                "lineups": lineups[m.pk],
            }
        )
    team_byes = sorted(
        TeamBye.objects.filter(**in_event).order_by(), key=lambda b: team_rank[b.team_id]
    )
    for tb in team_byes:
        content[tb.round_id]["team_byes"].append(
            {"team": team_rank[tb.team_id], **fmt.columns_out(fmt.TEAM_BYE, tb)}
        )
    return [
        {
            **fmt.columns_out(fmt.ROUND, r),
            **{key: content[r.pk][key] for key in fmt.ROUND_LISTS},
        }
        for r in rounds
    ]


def _log(event: Event, slug: dict[int, str], named: dict[int, list[Any]]) -> list[dict[str, Any]]:
    """The log, oldest first, without the entries restores wrote (`archives.format`)."""
    entries = list(
        LogEntry.objects.filter(event=event)
        .exclude(action=LogAction.RESTORE)
        .order_by("created_at", "pk")
    )
    players = defaultdict(list)
    through = LogEntry.players.through.objects.filter(logentry__event=event)
    for entry_pk, player_pk in through.values_list("logentry", "player"):
        # A player of another event (which no service writes) has no name in this file.
        if player_pk in named:
            players[entry_pk].append(named[player_pk])
    return [
        {
            **fmt.columns_out(fmt.LOG_ENTRY, e),
            "section": slug.get(e.section_id) if e.section_id is not None else None,
            "players": sorted(players[e.pk]),
        }
        for e in entries
    ]
