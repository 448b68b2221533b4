"""Celery tasks of the pairing app: thin wrappers around one service call each."""

from __future__ import annotations

import time

from celery import shared_task
from django.db import InterfaceError
from django.db import OperationalError

from pairing import worker
from pairing.models import PairingRun
from pairing.services import runs

# A run is sent from inside the transaction that makes it, so its message may arrive before
# the run is committed: the task waits so long (seconds) between tries, then counts the run
# as rolled back. Waiting here rather than sending the task again keeps one execution per run.
RUN_MISSING_WAITS = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)

worker.connect()


@shared_task(
    ignore_result=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=5,
)
def round_pair_task(run_id: int) -> dict[str, int | str]:
    """Carry out pairing run `run_id`, within the time limits `run_send` gives it.

    Only a lost or busy database, or a run not committed yet, is worth another try;
    anything the engine or the section says (no legal pairing, a system without an
    engine, the time limit) is final and already recorded on the run by the service. A
    run still missing after the waits was never committed: there is nothing to do.
    """
    run = _execute_once_committed(run_id)
    if run is None:
        return {"run": run_id, "status": "missing"}
    return {"run": run.pk, "status": run.status}


def _execute_once_committed(run_id: int) -> PairingRun | None:
    for wait in (*RUN_MISSING_WAITS, None):
        try:
            return runs.pairing_run_execute(run_id=run_id)
        except PairingRun.DoesNotExist:
            if wait is None:
                break
            time.sleep(wait)
    return None


@shared_task(ignore_result=True)
def runs_sweep_task() -> dict[str, int]:
    """Send again or fail every run that lost its worker or its message (Celery beat)."""
    return {"settled": len(runs.runs_sweep())}
