"""Standings, the crosstable, a player's card and the TRF download of a section: pages and
CSV downloads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render

from common.downloads import download_response
from common.downloads import trf_download
from common.exceptions import ValidationError
from public import selectors
from tournaments.models import Section
from tournaments.selectors import access
from tournaments.selectors import schedule
from tournaments.selectors.cached import section_cached_get
from tournaments.views.base import cached_page
from tournaments.views.base import csv_response
from tournaments.views.base import found_or_404
from tournaments.views.base import section_or_404


@cached_page
def player_detail(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    """A player's page: place, points, performance, this round's seat, every game."""
    section = section_or_404(request, event_slug, section_slug)
    page = found_or_404(
        selectors.player_page_get(section=section, starting_rank=rank), "No such player."
    )
    context = {
        "section": section,
        "page": page,
        "card": page.card,
        "can_manage": access.event_is_manager(event=section.event, user=request.user),
        "times": schedule.round_times_get(section=section),
    }
    return render(request, "public/player_detail.html", context)


@cached_page
def standings_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    return _ranking_render(
        request, section, selectors.standings_page_get, "public/standings_detail.html"
    )


def standings_csv(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponseBase:
    section = section_or_404(request, event_slug, section_slug)
    try:
        rows = section_cached_get(
            section=section,
            name="standings-csv",
            compute=lambda: selectors.standings_csv_rows(selectors.standings_page_get(section)),
        )
    except ValidationError as exc:
        return HttpResponse(exc.message, status=422, content_type="text/plain; charset=utf-8")
    return csv_response(f"{section.event.slug}-{section.slug}-standings.csv", rows)


@cached_page
def crosstable_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    return _ranking_render(
        request, section, selectors.crosstable_page_get, "public/crosstable_detail.html"
    )


def section_export(
    request: HttpRequest, event_slug: str, section_slug: str, dialect: str
) -> HttpResponseBase:
    """The rating-ready TRF download (here because final ranks come from the tie-breaks)."""
    section = section_or_404(request, event_slug, section_slug)
    if dialect not in ("trf16", "trf26"):
        raise Http404("No such TRF dialect.")
    try:
        # One of the two dialects, as checked just above.
        text = selectors.section_trf_export_get(section=section, dialect=dialect)  # type: ignore[arg-type]
    except ValidationError as exc:
        return HttpResponse(exc.message, status=422, content_type="text/plain; charset=utf-8")
    filename = f"{section.event.slug}-{section.slug}-{dialect}.trf"
    return download_response(trf_download(filename, text))


@cached_page
def team_standings_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """Team standings with match and game points (a team section's own standings page)."""
    section = section_or_404(request, event_slug, section_slug)
    if not section.is_team:
        raise Http404("This is not a team section.")
    return _ranking_render(
        request, section, selectors.team_standings_page_get, "public/team_standings_detail.html"
    )


def _ranking_render(
    request: HttpRequest, section: Section, page_get: Callable[[Section], Any], template: str
) -> HttpResponse:
    """`template` with `page_get`'s page, or with the reason the section cannot be ranked
    (the tie-break engine refuses it)."""
    try:
        page, error = page_get(section), None
    except ValidationError as exc:
        page, error = None, exc.message
    context = {"section": section, "page": page, "error": error}
    return render(request, template, context)
