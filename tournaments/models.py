"""Events, sections, player entries, rounds, games and byes.

The database is the durable form of the tournament record (`chesscore.record`); exactly one
place translates between them (`tournaments.selectors.record.section_record_base` and
`tournaments.services.do_section_record_store`). Scores are computed from games and byes, never
stored.
"""

from __future__ import annotations

import zoneinfo
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F
from django.db.models import Q
from django.db.models.expressions import Combinable
from django.utils import timezone

from chesscore.record.people import PLAYER_DETAILS
from chesscore.record.people import PlayerDetails
from chesscore.record.text import FullName
from chesscore.systems import DEFAULT_SYSTEM
from chesscore.systems import system_info
from common.models import TimeStampedModel
from common.models import account_link
from tournaments.wording import fide_departures


class InitialColour(models.TextChoices):
    WHITE = "white", "White"
    BLACK = "black", "Black"
    LOT = "lot", "Draw by lot"


class Acceleration(models.TextChoices):
    NONE = "none", "None"
    BAKU = "baku", "Baku (C.04.7)"
    MANUAL = "manual", "Manual (per player)"


class SeedingRating(models.TextChoices):
    FIDE = "fide", "FIDE rating"
    NATIONAL = "national", "National rating"
    HIGHEST = "highest", "Highest of FIDE and national"


def default_time_zone() -> str:
    """The site's time zone (settings ``TIME_ZONE``), the zone of a new event."""
    return str(getattr(settings, "TIME_ZONE", "") or "UTC")


def time_zone_valid(value: str) -> None:
    """Refuse anything but an IANA time zone name such as ``Europe/Amsterdam``."""
    try:
        zoneinfo.ZoneInfo(value)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        raise ValidationError(
            f"“{value}” is not a time zone; give an IANA name such as Europe/Amsterdam.",
            code="time_zone",
        ) from None


# What an event says of itself, in the order the API and the backup file give it.
EVENT_DETAILS = (
    "name",
    "slug",
    "start_date",
    "end_date",
    "venue",
    "city",
    "federation",
    "time_control",
    "chief_arbiter",
)


class Event(TimeStampedModel):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    time_control = models.CharField(max_length=100, blank=True)
    chief_arbiter = models.CharField(max_length=100, blank=True)
    # Round times are stored in UTC and shown in this zone, the venue's clock.
    time_zone = models.CharField(
        max_length=64, default=default_time_zone, validators=[time_zone_valid]
    )
    is_public = models.BooleanField(default=True)
    # The language of the event's pages for a reader who chose none, and of its e-mails to
    # players without an account's choice; blank: the browser's.
    language = models.CharField(max_length=10, blank=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organised_events", blank=True
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="arbitrated_events", blank=True
    )

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=F("start_date")),
                name="event_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name


# Points exactly as a TRF file may give them: five whole digits, six decimals.
POINTS_DIGITS = 11
POINTS_PLACES = 6


def _points(default: str) -> models.DecimalField[str | float | Decimal | Combinable, Decimal]:
    return models.DecimalField(
        max_digits=POINTS_DIGITS, decimal_places=POINTS_PLACES, default=Decimal(default)
    )


# The section's point columns by the names of the scoring system's values
# (`chesscore.record.model.ScoringSystem`).
SCORING_COLUMNS = {
    "win": "points_win",
    "draw": "points_draw",
    "loss": "points_loss",
    "forfeit_win": "points_forfeit_win",
    "forfeit_loss": "points_forfeit_loss",
    "pairing_allocated_bye": "points_pab",
    "half_point_bye": "points_half_bye",
    "full_point_bye": "points_full_bye",
    "zero_point_bye": "points_zero_bye",
}


class CheckInMode(models.TextChoices):
    OFF = "off", "No check-in"
    FIRST_ROUND = "first", "Round 1 only"
    EVERY_ROUND = "every", "Every round"


class AbsentPlayers(models.TextChoices):
    """What pairing a round does with the players who did not check in."""

    ZERO_BYE = "bye", "Leave them out with a zero-point bye (C.04.2 3.3)"
    ASK = "ask", "Ask first, naming them"


# The most boards a team match is played on (C.04.6 1.1 leaves it to the event).
MAX_BOARDS_PER_MATCH = 20


