"""The API of results: a result entered or corrected, who had White, a bye corrected."""

from __future__ import annotations

from rest_framework.response import Response

from pairing.api.views import GameCommand
from pairing.api.views import RoundCommand
from results import services
from results.api.serializers import ByeCorrectSerializer
from results.api.serializers import ColoursCorrectSerializer
from results.api.serializers import CorrectionSerializer
from results.api.serializers import ResultInputSerializer


def _correction_answer(correction: services.Correction) -> Response:
    body: dict[str, object] = {
        "game": correction.game,
        "replay": [{**note.as_dict(), "text": note.text} for note in correction.replay],
    }
    return Response(CorrectionSerializer(body).data)


class _GameCorrection(GameCommand):
    """A correction of one game, answered with what it changed."""

    answer = staticmethod(_correction_answer)
    answer_serializer = CorrectionSerializer


class _RoundCorrection(RoundCommand):
    """A correction in one round of a section, answered with what it changed."""

    answer = staticmethod(_correction_answer)
    answer_serializer = CorrectionSerializer


class GameResultView(
    _GameCorrection, serializer=ResultInputSerializer, service=services.game_result_set
):
    """Enter, correct or clear the result of a game, naming the game's version as read.

    A stale version answers 409 with the game as it is now (`current`). Once a later round
    is paired, a correction needs a reason and the answer says whether the round in play
    would have been paired otherwise (it stands as paired: C.04.2 4.3).
    """


class GameColoursCorrectView(
    _GameCorrection, serializer=ColoursCorrectSerializer, service=services.game_colours_correct
):
    """Correct who had White on a board of a published round (the result follows)."""


class ByeCorrectView(
    _RoundCorrection, serializer=ByeCorrectSerializer, service=services.bye_correct
):
    """Give, change or take away a player's bye in a published round (not the
    pairing-allocated bye, which only an alteration of the pairing changes)."""
