"""Pairing endpoints: each command validates its input, calls one service, shapes the answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import CommandView
from common.exceptions import NotFound
from common.exceptions import PermissionDenied
from pairing import selectors
from pairing import services
from pairing.api.serializers import ByeGiveSerializer
from pairing.api.serializers import ByeTakeSerializer
from pairing.api.serializers import ColoursSwapSerializer
from pairing.api.serializers import DraftEditSerializer
from pairing.api.serializers import ErrorSerializer
from pairing.api.serializers import OpponentsSwapSerializer
from pairing.api.serializers import PairingsSerializer
from pairing.api.serializers import PlayersPairSerializer
from pairing.api.serializers import PlayersSwapSerializer
from pairing.api.serializers import RoundPairSerializer
from pairing.api.serializers import RoundPublishSerializer
from pairing.api.serializers import RoundTakebackSerializer
from pairing.api.serializers import RunAcceptedSerializer
from pairing.api.serializers import RunSerializer
from pairing.models import RunStatus
from tournaments.api import selectors as visible
from tournaments.api.serializers import RoundSerializer
from tournaments.models import Round
from tournaments.selectors.access import event_is_manager
from tournaments.selectors.cached import cached_get
from tournaments.selectors.log import round_log_list


class RoundPairView(APIView):
    """Ask for a round to be paired: 202 with the run to poll when a run is started or is
    under way, 200 with the draft's finished run when the round is a draft already (unless
    `again`)."""

    @extend_schema(
        request=RoundPairSerializer,
        responses={
            202: OpenApiResponse(RunAcceptedSerializer, description="A run started or under way."),
            200: OpenApiResponse(
                RunAcceptedSerializer,
                description="The round is a draft already: the run that paired it. Nothing "
                'was started; send {"again": true} to discard the draft and pair again.',
            ),
            409: OpenApiResponse(
                ErrorSerializer,
                description="The round is published, or players did not check in and the "
                'section asks first (code check_in_missing, their names in "players"; send '
                '{"leave_out": true} to pair without them), or leaving them out leaves no '
                'board (code check_in_no_board; send {"no_board": true} as well to pair so).',
            ),
            429: OpenApiResponse(
                ErrorSerializer,
                description="The account, or the event, has as many pairings under way as "
                'it may (code pairing_busy, the runs it waits for in "waiting"); nothing '
                "was changed. Retry-After says when to try again.",
            ),
            503: OpenApiResponse(
                ErrorSerializer,
                description="The pairing service cannot be reached; nothing was changed.",
            ),
        },
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        given = RoundPairSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        run = services.round_pair(
            section=section, number=number, user=request.user, **given.validated_data
        )
        started = run.status != RunStatus.DONE  # as the request left it: see round_pair
        # Without a broker the run was carried out on commit: answer how it stands now.
        run = selectors.pairing_run_get(run_id=run.pk) or run
        url = request.build_absolute_uri(reverse("api-pairing-run", args=[run.pk]))
        body = {"run": url, "id": run.pk, "status": run.status}
        answer = status.HTTP_202_ACCEPTED if started else status.HTTP_200_OK
        return Response(RunAcceptedSerializer(body).data, status=answer)


class RunDetailView(APIView):
    """A pairing run: queued, running, done or failed (with the reason). For the event's
    organisers and arbiters only: a run tells of a round before it is published."""

    @extend_schema(responses={200: RunSerializer})
    def get(self, request: Request, pk: int) -> Response:
        run = selectors.pairing_run_get(run_id=pk)
        # One answer for a run that is not there and one the user may not read, whatever
        # the reason: a private event's run tells nothing of its section either.
        if run is None or not event_is_manager(event=run.section.event, user=request.user):
            raise NotFound(f"There is no pairing run {pk}.")
        section = run.section
        if services.runs_sweep(section=section):  # a run that lost its worker moves on
            run = selectors.pairing_run_get(run_id=pk) or run
        return Response(RunSerializer(run).data)


class SectionRunsView(APIView):
    """Every pairing run of a section, newest first, for the event's organisers and
    arbiters."""

    @extend_schema(responses={200: RunSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        if not event_is_manager(event=section.event, user=request.user):
            raise PermissionDenied("Only the event's organisers and arbiters may read its runs.")
        services.runs_sweep(section=section)
        runs = selectors.section_runs_list(section=section)
        return Response(RunSerializer(runs, many=True).data)


class RoundPairingsView(APIView):
    """The boards of a round: published ones for everyone, a draft for its managers."""

    @extend_schema(responses={200: PairingsSerializer})
    def get(self, request: Request, pk: int, number: int) -> Response:
        # To all but the managers, a round not published answers as one not made yet.
        rnd = visible.round_visible_or_404(pk=pk, number=number, user=request.user)
        # A round not published reaches this line for the managers only.
        if not selectors.round_is_visible(round=rnd, is_manager=True):
            raise visible.round_missing(section=rnd.section, number=number)

        def pairings() -> dict[str, Any]:
            return dict(PairingsSerializer(selectors.round_pairings_get(round=rnd)).data)

        if not selectors.round_is_visible(round=rnd, is_manager=False):
            return Response(pairings())
        # Every change to a round's boards and results goes up its version (the token that
        # refuses stale writes), so a published round's answer is kept by it: no query more.
        key = f"api-pairings|{rnd.pk}|{rnd.version}|{rnd.status}|{rnd.updated_at}"
        return Response(cached_get(key=key, compute=pairings))


def _round_answer(rnd: Round) -> Response:
    """A round as its staff reads it: only the event's staff gets past a round command."""
    return Response(RoundSerializer(rnd, context={"staff": True}).data)


