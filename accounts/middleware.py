"""allauth's rate limits (sign-in, sign-up, password resets, email changes) when the cache
that counts them cannot be reached.

allauth counts in the cache; a cache that cannot be reached counts nothing
(`common.cache.ResilientRedisCache`), so its limits let everything through. With
`ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN=closed` the forms they guard are refused here instead,
as the site's own limits and the API's sign-in are (`common.rates`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from common.rates import UNCOUNTED_WAIT
from common.rates import limits_refuse_uncounted
from common.rates import rate_limited_response

# allauth's pages whose forms it rate-limits (`ACCOUNT_RATE_LIMITS`): signing out is not one.
LIMITED_PAGES = frozenset(
    {
        "account_login",
        "account_signup",
        "account_reset_password",
        "account_reset_password_from_key",
        "account_email",
        "account_change_password",
        "account_reauthenticate",
    }
)


class AccountLimitsWithoutCacheMiddleware:
    """Answer 429 to a form sent to one of `LIMITED_PAGES` while its limits fail closed and
    the cache cannot be reached (`limits_refuse_uncounted`); pass everything else."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: Any,
        view_kwargs: Any,
    ) -> HttpResponse | None:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None
        match = request.resolver_match
        if match is None or match.url_name not in LIMITED_PAGES:
            return None
        if not limits_refuse_uncounted():
            return None
        # A mark on this request for `rate_limited_response`, which reads it with getattr.
        request.rate_uncounted = True  # type: ignore[attr-defined]
        return rate_limited_response(
            request,
            wait=UNCOUNTED_WAIT,
            title=_("Accounts"),
            reason="",
            back=(reverse("home"), _("Back to the home page")),
        )
