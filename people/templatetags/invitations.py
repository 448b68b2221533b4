"""The people page's invitations: the pending ones and, for organisers, the invite form.

A template tag, because the people page belongs to the tournaments app, which sits below
the invitations' services and selectors (pyproject.toml's layers)."""

from __future__ import annotations

from typing import Any

from django import template

from common.selectors import emails_unsent_get
from people.forms import InvitationForm
from people.selectors.invitations import invitation_pending_list
from people.selectors.invitations import invitation_teams_list
from people.services import invitation_email_key
from tournaments.models import Event

register = template.Library()


@register.inclusion_tag("people/invitation_list.html", takes_context=True)
def event_invitations(context: dict[str, Any], event: Event, organiser: bool) -> dict[str, Any]:
    teams = list(invitation_teams_list(event=event))
    invitations = list(invitation_pending_list(event=event))
    # Beside each invitation, its email when it has not gone out (pending or failed).
    unsent = emails_unsent_get(about=[invitation_email_key(i.pk) for i in invitations])
    return {
        "event": event,
        "organiser": organiser,
        "invitations": [(i, unsent.get(invitation_email_key(i.pk))) for i in invitations],
        "form": InvitationForm(teams=teams) if organiser else None,
        "csrf_token": context.get("csrf_token"),
    }
