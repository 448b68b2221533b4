"""What a Celery worker process tells the site about itself: that it is alive and connected
to the broker, and which queues it takes tasks from (`PairingWorker`, read by the health
check and the organiser's round page).

The worker's heart beats every two seconds while its consumer is connected to the broker
(Celery stops it while the connection is lost, and starts it again once reconnected); a
thread of the worker's main process writes the last beat to the database every
`SEEN_EVERY` seconds, so that a slow database never holds up the worker's event loop. A
worker started with ``--without-heartbeat`` is never seen.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from celery.signals import heartbeat_sent
from celery.signals import worker_ready
from django.db import DatabaseError
from django.db import close_old_connections

from pairing.services.workers import worker_seen_record

logger = logging.getLogger(__name__)

# How often the worker's presence is written (seconds).
SEEN_EVERY = 10.0
# A consumer whose last beat is older than this many of its intervals (2 s unless
# `--heartbeat-interval` says otherwise) is not connected now.
BEATS_MISSED = 3


class _Presence:
    """The worker process's name, its queues and its last heartbeat."""

    def __init__(self) -> None:
        self.hostname = ""
        self.queues: list[str] = []
        self.last_beat = 0.0
        self.beat_every = 2.0
        self.thread: threading.Thread | None = None

    def ready(self, hostname: str, queues: list[str]) -> None:
        self.hostname = hostname
        self.queues = queues
        self.last_beat = time.monotonic()
        if self.thread is None:
            self.thread = threading.Thread(
                target=self._record_forever, name="pairing-worker-seen", daemon=True
            )
            self.thread.start()

    def _record_forever(self) -> None:
        while True:
            if time.monotonic() - self.last_beat < BEATS_MISSED * self.beat_every:
                try:
                    close_old_connections()
                    worker_seen_record(hostname=self.hostname, queues=self.queues)
                except DatabaseError:
                    logger.warning("Could not record that this worker is alive", exc_info=True)
            time.sleep(SEEN_EVERY)


_presence = _Presence()


def _on_ready(sender: Any, **kwargs: Any) -> None:
    queues = sorted(sender.app.amqp.queues.consume_from)
    _presence.ready(str(sender.hostname), queues)


def _on_heartbeat(sender: Any, **kwargs: Any) -> None:
    _presence.beat_every = float(getattr(sender, "interval", _presence.beat_every))
    _presence.last_beat = time.monotonic()


def connect() -> None:
    """Listen to the worker's signals (once per process; the tasks module calls it)."""
    worker_ready.connect(_on_ready, weak=False, dispatch_uid="pairing-worker-ready")
    heartbeat_sent.connect(_on_heartbeat, weak=False, dispatch_uid="pairing-worker-heartbeat")
