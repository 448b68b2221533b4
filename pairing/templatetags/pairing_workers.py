"""Template tag of the organiser's round page: `workers_warning`, a warning when no worker
was seen lately on the queue the section's rounds are paired on (a round asked for then
waits until one runs again)."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings

from pairing.selectors import pairing_queue_get
from pairing.selectors import workers_silent_get
from tournaments.models import Section

register = template.Library()


@register.inclusion_tag("pairing/workers_warning.html")
def workers_warning(section: Section) -> dict[str, Any]:
    """Two queries with a broker (the workers, and the section's size when some queue is
    silent), none without."""
    silent = workers_silent_get()
    return {
        "silent": bool(silent) and pairing_queue_get(section=section) in (silent or ()),
        "minutes": max(1, settings.ROOKERY_WORKER_SILENT_AFTER // 60),
    }
