"""What one account may hold: events, sections per event, players per section.

The limits are `settings.ROOKERY_QUOTAS` (overridable from the environment); staff accounts
have none. Sections and players are limited whoever creates them (the command line too,
`user` None); events only per account, so an import from the command line, which gives the
event no organiser, makes one.
Each check runs inside the transaction that creates, after the row that serialises such
creations is locked (the account for events, the event for sections, the section for
players), so two requests at once cannot both take the last place.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model

from common.exceptions import QuotaExceeded
from common.people import user_email_confirmed_require
from common.types import AnyUser
from common.types import User
from tournaments.models import Event
from tournaments.models import Section


def quota(name: str) -> int:
    """The limit called `name` in `ROOKERY_QUOTAS` ("events", "sections_per_event", ...)."""
    limit: int = settings.ROOKERY_QUOTAS[name]
    return limit


def _staff(user: AnyUser | None) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return bool(getattr(user, "is_staff", False) or getattr(user, "is_superuser", False))


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def event_quota_check(*, user: User, adding: int = 1) -> None:
    """`QuotaExceeded` when `user` organises so many events that `adding` more would pass
    the limit. Locks the user's row until the transaction ends; call inside it, before the
    event is created.

    An account that has not confirmed its address may hold no event at all
    (`EmailNotConfirmed`, `common.people`): else throwaway accounts would multiply the
    limit."""
    if not user.is_authenticated:
        return
    user_email_confirmed_require(user=user, doing="create an event")
    if _staff(user):
        return
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    limit = quota("events")
    if Event.objects.filter(organisers=user.pk).count() + adding > limit:
        raise QuotaExceeded(
            f"You have reached the limit of {_plural(limit, 'event')} for one account: "
            "delete one you no longer need, or ask the site's staff.",
            field="name",
        )


def section_quota_check(*, event: Event, user: AnyUser | None, adding: int = 1) -> None:
    """`QuotaExceeded` when `event` (locked by the caller) cannot take `adding` sections more;
    `EmailNotConfirmed` for an account that has not confirmed its address."""
    if user is not None and user.is_authenticated:
        user_email_confirmed_require(user=user, doing="add a section")
    limit = quota("sections_per_event")
    if not _staff(user) and event.sections.count() + adding > limit:
        raise QuotaExceeded(
            f"You have reached the limit of {_plural(limit, 'section')} for one event.",
            field="name",
        )


def player_quota_check(
    *, section: Section | None, user: AnyUser | None, count: int, field: str = "file"
) -> None:
    """`QuotaExceeded` when a section (locked by the caller) would hold `count` players.

    `section` None is a section being created with `count` players."""
    limit = quota("players_per_section")
    if _staff(user) or count <= limit:
        return
    raise QuotaExceeded(
        f"You have reached the limit of {_plural(limit, 'player')} for one section"
        + ("" if section is None else f" ({section.name})")
        + f": this would make {count}.",
        field=field,
    )