class Section(TimeStampedModel):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=80)
    # A key of the registry of pairing systems (`chesscore.systems`), checked by the
    # services: the systems are the pairing app's, not this table's.
    system = models.CharField(max_length=24, default=DEFAULT_SYSTEM)
    planned_rounds = models.PositiveSmallIntegerField(default=5)
    # Scoring: C.02 defaults; every value exact. The one place the section's points are
    # kept, for every system and however they came (form, API, TRF file, backup); read
    # through `tournaments.selectors.record.section_scoring`.
    points_win = _points("1")
    points_draw = _points("0.5")
    points_loss = _points("0")
    points_forfeit_win = _points("1")
    points_forfeit_loss = _points("0")
    points_pab = _points("1")
    points_half_bye = _points("0.5")
    points_full_bye = _points("1")
    points_zero_bye = _points("0")
    initial_colour = models.CharField(
        max_length=5, choices=InitialColour.choices, default=InitialColour.LOT
    )
    acceleration = models.CharField(
        max_length=8, choices=Acceleration.choices, default=Acceleration.NONE
    )
    tiebreaks = models.JSONField(default=list, blank=True)
    seeding_rating = models.CharField(
        max_length=8, choices=SeedingRating.choices, default=SeedingRating.FIDE
    )
    max_half_point_byes = models.PositiveSmallIntegerField(null=True, blank=True)
    half_point_bye_closed_rounds = models.JSONField(
        default=list, blank=True, help_text="Rounds in which no half-point bye may be asked for."
    )
    late_entry_half_point_byes = models.PositiveSmallIntegerField(
        default=0,
        help_text="How many of the rounds a late entry missed, from round 1, score as "
        "half-point byes; the others score 0 (C.04.2 Art. 2.4).",
    )
    # At most MAX_BOARDS_PER_MATCH: set on the teams page or brought by a team file.
    boards_per_match = models.PositiveSmallIntegerField(null=True, blank=True)
    check_in = models.CharField(max_length=5, choices=CheckInMode.choices, default=CheckInMode.OFF)
    absent_players = models.CharField(
        max_length=3, choices=AbsentPlayers.choices, default=AbsentPlayers.ASK
    )
    # Shown on the poster at the venue: a player checks themselves in with it. Empty: only
    # the arbiters check players in.
    check_in_code = models.CharField(max_length=20, blank=True)
    # TRF content with no column of its own (headers, extension lines), kept so that an
    # imported file exports with nothing lost.
    trf_extra = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "slug"], name="section_slug_unique"),
            models.CheckConstraint(condition=Q(planned_rounds__gte=1), name="section_has_rounds"),
            models.CheckConstraint(
                condition=Q(points_win__gte=F("points_draw"))
                & Q(points_draw__gte=F("points_loss")),
                name="section_points_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} — {self.name}"

    @property
    def is_team(self) -> bool:
        info = system_info(self.system)
        return info is not None and info.team

    @property
    def pairs_by_table(self) -> bool:
        """Paired from a table fixed in advance (a round robin), not round by round."""
        info = system_info(self.system)
        return info is not None and info.fixed_table

    @property
    def system_label(self) -> str:
        """The system's name; with Baku acceleration, when the section pairs with it."""
        info = system_info(self.system)
        if info is None:
            return self.system
        if info.individual_swiss and self.acceleration == Acceleration.BAKU:
            return f"{info.label} with Baku acceleration (C.04.7)"
        return info.label

    def checks_in(self, number: int) -> bool:
        """Whether players check in for round `number`."""
        if self.check_in == CheckInMode.EVERY_ROUND:
            return True
        return self.check_in == CheckInMode.FIRST_ROUND and number == 1


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    WITHDRAWN = "withdrawn", "Withdrawn"


class Player(FullName, TimeStampedModel):
    """A player's entry in one section (a person may enter several sections)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="players")
    starting_rank = models.PositiveIntegerField()
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100)
    title = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    birth_date = models.CharField(
        max_length=10, blank=True, help_text="YYYY/MM/DD or YYYY, as in TRF."
    )
    federation = models.CharField(max_length=3, blank=True)
    club = models.CharField(max_length=100, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    fide_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    national_id = models.CharField(max_length=20, blank=True)
    national_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    national_rating_2 = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=10, choices=PlayerStatus.choices, default=PlayerStatus.ACTIVE
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    entry_round = models.PositiveSmallIntegerField(default=1)
    # Manual acceleration (TRF(x) XXA): virtual points per round, as strings ("1", "0.5").
    acceleration = models.JSONField(default=list, blank=True)
    # What the imported file said of this player that has no column (final rank, points).
    trf_extra = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["section", "starting_rank"]
        constraints = [
            models.UniqueConstraint(fields=["section", "starting_rank"], name="player_rank_unique"),
            models.CheckConstraint(condition=Q(starting_rank__gte=1), name="player_rank_positive"),
            models.CheckConstraint(condition=Q(entry_round__gte=1), name="player_entry_positive"),
            models.CheckConstraint(
                condition=Q(status="active", withdrawn_from_round__isnull=True)
                | Q(status="withdrawn", withdrawn_from_round__isnull=False),
                name="player_withdrawal_has_round",
            ),
        ]
        indexes = [models.Index(fields=["section", "last_name"])]

    def __str__(self) -> str:
        return f"{self.starting_rank}. {self.full_name}"

    @property
    def rating(self) -> int | None:
        return self.fide_rating or self.national_rating

    @property
    def details(self) -> PlayerDetails:
        """Who the player is, as stored (`chesscore.record.people.PlayerDetails`)."""
        return PlayerDetails(**{name: getattr(self, name) for name in PLAYER_DETAILS})


class RoundStatus(models.TextChoices):
    PENDING = "pending", "Not paired"
    PAIRING = "pairing", "Pairing"
    DRAFT = "draft", "Draft"
    PUBLISHED = "published", "Published"
    COMPLETED = "completed", "Completed"


class Round(TimeStampedModel):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=10, choices=RoundStatus.choices, default=RoundStatus.PENDING
    )
    published_at = models.DateTimeField(null=True, blank=True)
    # False when a hand edit, a soft prohibited group, a bye exclusion or the casual Swiss
    # shaped the pairing (`tournaments.wording.fide_departures` says which, naming no one).
    is_pure_fide = models.BooleanField(default=True)
    explanation = models.JSONField(default=dict, blank=True)
    # Goes up with every change of the round's boards or state: a hand edit names the version
    # it saw, so that a change made meanwhile by someone else is never overwritten unseen.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.section} — round {self.number}"

    @property
    def fide_departures(self) -> list[str]:
        """Why the round is not a pure FIDE pairing, naming no player and no group."""
        return fide_departures(self.explanation)


class RoundTime(TimeStampedModel):
    """When a round of a section starts: the schedule, planned before any round exists
    (rounds are made only when paired)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="round_times")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField()

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="round_time_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_time_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.section} — round {self.number} at {self.starts_at:%Y-%m-%d %H:%M} UTC"


