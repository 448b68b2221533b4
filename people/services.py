"""Invitations: an organiser invites an arbiter, or a team's captain, by email; whoever
opens the emailed link, signed in (after signing up, if need be), takes the role.

The link is the secret (256 random bits, only its digest stored), so it is accepted for
the account that opens it, whatever that account's own address: the log says who it was.
Here, above both the accounts and the tournaments apps, is the one place that sees them and
the teams together (pyproject.toml's layers).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Invitation
from accounts.models import InvitationRole
from accounts.models import token_digest
from common.emails import email_render
from common.exceptions import NotFound
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.services import email_queue
from common.services import header_line
from common.types import AnyUser
from common.types import User
from teams.models import Team
from teams.services import do_team_captain_change
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.services.base import event_lock_for_organiser
from tournaments.services.log import log_write

STATE_WORDS = {
    "accepted": "has been used already",
    "revoked": "was withdrawn by the event's organisers",
    "expired": "has expired",
}


def invitation_email_key(invitation_id: int) -> str:
    """What the outbox calls the email of invitation `invitation_id` (`common.services`)."""
    return f"invitation:{invitation_id}"


def invitation_what(invitation: Invitation) -> str:
    """The role an invitation gives, in words: "arbiter of Spring Open"."""
    if invitation.role == InvitationRole.CAPTAIN and invitation.team is not None:
        return f"captain of {invitation.team.name} in {invitation.event.name}"
    return f"arbiter of {invitation.event.name}"


@transaction.atomic
def invitation_create(
    *,
    event: Event,
    user: AnyUser,
    email: str,
    role: str,
    team_id: int | None = None,
    link_for: Callable[[str], str],
) -> tuple[Invitation, str]:
    """Invite `email` to be `role` ("arbiter" or "captain" of the team `team_id`, a team of
    one of the event's sections) of `event`; organisers only. Locks the event.

    The email, with the link `link_for(secret)`, goes to the outbox in the same transaction
    and is sent after the commit: a mail server down or a name that cannot go in a header
    leaves the invitation made and its email pending (the people page says so). Logged.
    Returns the invitation and its secret (stored nowhere once the email is sent).
    """
    event = event_lock_for_organiser(event_id=event.pk, user=user, doing="invite people")
    email = email.strip()
    try:
        validate_email(email)
    except DjangoValidationError:
        raise ValidationError(f"“{email}” is not an email address.", field="email") from None
    try:
        chosen = InvitationRole(role)
    except ValueError:
        message = f"“{role}” is not a role: arbiter or captain."
        raise ValidationError(message, field="role") from None
    team = None
    if chosen == InvitationRole.CAPTAIN:
        team = Team.objects.filter(pk=team_id, section__event=event).first() if team_id else None
        if team is None:
            raise ValidationError("Choose the team the captain is to lead.", field="team")
    secret = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        event=event,
        role=chosen,
        team=team,
        email=email,
        digest=token_digest(secret),
        created_by=user if user.is_authenticated else None,
        expires_at=timezone.now() + settings.INVITATION_LIFETIME,
    )
    what = invitation_what(invitation)
    log_write(
        event,
        user,
        LogAction.INVITE,
        f"{email} invited to be {what}.",
        changes={"invitation": [None, invitation.pk]},
    )
    context = {
        "inviter": user.get_username(),
        # The role's names, as the subject has them: on one line.
        "event": header_line(event.name),
        "team": header_line(team.name) if team is not None else "",
        "link": link_for(secret),
        "days": settings.INVITATION_LIFETIME.days,
    }
    rendered = email_render("invitation", context)
    email_queue(
        to=email,
        subject=rendered.subject,
        body=rendered.text,
        html_body=rendered.html,
        event_id=event.pk,
        about=invitation_email_key(invitation.pk),
    )
    return invitation, secret


def _pending_lock(found: Q, *, missing: str, by_link: bool = False) -> Invitation:
    """The invitation `found` selects, locked, while it is pending: `NotFound` (`missing`)
    without one, `StateError` for one used, withdrawn or expired, which names it by its
    address (or as "this invitation" when it was opened `by_link`)."""
    invitation = (
        # Only the invitation's row is locked: its team is on the nullable side of a join.
        Invitation.objects.select_for_update(of=("self",))
        .select_related("event", "team")
        .filter(found)
        .first()
    )
    if invitation is None:
        raise NotFound(missing)
    state = invitation.state()
    if state != "pending":
        named = "This invitation" if by_link else f"The invitation for {invitation.email}"
        raise StateError(f"{named} {STATE_WORDS[state]}.")
    return invitation


@transaction.atomic
def invitation_revoke(*, event: Event, user: AnyUser, invitation_id: int) -> Invitation:
    """Withdraw a pending invitation of `event`; organisers only. Locks the event. Logged.

    `NotFound` for no such invitation of this event; `StateError` for one already used,
    withdrawn or expired.
    """
    event = event_lock_for_organiser(event_id=event.pk, user=user, doing="withdraw invitations")
    invitation = _pending_lock(Q(pk=invitation_id, event=event), missing="No such invitation.")
    invitation.revoked_at = timezone.now()
    invitation.save(update_fields=["revoked_at"])
    log_write(
        event,
        user,
        LogAction.INVITE_REVOKE,
        f"Invitation of {invitation.email} to be {invitation_what(invitation)} withdrawn.",
        changes={"invitation": [invitation.pk, None]},
    )
    return invitation


@transaction.atomic
def invitation_accept(*, secret: str, user: User) -> Invitation:
    """Give the signed-in `user` the role the invitation with `secret` offers. Locks it.

    An arbiter's invitation adds `user` to the event's arbiters (an organiser keeps the
    larger role); a captain's makes `user` the team's captain, in place of any other.
    `NotFound` for an unknown secret; `StateError` for an invitation used, withdrawn or
    expired. Logged, with who accepted it and the address it was sent to.
    """
    invitation = _pending_lock(
        Q(digest=token_digest(secret)),
        missing="This invitation link is not valid: check that it was copied whole.",
        by_link=True,
    )
    event = Event.objects.select_for_update().get(pk=invitation.event_id)
    what = invitation_what(invitation)
    if invitation.role == InvitationRole.CAPTAIN and invitation.team is not None:
        team = Team.objects.select_for_update().get(pk=invitation.team.pk)
        changes = do_team_captain_change(team, user)
    else:
        held = "organiser" if event.organisers.filter(pk=user.pk).exists() else None
        held = held or ("arbiter" if event.arbiters.filter(pk=user.pk).exists() else None)
        if held is None:
            event.arbiters.add(user)
        changes = {"role": [held, held or "arbiter"]}
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    log_write(
        event,
        user,
        LogAction.INVITE_ACCEPT,
        (
            f"{user.get_username()} accepted the invitation sent to "
            f"{invitation.email} and is now {what}."
        ),
        changes={**changes, "invitation": [invitation.pk, invitation.pk]},
    )
    return invitation
