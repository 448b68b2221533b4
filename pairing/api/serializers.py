"""Shapes of the pairing API: runs, a round's boards, results."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.selectors import RoundPairings
from pairing.services import AlterationCase
from tournaments.models import Bye
from tournaments.models import Game
from tournaments.models import LogEntry


class RunSerializer(serializers.ModelSerializer[PairingRun]):
    round = serializers.IntegerField(source="round_number", read_only=True)
    error_code = serializers.SerializerMethodField()

    class Meta:
        model = PairingRun
        fields = [
            "id",
            "section",
            "round",
            "status",
            "error",
            "error_code",
            "attempts",
            "engine_version",
            "engine_seconds",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    @extend_schema_field(
        serializers.CharField(
            allow_null=True,
            help_text="Why a failed run failed: no_legal_pairing, system_not_available, ...",
        )
    )
    def get_error_code(self, run: PairingRun) -> str | None:
        code = run.result.get("code") if run.status == RunStatus.FAILED else None
        return str(code) if code else None


class RoundPairSerializer(serializers.Serializer[None]):
    again = serializers.BooleanField(
        default=False,
        help_text="Discard the round's draft, with any changes made to it by hand, and pair "
        "it again. Without it, a round that is a draft already answers its run.",
    )
    leave_out = serializers.BooleanField(
        default=False,
        help_text="Pair even though players the round checks in did not check in: they are "
        "left out with a zero-point bye. Without it, a section set to ask first answers 409 "
        "(code check_in_missing) naming them.",
    )
    no_board = serializers.BooleanField(
        default=False,
        help_text="Pair even though leaving out the players who did not check in leaves "
        "fewer than two players, a round with no board. Without it, such a request answers "
        "409 (code check_in_no_board), whatever the section's setting.",
    )


class RunAcceptedSerializer(serializers.Serializer[dict[str, object]]):
    run = serializers.URLField(help_text="Poll this run until its status is done or failed.")
    id = serializers.IntegerField()
    status = serializers.CharField(help_text="queued, running, done or failed.")


class ErrorSerializer(serializers.Serializer[dict[str, str]]):
    """What every refused request answers."""

    code = serializers.CharField(help_text="Stable: round_state, service_unavailable, ...")
    message = serializers.CharField(help_text="What went wrong, for a person to read.")
    field = serializers.CharField(required=False, help_text="The input that was wrong.")


class BoardSerializer(serializers.ModelSerializer[Game]):
    """One board; players by starting rank. `game` is the id results are entered under
    (`POST /api/v1/games/{game}/result/`), naming `version`."""

    game = serializers.IntegerField(source="pk", read_only=True)
    white = serializers.IntegerField(source="white.starting_rank", read_only=True)
    black = serializers.IntegerField(source="black.starting_rank", read_only=True)

    class Meta:
        model = Game
        fields = ["board", "white", "black", "result", "game", "version"]
        read_only_fields = fields


class ByeSerializer(serializers.ModelSerializer[Bye]):
    player = serializers.IntegerField(source="player.starting_rank", read_only=True)

    class Meta:
        model = Bye
        fields = ["player", "kind"]
        read_only_fields = fields


class PairingsSerializer(serializers.Serializer[RoundPairings]):
    """A round's boards; `bye` is the starting rank given the pairing-allocated bye."""

    round = serializers.IntegerField(source="round.number")
    status = serializers.CharField(source="round.status")
    boards = BoardSerializer(many=True, source="games")
    bye = serializers.IntegerField(
        source="pairing_allocated_bye.player.starting_rank", allow_null=True, default=None
    )
    byes = ByeSerializer(many=True)


def version_field(what: str) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1,
        help_text=f"The {what}'s version this change was made on (as last read): a change "
        f"made meanwhile by someone else makes this one fail with 409 and the {what} as it "
        "is now, instead of being overwritten.",
    )


def reason_field(required: bool = False) -> serializers.CharField:
    return serializers.CharField(
        max_length=500,
        required=required,
        allow_blank=not required,
        default="" if not required else serializers.empty,
        help_text="Why, for the event's log."
        + (" Needed for a correction once a later round is paired." if not required else ""),
    )


class RoundTakebackSerializer(serializers.Serializer[None]):
    version = version_field("round")
    reason = reason_field()


class RoundPublishSerializer(serializers.Serializer[None]):
    version = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="The draft's version as last read: publishing fails with 409 if it changed.",
    )
    reason = reason_field()


class DraftChangeSerializer(serializers.Serializer[None]):
    """What every change of a draft (or of a published pairing) names besides its own."""

    version = version_field("round")
    case = serializers.ChoiceField(
        choices=AlterationCase.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="For a published round only: the case of C.04.2 4.4 that permits altering "
        "its pairing.",
    )


class ColoursSwapSerializer(DraftChangeSerializer):
    pass


class OpponentsSwapSerializer(DraftChangeSerializer):
    boards = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        min_length=2,
        max_length=2,
        help_text="The two boards whose players with Black change places.",
    )


class PlayersSwapSerializer(DraftChangeSerializer):
    first = serializers.IntegerField(min_value=1, help_text="Starting rank of one player.")
    second = serializers.IntegerField(
        min_value=1, help_text="Starting rank of the player whose place (board or bye) they take."
    )


class PlayersPairSerializer(DraftChangeSerializer):
    white = serializers.IntegerField(
        min_value=1, help_text="Starting rank of the player with White."
    )
    black = serializers.IntegerField(
        min_value=1, help_text="Starting rank of the player with Black."
    )


class ByeGiveSerializer(DraftChangeSerializer):
    player = serializers.IntegerField(
        min_value=1, help_text="Starting rank of the new bye receiver."
    )


class ByeTakeSerializer(DraftChangeSerializer):
    player = serializers.IntegerField(min_value=1, help_text="Starting rank of the bye receiver.")
    opponent = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="Starting rank of their opponent; leave out to pair the two bye receivers.",
    )


class DraftEditSerializer(serializers.ModelSerializer[LogEntry]):
    """One entry of a round's log; `warnings` holds ``added`` and ``resolved`` lists (and
    ``standing`` for a publication)."""

    user = serializers.CharField(source="actor", allow_null=True, read_only=True)

    class Meta:
        model = LogEntry
        fields = ["id", "created_at", "user", "action", "description", "reason", "warnings"]
        read_only_fields = fields

    def to_representation(self, instance: LogEntry) -> dict[str, object]:
        data = super().to_representation(instance)
        data["user"] = data["user"] or None
        return data
