"""What a user may read through the API, by primary key.

What a user may see is `tournaments.selectors.access.event_visible_list`, as on the pages.
Every `*_or_404` lookup raises `NotFound` for what the user may not see (or what is not
there), so a private event is not revealed by a 403.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.db.models import QuerySet

from common.exceptions import NotFound
from common.exceptions import ValidationError
from common.types import AnyUser
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager
from tournaments.selectors.access import event_is_visible
from tournaments.selectors.access import event_visible_list
from tournaments.selectors.log import LogFilters
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.selectors.rounds import section_version_annotated


def event_visible_or_404(*, pk: int, user: AnyUser) -> Event:
    event = event_visible_list(user=user).filter(pk=pk).first()
    if event is None:
        raise NotFound(f"There is no event {pk}.")
    return event


def section_visible_list(*, user: AnyUser) -> QuerySet[Section]:
    """Sections of the events `user` may see, each with its event (one query)."""
    visible = event_visible_list(user=user).values("pk")
    return Section.objects.select_related("event").filter(event__in=visible)


def section_visible_or_404(*, pk: int, user: AnyUser, with_version: bool = False) -> Section:
    """The section with its event, if `user` may see the event (`event_is_visible`): one
    query by primary key, a second for a private event. `with_version` reads its version in
    the same query (`section_version_annotated`), for an answer that writes nothing."""
    sections = Section.objects.select_related("event").filter(pk=pk)
    if with_version:
        sections = section_version_annotated(sections)
    section = sections.order_by("pk").first()
    if section is None or not event_is_visible(event=section.event, user=user):
        raise NotFound(f"There is no section {pk}.")
    return section


def section_players_list(*, section: Section) -> QuerySet[Player]:
    return section.players.order_by("starting_rank")


def section_rounds_list(*, section: Section, user: AnyUser) -> QuerySet[Round]:
    """The rounds of `section` that `user` may read: published and completed ones, and to
    the event's managers the rounds being paired and drafts too (their explanation names
    the pairs and the prohibited groups before publication)."""
    rounds = section.rounds.order_by("number")
    if event_is_manager(event=section.event, user=user):
        return rounds
    return rounds.filter(status__in=VISIBLE_ROUND_STATUSES)


def round_missing(*, section: Section, number: int) -> NotFound:
    """The answer for a round that is not there, and for one the caller may not see yet."""
    return NotFound(f"Section {section.pk} has no round {number} yet.")


def section_round_or_404(*, section: Section, number: int) -> Round:
    """Round `number` of `section` in any state, for the commands (whose services decide
    who may change it); reads go through `section_round_visible_or_404`."""
    rnd = section.rounds.filter(number=number).first()
    if rnd is None:
        raise round_missing(section=section, number=number)
    return rnd


def section_round_visible_or_404(*, section: Section, number: int, user: AnyUser) -> Round:
    """Round `number` of `section` if `user` may read it (`section_rounds_list`); a round
    not published yet answers as a round that is not there, to all but the managers."""
    rnd = section.rounds.filter(number=number).order_by("pk").first()  # one at most
    # The managers' check costs a query: only a round not published needs it.
    hidden = rnd is not None and rnd.status not in VISIBLE_ROUND_STATUSES
    if rnd is None or (hidden and not event_is_manager(event=section.event, user=user)):
        raise round_missing(section=section, number=number)
    return rnd


def round_visible_or_404(*, pk: int, number: int, user: AnyUser) -> Round:
    """Round `number` of section `pk` if `user` may read both (`section_visible_or_404`,
    then `section_round_visible_or_404`); `round.section` is the section already read."""
    section = section_visible_or_404(pk=pk, user=user)
    return section_round_visible_or_404(section=section, number=number, user=user)


def game_visible_or_404(*, pk: int, user: AnyUser) -> Game:
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


def section_player_or_404(*, section: Section, rank: int) -> Player:
    """The player of starting rank `rank` in `section`, with the section set."""
    player = section.players.filter(starting_rank=rank).first()
    if player is None:
        raise NotFound(f"Section {section.pk} has no player {rank}.")
    player.section = section
    return player


def log_filters_get(
    *, event: Event, section: int | None = None, round: int | None = None, player: int | None = None
) -> LogFilters:
    """The filters of the log of `event` as `event_log_list` takes them, from the ids the
    API is given; `ValidationError` naming the parameter for an id not of the event (two
    queries at most)."""
    chosen_section = None
    if section is not None:
        chosen_section = event.sections.filter(pk=section).first()
        if chosen_section is None:
            raise ValidationError(f"Event {event.pk} has no section {section}.", field="section")
    chosen_player = None
    if player is not None:
        chosen_player = Player.objects.filter(pk=player, section__event=event).first()
        if chosen_player is None:
            raise ValidationError(f"Event {event.pk} has no player {player}.", field="player")
    return {"section": chosen_section, "round_number": round, "player": chosen_player}
