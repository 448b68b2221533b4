"""What every page of the site shares: looking up what the visitor may see or change,
the public page cache, showing a service's refusal on a form, CSV downloads.

Permissions come from `tournaments.selectors.access.event_is_manager` (and are checked again
by every service).
"""

from __future__ import annotations

import csv
import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django import forms
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse

from common.exceptions import DomainError
from tournaments.models import Event, Player, Section
from tournaments.record.text import spreadsheet_row
from tournaments.selectors import access, pages, rounds


def event_or_404(request: HttpRequest, event_slug: str) -> Event:
    """The event if the visitor may see it, else 404."""
    event = access.event_get(slug=event_slug, user=request.user)
    if event is None:
        raise Http404("No such event.")
    return event


def event_for_manager(request: HttpRequest, event_slug: str) -> Event:
    """The event for a page that changes it: 404 unless the visitor may see it, 403 unless
    they organise or arbitrate it."""
    event = event_or_404(request, event_slug)
    if not access.event_is_manager(event=event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may change it.")
    return event


def section_or_404(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    """The section if the visitor may see it; shared with the standings pages."""
    section = access.section_visible_get(
        event_slug=event_slug, section_slug=section_slug, user=request.user
    )
    if section is None:
        raise Http404("No such section.")
    return section


def round_page_or_404(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> tuple[Section, pages.RoundPage]:
    """The section and the page of its round `number`, if the visitor may see the section
    and the round is published; shared by the pairings, their CSV and the result slips."""
    section = section_or_404(request, event_slug, section_slug)
    page = pages.round_page_get(section=section, number=number)
    if page.round is None:
        raise Http404("This round is not published.")
    return section, page


PublicView = Callable[..., HttpResponse]

PUBLIC_PAGE_SECONDS = 600


def cached_public_page(view: PublicView) -> PublicView:
    """Serve visitors who are not logged in a page rendered once per section version.

    On a tournament day hundreds of phones ask for the same pairings and standings; the
    version (`section_version_get`, a few small aggregates) changes with anything they
    show, so a cached page is never stale. Logged-in users (organisers see management
    links) and anything but a successful GET are never cached.
    """

    @functools.wraps(view)
    def wrapper(
        request: HttpRequest, event_slug: str, section_slug: str, **kwargs: Any
    ) -> HttpResponse:
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, event_slug, section_slug, **kwargs)
        section = section_or_404(request, event_slug, section_slug)
        version = rounds.section_version_get(section=section)
        token = f"{request.get_full_path()}|{version}|{section.event.updated_at}"
        key = "public-page:" + hashlib.sha256(token.encode()).hexdigest()
        response: HttpResponse | None = cache.get(key)
        if response is None:
            response = view(request, event_slug, section_slug, **kwargs)
            if response.status_code == 200 and not response.streaming:
                cache.set(key, response, PUBLIC_PAGE_SECONDS)
        return response

    return wrapper


def section_for_manager(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    """The section for a page that changes it: 404 unless the visitor may see it, 403
    unless they organise or arbitrate its event."""
    section = section_or_404(request, event_slug, section_slug)
    if not access.event_is_manager(event=section.event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may change it.")
    return section


def player_for_manager(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> Player:
    """The player of starting rank `rank`, as `section_for_manager` (404 for no such
    player); `player.section` is the section already fetched."""
    section = section_for_manager(request, event_slug, section_slug)
    player = section.players.filter(starting_rank=rank).first()
    if player is None:
        raise Http404("No such player.")
    player.section = section
    return player


def form_domain_error(form: forms.Form, exc: DomainError) -> None:
    """Show a service's refusal on the field it names, else above the form.

    The form may be unbound (a button that posts no fields, the refusal shown on the form
    of the page it returns to): Django adds errors only after cleaning, so an unbound form
    is given the empty cleaning it would have had."""
    if not form.is_bound and not hasattr(form, "cleaned_data"):
        form.cleaned_data = {}
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


def form_saved(form: forms.Form, save: Callable[[dict[str, Any]], object]) -> bool:
    """Validate ``form`` and hand its data to ``save`` (a service call); True when it took.

    A service's refusal (`DomainError`) is shown on the form, on the field it names.
    """
    if not form.is_valid():
        return False
    try:
        save(form.cleaned_data)
    except DomainError as exc:
        form_domain_error(form, exc)
        return False
    return True


def csv_response(filename: str, rows: list[list[Any]]) -> HttpResponse:
    """A CSV download (UTF-8 with a byte-order mark, so spreadsheets read accents); each
    cell made safe for a spreadsheet (`spreadsheet_row`): names stay text, never formulas."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    csv.writer(response).writerows(spreadsheet_row(row) for row in rows)
    return response


# ---------------------------------------------------------------------------------------
# Public pages
# ---------------------------------------------------------------------------------------
