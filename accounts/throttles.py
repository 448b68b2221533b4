"""Rate limits of the sign-in endpoint: per address and per username, so guessing is slow
whether it spreads over usernames or over addresses."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle


class SignInAddressThrottle(SimpleRateThrottle):
    scope = "sign_in"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignInUsernameThrottle(SimpleRateThrottle):
    scope = "sign_in_username"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        username = request.data.get("username") if hasattr(request.data, "get") else None
        if not isinstance(username, str) or not username.strip():
            return None
        ident = username.strip().casefold()
        return self.cache_format % {"scope": self.scope, "ident": ident}
