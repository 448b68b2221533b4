"""Request-level guards that run before a view reads anything."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse

from common.limits import bytes_in_words


class RequestSizeLimitMiddleware:
    """Answer 413 to a request whose declared body is larger than any upload the site takes
    (`ROOKERY_REQUEST_MAX_BYTES`), or, without a file, than `DATA_UPLOAD_MAX_MEMORY_SIZE`.

    Django reads a multipart body whole (to disk past `FILE_UPLOAD_MAX_MEMORY_SIZE`) before a
    view can look at the file's size; a body of gigabytes is refused here, unread. Each upload
    is then checked against the limit of its kind by its form, serializer and service.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if request.content_type == "multipart/form-data":
            limit: int | None = settings.ROOKERY_REQUEST_MAX_BYTES
            what = "the most the site takes"
        else:
            # Django refuses these too, past DATA_UPLOAD_MAX_MEMORY_SIZE, but with a bare 400
            # that names no limit (and in HTML, to an API client).
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            what = "the most the site takes without a file"
        if limit is not None and length > limit:
            message = f"The request is larger than {bytes_in_words(limit)}, {what}."
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "too_large", "message": message}, status=413)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
