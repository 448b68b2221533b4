"""Players of a section: entries by hand, starting ranks, withdrawals and bye requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from chesscore import ranking
from chesscore.record.people import PlayerDetails
from common.exceptions import ValidationError
from common.types import AnyUser
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.removals import section_ranks_movable
from tournaments.selectors.rounds import section_next_round
from tournaments.selectors.withdrawals import player_reinstatement_plan
from tournaments.selectors.withdrawals import player_withdrawal_plan
from tournaments.services.base import ByeLimitReached
from tournaments.services.base import SectionStateError
from tournaments.services.base import round_open_require
from tournaments.services.base import section_lock_for_manager
from tournaments.services.boards import seated_rows_create
from tournaments.services.changes import changes_between
from tournaments.services.changes import player_label
from tournaments.services.changes import values_of
from tournaments.services.log import log_write
from tournaments.services.quotas import player_quota_check
from tournaments.validators import player_details
from tournaments.wording import rounds_text


def _player_values(details: PlayerDetails) -> dict[str, Any]:
    """The columns of `details`, cleaned again (`tournaments.validators.player_details`):
    whatever way they came (a form, the API, an online entry, a team's roster), the same
    checks. A player entered or changed needs a last name."""
    values = player_details(details.values()).values()
    if not values["last_name"]:
        raise ValidationError("A player needs a name.", field="last_name")
    return values


@transaction.atomic
def player_create(
    *,
    section: Section,
    user: AnyUser,
    details: PlayerDetails,
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

    Logged as an entry (`PLAYER_ADD`) before round 1 is paired, as a late entry
    (`LATE_ENTRY`, with the round joined and the byes granted) afterwards.
    """
    section = section_lock_for_manager(section_id=section.pk, user=user)
    return do_player_create(section=section, actor=user, details=details, entry_round=entry_round)


def do_player_create(
    *,
    section: Section,
    actor: AnyUser | None,
    details: PlayerDetails,
    entry_round: int | None = None,
) -> Player:
    """`player_create` for a caller that has locked `section` (``select_for_update``, inside
    its transaction) and decided who may enter: the organiser who approved an online entry,
    or the entry itself when the section takes entries without approval. `actor` is named in
    the log (None: Rookery itself) and counts the quota (`tournaments.services.quotas`)."""
    player_quota_check(
        section=section, user=actor, count=section.players.count() + 1, field="last_name"
    )
    values = _player_values(details)
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
    granted = late_entry_byes_grant(section, player) if not section.is_team else []
    late = next_round > 1
    text = f"{player_label(player)} entered"
    if entry > 1:
        text += f", joining at round {entry}"
    if granted:
        text += f"; half-point byes in {rounds_text(granted)}"
    if current and rank <= current[-1].starting_rank:
        text += f"; the players from No. {rank} on move one number on"
    log_write(
        section,
        actor,
        LogAction.LATE_ENTRY if late else LogAction.PLAYER_ADD,
        text + ".",
        round_number=entry if late else None,
        players=[player],
    )
    return player


def late_entry_byes_grant(section: Section, player: Player) -> list[int]:
    """The half-point byes the section gives a late entry (`late_entry_half_point_byes`
    missed rounds, from round 1).

    Each is a bye request, so a round paired from now on gives it like any other; a round
    already paired (or being paired) also gets the bye itself, seated, so that its pages,
    standings and export count it at once. The other missed rounds stay unpaired: 0 points.
    Granting twice changes nothing. Returns the rounds of the byes granted now.
    """
    rounds = range(1, min(player.entry_round - 1, section.late_entry_half_point_byes) + 1)
    if not rounds:
        return []
    granted = []
    for number in rounds:
        _request, created = ByeRequest.objects.get_or_create(
            player=player, round_number=number, defaults={"kind": ByeRequestKind.HALF_POINT}
        )
        if created:
            granted.append(number)
    paired = section.rounds.filter(number__in=rounds).exclude(status=RoundStatus.PENDING)
    seated_rows_create(
        byes=[
            Bye(round=rnd, player=player, kind=ByeKind.HALF_POINT)
            for rnd in paired.exclude(seats__player=player)
        ]
    )
    paired.update(updated_at=timezone.now())
    return granted


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
def section_ranks_reset(*, section: Section, user: AnyUser) -> int:
    """Number every player of the section in the initial order (C.04.2 Art. 2.2), dropping
    hand adjustments; returns how many numbers changed. While ranks are movable only
    (`SectionStateError`); locks the section. The log keeps every number that changed
    (none changed: no entry)."""
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
        log_write(
            section,
            user,
            LogAction.RANKS_RESET,
            (
                f"Players of {section.name} numbered in the initial order: {len(changed)} "
                f"number{'s' if len(changed) != 1 else ''} changed."
            ),
            players=[p for p, _rank in changed],
            changes={f"starting rank of {p.full_name}": [p.starting_rank, r] for p, r in changed},
        )
    return len(changed)


# The ratings: a change once round 1 is paired is a correction (C.04.2 4.3).
_RATING_FIELDS = ("fide_rating", "national_rating")


@transaction.atomic
def player_update(
    *,
    player: Player,
    user: AnyUser,
    details: PlayerDetails,
    starting_rank: int | None = None,
    reason: str = "",
) -> Player:
    """Correct a player's details: `details` replace them all (a detail left empty is
    cleared). Locks the section.

    A new `starting_rank` is taken before round 1 is paired only (afterwards the pairings
    refer to it: `SectionStateError`); the player holding that rank swaps with this one.

    A rating changed once round 1 is paired is a correction (C.04.2 4.3), logged as such
    (`RATING_CORRECT`) with `reason`: standings and tie-breaks are computed from the ratings
    on every read, so they use the corrected value at once; the rounds already paired stand.
    Other details changed are logged as `PLAYER_UPDATE`; nothing changed, no entry.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    values = _player_values(details)
    player = Player.objects.get(pk=player.pk)
    before = values_of(player, ["starting_rank", *values])
    holder = None
    if starting_rank is not None and starting_rank != player.starting_rank:
        if section_next_round(section=section) > 1:
            raise SectionStateError(
                "Round 1 is paired: starting ranks cannot change any more.",
                field="starting_rank",
            )
        if starting_rank < 1:
            raise ValidationError("A starting rank is 1 or more.", field="starting_rank")
        holder = _rank_swap(section, player, starting_rank)
    for name, value in values.items():
        setattr(player, name, value)
    player.save()
    changes = changes_between(before, values_of(player, before))
    corrected = section_next_round(section=section) > 1
    ratings = {k: v for k, v in changes.items() if corrected and k in _RATING_FIELDS}
    others = {k: v for k, v in changes.items() if k not in ratings}
    if ratings:
        log_write(
            section,
            user,
            LogAction.RATING_CORRECT,
            f"Rating of {player_label(player)} corrected: {_changes_text(ratings)}.",
            players=[player],
            reason=reason,
            changes=ratings,
        )
    if others:
        fields = ", ".join(name.replace("_", " ") for name in others)
        text = f"Details of {player_label(player)} changed: {fields}"
        if holder is not None:
            text += f"; {holder.full_name} takes No. {before['starting_rank']}"
        log_write(
            section,
            user,
            LogAction.PLAYER_UPDATE,
            text + ".",
            players=[player, *([holder] if holder is not None else [])],
            reason=reason,
            changes=others,
        )
    return player


def _changes_text(changes: Mapping[str, list[Any]]) -> str:
    """ "fide rating 2100 → 2150": changes as words."""
    return ", ".join(
        f"{name.replace('_', ' ')} {old if old is not None else '—'} → "
        f"{new if new is not None else '—'}"
        for name, (old, new) in changes.items()
    )


def _rank_swap(section: Section, player: Player, rank: int) -> Player | None:
    """Give `player` starting rank `rank`, and the holder of `rank` (returned, None for
    nobody) the player's old one."""
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
    return holder


@transaction.atomic
def player_withdraw(*, player: Player, user: AnyUser, from_round: int, reason: str = "") -> Player:
    """Withdraw `player` from round `from_round` on: they are not paired in it or after.

    `from_round` must not be paired yet (a paired game is settled by its result, a forfeit:
    `SectionStateError`) and must be a round of the section (`ValidationError`). The bye
    requests for `from_round` and later are cancelled: the player is not paired then.

    A player already withdrawn has the withdrawal moved to `from_round`: rounds paired
    without them meanwhile stand, rounds not paired yet before `from_round` pair them
    again. Withdrawing again from the same round changes nothing (and logs nothing). The
    log keeps the old and new round and `reason` (`WithdrawalPlan.description`). Locks the
    section.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    plan = player_withdrawal_plan(player=player, from_round=from_round, section=section)
    if from_round < plan.next_round:
        raise SectionStateError(plan.blocked, field="from_round")
    if plan.blocked:
        raise ValidationError(plan.blocked, field="from_round")
    if plan.changes_nothing:
        return player
    requests_before = sorted(player.bye_requests.values_list("round_number", flat=True))
    changes: dict[str, list[Any]] = {
        "status": [player.status, PlayerStatus.WITHDRAWN.value],
        "withdrawn_from_round": [player.withdrawn_from_round, from_round],
    }
    if plan.cancelled_byes:
        player.bye_requests.filter(round_number__in=plan.cancelled_byes).delete()
        kept = [n for n in requests_before if n not in plan.cancelled_byes]
        changes["bye_requests"] = [requests_before, kept]
    player.status = PlayerStatus.WITHDRAWN
    player.withdrawn_from_round = from_round
    player.save(update_fields=["status", "withdrawn_from_round", "updated_at"])
    log_write(
        section,
        user,
        LogAction.PLAYER_WITHDRAW,
        plan.description,
        round_number=from_round,
        players=[player],
        reason=reason,
        changes={name: pair for name, pair in changes.items() if pair[0] != pair[1]},
    )
    return player


@transaction.atomic
def player_reinstate(*, player: Player, user: AnyUser, reason: str = "") -> Player:
    """Undo the withdrawal of `player`, at any time. Locks the section.

    The player is paired again from the next round not paired yet. Rounds already paired
    without them stand (C.04.2 4.3): they simply have no game there, which the record reads
    as absent, and the log says so ("rounds 4–5 were paired without them and stand"). Bye
    requests cancelled by the withdrawal stay cancelled. A player who has not withdrawn is
    left as they are (nothing logged).
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    plan = player_reinstatement_plan(player=player, section=section)
    if plan.blocked:
        return player
    log_write(
        section,
        user,
        LogAction.PLAYER_REINSTATE,
        plan.description,
        round_number=plan.back_from,
        players=[player],
        reason=reason,
        changes={
            "status": [player.status, PlayerStatus.ACTIVE.value],
            "withdrawn_from_round": [player.withdrawn_from_round, None],
        },
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
    *, player: Player, user: AnyUser, round_number: int, kind: str = ByeRequestKind.HALF_POINT
) -> ByeRequest:
    """Ask for a bye for `player` in round `round_number`, a round not paired yet.

    Asking again for the same round returns the request, with `kind` as now given. Enforces
    the section's `max_half_point_byes` (`ByeLimitReached`). Locks the section. Logged
    unless the same bye was asked for already.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    player = Player.objects.get(pk=player.pk)
    if kind not in ByeRequestKind.values:
        raise ValidationError(f"{kind!r} is not a kind of bye.", field="kind")
    round_open_require(section, round_number)
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
    earlier = ByeRequest.objects.filter(player=player, round_number=round_number).first()
    request, _created = ByeRequest.objects.update_or_create(
        player=player, round_number=round_number, defaults={"kind": kind, "from_check_in": False}
    )
    if earlier is None or earlier.kind != kind:
        label = ByeRequestKind(kind).label
        log_write(
            section,
            user,
            LogAction.BYE_REQUEST,
            f"{label} in round {round_number} for {player_label(player)}.",
            round_number=round_number,
            players=[player],
            changes={"kind": [earlier.kind if earlier else None, kind]},
        )
    return request


@transaction.atomic
def bye_request_delete(*, player: Player, user: AnyUser, round_number: int) -> bool:
    """Withdraw the bye asked for in a round not paired yet; False when there was none
    (nothing logged then)."""
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    if round_number < section_next_round(section=section):
        raise SectionStateError(f"Round {round_number} is paired already.", field="round_number")
    player = Player.objects.get(pk=player.pk)
    request = ByeRequest.objects.filter(player=player, round_number=round_number).first()
    if request is None:
        return False
    request.delete()
    log_write(
        section,
        user,
        LogAction.BYE_REQUEST_DELETE,
        (
            f"{request.get_kind_display()} in round {round_number} for {player_label(player)} "
            "withdrawn."
        ),
        round_number=round_number,
        players=[player],
        changes={"kind": [request.kind, None]},
    )
    return True
