"""Standings endpoint."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tiebreaks.api.serializers import StandingsSerializer
from tiebreaks.selectors import standings_get
from tournaments.api import selectors as visible


class StandingsView(APIView):
    """Standings after the last completed round: points, then the section's tie-breaks."""

    @extend_schema(responses={200: StandingsSerializer})
    def get(self, request: Request, pk: int) -> Response:
        section = visible.section_visible_get(pk=pk, user=request.user)
        return Response(StandingsSerializer(standings_get(section)).data)
