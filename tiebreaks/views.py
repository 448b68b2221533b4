"""Standings and the wall chart of a section: pages and CSV downloads.

They live here, not in `tournaments`, because the ranking comes from the tie-break engine
and `tournaments` may not import it.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from common.exceptions import ValidationError
from tiebreaks import selectors
from tournaments.selectors import access, schedule
from tournaments.selectors.cached import section_cached_get
from tournaments.views.base import cached_page, csv_response, section_or_404


@cached_page
def player_detail(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    """A player's page: place, points, performance, this round's seat, every game."""
    section = section_or_404(request, event_slug, section_slug)
    page = selectors.player_page_get(section=section, starting_rank=rank)
    if page is None:
        raise Http404("No such player.")
    context = {
        "section": section,
        "page": page,
        "card": page.card,
        "can_manage": access.event_is_manager(event=section.event, user=request.user),
        "times": schedule.round_times_get(section=section),
    }
    return render(request, "tournaments/player_detail.html", context)


@cached_page
def standings_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    try:
        page, error = selectors.standings_page_get(section), None
    except ValidationError as exc:
        page, error = None, exc.message
    context = {"section": section, "page": page, "error": error}
    return render(request, "tiebreaks/standings_detail.html", context)


def standings_csv(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
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
    try:
        page, error = selectors.crosstable_page_get(section), None
    except ValidationError as exc:
        page, error = None, exc.message
    context = {"section": section, "page": page, "error": error}
    return render(request, "tiebreaks/crosstable_detail.html", context)


def section_export(
    request: HttpRequest, event_slug: str, section_slug: str, dialect: str
) -> HttpResponse:
    """The rating-ready TRF download (here because final ranks come from the tie-breaks)."""
    section = section_or_404(request, event_slug, section_slug)
    if dialect not in ("trf16", "trf26"):
        raise Http404("No such TRF dialect.")
    try:
        # One of the two dialects, as checked just above.
        text = selectors.section_trf_export_get(section=section, dialect=dialect)  # type: ignore[arg-type]
    except ValidationError as exc:
        return HttpResponse(exc.message, status=422, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    filename = f"{section.event.slug}-{section.slug}-{dialect}.trf"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@cached_page
def team_standings_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """Team standings with match and game points (a team section's own standings page)."""
    section = section_or_404(request, event_slug, section_slug)
    if not section.is_team:
        raise Http404("This is not a team section.")
    try:
        page, error = selectors.team_standings_page_get(section), None
    except ValidationError as exc:
        page, error = None, exc.message
    context = {"section": section, "page": page, "error": error}
    return render(request, "tiebreaks/team_standings_detail.html", context)
