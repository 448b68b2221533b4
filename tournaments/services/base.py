"""Shared by the services: who may change a section, the section's state errors, slugs."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.utils.text import slugify

from common.exceptions import PermissionDenied, StateError, ValidationError
from tournaments.models import (
    Event,
    Section,
)
from tournaments.record import model as rec
from tournaments.record import trf
from tournaments.selectors.access import event_is_manager, event_is_organiser

User = AbstractBaseUser | AnonymousUser


class SectionStateError(StateError):
    """The section has started: what was asked may only change before round 1 is paired."""

    code = "section_state"


class ByeLimitReached(ValidationError):
    """The player already has every half-point bye the section allows."""

    code = "bye_limit"


def _require_manager(event: Event, user: User) -> None:
    if not event_is_manager(event=event, user=user):
        raise PermissionDenied("Only the event's organisers and arbiters may do this.")


def _require_organiser(event: Event, user: User, doing: str) -> None:
    """Organisers only (and superusers): `doing` says what, e.g. "delete it"."""
    if not event_is_organiser(event=event, user=user):
        raise PermissionDenied(f"Only the event's organisers may {doing}.")


def _section_locked(section: Section, user: User) -> Section:
    """The section row, locked, once `user` is known to run its event."""
    locked = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    _require_manager(locked.event, user)
    return locked


# Words the event's own URLs use after /events/<event>/, so no section may take them.
_RESERVED_SLUGS = frozenset({"import", "export", "new", "edit"})


def free_slug(text: str, taken: set[str], *, fallback: str = "section") -> str:
    """A slug made from `text` (else `fallback`) that is not in `taken` nor a word the
    event's own URLs use: "open", then "open-2", "open-3"..."""
    base = slugify(text)[:70].strip("-") or fallback
    slug, suffix = base, 2
    while slug in taken or slug in _RESERVED_SLUGS:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def _read(text: str | bytes) -> rec.Record:
    try:
        return trf.read(text)
    except trf.TrfError as exc:
        raise ValidationError(
            f"Line {exc.line}, {exc.field}: {exc.reason}", field=exc.field, code="invalid_trf"
        ) from exc
