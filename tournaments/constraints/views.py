"""Organiser pages: prohibited groups (with what they did to each round) and byes."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import QueryDict
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_POST

from common.exceptions import DomainError
from tournaments.constraints import selectors
from tournaments.constraints import services
from tournaments.constraints.forms import ByeExclusionForm
from tournaments.constraints.forms import GroupForm
from tournaments.models import ProhibitedGroup
from tournaments.models import Section
from tournaments.views.base import form_saved
from tournaments.views.base import found_or_404
from tournaments.views.base import player_for_manager
from tournaments.views.base import section_for_manager


def _group_or_404(section: Section, pk: int) -> ProhibitedGroup:
    group = found_or_404(section.prohibited_groups.filter(pk=pk).first(), "No such group.")
    group.section = section
    return group


@login_required
def groups(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    page = selectors.groups_page_get(section=section)
    form = GroupForm(request.POST or None, players=page.players)
    if form_saved(
        form, lambda data: services.group_create(section=section, user=request.user, **data)
    ):
        return redirect("groups", event_slug=event_slug, section_slug=section_slug)
    context = {"section": section, "page": page, "form": form}
    return render(request, "tournaments/groups.html", context)


@login_required
def group_update(request: HttpRequest, event_slug: str, section_slug: str, pk: int) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    group = _group_or_404(section, pk)
    players = list(section.players.order_by("starting_rank"))
    initial = {
        "name": group.name,
        "kind": group.kind,
        "attribute": group.attribute,
        "members": [p.starting_rank for p in group.members.all()],
    }
    form = GroupForm(request.POST or None, initial=initial, players=players)
    if form_saved(form, lambda data: services.group_update(group=group, user=request.user, **data)):
        return redirect("groups", event_slug=event_slug, section_slug=section_slug)
    context = {"section": section, "group": group, "form": form}
    return render(request, "tournaments/group_form.html", context)


@login_required
@require_POST
def group_delete(request: HttpRequest, event_slug: str, section_slug: str, pk: int) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    services.group_delete(group=_group_or_404(section, pk), user=request.user)
    return redirect("groups", event_slug=event_slug, section_slug=section_slug)


def _exclusion_form(page: selectors.ByesPage, data: QueryDict | None = None) -> ByeExclusionForm:
    """The form that excludes a player from a round's bye, the next round proposed."""
    return ByeExclusionForm(data, players=page.players, initial={"round_number": page.next_round})


def _byes_page(
    request: HttpRequest,
    page: selectors.ByesPage,
    form: ByeExclusionForm,
    *,
    refusal: str = "",
    status: int = 200,
) -> HttpResponse:
    """The byes page: every round's requests and exclusions, the exclusion form, and a
    refusal of the service above it."""
    context = {"section": page.section, "page": page, "form": form, "refusal": refusal}
    return render(request, "tournaments/byes.html", context, status=status)


@login_required
def byes(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    page = selectors.byes_page_get(section=section)
    form = _exclusion_form(page, request.POST or None)

    def exclude(data: dict[str, Any]) -> object:
        player = section.players.get(starting_rank=data["player"])
        player.section = section
        return services.bye_exclusion_set(
            player=player, user=request.user, round_number=data["round_number"]
        )

    if form_saved(form, exclude):
        return redirect("byes", event_slug=event_slug, section_slug=section_slug)
    return _byes_page(request, page, form)


@login_required
@require_POST
def bye_exclusion_delete(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int, number: int
) -> HttpResponse:
    player = player_for_manager(request, event_slug, section_slug, rank)
    try:
        services.bye_exclusion_delete(player=player, user=request.user, round_number=number)
    except DomainError as exc:
        # The refusal is of the lifting, not of the exclusion form below: shown above it.
        page = selectors.byes_page_get(section=player.section)
        return _byes_page(request, page, _exclusion_form(page), refusal=exc.message, status=409)
    return redirect("byes", event_slug=event_slug, section_slug=section_slug)
