"""Celery tasks of the pairing app: thin wrappers around one service call each."""

from __future__ import annotations

from celery import Task, shared_task
from django.db import InterfaceError, OperationalError

from pairing.models import PairingRun

# The module, not its functions: it sends this module's task, so it may still be loading.
from pairing.services import runs

# A run is sent from inside the transaction that makes it, so its message may arrive before
# the run is committed: so many tries, a second apart, before the run counts as rolled back.
RUN_MISSING_RETRIES = 5


@shared_task(
    bind=True,
    ignore_result=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=5,
)
def round_pair_task(self: Task, run_id: int) -> dict[str, int | str]:
    """Carry out pairing run `run_id`.

    Only a lost or busy database, or a run not committed yet, is worth another try;
    anything the engine or the section says (no legal pairing, a system without an
    engine) is final and already recorded on the run by the service. A run still missing
    after the retries was never committed: there is nothing to do.
    """
    try:
        run = runs.pairing_run_execute(run_id=run_id)
    except PairingRun.DoesNotExist:
        if self.request.retries < RUN_MISSING_RETRIES:
            raise self.retry(countdown=1, max_retries=RUN_MISSING_RETRIES) from None
        return {"run": run_id, "status": "missing"}
    return {"run": run.pk, "status": run.status}


@shared_task(ignore_result=True)
def runs_sweep_task() -> dict[str, int]:
    """Send again or fail every run that lost its worker or its message (Celery beat)."""
    return {"settled": len(runs.runs_sweep())}
