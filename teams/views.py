"""Team pages: teams and rosters, match cards, a team's results, line-up entry.

Standings of a team section live in `public.views`: their ranking comes from the
tie-break engine, which this layer may not import.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import QueryDict
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_POST
from django.views.decorators.http import require_safe

from common.exceptions import DomainError
from common.exceptions import PermissionDenied as PermissionDeniedError
from teams import selectors
from teams import services
from teams.forms import BoardsForm
from teams.forms import LineupForm
from teams.forms import TeamCaptainForm
from teams.forms import TeamEnterForm
from teams.forms import TeamPlayersForm
from teams.forms import TeamWithdrawForm
from teams.models import MatchForfeit
from teams.models import Team
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager
from tournaments.views.base import cached_page
from tournaments.views.base import cached_public_page
from tournaments.views.base import found_or_404
from tournaments.views.base import section_or_404


def _team_section_or_404(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    section = section_or_404(request, event_slug, section_slug)
    if not section.is_team:
        raise Http404("This is not a team section.")
    return section


@cached_page
def team_list(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    section = _team_section_or_404(request, event_slug, section_slug)
    teams = selectors.team_list(section=section)
    rounds = selectors.round_numbers_get(section=section)
    manager = event_is_manager(event=section.event, user=request.user)
    context = {"section": section, "teams": teams, "rounds": rounds, "manager": manager}
    return render(request, "teams/team_list.html", context)


@cached_page
def team_detail(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    section = _team_section_or_404(request, event_slug, section_slug)
    team = found_or_404(selectors.team_get(section=section, number=number), "No such team.")
    page = selectors.team_page_get(section=section, team=team)
    return render(request, "teams/team_detail.html", {"section": section, "page": page})


@cached_public_page
def match_list(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    section = _team_section_or_404(request, event_slug, section_slug)
    manager = event_is_manager(event=section.event, user=request.user)
    page = selectors.round_matches_get(section=section, number=number, drafts=manager)
    if page.round is None:
        raise Http404("This round is not published.")
    context = {
        "section": section,
        "page": page,
        "manager": manager,
        "captain_of": selectors.captained_team_ids_get(section=section, user=request.user),
    }
    if manager:
        context["forfeit_choices"] = MatchForfeit.choices
    return render(request, "teams/match_list.html", context)


@login_required
@require_POST
def match_forfeit(
    request: HttpRequest, event_slug: str, section_slug: str, number: int, match_number: int
) -> HttpResponse:
    section = _team_section_or_404(request, event_slug, section_slug)
    match = found_or_404(
        selectors.team_match_get(section=section, number=number, match_number=match_number),
        "No such match.",
    )
    try:
        services.team_match_forfeit(
            match=match, user=request.user, kind=request.POST.get("kind", "")
        )
    except PermissionDeniedError as exc:
        raise PermissionDenied(exc.message) from exc
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Match {match_number} saved.")
    return redirect("match_list", event_slug, section_slug, number)


@login_required
def lineup_update(
    request: HttpRequest, event_slug: str, section_slug: str, number: int, team_number: int
) -> HttpResponse:
    section = _team_section_or_404(request, event_slug, section_slug)
    team = selectors.team_get(section=section, number=team_number)
    drafts = event_is_manager(event=section.event, user=request.user)
    match = selectors.team_round_match_get(section=section, number=number, team=team, drafts=drafts)
    if team is None or match is None:
        raise Http404("This team has no match in this round.")
    _require_lineup_editor(request, section, team)
    boards = section.boards_per_match or 0
    roster, current = selectors.lineup_choices_get(match=match, team=team, boards=boards)
    form = LineupForm(request.POST or None, roster=roster, boards=boards, initial_players=current)
    if request.method == "POST" and form.is_valid():
        try:
            services.lineup_set(match=match, team=team, user=request.user, players=form.players())
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, f"Line-up of {team.name} saved.")
            return redirect("match_list", event_slug, section_slug, number)
    context = {"section": section, "team": team, "match": match, "form": form}
    return render(request, "teams/lineup_form.html", context)


def _require_lineup_editor(request: HttpRequest, section: Section, team: Team) -> None:
    if team.captain_id == request.user.pk:
        return
    if not event_is_manager(event=section.event, user=request.user):
        raise PermissionDenied("Only the team's captain and the event's arbiters may do this.")


def _team_or_404(section: Section, number: int) -> Team:
    return found_or_404(section.teams.filter(starting_rank=number).first(), "No such team.")


def _team_section_for_manager(request: HttpRequest, event_slug: str, section_slug: str) -> Section:
    section = _team_section_or_404(request, event_slug, section_slug)
    if not event_is_manager(event=section.event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may manage teams.")
    return section


def _team_choices(teams: Iterable[Team]) -> list[tuple[int, str]]:
    return [(team.starting_rank, team.name) for team in teams]


def _team_manage_page(
    request: HttpRequest,
    section: Section,
    *,
    teams: QuerySet[Team] | None = None,
    **bound: forms.Form,
) -> HttpResponse:
    """The organiser's team page, with the forms given (one sent back with its errors) and
    the others empty."""
    teams = selectors.team_list(section=section) if teams is None else teams
    context = {
        "section": section,
        "teams": teams,
        "boards_form": BoardsForm(initial={"boards_per_match": section.boards_per_match}),
        "team_form": TeamEnterForm(),
        "withdraw_form": TeamWithdrawForm(),
        "captain_form": TeamCaptainForm(),
        "players_form": TeamPlayersForm(teams=_team_choices(teams)),
        "rounds": selectors.managed_round_numbers_get(section=section),
        **bound,
    }
    return render(request, "teams/team_manage.html", context)


# What saves a form of the team page: given the request, the section and the form's data,
# it calls the service and returns the message that says it is done.
TeamFormSave = Callable[[HttpRequest, Section, dict[str, Any]], str]


def _team_page_form(
    name: str, form_for: Callable[[QueryDict, QuerySet[Team]], forms.Form]
) -> Callable[[TeamFormSave], Callable[..., HttpResponse]]:
    """The view of the team page's form `name` (`boards_form`, ...), made of the function
    that saves its data: managers only, sent (POST) to its own address. Once saved, back to
    the page with the message the function returns; otherwise the page again, the form with
    its errors (a service's refusal names its field). `form_for(data, teams)`: the form."""

    def view_of(save: TeamFormSave) -> Callable[..., HttpResponse]:
        @login_required
        @require_POST
        @wraps(save)
        def view(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
            section = _team_section_for_manager(request, event_slug, section_slug)
            teams = selectors.team_list(section=section)
            form = form_for(request.POST, teams)
            if form.is_valid():
                try:
                    done = save(request, section, form.cleaned_data)
                except DomainError as exc:
                    form.add_error(exc.field if exc.field in form.fields else None, exc.message)
                else:
                    messages.success(request, done)
                    return redirect("team_manage", event_slug, section_slug)
            return _team_manage_page(request, section, teams=teams, **{name: form})

        return view

    return view_of


@login_required
@require_safe
def team_manage(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The organiser's team page: boards per match, and new teams with their rosters. Each
    of its forms is sent to a view of its own, which comes back here."""
    section = _team_section_for_manager(request, event_slug, section_slug)
    return _team_manage_page(request, section)


@_team_page_form("boards_form", lambda data, _teams: BoardsForm(data))
def team_boards_set(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    boards = data["boards_per_match"]
    services.team_section_boards_set(section=section, user=request.user, boards=boards)
    return "Boards per match saved."


@_team_page_form("team_form", lambda data, _teams: TeamEnterForm(data))
def team_enter(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    team = services.team_enter(section=section, user=request.user, **data)
    return f"{team.name} added."


@_team_page_form(
    "players_form", lambda data, teams: TeamPlayersForm(data, teams=_team_choices(teams))
)
def team_roster_extend(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    team = _team_or_404(section, data["team"])
    added = services.team_roster_extend(team=team, user=request.user, players=data["players"])
    return f"{len(added)} player{'' if len(added) == 1 else 's'} added to {team.name}."


@_team_page_form("captain_form", lambda data, _teams: TeamCaptainForm(data))
def team_captain_set(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    team = _team_or_404(section, data["team"])
    team = services.team_captain_set(team=team, user=request.user, username=data["captain"])
    if team.captain:
        return f"{team.captain.get_username()} captains {team.name}."
    return f"{team.name} has no captain."


@_team_page_form("withdraw_form", lambda data, _teams: TeamWithdrawForm(data))
def team_withdraw(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    team = _team_or_404(section, data["team"])
    team = services.team_withdraw(team=team, user=request.user, from_round=data["from_round"])
    return f"{team.name} withdrawn from round {team.withdrawn_from_round} on."


def _reinstate_form(data: QueryDict, _teams: QuerySet[Team]) -> TeamWithdrawForm:
    """The withdrawal's form without its round: its errors show where the withdrawal's do."""
    form = TeamWithdrawForm(data)
    form.fields["from_round"].required = False
    return form


@_team_page_form("withdraw_form", _reinstate_form)
def team_reinstate(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    team = services.team_reinstate(team=_team_or_404(section, data["team"]), user=request.user)
    return f"{team.name} is back in the pairing."
