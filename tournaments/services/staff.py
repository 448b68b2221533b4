"""Who runs an event: its organisers and arbiters, added and removed by username.

Organisers and arbiters may both change the event's sections, players, rounds and results;
only organisers (and superusers) decide who else may. A user holds one of the two roles at
a time, and an event always keeps at least one organiser.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import models
from django.db import transaction

from common.exceptions import StateError
from common.exceptions import ValidationError
from common.people import user_by_username
from common.types import AnyUser
from common.types import User
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.services.base import event_lock_for_organiser
from tournaments.services.log import log_write


class StaffRole(models.TextChoices):
    ORGANISER = "organiser", "Organiser"
    ARBITER = "arbiter", "Arbiter"


def _role(role: str) -> StaffRole:
    try:
        return StaffRole(role)
    except ValueError:
        raise ValidationError(
            f"“{role}” is not a role: organiser or arbiter.", field="role"
        ) from None


@transaction.atomic
def event_staff_add(*, event: Event, user: AnyUser, username: str, role: str) -> User:
    """Give the user called `username` `role` ("organiser" or "arbiter") in `event`.

    A user who held the other role moves to this one. Locks the event. Logged, with the
    role before and after, unless the user held `role` already.
    """
    event = event_lock_for_organiser(event_id=event.pk, user=user, doing="change who runs it")
    chosen = _role(role)
    username = username.strip()
    if not username:
        raise ValidationError("Give the username of the person to add.", field="username")
    member = user_by_username(username)
    if member is None:
        raise ValidationError(f"No user is called “{username}”.", field="username")
    held = _role_of(event, member)
    if chosen == StaffRole.ORGANISER:
        event.arbiters.remove(member)
        event.organisers.add(member)
    else:
        if event.organisers.filter(pk=member.pk).exists():
            _keep_an_organiser(event, leaving=member)
            event.organisers.remove(member)
        event.arbiters.add(member)
    if held != chosen:
        log_write(
            event,
            user,
            LogAction.STAFF_ADD,
            f"{member.get_username()} is now {chosen.label.lower()} of the event.",
            changes={"role": [held.value if held else None, chosen.value]},
        )
    return member


def _role_of(event: Event, member: User) -> StaffRole | None:
    if event.organisers.filter(pk=member.pk).exists():
        return StaffRole.ORGANISER
    if event.arbiters.filter(pk=member.pk).exists():
        return StaffRole.ARBITER
    return None


@transaction.atomic
def event_staff_remove(*, event: Event, user: AnyUser, member_id: int) -> str:
    """Take every role in `event` away from the user `member_id`. Locks the event.

    The last organiser cannot be removed (`StateError`); removing someone who holds no role
    changes nothing (and logs nothing). Returns the username removed ("" for no such user).
    """
    event = event_lock_for_organiser(event_id=event.pk, user=user, doing="change who runs it")
    removed = get_user_model().objects.filter(pk=member_id).first()
    if removed is None:
        return ""
    held = _role_of(event, removed)
    if held == StaffRole.ORGANISER:
        _keep_an_organiser(event, leaving=removed)
        event.organisers.remove(removed)
    event.arbiters.remove(removed)
    if held is not None:
        log_write(
            event,
            user,
            LogAction.STAFF_REMOVE,
            f"{removed.get_username()} no longer runs the event.",
            changes={"role": [held.value, None]},
        )
    return removed.get_username()


def _keep_an_organiser(event: Event, *, leaving: User) -> None:
    if not event.organisers.exclude(pk=leaving.pk).exists():
        raise StateError(
            f"{leaving.get_username()} is the event's only organiser: add another first.",
            field="username",
        )
