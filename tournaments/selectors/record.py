"""The tournament record of a section, built from the database, and its TRF file.

`section_record_base` is the one place that turns the rows of this app into a `Record`; its
mirror image is `tournaments.services.records.do_section_record_store`. A team section's rounds
(line-ups, team byes, forfeited matches) live in the teams app, which adds them: every reader
takes a section's record from `teams.selectors.section_record_get`. What a TRF file says that
has no column of its own sits in the `trf_extra` JSON fields (`chesscore.record.codec`).

The forbidden pairings of a record are every pairing the section forbids, in the numbers it
pairs: the imported file's (`file_forbidden_pairings`), then its strict prohibited groups,
of players (`player_group_pairings`) or, in a team section, of teams
(`teams.selectors.team_group_pairings`).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Mapping
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING
from typing import Any
from typing import TypedDict
from typing import get_type_hints

from django.db.models import F

from chesscore.record import model as rec
from chesscore.record import trf
from chesscore.record.codec import decode
from chesscore.record.people import record_player_fields
from common.exceptions import ValidationError
from tournaments.models import SCORING_COLUMNS
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ByeRequest
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import GroupSource
from tournaments.models import InitialColour
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Section
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.selectors.schedule import section_round_dates

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    class _TeamPlace(TypedDict):
        team_pk: int | None
        team_board: int | None

    # A player read with their team and their board on it, None for none (`section_record`).
    TeamPlayer = WithAnnotations[Player, _TeamPlace]

# A game result as the two TRF result codes of White and Black.
GAME_CODES: dict[str, tuple[rec.ResultCode, rec.ResultCode]] = {
    GameResult.PENDING: (rec.ResultCode.UNPAIRED, rec.ResultCode.UNPAIRED),
    GameResult.WHITE_WINS: (rec.ResultCode.WIN, rec.ResultCode.LOSS),
    GameResult.BLACK_WINS: (rec.ResultCode.LOSS, rec.ResultCode.WIN),
    GameResult.DRAW: (rec.ResultCode.DRAW, rec.ResultCode.DRAW),
    GameResult.WHITE_WINS_FORFEIT: (rec.ResultCode.FORFEIT_WIN, rec.ResultCode.FORFEIT_LOSS),
    GameResult.BLACK_WINS_FORFEIT: (rec.ResultCode.FORFEIT_LOSS, rec.ResultCode.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (rec.ResultCode.FORFEIT_LOSS, rec.ResultCode.FORFEIT_LOSS),
    GameResult.WHITE_WINS_UNRATED: (rec.ResultCode.UNRATED_WIN, rec.ResultCode.UNRATED_LOSS),
    GameResult.BLACK_WINS_UNRATED: (rec.ResultCode.UNRATED_LOSS, rec.ResultCode.UNRATED_WIN),
    GameResult.DRAW_UNRATED: (rec.ResultCode.UNRATED_DRAW, rec.ResultCode.UNRATED_DRAW),
}

# An absence has no TRF code of its own without an opponent; it scores like a zero bye.
BYE_CODES: dict[str, rec.ResultCode] = {
    ByeKind.PAIRING_ALLOCATED: rec.ResultCode.PAIRING_ALLOCATED_BYE,
    ByeKind.HALF_POINT: rec.ResultCode.HALF_POINT_BYE,
    ByeKind.FULL_POINT: rec.ResultCode.FULL_POINT_BYE,
    ByeKind.ZERO_POINT: rec.ResultCode.ZERO_POINT_BYE,
    ByeKind.ABSENT: rec.ResultCode.ZERO_POINT_BYE,
}

# Record fields kept whole in `Section.trf_extra` under their own name when not default.
EXTRA_RECORD_FIELDS = (
    "order_by_file_position",
    "match_scoring",
    "accelerated_rounds",
    "bye_assignments",
    "absent_next_round",
    "pab_exclusions",
    "standings_score",
    "team_rules",
    "lineups",
    "team_pab",
    "forfeited_matches",
    "extra_lines",
    "soft_groups",
    "released",
)


def record_trf_get(*, record: rec.Record, dialect: trf.Dialect) -> str:
    """`record` (`teams.selectors.section_record_get`'s, completed as the caller needs) as a
    TRF file; `ValidationError` when a value does not fit its columns."""
    try:
        return trf.write(record, dialect)
    except ValueError as exc:
        raise ValidationError(f"This section cannot be written as TRF: {exc}") from exc


def section_record_base(section: Section, *, groups: bool = True, dates: bool = True) -> rec.Record:
    """The tournament record of `section` as this app's rows hold it, in nine queries (seven
    for a team section): all of an individual section's, a team section's without its
    teams' rounds and groups (read it with `teams.selectors.section_record_get`, which adds
    them).

    Rounds count when published or completed. A player's round entry is their game or bye
    in that round, else the bye they asked for (`ByeRequest`), else unpaired; scores are not
    stored, the record's consumers compute them. The forbidden pairings are the imported
    file's (`file_forbidden_pairings`), then, in an individual section and unless `groups`
    is false (two queries fewer), one per strict prohibited group
    (`player_group_pairings`), as the TRF writes them (``XXP``/260). The round dates (132)
    come from the section's schedule where a round has a time, unless `dates` is false (one
    query fewer, for the pairing and the standings, which do not read them). The system is
    the section's (`Section.system`), but none for a section whose file named none (its TRF
    export names none either); the team rules, those of the file it came from
    (``trf_extra``), else the defaults.
    """
    extra: dict[str, Any] = section.trf_extra
    players: list[TeamPlayer] = list(
        section.players.annotate(
            team_pk=F("team_member__team"), team_board=F("team_member__board_order")
        )
    )
    rank_of = {p.pk: p.starting_rank for p in players}
    entries = _round_entries(section, rank_of)
    order = _stored_order(extra.get("player_order"), [p.starting_rank for p in players])
    by_rank = {p.starting_rank: p for p in players}
    record_players = tuple(_record_player(by_rank[r], entries[r]) for r in order)
    hints = get_type_hints(rec.Record)
    kept = {name: decode(hints[name], extra[name]) for name in EXTRA_RECORD_FIELDS if name in extra}
    kept.update(_soft_groups(section, kept))
    return rec.Record(
        players=record_players,
        event=_record_event(section, extra, dates=dates),
        system="" if extra.get("system_absent") else section.system,
        planned_rounds=None if extra.get("planned_rounds_absent") else section.planned_rounds,
        initial_colour=_INITIAL_COLOURS[section.initial_colour],
        scoring=section_scoring(section),
        acceleration=rec.Acceleration(section.acceleration),
        virtual_points=_virtual_points(players, extra),
        forbidden_pairings=(
            *file_forbidden_pairings(section),
            *(player_group_pairings(section, players) if groups and not section.is_team else ()),
        ),
        tiebreaks=tuple(section.tiebreaks),
        teams=_teams(section, players, extra),
        **kept,
    )


_INITIAL_COLOURS: dict[str, rec.Colour | None] = {
    InitialColour.WHITE: rec.Colour.WHITE,
    InitialColour.BLACK: rec.Colour.BLACK,
    InitialColour.LOT: None,
}


_SOFT_KIND_LETTERS = {ConstraintKind.SOFT_FROM_BOTTOM: "B", ConstraintKind.SOFT_LOWEST: "L"}


def _soft_groups(section: Section, kept: dict[str, Any]) -> dict[str, Any]:
    """``RKG``/``RKR`` entries: those of an imported file, then the soft groups each round
    paired here was paired with, as stored with the round (one query)."""
    groups: list[rec.SoftGroup] = list(kept.get("soft_groups", ()))
    released: list[rec.ReleasedPlayers] = list(kept.get("released", ()))
    rounds = section.rounds.filter(
        status__in=VISIBLE_ROUND_STATUSES, explanation__has_key="groups"
    ).order_by("number")
    for number, explanation in rounds.values_list("number", "explanation"):
        for group in explanation["groups"]:
            letter = _SOFT_KIND_LETTERS.get(group["kind"])
            if letter is not None:
                groups.append(rec.SoftGroup(number, letter, tuple(group["members"])))
        if explanation.get("released"):
            released.append(rec.ReleasedPlayers(number, tuple(explanation["released"])))
    return {"soft_groups": tuple(groups), "released": tuple(released)}


def _round_entries(section: Section, rank_of: dict[int, int]) -> dict[int, list[rec.RoundEntry]]:
    """Every player's round entries, from games, byes and bye requests (three queries)."""
    entries: dict[int, dict[int, rec.RoundEntry]] = {rank: {} for rank in rank_of.values()}
    uncoloured = {tuple(pair) for pair in section.trf_extra.get("uncoloured_games", [])}
    visible = {"round__section": section, "round__status__in": VISIBLE_ROUND_STATUSES}
    games = Game.objects.filter(**visible).values_list("round__number", "white", "black", "result")
    for number, white_pk, black_pk, result in games:
        white, black = rank_of[white_pk], rank_of[black_pk]
        white_code, black_code = GAME_CODES[result]
        has_colour = (number, white) not in uncoloured
        white_colour = rec.Colour.WHITE if has_colour else rec.Colour.NONE
        entries[white][number] = rec.RoundEntry(black, white_colour, white_code)
        entries[black][number] = rec.RoundEntry(white, white_colour.opposite, black_code)
    byes = Bye.objects.filter(**visible).values_list("round__number", "player", "kind")
    for number, player_pk, kind in byes:
        entries[rank_of[player_pk]][number] = rec.RoundEntry(result=BYE_CODES[kind])
    requests = ByeRequest.objects.filter(player__section=section)
    for player_pk, number, kind in requests.values_list("player", "round_number", "kind"):
        entries[rank_of[player_pk]].setdefault(number, rec.RoundEntry(result=rec.ResultCode(kind)))
    return {
        rank: [by_round.get(n, rec.UNPAIRED) for n in range(1, max(by_round, default=0) + 1)]
        for rank, by_round in entries.items()
    }


