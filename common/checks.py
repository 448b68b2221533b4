"""System checks of the deployment that Django's own `check --deploy` does not make."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage
from django.core.checks import Warning

PER_PROCESS_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


def shared_cache_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Rate limits counted in one web process's memory let a guesser try once per process."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend not in PER_PROCESS_CACHES:
        return []
    return [
        Warning(
            "The cache is kept in each process's memory, so every web process counts "
            "sign-in attempts and API requests on its own.",
            hint="Set CACHE_URL to a Redis database, e.g. redis://127.0.0.1:6379/1.",
            id="rookery.W001",
        )
    ]


def email_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Sign-up and password reset send their links by email: printed to a terminal in
    production, they reach no one."""
    if settings.EMAIL_BACKEND != "django.core.mail.backends.console.EmailBackend":
        return []
    return [
        Warning(
            "Email is printed to the console: confirmation and password-reset links reach no one.",
            hint="Set EMAIL_URL (smtp://user:password@host:587) or EMAIL_HOST and the rest.",
            id="rookery.W002",
        )
    ]
