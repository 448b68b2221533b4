"""Request-level guards that run before a view reads anything."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from common.limits import bytes_in_words


class RequestSizeLimitMiddleware:
    """Answer 413 to a request whose declared body is larger than any upload the site takes.

    Django reads a multipart body whole (to disk past `FILE_UPLOAD_MAX_MEMORY_SIZE`) before a
    view can look at the file's size; a body of gigabytes is refused here, unread. Each upload
    is then checked against the limit of its kind by its form, serializer and service.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit: int = settings.ROOKERY_REQUEST_MAX_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit:
            message = (
                f"The request is larger than {bytes_in_words(limit)}, the most the site takes."
            )
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "too_large", "message": message}, status=413)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