def _record_player(player: Player, rounds: list[rec.RoundEntry]) -> rec.Player:
    extra: dict[str, Any] = player.trf_extra
    return rec.Player(
        rank=player.starting_rank,
        **record_player_fields(player.details),
        points=Fraction(extra["points"]) if extra.get("points") is not None else None,
        final_rank=extra.get("final_rank"),
        rounds=tuple(rounds),
    )


def _record_event(section: Section, extra: dict[str, Any], *, dates: bool) -> rec.Event:
    """The TRF header: as imported when the section came from a file (its 192 code the
    file's own), else the event's; the round dates (132) from the schedule where a round
    has a time (one query)."""
    if "event" in extra:
        event: rec.Event = decode(rec.Event, extra["event"])
        if not dates:
            return event
        scheduled = section_round_dates(section=section, kept=event.round_dates)
        return dataclasses.replace(event, round_dates=scheduled)
    e = section.event
    return rec.Event(
        name=f"{e.name} — {section.name}",
        city=e.city,
        federation=e.federation,
        start_date=e.start_date,
        end_date=e.end_date,
        chief_arbiter=e.chief_arbiter,
        time_control=e.time_control,
        round_dates=section_round_dates(section=section) if dates else (),
    )


def section_scoring(section: Section) -> rec.ScoringSystem:
    """The section's scoring system, from its point columns: the one place it is kept,
    whether the organiser set it or a TRF file or backup brought it. Every reader of a
    section's points (standings, TRF export, team game points, pages) reads it here."""
    return points_scoring({column: getattr(section, column) for column in SCORING_COLUMNS.values()})


