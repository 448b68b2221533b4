"""Pages for the venue: the timetable of a section, the event's poster, finding a player
in every section of an event, the result slips of a round."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache

from tournaments import services
from tournaments.forms import FindForm
from tournaments.forms import ScheduleForm
from tournaments.posters import qr_svg
from tournaments.selectors import players
from tournaments.selectors import schedule
from tournaments.selectors.access import event_is_manager
from tournaments.views.base import cached_page
from tournaments.views.base import event_or_404
from tournaments.views.base import form_saved
from tournaments.views.base import round_page_or_404
from tournaments.views.base import section_for_manager


@cached_page
def round_slips(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    """A result slip per board of a published round, to print eight to an A4 page."""
    section, page = round_page_or_404(request, event_slug, section_slug, number)
    context = {"section": section, "page": page, "times": schedule.round_times_get(section=section)}
    return render(request, "tournaments/round_slips.html", context)


def event_find(request: HttpRequest, event_slug: str) -> HttpResponse:
    """ "Find me" across the event's sections: each player's seat in their current round."""
    event = event_or_404(request, event_slug)
    form = FindForm(request.GET or None)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    found = players.player_search(sections=list(event.sections.all()), query=query)
    context = {"event": event, "find_form": form, "query": query, "found": found}
    context["event_wide"] = True
    template = "partials/find_results.html" if "partial" in request.GET else None
    return render(request, template or "tournaments/event_find.html", context)


@never_cache
def event_poster(request: HttpRequest, event_slug: str) -> HttpResponse:
    """An A4 poster for the venue's wall: the event's name and a QR code to its page.

    Its organisers and arbiters, who print it, may print the sections' check-in codes on
    it too (``?code=1``, offered on the page): anyone else gets the poster without them,
    whatever the address says, and the page is never cached.
    """
    event = event_or_404(request, event_slug)
    url = request.build_absolute_uri(reverse("event_detail", kwargs={"event_slug": event.slug}))
    with_code = list(event.sections.exclude(check_in_code="").order_by("name"))
    manager = bool(with_code) and event_is_manager(event=event, user=request.user)
    context = {
        "event": event,
        "url": url,
        "qr": qr_svg(url, title=f"QR code: {url}"),
        "check_in_code_used": bool(with_code),
        "may_print_code": manager,
        "check_in_codes": with_code if manager and request.GET.get("code") == "1" else [],
    }
    return render(request, "tournaments/event_poster.html", context)


@login_required
def section_schedule(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """When each planned round starts, on the event's clock: a row per round."""
    section = section_for_manager(request, event_slug, section_slug)
    lines = schedule.schedule_get(section=section)
    initial = {
        f"round_{line.number}": line.starts_at.replace(tzinfo=None)
        for line in lines
        if line.starts_at is not None
    }
    form = ScheduleForm(
        request.POST or None,
        initial=initial,
        rounds=section.planned_rounds,
        zone=schedule.event_zone(section.event),
    )
    if form_saved(
        form,
        lambda _data: services.section_schedule_set(
            section=section, user=request.user, starts=form.service_arguments()
        ),
    ):
        messages.success(request, "Round times saved.")
        return redirect("section_manage", event_slug=event_slug, section_slug=section.slug)
    context = {"form": form, "section": section}
    return render(request, "tournaments/section_schedule.html", context)
