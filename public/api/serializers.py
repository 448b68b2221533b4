"""Shape of the standings: exact values as decimal text, never floats."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from chesscore.tiebreaks.report import format_value
from public.selectors import DroppedLine
from public.selectors import SectionStandings
from public.selectors import StandingLine


class StandingLineSerializer(serializers.Serializer[StandingLine]):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(
        source="number", help_text="Starting rank (the team's number in a team section)."
    )
    name = serializers.CharField()
    points = serializers.SerializerMethodField()
    values = serializers.SerializerMethodField()

    @extend_schema_field(serializers.CharField(help_text='Exact points, e.g. "4.5".'))
    def get_points(self, line: StandingLine) -> str:
        return format_value(line.points)

    @extend_schema_field(
        serializers.ListField(
            child=serializers.CharField(allow_null=True),
            help_text="One value per tie-break, as printed (null when undefined).",
        )
    )
    def get_values(self, line: StandingLine) -> list[str | None]:
        return [None if value is None else format_value(value) for value in line.values]


class DroppedSerializer(serializers.Serializer[DroppedLine]):
    code = serializers.CharField()
    reason = serializers.CharField()


class StandingsSerializer(serializers.Serializer[SectionStandings]):
    section = serializers.IntegerField(source="section.pk")
    after_round = serializers.IntegerField(
        help_text="The last completed round: points and tie-breaks count rounds up to it."
    )
    in_play_round = serializers.IntegerField(
        source="in_play",
        allow_null=True,
        help_text="A published round not completed yet, whose results are not counted.",
    )
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = StandingLineSerializer(many=True, source="lines")
    dropped = DroppedSerializer(many=True)
