"""The timetable on the pages: ``{{ times|round_start:4 }}`` → ``Sat 14:30``."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django import template
from django.utils import dateformat

register = template.Library()


@register.filter
def round_start(times: Mapping[int, datetime.datetime] | None, number: int) -> str:
    """When round `number` starts, as its weekday and time on the clock the datetime
    carries (`round_times_get` gives the event's); "" when it has no time."""
    when = (times or {}).get(number)
    return dateformat.format(when, "D H:i") if when is not None else ""


@register.filter
def clock(when: datetime.datetime | None, fmt: str) -> str:
    """`when` formatted as Django's ``date`` filter would, but on its own clock: ``date``
    moves an aware time to the site's zone first, and the venue's clock may differ."""
    return dateformat.format(when, fmt) if when is not None else ""
