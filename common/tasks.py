"""Tasks that check the machinery itself."""

from __future__ import annotations

from celery import shared_task
from django.db import connection


@shared_task
def health_check_task() -> dict[str, str]:
    """Prove a worker can reach the database: answers the database vendor."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (one,) = cursor.fetchone()
    return {"database": connection.vendor, "ok": "yes" if one == 1 else "no"}
