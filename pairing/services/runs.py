"""Carrying out a pairing run: the worker side. Read (`pairing_input_get`), plan (the
section's system in `pairing.systems.SYSTEMS`), store (`round_boards_store`, or
`team_round_store` for team matches).

Locks are always taken in the same order, section row first, then the run, so that a
request and a worker never wait on each other in a cycle.
"""

from __future__ import annotations

import logging
import time
from importlib import metadata
from typing import Any

from django.db import transaction
from django.utils import timezone

from common.exceptions import DomainError, ValidationError
from pairing.engine import InvalidRecord, NoLegalPairing
from pairing.models import PairingRun, RunStatus
from pairing.planners.swiss import PlanningError
from pairing.planners.values import Plan
from pairing.selectors import pairing_input_get
from pairing.services.base import RoundStateError, SystemNotAvailable, round_clear, run_close
from pairing.systems import SYSTEMS, System
from teams.models import MatchForfeit
from teams.services import PairedMatch, team_round_store
from tournaments.models import GameResult, Round, RoundStatus, Section
from tournaments.services.boards import BoardEntry, round_boards_store

logger = logging.getLogger(__name__)

# Each delivery of a run counts an attempt; a run that keeps killing its worker stops here.
MAX_ATTEMPTS = 3


def pairing_run_execute(*, run_id: int) -> PairingRun:
    """Carry out run `run_id`: read the section, plan the round by its system, store the
    plan as a draft; or record the failure.

    Safe to call again for the same run at any point: a finished run is returned as it is,
    and a running one (its worker died) is carried out again. The read and the planner run
    outside any transaction; the plan is stored in one transaction that also finishes the
    run, so a round is either stored whole or not at all.
    """
    run = _run_start(run_id)
    if run.status != RunStatus.RUNNING:
        return run
    if run.attempts > MAX_ATTEMPTS:
        return _run_fail(run_id, f"Gave up after {MAX_ATTEMPTS} attempts.", {"code": "gave_up"})
    started = time.perf_counter()
    system = SYSTEMS.get(run.section.system)
    if system is None:
        error = f"Pairing by the {run.section.system!r} system is not available yet."
        return _run_fail(run_id, error, {"code": SystemNotAvailable.code})
    try:
        pairing_input = pairing_input_get(section=run.section, number=run.round_number)
        plan = system.plan(pairing_input)
    except NoLegalPairing as exc:
        return _run_fail(
            run_id,
            f"No legal pairing: {exc.reason}",
            {"code": "no_legal_pairing", "blocking": list(exc.blocking)},
        )
    except InvalidRecord as exc:
        return _run_fail(run_id, f"The section cannot be paired: {exc}", {"code": "invalid_record"})
    except PlanningError as exc:
        return _run_fail(run_id, exc.message, {"code": ValidationError.code})
    except DomainError as exc:
        return _run_fail(run_id, exc.message, {"code": exc.code})
    except Exception:
        # Engines are pure and deterministic: trying again would fail the same way.
        logger.exception("Pairing run %s failed in the engine", run_id)
        error = "The pairing engine failed; the error has been logged."
        return _run_fail(run_id, error, {"code": "engine_error"})
    try:
        return _run_finish(run_id, plan, _engine_version(system), time.perf_counter() - started)
    except DomainError as exc:
        return _run_fail(run_id, exc.message, {"code": exc.code})


@transaction.atomic
def _run_start(run_id: int) -> PairingRun:
    run = PairingRun.objects.select_for_update().select_related("section").get(pk=run_id)
    if run.status in (RunStatus.DONE, RunStatus.FAILED):
        return run
    run.status = RunStatus.RUNNING
    run.attempts += 1
    run.started_at = timezone.now()
    run.save(update_fields=["status", "attempts", "started_at", "updated_at"])
    return run


@transaction.atomic
def _run_finish(run_id: int, plan: Plan, engine_version: str, seconds: float) -> PairingRun:
    """Store `plan` as the draft of the run's round and mark the run done, all or nothing."""
    section_id = PairingRun.objects.values_list("section_id", flat=True).get(pk=run_id)
    Section.objects.select_for_update().get(pk=section_id)
    run = PairingRun.objects.select_for_update().get(pk=run_id)
    if run.status != RunStatus.RUNNING:
        return run  # another delivery of the same run finished first
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
    rnd.save(update_fields=["status", "explanation", "is_pure_fide", "updated_at"])
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
    return run


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
def _run_fail(run_id: int, error: str, result: dict[str, Any]) -> PairingRun:
    """Record the failure on the run and send its round back to pending."""
    section_id = PairingRun.objects.values_list("section_id", flat=True).get(pk=run_id)
    Section.objects.select_for_update().get(pk=section_id)
    run = PairingRun.objects.select_for_update().get(pk=run_id)
    if run.status != RunStatus.RUNNING:
        return run
    run.result = result
    run_close(run, RunStatus.FAILED, error)
    Round.objects.filter(
        section_id=section_id, number=run.round_number, status=RoundStatus.PAIRING
    ).update(status=RoundStatus.PENDING, updated_at=timezone.now())
    return run
