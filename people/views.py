"""A user's own pages that span the apps: the invitation pages (the people page's invite
form, withdrawing an invitation, confirmed on a page of its own, and the page the emailed
link opens) and the user's page with every role they hold."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import selectors as account_selectors
from accounts import services as account_services
from accounts.forms import TokenCreateForm
from common.exceptions import DomainError
from common.exceptions import NotFound
from common.types import AuthedRequest
from people import services
from people.forms import InvitationForm
from people.languages import language_choice_save
from people.selectors import invitations as selectors
from people.selectors.profile import profile_get
from tournaments.models import Event
from tournaments.selectors import access
from tournaments.views.base import event_for_manager
from tournaments.views.base import found_or_404
from tournaments.views.confirm import Confirmation
from tournaments.views.confirm import confirmation_page


def _event_for_organiser(request: HttpRequest, event_slug: str) -> Event:
    event = event_for_manager(request, event_slug)
    if not access.event_is_organiser(event=event, user=request.user):
        raise PermissionDenied("Only the event's organisers may invite people.")
    return event


@login_required
@require_POST
def invitation_create(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _event_for_organiser(request, event_slug)
    form = InvitationForm(request.POST, teams=selectors.invitation_teams_list(event=event))
    if not form.is_valid():
        # The form sits on the people page: each error comes back there, naming its field.
        for field, errors in form.errors.items():
            label = form.fields[field].label or field.capitalize()
            messages.error(request, f"{label}: {' '.join(map(str, errors))}")
        return redirect("event_people", event_slug=event.slug)
    try:
        invitation, _secret = services.invitation_create(
            event=event,
            user=request.user,
            link_for=lambda secret: request.build_absolute_uri(
                reverse("invitation_accept", kwargs={"secret": secret})
            ),
            **form.service_arguments(),
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        what = services.invitation_what(invitation)
        messages.success(request, f"Invitation sent to {invitation.email} to be {what}.")
    return redirect("event_people", event_slug=event.slug)


@login_required
def invitation_revoke(request: HttpRequest, event_slug: str, pk: int) -> HttpResponse:
    event = _event_for_organiser(request, event_slug)
    invitation = found_or_404(
        selectors.invitation_pending_list(event=event).filter(pk=pk).first(),
        "No such invitation waiting.",
    )
    confirmation = Confirmation(
        title="Withdraw the invitation",
        consequence=(
            f"The link sent to {invitation.email} stops working: it no longer makes them "
            f"{services.invitation_what(invitation)}."
        ),
        button="Withdraw the invitation",
        cancel_url=reverse("event_people", kwargs={"event_slug": event.slug}),
    )
    return confirmation_page(
        request,
        confirmation,
        lambda _data: services.invitation_revoke(
            event=event, user=request.user, invitation_id=invitation.pk
        ),
        done=f"The invitation of {invitation.email} is withdrawn.",
        then=confirmation.cancel_url,
    )


def invitation_accept(request: HttpRequest, secret: str) -> HttpResponse:
    """The emailed link. Signed out: sign up (the address counts as confirmed, since the
    link reached it) or log in, then come back here; signed in: one button takes the role."""
    invitation = selectors.invitation_get(secret=secret)
    if invitation is None:
        problem, status = "This invitation link is not valid: check that it was copied whole.", 404
    else:
        state = invitation.state()
        problem = f"This invitation {services.STATE_WORDS[state]}." if state != "pending" else ""
        status = 410 if problem else 200
    if invitation is not None and not problem and request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        try:
            services.invitation_accept(secret=secret, user=request.user)
        except DomainError as exc:
            problem, status = exc.message, 409
        else:
            messages.success(request, f"You are now {services.invitation_what(invitation)}.")
            # The user's page says so and lists the event with the new role.
            return redirect("profile")
    if invitation is not None and not problem and not request.user.is_authenticated:
        # The link came by email to this address: a sign-up with it needs no second link.
        request.session["account_verified_email"] = invitation.email
    context = {
        "invitation": invitation if not problem else None,
        "what": services.invitation_what(invitation) if invitation and not problem else "",
        "problem": problem,
    }
    return render(request, "people/invitation_accept.html", context, status=status)


@login_required
def profile(request: AuthedRequest) -> HttpResponse:
    """The signed-in user's page: the events they run or captain a team in, and their
    account's settings."""
    context = {"profile": profile_get(user=request.user)}
    return render(request, "people/profile.html", context)


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The switcher's answer: save the reader's choice of language (blank: none, the
    event's or the browser's) and go back to the page they were on."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("home")
    response = redirect(back)
    language_choice_save(request, response, request.POST.get("language", ""), user=request.user)
    return response


# API tokens: the list, making one (its secret shown once) and revoking one.


@login_required
def token_list(request: AuthedRequest) -> HttpResponse:
    form = TokenCreateForm(request.POST or None)
    secret = None
    if request.method == "POST" and form.is_valid():
        _token, secret = account_services.api_token_create(user=request.user, **form.cleaned_data)
        form = TokenCreateForm()
    tokens = account_selectors.api_token_list(user=request.user)
    context = {"form": form, "tokens": tokens, "secret": secret}
    return render(request, "people/token_list.html", context)


@login_required
@require_POST
def token_revoke(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        token = account_services.api_token_revoke(user=request.user, token_id=pk)
    except NotFound as error:
        raise Http404(error.message) from error
    messages.success(request, f"Token “{token.name}” revoked.")
    return redirect("token_list")
