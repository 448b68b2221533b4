"""An event's backup, and restoring an event from one.

Both need a signed-in user (401 otherwise). The backup is for the event's organisers and
arbiters: 404 for an event the caller may not see, 403 for one they see but do not run.
"""

from __future__ import annotations

from django.http.response import HttpResponseBase
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from archives import services
from archives.api.serializers import RestoreSerializer
from archives.selectors import event_backup_get
from common.downloads import download_response
from common.downloads import json_download
from common.exceptions import PermissionDenied
from common.types import AuthedApiRequest
from tournaments.api import selectors as visible
from tournaments.api.serializers import EventSerializer
from tournaments.selectors.access import event_is_manager


class EventBackupView(APIView):
    """The whole event as one JSON file (format `rookery-event`), as the page downloads it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(OpenApiTypes.OBJECT, "The backup file.")})
    def get(self, request: Request, pk: int) -> HttpResponseBase:
        event = visible.event_visible_or_404(pk=pk, user=request.user)
        if not event_is_manager(event=event, user=request.user):
            raise PermissionDenied("Only the event's organisers and arbiters may back it up.")
        backup = json_download(f"{event.slug}-backup.json", event_backup_get(event=event))
        return download_response(backup)


class EventRestoreView(APIView):
    """A new event from a backup file, organised by the caller."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request={"multipart/form-data": RestoreSerializer}, responses={201: EventSerializer}
    )
    def post(self, request: AuthedApiRequest) -> Response:
        given = RestoreSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        event = services.event_restore(
            data=data["file"].read(), user=request.user, slug=data["slug"]
        )
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)
