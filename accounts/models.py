"""API tokens. Only a hash of each token's secret is stored: a copy of the database does not
sign anyone in, and the secret is shown once, when the token is made."""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone


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
