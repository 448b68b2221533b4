"""Organiser pages for changing a draft round by hand.

The forms sit on the organiser's round page (`templates/pairing/round_draft_panel.html`,
through the `round_draft_panel` tag) and on a page of their own, which is also where a
refused change comes back with its error on the field it names. Each view parses the
request, calls one service and redirects; every service checks the permission again.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from common.exceptions import DomainError, ValidationError
from pairing import selectors, services
from pairing.forms import DRAFT_FORMS, DraftChoices, DraftForm
from tournaments.models import Round, Section
from tournaments.views.base import section_for_manager


def _managed_round(request: HttpRequest, event_slug: str, section_slug: str, number: int) -> Round:
    section = section_for_manager(request, event_slug, section_slug)
    rnd = selectors.round_get(section=section, number=number)
    if rnd is None:
        raise Http404(f"Round {number} is not paired.")
    rnd.section = section
    return rnd


def _draft_page(request: HttpRequest, rnd: Round, bound: DraftForm | None = None) -> HttpResponse:
    pairings = selectors.round_pairings_get(round=rnd)
    context = {
        "section": rnd.section,
        "round": rnd,
        "games": pairings.games,
        "byes": pairings.byes,
        "bound": bound,
    }
    return render(request, "pairing/round_draft.html", context)


@login_required
def round_draft(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    return _draft_page(request, _managed_round(request, event_slug, section_slug, number))


@login_required
@require_POST
def round_draft_edit(
    request: HttpRequest, event_slug: str, section_slug: str, number: int, action: str
) -> HttpResponse:
    if action not in DRAFT_FORMS:
        raise Http404(f"There is no change called {action!r}.")
    rnd = _managed_round(request, event_slug, section_slug, number)
    pairings = selectors.round_pairings_get(round=rnd)
    form = DRAFT_FORMS[action](request.POST, choices=DraftChoices.of(pairings.games, pairings.byes))
    if form.is_valid():
        try:
            _apply(action, rnd, request, form.cleaned_data)
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            return redirect(_back(request, rnd.section, number))
    return _draft_page(request, rnd, form)


def _apply(action: str, rnd: Round, request: HttpRequest, data: dict[str, Any]) -> Round:
    user = request.user
    if action == "colours":
        game = rnd.games.filter(board=data["board"]).first()
        if game is None:
            raise ValidationError(
                f"Round {rnd.number} has no board {data['board']}.", field="board"
            )
        return services.game_colours_swap(game=game, user=user)
    if action == "swap":
        return services.draft_players_swap(round=rnd, user=user, **data)
    if action == "pair":
        return services.draft_players_pair(round=rnd, user=user, **data)
    if action == "bye-give":
        return services.draft_bye_give(round=rnd, user=user, **data)
    return services.draft_bye_take(round=rnd, user=user, **data)


def _back(request: HttpRequest, section: Section, number: int) -> str:
    """Where the form was sent from: the draft page, or else the organiser's round page."""
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, "number": number}
    name = "round_draft" if request.POST.get("back") == "draft" else "round_manage"
    return reverse(name, kwargs=kwargs) + "#draft-edits"
