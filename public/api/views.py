"""Standings and the rating-ready TRF export (both need the tie-break engine)."""

from __future__ import annotations

from typing import Any

from django.http.response import HttpResponseBase
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.downloads import download_response
from common.downloads import trf_download
from public.api.serializers import StandingsSerializer
from public.selectors import section_trf_export_get
from public.selectors import standings_get
from tournaments.api import selectors as visible
from tournaments.api.serializers import ExportQuerySerializer
from tournaments.selectors.cached import section_cached_get


class StandingsView(APIView):
    """Standings after the last completed round: points, then the section's tie-breaks."""

    @extend_schema(responses={200: StandingsSerializer})
    def get(self, request: Request, pk: int) -> Response:
        section = visible.section_visible_or_404(pk=pk, user=request.user, with_version=True)
        data = section_cached_get(
            section=section,
            name="api-standings",
            compute=lambda: dict(StandingsSerializer(standings_get(section)).data),
        )
        return Response(data)


class _IgnoreFormatParameter(DefaultContentNegotiation):
    """`?format=` names the TRF dialect here, not a renderer: always answer JSON errors."""

    def select_renderer(self, request: Request, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


class SectionExportView(APIView):
    """The section as a rating-ready TRF file (`?format=trf16` or `trf26`): points, final
    ranks and the tie-break list are filled in from the standings."""

    content_negotiation_class = _IgnoreFormatParameter

    @extend_schema(
        parameters=[
            OpenApiParameter("format", str, enum=["trf16", "trf26"], default="trf16"),
        ],
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="The TRF file."),
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        section = visible.section_visible_or_404(pk=pk, user=request.user)
        given = ExportQuerySerializer(data=request.query_params)
        given.is_valid(raise_exception=True)
        dialect = given.validated_data["format"]
        text = section_trf_export_get(section=section, dialect=dialect)
        filename = f"{section.event.slug}-{section.slug}-{dialect}.trf"
        return download_response(trf_download(filename, text))
