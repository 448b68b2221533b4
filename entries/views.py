"""Pages of online entries: the organisers' settings and list, the public form and list,
and the page each entry's link opens."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse

from common.exceptions import DomainError
from common.exceptions import ValidationError
from common.rates import rate_count
from common.rates import rate_limited_response
from common.rates import rate_wait
from common.selectors import emails_unsent_get
from entries import selectors
from entries import services
from entries.forms import EntryForm
from entries.forms import EntryRefuseForm
from entries.forms import EntrySettingsForm
from entries.models import Entry
from entries.models import EntryStatus
from tournaments.models import Section
from tournaments.views.base import csv_response
from tournaments.views.base import form_saved
from tournaments.views.base import found_or_404
from tournaments.views.base import section_for_manager
from tournaments.views.base import section_or_404
from tournaments.views.confirm import Confirmation
from tournaments.views.confirm import confirmation_page


@login_required
def entry_settings(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    current = selectors.entry_settings_get(section=section)
    form = EntrySettingsForm(request.POST or None, instance=current)
    if form_saved(
        form,
        lambda data: services.entry_settings_save(section=section, user=request.user, **data),
    ):
        messages.success(request, "Entry settings saved.")
        return redirect("entry_manage", event_slug=event_slug, section_slug=section_slug)
    return render(request, "entries/entry_settings.html", {"form": form, "section": section})


def _too_many_entries(request: HttpRequest, section: Section, wait: int) -> HttpResponse:
    return rate_limited_response(
        request,
        wait=wait,
        title=f"Enter {section.name}",
        reason=f"Too many entries to {section.name} were sent from your address.",
        advice="An entry sent already stands: its page, whose address was emailed, says so.",
        back=(
            reverse("section_detail", args=[section.event.slug, section.slug]),
            f"Back to {section.name}",
        ),
    )


def entry_create(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The public entry form. Every form sent counts towards the limit on one address's
    entries to the section (`ROOKERY_RATE_LIMITS["entry"]`), refused ones too, so that a
    stranger can neither fill the section nor make the site check endless duplicates."""
    section = section_or_404(request, event_slug, section_slug)
    if request.method == "POST":
        wait = rate_wait(request, {"entry": section.pk})
        if wait:
            return _too_many_entries(request, section, wait)
        rate_count(request, {"entry": section.pk})
    window = selectors.entry_window_get(section=section)
    if window.settings is None or (not window.is_open and request.method != "POST"):
        context = {"section": section, "reason": window.reason}
        return render(request, "entries/entry_form.html", context)
    form = EntryForm(request.POST or None, settings=window.settings)
    saved: list[str] = []

    def link(secret: str) -> str:
        return request.build_absolute_uri(reverse("entry_detail", args=[secret]))

    def submit(data: dict[str, Any]) -> None:
        saved.append(services.entry_submit(section=section, link_for=link, **data)[1])

    if form_saved(form, submit):
        messages.success(request, "Your entry is received. Keep the address of this page.")
        return redirect("entry_detail", token=saved[0])
    return render(request, "entries/entry_form.html", {"section": section, "form": form})


def _entry_act(entry: Entry, action: str) -> str:
    """Do what a button of the entry's page asks (`action`); returns what the page then
    says."""
    if action == "check_in":
        return f"You are checked in for round {services.entry_check_in(entry=entry)}."
    if action == "withdraw":
        services.entry_withdraw(entry=entry)
        return "Your entry is withdrawn."
    raise ValidationError(f"This page has no button {action[:20]!r}.", field="action")


