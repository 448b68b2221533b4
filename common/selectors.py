"""Reads of the shared kernel: the emails a page must say were not sent."""

from __future__ import annotations

from collections.abc import Iterable

from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus

__all__ = ["email_failing_exists", "emails_unsent_get"]


def emails_unsent_get(*, about: Iterable[str]) -> dict[str, OutgoingEmail]:
    """For each of the keys `about` ("invitation:12", ...), its newest email not sent yet
    (pending, or failed for good); keys whose emails all went out are absent. One query,
    however many keys."""
    keys = set(about)
    if not keys:
        return {}
    unsent: dict[str, OutgoingEmail] = {}
    rows = (
        OutgoingEmail.objects.filter(about__in=keys)
        .exclude(status=OutgoingEmailStatus.SENT)
        .only("about", "status", "last_error", "attempts", "created_at", "recipient")
        .order_by("about", "-created_at", "-pk")
    )
    for email in rows:
        unsent.setdefault(email.about, email)
    return unsent


def email_failing_exists(*, about: str) -> bool:
    """Whether an email about `about` has been tried and has not gone out: failed for good,
    or pending after an error. An email only waiting for its first try is not one."""
    return (
        OutgoingEmail.objects.filter(about=about)
        .exclude(status=OutgoingEmailStatus.SENT)
        .exclude(last_error="")
        .exists()
    )
