"""Writes of online entries: the section's settings, entering, deciding, withdrawing.

Every write locks the section first, as every write to a section does
(`tournaments.services.base.section_lock_for_manager`), so that two entries sent at once
cannot both take the last place; each is logged in the event's log.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from chesscore.record.names import same_name
from chesscore.record.people import PlayerDetails
from common.emails import email_render
from common.exceptions import QuotaExceeded
from common.exceptions import StateError
from common.exceptions import ValidationError
from common.selectors import email_failing_exists
from common.services import email_queue
from common.services import email_requeue
from common.types import AnyUser
from entries.check_ins.services import do_check_in_self
from entries.models import ASKED_FIELDS
from entries.models import LIVE_STATUSES
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from entries.models import FieldRule
from entries.selectors import entry_window_get
from entries.selectors import token_hash
from tournaments.models import LogAction
from tournaments.models import Player
from tournaments.models import Section
from tournaments.services.base import section_lock_for_manager
from tournaments.services.changes import values_save
from tournaments.services.log import log_write
from tournaments.services.players import do_player_create
from tournaments.services.quotas import quota
from tournaments.validators import player_details
from tournaments.validators import row_check

__all__ = [
    "SETTINGS_FIELDS",
    "EntryAlreadyMade",
    "EntryStateError",
    "entry_approve",
    "entry_check_in",
    "entry_email_key",
    "entry_move",
    "entry_refuse",
    "entry_settings_save",
    "entry_submit",
    "entry_withdraw",
]

SETTINGS_FIELDS = (
    "is_open",
    "opens_at",
    "closes_at",
    "max_players",
    "waiting_list",
    "needs_approval",
    *ASKED_FIELDS,
)


class EntryStateError(StateError):
    """The entry has been decided already, or the section takes no entries now."""

    code = "entry_state"


class EntryAlreadyMade(ValidationError):
    """The entrant sent again an entry the section holds, whose email has not reached them
    (their first try ended before its email went out): it is being sent again."""

    code = "entry_already_made"


class _EmailOwed(Exception):
    """Raised inside `entry_submit`'s transaction, which it rolls back: the entry sent
    repeats `entry`, whose emails have not gone out to the same address."""

    def __init__(self, entry: Entry) -> None:
        super().__init__(entry.pk)
        self.entry = entry


def entry_email_key(entry_id: int) -> str:
    """What the outbox calls the emails of entry `entry_id` (`common.services`)."""
    return f"entry:{entry_id}"


@transaction.atomic
def entry_settings_save(*, section: Section, user: AnyUser, **values: Any) -> EntrySettings:
    """Set how `section` takes entries (`SETTINGS_FIELDS` by name); individual sections
    only (`ValidationError` for a team section). Locks the section; logged with what changed
    (nothing changed, no entry)."""
    section = section_lock_for_manager(section_id=section.pk, user=user)
    if section.is_team:
        raise ValidationError(
            "A team section takes its players team by team: online entries are for "
            "individual sections.",
            field="is_open",
        )
    opens, closes = values.get("opens_at"), values.get("closes_at")
    if opens is not None and closes is not None and opens >= closes:
        raise ValidationError("Entries must close after they open.", field="closes_at")
    settings, _created = EntrySettings.objects.get_or_create(section=section)
    changes = values_save(settings, {n: values[n] for n in SETTINGS_FIELDS if n in values})
    if changes:
        log_write(
            section,
            user,
            LogAction.ENTRY_SETTINGS,
            f"Online entries of {section.name} set up.",
            changes=changes,
        )
    return settings


def _duplicate(section: Section, entry: Entry) -> tuple[str, Entry | None]:
    """Why `entry` is already in `section` (an entry that holds or awaits a place, or a
    player): the same FIDE id, or the same name and birth year, names compared by the
    site's one rule for them (`same_name`: "sigridur olafsdottir" is "Sigríður
    Ólafsdóttir", "Mueller" is "Müller"); with the entry it repeats, when it repeats one.
    ("", None) for no duplicate."""
    live = section.entries.filter(status__in=LIVE_STATUSES)
    if entry.fide_id:
        same = live.filter(fide_id=entry.fide_id).first()
        if same is not None or section.players.filter(fide_id=entry.fide_id).exists():
            return f"A player with FIDE id {entry.fide_id} has entered this section already.", same
    year = entry.birth_year
    for other in live.filter(birth_year=year):
        if _same_person(other, entry):
            return f"{entry.full_name} has entered this section already.", other
    for player in section.players.only("first_name", "last_name", "birth_date"):
        born = int(player.birth_date[:4]) if player.birth_date[:4].isdigit() else None
        if born == year and _same_person(player, entry):
            return f"{entry.full_name} has entered this section already.", None
    return "", None


def _same_person(one: Entry | Player, other: Entry) -> bool:
    """Whether `one` and `other` have the same first and last names, written alike or not
    (`same_name`)."""
    return same_name(one.last_name, other.last_name) and same_name(one.first_name, other.first_name)


def _email_owed(entry: Entry, repeated: Entry | None) -> Entry | None:
    """`repeated` when the entry sent (`entry`) is its entrant's retry of it after its
    email failed: the same address, and an email of it tried and not gone out
    (`email_failing_exists`). None otherwise: a second click while the email is on its way
    is an ordinary duplicate."""
    if repeated is None or not entry.email or not repeated.email:
        return None
    if entry.email.casefold() != repeated.email.casefold():
        return None
    return repeated if email_failing_exists(about=entry_email_key(repeated.pk)) else None


# The details of an entry that are a player's.
_SHARED_DETAILS = ("first_name", "last_name", "fide_id", "fide_rating", "federation", "club")


def _do_entry_player_create(entry: Entry, section: Section, actor: AnyUser | None) -> None:
    """`entry` becomes a player of `section`, locked by the caller, who decided it may:
    `actor` approved it, or (None) the section takes entries without approval."""
    details = PlayerDetails(
        **{name: getattr(entry, name) for name in _SHARED_DETAILS},
        birth_date=str(entry.birth_year or ""),
    )
    entry.player = do_player_create(section=section, actor=actor, details=details)
    _entry_decide(entry, EntryStatus.APPROVED)


def _entry_decide(entry: Entry, status: EntryStatus) -> None:
    """Give `entry` the decision `status` (approved, refused or withdrawn), taken now."""
    entry.status = status
    entry.decided_at = timezone.now()
    entry.save()


def _entrant_mail(entry: Entry, link: str = "") -> None:
    """Email the entrant (if they gave an address) what became of the entry: received, with
    the link to its page (`link`), or the organisers' decision.

    Through the outbox, in the caller's transaction: the entry stands whatever the mail
    server does, and the entry's page (shown at once to whoever entered) says all the
    email says; the organisers' list shows an email not sent."""
    if not entry.email:
        return
    section = entry.section
    context = {"entry": entry, "section": section, "link": link}
    rendered = email_render("entry_received" if link else "entry_decided", context)
    email_queue(
        to=entry.email,
        subject=rendered.subject,
        body=rendered.text,
        html_body=rendered.html,
        event_id=section.event_id,
        about=entry_email_key(entry.pk),
    )


