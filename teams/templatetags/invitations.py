"""The people page's invitations: the pending ones and, for organisers, the invite form.

A template tag, because the people page belongs to the tournaments app, which sits below
the invitations' services and selectors (pyproject.toml's layers)."""

from __future__ import annotations

from typing import Any

from django import template

from teams.forms import InvitationForm
from teams.selectors.invitations import invitation_pending_list, invitation_teams_list
from tournaments.models import Event

register = template.Library()


@register.inclusion_tag("teams/invitation_list.html", takes_context=True)
def event_invitations(context: dict[str, Any], event: Event, organiser: bool) -> dict[str, Any]:
    teams = list(invitation_teams_list(event=event))
    return {
        "event": event,
        "organiser": organiser,
        "invitations": list(invitation_pending_list(event=event)),
        "form": InvitationForm(teams=teams) if organiser else None,
        "csrf_token": context.get("csrf_token"),
    }
