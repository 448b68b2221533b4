"""The API's shapes of results and corrections."""

from __future__ import annotations

from rest_framework import serializers

from pairing.api.serializers import reason_field
from pairing.api.serializers import version_field
from tournaments.models import Game
from tournaments.models import GameResult


class ResultInputSerializer(serializers.Serializer[None]):
    result = serializers.ChoiceField(
        choices=GameResult.choices, allow_blank=True, help_text='"" clears the result.'
    )
    version = version_field("game")
    reason = reason_field()


class GameSerializer(serializers.ModelSerializer[Game]):
    round = serializers.IntegerField(source="round.number", read_only=True)
    white = serializers.IntegerField(source="white.starting_rank", read_only=True)
    black = serializers.IntegerField(source="black.starting_rank", read_only=True)
    round_status = serializers.CharField(source="round.status", read_only=True)

    class Meta:
        model = Game
        fields = ["id", "round", "board", "white", "black", "result", "version", "round_status"]
        read_only_fields = fields


class ReplayNoteSerializer(serializers.Serializer[dict[str, object]]):
    round = serializers.IntegerField()
    boards = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Boards (team rounds: matches) the engine would now pair otherwise.",
    )
    same = serializers.BooleanField(help_text="True when the round would be paired the same.")
    text = serializers.CharField()


class CorrectionSerializer(serializers.Serializer[dict[str, object]]):
    """A result or correction saved: the game as it now is (for a result or colours) and,
    when a later round is paired already, what pairing each later round again with the
    corrected data gives (C.04.2 4.3: rounds already paired stand; 4.4 says when a published
    pairing may be altered)."""

    game = GameSerializer(allow_null=True)
    replay = ReplayNoteSerializer(many=True)


class ColoursCorrectSerializer(serializers.Serializer[None]):
    version = version_field("game")
    reason = reason_field(required=True)


class ByeCorrectSerializer(serializers.Serializer[None]):
    player = serializers.IntegerField(min_value=1, help_text="Starting rank of the player.")
    kind = serializers.ChoiceField(
        choices=[
            ("", "No bye"),
            ("H", "Half-point bye"),
            ("F", "Full-point bye"),
            ("Z", "Zero-point bye"),
            ("-", "Absent"),
        ],
        allow_blank=True,
        help_text='The bye the player should have in the round; "" for none.',
    )
    version = version_field("round")
    reason = reason_field(required=True)
