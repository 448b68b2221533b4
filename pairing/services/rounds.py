"""Asking for a round and publishing it.

The life of a round (`Round.status`): pending → pairing (a run is queued or running) →
draft (the engine's boards, visible to organisers) → published → completed (every game has
a result). A failed run sends the round back to pending. Asking again for a round being
paired or paired as a draft returns its run; only pairing a draft explicitly again
discards its boards. Asking for a pairing, pairing again and publishing are written to the
event's log (`LogEntry`), like every change made to a draft by hand.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from common.exceptions import ValidationError
from common.types import AnyUser
from entries.check_ins.services import do_check_in_absentees_leave_out
from pairing.models import ACTIVE_STATUSES
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services.base import RoundStateError
from pairing.services.base import hand_edits_count
from pairing.services.base import round_clear
from pairing.services.base import round_settled_status
from pairing.services.drafts import draft_edit_log
from pairing.services.limits import runs_limit_check
from pairing.services.runs import run_send
from pairing.services.runs import run_settle
from pairing.services.versions import round_version_check
from tournaments.models import LogAction
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.services import section_lock_for_manager


@transaction.atomic
def round_pair(
    *,
    section: Section,
    number: int,
    user: AnyUser,
    again: bool = False,
    reason: str = "",
    leave_out: bool = False,
    no_board: bool = False,
) -> PairingRun:
    """Ask for round `number` of `section` to be paired: one request, at most one run.

    - While a run of the round is queued or running, that run is returned. One that lost
      its worker is first sent again, or failed (`run_settle`); a failed one is replaced.
    - A draft returns the run that made it (the round's latest done run) and starts
      nothing; with `again`, the draft is discarded instead, with its hand edits (the log
      entry, `REPAIR`, says how many), and a new run starts.
    - Otherwise a new run is queued, the round is marked pairing and the request is logged
      (`PAIR`). When the section checks players in for the round, those who did not are
      first left out with a zero-point bye (`do_check_in_absentees_leave_out`); a section
      set to ask first refuses instead (`CheckInMissing`, naming them) unless `leave_out`;
      leaving out so many that no board is left is refused (`CheckInNoBoard`) unless
      `no_board`.

    Returns the run as this request left it: queued when new, queued or running when live,
    done when it is the draft's (so a caller tells "nothing started" by the status).

    Preconditions: `user` organises or arbitrates the event (else `PermissionDenied`); the
    round is within the planned rounds (`ValidationError`); the round before it is
    completed and this one is not published yet (`RoundStateError`); a new run leaves the
    user and the event within their runs under way at once (`runs_limit_check`, else
    `PairingBusy`, a 429 naming the runs it waits for).

    Locks the section row first, so simultaneous requests are taken one after the other.
    A new run is sent to the workers as the last step of the transaction (`run_send`):
    when the broker cannot be reached this raises `ServiceUnavailable` and changes nothing.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if not 1 <= number <= section.planned_rounds:
        raise ValidationError(
            f"Round {number} is outside the {section.planned_rounds} planned rounds.",
            field="number",
        )
    live = PairingRun.objects.filter(
        section=section, round_number=number, status__in=ACTIVE_STATUSES
    ).first()
    if live is not None:
        live = run_settle(run_id=live.pk) or live
        if live.status in ACTIVE_STATUSES:
            return live
    if number > 1:
        previous = Round.objects.filter(section=section, number=number - 1).first()
        if previous is None or previous.status != RoundStatus.COMPLETED:
            raise RoundStateError(f"Round {number - 1} is not completed yet.", field="number")
    rnd, _created = Round.objects.select_for_update().get_or_create(section=section, number=number)
    if rnd.status in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(f"Round {number} is already published.", field="number")
    repair = rnd.status == RoundStatus.DRAFT
    if repair and not again:
        paired = PairingRun.objects.filter(
            section=section, round_number=number, status=RunStatus.DONE
        ).first()
        if paired is None:
            raise RoundStateError(
                f"Round {number} is a draft already: pair it again to replace it.",
                field="number",
            )
        return paired
    runs_limit_check(section=section, user=user)
    do_check_in_absentees_leave_out(
        section=section, number=number, actor=user, leave_out=leave_out, no_board=no_board
    )
    if repair:
        lost = hand_edits_count(rnd)
        edits = "no hand edits" if lost == 0 else f"{lost} hand edit{'s' if lost > 1 else ''}"
        draft_edit_log(
            round=rnd,
            actor=user,
            action=LogAction.REPAIR,
            description=f"Draft of round {number} discarded and paired again ({edits} lost).",
            reason=reason,
            resolved=list(rnd.explanation.get("warnings", [])),
        )
    else:
        draft_edit_log(
            round=rnd,
            actor=user,
            action=LogAction.PAIR,
            description=f"Pairing of round {number} asked for.",
        )
    round_clear(rnd)
    rnd.status = RoundStatus.PAIRING
    rnd.version += 1
    rnd.save(update_fields=["status", "explanation", "is_pure_fide", "version", "updated_at"])
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
    run_send(run)
    return run


@transaction.atomic
def round_publish(
    *, round: Round, user: AnyUser, version: int | None = None, reason: str = ""
) -> Round:
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
        round=rnd,
        actor=user,
        action=LogAction.PUBLISH,
        description=text,
        reason=reason,
        standing=standing,
    )
    return rnd
