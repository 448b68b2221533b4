"""Answers computed from a section's results, kept in the cache per section version.

Standings, the wall chart, pairings with their scores: each is computed from every result
of the section, and a tournament day asks for them thousands of times between two results.
They are kept under a key made of the section's version (`section_version_get`, which
changes with anything players see), the event's `updated_at` (its name, whether it is
public) and whatever else the answer depends on, so no write has to remember to clear them
and no reader is ever served an answer older than the data.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from tournaments.models import Section
from tournaments.selectors.rounds import section_version_get

__all__ = ["SECTION_CACHE_SECONDS", "cached_get", "section_cache_key", "section_cached_get"]

T = TypeVar("T")

SECTION_CACHE_SECONDS = 600
"""How long an answer is kept: a new version makes a new key at once; this only bounds what
time alone changes (an entry deadline passing) and the memory of versions gone by."""


def section_cache_key(*, section: Section, name: str, vary: str = "") -> str:
    """The key of answer `name` about `section` as it is now (one query, none for a section
    read with its version: `section_version_annotated`), for `vary`: what else the answer
    depends on (an address, an audience)."""
    version = section_version_get(section=section)
    token = f"{name}|{vary}|{section.pk}|{version}|{section.event.updated_at}"
    return "section:" + hashlib.sha256(token.encode()).hexdigest()


def cached_get(*, key: str, compute: Callable[[], T]) -> T:
    """The answer kept under `key`, else `compute()`, kept there. `key` must name everything
    the answer depends on; an answer of None is not kept, and an exception is raised as it
    is, with nothing kept."""
    key = "answer:" + hashlib.sha256(key.encode()).hexdigest()
    found: T | None = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, SECTION_CACHE_SECONDS)
    return found


def section_cached_get(
    *, section: Section, name: str, compute: Callable[[], T], vary: str = ""
) -> T:
    """`compute()`, computed once per section version (`section_cache_key`) and kept.

    `compute` must read only the section's published data, and nothing that depends on who
    asks beyond what `vary` names (`cached_get`).
    """
    key = section_cache_key(section=section, name=name, vary=vary)
    return cached_get(key=key, compute=compute)
