"""Players of a section: entries by hand, starting ranks, withdrawals and bye requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from common.exceptions import ValidationError
from tournaments import ranking
from tournaments.models import (
    Bye,
    ByeKind,
    ByeRequest,
    ByeRequestKind,
    Player,
    PlayerStatus,
    RoundStatus,
    Seat,
    Section,
)
from tournaments.selectors.removals import section_ranks_movable
from tournaments.selectors.rounds import section_next_round
from tournaments.services.base import (
    ByeLimitReached,
    SectionStateError,
    User,
    section_lock_for_manager,
)

# Player columns an organiser fills in by hand; the rest come from imports.
PLAYER_TEXT_FIELDS = ("first_name", "title", "sex", "birth_date", "federation", "club", "fide_id")


def _player_values(last_name: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    last_name = last_name.strip()
    if not last_name:
        raise ValidationError("A player needs a name.", field="last_name")
    values: dict[str, Any] = {"last_name": last_name[:100]}
    for name in PLAYER_TEXT_FIELDS:
        values[name] = str(fields.get(name) or "").strip()
    values["federation"] = values["federation"].upper()[:3]
    values["title"] = values["title"][:3]
    values["sex"] = values["sex"][:1]
    values["fide_rating"] = fields.get("fide_rating")
    values["national_rating"] = fields.get("national_rating")
    return values


@transaction.atomic
def player_create(
    *,
    section: Section,
    user: User,
    last_name: str,
    first_name: str = "",
    title: str = "",
    sex: str = "",
    birth_date: str = "",
    federation: str = "",
    club: str = "",
    fide_id: str = "",
    fide_rating: int | None = None,
    national_rating: int | None = None,
    entry_round: int | None = None,
) -> Player:
    """Enter a player. Locks the section.

    While no round is paired (`section_ranks_movable`) the player takes the place the
    initial order gives them (C.04.2 Art. 2.2) among the players already entered, who keep
    their order (hand adjustments included) and move one number on from there. Once rounds
    are stored, and in team sections, the player takes the next free number, so that the
    numbers stored rounds were paired with stay as they were.

    A late entry joins at `entry_round` (default: the first round not paired yet); the rounds
    before it count as not played, but for the half-point byes the section gives late
    entries (`late_entry_byes_grant`). A round already paired cannot be joined.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    values = _player_values(last_name, locals())
    next_round = section_next_round(section=section)
    entry = next_round if entry_round is None else entry_round
    if entry < next_round:
        raise SectionStateError(
            f"Round {entry} is paired already: join at round {next_round} or later.",
            field="entry_round",
        )
    if entry > section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="entry_round"
        )
    current = list(section.players.order_by("starting_rank"))
    rank = (current[-1].starting_rank if current else 0) + 1
    if not section.is_team and section_ranks_movable(section=section):
        newcomer = Player(section=section, **values)
        rating_key = ranking.SEEDING_RATINGS[section.seeding_rating]
        rank = ranking.late_entry(current, newcomer, rating_key=rating_key).rank
        ranks_shift(section, from_rank=rank, by=1)
    player = Player.objects.create(section=section, starting_rank=rank, entry_round=entry, **values)
    if not section.is_team:
        late_entry_byes_grant(section, player)
    return player


def late_entry_byes_grant(section: Section, player: Player) -> None:
    """The half-point byes the section gives a late entry (`late_entry_half_point_byes`
    missed rounds, from round 1).

    Each is a bye request, so a round paired from now on gives it like any other; a round
    already paired (or being paired) also gets the bye itself, seated, so that its pages,
    standings and export count it at once. The other missed rounds stay unpaired: 0 points.
    Granting twice changes nothing.
    """
    rounds = range(1, min(player.entry_round - 1, section.late_entry_half_point_byes) + 1)
    if not rounds:
        return
    for number in rounds:
        ByeRequest.objects.get_or_create(
            player=player, round_number=number, defaults={"kind": ByeRequestKind.HALF_POINT}
        )
    paired = section.rounds.filter(number__in=rounds).exclude(status=RoundStatus.PENDING)
    for rnd in paired.exclude(seats__player=player):
        bye = Bye.objects.create(round=rnd, player=player, kind=ByeKind.HALF_POINT)
        Seat.objects.create(round=rnd, player=player, bye=bye)
    paired.update(updated_at=timezone.now())


