"""How many pairing runs one account, and one event, may have under way at once.

Workers are shared by every organiser of the site: without a bound, one account asking for
the rounds of several large sections fills the queue for everyone. A run counts while it is
queued or running; past `ROOKERY_RUNS_PER_ACCOUNT` runs asked for by one account, or
`ROOKERY_RUNS_PER_EVENT` runs of one event, a request for another is refused with
`PairingBusy` (429), which names the runs it waits for.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.exceptions import TooManyRequests
from common.types import AnyUser
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.selectors import runs_live_list
from tournaments.models import Section

# Keys of the advisory locks that take the checks of one account, and of one event, one
# after the other (PostgreSQL's two-number form: a kind of lock, then the row's id).
_ACCOUNT_LOCK = 7301
_EVENT_LOCK = 7302


class PairingBusy(TooManyRequests):
    """The account, or the event, has as many pairing runs under way as it may: nothing was
    changed. `waiting` lists those runs, oldest first."""

    code = "pairing_busy"

    def __init__(self, message: str, *, waiting: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.waiting = waiting

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "waiting": self.waiting}


def runs_limit_check(*, section: Section, user: AnyUser) -> None:
    """Raise `PairingBusy` when `user` already has `ROOKERY_RUNS_PER_ACCOUNT` runs queued or
    running (whatever their event), or `section`'s event `ROOKERY_RUNS_PER_EVENT`.

    Call it inside the transaction that creates the run, before it does: it waits for the
    checks of the same account and the same event made by other requests, until their
    transactions end, so two requests at once cannot both take the last place. Those locks
    are advisory locks no other code takes, always in the same order (account, then
    event), after the section's lock: they never wait in a cycle with a row lock.
    """
    # Only an event's managers get here (`round_pair` locks the section for them first).
    assert user.is_authenticated
    _checks_serialise(user_id=user.pk, event_id=section.event_id)
    mine = runs_live_list(user_id=user.pk)
    _runs_limit_refuse(
        mine,
        settings.ROOKERY_RUNS_PER_ACCOUNT,
        ngettext(
            "You have %(count)d pairing under way, the most one account may have at "
            "once: %(runs)s. Ask for this one when it is done.",
            "You have %(count)d pairings under way, the most one account may have at "
            "once: %(runs)s. Ask for this one when one of them is done.",
            len(mine),
        ),
        with_event=True,
    )
    theirs = runs_live_list(event_id=section.event_id)
    _runs_limit_refuse(
        theirs,
        settings.ROOKERY_RUNS_PER_EVENT,
        ngettext(
            "This event has %(count)d pairing under way, the most one event may have "
            "at once: %(runs)s. Ask for this one when it is done.",
            "This event has %(count)d pairings under way, the most one event may have "
            "at once: %(runs)s. Ask for this one when one of them is done.",
            len(theirs),
        ),
        with_event=False,
    )


def _runs_limit_refuse(
    runs: list[PairingRun], limit: int, message: str, *, with_event: bool
) -> None:
    """Raise `PairingBusy` when `runs`, those under way, are `limit` or more: `message` (with
    ``count`` and ``runs`` to fill in) names them, their events too `with_event`."""
    if len(runs) >= limit:
        raise PairingBusy(
            message % {"count": len(runs), "runs": _runs_text(runs, with_event=with_event)},
            waiting=_runs_data(runs),
        )


def _checks_serialise(*, user_id: int, event_id: int) -> None:
    # SQLite (development) lets one transaction write at a time: nothing to take.
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        # The two-number form takes 32-bit keys: larger ids share a lock, which only makes
        # more checks wait for each other.
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_ACCOUNT_LOCK, user_id % 2**31])
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_EVENT_LOCK, event_id % 2**31])


def _since(run: PairingRun) -> datetime:
    """When the run started waiting as it is now: taken by a worker, or asked for."""
    if run.status == RunStatus.RUNNING and run.started_at is not None:
        return run.started_at
    return run.created_at


def _runs_text(runs: list[PairingRun], *, with_event: bool) -> str:
    """ "Open A round 3 (running since 14:02), Open B round 1 (queued since 14:03)", each
    time on its event's clock."""
    parts = []
    for run in runs:
        event = run.section.event
        at = timezone.localtime(_since(run), ZoneInfo(event.time_zone)).strftime("%H:%M")
        where = f"{event.name}, {run.section.name}" if with_event else run.section.name
        if run.status == RunStatus.RUNNING:
            state = _("running since %(time)s") % {"time": at}
        else:
            state = _("queued since %(time)s") % {"time": at}
        parts.append(
            _("%(section)s round %(round)d (%(state)s)")
            % {"section": where, "round": run.round_number, "state": state}
        )
    return "; ".join(parts)


def _runs_data(runs: list[PairingRun]) -> list[dict[str, Any]]:
    return [
        {
            "run": run.pk,
            "event": run.section.event.name,
            "section": run.section.name,
            "section_id": run.section_id,
            "round": run.round_number,
            "status": run.status,
            "since": _since(run).isoformat(),
        }
        for run in runs
    ]
