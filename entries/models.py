"""Online entries: what a section asks of those who enter, and the entries themselves.

An entry is a request to play; it becomes a player of the section (`Entry.player`) when it
is approved, through the same service an organiser uses to enter a player by hand.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from chesscore.record.text import FullName
from common.models import TimeStampedModel
from tournaments.models import Player
from tournaments.models import Section


class FieldRule(models.TextChoices):
    OFF = "off", "Not asked"
    OPTIONAL = "optional", "Optional"
    REQUIRED = "required", "Required"


# The details an entry form may ask for besides the name, in the order the form asks them.
ASKED_FIELDS = ("fide_id", "fide_rating", "federation", "club", "birth_year", "email", "phone")


class EntrySettings(TimeStampedModel):
    """How a section takes entries. A section without a row takes none."""

    section = models.OneToOneField(Section, on_delete=models.CASCADE, related_name="entry_settings")
    is_open = models.BooleanField(default=False)
    opens_at = models.DateTimeField(null=True, blank=True)
    closes_at = models.DateTimeField(null=True, blank=True)
    max_players = models.PositiveIntegerField(null=True, blank=True)
    waiting_list = models.BooleanField(default=False)
    needs_approval = models.BooleanField(default=True)
    fide_id = models.CharField(max_length=8, choices=FieldRule.choices, default=FieldRule.OPTIONAL)
    fide_rating = models.CharField(
        max_length=8, choices=FieldRule.choices, default=FieldRule.OPTIONAL
    )
    federation = models.CharField(
        max_length=8, choices=FieldRule.choices, default=FieldRule.OPTIONAL
    )
    club = models.CharField(max_length=8, choices=FieldRule.choices, default=FieldRule.OPTIONAL)
    birth_year = models.CharField(
        max_length=8, choices=FieldRule.choices, default=FieldRule.OPTIONAL
    )
    email = models.CharField(max_length=8, choices=FieldRule.choices, default=FieldRule.REQUIRED)
    phone = models.CharField(max_length=8, choices=FieldRule.choices, default=FieldRule.OFF)

    class Meta:
        verbose_name_plural = "entry settings"
        constraints = [
            models.CheckConstraint(
                condition=Q(opens_at__isnull=True)
                | Q(closes_at__isnull=True)
                | Q(opens_at__lt=models.F("closes_at")),
                name="entry_settings_opens_before_closing",
            ),
        ]

    def __str__(self) -> str:
        return f"Entries of {self.section}"

    def rule(self, name: str) -> str:
        """The `FieldRule` of the detail `name` (one of `ASKED_FIELDS`)."""
        return str(getattr(self, name))


class EntryStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    APPROVED = "approved", "Approved"
    WAITING = "waiting", "Waiting list"
    REFUSED = "refused", "Refused"
    WITHDRAWN = "withdrawn", "Withdrawn"


# Entries that hold (or wait for) a place: the ones a duplicate is checked against.
LIVE_STATUSES = (EntryStatus.PENDING, EntryStatus.APPROVED, EntryStatus.WAITING)


class Entry(FullName, TimeStampedModel):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    status = models.CharField(
        max_length=10, choices=EntryStatus.choices, default=EntryStatus.PENDING
    )
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100)
    fide_id = models.CharField(max_length=12, blank=True)
    fide_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    club = models.CharField(max_length=100, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    # The SHA-256 of the link's secret: the link itself is only in the confirmation.
    token_hash = models.CharField(max_length=64, unique=True)
    player = models.OneToOneField(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="entry"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["section", "fide_id"],
                condition=~Q(fide_id="") & Q(status__in=["pending", "approved", "waiting"]),
                name="entry_one_live_entry_per_fide_id",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.full_name} ({self.get_status_display()})"

    @property
    def details(self) -> list[str]:
        """The details given besides the name and rating, as the organisers' list shows
        them."""
        born = f"born {self.birth_year}" if self.birth_year else ""
        given = (self.fide_id, self.federation, self.club, born, self.email, self.phone)
        return [text for text in given if text]

    # What the initial order (C.04.2 Art. 2.2, `chesscore.ranking`) reads of a player:
    # an entry carries no title nor national rating.
    @property
    def title(self) -> str:
        return ""

    @property
    def national_rating(self) -> int | None:
        return None