def entry_submit(
    *,
    section: Section,
    link_for: Callable[[str], str],
    last_name: str,
    first_name: str = "",
    fide_id: str = "",
    fide_rating: int | None = None,
    federation: str = "",
    club: str = "",
    birth_year: int | None = None,
    email: str = "",
    phone: str = "",
    now: datetime.datetime | None = None,
) -> tuple[Entry, str]:
    """Enter `section` online; returns the entry and the secret of its link.

    Refused (`EntryStateError`) outside the section's entry window; a duplicate
    (`_duplicate`) is a `ValidationError` on the field that repeats. Once the section holds
    `max_players` (players and pending entries), the entry waits on the waiting list if the
    section keeps one, else is refused ("The section is full."). The site's limit of players
    per section (`ROOKERY_QUOTAS`) counts pending entries too. An entry that needs no
    approval becomes a player at once, in the initial order (`do_player_create`).

    The confirmation email carries `link_for(secret)`; only the secret's hash is stored
    once it is sent. An entrant who sends their entry again, with the same address, while
    its email has not gone out (the mail server was down) is told so (`EntryAlreadyMade`)
    and the email is sent again, rather than being refused as a duplicate with nothing in
    their mailbox.
    """
    details: dict[str, Any] = {
        "first_name": first_name,
        "last_name": last_name,
        "fide_id": fide_id,
        "fide_rating": fide_rating,
        "federation": federation,
        "club": club,
        "birth_year": birth_year,
        "email": email,
        "phone": phone,
    }
    try:
        return _entry_submit(section=section, link_for=link_for, now=now, given=details)
    except _EmailOwed as owed:
        # The entry sent was rolled back; the one it repeats has its emails tried again.
        email_requeue(about=entry_email_key(owed.entry.pk))
        raise EntryAlreadyMade(
            _(
                "You have entered this section already, but the email about your entry has "
                "not reached you yet: it is being sent again to %(email)s."
            )
            % {"email": owed.entry.email},
            field="email",
        ) from None


