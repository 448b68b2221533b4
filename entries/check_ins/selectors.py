"""Reads of check-in: who is present for the round about to be paired, who is missing,
and the players a visitor may check in themselves."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from chesscore.record.names import name_found
from chesscore.record.names import name_query
from chesscore.record.names import name_search_key
from common.collation import by_name
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import Event
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.rounds import section_next_round


def check_in_round_get(*, section: Section) -> int | None:
    """The round players check in for now: the next round not paired yet, when the section
    asks for check-in in it; None when no round of the section is checked in for, and
    while a round is being paired or is a draft (its check-in is over, the next one's has
    not begun)."""
    number = section_next_round(section=section)
    if section.is_team or number > section.planned_rounds or not section.checks_in(number):
        return None
    if section.rounds.filter(status__in=(RoundStatus.PAIRING, RoundStatus.DRAFT)).exists():
        return None
    return number


def round_players_list(*, section: Section, number: int) -> QuerySet[Player]:
    """The players of `section` who play in round `number` unless absent: not withdrawn by
    then, entered by then, with no bye asked for in it; by name, in the order of the
    reader's alphabet (`common.collation`)."""
    asked = ByeRequest.objects.filter(player__section=section, round_number=number)
    return (
        section.players.exclude(status=PlayerStatus.WITHDRAWN, withdrawn_from_round__lte=number)
        .exclude(entry_round__gt=number)
        .exclude(pk__in=asked.values("player"))
        .order_by(*by_name("last_name", "first_name"), "starting_rank")
    )


def check_in_missing_list(*, section: Section, number: int) -> list[Player]:
    """The players expected in round `number` who have not checked in (by starting rank);
    empty when the section does not check in for that round."""
    if section.is_team or not section.checks_in(number):
        return []
    present = CheckIn.objects.filter(player__section=section, round_number=number)
    return list(
        round_players_list(section=section, number=number)
        .exclude(pk__in=present.values("player"))
        .order_by("starting_rank")
    )


def check_in_byes_count(*, section: Section, number: int) -> int:
    """How many zero-point byes pairing round `number` gave the players who had not checked
    in (they go when the round is deleted)."""
    return ByeRequest.objects.filter(
        player__section=section, round_number=number, from_check_in=True
    ).count()


@dataclass(frozen=True, slots=True)
class CheckInRow:
    player: Player
    present: bool
    by_self: bool
    search: str


@dataclass(frozen=True, slots=True)
class CheckInList:
    section: Section
    number: int
    rows: list[CheckInRow]

    @property
    def present(self) -> int:
        return sum(row.present for row in self.rows)

    @property
    def expected(self) -> int:
        return len(self.rows)


def check_in_list_get(*, section: Section, number: int) -> CheckInList:
    """Every player expected in round `number`, by name, with whether they checked in
    (two queries)."""
    marks = dict(
        CheckIn.objects.filter(player__section=section, round_number=number).values_list(
            "player", "by"
        )
    )
    rows = [
        CheckInRow(
            player=player,
            present=player.pk in marks,
            by_self=player.pk in marks and marks[player.pk] is None,
            search=name_search_key(player.first_name, player.last_name, player.club),
        )
        for player in round_players_list(section=section, number=number)
    ]
    return CheckInList(section=section, number=number, rows=rows)


def self_check_in_open(*, section: Section) -> int | None:
    """The round a player of `section` may check in for themselves now, or None: the
    section checks in for its next round (`check_in_round_get`), and the organisers set a
    check-in code."""
    if not section.check_in_code:
        return None
    return check_in_round_get(section=section)


@dataclass(frozen=True, slots=True)
class SelfCheckInMatch:
    player: Player
    number: int
    present: bool


def player_self_check_in_get(*, player: Player) -> SelfCheckInMatch | None:
    """The round `player` may check in for themselves now, and whether they have; None when
    their section is not open for self check-in (`self_check_in_open`) or they are not
    expected in that round (withdrawn, joining later, a bye asked for)."""
    number = self_check_in_open(section=player.section)
    if number is None:
        return None
    if not round_players_list(section=player.section, number=number).filter(pk=player.pk).exists():
        return None
    present = CheckIn.objects.filter(player=player, round_number=number).exists()
    return SelfCheckInMatch(player, number, present)


def self_check_in_find(*, event: Event, query: str, limit: int = 20) -> list[SelfCheckInMatch]:
    """The players of `event` whose name holds every word of `query` (by the site's one
    rule for names, `chesscore.record.names`: "thorsdottir" finds "Þórsdóttir"), in the
    sections open for self check-in; at most `limit`. A query of fewer than two letters
    finds no one, so the page never lists the whole entry."""
    words = name_query(query)
    if sum(len(folds[0]) for folds in words) < 2:
        return []
    found: list[SelfCheckInMatch] = []
    for section in event.sections.order_by("name"):
        number = self_check_in_open(section=section)
        if number is None:
            continue
        present = set(
            CheckIn.objects.filter(player__section=section, round_number=number).values_list(
                "player", flat=True
            )
        )
        for player in round_players_list(section=section, number=number):
            if name_found(words, name_search_key(player.first_name, player.last_name)):
                player.section = section
                found.append(SelfCheckInMatch(player, number, player.pk in present))
                if len(found) >= limit:
                    return found
    return found


def self_check_in_sections(*, event: Event) -> list[Section]:
    """The sections of `event` open for self check-in now."""
    return [s for s in event.sections.order_by("name") if self_check_in_open(section=s) is not None]


__all__ = [
    "CheckInList",
    "CheckInRow",
    "SelfCheckInMatch",
    "check_in_byes_count",
    "check_in_list_get",
    "check_in_missing_list",
    "check_in_round_get",
    "player_self_check_in_get",
    "round_players_list",
    "self_check_in_find",
    "self_check_in_open",
    "self_check_in_sections",
]
