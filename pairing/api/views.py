"""Pairing endpoints: each command validates its input, calls one service, shapes the answer."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.exceptions import NotFound
from pairing import selectors, services
from pairing.api.serializers import (
    GameSerializer,
    OpponentsSwapSerializer,
    PairingsSerializer,
    ResultInputSerializer,
    RunAcceptedSerializer,
    RunSerializer,
)
from tournaments.api import selectors as visible
from tournaments.api.serializers import RoundSerializer
from tournaments.models import RoundStatus
from tournaments.selectors import event_is_manager


class RoundPairView(APIView):
    """Ask for a round to be paired; answers 202 with the run to poll."""

    @extend_schema(request=None, responses={202: RunAcceptedSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_get(pk=pk, user=request.user)
        run = services.round_pair(section=section, number=number, user=request.user)
        # Without a broker the run was carried out on commit: answer how it stands now.
        run = selectors.pairing_run_get(run_id=run.pk) or run
        url = request.build_absolute_uri(reverse("api-pairing-run", args=[run.pk]))
        body = {"run": url, "id": run.pk, "status": run.status}
        return Response(RunAcceptedSerializer(body).data, status=status.HTTP_202_ACCEPTED)


class RunDetailView(APIView):
    """A pairing run: queued, running, done or failed (with the reason)."""

    @extend_schema(responses={200: RunSerializer})
    def get(self, request: Request, pk: int) -> Response:
        run = selectors.pairing_run_get(run_id=pk)
        if run is None:
            raise NotFound(f"There is no pairing run {pk}.")
        visible.section_visible_get(pk=run.section_id, user=request.user)
        return Response(RunSerializer(run).data)


class SectionRunsView(APIView):
    """Every pairing run of a section, newest first."""

    @extend_schema(responses={200: RunSerializer(many=True)})
    def get(self, request: Request, pk: int) -> Response:
        section = visible.section_visible_get(pk=pk, user=request.user)
        runs = selectors.section_runs_list(section=section)
        return Response(RunSerializer(runs, many=True).data)


class RoundPairingsView(APIView):
    """The boards of a round: published ones for everyone, a draft for its managers."""

    @extend_schema(responses={200: PairingsSerializer})
    def get(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_get(pk=pk, user=request.user)
        rnd = visible.section_round_get(section=section, number=number)
        is_manager = rnd.status == RoundStatus.DRAFT and event_is_manager(
            event=section.event, user=request.user
        )
        if not selectors.round_is_visible(round=rnd, is_manager=is_manager):
            raise NotFound(f"Round {number} is not published yet.")
        pairings = selectors.round_pairings_get(round=rnd)
        return Response(PairingsSerializer(pairings).data)


class RoundPublishView(APIView):
    """Publish a draft round."""

    @extend_schema(request=None, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_get(pk=pk, user=request.user)
        rnd = visible.section_round_get(section=section, number=number)
        rnd = services.round_publish(round=rnd, user=request.user)
        return Response(RoundSerializer(rnd).data)


class GameResultView(APIView):
    """Enter, correct or clear the result of a game."""

    @extend_schema(request=ResultInputSerializer, responses={200: GameSerializer})
    def post(self, request: Request, pk: int) -> Response:
        game = visible.game_visible_get(pk=pk, user=request.user)
        given = ResultInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        game = services.game_result_set(
            game=game, result=given.validated_data["result"], user=request.user
        )
        return Response(GameSerializer(game).data)


class GameColoursSwapView(APIView):
    """Swap the colours of one board of a draft; the round lists any rule broken."""

    @extend_schema(request=None, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int) -> Response:
        game = visible.game_visible_get(pk=pk, user=request.user)
        rnd = services.game_colours_swap(game=game, user=request.user)
        return Response(RoundSerializer(rnd).data)


class OpponentsSwapView(APIView):
    """Exchange the players with Black of two boards of a draft."""

    @extend_schema(request=OpponentsSwapSerializer, responses={200: RoundSerializer})
    def post(self, request: Request, pk: int, number: int) -> Response:
        section = visible.section_visible_get(pk=pk, user=request.user)
        rnd = visible.section_round_get(section=section, number=number)
        given = OpponentsSwapSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        first, second = given.validated_data["boards"]
        rnd = services.games_opponents_swap(round=rnd, boards=(first, second), user=request.user)
        return Response(RoundSerializer(rnd).data)
