"""What every page of the site shares: looking up what the visitor may see or change,
the page cache, showing a service's refusal on a form, CSV downloads.

Permissions come from `tournaments.selectors.access.event_is_manager` (and are checked again
by every service).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from typing import TypeVar

from django import forms
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import StreamingHttpResponse
from django.template.loader import render_to_string
from django.utils import translation

from common.downloads import csv_download
from common.downloads import download_response
from common.exceptions import DomainError
from tournaments.models import Event
from tournaments.models import Player
from tournaments.models import Section
from tournaments.selectors import access
from tournaments.selectors import cached
from tournaments.selectors import pages

Found = TypeVar("Found")


def found_or_404(found: Found | None, message: str) -> Found:
    """What a selector found, or a 404 with `message` when it found nothing (as Django's
    `get_object_or_404` is for a query)."""
    if found is None:
        raise Http404(message)
    return found


def event_or_404(request: HttpRequest, event_slug: str) -> Event:
    """The event if the visitor may see it, else 404."""
    event = access.event_visible_get(slug=event_slug, user=request.user)
    return found_or_404(event, "No such event.")


def event_for_manager(request: HttpRequest, event_slug: str) -> Event:
    """The event for a page that changes it: 404 unless the visitor may see it, 403 unless
    they organise or arbitrate it."""
    event = event_or_404(request, event_slug)
    if not access.event_is_manager(event=event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may change it.")
    return event


def section_or_404(
    request: HttpRequest, event_slug: str, section_slug: str, *, with_version: bool = False
) -> Section:
    """The section if the visitor may see it; shared with the standings pages.
    `with_version`: read with its version (`access.section_visible_get`)."""
    section = access.section_visible_get(
        event_slug=event_slug,
        section_slug=section_slug,
        user=request.user,
        with_version=with_version,
    )
    return found_or_404(section, "No such section.")


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

SITE_NAV_HOLE = "<!-- site-nav -->"
"""What `base.html` writes in place of the site's navigation (the visitor's name and the
log-out form with its CSRF token) when `request.site_nav_later` is set: a cached page is the
same for every visitor of its audience, and each visitor's own navigation is put in the
hole on the way out. Page text is escaped, so no name or result can spell the hole."""


def page_audience(request: HttpRequest, section: Section) -> str:
    """Who a section's page is rendered for, as far as its content differs: ``manager`` for
    the event's organisers and arbiters (management links), ``visitor`` for everyone else,
    logged in or not."""
    manager = access.section_is_manager(section=section, user=request.user)
    return "manager" if manager else "visitor"


def page_cache_key(request: HttpRequest, section: Section, audience: str) -> str:
    """The cache key of a page: its address with the query, the audience and the language,
    for the section as it is now (`section_cache_key`). Everything else a page shows comes
    from these."""
    vary = f"{request.get_full_path()}|{audience}|{translation.get_language()}"
    return cached.section_cache_key(section=section, name="page", vary=vary)


def _site_nav_filled(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The response with this visitor's navigation in the hole `SITE_NAV_HOLE`."""
    hole = SITE_NAV_HOLE.encode()
    if not response.streaming and hole in response.content:
        nav = render_to_string("partials/site_nav.html", request=request)
        response.content = response.content.replace(hole, nav.encode(), 1)
    return response


def _page_cached(view: PublicView, *, logged_in: bool) -> PublicView:
    @functools.wraps(view)
    def wrapper(
        request: HttpRequest, event_slug: str, section_slug: str, **kwargs: Any
    ) -> HttpResponse:
        if request.method != "GET" or (request.user.is_authenticated and not logged_in):
            return view(request, event_slug, section_slug, **kwargs)
        # The section and its version in one query: nothing is written before the key is made.
        section = section_or_404(request, event_slug, section_slug, with_version=True)
        key = page_cache_key(request, section, page_audience(request, section))
        response: HttpResponse | None = cache.get(key)
        if response is None:
            # A mark on this request for templates/base.html: the navigation is filled in later.
            request.site_nav_later = True  # type: ignore[attr-defined]
            response = view(request, event_slug, section_slug, **kwargs)
            if response.status_code == 200 and not response.streaming:
                cache.set(key, response, cached.SECTION_CACHE_SECONDS)
        return _site_nav_filled(request, response)

    return wrapper


def cached_page(view: PublicView) -> PublicView:
    """Serve a section's page rendered once per section version and audience, to everyone.

    On a tournament day hundreds of phones ask for the same pairings and standings, and
    arbiters and logged-in players for the same pages with their names at the top; the
    version (`section_version_get`, one query) changes with anything the pages show, so a
    cached page is never stale. Organisers and arbiters get pages of their own (with the
    management links: `page_audience`); the navigation, with the visitor's name and CSRF
    token, is never cached (`SITE_NAV_HOLE`). Anything but a successful GET is not cached.
    The view must show nothing else that depends on who asks.
    """
    return _page_cached(view, logged_in=True)


def cached_public_page(view: PublicView) -> PublicView:
    """`cached_page` for visitors who are not logged in only: for a page that shows
    logged-in users forms or messages of their own (a captain's line-up links, an
    arbiter's forfeit buttons)."""
    return _page_cached(view, logged_in=False)


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
    player = found_or_404(section.players.filter(starting_rank=rank).first(), "No such player.")
    player.section = section
    return player


def form_domain_error(form: forms.BaseForm, exc: DomainError) -> None:
    """Show a service's refusal on the field it names, else above the form.

    The form may be unbound (a button that posts no fields, the refusal shown on the form
    of the page it returns to): Django adds errors only after cleaning, so an unbound form
    is given the empty cleaning it would have had."""
    if not form.is_bound and not hasattr(form, "cleaned_data"):
        form.cleaned_data = {}
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


def form_saved(form: forms.BaseForm, save: Callable[[dict[str, Any]], object]) -> bool:
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


def csv_response(filename: str, rows: list[list[Any]]) -> HttpResponse | StreamingHttpResponse:
    """A CSV download of `rows` (`common.downloads.csv_download`)."""
    return download_response(csv_download(filename, rows))


# ---------------------------------------------------------------------------------------
# Public pages
# ---------------------------------------------------------------------------------------