class GameResult(models.TextChoices):
    """Every outcome TRF can record for a game between two players."""

    PENDING = "", "Not played yet"
    WHITE_WINS = "1-0", "1–0"
    BLACK_WINS = "0-1", "0–1"
    DRAW = "1/2", "½–½"
    WHITE_WINS_FORFEIT = "+-", "+ : − (forfeit)"
    BLACK_WINS_FORFEIT = "-+", "− : + (forfeit)"
    DOUBLE_FORFEIT = "--", "− : − (double forfeit)"
    WHITE_WINS_UNRATED = "1-0u", "1–0 (not rated)"
    BLACK_WINS_UNRATED = "0-1u", "0–1 (not rated)"
    DRAW_UNRATED = "1/2u", "½–½ (not rated)"


class Game(TimeStampedModel):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="white_games")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="black_games")
    result = models.CharField(
        max_length=4, choices=GameResult.choices, default=GameResult.PENDING, blank=True
    )
    explanation = models.TextField(blank=True)
    # Goes up with every change of the result or the colours: result entry names the
    # version it saw (a stale write is refused, not silently applied).
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="game_board_unique"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="game_two_players"),
            models.CheckConstraint(condition=Q(board__gte=1), name="game_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}: {self.white} – {self.black}"


class ByeKind(models.TextChoices):
    """TRF codes: U pairing-allocated, H half-point, F full-point, Z zero-point."""

    PAIRING_ALLOCATED = "U", "Pairing-allocated bye"
    HALF_POINT = "H", "Half-point bye"
    FULL_POINT = "F", "Full-point bye"
    ZERO_POINT = "Z", "Zero-point bye"
    ABSENT = "-", "Absent (forfeit, no opponent)"


class Bye(TimeStampedModel):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")
    kind = models.CharField(max_length=1, choices=ByeKind.choices)

    class Meta:
        ordering = ["round", "player__starting_rank"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player} — {self.get_kind_display()}"


class Seat(models.Model):
    """A player's one place in a round: a game or a bye, never both, never twice.

    Games and byes live in their own tables for convenient queries; this table is what lets
    the database itself refuse a player who would appear twice in a round (as white in one
    game and black in another, or in a game and a bye).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    bye = models.ForeignKey(
        Bye, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once"),
            models.CheckConstraint(
                condition=Q(game__isnull=True, bye__isnull=False)
                | Q(game__isnull=False, bye__isnull=True),
                name="seat_game_or_bye",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player}"


class ByeRequestKind(models.TextChoices):
    HALF_POINT = "H", "Half-point bye"
    ZERO_POINT = "Z", "Zero-point bye"
    FULL_POINT = "F", "Full-point bye"


class ByeRequest(TimeStampedModel):
    """A bye asked for (or granted by the arbiter) before a round is paired."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(
        max_length=1, choices=ByeRequestKind.choices, default=ByeRequestKind.HALF_POINT
    )
    # Made by pairing the round without a player who did not check in: deleting the round
    # takes it back with the pairing, as if the round had never been paired.
    from_check_in = models.BooleanField(default=False)

    class Meta:
        ordering = ["round_number", "player__starting_rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="bye_request_once_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="bye_request_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} — round {self.round_number}: {self.get_kind_display()}"


class CheckIn(models.Model):
    """A player is at the venue for round `round_number`: checked in by an arbiter (`by`)
    or by themselves (`by` empty). No row: not checked in."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    checked_in_at = models.DateTimeField(default=timezone.now)
    by = account_link("check_ins")

    class Meta:
        ordering = ["round_number", "player__starting_rank"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round_number"], name="check_in_once"),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="check_in_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} — present for round {self.round_number}"


class ByeExclusion(TimeStampedModel):
    """The organiser keeps a player from the pairing-allocated bye of one round.

    The pairing treats the player as C.04.3 C2 treats one who already had that bye.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="bye_exclusions")
    round_number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round_number", "player__starting_rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="bye_exclusion_once_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="bye_exclusion_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} — no pairing-allocated bye in round {self.round_number}"


