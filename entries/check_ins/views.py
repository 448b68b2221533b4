"""Check-in pages: the arbiters' list before a round (a tap per player), the public page
where a player checks in with the code shown at the venue, and the steps the organiser's
player list takes with many players at once."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from chesscore.record.names import name_found
from chesscore.record.names import name_query
from common.exceptions import DomainError
from common.rates import rate_count
from common.rates import rate_limited_response
from common.rates import rate_wait
from entries.check_ins.bulk import BulkOutcome
from entries.check_ins.bulk import players_bulk_apply
from entries.check_ins.selectors import check_in_list_get
from entries.check_ins.selectors import check_in_round_get
from entries.check_ins.selectors import self_check_in_find
from entries.check_ins.selectors import self_check_in_sections
from entries.check_ins.services import check_in_self
from entries.check_ins.services import check_in_set
from entries.check_ins.services import section_check_in_settings_set
from entries.forms import PlayersBulkForm
from tournaments.forms import CheckInMarkForm
from tournaments.forms import CheckInSettingsForm
from tournaments.forms import FindForm
from tournaments.forms import SelfCheckInForm
from tournaments.models import Event
from tournaments.models import Player
from tournaments.models import Section
from tournaments.views.base import event_or_404
from tournaments.views.base import form_domain_error
from tournaments.views.base import form_saved
from tournaments.views.base import player_for_manager
from tournaments.views.base import section_for_manager


def _list_page(
    request: HttpRequest, section: Section, settings_form: CheckInSettingsForm | None = None
) -> HttpResponse:
    number = check_in_round_get(section=section)
    listing = check_in_list_get(section=section, number=number) if number else None
    query = request.GET.get("q", "")[:60]
    words = name_query(query)
    rows = [r for r in listing.rows if name_found(words, r.search)] if listing else []
    initial = {
        "check_in": section.check_in,
        "absent_players": section.absent_players,
        "check_in_code": section.check_in_code,
    }
    context = {
        "section": section,
        "number": number,
        "listing": listing,
        "rows": rows,
        "query": query,
        "settings_form": settings_form or CheckInSettingsForm(initial=initial),
    }
    return render(request, "entries/check_in_list.html", context)


@login_required
def check_in_list(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """Who is here for the round about to be paired; the section's check-in settings."""
    return _list_page(request, section_for_manager(request, event_slug, section_slug))


@login_required
@require_POST
def check_in_settings(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    form = CheckInSettingsForm(request.POST)
    if form_saved(
        form,
        lambda data: section_check_in_settings_set(section=section, user=request.user, **data),
    ):
        messages.success(request, "Check-in settings saved.")
        return redirect("check_in_list", event_slug=event_slug, section_slug=section_slug)
    section.refresh_from_db()
    return _list_page(request, section, settings_form=form)


@login_required
@require_POST
def check_in_mark(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    """One tap: a player present or absent. Answers JSON to the page's script, else goes
    back to the list (where the search was) with a message."""
    player = player_for_manager(request, event_slug, section_slug, rank)
    wants_json = request.headers.get("Accept") == "application/json"
    form = CheckInMarkForm(request.POST)
    message, status = "", 200
    if not form.is_valid():
        message, status = "Say whether the player is present or absent (field present).", 400
    else:
        try:
            check_in_set(player=player, user=request.user, present=form.cleaned_data["present"])
        except DomainError as exc:
            message, status = exc.message, exc.status
    if wants_json:
        if status != 200:
            return JsonResponse({"message": message}, status=status)
        return JsonResponse(
            {"present": form.cleaned_data["present"], "count": _count_text(player.section)}
        )
    if message:
        messages.error(request, message)
    url = reverse("check_in_list", args=[event_slug, section_slug])
    query = request.POST.get("q", "")[:60]
    return redirect(f"{url}?{urlencode({'q': query})}#p{rank}" if query else f"{url}#p{rank}")


def _count_text(section: Section) -> str:
    number = check_in_round_get(section=section)
    if number is None:
        return ""
    listing = check_in_list_get(section=section, number=number)
    return f"{listing.present} of {listing.expected} present"


def _wrong_codes(player: Player) -> dict[str, object]:
    """The limits on wrong codes from the client's address (`ROOKERY_RATE_LIMITS`): for
    the player, and for the whole event, so guessing is slow whether it goes player by
    player or spreads over the event."""
    return {"check_in_code_player": player.pk, "check_in_code_event": player.section.event_id}


def _too_many_wrong_codes(request: HttpRequest, event: Event, wait: int) -> HttpResponse:
    return rate_limited_response(
        request,
        wait=wait,
        title=f"Check in: {event.name}",
        reason="Too many wrong check-in codes were sent from your address.",
        advice="An arbiter can check you in meanwhile.",
        back=(reverse("event_detail", args=[event.slug]), f"Back to {event.name}"),
    )


def self_check_in(request: HttpRequest, event_slug: str) -> HttpResponse:
    """A player finds their name and checks in with the code shown at the venue."""
    event = event_or_404(request, event_slug)
    find = FindForm(request.GET or None)
    query = find.cleaned_data["q"] if find.is_valid() else ""
    context: dict[str, Any] = {"event": event, "find_form": find, "query": query}
    form = SelfCheckInForm(request.POST or None)
    done = chosen = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        section = event.sections.filter(slug=data["section"]).first()
        player = section.players.filter(starting_rank=data["rank"]).first() if section else None
        chosen = player
        wait = rate_wait(request, _wrong_codes(player)) if player else 0
        if player is None:
            form.add_error("rank", "No such player in this event.")
        elif wait:
            return _too_many_wrong_codes(request, event, wait)
        else:
            try:
                number = check_in_self(player=player, code=data["code"])
            except DomainError as exc:
                if exc.field == "code":
                    rate_count(request, _wrong_codes(player))
                form_domain_error(form, exc)
            else:
                done, chosen, query = (player, number), None, ""
    context.update(
        form=form,
        done=done,
        chosen=chosen,
        sections=self_check_in_sections(event=event),
        found=self_check_in_find(event=event, query=query) if query else None,
    )
    return render(request, "entries/check_in_self.html", context, status=200)


@login_required
@require_POST
def players_bulk(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """One step for the players chosen on the organiser's list (a plain form: no script
    needed); back to the list with a message saying whom it changed."""
    section = section_for_manager(request, event_slug, section_slug)
    back = reverse("section_manage", args=[event_slug, section_slug]) + "#players"
    form = PlayersBulkForm(request.POST, section=section)
    if not form.is_valid():
        messages.error(request, _("Choose at least one player, then what to do with them."))
        return redirect(back)
    try:
        outcome = players_bulk_apply(
            section=section,
            user=request.user,
            ranks=form.cleaned_data["players"],
            action=form.cleaned_data["action"],
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _bulk_outcome_text(outcome))
    return redirect(back)


def _bulk_outcome_text(outcome: BulkOutcome) -> str:
    """ "Done for 3 players: …; left as they were (nothing to do): …"."""
    if not outcome.changed:
        text = _("No one changed.")
    else:
        text = ngettext(
            "Done for %(count)d player: %(names)s.",
            "Done for %(count)d players: %(names)s.",
            len(outcome.changed),
        ) % {
            "count": len(outcome.changed),
            "names": "; ".join(p.full_name for p in outcome.changed),
        }
    if outcome.unchanged:
        text += " " + _("Left as they were (nothing to do): %(names)s.") % {
            "names": "; ".join(p.full_name for p in outcome.unchanged)
        }
    return text
