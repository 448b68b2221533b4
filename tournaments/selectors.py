"""Reads: querysets and records, with their related rows fetched up front."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Event


def event_list(*, public_only: bool = True) -> QuerySet[Event]:
    events = Event.objects.prefetch_related("sections")
    return events.filter(is_public=True) if public_only else events