class RoundCommand(CommandView):
    """A command on one round of a section, answered with the round unless `answer` says
    otherwise."""

    answer: Callable[[Any], Response] = staticmethod(_round_answer)
    answer_serializer: type[serializers.Serializer[Any]] = RoundSerializer

    def target(self, request: Request, **kwargs: Any) -> dict[str, Any]:
        section = visible.section_visible_or_404(pk=kwargs["pk"], user=request.user)
        return {"round": visible.section_round_or_404(section=section, number=kwargs["number"])}


class GameCommand(CommandView):
    """A command on one game, answered with the round unless `answer` says otherwise."""

    answer: Callable[[Any], Response] = staticmethod(_round_answer)
    answer_serializer: type[serializers.Serializer[Any]] = RoundSerializer

    def target(self, request: Request, **kwargs: Any) -> dict[str, Any]:
        return {"game": visible.game_visible_or_404(pk=kwargs["pk"], user=request.user)}


class RoundPublishView(
    RoundCommand, serializer=RoundPublishSerializer, service=services.round_publish
):
    """Publish a draft round (naming the draft's `version` makes sure it is the one seen)."""


class GameColoursSwapView(
    GameCommand, serializer=ColoursSwapSerializer, service=services.game_colours_swap
):
    """Swap the colours of one board of a draft (or, naming a case of C.04.2 4.4, of a
    published round); the round lists any rule broken."""


class RoundUnpublishView(
    RoundCommand, serializer=RoundTakebackSerializer, service=services.round_unpublish
):
    """Take a published round back to a draft while no game of it has a result."""


class RoundDeleteView(
    RoundCommand, serializer=RoundTakebackSerializer, service=services.round_delete
):
    """Delete the latest round's boards (a draft, or published with no result) so that it
    can be paired again; the log keeps what it held."""


class OpponentsSwapView(APIView):
    """Exchange the players with Black of two boards of a draft."""

    @extend_schema(request=OpponentsSwapSerializer, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        given = OpponentsSwapSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = dict(given.validated_data)
        first, second = data.pop("boards")
        rnd = services.games_opponents_swap(
            round=rnd, boards=(first, second), user=request.user, **data
        )
        return _round_answer(rnd)


class PlayersSwapView(
    RoundCommand, serializer=PlayersSwapSerializer, service=services.draft_players_swap
):
    """Two players of a draft take each other's places (board and colour, or the bye)."""


class PlayersPairView(
    RoundCommand, serializer=PlayersPairSerializer, service=services.draft_players_pair
):
    """Pair two players of a draft; their former opponents meet, or one takes the bye."""


class ByeGiveView(RoundCommand, serializer=ByeGiveSerializer, service=services.draft_bye_give):
    """Give a player of a draft the pairing-allocated bye."""


class ByeTakeView(RoundCommand, serializer=ByeTakeSerializer, service=services.draft_bye_take):
    """Take the pairing-allocated bye from a player and pair them."""


class DraftEditsView(APIView):
    """A round's audit log, newest first: changes by hand, new pairings, publication."""

    @extend_schema(responses={200: DraftEditSerializer(many=True)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        # Refused before the round is looked up: whether it exists is the managers' to know.
        if not event_is_manager(event=section.event, user=request.user):
            raise PermissionDenied("Only the event's organisers and arbiters may read the log.")
        rnd = visible.section_round_or_404(section=section, number=number)
        edits = round_log_list(section=section, number=rnd.number)
        return Response(DraftEditSerializer(edits, many=True).data)
