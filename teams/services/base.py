"""What the team services share: the user type, errors, locks and the cache touch."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from common.exceptions import PermissionDenied, StateError, ValidationError
from tournaments.models import Round, Section
from tournaments.selectors.access import event_is_manager

User = AbstractBaseUser | AnonymousUser


class NotATeamSection(StateError):
    """Teams, matches and line-ups belong to team sections only."""

    code = "not_team_section"


class LineupStateError(StateError):
    """The boards of the match are already paired, or its round is over."""

    code = "lineup_state"


class LineupInvalid(ValidationError):
    """A line-up names a player who may not play that board."""

    code = "lineup_invalid"


def require_manager(section: Section, user: User) -> None:
    if not event_is_manager(event=section.event, user=user):
        raise PermissionDenied("Only the event's organisers and arbiters may do this.")


def team_section_locked(section: Section, user: User) -> Section:
    locked = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    require_manager(locked, user)
    if not locked.is_team:
        raise NotATeamSection(f"{locked.name} is not a team section.")
    return locked


def round_touch(rnd: Round) -> None:
    """Mark the round changed, so public pages cached per section version are rebuilt."""
    Round.objects.filter(pk=rnd.pk).update(updated_at=timezone.now())
