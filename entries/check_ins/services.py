"""Check-in: the arbiters mark who is at the venue before a round; players check in
themselves with the code on the poster at the venue; the section's check-in settings.

A player checks in for one round (`CheckIn`); pairing a round that the section checks in for
leaves out those who did not (`pairing.services.rounds.round_pair`).
"""

from __future__ import annotations

import hmac
from typing import Any

from django.db import transaction
from django.utils.translation import ngettext

from common.exceptions import PermissionDenied
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.types import AnyUser
from entries.check_ins.selectors import check_in_missing_list
from entries.check_ins.selectors import check_in_round_get
from entries.check_ins.selectors import round_players_list
from entries.check_ins.selectors import self_check_in_open
from tournaments.models import AbsentPlayers
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import Section
from tournaments.services.base import SectionStateError
from tournaments.services.base import section_lock_for_manager
from tournaments.services.changes import changes_between
from tournaments.services.changes import player_label
from tournaments.services.changes import values_of
from tournaments.services.log import log_write


class CheckInClosed(StateError):
    code = "check_in_closed"


class CheckInMissing(StateError):
    """Players expected in a round did not check in, and the section asks before pairing
    without them: the message says how many and names them; `players` lists them as the
    log names them, `count` says how many."""

    code = "check_in_missing"

    def __init__(self, *, number: int, players: list[Player]) -> None:
        self.players = [player_label(p) for p in players]
        count = len(players)
        super().__init__(
            ngettext(
                "%(count)d player has not checked in for round %(number)d: %(names)s. Pair "
                "anyway to leave them out with a zero-point bye.",
                "%(count)d players have not checked in for round %(number)d: %(names)s. "
                "Pair anyway to leave all %(count)d out with a zero-point bye.",
                count,
            )
            % {"count": count, "number": number, "names": "; ".join(self.players)},
            field="leave_out",
        )

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "players": self.players, "count": len(self.players)}


class CheckInNoBoard(StateError):
    """Leaving out the players who did not check in would leave no board in the round
    (fewer than two players checked in): refused unless confirmed for that itself."""

    code = "check_in_no_board"

    def __init__(self, *, number: int, missing: int, present: int) -> None:
        self.missing = missing
        super().__init__(
            ngettext(
                "Only %(present)d player checked in for round %(number)d: leaving out the "
                "%(missing)d others makes a round with no board. Confirm that you want a "
                "round with no board, or open check-in again.",
                "Only %(present)d players checked in for round %(number)d: leaving out the "
                "%(missing)d others makes a round with no board. Confirm that you want a "
                "round with no board, or open check-in again.",
                present,
            )
            % {"present": present, "number": number, "missing": missing},
            field="no_board",
        )

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "count": self.missing}


def _expected_player(section: Section, player_id: int, number: int) -> Player:
    player = round_players_list(section=section, number=number).filter(pk=player_id).first()
    if player is None:
        raise ValidationError(
            f"That player does not play in round {number} (withdrawn, a later entry or a bye "
            "asked for).",
            field="player",
        )
    return player


@transaction.atomic
def check_in_set(*, player: Player, user: AnyUser, present: bool) -> bool:
    """Mark `player` present (`present`) or not for the round the section checks in for
    now (`check_in_round_get`). False when that was so already (nothing logged).

    Preconditions: `user` runs the event (`PermissionDenied`); the section checks in for
    its next round (`SectionStateError`); the player plays in it (`ValidationError`).
    Locks the section, so a tap and a pairing request are taken one after the other.
    """
    section = section_lock_for_manager(section_id=player.section_id, user=user)
    number = check_in_round_get(section=section)
    if number is None:
        raise SectionStateError("No round of this section is checked in for now.")
    player = _expected_player(section, player.pk, number)
    mark = CheckIn.objects.filter(player=player, round_number=number).first()
    if (mark is not None) == present:
        return False
    if present:
        CheckIn.objects.create(
            player=player, round_number=number, by=user if user.is_authenticated else None
        )
        action, text = LogAction.CHECK_IN, "checked in"
    else:
        assert mark is not None
        mark.delete()
        action, text = LogAction.CHECK_IN_UNDO, "marked absent"
    log_write(
        section,
        user,
        action,
        f"{player_label(player)} {text} for round {number}.",
        round_number=number,
        players=[player],
        changes={"present": [not present, present]},
    )
    return True


@transaction.atomic
def check_in_self(*, player: Player, code: str) -> int:
    """`player` checks in themselves for the round open for self check-in, giving the code
    shown at the venue; returns the round number. Checking in again changes nothing.

    Raises `CheckInClosed` when the section is not open for self check-in
    (`self_check_in_open`), `PermissionDenied` (on the field ``code``) for a wrong code and
    `ValidationError` for a player not expected in the round. The code is compared in
    constant time. Locks the section.
    """
    section, number = _self_check_in_section(player)
    given = code.strip().casefold().encode()
    if not hmac.compare_digest(given, section.check_in_code.strip().casefold().encode()):
        raise PermissionDenied("That is not the check-in code shown at the venue.", field="code")
    return _self_check_in_mark(section, player, number, "self check-in")


@transaction.atomic
def do_check_in_self(*, player: Player) -> int:
    """`check_in_self` for a caller that recognised the player by a secret of their own
    instead of the code: the link of their online entry (`entries.services.entry_check_in`
    says why that needs no code). Every other rule holds: the section open for self
    check-in (which the organisers close by setting no code), the round not paired yet, and
    the player expected in it."""
    section, number = _self_check_in_section(player)
    return _self_check_in_mark(section, player, number, "self check-in, from the entry's link")