@transaction.atomic
def _entry_submit(
    *,
    section: Section,
    link_for: Callable[[str], str],
    given: Mapping[str, Any],
    now: datetime.datetime | None = None,
) -> tuple[Entry, str]:
    """`entry_submit`, in one transaction (`given`: its details by name); `_EmailOwed` for
    an entrant's retry."""
    section = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    window = entry_window_get(section=section, now=now)
    if not window.is_open or window.settings is None:
        raise EntryStateError(window.reason)
    settings = window.settings
    # The details an entry shares with the player it becomes are cleaned as a player's.
    shared = player_details({name: given[name] for name in _SHARED_DETAILS}).values()
    details = {
        **given,
        **{name: shared[name] for name in _SHARED_DETAILS},
        "email": given["email"].strip(),
        "phone": given["phone"].strip(),
    }
    if not details["last_name"]:
        raise ValidationError("Enter your last name.", field="last_name")
    row_check("entries.Entry", details)
    for name in ASKED_FIELDS:
        rule = settings.rule(name)
        if rule == FieldRule.OFF:
            details[name] = None if name in ("fide_rating", "birth_year") else ""
        elif rule == FieldRule.REQUIRED and details[name] in (None, ""):
            raise ValidationError("This field is required.", field=name)
    secret = secrets.token_urlsafe(32)
    entry = Entry(section=section, token_hash=token_hash(secret), **details)
    problem, repeated = _duplicate(section, entry)
    owed = _email_owed(entry, repeated) if problem else None
    if owed is not None:
        raise _EmailOwed(owed)
    if problem:
        raise ValidationError(problem, field="fide_id" if "FIDE id" in problem else "last_name")
    pending = section.entries.filter(status=EntryStatus.PENDING).count()
    taken = section.players.count() + pending
    if taken + 1 > quota("players_per_section"):
        raise QuotaExceeded("The section is full.", field="last_name")
    if settings.max_players is not None and taken >= settings.max_players:
        if not settings.waiting_list:
            raise EntryStateError("The section is full.")
        entry.status = EntryStatus.WAITING
    entry.save()
    log_write(
        section,
        None,
        LogAction.ENTRY_SUBMIT,
        f"{entry.full_name} entered online ({entry.get_status_display().lower()}).",
    )
    if entry.status == EntryStatus.PENDING and not settings.needs_approval:
        _do_entry_player_create(entry, section, None)
    _entrant_mail(entry, link_for(secret))
    return entry, secret


def _entry_lock(entry: Entry, user: AnyUser) -> tuple[Section, Entry]:
    section = section_lock_for_manager(section_id=entry.section_id, user=user)
    return section, Entry.objects.select_for_update().get(pk=entry.pk)


