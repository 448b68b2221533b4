"""Input serializers check what a client sends; output serializers shape what it reads."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.models import Event, InitialColour, Player, Round, Section
from tournaments.systems import system_choices

# -- input -------------------------------------------------------------------------------


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class EventCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    city = serializers.CharField(max_length=100, required=False, default="", allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, default="", allow_blank=True)
    start_date = serializers.DateField(required=False, default=None, allow_null=True)
    end_date = serializers.DateField(required=False, default=None, allow_null=True)
    is_public = serializers.BooleanField(required=False, default=True)


class SectionCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    system = serializers.ChoiceField(choices=())
    rounds = serializers.IntegerField(min_value=1, max_value=99)
    initial_colour = serializers.ChoiceField(
        choices=InitialColour.choices, required=False, default=InitialColour.LOT
    )
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=20),
        required=False,
        help_text="Tie-break codes in order; the system's usual list when left out.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The registered systems, read when the serializer is made (after Django started).
        self.fields["system"].choices = system_choices()


class TrfUploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A TRF16 or TRF26 file.")


class ExportQuerySerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["trf16", "trf26"], default="trf16")


# -- output ------------------------------------------------------------------------------


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "slug",
            "start_date",
            "end_date",
            "venue",
            "city",
            "federation",
            "time_control",
            "chief_arbiter",
            "is_public",
        ]
        read_only_fields = fields


class SectionSerializer(serializers.ModelSerializer):
    rounds = serializers.IntegerField(source="planned_rounds", read_only=True)

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
            "tiebreaks",
        ]
        read_only_fields = fields


class PlayerSerializer(serializers.ModelSerializer):
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


class RoundSerializer(serializers.ModelSerializer):
    """A round; `explanation` is the engine's account of the pairing (per bracket);
    `version` is what a change to the round names (it goes up with every change)."""

    class Meta:
        model = Round
        fields = ["number", "status", "published_at", "is_pure_fide", "explanation", "version"]
        read_only_fields = fields


class SectionDetailSerializer(SectionSerializer):
    """A section with its players and rounds: what an import answers."""

    players = PlayerSerializer(many=True, read_only=True)
    rounds_played = RoundSerializer(many=True, read_only=True, source="rounds")

    class Meta(SectionSerializer.Meta):
        fields = [*SectionSerializer.Meta.fields, "players", "rounds_played"]
        read_only_fields = fields


class PlayerInputSerializer(serializers.Serializer):
    """A player entered by an organiser: while no round is paired they take their place in
    the initial order (C.04.2), afterwards the next number, joining at `entry_round`."""

    last_name = serializers.CharField(max_length=100)
    first_name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    title = serializers.CharField(max_length=3, required=False, allow_blank=True)
    sex = serializers.ChoiceField(choices=["", "m", "w"], required=False)
    birth_date = serializers.CharField(max_length=10, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True)
    fide_id = serializers.RegexField(r"^\d{0,12}$", required=False, allow_blank=True)
    fide_rating = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    national_rating = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    entry_round = serializers.IntegerField(min_value=1, required=False, allow_null=True)
