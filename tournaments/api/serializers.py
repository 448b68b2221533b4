"""Input serializers check what a client sends; output serializers shape what it reads."""

from __future__ import annotations

import datetime
from typing import Any
from typing import cast

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from chesscore.record.fields import MAX_FIDE_ID
from chesscore.record.fields import MAX_NAME_LENGTH
from chesscore.record.fields import MAX_NATIONAL_ID_LENGTH
from chesscore.record.fields import MAX_RATING
from chesscore.record.people import PLAYER_DETAILS
from chesscore.record.people import PlayerDetails
from chesscore.systems import system_choices
from common.exceptions import ValidationError as DomainValidationError
from tournaments.models import EVENT_DETAILS
from tournaments.models import POINTS_DIGITS
from tournaments.models import POINTS_PLACES
from tournaments.models import SCORING_COLUMNS
from tournaments.models import Acceleration
from tournaments.models import Event
from tournaments.models import InitialColour
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Section
from tournaments.selectors.schedule import round_times_get
from tournaments.services.changes import json_value
from tournaments.validators import MAX_TIEBREAK_LENGTH
from tournaments.validators import MAX_TIEBREAKS
from tournaments.validators import date_in_range
from tournaments.validators import one_line
from tournaments.validators import player_details
from tournaments.validators import tiebreak_list
from tournaments.wording import PRIVATE_EXPLANATION_KEYS

# -- input -------------------------------------------------------------------------------


class EventCreateSerializer(serializers.Serializer[None]):
    name = serializers.CharField(validators=[one_line], max_length=200)
    city = serializers.CharField(
        validators=[one_line], max_length=100, required=False, default="", allow_blank=True
    )
    federation = serializers.CharField(
        validators=[one_line], max_length=3, required=False, default="", allow_blank=True
    )
    start_date = serializers.DateField(
        required=False, default=None, allow_null=True, validators=[date_in_range]
    )
    end_date = serializers.DateField(
        required=False, default=None, allow_null=True, validators=[date_in_range]
    )
    is_public = serializers.BooleanField(required=False, default=True)


class ScoringSerializer(serializers.Serializer[None]):
    """A section's points for each outcome, exact decimals as strings ("0.5"), by the
    section's point columns (`SCORING_COLUMNS`). Points the section's system cannot pair
    with are refused, naming the column (the Swiss systems pair with points in tenths)."""

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return {
            column: serializers.DecimalField(
                max_digits=POINTS_DIGITS,
                decimal_places=POINTS_PLACES,
                required=False,
                help_text=f"Points for a {name.replace('_', ' ')}.",
            )
            for name, column in SCORING_COLUMNS.items()
        }


class SectionCreateSerializer(serializers.Serializer[None]):
    name = serializers.CharField(validators=[one_line], max_length=100)
    system = serializers.ChoiceField(choices=())
    rounds = serializers.IntegerField(min_value=1, max_value=99)
    initial_colour = serializers.ChoiceField(
        choices=InitialColour.choices, required=False, default=InitialColour.LOT
    )
    acceleration = serializers.ChoiceField(
        choices=Acceleration.choices,
        required=False,
        default=Acceleration.NONE,
        help_text="Baku acceleration (C.04.7), virtual points per player (manual), or none.",
    )
    scoring = ScoringSerializer(
        required=False, help_text="Points per outcome; C.02's (1, 0.5, 0, ...) for any left out."
    )
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=MAX_TIEBREAK_LENGTH),
        max_length=MAX_TIEBREAKS,
        validators=[tiebreak_list],
        required=False,
        help_text="Tie-break codes in order; the system's usual list when left out.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The registered systems, read when the serializer is made (after Django started).
        cast(serializers.ChoiceField, self.fields["system"]).choices = system_choices()


class TrfUploadSerializer(serializers.Serializer[None]):
    file = serializers.FileField(help_text="A TRF16 or TRF26 file.")


class ExportQuerySerializer(serializers.Serializer[None]):
    format = serializers.ChoiceField(choices=["trf16", "trf26"], default="trf16")


# -- output ------------------------------------------------------------------------------


class EventSerializer(serializers.ModelSerializer[Event]):
    class Meta:
        model = Event
        fields = ["id", *EVENT_DETAILS, "is_public"]
        read_only_fields = fields


class ScheduleLineSerializer(serializers.Serializer[dict[str, Any]]):
    round = serializers.IntegerField()
    starts_at = serializers.DateTimeField(help_text="ISO 8601 with the event's UTC offset.")


def _iso(when: datetime.datetime | None) -> str | None:
    """ISO 8601 with the offset of the clock `when` carries (the event's), not the site's."""
    return when.isoformat() if when is not None else None


