"""Reads of invitations: the pending ones of an event, one by its link's secret."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Invitation
from accounts.models import token_digest
from teams.models import Team
from tournaments.models import Event


def invitation_pending_list(*, event: Event) -> QuerySet[Invitation]:
    """The invitations of `event` not used, withdrawn or expired, newest first."""
    return (
        Invitation.objects.filter(
            event=event,
            accepted_at__isnull=True,
            revoked_at__isnull=True,
            expires_at__gt=timezone.now(),
        )
        .select_related("team", "created_by")
        .order_by("-created_at", "-pk")
    )


def invitation_get(*, secret: str) -> Invitation | None:
    """The invitation whose link carries `secret`, in any state; None for none."""
    return (
        Invitation.objects.select_related("event", "team")
        .filter(digest=token_digest(secret))
        .first()
    )


def invitation_teams_list(*, event: Event) -> QuerySet[Team]:
    """The teams of `event`'s team sections, which a captain may be invited to lead."""
    return Team.objects.filter(section__event=event).select_related("section")
