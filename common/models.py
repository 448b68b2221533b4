"""Base models shared by every app, and the outbox of the site's emails."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from common.types import User


class TimeStampedModel(models.Model):
    """Adds creation and modification times; every domain model carries them."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


def account_link(
    related_name: str, *, blank: bool = True
) -> models.ForeignKey[User | None, User | None]:
    """A link to a site account that the row outlives: emptied when the account is deleted
    (the row keeps what it needs of the account, a name, in columns of its own)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=blank,
        related_name=related_name,
    )


class OutgoingEmailStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")


class OutgoingEmail(models.Model):
    """An email the site owes someone: stored by the action that causes it, in the action's
    transaction, and sent by the workers after the commit (`common.services.emails`).

    A mail server that is down, or a message that cannot be built, never undoes the action:
    the row stays pending (and is tried again) or ends failed, with the error, and the pages
    that matter say so. `about` names what the email is about ("invitation:12", "entry:7"),
    so those pages find it without a link from their own tables.

    The bodies are emptied once the email is sent: they may hold a link whose secret the
    site otherwise stores only hashed (an invitation's, an entry's)."""

    recipient = models.CharField(max_length=254)
    subject = models.CharField(max_length=255)
    body = models.TextField(blank=True)
    html_body = models.TextField(blank=True)
    status = models.CharField(
        max_length=10, choices=OutgoingEmailStatus.choices, default=OutgoingEmailStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # When the next try is due: the task's own retry comes then; the sweep sends a pending
    # email whose try is overdue by a minute (its message was lost, or never published).
    next_attempt_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    event = models.ForeignKey(
        "tournaments.Event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="outgoing_emails",
    )
    about = models.CharField(max_length=64, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"], name="outgoing_email_due"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status=OutgoingEmailStatus.SENT, sent_at__isnull=False)
                | (~models.Q(status=OutgoingEmailStatus.SENT) & models.Q(sent_at__isnull=True)),
                name="outgoing_email_sent_iff_sent_at",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.subject} to {self.recipient} ({self.status})"
