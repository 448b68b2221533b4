"""The timetable of a section: when each round starts."""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Mapping

from django.db import transaction

from common.exceptions import ValidationError
from common.types import AnyUser
from tournaments.models import LogAction
from tournaments.models import RoundTime
from tournaments.models import Section
from tournaments.selectors.schedule import event_zone
from tournaments.services.base import section_lock_for_manager
from tournaments.services.log import log_write

__all__ = ["section_schedule_set"]

_SHOWN = "%Y-%m-%d %H:%M"


@transaction.atomic
def section_schedule_set(
    *, section: Section, user: AnyUser, starts: Mapping[int, datetime.datetime | None]
) -> Section:
    """Set when rounds start: `starts` maps a round number to an aware datetime, or None to
    clear that round's time; rounds not named keep theirs. Locks the section.

    Rounds are numbered from 1 to the planned rounds (`ValidationError` naming the round
    otherwise), and a round may not start before the one before it. The log keeps each
    time that changed, old and new, on the event's clock (nothing changed: no entry).
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    for number, when in starts.items():
        if not 1 <= number <= section.planned_rounds:
            raise ValidationError(
                f"Round {number}: the section has {section.planned_rounds} rounds.",
                field=f"round_{number}",
            )
        if when is not None and when.tzinfo is None:
            raise ValidationError(f"Round {number}: the time has no time zone.")
    zone = event_zone(section.event)
    stored = {t.number: t for t in section.round_times.all()}
    after = {n: t.starts_at for n, t in stored.items()} | dict(starts)
    planned = sorted((n, when) for n, when in after.items() if when is not None)
    for (_, before), (number, when) in itertools.pairwise(planned):
        if when < before:
            raise ValidationError(
                f"Round {number} cannot start before the round before it.",
                field=f"round_{number}",
            )
    changes: dict[str, list[str | None]] = {}
    for number, when in sorted(starts.items()):
        old = stored.get(number)
        old_value = old.starts_at if old is not None else None
        if old_value == when:
            continue
        if when is None:
            RoundTime.objects.filter(section=section, number=number).delete()
        else:
            RoundTime.objects.update_or_create(
                section=section, number=number, defaults={"starts_at": when}
            )
        changes[f"round {number}"] = [
            old_value.astimezone(zone).strftime(_SHOWN) if old_value else None,
            when.astimezone(zone).strftime(_SHOWN) if when else None,
        ]
    if changes:
        # The public pages are cached by a version that includes the section's time.
        section.save(update_fields=["updated_at"])
        log_write(
            section,
            user,
            LogAction.SCHEDULE,
            f"Round times of {section.name} changed: {', '.join(changes)}.",
            changes=changes,
        )
    return section
