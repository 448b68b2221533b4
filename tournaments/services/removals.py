"""Taking back what was entered by mistake: a player, a section, a whole event.

Nothing that has been played is ever deleted: a player who is in a round's pairings is
withdrawn instead, a section with a published round stays (unless it is a TRF import
nothing has happened to since), and an event stays once a game of it has a result. The
rules live in
`tournaments.selectors.removals` (`player_removal_block` and its siblings), so pages can say
why before anyone presses a button; the services check them again under the lock.
"""

from __future__ import annotations

from django.db import transaction

from common.types import AnyUser
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import Section
from tournaments.selectors.removals import event_deletion_block
from tournaments.selectors.removals import player_removal_block
from tournaments.selectors.removals import section_deletion_block
from tournaments.services.base import SectionStateError
from tournaments.services.base import event_lock_for_organiser
from tournaments.services.base import event_organiser_require
from tournaments.services.base import section_lock_for_manager
from tournaments.services.changes import player_label
from tournaments.services.log import log_write
from tournaments.services.players import ranks_shift


@transaction.atomic
def player_remove(*, player: Player, user: AnyUser) -> None:
    """Delete a player entered by mistake, with their bye requests. Locks the section.

    Refused (`SectionStateError`, with the reason) for a player in any round's pairings or
    line-ups, in a section whose imported TRF records name players by number, and, once a
    round is paired, for any but the last starting rank
    (`tournaments.selectors.removals.player_removal_block`). Before that the players after
    them move up one rank. The log keeps the player's name and number: the entry outlives
    the player.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    reason = player_removal_block(player=player)
    if reason:
        raise SectionStateError(reason)
    rank = player.starting_rank
    moved = section.players.filter(starting_rank__gt=rank).exists()
    log_write(
        section,
        user,
        LogAction.PLAYER_REMOVE,
        (
            f"{player_label(player)} removed from {section.name}"
            + ("; the players after them move up one number." if moved else ".")
        ),
    )
    player.delete()
    ranks_shift(section, from_rank=rank + 1, by=-1)


@transaction.atomic
def section_delete(*, section: Section, user: AnyUser) -> None:
    """Delete a section that has no published round, with its players and drafts.

    Organisers only. Locks the section; refused (`SectionStateError`) once a round is
    published or while one is being paired. A section imported from a TRF file goes with
    its rounds while nothing has happened to it since the import but taking its rounds
    back (`tournaments.selectors.removals.section_untouched_import`). The log entry outlives the
    section and keeps its name.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    event_organiser_require(event=section.event, user=user, doing="delete its sections")
    reason = section_deletion_block(section=section)
    if reason:
        raise SectionStateError(reason)
    players = section.players.count()
    log_write(
        section,
        user,
        LogAction.SECTION_DELETE,
        f"Section {section.name} deleted with its {players} player{'s' if players != 1 else ''}.",
    )
    _boards_delete(section)
    section.delete()


def _boards_delete(section: Section) -> None:
    """Delete the boards, byes and team matches of every round of `section`: they hold
    its players and teams protected, so they go first."""
    for rnd in section.rounds.all():
        rnd.team_matches.all().delete()
        rnd.team_byes.all().delete()
        rnd.games.all().delete()
        rnd.byes.all().delete()


@transaction.atomic
def event_delete(*, event: Event, user: AnyUser) -> None:
    """Delete an event where nothing has been played: no game has a result and no round
    is being paired (`tournaments.selectors.removals.event_deletion_block`). Organisers
    only; locks the event. Its log goes with it: there is nothing left for it to
    describe."""
    event = event_lock_for_organiser(event_id=event.pk, user=user, doing="delete it")
    reason = event_deletion_block(event=event)
    if reason:
        raise SectionStateError(reason)
    for section in event.sections.all():
        _boards_delete(section)
    event.delete()
