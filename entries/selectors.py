"""Reads of online entries: a section's settings, whether it takes entries now, the lists."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone

from chesscore import ranking
from entries.check_ins.selectors import SelfCheckInMatch
from entries.check_ins.selectors import player_self_check_in_get
from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from tournaments.models import Section
from tournaments.selectors.rounds import section_next_round

__all__ = [
    "EntryWindow",
    "entry_by_token_get",
    "entry_check_in_get",
    "entry_list",
    "entry_public_list",
    "entry_settings_get",
    "entry_window_get",
    "token_hash",
]


def token_hash(token: str) -> str:
    """The stored form of an entry link's secret (SHA-256, hex): the secret is long and
    random, so a plain hash keeps the database from opening anyone's entry."""
    return hashlib.sha256(token.encode()).hexdigest()


def entry_settings_get(*, section: Section) -> EntrySettings | None:
    """The section's entry settings, None while the organisers have set none."""
    return EntrySettings.objects.filter(section=section).first()


@dataclass(frozen=True, slots=True)
class EntryWindow:
    """Whether a section takes entries now; `reason` says why not ("" when it does)."""

    settings: EntrySettings | None
    reason: str

    @property
    def is_open(self) -> bool:
        return self.settings is not None and not self.reason


def _when(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%d %b %Y, %H:%M")


def entry_window_get(*, section: Section, now: datetime.datetime | None = None) -> EntryWindow:
    """Whether `section` takes online entries at `now` (default: the present moment): open,
    within its times, and with a round left to join (a late entry joins a round not paired
    yet)."""
    settings = entry_settings_get(section=section)
    now = now or timezone.now()
    if settings is None or not settings.is_open:
        return EntryWindow(settings, "Online entries are closed for this section.")
    if settings.opens_at is not None and now < settings.opens_at:
        return EntryWindow(settings, f"Online entries open on {_when(settings.opens_at)}.")
    if settings.closes_at is not None and now >= settings.closes_at:
        return EntryWindow(settings, f"Online entries closed on {_when(settings.closes_at)}.")
    if section_next_round(section=section) > section.planned_rounds:
        return EntryWindow(settings, "Every round is paired: the section takes no more entries.")
    return EntryWindow(settings, "")


def entry_by_token_get(*, token: str) -> Entry | None:
    """The entry the link with secret `token` opens, None for a link that opens none."""
    return (
        Entry.objects.select_related("section__event", "player")
        .filter(token_hash=token_hash(token))
        .first()
    )


def entry_public_list(*, section: Section) -> list[Entry]:
    """The approved entries in the order they are numbered as players: the initial order
    (C.04.2 Art. 2.2: rating high to low, then title, then name)."""
    approved = section.entries.filter(status=EntryStatus.APPROVED)
    rating_key = ranking.SEEDING_RATINGS[section.seeding_rating]
    return ranking.initial_order(approved, rating_key=rating_key)


def entry_list(*, section: Section) -> QuerySet[Entry]:
    """Every entry of the section, oldest first, with the player each became."""
    return section.entries.select_related("player").order_by("created_at", "pk")


def entry_check_in_get(*, entry: Entry) -> SelfCheckInMatch | None:
    """The round the entry's player may check in for from the entry's page, and whether
    they have; None while the entry is not a player, or the player cannot check in
    themselves now (`player_self_check_in_get`)."""
    if entry.status != EntryStatus.APPROVED or entry.player is None:
        return None
    entry.player.section = entry.section
    return player_self_check_in_get(player=entry.player)
