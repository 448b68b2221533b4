"""Tasks of the shared kernel: the machinery's health, and sending the site's emails."""

from __future__ import annotations

from celery import shared_task
from django.db import connection

from common.services import EMAIL_MAX_ATTEMPTS
from common.services import TRANSIENT_EMAIL_ERRORS
from common.services import email_send
from common.services import emails_sweep


@shared_task
def health_check_task() -> dict[str, str]:
    """Prove a worker can reach the database: answers the database vendor."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (one,) = cursor.fetchone()
    return {"database": connection.vendor, "ok": "yes" if one == 1 else "no"}


@shared_task(
    ignore_result=True,
    autoretry_for=TRANSIENT_EMAIL_ERRORS,
    # 30 s, doubled each time, at most ten minutes: `common.services.email_backoff`.
    retry_backoff=30,
    retry_backoff_max=600,
    retry_jitter=False,
    max_retries=EMAIL_MAX_ATTEMPTS - 1,
)
def email_send_task(email_id: int) -> dict[str, int | str]:
    """Send email `email_id` of the outbox. A mail server that refuses or cannot be
    reached is tried again later (the error is on the row meanwhile); the service marks
    the email failed after its last try, or at once when the message cannot be built."""
    email = email_send(email_id=email_id)
    return {"email": email_id, "status": email.status if email else "missing"}


@shared_task(ignore_result=True)
def emails_sweep_task() -> dict[str, int]:
    """Hand pending emails whose try is overdue to the workers again (Celery beat)."""
    return {"swept": len(emails_sweep())}