def points_scoring(points: Mapping[str, Decimal]) -> rec.ScoringSystem:
    """The scoring system that values of the point columns make (by column name)."""
    return rec.ScoringSystem(
        **{name: Fraction(points[column]) for name, column in SCORING_COLUMNS.items()}
    )


def _virtual_points(
    players: Sequence[Player], extra: dict[str, Any]
) -> tuple[rec.VirtualPoints, ...]:
    """Manual acceleration (XXA): per player, plus any lines that had no place on a player."""
    kept = decode(tuple[rec.VirtualPoints, ...], extra.get("virtual_points", []))
    on_players = tuple(
        rec.VirtualPoints(p.starting_rank, tuple(Fraction(v) for v in p.acceleration))
        for p in players
        if p.acceleration
    )
    return (*kept, *on_players)


def file_forbidden_pairings(section: Section) -> tuple[rec.ForbiddenPairing, ...]:
    """The forbidden pairings an imported file listed that no prohibited group holds (round
    ranges, repeated ids, and every one of a team file, whose ids are teams: see
    `tournaments.services.records`), in the file's numbers. No query."""
    kept: tuple[rec.ForbiddenPairing, ...] = decode(
        tuple[rec.ForbiddenPairing, ...], section.trf_extra.get("forbidden_pairings", [])
    )
    return kept


