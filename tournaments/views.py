"""Public and organiser pages for events and sections.

Each view parses the request, calls one selector or service and renders; permissions come
from `selectors.event_is_manager` (and are checked again by every service).
"""

from __future__ import annotations

import base64
import csv
import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from common.exceptions import DomainError, ValidationError
from tournaments import roster, selectors, services
from tournaments.forms import (
    ByeRequestForm,
    EventForm,
    FindForm,
    PlayerCreateForm,
    PlayerUpdateForm,
    RosterMappingForm,
    RosterUploadForm,
    SectionForm,
    SectionImportForm,
    StaffForm,
    WithdrawForm,
)
from tournaments.models import Event, GameResult, Player, Section, SeedingRating


def _event_or_404(request: HttpRequest, event_slug: str) -> Event:
    event = selectors.event_get(slug=event_slug, user=request.user)
    if event is None:
        raise Http404("No such event.")
    return event


def _managed_event(request: HttpRequest, event_slug: str) -> Event:
    event = _event_or_404(request, event_slug)
    if not selectors.event_is_manager(event=event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may change it.")
    return event


def section_or_404(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    """The section if the visitor may see it; shared with the standings pages."""
    section = selectors.section_visible_get(
        event_slug=event_slug, section_slug=section_slug, user=request.user
    )
    if section is None:
        raise Http404("No such section.")
    return section


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
        version = selectors.section_version_get(section=section)
        token = f"{request.get_full_path()}|{version}|{section.event.updated_at}"
        key = "public-page:" + hashlib.sha256(token.encode()).hexdigest()
        response: HttpResponse | None = cache.get(key)
        if response is None:
            response = view(request, event_slug, section_slug, **kwargs)
            if response.status_code == 200 and not response.streaming:
                cache.set(key, response, PUBLIC_PAGE_SECONDS)
        return response

    return wrapper


def _managed_section(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    section = section_or_404(request, event_slug, section_slug)
    if not selectors.event_is_manager(event=section.event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may change it.")
    return section


def _managed_player(request: HttpRequest, event_slug: str, section_slug: str, rank: int) -> Player:
    section = _managed_section(request, event_slug, section_slug)
    player = section.players.filter(starting_rank=rank).first()
    if player is None:
        raise Http404("No such player.")
    player.section = section
    return player


def _form_error(form: forms.Form, exc: DomainError) -> None:
    """Show a service's refusal on the field it names, else above the form."""
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
        _form_error(form, exc)
        return False
    return True


def csv_response(filename: str, rows: list[list[Any]]) -> HttpResponse:
    """A CSV download (UTF-8 with a byte-order mark, so spreadsheets read accents)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    csv.writer(response).writerows(rows)
    return response


# ---------------------------------------------------------------------------------------
# Public pages
# ---------------------------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {"events": selectors.event_list()})


def event_detail(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _event_or_404(request, event_slug)
    can_manage = selectors.event_is_manager(event=event, user=request.user)
    context = {"event": event, "can_manage": can_manage}
    return render(request, "tournaments/event_detail.html", context)


@cached_public_page
def section_detail(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    context = {
        "section": section,
        "page": selectors.section_page_get(section=section),
        "current": selectors.round_page_get(section=section),
        "find_form": FindForm(),
        "can_manage": selectors.event_is_manager(event=section.event, user=request.user),
    }
    return render(request, "tournaments/section_detail.html", context)


@cached_public_page
def round_detail(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    page = selectors.round_page_get(section=section, number=number)
    if page.round is None:
        raise Http404("This round is not published.")
    return render(request, "tournaments/round_detail.html", {"section": section, "page": page})


def round_csv(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    page = selectors.round_page_get(section=section, number=number)
    if page.round is None:
        raise Http404("This round is not published.")
    filename = f"{section.event.slug}-{section.slug}-round-{number}.csv"
    return csv_response(filename, selectors.round_csv_rows(page=page))


@cached_public_page
def player_detail(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    card = selectors.player_card_get(section=section, starting_rank=rank)
    if card is None:
        raise Http404("No such player.")
    context = {
        "section": section,
        "card": card,
        "can_manage": selectors.event_is_manager(event=section.event, user=request.user),
    }
    return render(request, "tournaments/player_detail.html", context)


def player_find(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    form = FindForm(request.GET or None)
    query = form.cleaned_data["q"] if form.is_valid() else ""
    found = selectors.player_find(section=section, query=query)
    context = {"section": section, "find_form": form, "query": query, "found": found}
    template = "partials/find_results.html" if "partial" in request.GET else None
    return render(request, template or "tournaments/player_find.html", context)


def section_live(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """What `static/js/live.js` polls: a version that changes with anything players see."""
    section = section_or_404(request, event_slug, section_slug)
    version = selectors.section_version_get(section=section)
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


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if form.is_valid():
        try:
            event = services.event_create(**form.cleaned_data, organisers=[request.user])
        except DomainError as exc:
            _form_error(form, exc)
        else:
            return redirect("event_detail", event_slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form})


@login_required
def event_update(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _managed_event(request, event_slug)
    initial = {name: getattr(event, name) for name in EventForm.base_fields}
    form = EventForm(request.POST or None, initial=initial)
    if form_saved(form, lambda data: services.event_update(event=event, user=request.user, **data)):
        return redirect("event_detail", event_slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


@login_required
def event_people(request: HttpRequest, event_slug: str) -> HttpResponse:
    """Who runs the event; its organisers add and remove organisers and arbiters."""
    event = _managed_event(request, event_slug)
    organiser = selectors.event_is_organiser(event=event, user=request.user)
    form = StaffForm(
        request.POST if request.method == "POST" and "username" in request.POST else None
    )
    if request.method == "POST":
        if not organiser:
            raise PermissionDenied("Only the event's organisers may change who runs it.")
        if "remove" in request.POST:
            try:
                services.event_staff_remove(
                    event=event, user=request.user, member_id=int(request.POST["remove"])
                )
            except (ValueError, DomainError) as exc:
                text = exc.message if isinstance(exc, DomainError) else "No such person."
                messages.error(request, text)
            else:
                messages.success(request, "Removed.")
                return redirect("event_people", event_slug=event.slug)
        elif form_saved(
            form, lambda data: services.event_staff_add(event=event, user=request.user, **data)
        ):
            data = form.cleaned_data
            messages.success(request, f"{data['username']} is now {data['role']} of the event.")
            return redirect("event_people", event_slug=event.slug)
    context = {
        "event": event,
        "staff": selectors.event_staff_get(event=event),
        "organiser": organiser,
        "form": form,
    }
    return render(request, "tournaments/event_people.html", context)


@login_required
def section_create(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _managed_event(request, event_slug)
    form = SectionForm(request.POST or None)
    if form.is_valid():
        try:
            args = form.service_arguments()
            section = services.section_create(event=event, user=request.user, **args)
        except DomainError as exc:
            _form_error(form, exc)
        else:
            return redirect("section_manage", event_slug=event.slug, section_slug=section.slug)
    context = {"form": form, "event": event, "defaults": services.DEFAULT_TIEBREAKS}
    return render(request, "tournaments/section_form.html", context)


@login_required
def section_update(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = _managed_section(request, event_slug, section_slug)
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
    section = _managed_section(request, event_slug, section_slug)
    next_round = selectors.section_next_round(section=section)
    context = {
        "section": section,
        "page": selectors.section_page_get(section=section),
        "next_round": next_round,
        "round_numbers": range(1, min(next_round, section.planned_rounds) + 1),
    }
    return render(request, "tournaments/section_manage.html", context)


@login_required
def round_manage(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    section = _managed_section(request, event_slug, section_slug)
    context = {
        "section": section,
        "number": number,
        "page": selectors.round_page_get(section=section, number=number, drafts=True),
        "next_round": selectors.section_next_round(section=section),
        "round_to_pair": selectors.section_round_to_pair(section=section),
        "results": GameResult.choices[1:],
    }
    return render(request, "tournaments/round_manage.html", context)


@login_required
def player_create(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = _managed_section(request, event_slug, section_slug)
    form = PlayerCreateForm(request.POST or None)
    if form_saved(
        form, lambda data: services.player_create(section=section, user=request.user, **data)
    ):
        then = "player_create" if "another" in request.POST else "section_manage"
        return redirect(then, event_slug=event_slug, section_slug=section_slug)
    return render(request, "tournaments/player_form.html", {"form": form, "section": section})


def _player_page(request: HttpRequest, player: Player, **bound: forms.Form | None) -> HttpResponse:
    """The organiser's page of one player: details, withdrawal and byes, each its own form."""
    initial = {name: getattr(player, name) for name in PlayerUpdateForm.base_fields}
    context = {
        "section": player.section,
        "player": player,
        "form": bound.get("form") or PlayerUpdateForm(initial=initial),
        "withdraw_form": bound.get("withdraw_form") or WithdrawForm(),
        "bye_form": bound.get("bye_form") or ByeRequestForm(),
        "bye_requests": player.bye_requests.order_by("round_number"),
    }
    return render(request, "tournaments/player_form.html", context)


@login_required
def player_update(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = _managed_player(request, event_slug, section_slug, rank)
    form = PlayerUpdateForm(request.POST or None)
    if form_saved(
        form, lambda data: services.player_update(player=player, user=request.user, **data)
    ):
        return redirect("section_manage", event_slug=event_slug, section_slug=section_slug)
    return _player_page(request, player, form=form if request.POST else None)


@login_required
@require_POST
def player_withdraw(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = _managed_player(request, event_slug, section_slug, rank)
    form = WithdrawForm(request.POST)
    if form_saved(
        form, lambda data: services.player_withdraw(player=player, user=request.user, **data)
    ):
        return redirect(
            "player_update", event_slug=event_slug, section_slug=section_slug, rank=rank
        )
    return _player_page(request, player, withdraw_form=form)


@login_required
@require_POST
def player_reinstate(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = _managed_player(request, event_slug, section_slug, rank)
    form = WithdrawForm()
    try:
        services.player_reinstate(player=player, user=request.user)
    except DomainError as exc:
        _form_error(form, exc)
        return _player_page(request, player, withdraw_form=form)
    return redirect("player_update", event_slug=event_slug, section_slug=section_slug, rank=rank)


@login_required
@require_POST
def bye_request_create(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = _managed_player(request, event_slug, section_slug, rank)
    form = ByeRequestForm(request.POST)
    if form_saved(
        form, lambda data: services.bye_request_create(player=player, user=request.user, **data)
    ):
        return redirect(
            "player_update", event_slug=event_slug, section_slug=section_slug, rank=rank
        )
    return _player_page(request, player, bye_form=form)


@login_required
@require_POST
def bye_request_delete(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int, number: int
) -> HttpResponse:
    player = _managed_player(request, event_slug, section_slug, rank)
    form = ByeRequestForm()
    try:
        services.bye_request_delete(player=player, user=request.user, round_number=number)
    except DomainError as exc:
        _form_error(form, exc)
        return _player_page(request, player, bye_form=form)
    return redirect("player_update", event_slug=event_slug, section_slug=section_slug, rank=rank)


# ---------------------------------------------------------------------------------------
# TRF files
# ---------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------
# Roster files (CSV): upload, check the columns, import
# ---------------------------------------------------------------------------------------


def _roster_key(section: Section) -> str:
    # Per section, so that two imports in two tabs do not take each other's file.
    return f"roster_upload:{section.pk}"


@login_required
def roster_upload(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The file goes into the session (base64, bounded by the form) until it is imported."""
    section = _managed_section(request, event_slug, section_slug)
    form = RosterUploadForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        request.session[_roster_key(section)] = {
            "name": request.FILES["file"].name,
            "data": base64.b64encode(form.cleaned_data["file"]).decode("ascii"),
        }
        return redirect("roster_preview", event_slug=event_slug, section_slug=section_slug)
    return render(request, "tournaments/roster_upload.html", {"section": section, "form": form})


def _roster_form(request: HttpRequest, section: Section, data: bytes) -> RosterMappingForm:
    """The column and section choices, proposed from the file as read without a mapping."""
    detected = roster.parse(data)
    return RosterMappingForm(
        request.POST or None,
        result=detected,
        sections=services.roster_sections_of(detected),
        chosen=services.roster_section_choose(result=detected, section=section),
    )


@login_required
def roster_preview(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The columns as read, the first rows as they would be entered; confirm imports them."""
    section = _managed_section(request, event_slug, section_slug)
    upload = request.session.get(_roster_key(section))
    if upload is None:
        return redirect("roster_upload", event_slug=event_slug, section_slug=section_slug)
    data = base64.b64decode(upload["data"])
    form = _roster_form(request, section, data)
    refused: tuple[str, ...] = ()
    if form.is_valid() and "confirm" in request.POST:
        try:
            summary = services.section_roster_import(
                section=section,
                data=data,
                mapping=form.mapping(),
                user=request.user,
                roster_section=form.roster_section(),
            )
        except services.RosterImportError as exc:
            refused = exc.errors
        except DomainError as exc:
            _form_error(form, exc)
        else:
            del request.session[_roster_key(section)]
            messages.success(request, _roster_summary_text(summary))
            return redirect("section_manage", event_slug=event_slug, section_slug=section_slug)
    return _roster_preview_page(request, section, upload["name"], data, form, refused)


def _roster_preview_page(
    request: HttpRequest,
    section: Section,
    file_name: str,
    data: bytes,
    form: RosterMappingForm,
    refused: tuple[str, ...],
) -> HttpResponse:
    """The file read with the columns chosen; only the rows of the chosen section are shown."""
    valid = form.is_valid()
    result = roster.parse(data, form.mapping() if valid else None)
    shown = (form.roster_section() if valid else None) or form.chosen
    context = {
        "section": section,
        "form": form,
        "file_name": file_name,
        "result": result,
        "rows": result.sections.get(shown, ()) if shown is not None else result.rows,
        "errors": list(dict.fromkeys([*map(str, result.errors), *refused])),
        "warnings": [str(issue) for issue in result.warnings],
    }
    return render(request, "tournaments/roster_preview.html", context)


def _roster_summary_text(summary: services.ImportSummary) -> str:
    text = f"{summary.created} players added, {summary.updated} updated"
    if summary.withdrawn:
        text += f" ({summary.withdrawn} withdrawn)"
    rating = SeedingRating(summary.seeding_rating).label
    text += f"; all {summary.players} players numbered by {rating}, title and name."
    if summary.seeding_changed:
        text += " The file's ratings set the section's seeding rating."
    return text
