"""Rate limits of the public forms strangers can send (an entry, a check-in code): counted
per client address and per target (a section, a player, an event) in the cache, which is
Redis when CACHE_URL is set, so every web process counts together.

Each limit is a count per window of time (`settings.ROOKERY_RATE_LIMITS[scope]`, as
(count, seconds)). Windows are fixed (aligned on the clock), so a counter is one atomic
increment and the wait is known exactly for Retry-After; a client may at worst send twice
the count across the edge of two windows, which is still far too few to guess a code.

When the cache cannot be reached, nothing can be counted: the limits then let everything
through, or refuse everything they guard, as `ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN` says
("open" or "closed"; `limits_refuse_uncounted`). The sign-in limits of the API and of
allauth's pages follow the same setting.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from common.cache import cache_reachable

__all__ = [
    "UNCOUNTED_WAIT",
    "limits_refuse_uncounted",
    "rate_count",
    "rate_limited_response",
    "rate_wait",
    "wait_in_words",
]

UNCOUNTED_WAIT = 60
"""Seconds a client is asked to wait when the limits refuse because the cache that counts
them cannot be reached: how long Redis stays away is unknown, a minute is a fair guess."""


def limits_refuse_uncounted() -> bool:
    """Whether the rate limits must refuse now: they are set to fail closed
    (`ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN`) and the cache that counts them cannot be reached.
    Asks the cache only when they are set so (one round trip, none while it is known to be
    away)."""
    return settings.ROOKERY_RATE_LIMITS_WHEN_CACHE_DOWN == "closed" and not cache_reachable()


def _key_and_wait(request: HttpRequest, scope: str, target: object) -> tuple[str, int, int]:
    """The counter's cache key for this client, the limit, and the seconds left in the
    window. The address is the one sign-in failures are counted against (behind the site's
    PROXY_COUNT proxies, the one they name)."""
    count, seconds = settings.ROOKERY_RATE_LIMITS[scope]
    address = import_string(settings.AXES_CLIENT_IP_CALLABLE)(request) or ""
    now = time.time()
    window = int(now // seconds)
    left = math.ceil((window + 1) * seconds - now)
    return f"rate:{scope}:{target}:{address}:{window}", count, max(left, 1)


def rate_wait(request: HttpRequest, limits: Mapping[str, object]) -> int:
    """How many seconds the client must wait before sending again, under `limits` (each
    scope of `ROOKERY_RATE_LIMITS` with its target: {"entry": section.pk}); 0 while it is
    under every one of them. Counts nothing. While the cache cannot be reached, 0 or
    `UNCOUNTED_WAIT` (`limits_refuse_uncounted`)."""
    if limits and limits_refuse_uncounted():
        # A mark on this request for `rate_limited_response`, which reads it with getattr.
        request.rate_uncounted = True  # type: ignore[attr-defined]
        return UNCOUNTED_WAIT
    waits = [0]
    for scope, target in limits.items():
        key, limit, left = _key_and_wait(request, scope, target)
        if cache.get(key, 0) >= limit:
            waits.append(left)
    return max(waits)


def rate_count(request: HttpRequest, limits: Mapping[str, object]) -> None:
    """Count one more sending from the client under each of `limits` (as `rate_wait`).
    A counter lives as long as its window."""
    for scope, target in limits.items():
        key, _limit, left = _key_and_wait(request, scope, target)
        cache.add(key, 0, left)
        try:
            cache.incr(key)
        except ValueError:
            # The window ended between the two calls and took the counter: start the next.
            cache.add(key, 1, left)


def wait_in_words(seconds: int) -> str:
    """ "10 minutes", "1 minute", "45 seconds": a wait as a page says it (minutes rounded up).

    >>> wait_in_words(600), wait_in_words(61), wait_in_words(45)
    ('10 minutes', '2 minutes', '45 seconds')
    """
    if seconds < 60:
        return f"{seconds} second{'s' * (seconds != 1)}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' * (minutes != 1)}"


def rate_limited_response(
    request: HttpRequest,
    *,
    wait: int,
    title: str,
    reason: str,
    advice: str = "",
    back: tuple[str, str] | None = None,
) -> HttpResponse:
    """429 Too Many Requests: a page saying what was refused (`reason`), when to try again,
    what else to do (`advice`) and where to go meanwhile (`back`: the address and its link's
    text), with Retry-After for programs. Refused because nothing could be counted
    (`rate_wait`), it says so rather than `reason`."""
    if getattr(request, "rate_uncounted", False):
        reason = _("The site cannot count these requests just now, so it refuses them for a while.")
    context = {
        "title": title,
        "reason": reason,
        "advice": advice,
        "wait": wait_in_words(wait),
        "back": back,
    }
    response = render(request, "common/rate_limited.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
