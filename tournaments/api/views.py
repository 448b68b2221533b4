"""API views: read-only viewsets over selectors, and command endpoints calling one service.

Anyone may read public events; writes need a signed-in user (401 otherwise) whom the
service accepts as an organiser or arbiter of the event (403 otherwise).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.viewsets import ReadOnlyModelViewSet

from common.api import CommandView
from common.exceptions import PermissionDenied
from common.types import AuthedApiRequest
from tournaments import services
from tournaments.api import selectors as visible
from tournaments.api.serializers import EventCreateSerializer
from tournaments.api.serializers import EventSerializer
from tournaments.api.serializers import LogEntrySerializer
from tournaments.api.serializers import LogQuerySerializer
from tournaments.api.serializers import PlayerInputSerializer
from tournaments.api.serializers import PlayerSerializer
from tournaments.api.serializers import PlayerUpdateSerializer
from tournaments.api.serializers import ReinstateSerializer
from tournaments.api.serializers import RoundSerializer
from tournaments.api.serializers import SectionCreateSerializer
from tournaments.api.serializers import SectionDetailSerializer
from tournaments.api.serializers import SectionSerializer
from tournaments.api.serializers import TrfUploadSerializer
from tournaments.api.serializers import WithdrawSerializer
from tournaments.models import Event
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager
from tournaments.selectors.access import event_visible_list
from tournaments.selectors.log import event_log_list
from tournaments.selectors.schedule import round_times_get


class EventViewSet(ReadOnlyModelViewSet[Event]):
    """Events: list and read; `POST` creates one with the caller as its organiser."""

    serializer_class = EventSerializer

    def get_queryset(self) -> QuerySet[Event]:
        return event_visible_list(user=self.request.user)

    @extend_schema(request=EventCreateSerializer, responses={201: EventSerializer})
    def create(self, request: AuthedApiRequest) -> Response:
        given = EventCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        event = services.event_create(user=request.user, **given.validated_data)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: SectionSerializer(many=True)})
    @action(detail=True, methods=["get"], url_path="sections")
    def sections(self, request: Request, pk: str) -> Response:
        event = visible.event_visible_or_404(pk=int(pk), user=request.user)
        sections = (
            event.sections.select_related("event").prefetch_related("round_times").order_by("name")
        )
        return Response(SectionSerializer(sections, many=True).data)

    @extend_schema(request=SectionCreateSerializer, responses={201: SectionSerializer})
    @sections.mapping.post
    def section_create(self, request: Request, pk: str) -> Response:
        event = visible.event_visible_or_404(pk=int(pk), user=request.user)
        given = SectionCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        section = services.section_create(
            event=event,
            name=data["name"],
            system=data["system"],
            planned_rounds=data["rounds"],
            initial_colour=data["initial_colour"],
            acceleration=data["acceleration"],
            tiebreaks=data.get("tiebreaks"),
            scoring=data.get("scoring"),
            user=request.user,
        )
        return Response(SectionSerializer(section).data, status=status.HTTP_201_CREATED)


class SectionViewSet(ReadOnlyModelViewSet[Section]):
    """Sections of the events the caller may see, their players and rounds."""

    serializer_class = SectionSerializer

    def get_queryset(self) -> QuerySet[Section]:
        return visible.section_visible_list(user=self.request.user).prefetch_related("round_times")

    @extend_schema(methods=["GET"], responses={200: PlayerSerializer(many=True)})
    @extend_schema(
        methods=["POST"], request=PlayerInputSerializer, responses={201: PlayerSerializer}
    )
    @action(detail=True, methods=["get", "post"])
    def players(self, request: Request, pk: str) -> Response:
        """The section's players by starting rank; organisers and arbiters enter one more."""
        section = visible.section_visible_or_404(pk=int(pk), user=request.user)
        if request.method == "POST":
            given = PlayerInputSerializer(data=request.data)
            given.is_valid(raise_exception=True)
            player = services.player_create(
                section=section, user=request.user, **given.service_arguments()
            )
            return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)
        players = visible.section_players_list(section=section)
        return Response(PlayerSerializer(players, many=True).data)

    @extend_schema(responses={200: RoundSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def rounds(self, request: Request, pk: str) -> Response:
        section = visible.section_visible_or_404(pk=int(pk), user=request.user)
        rounds = visible.section_rounds_list(section=section, user=request.user)
        staff = event_is_manager(event=section.event, user=request.user)
        context = {"staff": staff, "times": round_times_get(section=section)}
        return Response(RoundSerializer(rounds, many=True, context=context).data)


class RoundDetailView(APIView):
    """One round of a section: its status and the engine's explanation."""

    @extend_schema(responses={200: RoundSerializer})
    def get(self, request: Request, pk: int, number: int) -> Response:
        rnd = visible.round_visible_or_404(pk=pk, number=number, user=request.user)
        section = rnd.section
        staff = event_is_manager(event=section.event, user=request.user)
        context = {"staff": staff, "times": round_times_get(section=section)}
        return Response(RoundSerializer(rnd, context=context).data)


class SectionImportView(APIView):
    """Fill an empty section with everything a TRF file says: players, rounds, settings."""

    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request={"multipart/form-data": TrfUploadSerializer},
        responses={200: SectionDetailSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        given = TrfUploadSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        text = given.validated_data["file"].read()
        section = services.section_trf_load(section=section, user=request.user, text=text)
        section = visible.section_with_players_get(pk=section.pk)
        return Response(SectionDetailSerializer(section, context={"staff": True}).data)


class PlayerDetailView(APIView):
    """One player of a section, by starting rank; organisers and arbiters correct their
    details (`PATCH`: only the fields given change)."""

    @extend_schema(responses={200: PlayerSerializer})
    def get(self, request: Request, pk: int, rank: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        player = visible.section_player_or_404(section=section, rank=rank)
        return Response(PlayerSerializer(player).data)

    @extend_schema(request=PlayerUpdateSerializer, responses={200: PlayerSerializer})
    def patch(self, request: Request, pk: int, rank: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        player = visible.section_player_or_404(section=section, rank=rank)
        given = PlayerUpdateSerializer(data=request.data, partial=True)
        given.is_valid(raise_exception=True)
        player = services.player_update(
            player=player, user=request.user, **given.service_arguments(player)
        )
        return Response(PlayerSerializer(player).data)


def _player_answer(player: Player) -> Response:
    return Response(PlayerSerializer(player).data)


class _PlayerCommand(CommandView):
    """A command on one player of a section, answered with the player."""

    answer = staticmethod(_player_answer)
    answer_serializer = PlayerSerializer

    def target(self, request: Request, **kwargs: Any) -> dict[str, Any]:
        section = visible.section_visible_or_404(pk=kwargs["pk"], user=request.user)
        return {"player": visible.section_player_or_404(section=section, rank=kwargs["rank"])}


class PlayerWithdrawView(
    _PlayerCommand, serializer=WithdrawSerializer, service=services.player_withdraw
):
    """Withdraw a player from a round not paired yet on (or move their withdrawal there);
    bye requests from that round on are cancelled."""


class PlayerReinstateView(
    _PlayerCommand, serializer=ReinstateSerializer, service=services.player_reinstate
):
    """Undo a player's withdrawal, at any time: they are paired again from the next round
    not paired yet; rounds already paired without them stand."""


class LogPagination(PageNumberPagination):
    page_size = 100


class EventLogView(ListAPIView[LogEntry]):
    """The event's log, newest first: every intervention (who, when, what, why, what
    changed), filtered by section, round and player; for its organisers and arbiters."""

    serializer_class = LogEntrySerializer
    pagination_class = LogPagination

    @extend_schema(parameters=[LogQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[LogEntry]:
        user = self.request.user
        event = visible.event_visible_or_404(pk=self.kwargs["pk"], user=user)
        if not event_is_manager(event=event, user=user):
            raise PermissionDenied("Only the event's organisers and arbiters may read its log.")
        query = LogQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        filters = visible.log_filters_get(event=event, **query.validated_data)
        return event_log_list(event=event, **filters)
