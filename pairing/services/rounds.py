"""Asking for a round and publishing it.

The life of a round (`Round.status`): pending → pairing (a run is queued or running) →
draft (the engine's boards, visible to organisers) → published → completed (every game has
a result). A failed run sends the round back to pending; a new request on a draft discards
its boards and pairs again. Pairing a draft again and publishing are written to the round's
log (`LogEntry`), like every change made to a draft by hand.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from common.exceptions import ValidationError

# The module, not its task: importing `pairing.tasks` first loads this package (its task
# calls `pairing.services.runs`), and the task is only looked up when a run is enqueued.
from pairing import tasks
from pairing.models import ACTIVE_STATUSES, PairingRun, RunStatus
from pairing.services.base import (
    RoundStateError,
    User,
    round_clear,
    run_close,
)
from pairing.services.drafts import draft_edit_log
from pairing.services.results import round_settled_status
from pairing.services.versions import round_version_check
from tournaments.models import LogAction, Round, RoundStatus, Section
from tournaments.services import section_lock_for_manager

# A run that has not moved for this long lost its worker for good (the broker gave up
# redelivering it): a new request may replace it instead of waiting forever.
RUN_STALE_AFTER = timedelta(minutes=15)


@transaction.atomic
def round_pair(*, section: Section, number: int, user: User) -> PairingRun:
    """Ask for round `number` of `section` to be paired; the run is carried out on commit.

    Preconditions: `user` organises or arbitrates the event (else `PermissionDenied`); the
    round is within the planned rounds (`ValidationError`); the round before it is
    completed and this one is not published yet (`RoundStateError`).

    Locks the section row, so simultaneous requests are taken one after the other: while a
    run for the round is queued or running, every request returns that run. A request on a
    draft discards its boards and pairs the round again.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if not 1 <= number <= section.planned_rounds:
        raise ValidationError(
            f"Round {number} is outside the {section.planned_rounds} planned rounds.",
            field="number",
        )
    active = PairingRun.objects.filter(
        section=section, round_number=number, status__in=ACTIVE_STATUSES
    ).first()
    if active is not None:
        if active.updated_at >= timezone.now() - RUN_STALE_AFTER:
            return active
        run_close(active, RunStatus.FAILED, "The worker carrying out this run was lost.")
    if number > 1:
        previous = Round.objects.filter(section=section, number=number - 1).first()
        if previous is None or previous.status != RoundStatus.COMPLETED:
            raise RoundStateError(f"Round {number - 1} is not completed yet.", field="number")
    rnd, _created = Round.objects.select_for_update().get_or_create(section=section, number=number)
    if rnd.status in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(f"Round {number} is already published.", field="number")
    repair = rnd.status == RoundStatus.DRAFT
    if repair:
        draft_edit_log(
            round=rnd,
            user=user,
            action=LogAction.REPAIR,
            description=f"Draft of round {number} discarded and paired again.",
            resolved=list(rnd.explanation.get("warnings", [])),
        )
    round_clear(rnd)
    rnd.status = RoundStatus.PAIRING
    rnd.save(update_fields=["status", "explanation", "is_pure_fide", "updated_at"])
    run = PairingRun.objects.create(
        section=section,
        round_number=number,
        request={
            "round": number,
            "system": section.system,
            "repair": repair,
            "requested_by": user.pk,
        },
    )
    tasks.round_pair_task.delay_on_commit(run.pk)
    return run


@transaction.atomic
def round_publish(*, round: Round, user: User, version: int | None = None) -> Round:
    """Publish a draft round: players see it from now on.

    Locks the section. Raises `RoundStateError` unless the round is a draft, and
    `StaleWrite` when `version` (the draft's version the user saw, if given) is no longer
    the draft's: someone changed it meanwhile, and what is published must be what was seen.
    A round with no game left to play (only byes and forfeits) is completed at once.
    """
    section_lock_for_manager(section_id=round.section_id, user=user)
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status != RoundStatus.DRAFT:
        raise RoundStateError(f"Round {rnd.number} is not a draft ({rnd.get_status_display()}).")
    if version is not None:
        round_version_check(rnd, version)
    rnd.published_at = timezone.now()
    rnd.status = round_settled_status(rnd)
    rnd.version += 1
    rnd.save(update_fields=["status", "published_at", "version", "updated_at"])
    standing = list(rnd.explanation.get("warnings", []))
    text = f"Round {rnd.number} published"
    text += f" with warnings ({len(standing)})." if standing else "."
    draft_edit_log(
        round=rnd, user=user, action=LogAction.PUBLISH, description=text, standing=standing
    )
    return rnd