def ranks_shift(section: Section, *, from_rank: int, by: int) -> None:
    """Move every player numbered `from_rank` or more by `by` (±1) in two queries.

    The unique (section, starting_rank) constraint is checked row by row, so the players
    first leave the range in use and then take their new numbers.
    """
    highest = section.players.order_by("-starting_rank").values_list("starting_rank", flat=True)
    spare = (highest.first() or 0) + 2
    section.players.filter(starting_rank__gte=from_rank).update(
        starting_rank=F("starting_rank") + spare
    )
    section.players.filter(starting_rank__gte=from_rank + spare).update(
        starting_rank=F("starting_rank") - spare + by
    )


@transaction.atomic
def section_ranks_reset(*, section: Section, user: User) -> int:
    """Number every player of the section in the initial order (C.04.2 Art. 2.2), dropping
    hand adjustments; returns how many numbers changed. While ranks are movable only
    (`SectionStateError`); locks the section."""
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if not section_ranks_movable(section=section):
        raise SectionStateError(
            "Round 1 is paired (or a TRF file names players by number): "
            "starting ranks stay as they are."
        )
    players = list(section.players.order_by("starting_rank"))
    rating_key = ranking.SEEDING_RATINGS[section.seeding_rating]
    ordered = ranking.initial_order(players, rating_key=rating_key)
    changed = [(p, rank) for rank, p in enumerate(ordered, start=1) if p.starting_rank != rank]
    if changed:
        spare = (players[-1].starting_rank if players else 0) + len(players) + 1
        section.players.update(starting_rank=F("starting_rank") + spare)
        for rank, player in enumerate(ordered, start=1):
            Player.objects.filter(pk=player.pk).update(starting_rank=rank)
    return len(changed)


@transaction.atomic
def player_update(
    *,
    player: Player,
    user: User,
    last_name: str,
    starting_rank: int | None = None,
    first_name: str = "",
    title: str = "",
    sex: str = "",
    birth_date: str = "",
    federation: str = "",
    club: str = "",
    fide_id: str = "",
    fide_rating: int | None = None,
    national_rating: int | None = None,
) -> Player:
    """Correct a player's details. Locks the section.

    A new `starting_rank` is taken before round 1 is paired only (afterwards the pairings
    refer to it: `SectionStateError`); the player holding that rank swaps with this one.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    values = _player_values(last_name, locals())
    player = Player.objects.get(pk=player.pk)
    if starting_rank is not None and starting_rank != player.starting_rank:
        if section_next_round(section=section) > 1:
            raise SectionStateError(
                "Round 1 is paired: starting ranks cannot change any more.",
                field="starting_rank",
            )
        if starting_rank < 1:
            raise ValidationError("A starting rank is 1 or more.", field="starting_rank")
        _rank_swap(section, player, starting_rank)
    for name, value in values.items():
        setattr(player, name, value)
    player.save()
    return player


def _rank_swap(section: Section, player: Player, rank: int) -> None:
    """Give `player` starting rank `rank`, and the holder of `rank` the player's old one."""
    holder = section.players.filter(starting_rank=rank).first()
    old = player.starting_rank
    if holder is not None:
        # Through a free rank: the unique constraint is checked on every row update.
        spare = (section.players.order_by("-starting_rank")[0].starting_rank or 0) + 1
        Player.objects.filter(pk=holder.pk).update(starting_rank=spare)
    Player.objects.filter(pk=player.pk).update(starting_rank=rank)
    if holder is not None:
        Player.objects.filter(pk=holder.pk).update(starting_rank=old)
    player.starting_rank = rank


