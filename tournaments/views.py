"""Public and organiser pages for events and sections.

Each view parses the request, calls one selector or service and renders; permissions come
from `selectors.event_is_manager`.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from common.exceptions import ValidationError
from tournaments import selectors, services
from tournaments.forms import SectionImportForm
from tournaments.models import Event, Section


def _event_or_404(request: HttpRequest, event_slug: str) -> Event:
    event = selectors.event_get(slug=event_slug, user=request.user)
    if event is None:
        raise Http404("No such event.")
    return event


def _section_or_404(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    section = selectors.section_get(event=_event_or_404(request, event_slug), slug=section_slug)
    if section is None:
        raise Http404("No such section.")
    return section


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {"events": selectors.event_list()})


def event_detail(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _event_or_404(request, event_slug)
    can_manage = selectors.event_is_manager(event=event, user=request.user)
    context = {"event": event, "can_manage": can_manage}
    return render(request, "tournaments/event_detail.html", context)


def section_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = _section_or_404(request, event_slug, section_slug)
    page = selectors.section_page_get(section=section)
    return render(request, "tournaments/section_detail.html", {"page": page, "section": section})


def section_export(
    request: HttpRequest, event_slug: str, section_slug: str, dialect: str
) -> HttpResponse:
    section = _section_or_404(request, event_slug, section_slug)
    if dialect not in ("trf16", "trf26"):
        raise Http404("No such TRF dialect.")
    try:
        text = selectors.section_trf_get(section=section, dialect=dialect)  # type: ignore[arg-type]
    except ValidationError as exc:
        return HttpResponse(exc.message, status=422, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    filename = f"{section.event.slug}-{section.slug}-{dialect}.trf"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def section_import(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _event_or_404(request, event_slug)
    if not selectors.event_is_manager(event=event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may import sections.")
    form = SectionImportForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        try:
            data = form.cleaned_data
            section = services.section_import_trf(event=event, name=data["name"], text=data["file"])
        except ValidationError as exc:
            form.add_error("file", exc.message)
        else:
            return redirect("section_detail", event_slug=event.slug, section_slug=section.slug)
    return render(request, "tournaments/section_import.html", {"event": event, "form": form})