def _self_check_in_section(player: Player) -> tuple[Section, int]:
    """The player's section, locked, and the round open for self check-in in it;
    `CheckInClosed` when there is none."""
    section = Section.objects.select_for_update().select_related("event").get(pk=player.section_id)
    number = self_check_in_open(section=section)
    if number is None:
        raise CheckInClosed(f"Check-in for {section.name} is closed.")
    return section, number


def _self_check_in_mark(section: Section, player: Player, number: int, how: str) -> int:
    """Check `player` in for round `number` of `section` (locked), logged as done by `how`."""
    player = _expected_player(section, player.pk, number)
    _mark, created = CheckIn.objects.get_or_create(
        player=player, round_number=number, defaults={"by": None}
    )
    if created:
        log_write(
            section,
            None,
            LogAction.CHECK_IN,
            f"{player_label(player)} checked in for round {number} ({how}).",
            round_number=number,
            players=[player],
            changes={"present": [False, True]},
        )
    return number


@transaction.atomic
def section_check_in_settings_set(
    *, section: Section, user: AnyUser, check_in: str, absent_players: str, check_in_code: str
) -> Section:
    """Set whether and when `section`'s players check in, what pairing does with those who
    did not, and the code for self check-in (empty: arbiters only). Locks the section;
    logs what changed (the code itself is never written to the log)."""
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if section.is_team and check_in != CheckInMode.OFF:
        raise ValidationError(
            "A team section has no check-in: its captains' line-ups say who plays.",
            field="check_in",
        )
    if check_in not in CheckInMode.values:
        raise ValidationError(f"{check_in!r} is not a check-in mode.", field="check_in")
    if absent_players not in AbsentPlayers.values:
        raise ValidationError(f"{absent_players!r} is not a choice.", field="absent_players")
    code = check_in_code.strip()
    if len(code) > 20 or any(c.isspace() for c in code):
        raise ValidationError(
            "The code is one word of at most 20 characters.", field="check_in_code"
        )
    values = {"check_in": check_in, "absent_players": absent_players}
    changes = changes_between(values_of(section, values), values)
    if code != section.check_in_code:
        changes["check_in_code"] = [
            "set" if section.check_in_code else "none",
            "set" if code else "none",
        ]
    if not changes:
        return section
    section.check_in = check_in
    section.absent_players = absent_players
    section.check_in_code = code
    section.save(update_fields=["check_in", "absent_players", "check_in_code", "updated_at"])
    log_write(
        section,
        user,
        LogAction.CHECK_IN_SETTINGS,
        f"Check-in settings of {section.name} changed.",
        changes=changes,
    )
    return section


def do_check_in_absentees_leave_out(
    *,
    section: Section,
    number: int,
    actor: AnyUser,
    leave_out: bool = False,
    no_board: bool = False,
) -> list[Player]:
    """Before round `number` of `section` is paired: leave out the players who did not
    check in, each with a zero-point bye asked for in the round (C.04.2 3.3: a player who
    is not there is not paired). The bye is a `ByeRequest` like any other, so the pairing,
    the record, the standings and the TRF export all see it as the absence it is; it is
    marked as made by check-in (`from_check_in`), so deleting the round takes it back
    (`do_check_in_byes_take_back`). Returns the players left out.

    A section set to ask first (`AbsentPlayers.ASK`) raises `CheckInMissing`, naming them,
    unless `leave_out`. Leaving them out so that fewer than two players are left (a round
    with no board) raises `CheckInNoBoard` unless `no_board`, whatever the section's
    setting. The caller holds the section's lock (`section_lock_for_manager`), and so
    decided who may; the log names `actor`.
    """
    missing = check_in_missing_list(section=section, number=number)
    if not missing:
        return []
    if section.absent_players == AbsentPlayers.ASK and not leave_out:
        raise CheckInMissing(number=number, players=missing)
    present = round_players_list(section=section, number=number).count() - len(missing)
    if present < 2 and not no_board:
        raise CheckInNoBoard(number=number, missing=len(missing), present=present)
    ByeRequest.objects.bulk_create(
        ByeRequest(
            player=p, round_number=number, kind=ByeRequestKind.ZERO_POINT, from_check_in=True
        )
        for p in missing
    )
    names = "; ".join(player_label(p) for p in missing)
    log_write(
        section,
        actor,
        LogAction.BYE_REQUEST,
        f"Zero-point bye in round {number}, not checked in: {names}.",
        round_number=number,
        players=missing,
        changes={"kind": [None, ByeRequestKind.ZERO_POINT.value]},
    )
    return missing


def do_check_in_byes_take_back(*, section: Section, number: int, actor: AnyUser | None) -> int:
    """Round `number` of `section` is no longer paired (deleted, or its pairing failed):
    withdraw the zero-point byes its pairing made for the players who had not checked in,
    so check-in for it stands as it did before (`do_check_in_absentees_leave_out`).
    Returns how many; logs them (`actor` None: the site did it). The caller holds the
    section's lock."""
    made = ByeRequest.objects.filter(
        player__section=section, round_number=number, from_check_in=True
    ).select_related("player")
    players = [bye.player for bye in made.order_by("player__starting_rank")]
    if not players:
        return 0
    made.delete()
    names = "; ".join(player_label(p) for p in players)
    log_write(
        section,
        actor,
        LogAction.BYE_REQUEST_DELETE,
        f"Zero-point bye in round {number} withdrawn with the pairing, not checked in: {names}.",
        round_number=number,
        players=players,
        changes={"kind": [ByeRequestKind.ZERO_POINT.value, None]},
    )
    return len(players)


__all__ = [
    "CheckInClosed",
    "CheckInMissing",
    "CheckInNoBoard",
    "check_in_self",
    "check_in_set",
    "do_check_in_absentees_leave_out",
    "do_check_in_byes_take_back",
    "do_check_in_self",
    "section_check_in_settings_set",
]
