"""Pairing runs (one request to pair a round, carried out by a worker) and the audit log of
hand-made changes to a round's draft."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from common.models import TimeStampedModel
from tournaments.models import Round, Section


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

    def __str__(self) -> str:
        return f"{self.section} round {self.round_number}: {self.status}"


class DraftAction(models.TextChoices):
    COLOURS_SWAP = "colours_swap", "Colours swapped"
    OPPONENTS_SWAP = "opponents_swap", "Opponents exchanged"
    PLAYERS_SWAP = "players_swap", "Players swapped"
    PLAYERS_PAIR = "players_pair", "Players paired by hand"
    BYE_GIVE = "bye_give", "Bye given"
    BYE_TAKE = "bye_take", "Bye taken away"
    REPAIR = "repair", "Paired again"
    PUBLISH = "publish", "Published"


class DraftEdit(models.Model):
    """One entry of a round's audit log: who changed its draft, when, how, and what it broke.

    Written in the same transaction as the change, so the log and the boards never disagree.
    Kept after publication: the published round answers for every hand-made board.
    `warnings` holds ``{"added": [...], "resolved": [...]}``: the rule breaks the change
    brought in and those it removed (both as `draft_warnings` words them).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="draft_edits")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="draft_edits",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=16, choices=DraftAction.choices)
    description = models.TextField()
    warnings = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["round", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.round}: {self.description}"

    @property
    def added_warnings(self) -> list[str]:
        return list(self.warnings.get("added", []))

    @property
    def resolved_warnings(self) -> list[str]:
        return list(self.warnings.get("resolved", []))
