"""Public pages: events, a section, its rounds, a player's card, "Find me", the live version."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render

from entries.check_ins import selectors as check_ins
from tournaments.forms import FindForm
from tournaments.selectors import access
from tournaments.selectors import pages
from tournaments.selectors import players
from tournaments.selectors import rounds
from tournaments.selectors import schedule
from tournaments.selectors import spreadsheets
from tournaments.views.base import cached_page
from tournaments.views.base import csv_response
from tournaments.views.base import event_or_404
from tournaments.views.base import round_page_or_404
from tournaments.views.base import section_or_404


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "public/event_list.html", {"events": access.event_list()})


def event_detail(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = event_or_404(request, event_slug)
    can_manage = access.event_is_manager(event=event, user=request.user)
    # Players reach the event's page from the poster's QR code: while a section takes self
    # check-in, the page leads them to it.
    check_in = [
        (section, number)
        for section in event.sections.exclude(check_in_code="")
        if (number := check_ins.self_check_in_open(section=section)) is not None
    ]
    context = {
        "event": event,
        "can_manage": can_manage,
        "event_wide": True,
        "check_in": check_in,
    }
    return render(request, "public/event_detail.html", context)


@cached_page
def section_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    timetable = schedule.schedule_get(section=section)
    context = {
        "section": section,
        "page": pages.section_page_get(section=section),
        "current": pages.round_page_get(section=section),
        "find_form": FindForm(),
        "event": section.event,
        "event_wide": True,
        "can_manage": access.event_is_manager(event=section.event, user=request.user),
        "timetable": timetable,
        "times": {line.number: line.starts_at for line in timetable if line.starts_at},
    }
    return render(request, "public/section_detail.html", context)


@cached_page
def round_detail(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    section, page = round_page_or_404(request, event_slug, section_slug, number)
    context: dict[str, Any] = {
        "section": section,
        "page": page,
        "times": schedule.round_times_get(section=section),
    }
    if request.GET.get("order") == "name":
        context["by_name"] = pages.round_by_name(page)
    return render(request, "public/round_detail.html", context)


def round_csv(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponseBase:
    section, page = round_page_or_404(request, event_slug, section_slug, number)
    filename = f"{section.event.slug}-{section.slug}-round-{number}.csv"
    return csv_response(filename, spreadsheets.round_csv_rows(page=page))


def player_find(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    form = FindForm(request.GET or None)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    found = players.player_find(section=section, query=query)
    context = {"section": section, "find_form": form, "query": query, "found": found}
    template = "partials/find_results.html" if "partial" in request.GET else None
    return render(request, template or "public/player_find.html", context)


def section_live(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """What `static/js/live.js` polls: a version that changes with anything players see."""
    section = section_or_404(request, event_slug, section_slug)
    version = rounds.section_version_get(section=section)
    etag = f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"version": version})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


# ---------------------------------------------------------------------------------------
# Organiser pages
# ---------------------------------------------------------------------------------------