class SectionSerializer(serializers.ModelSerializer[Section]):
    """A section; `schedule` lists the rounds that have a start time, in order."""

    rounds = serializers.IntegerField(source="planned_rounds", read_only=True)
    scoring = serializers.SerializerMethodField()
    schedule = serializers.SerializerMethodField()

    class Meta:
        model = Section
        fields = [
            "id",
            "event",
            "name",
            "slug",
            "system",
            "rounds",
            "initial_colour",
            "acceleration",
            "scoring",
            "tiebreaks",
            "schedule",
        ]
        read_only_fields = fields

    @extend_schema_field(ScoringSerializer)
    def get_scoring(self, section: Section) -> dict[str, str]:
        columns = SCORING_COLUMNS.values()
        return {column: json_value(getattr(section, column)) for column in columns}

    @extend_schema_field(ScheduleLineSerializer(many=True))
    def get_schedule(self, section: Section) -> list[dict[str, Any]]:
        times = round_times_get(section=section)
        return [{"round": n, "starts_at": _iso(times[n])} for n in sorted(times)]


class PlayerSerializer(serializers.ModelSerializer[Player]):
    name = serializers.CharField(source="full_name", read_only=True)
    rating = serializers.IntegerField(source="fide_rating", read_only=True, allow_null=True)

    class Meta:
        model = Player
        fields = [
            "id",
            "starting_rank",
            "name",
            "first_name",
            "last_name",
            "title",
            "sex",
            "federation",
            "club",
            "fide_id",
            "rating",
            "national_rating",
            "status",
            "withdrawn_from_round",
            "entry_round",
        ]
        read_only_fields = fields


class RoundSerializer(serializers.ModelSerializer[Round]):
    """A round; `explanation` is the engine's account of the pairing (per bracket);
    `version` is what a change to the round names (it goes up with every change).

    Unless the context says `staff`, the explanation leaves out who is in the prohibited
    groups and who was released from them, and the brackets' reasons (which name pairs that
    may not meet); its `deviations` say why the round is not a pure FIDE pairing in words
    that name no one. `starts_at` is when the round starts by the section's schedule
    (ISO 8601 with the event's UTC offset), null when it has no time; the context's
    `times` (`round_times_get`) saves a query per round.
    """

    starts_at = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "starts_at",
            "published_at",
            "is_pure_fide",
            "explanation",
            "version",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_starts_at(self, instance: Round) -> str | None:
        times = self.context.get("times")
        if times is None:
            times = round_times_get(section=instance.section)
        return _iso(times.get(instance.number))

    def to_representation(self, instance: Round) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        if not self.context.get("staff"):
            shown = {
                key: value
                for key, value in instance.explanation.items()
                if key not in PRIVATE_EXPLANATION_KEYS
            }
            if instance.explanation:
                shown["deviations"] = instance.fide_departures
            if "brackets" in shown:
                # A bracket's reasons say which two players "may not be paired" (C1).
                shown["brackets"] = [
                    {key: value for key, value in bracket.items() if key != "reasons"}
                    for bracket in shown["brackets"]
                ]
            data["explanation"] = shown
        return data


class SectionDetailSerializer(SectionSerializer):
    """A section with its players and rounds: what an import answers."""

    players = PlayerSerializer(many=True, read_only=True)
    rounds_played = RoundSerializer(many=True, read_only=True, source="rounds")

    class Meta(SectionSerializer.Meta):
        fields = [*SectionSerializer.Meta.fields, "players", "rounds_played"]
        read_only_fields = fields


