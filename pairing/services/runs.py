"""Carrying out a pairing run (the worker side), and keeping runs from getting stuck.

A run is carried out in three steps: read (`pairing_input_get`), plan (the section's system
in `chesscore.systems.SYSTEMS`), store (`round_boards_store`, or `team_round_store` for team
matches). While the engine works, a thread refreshes the run's `heartbeat_at`, so a run
whose worker died is told apart from one that is merely slow: `runs_sweep` (every few
seconds on Celery beat, and lazily when a round is asked for or a run is read) sends a run
that lost its worker or its message again, or fails it and sends its round back to pending.

Locks are always taken in the same order, section row first, then the run, so that a
request, a worker and the sweeper never wait on each other in a cycle. A heartbeat never
waits for a lock at all.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime
from datetime import timedelta
from importlib import metadata
from types import TracebackType
from typing import Any
from typing import cast

from celery import current_app
from celery.contrib.django.task import DjangoTask
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError
from django.db import connection
from django.db import transaction
from django.db.models import F
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from kombu.exceptions import OperationalError as BrokerError

from chesscore.pairing import InvalidRecord
from chesscore.pairing import NoLegalPairing
from chesscore.planners.swiss import PlanningError
from chesscore.planners.values import Plan
from chesscore.systems import SYSTEMS
from chesscore.systems import System
from common.exceptions import DomainError
from common.exceptions import ServiceUnavailable
from common.exceptions import ValidationError
from entries.check_ins.services import do_check_in_byes_take_back
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.selectors import pairing_input_get
from pairing.selectors import pairing_queue_get
from pairing.services.base import RoundStateError
from pairing.services.base import SystemNotAvailable
from pairing.services.base import round_clear
from pairing.services.base import run_close
from teams.models import MatchForfeit
from teams.services import PairedMatch
from teams.services import team_round_store
from tournaments.models import ByeKind
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.services import log_write
from tournaments.services.boards import BoardEntry
from tournaments.services.boards import round_boards_store

logger = logging.getLogger(__name__)

# Each delivery of a run counts an attempt; a run that keeps killing its worker stops here.
MAX_ATTEMPTS = 3
# How often a worker carrying out a run says so (seconds).
HEARTBEAT_EVERY = 5.0
# A running run whose heartbeat is older than this lost its worker: four beats missed.
RUN_STALE_AFTER = timedelta(seconds=20)
# A queued run no worker has taken for this long is sent again (its message may be lost)...
QUEUED_RESEND_AFTER = timedelta(seconds=30)
# ...and one no worker has taken for this long fails: the round is the organiser's again.
QUEUED_GIVE_UP_AFTER = timedelta(minutes=10)

# The task that carries out a run, by its registered name: `pairing.tasks` calls this
# module, so the task is looked up in the Celery app when a run is sent, never imported.
ROUND_PAIR_TASK = "pairing.tasks.round_pair_task"

# Seconds between a run's time limit and the end of the process that does not stop.
HARD_LIMIT_MARGIN = 60

UNAVAILABLE = "The pairing service cannot be reached; nothing was changed. Try again in a minute."


def run_send(run: PairingRun) -> None:
    """Hand `run` to the workers: the last step of the caller's transaction.

    With a broker, the message is published at once, inside the transaction, without retries
    and with the short timeouts of the broker settings: when the broker cannot be reached,
    `ServiceUnavailable` is raised, the caller's transaction rolls back, and no run is left
    that no worker will ever see. A worker may receive the message before the transaction
    commits; the task waits a little for the run (`round_pair_task`). Without a broker
    (development), the run is carried out in-process once the transaction commits.

    The message goes to the queue of the section's size (`pairing_queue_get`), so that a
    small round is never queued behind a large one, and carries the run's time limits:
    past `ROOKERY_RUN_TIME_LIMIT` seconds the worker stops the engine and the run fails
    (`pairing_run_execute`); `HARD_LIMIT_MARGIN` seconds later, should the engine not give
    way, Celery ends the worker's process (the run is then swept as one that lost it).
    """
    # Celery's Django fix-up makes every task a DjangoTask, which can wait for the commit.
    task = cast(DjangoTask[Any, Any], current_app.tasks[ROUND_PAIR_TASK])
    if task.app.conf.task_always_eager:
        task.delay_on_commit(run.pk)
        return
    queue = pairing_queue_get(section=run.section)
    limit: int = settings.ROOKERY_RUN_TIME_LIMIT
    try:
        task.apply_async(
            args=(run.pk,),
            retry=False,
            queue=queue,
            soft_time_limit=limit,
            time_limit=limit + HARD_LIMIT_MARGIN,
        )
    except BrokerError as exc:
        logger.warning("Pairing run %s could not be sent: %s", run.pk, exc)
        raise ServiceUnavailable(UNAVAILABLE) from exc


def pairing_run_execute(*, run_id: int) -> PairingRun:
    """Carry out run `run_id`: read the section, plan the round by its system, store the
    plan as a draft; or record the failure.

    Safe to call again for the same run at any point: a finished run is returned as it is;
    so is a running one whose heartbeat is fresh (another worker is carrying it out); a
    running one whose heartbeat stopped (its worker died) is carried out again, up to
    `MAX_ATTEMPTS` attempts. The read and the planner run outside any transaction, under a
    heartbeat; the plan is stored in one transaction that also finishes the run, and only
    while this attempt still owns the run, so a round is stored whole, once, or not at all.
    A run stopped by the task's time limit (Celery's `SoftTimeLimitExceeded`, raised in
    the engine or the store) fails with `time_limit_message`, its round pending again.
    Raises `PairingRun.DoesNotExist` for a run that is not there (or not committed yet).
    """
    run, attempt = _run_start(run_id)
    if attempt is None:
        return run
    if attempt > MAX_ATTEMPTS:
        error = f"Gave up after {MAX_ATTEMPTS} attempts."
        return _run_fail(run_id, attempt, error, {"code": "gave_up"})
    try:
        return _run_carry_out(run, attempt)
    except SoftTimeLimitExceeded:
        # The task's time limit (`round_pair_task`) stopped the engine, or the store that
        # followed it (rolled back whole): the round goes back to the organiser. A query
        # cut short may have left the connection unusable: a new one records the failure.
        if connection.connection is not None and not connection.is_usable():
            connection.close()
        return _run_fail(run_id, attempt, time_limit_message(), {"code": "time_limit"})


def time_limit_message() -> str:
    """What a run stopped by its time limit (`ROOKERY_RUN_TIME_LIMIT`) says."""
    seconds: int = settings.ROOKERY_RUN_TIME_LIMIT
    if seconds % 60 == 0:
        took = ngettext("%(n)d minute", "%(n)d minutes", seconds // 60) % {"n": seconds // 60}
    else:
        took = ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}
    return _(
        "The pairing took longer than %(took)s and was stopped. The round is pending again: "
        "pair it again, or ask the site's administrators about the time limit."
    ) % {"took": took}


def _run_carry_out(run: PairingRun, attempt: int) -> PairingRun:
    """Plan the round of `run` (taken by `attempt`) and store it, or record why not."""
    run_id = run.pk
    waiting = Round.objects.filter(
        section_id=run.section_id, number=run.round_number, status=RoundStatus.PAIRING
    )
    if not waiting.exists():
        # No engine for a round that is not there to store (one restored from a file, say):
        # the run fails once, at once, and is not tried again.
        error = _("Round %(number)s of the section is not waiting for its pairing.") % {
            "number": run.round_number
        }
        return _run_fail(run_id, attempt, error, {"code": "no_round"})
    started = time.perf_counter()
    system = SYSTEMS.get(run.section.system)
    if system is None:
        error = f"Pairing by the {run.section.system!r} system is not available yet."
        return _run_fail(run_id, attempt, error, {"code": SystemNotAvailable.code})
    with _Heartbeat(run_id, attempt):
        outcome = _run_plan(run, system)
    if not isinstance(outcome, Plan):
        error, result = outcome
        return _run_fail(run_id, attempt, error, result)
    seconds = time.perf_counter() - started
    try:
        return _run_finish(run_id, attempt, outcome, _engine_version(system), seconds)
    except DomainError as exc:
        return _run_fail(run_id, attempt, exc.message, {"code": exc.code})


def _run_plan(run: PairingRun, system: System) -> Plan | tuple[str, dict[str, Any]]:
    """The plan of the run's round, or why there is none (the error and the run's result)."""
    try:
        return system.plan(pairing_input_get(section=run.section, number=run.round_number))
    except NoLegalPairing as exc:
        reason = f"No legal pairing: {exc.reason}"
        return reason, {"code": "no_legal_pairing", "blocking": list(exc.blocking)}
    except InvalidRecord as exc:
        return f"The section cannot be paired: {exc}", {"code": "invalid_record"}
    except PlanningError as exc:
        return exc.message, {"code": ValidationError.code}
    except DomainError as exc:
        return exc.message, {"code": exc.code}
    except SoftTimeLimitExceeded:
        raise  # not the engine's failure: `pairing_run_execute` says what stopped it
    except Exception:
        # Engines are pure and deterministic: trying again would fail the same way.
        logger.exception("Pairing run %s failed in the engine", run.pk)
        return "The pairing engine failed; the error has been logged.", {"code": "engine_error"}


@transaction.atomic
def _run_start(run_id: int) -> tuple[PairingRun, int | None]:
    """Take run `run_id` for this delivery: mark it running and count the attempt.

    The attempt is None when this delivery must leave the run alone: it is finished, or
    running with a fresh heartbeat (carried out elsewhere). Locks the run only.
    """
    run = (
        PairingRun.objects.select_for_update(of=("self",)).select_related("section").get(pk=run_id)
    )
    now = timezone.now()
    if run.status in (RunStatus.DONE, RunStatus.FAILED):
        return run, None
    if run.status == RunStatus.RUNNING and not _worker_lost(run, now):
        return run, None
    run.status = RunStatus.RUNNING
    run.attempts += 1
    run.started_at = now
    run.heartbeat_at = now
    run.save(update_fields=["status", "attempts", "started_at", "heartbeat_at", "updated_at"])
    return run, run.attempts


def _worker_lost(run: PairingRun, now: datetime) -> bool:
    """Whether running `run` has given no sign of its worker for `RUN_STALE_AFTER`."""
    last = run.heartbeat_at or run.started_at or run.updated_at
    return last < now - RUN_STALE_AFTER


class _Heartbeat:
    """Refreshes `heartbeat_at` of one attempt of a run every `HEARTBEAT_EVERY` seconds,
    from a thread of its own, while the `with` block runs.

    The thread has its own database connection, closed when it stops. A beat never waits:
    while someone else holds the run's row (a request, the sweeper, a delivery storing the
    round) it is skipped, and a run this attempt no longer owns is left alone.
    """

    def __init__(self, run_id: int, attempt: int) -> None:
        self.run_id = run_id
        self.attempt = attempt
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._beat_until_stopped, name=f"pairing-run-{run_id}-heartbeat", daemon=True
        )

    def __enter__(self) -> _Heartbeat:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join(timeout=2 * HEARTBEAT_EVERY)

    def _beat_until_stopped(self) -> None:
        try:
            while not self._stop.wait(HEARTBEAT_EVERY):
                self._beat()
        finally:
            connection.close()

    def _beat(self) -> None:
        try:
            with transaction.atomic():
                owned = (
                    PairingRun.objects.select_for_update(skip_locked=True)
                    .filter(pk=self.run_id, status=RunStatus.RUNNING, attempts=self.attempt)
                    .values_list("pk", flat=True)
                    .first()
                )
                if owned is not None:
                    PairingRun.objects.filter(pk=owned).update(heartbeat_at=timezone.now())
        except DatabaseError:
            # The next beat tries again; a run whose beats all fail is swept and sent again.
            logger.warning("Heartbeat of pairing run %s failed", self.run_id, exc_info=True)


@transaction.atomic
def _run_finish(
    run_id: int, attempt: int, plan: Plan, engine_version: str, seconds: float
) -> PairingRun:
    """Store `plan` as the draft of the run's round, mark the run done and log it, all or
    nothing; nothing at all when this attempt no longer owns the run."""
    section_id = PairingRun.objects.values_list("section_id", flat=True).get(pk=run_id)
    Section.objects.select_for_update().get(pk=section_id)
    run = (
        PairingRun.objects.select_for_update(of=("self",)).select_related("section").get(pk=run_id)
    )
    if run.status != RunStatus.RUNNING or run.attempts != attempt:
        return run  # another delivery of the same run finished first, or took it over
    rnd = Round.objects.select_for_update().get(section_id=section_id, number=run.round_number)
    if rnd.status != RoundStatus.PAIRING:
        raise RoundStateError(f"Round {rnd.number} is no longer waiting for its pairing.")
    players = dict(run.section.players.values_list("starting_rank", "pk"))
    seated = {b.white for b in plan.boards} | {b.black for b in plan.boards}
    if not seated | {rank for rank, _kind in plan.byes} <= players.keys():
        raise RoundStateError("The players changed while the round was being paired.")
    round_clear(rnd)
    plan_store(rnd, plan, players)
    rnd.status = RoundStatus.DRAFT
    rnd.explanation = plan.explanation
    rnd.is_pure_fide = not plan.deviations
    rnd.version += 1
    rnd.save(update_fields=["status", "explanation", "is_pure_fide", "version", "updated_at"])
    run.result = {
        "boards": [[b.white, b.black] for b in plan.boards],
        "byes": [[rank, code.value] for rank, code in plan.byes],
    }
    if plan.matches:
        run.result["matches"] = [[m.white_team, m.black_team] for m in plan.matches]
        run.result["pab"] = plan.team_pab
    run.engine_version = engine_version
    run.engine_seconds = seconds
    run_close(run, RunStatus.DONE, "")
    _paired_log(rnd, plan, players)
    return run


def _paired_log(rnd: Round, plan: Plan, players: dict[int, int]) -> None:
    """Log what the worker stored: "Round 3 paired: 24 boards, bye to 17 Smith, Ann."."""
    section = rnd.section
    bye = next((r for r, code in plan.byes if code.value == ByeKind.PAIRING_ALLOCATED), None)
    if section.is_team:
        count = len(plan.matches)
        text = f"Round {rnd.number} paired: {count} match{'es' if count != 1 else ''}"
        if plan.team_pab is not None:
            team = section.teams.filter(starting_rank=plan.team_pab).first()
            text += f", PAB to {team.name if team is not None else plan.team_pab}"
    else:
        count = len(plan.boards)
        text = f"Round {rnd.number} paired: {count} board{'s' if count != 1 else ''}"
        if bye is not None:
            player = section.players.get(starting_rank=bye)
            text += f", bye to {bye} {player.full_name}"
    log_write(
        section,
        None,
        LogAction.PAIRED,
        f"{text}.",
        round_number=rnd.number,
        players=[players[bye]] if bye is not None and not section.is_team else (),
    )


def plan_store(rnd: Round, plan: Plan, players: dict[int, int]) -> None:
    """Store `plan` in the (empty) round `rnd`: a team plan through its matches and
    line-ups (`team_round_store`, which makes the boards' games), any other through
    `round_boards_store`. The caller holds the section's lock."""
    if rnd.section.is_team:
        team_round_store(
            round=rnd,
            matches=[
                PairedMatch(
                    m.white_team,
                    m.black_team,
                    m.white_boards,
                    m.black_boards,
                    m.decided.value if m.decided is not None else MatchForfeit.NONE,
                )
                for m in plan.matches
            ],
            pab=plan.team_pab,
        )
        return
    round_boards_store(
        round=rnd,
        boards=[
            BoardEntry(
                b.white,
                b.black,
                b.decided.value if b.decided is not None else GameResult.PENDING,
                b.explanation,
            )
            for b in plan.boards
        ],
        byes=[(rank, code.value) for rank, code in plan.byes],
        players=players,
    )


def _engine_version(system: System) -> str:
    try:
        version = metadata.version("rookery")
    except metadata.PackageNotFoundError:
        version = "dev"
    return f"rookery {version} {system.engine}"[:40]


@transaction.atomic
def _run_fail(run_id: int, attempt: int, error: str, result: dict[str, Any]) -> PairingRun:
    """Record the failure of this attempt (unless it no longer owns the run)."""
    section_id = PairingRun.objects.values_list("section_id", flat=True).get(pk=run_id)
    Section.objects.select_for_update().get(pk=section_id)
    run = (
        PairingRun.objects.select_for_update(of=("self",)).select_related("section").get(pk=run_id)
    )
    if run.status != RunStatus.RUNNING or run.attempts != attempt:
        return run
    return _run_close_failed(run, error, result)


def _run_close_failed(run: PairingRun, error: str, result: dict[str, Any]) -> PairingRun:
    """Fail live `run`, send its round back to pending and log why; the zero-point byes its
    request gave the players who had not checked in go with it, so check-in for the round
    stands as before (`do_check_in_byes_take_back`). The caller holds the locks of the
    section and the run."""
    run.result = result
    run_close(run, RunStatus.FAILED, error)
    Round.objects.filter(
        section_id=run.section_id, number=run.round_number, status=RoundStatus.PAIRING
    ).update(status=RoundStatus.PENDING, updated_at=timezone.now(), version=F("version") + 1)
    log_write(
        run.section,
        None,
        LogAction.PAIR_FAILED,
        f"Pairing of round {run.round_number} failed: {error}",
        round_number=run.round_number,
    )
    do_check_in_byes_take_back(section=run.section, number=run.round_number, actor=None)
    return run


# ---------------------------------------------------------------------------------------
# Runs that lost their worker or their message
# ---------------------------------------------------------------------------------------


def runs_sweep(*, section: Section | None = None) -> list[PairingRun]:
    """Settle (`run_settle`) every live run, of `section` or of every section, that lost
    its worker or its message; the runs changed.

    Each run in a transaction of its own. A run that cannot be sent again because the
    broker is out of reach is left as it was, for the next sweep. One query when there is
    nothing to do.
    """
    now = timezone.now()
    lost = Q(status=RunStatus.RUNNING) & (
        Q(heartbeat_at__lt=now - RUN_STALE_AFTER)
        | Q(heartbeat_at__isnull=True, updated_at__lt=now - RUN_STALE_AFTER)
    )
    waiting = Q(status=RunStatus.QUEUED, updated_at__lt=now - QUEUED_RESEND_AFTER)
    runs = PairingRun.objects.filter(lost | waiting)
    if section is not None:
        runs = runs.filter(section=section)
    settled = []
    for run_id in runs.order_by("pk").values_list("pk", flat=True):
        try:
            run = run_settle(run_id=run_id)
        except ServiceUnavailable:
            continue  # logged by run_send; the next sweep tries again
        if run is not None:
            settled.append(run)
    return settled


@transaction.atomic
def run_settle(*, run_id: int) -> PairingRun | None:
    """Settle live run `run_id` if it lost its worker or its message; None when it did not
    (or is gone).

    - Running, without a heartbeat for `RUN_STALE_AFTER`: its worker died. It is queued and
      sent again while fewer than `MAX_ATTEMPTS` attempts were made, else it fails.
    - Queued, not taken for `QUEUED_RESEND_AFTER` since it was last sent: sent again, unless
      no worker took it for `QUEUED_GIVE_UP_AFTER`: then it fails.

    A failed run sends its round back to pending and is logged (`PAIR_FAILED`). Locks the
    section, then the run. Raises `ServiceUnavailable` when the broker cannot be reached:
    this transaction (or the caller's) then rolls back and the run stays as it was.
    """
    section_id = PairingRun.objects.filter(pk=run_id).values_list("section_id", flat=True).first()
    if section_id is None:
        return None
    if Section.objects.select_for_update().filter(pk=section_id).first() is None:
        return None
    run = (
        PairingRun.objects.select_for_update(of=("self",)).select_related("section").get(pk=run_id)
    )
    now = timezone.now()
    if run.status == RunStatus.RUNNING and _worker_lost(run, now):
        if run.attempts >= MAX_ATTEMPTS:
            error = f"The worker carrying out this run was lost {run.attempts} times; gave up."
            return _run_close_failed(run, error, {"code": "worker_lost"})
        run.status = RunStatus.QUEUED
        run.save(update_fields=["status", "updated_at"])
        run_send(run)
        return run
    if run.status == RunStatus.QUEUED and run.updated_at < now - QUEUED_RESEND_AFTER:
        if (run.heartbeat_at or run.created_at) < now - QUEUED_GIVE_UP_AFTER:
            minutes = int(QUEUED_GIVE_UP_AFTER.total_seconds() // 60)
            error = f"No worker took this run for {minutes} minutes; gave up."
            return _run_close_failed(run, error, {"code": "not_taken"})
        run.save(update_fields=["updated_at"])
        run_send(run)
        return run
    return None
