"""Organiser pages for players: add, edit, withdraw and reinstate (each on a confirmation
page that says what goes and what stays), byes, CSV roster import."""

from __future__ import annotations

import base64
from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from chesscore import roster
from common.exceptions import DomainError
from tournaments import services
from tournaments.extensions import rounds_in_play_replay
from tournaments.forms import ByeRequestForm
from tournaments.forms import PlayerCreateForm
from tournaments.forms import PlayerUpdateForm
from tournaments.forms import ReasonForm
from tournaments.forms import RosterMappingForm
from tournaments.forms import RosterUploadForm
from tournaments.forms import WithdrawForm
from tournaments.models import Player
from tournaments.models import Section
from tournaments.models import SeedingRating
from tournaments.selectors.withdrawals import ReinstatementPlan
from tournaments.selectors.withdrawals import WithdrawalPlan
from tournaments.selectors.withdrawals import player_reinstatement_plan
from tournaments.selectors.withdrawals import player_withdrawal_plan
from tournaments.views.base import form_domain_error
from tournaments.views.base import form_saved
from tournaments.views.base import player_for_manager
from tournaments.views.base import section_for_manager
from tournaments.views.confirm import Confirmation
from tournaments.views.confirm import confirmation_page


def _say_replays(request: HttpRequest, section: Section, *, after: int) -> None:
    """Say, on the next page, whether the round in play after round `after` would be paired
    otherwise now (C.04.2 4.3: it stands; 4.4 says when a published pairing may change)."""
    for same, text in rounds_in_play_replay(section=section, after=after):
        (messages.info if same else messages.warning)(request, text)


@login_required
def player_create(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = section_for_manager(request, event_slug, section_slug)
    form = PlayerCreateForm(request.POST or None)
    if form_saved(
        form,
        lambda _data: services.player_create(
            section=section, user=request.user, **form.service_arguments()
        ),
    ):
        then = "player_create" if "another" in request.POST else "section_manage"
        return redirect(then, event_slug=event_slug, section_slug=section_slug)
    return render(request, "tournaments/player_form.html", {"form": form, "section": section})


def _player_page(request: HttpRequest, player: Player, **bound: forms.Form | None) -> HttpResponse:
    """The organiser's page of one player: details, withdrawal and byes, each its own form."""
    initial = {**player.details.values(), "starting_rank": player.starting_rank}
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
    player = player_for_manager(request, event_slug, section_slug, rank)
    ratings = (player.fide_rating, player.national_rating)
    form = PlayerUpdateForm(request.POST or None)
    if form_saved(
        form,
        lambda _data: services.player_update(
            player=player, user=request.user, **form.service_arguments()
        ),
    ):
        if (form.cleaned_data.get("fide_rating"), form.cleaned_data.get("national_rating")) != (
            ratings
        ):
            _say_replays(request, player.section, after=0)
        return redirect("section_manage", event_slug=event_slug, section_slug=section_slug)
    return _player_page(request, player, form=form if request.POST else None)


def _plan_page(
    request: HttpRequest,
    plan: WithdrawalPlan | ReinstatementPlan,
    act: Callable[[dict[str, str]], object],
    *,
    title: str,
    button: str,
    done: str,
    player_url: str,
    danger: bool = True,
) -> HttpResponse:
    """The confirmation page of a withdrawal or a reinstatement: what `plan` says it changes
    (or why it cannot be done), a reason asked for, and back to the player's page."""
    confirmation = Confirmation(
        title=title,
        consequence=plan.consequence,
        goes=plan.goes,
        stays=plan.stays,
        button=button,
        cancel_url=player_url,
        blocked=plan.blocked,
        danger=danger,
    )
    return confirmation_page(
        request, confirmation, act, done=done, then=player_url, form_class=ReasonForm
    )


@login_required
def player_withdraw(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    """The round is chosen on the player's page (a GET here, ``?from_round=``, which the
    confirmation posts back to); this page says what the withdrawal does and takes a
    reason. A round that cannot be chosen goes back to the player's page, on its field."""
    player = player_for_manager(request, event_slug, section_slug, rank)
    chosen = WithdrawForm(request.POST if "from_round" in request.POST else request.GET)
    plan = None
    if chosen.is_valid():
        plan = player_withdrawal_plan(player=player, from_round=chosen.cleaned_data["from_round"])
        problem = plan.blocked or (
            f"{player.full_name} is withdrawn from round {plan.from_round} already."
            if plan.changes_nothing
            else ""
        )
        if problem:
            chosen.add_error("from_round", problem)
    if plan is None or chosen.errors:
        return _player_page(request, player, withdraw_form=chosen)
    return _plan_page(
        request,
        plan,
        lambda data: services.player_withdraw(
            player=player, user=request.user, from_round=plan.from_round, **data
        ),
        title=f"Withdraw {player.full_name} from round {plan.from_round}?",
        button="Withdraw the player",
        done=f"{player.full_name} withdrawn from round {plan.from_round} on.",
        player_url=reverse("player_update", args=[event_slug, section_slug, rank]),
    )


@login_required
def player_reinstate(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = player_for_manager(request, event_slug, section_slug, rank)
    plan = player_reinstatement_plan(player=player)
    missed_from = player.withdrawn_from_round or 1

    def reinstate(data: dict[str, str]) -> None:
        services.player_reinstate(player=player, user=request.user, **data)
        _say_replays(request, player.section, after=missed_from - 1)

    return _plan_page(
        request,
        plan,
        reinstate,
        title=f"Reinstate {player.full_name}?",
        button="Reinstate the player",
        done=f"{player.full_name} reinstated.",
        player_url=reverse("player_update", args=[event_slug, section_slug, rank]),
        danger=False,
    )


@login_required
@require_POST
def bye_request_create(
    request: HttpRequest, event_slug: str, section_slug: str, rank: int
) -> HttpResponse:
    player = player_for_manager(request, event_slug, section_slug, rank)
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
    player = player_for_manager(request, event_slug, section_slug, rank)
    form = ByeRequestForm()
    try:
        services.bye_request_delete(player=player, user=request.user, round_number=number)
    except DomainError as exc:
        form_domain_error(form, exc)
        return _player_page(request, player, bye_form=form)
    return redirect("player_update", event_slug=event_slug, section_slug=section_slug, rank=rank)


# ---------------------------------------------------------------------------------------
# TRF files
# ---------------------------------------------------------------------------------------


def _roster_key(section: Section) -> str:
    # Per section, so that two imports in two tabs do not take each other's file.
    return f"roster_upload:{section.pk}"


@login_required
def roster_upload(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The file goes into the session (base64, bounded by the form) until it is imported."""
    section = section_for_manager(request, event_slug, section_slug)
    form = RosterUploadForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        request.session[_roster_key(section)] = {
            "name": request.FILES.getlist("file")[-1].name,
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
    section = section_for_manager(request, event_slug, section_slug)
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
            form_domain_error(form, exc)
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
