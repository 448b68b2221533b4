"""Reads: a section's record, the one every reader takes (`section_record_get`), with the
teams' rounds played on the site in a team section."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from chesscore.record import model as rec
from teams.models import Lineup
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.selectors.rosters import match_scoring
from tournaments.models import ConstraintKind
from tournaments.models import GroupSource
from tournaments.models import Section
from tournaments.selectors.record import section_record_base
from tournaments.selectors.record import section_scoring
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES


def section_record_get(*, section: Section, dates: bool = True, groups: bool = True) -> rec.Record:
    """The record of `section`, as standings, crosstables, exports, backups and the pairing
    read it: `tournaments.selectors.record.section_record_base`'s, with, in a team section,
    what the site knows of the teams' rounds (`_team_rounds_added`).

    Its forbidden pairings are every pairing the section forbids, in the numbers it pairs:
    the imported file's, then the strict prohibited groups, of players
    (`tournaments.selectors.record.player_group_pairings`) or, in a team section, of teams
    (`team_group_pairings`). `groups` false leaves the groups out, for the pairing of a
    section of players, which takes them apart with their names. `dates`: see
    `section_record_base`. A team section costs four queries more than the base, two more
    with strict groups and one per strict group by federation.
    """
    record = section_record_base(section, dates=dates, groups=groups)
    if not section.is_team:
        return record
    record = _team_rounds_added(section, record)
    if groups:
        record = replace(
            record, forbidden_pairings=(*record.forbidden_pairings, *team_group_pairings(section))
        )
    return record


def _team_rounds_added(section: Section, record: rec.Record) -> rec.Record:
    """`record` with the teams' rounds of the published rounds added.

    - a line-up (300) per team of every match, empty boards as ``0000``;
    - the forfeited matches (330) and the team PAB of each round (320, worth
      `team_pab_points`);
    - the board colours (352) when the section has a number of boards and the record no
      sequence: White for the board-1 team on odd boards (C.04.6 4).

    Rows here replace what an imported file said about the same round; the rest of the
    imported lines stay. Three queries.
    """
    matches = list(
        TeamMatch.objects.filter(
            round__section=section, round__status__in=VISIBLE_ROUND_STATUSES
        ).select_related("round", "white_team", "black_team")
    )
    boards: dict[tuple[int, int], dict[int, int | None]] = defaultdict(dict)
    for lineup in Lineup.objects.filter(match__in=matches).select_related("player", "team"):
        rank = lineup.player.starting_rank if lineup.player else None
        boards[lineup.match_id, lineup.team.starting_rank][lineup.board] = rank
    lineups, forfeits, seen = [], [], set()
    for m in matches:
        number, white, black = (
            m.round.number,
            m.white_team.starting_rank,
            m.black_team.starting_rank,
        )
        seen.add(number)
        for team, opponent in ((white, black), (black, white)):
            side = boards.get((m.pk, team))
            if side:
                line = tuple(side.get(b) for b in range(1, max(side) + 1))
                lineups.append(rec.TeamLineup(number, team, opponent, line))
        if m.forfeit:
            forfeits.append(rec.ForfeitedMatch(rec.MatchForfeit(m.forfeit), number, white, black))
    byes = dict(
        TeamBye.objects.filter(
            round__section=section, round__status__in=VISIBLE_ROUND_STATUSES
        ).values_list("round__number", "team__starting_rank")
    )
    seen.update(byes)
    kept_lineups = tuple(x for x in record.lineups if x.round not in seen)
    kept_forfeits = tuple(x for x in record.forfeited_matches if x.round not in seen)
    event = record.event
    if not event.board_colours and section.boards_per_match:
        event = replace(
            event, board_colours=("WB" * section.boards_per_match)[: section.boards_per_match]
        )
    return replace(
        record,
        event=event,
        lineups=kept_lineups + tuple(lineups),
        forfeited_matches=kept_forfeits + tuple(forfeits),
        team_pab=_team_pab(section, record, seen, byes),
    )


def team_pab_points(section: Section) -> tuple[Fraction, Fraction]:
    """Match and game points of the team PAB: a drawn match and a draw on every board
    (C.04.6 1.4), unless the section's imported file said otherwise (320)."""
    kept = section.trf_extra.get("team_pab")
    if kept:
        return Fraction(kept["match_points"]), Fraction(kept["game_points"])
    boards = section.boards_per_match or 0
    return match_scoring(section).draw, section_scoring(section).draw * boards


def _team_pab(
    section: Section, record: rec.Record, seen: set[int], byes: dict[int, int]
) -> rec.TeamPab | None:
    """The 320 line: the file's PAB teams in rounds the site has not paired, the site's in
    the others."""
    teams: dict[int, int | None] = {}
    if record.team_pab is not None:
        teams = {n: t for n, t in enumerate(record.team_pab.teams, start=1) if n not in seen}
    teams.update(byes)
    if not any(t is not None for t in teams.values()):
        return record.team_pab
    match_points, game_points = team_pab_points(section)
    last = max(n for n, t in teams.items() if t is not None)
    return rec.TeamPab(match_points, game_points, tuple(teams.get(n) for n in range(1, last + 1)))


def team_group_pairings(section: Section) -> tuple[rec.ForbiddenPairing, ...]:
    """The section's strict prohibited groups as forbidden pairings of teams (260/XXP name
    teams in a team file): a group of players forbids the pairing of their teams, a group by
    federation the pairing of teams of one federation (`team_groups_get`)."""
    return tuple(
        rec.ForbiddenPairing(numbers)
        for _name, numbers in team_groups_get(section=section, kind=ConstraintKind.STRICT)
    )


def team_groups_get(*, section: Section, kind: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The section's prohibited groups of ``kind`` as groups of teams: (name, team numbers).

    A group of players keeps their teams apart; a group by federation, the teams of one
    federation. Groups by another attribute say nothing about teams. One query, three with
    groups, and one more per group by federation.
    """
    groups = list(
        section.prohibited_groups.filter(kind=kind).order_by("pk").prefetch_related("members")
    )
    if not groups:
        return ()
    team_of = dict(
        TeamMember.objects.filter(team__section=section).values_list(
            "player__starting_rank", "team__starting_rank"
        )
    )
    found: list[tuple[str, tuple[int, ...]]] = []
    for group in groups:
        if group.source == GroupSource.ATTRIBUTE:
            if group.attribute == "federation":
                found.extend((group.name, f.ranks) for f in _federation_pairings(section))
            continue
        teams = {team_of.get(p.starting_rank) for p in group.members.all()}
        numbers = tuple(sorted(t for t in teams if t is not None))
        if len(numbers) >= 2:
            found.append((group.name, numbers))
    return tuple(found)


def _federation_pairings(section: Section) -> list[rec.ForbiddenPairing]:
    by_federation: dict[str, list[int]] = defaultdict(list)
    for number, federation in section.teams.order_by("starting_rank").values_list(
        "starting_rank", "federation"
    ):
        if federation:
            by_federation[federation].append(number)
    return [
        rec.ForbiddenPairing(tuple(numbers))
        for numbers in sorted(by_federation.values())
        if len(numbers) >= 2
    ]
