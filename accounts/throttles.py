"""Rate limits of the sign-in endpoint: per address and per username, so guessing is slow
whether it spreads over usernames or over addresses.

Counted in the cache; when it cannot be reached they let sign-ins through or refuse them as
`ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN` says (`common.rates.limits_refuse_uncounted`)."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from common.rates import UNCOUNTED_WAIT
from common.rates import limits_refuse_uncounted


class SignInThrottle(SimpleRateThrottle):
    """A sign-in limit that refuses, when set to fail closed, while nothing can be counted."""

    uncounted = False

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is not None and self.get_cache_key(request, view) is not None:
            self.uncounted = limits_refuse_uncounted()
            if self.uncounted:
                return False
        return super().allow_request(request, view)

    def wait(self) -> float | None:
        if self.uncounted:
            return float(UNCOUNTED_WAIT)
        return super().wait()


class SignInAddressThrottle(SignInThrottle):
    scope = "sign_in"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignInUsernameThrottle(SignInThrottle):
    scope = "sign_in_username"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        username = request.data.get("username") if hasattr(request.data, "get") else None
        if not isinstance(username, str) or not username.strip():
            return None
        ident = username.strip().casefold()
        return self.cache_format % {"scope": self.scope, "ident": ident}
