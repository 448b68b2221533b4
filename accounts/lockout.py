"""What a locked-out sign-in is answered with: JSON for the API, a page for the login form.

The lockout itself is django-axes' (failures per username and address, `AXES_*` settings)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


def client_address(request: HttpRequest) -> str | None:
    """The address failures are counted against: the connection's, or behind PROXY_COUNT
    proxies the one the outermost of them put in X-Forwarded-For (as DRF's throttles read
    it with NUM_PROXIES)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
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
