"""One step for many players at once, from the organiser's player list: check them in,
withdraw them, or take back their byes in the rounds not paired yet.

Each player goes through the same service as one at a time (`check_in_set`,
`player_withdraw`, `bye_request_delete`), so every rule holds and every change is logged
on its own; the whole step is one transaction, so a refusal changes no one. A player the
step does not apply to (already withdrawn, no bye to take back, not expected in the round
checked in for) is left as they are and named in the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from django.db import models
from django.db import transaction
from django.utils.translation import gettext_lazy

from common.exceptions import ValidationError
from common.types import AnyUser
from entries.check_ins.selectors import check_in_round_get
from entries.check_ins.selectors import round_players_list
from entries.check_ins.services import check_in_set
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import Section
from tournaments.selectors.rounds import section_next_round
from tournaments.services import bye_request_delete
from tournaments.services import player_withdraw
from tournaments.services.base import SectionStateError
from tournaments.services.base import section_lock_for_manager


class BulkAction(models.TextChoices):
    BYES_REMOVE = "byes_remove", gettext_lazy("Remove their byes in rounds not paired yet")
    WITHDRAW = "withdraw", gettext_lazy("Withdraw them from the next round on")
    CHECK_IN = "check_in", gettext_lazy("Check them in for the round checked in for")


@dataclass(slots=True)
class BulkOutcome:
    """What one bulk step did: the players it changed, and those it left as they were."""

    changed: list[Player] = field(default_factory=list)
    unchanged: list[Player] = field(default_factory=list)


@transaction.atomic
def players_bulk_apply(
    *, section: Section, user: AnyUser, ranks: list[int], action: str
) -> BulkOutcome:
    """Apply `action` (a `BulkAction`) to the players of `section` numbered `ranks`.

    - ``byes_remove``: every bye asked for in a round not paired yet is withdrawn.
    - ``withdraw``: withdrawn from the next round not paired yet on (one already withdrawn
      is left as they are).
    - ``check_in``: checked in for the round the section checks in for now
      (`SectionStateError` when there is none).

    Preconditions: `user` runs the event (`PermissionDenied`); at least one rank names a
    player of the section (`ValidationError`). Locks the section first; all or nothing.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if action not in BulkAction.values:
        raise ValidationError(f"{action!r} is not a step for many players.", field="action")
    players = list(section.players.filter(starting_rank__in=ranks).order_by("starting_rank"))
    if not players:
        raise ValidationError("Choose at least one player of the section.", field="players")
    step = {
        BulkAction.BYES_REMOVE: _byes_remove,
        BulkAction.WITHDRAW: _withdraw,
        BulkAction.CHECK_IN: _check_in,
    }[BulkAction(action)]
    outcome = BulkOutcome()
    for player, changed in step(section, user, players):
        (outcome.changed if changed else outcome.unchanged).append(player)
    return outcome


def _byes_remove(
    section: Section, user: AnyUser, players: list[Player]
) -> list[tuple[Player, bool]]:
    first_open = section_next_round(section=section)
    done = []
    for player in players:
        rounds = player.bye_requests.filter(round_number__gte=first_open).values_list(
            "round_number", flat=True
        )
        taken = [
            bye_request_delete(player=player, user=user, round_number=number)
            for number in list(rounds)
        ]
        done.append((player, any(taken)))
    return done


def _withdraw(section: Section, user: AnyUser, players: list[Player]) -> list[tuple[Player, bool]]:
    from_round = section_next_round(section=section)
    done = []
    for player in players:
        if player.status == PlayerStatus.WITHDRAWN:
            done.append((player, False))
            continue
        player_withdraw(player=player, user=user, from_round=from_round)
        done.append((player, True))
    return done


def _check_in(section: Section, user: AnyUser, players: list[Player]) -> list[tuple[Player, bool]]:
    number = check_in_round_get(section=section)
    if number is None:
        raise SectionStateError("No round of this section is checked in for now.")
    expected = set(
        round_players_list(section=section, number=number)
        .filter(pk__in=[p.pk for p in players])
        .values_list("pk", flat=True)
    )
    return [
        (player, player.pk in expected and check_in_set(player=player, user=user, present=True))
        for player in players
    ]


__all__ = ["BulkAction", "BulkOutcome", "players_bulk_apply"]
