"""What a user may read through the API: public events to everyone, private ones to managers.

Every lookup returns `NotFound` for what the user may not see, so a private event is not
revealed by a 403.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch, Q, QuerySet

from common.exceptions import NotFound
from tournaments.models import Event, Game, Player, Round, Section

User = AbstractBaseUser | AnonymousUser


def event_visible_list(*, user: User) -> QuerySet[Event]:
    """Public events, and the private ones `user` organises, arbitrates or captains a team in."""
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


def event_visible_get(*, pk: int, user: User) -> Event:
    event = event_visible_list(user=user).filter(pk=pk).first()
    if event is None:
        raise NotFound(f"There is no event {pk}.")
    return event


def section_visible_list(*, user: User) -> QuerySet[Section]:
    """Sections of the events `user` may see, each with its event (one query)."""
    visible = event_visible_list(user=user).values("pk")
    return Section.objects.select_related("event").filter(event__in=visible)


def section_visible_get(*, pk: int, user: User) -> Section:
    section = section_visible_list(user=user).filter(pk=pk).first()
    if section is None:
        raise NotFound(f"There is no section {pk}.")
    return section


def section_players_list(*, section: Section) -> QuerySet[Player]:
    return section.players.order_by("starting_rank")


def section_rounds_list(*, section: Section) -> QuerySet[Round]:
    return section.rounds.order_by("number")


def section_round_get(*, section: Section, number: int) -> Round:
    rnd = section.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(f"Section {section.pk} has no round {number} yet.")
    return rnd


def game_visible_get(*, pk: int, user: User) -> Game:
    """A game of a section `user` may see, with its round, section and event."""
    sections = section_visible_list(user=user).values("pk")
    game = (
        Game.objects.select_related("round__section__event", "white", "black")
        .filter(pk=pk, round__section__in=sections)
        .first()
    )
    if game is None:
        raise NotFound(f"There is no game {pk}.")
    return game


def section_with_players_get(*, pk: int) -> Section:
    """A section with its event, players and rounds (three queries)."""
    return (
        Section.objects.select_related("event")
        .prefetch_related(
            Prefetch("players", Player.objects.order_by("starting_rank")),
            Prefetch("rounds", Round.objects.order_by("number")),
        )
        .get(pk=pk)
    )
