"""The event log, for the event's organisers and arbiters: every intervention, newest first,
filtered by section, round and player (kept in the address, so a filtered log can be shared
and reloaded), a page at a time, and as a CSV download with the same filters."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import StreamingHttpResponse
from django.shortcuts import render

from common.downloads import csv_download
from common.downloads import download_response
from tournaments.forms import LogFilterForm
from tournaments.selectors.event_log import event_log_choices_get
from tournaments.selectors.event_log import log_csv_rows
from tournaments.selectors.event_log import log_lines
from tournaments.selectors.log import event_log_list
from tournaments.views.base import event_for_manager

ENTRIES_PER_PAGE = 100


@login_required
def event_log(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = event_for_manager(request, event_slug)
    choices = event_log_choices_get(event=event)
    form = LogFilterForm(request.GET, choices=choices)
    context = {"event": event, "form": form, "page": None, "lines": []}
    if not form.is_valid():
        return render(request, "tournaments/event_log.html", context, status=400)
    entries = event_log_list(event=event, **form.filters())
    page = Paginator(entries, ENTRIES_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context.update(
        page=page,
        lines=list(log_lines(page.object_list, section_names=choices.section_names)),
        query=query.urlencode(),
    )
    return render(request, "tournaments/event_log.html", context)


@login_required
def event_log_csv(request: HttpRequest, event_slug: str) -> HttpResponse | StreamingHttpResponse:
    event = event_for_manager(request, event_slug)
    choices = event_log_choices_get(event=event)
    form = LogFilterForm(request.GET, choices=choices)
    if not form.is_valid():
        context = {"event": event, "form": form, "page": None, "lines": []}
        return render(request, "tournaments/event_log.html", context, status=400)
    # In chunks, each with its players: a long log streams without being held in memory.
    entries = event_log_list(event=event, **form.filters()).iterator(chunk_size=500)
    lines = log_lines(entries, section_names=choices.section_names)
    return download_response(csv_download(f"{event.slug}-log.csv", log_csv_rows(lines)))