def entry_detail(request: HttpRequest, token: str) -> HttpResponse:
    """The page of one entry, open to whoever holds its link: its status; withdrawing it
    while it waits for a decision; once it is a player, checking in for the coming round
    while the section takes self check-in (`entry_check_in`)."""
    entry = found_or_404(selectors.entry_by_token_get(token=token), "No such entry.")
    error, status = "", 200
    if request.method == "POST":
        try:
            done = _entry_act(entry, request.POST.get("action") or "withdraw")
        except DomainError as exc:
            error, status = exc.message, exc.status
        else:
            messages.success(request, done)
            return redirect("entry_detail", token=token)
    context = {
        "entry": entry,
        "section": entry.section,
        "error": error,
        "check_in": selectors.entry_check_in_get(entry=entry),
    }
    return render(request, "entries/entry_detail.html", context, status=status)


def entry_list(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_or_404(request, event_slug, section_slug)
    context = {
        "section": section,
        "entries": selectors.entry_public_list(section=section),
        "window": selectors.entry_window_get(section=section),
    }
    return render(request, "entries/entry_list.html", context)


def _entry_of(request: HttpRequest, section: Section) -> Entry | None:
    number = request.POST.get("entry") or request.GET.get("entry") or ""
    if not number.isdigit():
        return None
    return section.entries.filter(pk=int(number)).first()


@login_required
def entry_manage(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The organisers' list; its buttons post here (`action`: approve, move)."""
    section = section_for_manager(request, event_slug, section_slug)
    if request.method == "POST":
        entry = _entry_of(request, section)
        act = {"approve": services.entry_approve, "move": services.entry_move}.get(
            request.POST.get("action", "")
        )
        if entry is None or act is None:
            messages.error(request, "No such entry, or nothing to do with it.")
        else:
            try:
                act(entry=entry, user=request.user)
            except DomainError as exc:
                messages.error(request, exc.message)
            else:
                messages.success(request, f"{entry.full_name}: done.")
        return redirect("entry_manage", event_slug=event_slug, section_slug=section_slug)
    entries = list(selectors.entry_list(section=section))
    # Beside each entry, its newest email that has not gone out (pending or failed).
    unsent = emails_unsent_get(about=[services.entry_email_key(e.pk) for e in entries])
    context = {
        "section": section,
        "entries": [(e, unsent.get(services.entry_email_key(e.pk))) for e in entries],
        "window": selectors.entry_window_get(section=section),
    }
    return render(request, "entries/entry_manage.html", context)


@login_required
def entry_refuse(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    entry = _entry_of(request, section)
    back = reverse("entry_manage", args=[event_slug, section_slug])
    if entry is None:
        messages.error(request, "No such entry.")
        return redirect(back)
    confirmation = Confirmation(
        title=f"Refuse the entry of {entry.full_name}?",
        consequence="The entry is refused for good; the player may enter again.",
        goes=(f"The entry of {entry.full_name} ({entry.get_status_display().lower()})",),
        button="Refuse the entry",
        cancel_url=back,
        blocked=""
        if entry.status in (EntryStatus.PENDING, EntryStatus.WAITING)
        else f"The entry is {entry.get_status_display().lower()}: it cannot be refused.",
    )
    return confirmation_page(
        request,
        confirmation,
        lambda data: services.entry_refuse(entry=entry, user=request.user, **data),
        done=f"The entry of {entry.full_name} is refused.",
        then=back,
        form_class=EntryRefuseForm,
    )


CSV_HEADER = [
    "Status", "Last name", "First name", "FIDE id", "Rating", "Federation", "Club",
    "Year of birth", "Email", "Phone", "Entered", "Player No.",
]  # fmt: skip


@login_required
def entry_csv(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponseBase:
    section = section_for_manager(request, event_slug, section_slug)
    rows: list[list[Any]] = [CSV_HEADER]
    for e in selectors.entry_list(section=section):
        rows.append([
            e.get_status_display(), e.last_name, e.first_name, e.fide_id, e.fide_rating or "",
            e.federation, e.club, e.birth_year or "", e.email, e.phone,
            e.created_at.isoformat(timespec="minutes"), e.player.starting_rank if e.player else "",
        ])  # fmt: skip
    return csv_response(f"{section.event.slug}-{section.slug}-entries.csv", rows)