def _decide_check(entry: Entry, doing: str) -> None:
    if entry.status not in (EntryStatus.PENDING, EntryStatus.WAITING):
        raise EntryStateError(
            f"The entry of {entry.full_name} is {entry.get_status_display().lower()}: "
            f"it cannot be {doing}."
        )


@transaction.atomic
def entry_approve(*, entry: Entry, user: AnyUser) -> Entry:
    """Approve a pending or waiting entry: it becomes a player of the section exactly as one
    entered by hand (`player_create`: the initial order before round 1 is paired, a late
    entry under the section's rules after). Locks the section; logged; the entrant is
    emailed the decision."""
    section, entry = _entry_lock(entry, user)
    _decide_check(entry, "approved")
    _do_entry_player_create(entry, section, user)
    log_write(
        section,
        user,
        LogAction.ENTRY_APPROVE,
        f"Entry of {entry.full_name} approved.",
        players=[entry.player] if entry.player else [],
    )
    _entrant_mail(entry)
    return entry


@transaction.atomic
def entry_refuse(*, entry: Entry, user: AnyUser, reason: str = "") -> Entry:
    """Refuse a pending or waiting entry, for good. Locks the section; logged with
    `reason` (which the entrant's email leaves out)."""
    section, entry = _entry_lock(entry, user)
    _decide_check(entry, "refused")
    _entry_decide(entry, EntryStatus.REFUSED)
    log_write(
        section, user, LogAction.ENTRY_REFUSE, f"Entry of {entry.full_name} refused.", reason=reason
    )
    _entrant_mail(entry)
    return entry


@transaction.atomic
def entry_move(*, entry: Entry, user: AnyUser) -> Entry:
    """Move an entry from the waiting list to the pending entries. Locks the section;
    logged."""
    section, entry = _entry_lock(entry, user)
    if entry.status != EntryStatus.WAITING:
        raise EntryStateError(f"The entry of {entry.full_name} is not on the waiting list.")
    entry.status = EntryStatus.PENDING
    entry.save()
    log_write(
        section,
        user,
        LogAction.ENTRY_MOVE,
        f"Entry of {entry.full_name} moved from the waiting list.",
    )
    _entrant_mail(entry)
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """The holder of the entry's link withdraws it, while it is pending or waiting; an
    approved entry is a player, whom the organisers withdraw (`EntryStateError`)."""
    section = Section.objects.select_for_update().select_related("event").get(pk=entry.section_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status == EntryStatus.APPROVED:
        raise EntryStateError(
            "Your entry is approved: you are a player of the section. "
            "Ask the organisers to withdraw you."
        )
    if entry.status not in (EntryStatus.PENDING, EntryStatus.WAITING):
        raise EntryStateError(f"Your entry is {entry.get_status_display().lower()} already.")
    _entry_decide(entry, EntryStatus.WITHDRAWN)
    log_write(section, None, LogAction.ENTRY_WITHDRAW, f"{entry.full_name} withdrew their entry.")
    return entry


def entry_check_in(*, entry: Entry) -> int:
    """The holder of the entry's link checks its player in for the round open for self
    check-in; returns the round number. The entry must have become a player
    (`EntryStateError`).

    No check-in code is asked. The code keeps a stranger from checking in a player whose
    name anyone can find; the link, a long random secret mailed to the entrant alone, does
    that better than a word printed for the whole hall. Nor would asking for the code prove
    the player is at the venue: a word on a poster travels as easily as a link. Everything
    else is the self check-in's own rules (`check_in_self`): open only while the organisers
    take self check-in (setting no code keeps check-in to the arbiters, for the link too),
    closed once the round is paired, and not for a player withdrawn or with a bye asked for.
    """
    if entry.status != EntryStatus.APPROVED or entry.player is None:
        raise EntryStateError("Your entry is not a player of the section: it cannot check in.")
    return do_check_in_self(player=entry.player)
