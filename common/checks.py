"""System checks of the deployment that Django's own `check --deploy` does not make."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Warning

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
