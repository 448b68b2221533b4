"""The API of results: a result entered or corrected, who had White, a bye corrected."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework.response import Response

from pairing.api.views import GameCommand, RoundCommand
from results import services
from results.api.serializers import (
    ByeCorrectSerializer,
    ColoursCorrectSerializer,
    CorrectionSerializer,
    ResultInputSerializer,
)


def _correction_answer(correction: services.Correction) -> Response:
    body: dict[str, object] = {
        "game": correction.game,
        "replay": [{**note.as_dict(), "text": note.text} for note in correction.replay],
    }
    return Response(CorrectionSerializer(body).data)


@extend_schema_view(
    post=extend_schema(request=ResultInputSerializer, responses=CorrectionSerializer)
)
class GameResultView(GameCommand):
    """Enter, correct or clear the result of a game, naming the game's version as read.

    A stale version answers 409 with the game as it is now (`current`). Once a later round
    is paired, a correction needs a reason and the answer says whether the round in play
    would have been paired otherwise (it stands as paired: C.04.2 4.3).
    """

    serializer_class = ResultInputSerializer
    service = services.game_result_set
    answer = staticmethod(_correction_answer)


@extend_schema_view(
    post=extend_schema(request=ColoursCorrectSerializer, responses=CorrectionSerializer)
)
class GameColoursCorrectView(GameCommand):
    """Correct who had White on a board of a published round (the result follows)."""

    serializer_class = ColoursCorrectSerializer
    service = services.game_colours_correct
    answer = staticmethod(_correction_answer)


@extend_schema_view(
    post=extend_schema(request=ByeCorrectSerializer, responses=CorrectionSerializer)
)
class ByeCorrectView(RoundCommand):
    """Give, change or take away a player's bye in a published round (not the
    pairing-allocated bye, which only an alteration of the pairing changes)."""

    serializer_class = ByeCorrectSerializer
    service = services.bye_correct
    answer = staticmethod(_correction_answer)
