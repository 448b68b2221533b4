"""Celery tasks of the pairing app: thin wrappers around one service call each."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from pairing.services.runs import pairing_run_execute


@shared_task(
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=5,
)
def round_pair_task(run_id: int) -> dict[str, int | str]:
    """Carry out pairing run `run_id`.

    Only a lost or busy database is worth another try; anything the engine or the section
    says (no legal pairing, a system without an engine) is final and already recorded on
    the run by the service.
    """
    run = pairing_run_execute(run_id=run_id)
    return {"run": run.pk, "status": run.status}
