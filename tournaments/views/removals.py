"""Confirmation pages that take back a player, a section or an event entered by mistake.

Each page says what goes, or why it cannot (the selectors' rule, checked again by the
service on the POST).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.selectors import access
from tournaments.selectors import removals
from tournaments.views.base import event_for_manager
from tournaments.views.base import player_for_manager
from tournaments.views.base import section_for_manager
from tournaments.views.confirm import Confirmation
from tournaments.views.confirm import confirmation_page


@login_required
def player_remove(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = player_for_manager(request, event_slug, section_slug, rank)
    section_url = reverse("section_manage", args=[event_slug, section_slug])
    confirmation = Confirmation(
        title=f"Remove {player.full_name}?",
        consequence=(
            f"{player.full_name} (No. {player.starting_rank}) leaves {player.section.name} "
            "with their bye requests, as if never entered. Players after them move up one "
            "starting rank while no round is paired."
        ),
        button="Remove the player",
        cancel_url=reverse("player_update", args=[event_slug, section_slug, rank]),
        blocked=removals.player_removal_block(player=player),
    )
    return confirmation_page(
        request,
        confirmation,
        lambda _data: services.player_remove(player=player, user=request.user),
        done=f"{player.full_name} removed.",
        then=section_url,
    )


@login_required
def section_delete(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    blocked = removals.section_deletion_block(section=section)
    if not access.event_is_organiser(event=section.event, user=request.user):
        blocked = "Only the event's organisers may delete a section."
    consequence = (
        f"{section.name} goes with its {section.players.count()} players, its settings "
        "and any draft round. This cannot be undone."
    )
    if removals.section_untouched_import(section=section) and section.rounds.exists():
        consequence += " " + _(
            "Its rounds imported from a TRF file go too: nothing has been done to the "
            "section since the import."
        )
    confirmation = Confirmation(
        title=f"Delete {section.name}?",
        consequence=consequence,
        button="Delete the section",
        cancel_url=reverse("section_manage", args=[event_slug, section_slug]),
        blocked=blocked,
    )
    return confirmation_page(
        request,
        confirmation,
        lambda _data: services.section_delete(section=section, user=request.user),
        done=f"{section.name} deleted.",
        then=reverse("event_detail", args=[event_slug]),
    )


@login_required
def event_delete(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = event_for_manager(request, event_slug)
    blocked = removals.event_deletion_block(event=event)
    if not access.event_is_organiser(event=event, user=request.user):
        blocked = "Only the event's organisers may delete it."
    confirmation = Confirmation(
        title=f"Delete {event.name}?",
        consequence=(
            f"{event.name} goes with its {event.sections.count()} sections and their "
            "players. This cannot be undone."
        ),
        button="Delete the event",
        cancel_url=reverse("event_detail", args=[event_slug]),
        blocked=blocked,
    )
    return confirmation_page(
        request,
        confirmation,
        lambda _data: services.event_delete(event=event, user=request.user),
        done=f"{event.name} deleted.",
        then=reverse("home"),
    )