class ConstraintKind(models.TextChoices):
    STRICT = "strict", "Strict: never paired together"
    SOFT_FROM_BOTTOM = "soft_bottom", "Soft, relaxed from the bottom of the standings"
    SOFT_LOWEST = "soft_lowest", "Soft, lowest priority"


class GroupSource(models.TextChoices):
    MANUAL = "manual", "Made by hand"
    ATTRIBUTE = "attribute", "From an attribute"


class ProhibitedGroup(TimeStampedModel):
    """Players (or teams) who should not be paired with one another."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="prohibited_groups")
    name = models.CharField(max_length=100)
    kind = models.CharField(
        max_length=12, choices=ConstraintKind.choices, default=ConstraintKind.STRICT
    )
    source = models.CharField(
        max_length=10, choices=GroupSource.choices, default=GroupSource.MANUAL
    )
    attribute = models.CharField(
        max_length=20, blank=True, help_text="club, federation or team, for attribute groups."
    )
    members = models.ManyToManyField(Player, related_name="prohibited_groups", blank=True)

    class Meta:
        ordering = ["section", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(source="manual") | ~Q(attribute=""),
                name="prohibited_group_attribute_named",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_kind_display()})"


class LogAction(models.TextChoices):
    """What an entry of an event's log records. The stored value is the stable key; the
    field has no `choices`, so that a new kind of intervention needs no migration."""

    # Pairing a round, changing it by hand, publishing it and taking it back
    PAIR = "pair", "Pairing asked for"
    PAIRED = "paired", "Paired"
    PAIR_FAILED = "pair_failed", "Pairing failed"
    REPAIR = "repair", "Paired again"
    COLOURS_SWAP = "colours_swap", "Colours swapped"
    OPPONENTS_SWAP = "opponents_swap", "Opponents exchanged"
    PLAYERS_SWAP = "players_swap", "Players swapped"
    PLAYERS_PAIR = "players_pair", "Players paired by hand"
    BYE_GIVE = "bye_give", "Bye given"
    BYE_TAKE = "bye_take", "Bye taken away"
    PUBLISH = "publish", "Published"
    UNPUBLISH = "unpublish", "Unpublished"
    ROUND_DELETE = "round_delete", "Round deleted"
    PAIRING_ALTER = "pairing_alter", "Published pairing altered"
    # Results and corrections (C.04.2 4.3)
    RESULT = "result", "Result entered"
    RESULT_CORRECT = "result_correct", "Result corrected"
    COLOUR_CORRECT = "colour_correct", "Colours corrected"
    BYE_CORRECT = "bye_correct", "Bye corrected"
    RATING_CORRECT = "rating_correct", "Rating corrected"
    # Players
    PLAYER_ADD = "player_add", "Player entered"
    LATE_ENTRY = "late_entry", "Late entry"
    PLAYER_UPDATE = "player_update", "Player's details changed"
    PLAYER_WITHDRAW = "player_withdraw", "Withdrawn"
    PLAYER_REINSTATE = "player_reinstate", "Reinstated"
    PLAYER_REMOVE = "player_remove", "Player removed"
    RANKS_RESET = "ranks_reset", "Starting ranks renumbered"
    BYE_REQUEST = "bye_request", "Bye asked for"
    BYE_REQUEST_DELETE = "bye_request_delete", "Bye request withdrawn"
    CHECK_IN = "check_in", "Checked in"
    CHECK_IN_UNDO = "check_in_undo", "Check-in taken back"
    CHECK_IN_SETTINGS = "check_in_settings", "Check-in settings changed"
    BYE_EXCLUSION = "bye_exclusion", "Kept from the bye"
    BYE_EXCLUSION_DELETE = "bye_exclusion_delete", "Bye exclusion lifted"
    GROUP_SAVE = "group_save", "Prohibited group saved"
    GROUP_DELETE = "group_delete", "Prohibited group deleted"
    IMPORT = "import", "Imported"
    # Online entries
    ENTRY_SETTINGS = "entry_settings", "Entry settings changed"
    ENTRY_SUBMIT = "entry_submit", "Entered online"
    ENTRY_APPROVE = "entry_approve", "Entry approved"
    ENTRY_REFUSE = "entry_refuse", "Entry refused"
    ENTRY_MOVE = "entry_move", "Entry moved from the waiting list"
    ENTRY_WITHDRAW = "entry_withdraw", "Entry withdrawn"
    # Teams
    TEAM_SAVE = "team_save", "Team saved"
    TEAM_DELETE = "team_delete", "Team removed"
    TEAM_WITHDRAW = "team_withdraw", "Team withdrawn"
    TEAM_REINSTATE = "team_reinstate", "Team reinstated"
    LINEUP = "lineup", "Line-up set"
    MATCH_FORFEIT = "match_forfeit", "Match forfeited"
    # The event and its sections
    EVENT_CREATE = "event_create", "Event created"
    EVENT_UPDATE = "event_update", "Event settings changed"
    SECTION_CREATE = "section_create", "Section created"
    SECTION_UPDATE = "section_update", "Section settings changed"
    SECTION_DELETE = "section_delete", "Section deleted"
    STAFF_ADD = "staff_add", "Organiser or arbiter added"
    STAFF_REMOVE = "staff_remove", "Organiser or arbiter removed"
    SCHEDULE = "schedule", "Round times changed"
    INVITE = "invite", "Invitation sent"
    INVITE_REVOKE = "invite_revoke", "Invitation revoked"
    INVITE_ACCEPT = "invite_accept", "Invitation accepted"
    RESTORE = "restore", "Restored from a backup"


class LogEntry(models.Model):
    """One intervention on an event: who, when, what and why.

    Written by the services in the transaction of the change, so the log and the event
    never disagree, and never changed afterwards. An entry outlives what it names: a
    deleted section keeps its name here (`section_name`), a removed player leaves the
    entry's `players`, a deleted round keeps its number. `user` is empty for what Rookery
    did itself (a pairing run finished by the worker); `actor` keeps the name the user had.

    `changes` holds what changed as ``{"field": [old, new], ...}`` (plain JSON values);
    `warnings` the pairing rules a hand edit broke or mended (``added``, ``resolved``,
    ``standing`` at publication); `reason` why, in the user's words.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries")
    section = models.ForeignKey(
        Section, on_delete=models.SET_NULL, null=True, blank=True, related_name="log_entries"
    )
    section_name = models.CharField(max_length=100, blank=True)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    players = models.ManyToManyField(Player, related_name="log_entries", blank=True)
    user = account_link("log_entries")
    actor = models.CharField(max_length=150, blank=True)
    # Not auto_now_add: a restored event keeps the times of its log.
    created_at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=24)
    description = models.TextField()
    reason = models.TextField(blank=True)
    changes = models.JSONField(default=dict, blank=True)
    warnings = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "log entries"
        indexes = [
            models.Index(fields=["event", "-created_at"]),
            models.Index(fields=["section", "round_number", "board"]),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.description}"

    @property
    def action_label(self) -> str:
        try:
            return str(LogAction(self.action).label)
        except ValueError:
            return self.action.replace("_", " ").capitalize()

    @property
    def added_warnings(self) -> list[str]:
        return list(self.warnings.get("added", []))

    @property
    def resolved_warnings(self) -> list[str]:
        return list(self.warnings.get("resolved", []))

    @property
    def standing_warnings(self) -> list[str]:
        return list(self.warnings.get("standing", []))
