"""The workers that carry out pairing runs, as the site last saw them alive."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from pairing.models import PairingWorker

# A worker not seen for this long is gone for good (a container replaced, a host renamed):
# its row is deleted when another worker first says it is alive.
FORGOTTEN_AFTER = timedelta(days=1)


def worker_seen_record(*, hostname: str, queues: list[str]) -> PairingWorker:
    """Note that worker `hostname`, taking tasks from `queues`, is alive and connected to
    the broker now (`pairing.worker` calls it every few seconds). A worker seen for the
    first time also clears the workers not seen for `FORGOTTEN_AFTER`."""
    now = timezone.now()
    worker, created = PairingWorker.objects.update_or_create(
        hostname=hostname, defaults={"queues": sorted(queues), "seen_at": now}
    )
    if created:
        PairingWorker.objects.filter(seen_at__lt=now - FORGOTTEN_AFTER).delete()
    return worker