class PlayerDetailsSerializer(serializers.Serializer[None]):
    """A player's details (`chesscore.record.people.PlayerDetails`), checked together by
    their one cleaner (`tournaments.validators.player_details`)."""

    last_name = serializers.CharField(max_length=MAX_NAME_LENGTH)
    first_name = serializers.CharField(max_length=MAX_NAME_LENGTH, required=False, allow_blank=True)
    title = serializers.CharField(max_length=3, required=False, allow_blank=True)
    sex = serializers.ChoiceField(choices=["", "m", "w"], required=False)
    birth_date = serializers.CharField(max_length=10, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    club = serializers.CharField(max_length=MAX_NAME_LENGTH, required=False, allow_blank=True)
    fide_id = serializers.CharField(
        max_length=len(str(MAX_FIDE_ID)), required=False, allow_blank=True
    )
    fide_rating = serializers.IntegerField(
        min_value=0, max_value=MAX_RATING, required=False, allow_null=True
    )
    national_id = serializers.CharField(
        max_length=MAX_NATIONAL_ID_LENGTH, required=False, allow_blank=True
    )
    national_rating = serializers.IntegerField(
        min_value=0, max_value=MAX_RATING, required=False, allow_null=True
    )
    national_rating_2 = serializers.IntegerField(
        min_value=0, max_value=MAX_RATING, required=False, allow_null=True
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        try:
            player_details(attrs)
        except DomainValidationError as exc:
            raise serializers.ValidationError(
                {exc.field or "non_field_errors": [exc.message]}
            ) from None
        return attrs

    def details(self, current: PlayerDetails | None = None) -> PlayerDetails:
        """The details given, over `current` (the player's, for a change of some of them);
        the service cleans them."""
        given = {k: v for k, v in self.validated_data.items() if k in PLAYER_DETAILS}
        return PlayerDetails(**{**(current.values() if current else {}), **given})


class PlayerInputSerializer(PlayerDetailsSerializer):
    """A player entered by an organiser: while no round is paired they take their place in
    the initial order (C.04.2), afterwards the next number, joining at `entry_round`."""

    entry_round = serializers.IntegerField(min_value=1, required=False, allow_null=True)

    def service_arguments(self) -> dict[str, Any]:
        """`player_create`'s arguments."""
        return {"details": self.details(), "entry_round": self.validated_data.get("entry_round")}


# The longest reason kept, as on the pages (`tournaments.forms.MAX_REASON_LENGTH`).
MAX_REASON_LENGTH = 500


def _reason() -> serializers.CharField:
    return serializers.CharField(
        max_length=MAX_REASON_LENGTH,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why, in your words; kept in the event's log.",
    )


class PlayerUpdateSerializer(PlayerDetailsSerializer):
    """A change of a player's details: only the fields given change (``null`` or ``""``
    clears one). A rating changed once round 1 is paired is logged as a correction, with
    `reason`; the starting rank may change until round 1 is paired."""

    starting_rank = serializers.IntegerField(min_value=1, required=False)
    reason = _reason()

    def service_arguments(self, player: Player) -> dict[str, Any]:
        """`player_update`'s arguments: the player's details, with those given replaced (the
        serializer is read with ``partial=True``: no detail is required)."""
        return {
            "details": self.details(player.details),
            "starting_rank": self.validated_data.get("starting_rank", player.starting_rank),
            "reason": self.validated_data.get("reason", ""),
        }


class WithdrawSerializer(serializers.Serializer[None]):
    from_round = serializers.IntegerField(
        min_value=1,
        help_text="The first round the player is not paired in: a round not paired yet. "
        "For a player already withdrawn, the withdrawal moves to this round.",
    )
    reason = _reason()


class ReinstateSerializer(serializers.Serializer[None]):
    reason = _reason()


class LogQuerySerializer(serializers.Serializer[None]):
    section = serializers.IntegerField(
        required=False, help_text="Only the entries of this section (its id)."
    )
    round = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="Only the entries of this round (in every section, unless `section` is given).",
    )
    player = serializers.IntegerField(
        required=False, help_text="Only the entries concerning this player (their id)."
    )


class LogSectionSerializer(serializers.Serializer[dict[str, Any]]):
    """The section of an entry: `id` is null once the section is deleted; `name` stays."""

    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class LogPlayerSerializer(serializers.Serializer[Player]):
    section = serializers.IntegerField(source="section_id", help_text="The player's section id.")
    starting_rank = serializers.IntegerField()
    name = serializers.CharField(source="full_name")


class LogWarningsSerializer(serializers.Serializer[dict[str, list[str]]]):
    added = serializers.ListField(child=serializers.CharField(), required=False)
    resolved = serializers.ListField(child=serializers.CharField(), required=False)
    standing = serializers.ListField(child=serializers.CharField(), required=False)


class LogEntrySerializer(serializers.ModelSerializer[LogEntry]):
    """One intervention on the event: when, who (null: Rookery itself), what, why, and what
    changed as ``{"field": [old, new]}``."""

    section = serializers.SerializerMethodField()
    round = serializers.IntegerField(source="round_number", allow_null=True, read_only=True)
    user = serializers.SerializerMethodField()
    action_label = serializers.CharField(read_only=True)
    changes = serializers.DictField(
        child=serializers.JSONField(), read_only=True, help_text='{"field": [old, new]}'
    )
    warnings = LogWarningsSerializer(read_only=True)
    players = LogPlayerSerializer(many=True, read_only=True)

    class Meta:
        model = LogEntry
        fields = [
            "id",
            "created_at",
            "section",
            "round",
            "board",
            "user",
            "action",
            "action_label",
            "description",
            "reason",
            "changes",
            "warnings",
            "players",
        ]
        read_only_fields = fields

    @extend_schema_field(LogSectionSerializer(allow_null=True))
    def get_section(self, entry: LogEntry) -> dict[str, Any] | None:
        if entry.section_id is None and not entry.section_name:
            return None
        return {"id": entry.section_id, "name": entry.section_name}

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_user(self, entry: LogEntry) -> str | None:
        return entry.actor or None
