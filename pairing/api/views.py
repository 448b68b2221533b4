"""Pairing endpoints: each command validates its input, calls one service, shapes the answer."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.exceptions import NotFound, PermissionDenied
from pairing import selectors, services
from pairing.api.serializers import (
    ByeCorrectSerializer,
    ByeGiveSerializer,
    ByeTakeSerializer,
    ColoursCorrectSerializer,
    ColoursSwapSerializer,
    CorrectionSerializer,
    DraftEditSerializer,
    ErrorSerializer,
    OpponentsSwapSerializer,
    PairingsSerializer,
    PlayersPairSerializer,
    PlayersSwapSerializer,
    ResultInputSerializer,
    RoundPairSerializer,
    RoundPublishSerializer,
    RoundTakebackSerializer,
    RunAcceptedSerializer,
    RunSerializer,
)
from pairing.models import RunStatus
from tournaments.api import selectors as visible
from tournaments.api.serializers import RoundSerializer
from tournaments.models import Round, RoundStatus
from tournaments.selectors.access import event_is_manager
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
            409: OpenApiResponse(ErrorSerializer, description="The round is published."),
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
            section=section, number=number, user=request.user, again=given.validated_data["again"]
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
        if run is None:
            raise NotFound(f"There is no pairing run {pk}.")
        section = visible.section_visible_or_404(pk=run.section_id, user=request.user)
        if not event_is_manager(event=section.event, user=request.user):
            raise NotFound(f"There is no pairing run {pk}.")
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
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        is_manager = rnd.status == RoundStatus.DRAFT and event_is_manager(
            event=section.event, user=request.user
        )
        if not selectors.round_is_visible(round=rnd, is_manager=is_manager):
            raise NotFound(f"Round {number} is not published yet.")
        pairings = selectors.round_pairings_get(round=rnd)
        return Response(PairingsSerializer(pairings).data)


class RoundPublishView(APIView):
    """Publish a draft round (naming the draft's `version` makes sure it is the one seen)."""

    @extend_schema(request=RoundPublishSerializer, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        given = RoundPublishSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        rnd = services.round_publish(round=rnd, user=request.user, **given.validated_data)
        return Response(RoundSerializer(rnd).data)


def _correction(correction: services.Correction) -> Response:
    body = {
        "game": correction.game,
        "replay": [{**note.as_dict(), "text": note.text} for note in correction.replay],
    }
    return Response(CorrectionSerializer(body).data)


class GameResultView(APIView):
    """Enter, correct or clear the result of a game, naming the game's version as read.

    A stale version answers 409 with the game as it is now (`current`). Once a later round
    is paired, a correction needs a reason and the answer says whether each later round
    would have been paired otherwise (they stand as paired: C.04.2 4.3).
    """

    @extend_schema(request=ResultInputSerializer, responses={200: CorrectionSerializer})
    def post(self, request: Request, pk: int) -> Response:
        game = visible.game_visible_or_404(pk=pk, user=request.user)
        given = ResultInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return _correction(
            services.game_result_set(game=game, user=request.user, **given.validated_data)
        )


class GameColoursCorrectView(APIView):
    """Correct who had White on a board of a published round (the result follows)."""

    @extend_schema(request=ColoursCorrectSerializer, responses={200: CorrectionSerializer})
    def post(self, request: Request, pk: int) -> Response:
        game = visible.game_visible_or_404(pk=pk, user=request.user)
        given = ColoursCorrectSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return _correction(
            services.game_colours_correct(game=game, user=request.user, **given.validated_data)
        )


class ByeCorrectView(APIView):
    """Give, change or take away a player's bye in a published round (not the
    pairing-allocated bye, which only an alteration of the pairing changes)."""

    @extend_schema(request=ByeCorrectSerializer, responses={200: CorrectionSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        given = ByeCorrectSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return _correction(
            services.bye_correct(round=rnd, user=request.user, **given.validated_data)
        )


class RoundUnpublishView(APIView):
    """Take a published round back to a draft while no game of it has a result."""

    @extend_schema(request=RoundTakebackSerializer, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        given = RoundTakebackSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        rnd = services.round_unpublish(round=rnd, user=request.user, **given.validated_data)
        return Response(RoundSerializer(rnd).data)


class RoundDeleteView(APIView):
    """Delete the latest round's boards (a draft, or published with no result) so that it
    can be paired again; the log keeps what it held."""

    @extend_schema(request=RoundTakebackSerializer, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        given = RoundTakebackSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        rnd = services.round_delete(round=rnd, user=request.user, **given.validated_data)
        return Response(RoundSerializer(rnd).data)


class GameColoursSwapView(APIView):
    """Swap the colours of one board of a draft (or, naming a case of C.04.2 4.4, of a
    published round); the round lists any rule broken."""

    @extend_schema(request=ColoursSwapSerializer, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        game = visible.game_visible_or_404(pk=pk, user=request.user)
        given = ColoursSwapSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        rnd = services.game_colours_swap(game=game, user=request.user, **given.validated_data)
        return Response(RoundSerializer(rnd).data)


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
        return Response(RoundSerializer(rnd).data)


class _DraftCommand(APIView):
    """A change to a draft round by hand: validate, call one service, answer with the round
    (its `explanation.warnings` lists every rule the draft now breaks)."""

    serializer_class: type[serializers.Serializer]
    service: Callable[..., Round]

    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        given = self.serializer_class(data=request.data)
        given.is_valid(raise_exception=True)
        rnd = type(self).service(round=rnd, user=request.user, **given.validated_data)
        return Response(RoundSerializer(rnd).data)


@extend_schema_view(post=extend_schema(request=PlayersSwapSerializer, responses=RoundSerializer))
class PlayersSwapView(_DraftCommand):
    """Two players of a draft take each other's places (board and colour, or the bye)."""

    serializer_class = PlayersSwapSerializer
    service = services.draft_players_swap


@extend_schema_view(post=extend_schema(request=PlayersPairSerializer, responses=RoundSerializer))
class PlayersPairView(_DraftCommand):
    """Pair two players of a draft; their former opponents meet, or one takes the bye."""

    serializer_class = PlayersPairSerializer
    service = services.draft_players_pair


@extend_schema_view(post=extend_schema(request=ByeGiveSerializer, responses=RoundSerializer))
class ByeGiveView(_DraftCommand):
    """Give a player of a draft the pairing-allocated bye."""

    serializer_class = ByeGiveSerializer
    service = services.draft_bye_give


@extend_schema_view(post=extend_schema(request=ByeTakeSerializer, responses=RoundSerializer))
class ByeTakeView(_DraftCommand):
    """Take the pairing-allocated bye from a player and pair them."""

    serializer_class = ByeTakeSerializer
    service = services.draft_bye_take


class DraftEditsView(APIView):
    """A round's audit log, newest first: changes by hand, new pairings, publication."""

    @extend_schema(responses={200: DraftEditSerializer(many=True)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        rnd = visible.section_round_or_404(section=section, number=number)
        if not event_is_manager(event=section.event, user=request.user):
            raise PermissionDenied("Only the event's organisers and arbiters may read the log.")
        edits = round_log_list(section=section, number=rnd.number)
        return Response(DraftEditSerializer(edits, many=True).data)
