"""Whom a failed sign-in counts against, and what a locked-out sign-in is answered with:
JSON for the API, a page for the login form.

The lockout itself is django-axes' (failures per username and address, `AXES_*` settings)."""

from __future__ import annotations

import unicodedata
from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse
from django.shortcuts import render

# Where `lockout_username` keeps what it found, on the request, for axes asks several times.
_KEYS_ATTRIBUTE = "_rookery_lockout_keys"


def _folded(text: str) -> str:
    """`text` compared as people read it: Unicode-normalised, case folded, trimmed."""
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _account_key(login: str) -> str:
    """The name failures for `login` are counted under: the account's own username
    (folded) when `login` names exactly one account, by its username whatever the case or
    by one of its addresses; else `login` folded. So `victim`, `VICTIM` and victim's email
    address are one counter, and re-typing a name cannot escape a lockout."""
    users = get_user_model()._default_manager
    by_username = list(users.filter(username__iexact=login.strip()).values_list("username")[:2])
    if len(by_username) == 1:
        return _folded(by_username[0][0])
    if "@" in login:
        address = login.strip().lower()
        owners = set(EmailAddress.objects.filter(email=address).values_list("user_id", flat=True))
        owners |= set(users.filter(email__iexact=address).values_list("pk", flat=True)[:2])
        if len(owners) == 1:
            name = users.filter(pk=owners.pop()).values_list("username", flat=True).first()
            if name is not None:
                return _folded(name)
    return _folded(login)


def lockout_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str | None:
    """axes' `AXES_USERNAME_CALLABLE`: the name a sign-in attempt counts against
    (`_account_key`), for the login form (its `login` field, a username or an address), the
    API's token endpoint and a success alike (axes passes the account's username then)."""
    typed: Any = (credentials or {}).get("username")
    if typed is None and request is not None:
        data = getattr(request, "POST", {})
        typed = data.get("username") or data.get("login")
    if not isinstance(typed, str) or not typed.strip():
        return None
    found: dict[str, str] = {}
    if request is not None:
        found = getattr(request, _KEYS_ATTRIBUTE, None) or {}
        setattr(request, _KEYS_ATTRIBUTE, found)
    if typed not in found:
        found[typed] = _account_key(typed)
    return found[typed]


def client_address(request: HttpRequest) -> str | None:
    """The address failures are counted against: the connection's, or behind PROXY_COUNT
    proxies the one the outermost of them put in X-Forwarded-For (as DRF's throttles read
    it with NUM_PROXIES)."""
    forwarded: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.PROXY_COUNT and forwarded:
        addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
        if addresses:
            return addresses[-min(settings.PROXY_COUNT, len(addresses))]
    address: str | None = request.META.get("REMOTE_ADDR")
    return address


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    retry_after = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {
                "code": "locked_out",
                "message": (
                    "Too many failed sign-ins for this username from this address; "
                    f"try again in {minutes} minutes."
                ),
            },
            status=429,
        )
    else:
        response = render(
            request, "registration/login_locked.html", {"minutes": minutes}, status=429
        )
    response["Retry-After"] = retry_after
    return response
