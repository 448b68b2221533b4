"""Shapes of the team API: teams with their rosters, match cards, line-ups.

Players are named by starting rank and teams by number, as in the pairing and standings
endpoints; points are exact decimal strings ("1.5").
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from teams.models import Lineup
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMember
from teams.selectors import BoardLine
from teams.selectors import MatchCard
from teams.selectors import RoundMatches
from tournaments.validators import one_line

_POINTS = serializers.CharField(allow_null=True, help_text='Exact points, e.g. "1.5".')


def points(value: Fraction | None) -> str | None:
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return format(exact.normalize(), "f")


class TeamPlayerSerializer(serializers.Serializer[TeamMember]):
    board_order = serializers.IntegerField()
    player = serializers.IntegerField(source="player.starting_rank", help_text="Starting rank.")
    name = serializers.CharField(source="player.full_name")
    rating = serializers.IntegerField(source="player.fide_rating", allow_null=True)


class TeamSerializer(serializers.Serializer[Team | Iterable[Team]]):
    number = serializers.IntegerField(source="starting_rank")
    name = serializers.CharField()
    short_name = serializers.CharField()
    federation = serializers.CharField()
    withdrawn_from_round = serializers.IntegerField(allow_null=True)
    players = TeamPlayerSerializer(source="members.all", many=True, help_text="Board order.")


class BoardLineSerializer(serializers.Serializer[BoardLine]):
    board = serializers.IntegerField()
    white_team_player = serializers.SerializerMethodField()
    black_team_player = serializers.SerializerMethodField()
    white_team_has_white = serializers.BooleanField()
    result = serializers.SerializerMethodField()
    game = serializers.SerializerMethodField()
    version = serializers.SerializerMethodField()
    white_team_points = serializers.SerializerMethodField()
    black_team_points = serializers.SerializerMethodField()

    @extend_schema_field(serializers.IntegerField(allow_null=True, help_text="None: empty."))
    def get_white_team_player(self, line: BoardLine) -> int | None:
        return line.white_team_player.starting_rank if line.white_team_player else None

    @extend_schema_field(serializers.IntegerField(allow_null=True, help_text="None: empty."))
    def get_black_team_player(self, line: BoardLine) -> int | None:
        return line.black_team_player.starting_rank if line.black_team_player else None

    @extend_schema_field(serializers.CharField(help_text='The game\'s result ("" to play).'))
    def get_result(self, line: BoardLine) -> str:
        return line.game.result if line.game else ""

    @extend_schema_field(
        serializers.IntegerField(
            allow_null=True, help_text="The game's id, for its result; None: no game."
        )
    )
    def get_game(self, line: BoardLine) -> int | None:
        return line.game.pk if line.game else None

    @extend_schema_field(
        serializers.IntegerField(
            allow_null=True, help_text="The game's version, named when its result is entered."
        )
    )
    def get_version(self, line: BoardLine) -> int | None:
        return line.game.version if line.game else None

    @extend_schema_field(_POINTS)
    def get_white_team_points(self, line: BoardLine) -> str | None:
        return points(line.white_team_points)

    @extend_schema_field(_POINTS)
    def get_black_team_points(self, line: BoardLine) -> str | None:
        return points(line.black_team_points)


class MatchSerializer(serializers.Serializer[MatchCard]):
    number = serializers.IntegerField(source="match.number")
    white_team = serializers.IntegerField(source="match.white_team.starting_rank")
    black_team = serializers.IntegerField(source="match.black_team.starting_rank")
    forfeit = serializers.CharField(source="match.forfeit", help_text='"" when played.')
    game_points = serializers.SerializerMethodField()
    match_points = serializers.SerializerMethodField()
    boards = BoardLineSerializer(many=True)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_game_points(self, card: MatchCard) -> list[str | None]:
        return [points(card.result.white_game_points), points(card.result.black_game_points)]

    @extend_schema_field(
        serializers.ListField(
            child=serializers.CharField(),
            allow_null=True,
            help_text="None until every board has a result.",
        )
    )
    def get_match_points(self, card: MatchCard) -> list[str | None] | None:
        if not card.result.is_complete:
            return None
        return [points(card.result.white_match_points), points(card.result.black_match_points)]


class TeamByeSerializer(serializers.Serializer[TeamBye]):
    team = serializers.IntegerField(source="team.starting_rank")
    kind = serializers.CharField()


class RoundMatchesSerializer(serializers.Serializer[RoundMatches]):
    round = serializers.IntegerField(source="round.number")
    status = serializers.CharField(source="round.status")
    matches = MatchSerializer(source="cards", many=True)
    byes = TeamByeSerializer(many=True)


class LineupInputSerializer(serializers.Serializer[None]):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, allow_null=True),
        allow_empty=True,
        required=False,
        help_text="Starting ranks, board 1 first; null leaves a board empty. Left out: the "
        "default line-up (the roster in board order, without withdrawn players).",
    )


class LineupBoardSerializer(serializers.Serializer[Lineup | Iterable[Lineup]]):
    board = serializers.IntegerField()
    player = serializers.SerializerMethodField()

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_player(self, row: Lineup) -> int | None:
        return row.player.starting_rank if row.player else None


class RosterEntryInputSerializer(serializers.Serializer[None]):
    last_name = serializers.CharField(validators=[one_line], max_length=100)
    first_name = serializers.CharField(
        validators=[one_line], max_length=100, required=False, allow_blank=True
    )
    rating = serializers.IntegerField(min_value=0, max_value=4000, required=False, allow_null=True)


class TeamInputSerializer(serializers.Serializer[None]):
    name = serializers.CharField(validators=[one_line], max_length=100)
    short_name = serializers.CharField(
        validators=[one_line], max_length=20, required=False, allow_blank=True
    )
    federation = serializers.CharField(
        validators=[one_line], max_length=3, required=False, allow_blank=True
    )
    players = RosterEntryInputSerializer(
        many=True, required=False, help_text="The roster, board 1 first."
    )


class BoardsInputSerializer(serializers.Serializer[None]):
    boards_per_match = serializers.IntegerField(help_text="Fixed once round 1 is paired.")
