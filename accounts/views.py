"""A user's own API tokens: the list, making one (its secret shown once) and revoking one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts import selectors, services
from accounts.forms import TokenCreateForm
from common.exceptions import NotFound
from common.types import AuthedRequest


@login_required
def token_list(request: AuthedRequest) -> HttpResponse:
    form = TokenCreateForm(request.POST or None)
    secret = None
    if request.method == "POST" and form.is_valid():
        _token, secret = services.api_token_create(user=request.user, **form.cleaned_data)
        form = TokenCreateForm()
    tokens = selectors.api_token_list(user=request.user)
    context = {"form": form, "tokens": tokens, "secret": secret}
    return render(request, "accounts/token_list.html", context)


@login_required
@require_POST
def token_revoke(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        token = services.api_token_revoke(user=request.user, token_id=pk)
    except NotFound as error:
        raise Http404(error.message) from error
    messages.success(request, f"Token “{token.name}” revoked.")
    return redirect("token_list")
