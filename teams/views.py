"""Team pages: teams and rosters, match cards, a team's results, line-up entry.

Standings of a team section live in `public.views`: their ranking comes from the
tie-break engine, which this layer may not import.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from common.exceptions import DomainError
from common.exceptions import PermissionDenied as PermissionDeniedError
from teams import selectors, services
from teams.forms import (
    BoardsForm,
    LineupForm,
    TeamCaptainForm,
    TeamEnterForm,
    TeamPlayersForm,
    TeamWithdrawForm,
)
from teams.models import MatchForfeit, Team
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager
from tournaments.views.base import cached_page, cached_public_page, section_or_404


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
    team = selectors.team_get(section=section, number=number)
    if team is None:
        raise Http404("No such team.")
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
    match = selectors.team_match_get(section=section, number=number, match_number=match_number)
    if match is None:
        raise Http404("No such match.")
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
    team = section.teams.filter(starting_rank=number).first()
    if team is None:
        raise Http404("No such team.")
    return team


@login_required
def team_manage(request: HttpRequest, event_slug: str, section_slug: str) -> HttpResponse:
    """The organiser's team page: boards per match, and new teams with their rosters."""
    section = _team_section_or_404(request, event_slug, section_slug)
    if not event_is_manager(event=section.event, user=request.user):
        raise PermissionDenied("Only the event's organisers and arbiters may manage teams.")
    action = request.POST.get("action") if request.method == "POST" else None
    boards_form = BoardsForm(
        request.POST if action == "boards" else None,
        initial={"boards_per_match": section.boards_per_match},
    )
    team_form = TeamEnterForm(request.POST if action == "team" else None)
    withdraw_form = TeamWithdrawForm(request.POST if action in ("withdraw", "reinstate") else None)
    captain_form = TeamCaptainForm(request.POST if action == "captain" else None)
    teams = selectors.team_list(section=section)
    players_form = TeamPlayersForm(
        request.POST if action == "players" else None,
        teams=[(t.starting_rank, t.name) for t in teams],
    )
    if action == "reinstate":
        withdraw_form.fields["from_round"].required = False
    form = {
        "boards": boards_form,
        "team": team_form,
        "withdraw": withdraw_form,
        "reinstate": withdraw_form,
        "captain": captain_form,
        "players": players_form,
    }.get(action or "")
    if form is not None and form.is_valid():
        try:
            if form is boards_form:
                services.team_section_boards_set(
                    section=section, user=request.user, boards=form.cleaned_data["boards_per_match"]
                )
                done = "Boards per match saved."
            elif form is players_form:
                team = _team_or_404(section, form.cleaned_data["team"])
                added = services.team_roster_extend(
                    team=team, user=request.user, players=form.cleaned_data["players"]
                )
                done = f"{len(added)} player{'' if len(added) == 1 else 's'} added to {team.name}."
            elif form is captain_form:
                team = _team_or_404(section, form.cleaned_data["team"])
                team = services.team_captain_set(
                    team=team, user=request.user, username=form.cleaned_data["captain"]
                )
                done = (
                    f"{team.captain.get_username()} captains {team.name}."
                    if team.captain
                    else f"{team.name} has no captain."
                )
            elif form is withdraw_form:
                team = _team_or_404(section, form.cleaned_data["team"])
                if action == "withdraw":
                    team = services.team_withdraw(
                        team=team, user=request.user, from_round=form.cleaned_data["from_round"]
                    )
                    done = f"{team.name} withdrawn from round {team.withdrawn_from_round} on."
                else:
                    team = services.team_reinstate(team=team, user=request.user)
                    done = f"{team.name} is back in the pairing."
            else:
                team = services.team_enter(section=section, user=request.user, **form.cleaned_data)
                done = f"{team.name} added."
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, done)
            return redirect("team_manage", event_slug, section_slug)
    context = {
        "section": section,
        "teams": teams,
        "players_form": players_form,
        "boards_form": boards_form,
        "team_form": team_form,
        "withdraw_form": withdraw_form,
        "captain_form": captain_form,
        "rounds": selectors.managed_round_numbers_get(section=section),
    }
    return render(request, "teams/team_manage.html", context)
