"""Reads for pairing: the record a round is paired from, pairing runs, a round's boards."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from dataclasses import replace
from datetime import datetime

from celery import current_app
from django.conf import settings
from django.db.models import F
from django.db.models import Q
from django.db.models import QuerySet
from django.utils import timezone

from chesscore.pairing.constraints import Group
from chesscore.pairing.constraints import GroupKind
from chesscore.planners.values import PairingInput
from chesscore.planners.values import TeamInput
from chesscore.record import model as rec
from common import health
from pairing.models import ACTIVE_STATUSES
from pairing.models import PairingRun
from pairing.models import PairingWorker
from pairing.models import RunStatus
from teams.selectors import lineups_default_get
from teams.selectors import section_record_get
from teams.selectors import team_groups_get
from tournaments.models import Bye
from tournaments.models import ByeExclusion
from tournaments.models import ByeKind
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import GroupSource
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section


def pairing_run_get(*, run_id: int) -> PairingRun | None:
    """The run with its section and event (one query), or None."""
    return PairingRun.objects.select_related("section__event").filter(pk=run_id).first()


def pairing_queue_get(*, section: Section) -> str:
    """The queue a run of `section` is sent to (`settings.ROOKERY_PAIRING_QUEUES`): the
    large one for a section of `ROOKERY_PAIRING_LARGE_FROM` players or more (teams, in a
    team section), else the small one. One query.

    Rounds of a few hundred players take a second or two, of thousands minutes: with
    queues of their own, a small round never waits behind a large one."""
    entrants = section.teams if section.is_team else section.players
    size = "large" if entrants.count() >= settings.ROOKERY_PAIRING_LARGE_FROM else "small"
    queue: str = settings.ROOKERY_PAIRING_QUEUES[size]
    return queue


def runs_live_list(*, user_id: int | None = None, event_id: int | None = None) -> list[PairingRun]:
    """The runs queued or running that `user_id` asked for, or of event `event_id`,
    oldest first, with their sections and events (one query)."""
    runs = PairingRun.objects.filter(status__in=ACTIVE_STATUSES)
    if user_id is not None:
        runs = runs.filter(request__requested_by=user_id)
    if event_id is not None:
        runs = runs.filter(section__event_id=event_id)
    return list(runs.select_related("section__event").order_by("created_at", "pk"))


@dataclass(frozen=True, slots=True)
class WorkersSeen:
    """When a worker was last seen alive, in seconds before `at`: any worker
    (`seconds_ago`), and for each queue the site sends tasks to, a worker taking it
    (`queues`); None when none ever was."""

    at: datetime
    seconds_ago: float | None
    queues: dict[str, float | None]

    def silent_queues(self, seconds: float) -> list[str]:
        """The queues no worker taking them was seen on for `seconds`."""
        return [q for q, ago in self.queues.items() if ago is None or ago > seconds]


def workers_seen_get() -> WorkersSeen:
    """When the workers were last seen (`PairingWorker`): one query."""
    now = timezone.now()
    wanted = [settings.CELERY_TASK_DEFAULT_QUEUE, *settings.ROOKERY_PAIRING_QUEUES.values()]
    queues: dict[str, float | None] = dict.fromkeys(wanted)
    latest: float | None = None
    for hostname_queues, seen_at in PairingWorker.objects.values_list("queues", "seen_at"):
        ago = max(0.0, (now - seen_at).total_seconds())
        latest = ago if latest is None else min(latest, ago)
        for queue in set(hostname_queues) & queues.keys():
            known = queues[queue]
            queues[queue] = ago if known is None else min(known, ago)
    return WorkersSeen(at=now, seconds_ago=latest, queues=queues)


@dataclass(frozen=True, slots=True)
class SiteHealth:
    """What `/health/` answers: each service's check (`common.health`), and when a worker
    was last seen, in all and for each queue (None without a broker: tasks run in-process).
    `problems` says in words what is wrong; the site is healthy when it says nothing."""

    database: str
    cache: str
    broker: str
    workers: WorkersSeen | None
    silent_after: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, object]:
        workers = self.workers
        return {
            "ok": self.ok,
            "database": self.database,
            "cache": self.cache,
            "broker": self.broker,
            "worker_seen_seconds_ago": _rounded(workers.seconds_ago) if workers else None,
            "queues": {q: _rounded(s) for q, s in workers.queues.items()} if workers else {},
            "worker_silent_after_seconds": self.silent_after,
            "problems": self.problems,
        }


def _rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 1)


def site_health_get() -> SiteHealth:
    """Check the database, the cache and the broker, and when the workers were last seen
    (`workers_seen_get`). Takes a few seconds at most when the broker does not answer."""
    database, cache, broker = health.database_check(), health.cache_check(), health.broker_check()
    problems = [
        f"The {name} does not answer ({answer})."
        for name, answer in (("database", database), ("cache", cache), ("broker", broker))
        if answer not in (health.OK, health.NOT_USED)
    ]
    silent_after: int = settings.ROOKERY_WORKER_SILENT_AFTER
    workers = None
    if broker != health.NOT_USED and database == health.OK:
        workers = workers_seen_get()
        problems += [
            f"No worker taking the queue {queue} was seen in the last {silent_after} seconds."
            for queue in workers.silent_queues(silent_after)
        ]
    return SiteHealth(database, cache, broker, workers, silent_after, problems)


def workers_silent_get() -> list[str] | None:
    """The queues the site sends tasks to that no worker was seen taking for
    `ROOKERY_WORKER_SILENT_AFTER` seconds; None when tasks run in-process (no broker).
    One query, none without a broker."""
    if current_app.conf.task_always_eager:
        return None
    return workers_seen_get().silent_queues(settings.ROOKERY_WORKER_SILENT_AFTER)


def pairing_input_get(*, section: Section, number: int) -> PairingInput:
    """Everything the planner of `section`'s system needs to pair round `number`: the one
    read of a pairing (see `PairingInput`).

    For a section of players, the record is `section_record_get`'s as the pairing of round
    `number` must see it:

    - players who withdrew from this round or earlier, and late entries joining after it,
      are absent; so are those with a bye asked for (in their round's column);
    - the absences a TRF file listed (``XXZ``) apply to the round after the file's last one
      only: once the site has paired a round of its own, they are spent;
    - a file without a planned-rounds line takes the section's number of rounds;
    - its acceleration is the section's (`Section.acceleration`, as `section_record` gives);
    - the bye exclusions of the round join the file's;
    - its forbidden pairings are the imported file's only: the section's prohibited groups
      come apart, with their names (`pairing_groups_get`).

    A team section's record is `section_record_get`'s whole (its strict groups forbid
    pairings of teams), with its withdrawn teams, lowest-priority groups of teams and every
    team's default line-up for the round.
    """
    if section.is_team:
        return _team_input_get(section, number)
    record = section_record_get(section=section, dates=False, groups=False)
    absent = set(
        section.players.filter(
            Q(status=PlayerStatus.WITHDRAWN, withdrawn_from_round__lte=number)
            | Q(entry_round__gt=number)
        ).values_list("starting_rank", flat=True)
    )
    site_paired = PairingRun.objects.filter(
        section=section, status=RunStatus.DONE, round_number__lt=number
    ).exists()
    if not site_paired:
        absent.update(record.absent_next_round)
    exclusions = ByeExclusion.objects.filter(
        player__section=section, round_number=number
    ).values_list("player__starting_rank", flat=True)
    record = replace(
        record,
        planned_rounds=record.planned_rounds or section.planned_rounds,
        absent_next_round=tuple(sorted(absent)),
        pab_exclusions=tuple(sorted(set(record.pab_exclusions) | set(exclusions))),
    )
    return PairingInput(
        number=number,
        record=record,
        planned_rounds=section.planned_rounds,
        groups=pairing_groups_get(section=section),
    )


# What a round column may hold before the round is paired: the byes asked for (or given for
# an absence) are there ahead of the pairing; games and the pairing-allocated bye are its work.
_BYES_BEFORE_PAIRING = frozenset(
    {rec.ResultCode.HALF_POINT_BYE, rec.ResultCode.FULL_POINT_BYE, rec.ResultCode.ZERO_POINT_BYE}
)


def replay_input_get(*, section: Section, number: int) -> PairingInput:
    """The input for pairing round `number` again, a round paired already, as its pairing
    would see it today: the rounds before it as they now stand (results, colours, byes,
    withdrawals and ratings as corrected since), round `number` itself emptied of its pairing.

    Of round `number`, only the byes that were there before its pairing stay (half-, full-
    and zero-point byes: asked for, or given for an absence); its games and its
    pairing-allocated bye go, as do every later round's columns. A team section's line-ups,
    forfeited matches and team byes of round `number` and later go too.
    """
    pairing_input = pairing_input_get(section=section, number=number)
    record = pairing_input.record
    if section.is_team:
        pab = record.team_pab
        record = replace(
            record.up_to_round(number - 1),
            lineups=tuple(x for x in record.lineups if x.round < number),
            forfeited_matches=tuple(x for x in record.forfeited_matches if x.round < number),
            team_pab=replace(pab, teams=pab.teams[: number - 1]) if pab is not None else None,
        )
    else:
        players = []
        for player in record.players:
            rounds = list(player.rounds[:number])
            if len(rounds) == number and rounds[-1].result not in _BYES_BEFORE_PAIRING:
                rounds[-1] = rec.UNPAIRED
            while len(rounds) >= number and rounds[-1] == rec.UNPAIRED:
                rounds.pop()
            players.append(replace(player, rounds=tuple(rounds)))
        record = replace(record, players=tuple(players))
    return replace(pairing_input, record=record)


def _team_input_get(section: Section, number: int) -> PairingInput:
    record = section_record_get(section=section, dates=False)
    withdrawn = section.teams.filter(withdrawn_from_round__lte=number).values_list(
        "starting_rank", flat=True
    )
    boards = section.boards_per_match or 0
    team = TeamInput(
        boards_per_match=boards,
        withdrawn=tuple(sorted(withdrawn)),
        lowest_priority_groups=team_groups_get(section=section, kind=ConstraintKind.SOFT_LOWEST),
        lineups=lineups_default_get(section=section, round_number=number, boards=boards),
    )
    return PairingInput(
        number=number,
        record=record,
        planned_rounds=section.planned_rounds,
        team=team,
    )


def pairing_record_with_groups(pairing_input: PairingInput) -> rec.Record:
    """The input's record with the strict prohibited groups as forbidden pairings: every
    pairing the round may not make, for checking a pairing by hand."""
    strict = tuple(
        rec.ForbiddenPairing(g.members) for g in pairing_input.groups if g.kind is GroupKind.STRICT
    )
    record = pairing_input.record
    return replace(record, forbidden_pairings=(*record.forbidden_pairings, *strict))


GROUP_KINDS = {
    ConstraintKind.STRICT: GroupKind.STRICT,
    ConstraintKind.SOFT_FROM_BOTTOM: GroupKind.SOFT_FROM_BOTTOM,
    ConstraintKind.SOFT_LOWEST: GroupKind.SOFT_LOWEST,
}


def pairing_groups_get(*, section: Section) -> tuple[Group, ...]:
    """The section's prohibited groups as the engine takes them (two queries).

    A group made from an attribute becomes one group per value shared by two or more
    players ("Club: Hastings"); members are starting ranks.
    """
    groups = list(section.prohibited_groups.order_by("pk"))
    members: dict[int, list[int]] = defaultdict(list)
    through = ProhibitedGroup.members.through.objects.filter(prohibitedgroup__in=groups)
    for group_pk, rank in through.values_list("prohibitedgroup", "player__starting_rank"):
        members[group_pk].append(rank)
    values: dict[str, dict[object, list[int]]] = {}
    if any(g.source == GroupSource.ATTRIBUTE for g in groups):
        players = section.players.annotate(team_pk=F("team_member__team"))
        for attribute in ("club", "federation", "team"):
            by_value: dict[object, list[int]] = defaultdict(list)
            for p in players:
                value = p.team_pk if attribute == "team" else getattr(p, attribute)
                if value not in ("", None):
                    by_value[value].append(p.starting_rank)
            values[attribute] = by_value
    result = []
    for group in groups:
        kind = GROUP_KINDS[ConstraintKind(group.kind)]
        if group.source != GroupSource.ATTRIBUTE:
            ranks = tuple(sorted(members[group.pk]))
            if len(ranks) >= 2:
                result.append(Group(group.name, kind, ranks))
            continue
        team_names: dict[object, str] = {}
        if group.attribute == "team":
            team_names = dict(section.teams.values_list("pk", "name"))
        for value, shared in sorted(values[group.attribute].items(), key=lambda item: item[1]):
            if len(shared) >= 2:
                label = team_names.get(value, value)
                result.append(Group(f"{group.name}: {label}", kind, tuple(sorted(shared))))
    return tuple(result)


def round_get(*, section: Section, number: int) -> Round | None:
    return Round.objects.filter(section=section, number=number).first()


@dataclass(frozen=True, slots=True)
class RoundPairings:
    """A round's boards in board order (players loaded) and its byes by starting rank."""

    round: Round
    games: list[Game]
    byes: list[Bye]

    @property
    def pairing_allocated_bye(self) -> Bye | None:
        return next((b for b in self.byes if b.kind == ByeKind.PAIRING_ALLOCATED), None)


def round_pairings_get(*, round: Round) -> RoundPairings:
    """Boards and byes of `round` in two queries, whatever the number of players."""
    games = list(round.games.select_related("white", "black").order_by("board"))
    byes = list(round.byes.select_related("player").order_by("player__starting_rank"))
    return RoundPairings(round=round, games=games, byes=byes)


def round_outside_players_list(*, round: Round) -> list[Player]:
    """The players of the round's section who have no game in it and have not withdrawn by
    then: those a published pairing may bring in under C.04.2 4.4.3 or 4.4.4 (one query)."""
    return list(
        Player.objects.filter(section_id=round.section_id)
        .exclude(white_games__round=round)
        .exclude(black_games__round=round)
        .exclude(status=PlayerStatus.WITHDRAWN, withdrawn_from_round__lte=round.number)
        .order_by("starting_rank")
    )


def round_is_visible(*, round: Round, is_manager: bool) -> bool:
    """Players see published and completed rounds; organisers and arbiters see drafts too."""
    if round.status in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        return True
    return is_manager and round.status == RoundStatus.DRAFT


def section_runs_list(*, section: Section) -> QuerySet[PairingRun]:
    return PairingRun.objects.filter(section=section).order_by("-created_at")
