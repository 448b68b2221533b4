"""Who may see and who may change an event, and looking events and sections up for them.

What a user may see is decided in one place, `event_visible_list`: the pages' lookups here
(by slug, None for what the user may not see) and the API's (`tournaments.api.selectors`,
by primary key, `NotFound`) both apply it. Managers (an event's organisers and arbiters,
and superusers) change an event and see its drafts; organisers (and superusers) decide who
runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists
from django.db.models import OuterRef
from django.db.models import Q
from django.db.models import QuerySet

from common.types import AnyUser
from common.types import User
from tournaments.models import Event
from tournaments.models import Section
from tournaments.selectors.rounds import section_version_annotated


def event_list(*, public_only: bool = True) -> QuerySet[Event]:
    events = Event.objects.prefetch_related("sections")
    return events.filter(is_public=True) if public_only else events


def event_is_manager(*, event: Event, user: AnyUser) -> bool:
    """True when `user` may change `event`: one of its organisers or arbiters, or a superuser
    (one query, none for a visitor who is not logged in or a superuser)."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return Event.objects.filter(pk=event.pk).filter(_manages(event.pk, user)).exists()


def event_is_organiser(*, event: Event, user: AnyUser) -> bool:
    """True when `user` may decide who runs `event`: an organiser, or a superuser."""
    if not user.is_authenticated:
        return False
    return (
        bool(getattr(user, "is_superuser", False)) or event.organisers.filter(pk=user.pk).exists()
    )


@dataclass(frozen=True, slots=True)
class EventStaff:
    organisers: list[User]
    arbiters: list[User]


def event_staff_get(*, event: Event) -> EventStaff:
    """The event's organisers and arbiters, each by username (two queries)."""
    return EventStaff(
        organisers=list(event.organisers.order_by("username")),
        arbiters=list(event.arbiters.order_by("username")),
    )


def event_visible_list(*, user: AnyUser) -> QuerySet[Event]:
    """The events `user` may see: the one visibility rule, of the pages and the API alike.

    Public events to everyone; a private one to its organisers and arbiters (and to
    superusers, who see everything), and to the captains of its teams, who enter their
    line-ups. Drafts are a further matter: only managers see them (`event_is_manager`).
    """
    events = Event.objects.all()
    if not user.is_authenticated:
        return events.filter(is_public=True)
    if getattr(user, "is_superuser", False):
        return events
    return events.filter(
        Q(is_public=True)
        | Q(organisers=user)
        | Q(arbiters=user)
        # Team captains, through the teams app's reverse relation (Section.teams).
        | Q(sections__teams__captain=user)
    ).distinct()


def event_is_visible(*, event: Event, user: AnyUser) -> bool:
    """True when `user` may see `event` (`event_visible_list`): no query for a public event,
    one for a private one."""
    return event.is_public or event_visible_list(user=user).filter(pk=event.pk).exists()


def event_visible_get(*, slug: str, user: AnyUser) -> Event | None:
    """The event, if `user` may see it (`event_is_visible`)."""
    event = Event.objects.prefetch_related("sections").filter(slug=slug).first()
    if event is None or event_is_visible(event=event, user=user):
        return event
    return None


def section_visible_get(
    *,
    event_slug: str,
    section_slug: str,
    user: AnyUser,
    with_version: bool = False,
) -> Section | None:
    """The section, if `user` may see its event (`event_is_visible`), else None; one query,
    two for a private event. `with_version` reads, in the same query, its version
    (`section_version_annotated`) and whether `user` manages its event
    (`section_is_manager`), for a page that writes nothing."""
    sections = Section.objects.select_related("event").filter(
        event__slug=event_slug, slug=section_slug
    )
    if with_version:
        sections = section_version_annotated(sections)
        if user.is_authenticated and not getattr(user, "is_superuser", False):
            sections = sections.annotate(
                **{_MANAGER_ANNOTATION: _manages(OuterRef("event_id"), user)}
            )
    # One section at most (slugs are unique): no ordering to compile or sort by.
    section = sections.order_by("pk").first()
    if section is not None and hasattr(section, _MANAGER_ANNOTATION):
        # A mark on this section for `section_is_manager`, which reads it with getattr.
        section.manager_read_for = user.pk  # type: ignore[attr-defined]
    if section is None or event_is_visible(event=section.event, user=user):
        return section
    return None


_MANAGER_ANNOTATION = "user_manages_event"


def _manages(event: Any, user: User) -> Q:
    """Whether `user` organises or arbitrates `event` (a primary key or a reference to one),
    as a condition."""
    organises = Event.organisers.through.objects.filter(event_id=event, user_id=user.pk)
    arbitrates = Event.arbiters.through.objects.filter(event_id=event, user_id=user.pk)
    return Exists(organises) | Exists(arbitrates)


def section_is_manager(*, section: Section, user: AnyUser) -> bool:
    """`event_is_manager` for the section's event: no query when `section_visible_get` read
    the answer for this `user` along with the section."""
    if user.is_authenticated and getattr(section, "manager_read_for", None) == user.pk:
        return bool(getattr(section, _MANAGER_ANNOTATION))
    return event_is_manager(event=section.event, user=user)