@transaction.atomic
def player_withdraw(*, player: Player, user: User, from_round: int) -> Player:
    """Withdraw `player` from round `from_round` on: they are not paired in it or after.

    `from_round` must not be paired yet (a paired game is settled by its result, a forfeit).
    Withdrawing again from the same round changes nothing; from another unpaired round, moves
    the withdrawal. Locks the section.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    next_round = section_next_round(section=section)
    if from_round < next_round:
        raise SectionStateError(
            f"Round {from_round} is paired already: enter a forfeit instead.",
            field="from_round",
        )
    if from_round > section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="from_round"
        )
    player.status = PlayerStatus.WITHDRAWN
    player.withdrawn_from_round = from_round
    player.save(update_fields=["status", "withdrawn_from_round", "updated_at"])
    return player


@transaction.atomic
def player_reinstate(*, player: Player, user: User) -> Player:
    """Undo a withdrawal whose first round is not paired yet. Locks the section."""
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    if player.status != PlayerStatus.WITHDRAWN:
        return player
    if (player.withdrawn_from_round or 0) < section_next_round(section=section):
        raise SectionStateError(
            f"Round {player.withdrawn_from_round} was paired without this player.",
            field="status",
        )
    player.status = PlayerStatus.ACTIVE
    player.withdrawn_from_round = None
    player.save(update_fields=["status", "withdrawn_from_round", "updated_at"])
    return player


def _half_point_byes(player: Player) -> set[int]:
    """Rounds in which `player` had or asked for a half-point bye."""
    asked = player.bye_requests.filter(kind=ByeRequestKind.HALF_POINT)
    had = player.byes.filter(kind=ByeKind.HALF_POINT)
    return set(asked.values_list("round_number", flat=True)) | set(
        had.values_list("round__number", flat=True)
    )


@transaction.atomic
def bye_request_create(
    *, player: Player, user: User, round_number: int, kind: str = ByeRequestKind.HALF_POINT
) -> ByeRequest:
    """Ask for a bye for `player` in round `round_number`, a round not paired yet.

    Asking again for the same round returns the request, with `kind` as now given. Enforces
    the section's `max_half_point_byes` (`ByeLimitReached`). Locks the section.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    if kind not in ByeRequestKind.values:
        raise ValidationError(f"{kind!r} is not a kind of bye.", field="kind")
    if not 1 <= round_number <= section.planned_rounds:
        raise ValidationError(
            f"The section has {section.planned_rounds} rounds.", field="round_number"
        )
    if round_number < section_next_round(section=section):
        raise SectionStateError(f"Round {round_number} is paired already.", field="round_number")
    if round_number < player.entry_round:
        raise ValidationError(
            f"The player joins at round {player.entry_round}.", field="round_number"
        )
    if player.withdrawn_from_round is not None and round_number >= player.withdrawn_from_round:
        raise ValidationError("The player has withdrawn by then.", field="round_number")
    if kind == ByeRequestKind.HALF_POINT and round_number in section.half_point_bye_closed_rounds:
        raise ByeLimitReached(
            f"No half-point bye may be taken in round {round_number}.", field="round_number"
        )
    limit = section.max_half_point_byes
    if kind == ByeRequestKind.HALF_POINT and limit is not None:
        taken = _half_point_byes(player) - {round_number}
        if len(taken) >= limit:
            raise ByeLimitReached(
                f"The section allows {limit} half-point bye{'s' if limit != 1 else ''}.",
                field="round_number",
            )
    request, _created = ByeRequest.objects.update_or_create(
        player=player, round_number=round_number, defaults={"kind": kind}
    )
    return request


@transaction.atomic
def bye_request_delete(*, player: Player, user: User, round_number: int) -> bool:
    """Withdraw the bye asked for in a round not paired yet; False when there was none."""
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    if round_number < section_next_round(section=section):
        raise SectionStateError(f"Round {round_number} is paired already.", field="round_number")
    deleted, _ = ByeRequest.objects.filter(player=player, round_number=round_number).delete()
    return deleted > 0
