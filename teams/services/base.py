"""What the team services share: errors, locks and the cache touch."""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from common.exceptions import StateError
from common.exceptions import ValidationError
from common.types import AnyUser
from tournaments.models import Round
from tournaments.models import Section
from tournaments.services import section_lock_for_manager


class NotATeamSection(StateError):
    """Teams, matches and line-ups belong to team sections only."""

    code = "not_team_section"


class LineupStateError(StateError):
    """The boards of the match are already paired, or its round is over."""

    code = "lineup_state"


class LineupInvalid(ValidationError):
    """A line-up names a player who may not play that board."""

    code = "lineup_invalid"


def team_section_lock_for_manager(*, section_id: int, user: AnyUser) -> Section:
    """The team section's row, locked with its event loaded, once `user` is known to
    organise or arbitrate the event (`section_lock_for_manager`, whose contract this keeps:
    call it inside a transaction).

    Raises `PermissionDenied` for anyone who does not run the event, then `NotATeamSection`
    for a section of individuals.
    """
    section = section_lock_for_manager(section_id=section_id, user=user)
    if not section.is_team:
        raise NotATeamSection(f"{section.name} is not a team section.")
    return section


def round_touch(rnd: Round) -> None:
    """Mark the round changed, so public pages cached per section version are rebuilt and a
    change made on the round's former version is refused (`Round.version`)."""
    Round.objects.filter(pk=rnd.pk).update(updated_at=timezone.now(), version=F("version") + 1)


def section_touch(section: Section) -> None:
    """Mark the section changed, so its pages kept per section version are made again: a
    team, its roster or its withdrawal is nothing the version counts by itself."""
    Section.objects.filter(pk=section.pk).update(updated_at=timezone.now())
