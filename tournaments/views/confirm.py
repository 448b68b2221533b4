"""Confirmation pages: every irreversible action is asked for on a page of its own that says
exactly what goes and what stays, and done only when that page's form is sent.

A confirmation is a plain page with a form, so it works without JavaScript and from the
keyboard alone; the action's button is named for what it does ("Withdraw the player"), the
way back is a link. When the action cannot be done, the page says why instead and offers no
button (`Confirmation.blocked`); the service checks again on the POST, and a refusal then
comes back on the same page (409).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render

from common.exceptions import DomainError
from tournaments.views.base import form_domain_error

__all__ = ["Confirmation", "confirmation_page"]


@dataclass(frozen=True, slots=True)
class Confirmation:
    """What a confirmation page says.

    `consequence` is the one sentence that matters; `goes` and `stays` list exactly what the
    action removes or changes and what it leaves as it is. `blocked` says why the action
    cannot be done now ("" when it can).
    """

    title: str
    consequence: str
    button: str
    cancel_url: str
    blocked: str = ""
    goes: tuple[str, ...] = ()
    stays: tuple[str, ...] = ()
    danger: bool = True


def confirmation_page(
    request: HttpRequest,
    confirmation: Confirmation,
    act: Callable[[dict[str, Any]], object],
    *,
    done: str,
    then: str,
    form_class: type[forms.Form] | None = None,
    initial: dict[str, Any] | None = None,
) -> HttpResponse:
    """Show `confirmation`; on a POST, call `act` with the cleaned data of `form_class` (the
    details the action needs, such as a reason; ``{}`` without a form), then say `done` and
    redirect to `then`.

    A form with errors comes back with them (400); a refusal of the service comes back on
    the page, on the field it names or above the form (409).
    """
    form = form_class(request.POST or None, initial=initial) if form_class else None
    error = confirmation.blocked
    status = 200
    if request.method == "POST" and not error:
        if form is not None and not form.is_valid():
            status = 400
        else:
            try:
                act(form.cleaned_data if form is not None else {})
            except DomainError as exc:
                status = 409
                if form is not None and exc.field in form.fields:
                    form_domain_error(form, exc)
                else:
                    error = exc.message
            else:
                messages.success(request, done)
                return redirect(then)
    elif request.method == "POST":
        status = 409
    context = {"confirmation": confirmation, "error": error, "form": form}
    return render(request, "tournaments/confirm.html", context, status=status)
