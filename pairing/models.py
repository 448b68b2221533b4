"""Pairing runs: one request to pair a round, carried out by a worker.

What organisers and arbiters did to a round (asked for its pairing, changed it by hand,
published it) is in the event's log, `tournaments.models.LogEntry`."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from common.models import TimeStampedModel
from tournaments.models import Section


class RunStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


ACTIVE_STATUSES = (RunStatus.QUEUED, RunStatus.RUNNING)


class PairingRun(TimeStampedModel):
    """What was asked (request), what the engine answered (result), and how long it took.

    At most one run per section and round is queued or running at a time: a second request
    for the same round finds the active run instead of starting another.

    While a worker carries the run out it refreshes `heartbeat_at` every few seconds; a
    running run whose heartbeat stopped lost its worker, and the sweeper
    (`pairing.services.runs.runs_sweep`) sends it again or fails it. A queued run's
    `updated_at` is when it was last handed to the workers.
    """

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairing_runs")
    round_number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=RunStatus.choices, default=RunStatus.QUEUED)
    request = models.JSONField(default=dict, blank=True)
    result = models.JSONField(default=dict, blank=True)
    engine_version = models.CharField(max_length=40, blank=True)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    engine_seconds = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round_number"],
                condition=Q(status__in=["queued", "running"]),
                name="pairing_run_one_active",
            ),
        ]
        # The sweeper looks for live runs every few seconds; they are few among many.
        indexes = [
            models.Index(
                fields=["status", "updated_at"],
                condition=Q(status__in=["queued", "running"]),
                name="pairing_run_live",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section} round {self.round_number}: {self.status}"


class PairingWorker(models.Model):
    """A worker process that carries out pairing runs, as the site last saw it alive: its
    name, the queues it takes tasks from and when it last said it was connected to the
    broker (`pairing.worker`). Read by the health check and the organiser's round page,
    which warn when no worker takes a queue the site sends runs to."""

    hostname = models.CharField(max_length=255, unique=True)
    queues = models.JSONField(default=list, blank=True)
    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.hostname}, seen {self.seen_at:%Y-%m-%d %H:%M:%S}"
