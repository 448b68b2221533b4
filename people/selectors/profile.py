"""A user's page: every event they run or captain a team in, with the role they hold.

Here, above the tournaments and accounts apps, because a captaincy is a team's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from accounts.models import ApiToken
from common.types import User
from teams.models import Team
from tournaments.models import Event


@dataclass(frozen=True, slots=True)
class Role:
    """One role of the user: "organiser" or "arbiter" of `event`, or "captain" of `team`."""

    event: Event
    role: str
    team: Team | None = None


@dataclass(frozen=True, slots=True)
class Profile:
    roles: list[Role]
    active_tokens: int


def profile_get(*, user: User) -> Profile:
    """`user`'s roles, newest event first (by start date; undated last), and how many of
    their API tokens work. Four queries, however many events."""
    roles: list[Role] = []
    for event in Event.objects.filter(organisers=user):
        roles.append(Role(event=event, role="organiser"))
    for event in Event.objects.filter(arbiters=user):
        roles.append(Role(event=event, role="arbiter"))
    captained = Team.objects.filter(captain=user).select_related("section__event")
    for team in captained:
        roles.append(Role(event=team.section.event, role="captain", team=team))
    # Events without dates last; the latest made first among equals.
    roles.sort(key=lambda r: (r.event.start_date or date.min, r.event.pk), reverse=True)
    active = ApiToken.objects.filter(
        user=user, revoked_at__isnull=True, expires_at__gt=timezone.now()
    ).count()
    return Profile(roles=roles, active_tokens=active)