def player_group_pairings(
    section: Section, players: Sequence[Player]
) -> tuple[rec.ForbiddenPairing, ...]:
    """The section's strict prohibited groups as forbidden pairings of players (two
    queries), in the order the file listed them when it did (`players`: the section's).

    A group made from an attribute forbids pairings among players sharing a value of it.
    """
    strict = section.prohibited_groups.filter(kind=ConstraintKind.STRICT).order_by("pk")
    members = defaultdict(list)
    through = ProhibitedGroup.members.through.objects.filter(prohibitedgroup__in=strict)
    for group_pk, rank in through.values_list("prohibitedgroup", "player__starting_rank"):
        members[group_pk].append(rank)
    written: dict[str, list[int]] = section.trf_extra.get("forbidden_order", {})
    result: list[rec.ForbiddenPairing] = []
    for group in strict:
        if group.source == GroupSource.ATTRIBUTE:
            result.extend(_attribute_pairings(group.attribute, players))
            continue
        ranks = _stored_order(written.get(str(group.pk)), sorted(members[group.pk]))
        if len(ranks) >= 2:
            result.append(rec.ForbiddenPairing(tuple(ranks)))
    return tuple(result)


def _attribute_pairings(attribute: str, players: Sequence[Player]) -> list[rec.ForbiddenPairing]:
    values: dict[object, list[int]] = defaultdict(list)
    for p in players:
        # A player read with its team (`TeamPlayer`) carries ``team_pk``.
        value = getattr(p, "team_pk", None) if attribute == "team" else getattr(p, attribute, "")
        if value not in ("", None):
            values[value].append(p.starting_rank)
    return [
        rec.ForbiddenPairing(tuple(ranks))
        for _value, ranks in sorted(values.items(), key=lambda item: item[1])
        if len(ranks) >= 2
    ]


def _teams(
    section: Section, players: list[TeamPlayer], extra: dict[str, Any]
) -> tuple[rec.Team, ...]:
    """Teams of the section in pairing-number order (one query), members in board order."""
    if "teams" in extra:
        kept: tuple[rec.Team, ...] = decode(tuple[rec.Team, ...], extra["teams"])
        return kept
    rosters: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for p in players:
        if p.team_pk is not None and p.team_board is not None:
            rosters[p.team_pk].append((p.team_board, p.starting_rank))
    details: dict[str, dict[str, Any]] = extra.get("team_details", {})
    teams = []
    for pk, number, name, short_name in section.teams.order_by("starting_rank").values_list(
        "pk", "starting_rank", "name", "short_name"
    ):
        more = details.get(str(number), {})
        teams.append(
            rec.Team(
                number=number,
                name=name,
                nickname=short_name,
                members=tuple(rank for _board, rank in sorted(rosters[pk])),
                strength_factor=decode(Fraction | None, more.get("strength_factor")),
                match_points=decode(Fraction | None, more.get("match_points")),
                game_points=decode(Fraction | None, more.get("game_points")),
                rank=more.get("rank"),
            )
        )
    return tuple(teams)


def _stored_order(written: list[int] | None, current: list[int]) -> list[int]:
    """The order a file listed things in, while it still names exactly the current ones."""
    if written is not None and sorted(written) == sorted(current):
        return list(written)
    return current
