"""Organiser pages for events and sections: create, edit, who runs the event, manage a
section and its rounds, import a section from TRF.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_POST

from chesscore.systems import default_tiebreaks
from common.exceptions import DomainError
from common.exceptions import ValidationError
from common.types import AuthedRequest
from tournaments import services
from tournaments.forms import EventForm
from tournaments.forms import SectionForm
from tournaments.forms import SectionImportForm
from tournaments.forms import StaffForm
from tournaments.selectors import access
from tournaments.selectors import pages
from tournaments.selectors import removals
from tournaments.selectors import rounds
from tournaments.views.base import event_for_manager
from tournaments.views.base import event_or_404
from tournaments.views.base import form_domain_error
from tournaments.views.base import form_saved
from tournaments.views.base import section_for_manager


@login_required
def event_create(request: AuthedRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if form.is_valid():
        try:
            event = services.event_create(user=request.user, **form.cleaned_data)
        except DomainError as exc:
            form_domain_error(form, exc)
        else:
            return redirect("event_detail", event_slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form})


@login_required
def event_update(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = event_for_manager(request, event_slug)
    initial = {name: getattr(event, name) for name in EventForm.base_fields}
    form = EventForm(request.POST or None, initial=initial)
    if form_saved(form, lambda data: services.event_update(event=event, user=request.user, **data)):
        return redirect("event_detail", event_slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


@login_required
def event_people(request: HttpRequest, event_slug: str) -> HttpResponse:
    """Who runs the event; its organisers add and remove organisers and arbiters."""
    event = event_for_manager(request, event_slug)
    organiser = access.event_is_organiser(event=event, user=request.user)
    form = StaffForm(
        request.POST if request.method == "POST" and "username" in request.POST else None
    )
    if request.method == "POST":
        if not organiser:
            raise PermissionDenied("Only the event's organisers may change who runs it.")
        if "remove" in request.POST:
            try:
                removed = services.event_staff_remove(
                    event=event, user=request.user, member_id=int(request.POST["remove"])
                )
            except (ValueError, DomainError) as exc:
                text = exc.message if isinstance(exc, DomainError) else "No such person."
                messages.error(request, text)
            else:
                messages.success(request, f"{removed or 'Nobody'} no longer runs the event.")
                return redirect("event_people", event_slug=event.slug)
        elif form_saved(
            form, lambda data: services.event_staff_add(event=event, user=request.user, **data)
        ):
            data = form.cleaned_data
            messages.success(request, f"{data['username']} is now {data['role']} of the event.")
            return redirect("event_people", event_slug=event.slug)
    context = {
        "event": event,
        "staff": access.event_staff_get(event=event),
        "organiser": organiser,
        "form": form,
    }
    return render(request, "tournaments/event_people.html", context)


@login_required
def section_create(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = event_for_manager(request, event_slug)
    form = SectionForm(request.POST or None)
    if form.is_valid():
        try:
            args = form.service_arguments()
            section = services.section_create(event=event, user=request.user, **args)
        except DomainError as exc:
            form_domain_error(form, exc)
        else:
            return redirect("section_manage", event_slug=event.slug, section_slug=section.slug)
    context = {"form": form, "event": event, "defaults": default_tiebreaks()}
    return render(request, "tournaments/section_form.html", context)


@login_required
def section_update(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    initial = {name: getattr(section, name) for name in SectionForm.base_fields}
    initial["tiebreaks"] = ", ".join(section.tiebreaks)
    initial["half_point_bye_closed_rounds"] = ", ".join(
        str(n) for n in section.half_point_bye_closed_rounds
    )
    form = SectionForm(request.POST or None, initial=initial)
    if form_saved(
        form,
        lambda _data: services.section_update(
            section=section, user=request.user, **form.service_arguments()
        ),
    ):
        return redirect("section_manage", event_slug=event_slug, section_slug=section.slug)
    context = {"form": form, "event": section.event, "section": section}
    return render(request, "tournaments/section_form.html", context)


@login_required
def section_manage(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    next_round = rounds.section_next_round(section=section)
    context = {
        "section": section,
        "page": pages.section_page_get(section=section),
        "next_round": next_round,
        "all_paired": next_round > section.planned_rounds,
        "finished": rounds.section_finished(section=section),
        "round_numbers": range(1, min(next_round, section.planned_rounds) + 1),
        "ranks_movable": not section.is_team and removals.section_ranks_movable(section=section),
    }
    return render(request, "tournaments/section_manage.html", context)


@login_required
@require_POST
def section_ranks_reset(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """Number the section's players in FIDE's initial order, hand adjustments dropped."""
    section = section_for_manager(request, event_slug, section_slug)
    try:
        changed = services.section_ranks_reset(section=section, user=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            f"Players numbered in the initial order: {changed} number"
            f"{'' if changed == 1 else 's'} changed.",
        )
    return redirect("section_manage", event_slug=event_slug, section_slug=section_slug)


@login_required
def section_import(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = event_or_404(request, event_slug)
    if not access.event_is_manager(event=event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may import sections.")
    form = SectionImportForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        try:
            data = form.cleaned_data
            section = services.section_import_trf(
                event=event, name=data["name"], text=data["file"], user=request.user
            )
        except ValidationError as exc:
            form.add_error("file", exc.message)
        else:
            return redirect("section_detail", event_slug=event.slug, section_slug=section.slug)
    return render(request, "tournaments/section_import.html", {"event": event, "form": form})


# ---------------------------------------------------------------------------------------
# Roster files (CSV): upload, check the columns, import
# ---------------------------------------------------------------------------------------
