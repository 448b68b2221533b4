"""API tokens. Only a hash of each token's secret is stored: a copy of the database does not
sign anyone in, and the secret is shown once, when the token is made."""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone

from common.models import account_link


def token_digest(secret: str) -> str:
    """The stored form of a token's secret. The secrets are long and random (160 bits), so a
    plain SHA-256 cannot be reversed by guessing; no slow password hash is needed."""
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiToken(models.Model):
    """A token its owner signs API requests with, as `Authorization: Token <secret>`."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    # The first characters of the secret, so an owner can tell their tokens apart.
    prefix = models.CharField(max_length=8)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user}"

    def is_active(self, *, at: datetime | None = None) -> bool:
        moment = at or timezone.now()
        return self.revoked_at is None and self.expires_at > moment


class InvitationRole(models.TextChoices):
    ARBITER = "arbiter", "Arbiter"
    CAPTAIN = "captain", "Captain"


class Invitation(models.Model):
    """An emailed link that gives whoever opens it, signed in, a role in an event: arbiter,
    or captain of one team of a team section.

    Only a digest of the link's secret is stored (`token_digest`), as for API tokens. The
    event and the team are named by the apps' labels, not imported: accounts sits below them
    (pyproject.toml's layers), and their services, above both, make and accept invitations
    (`people.services`)."""

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="invitations"
    )
    role = models.CharField(max_length=10, choices=InvitationRole.choices)
    team = models.ForeignKey(
        "teams.Team", on_delete=models.CASCADE, null=True, blank=True, related_name="invitations"
    )
    email = models.EmailField()
    digest = models.CharField(max_length=64, unique=True)
    created_by = account_link("invitations_sent", blank=False)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = account_link("invitations_accepted")
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # A captain's invitation names the team; an arbiter's names none.
            models.CheckConstraint(
                condition=(
                    models.Q(role=InvitationRole.CAPTAIN, team__isnull=False)
                    | models.Q(role=InvitationRole.ARBITER, team__isnull=True)
                ),
                name="invitation_team_iff_captain",
            ),
            models.CheckConstraint(
                condition=models.Q(accepted_at__isnull=True) | models.Q(revoked_at__isnull=True),
                name="invitation_not_accepted_and_revoked",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()} of {self.event_id} for {self.email}"

    def state(self, *, at: datetime | None = None) -> str:
        """ "accepted", "revoked", "expired" or "pending"."""
        if self.accepted_at is not None:
            return "accepted"
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= (at or timezone.now()):
            return "expired"
        return "pending"


class Preferences(models.Model):
    """What a person chose for themselves, across the site: the language of its pages and
    of the e-mails it sends them (blank: none chosen, the event's or the browser's)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField(max_length=10, blank=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"Preferences of {self.user}"
