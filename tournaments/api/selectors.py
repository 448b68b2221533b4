"""What a user may read through the API, by primary key.

What a user may see is `tournaments.selectors.access.event_visible_list`, as on the pages.
Every `*_or_404` lookup raises `NotFound` for what the user may not see (or what is not
there), so a private event is not revealed by a 403.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch, QuerySet

from common.exceptions import NotFound
from tournaments.models import Event, Game, Player, Round, Section
from tournaments.selectors.access import event_visible_list

User = AbstractBaseUser | AnonymousUser


def event_visible_or_404(*, pk: int, user: User) -> Event:
    event = event_visible_list(user=user).filter(pk=pk).first()
    if event is None:
        raise NotFound(f"There is no event {pk}.")
    return event


def section_visible_list(*, user: User) -> QuerySet[Section]:
    """Sections of the events `user` may see, each with its event (one query)."""
    visible = event_visible_list(user=user).values("pk")
    return Section.objects.select_related("event").filter(event__in=visible)


def section_visible_or_404(*, pk: int, user: User) -> Section:
    section = section_visible_list(user=user).filter(pk=pk).first()
    if section is None:
        raise NotFound(f"There is no section {pk}.")
    return section


def section_players_list(*, section: Section) -> QuerySet[Player]:
    return section.players.order_by("starting_rank")


def section_rounds_list(*, section: Section) -> QuerySet[Round]:
    return section.rounds.order_by("number")


def section_round_or_404(*, section: Section, number: int) -> Round:
    rnd = section.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(f"Section {section.pk} has no round {number} yet.")
    return rnd


def game_visible_or_404(*, pk: int, user: User) -> Game:
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
