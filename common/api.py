"""API glue shared by every app: the exception handler that turns errors into stable JSON,
and the base of the command endpoints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_view
from rest_framework import exceptions
from rest_framework import serializers
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from common.exceptions import DomainError
from common.exceptions import RetryLater


def _flatten(detail: Any, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(detail, dict):
        items: list[tuple[str, str]] = []
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            items.extend(_flatten(value, name))
        return items
    if isinstance(detail, list):
        items = []
        for value in detail:
            items.extend(_flatten(value, prefix))
        return items
    return [(prefix, str(detail))]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every API error is JSON `{"code", "message", ["field"], ["errors"]}`; a service that
    cannot be reached (503) and a request past what may be under way at once (429) also
    say when to try again (`Retry-After`)."""
    if isinstance(exc, RetryLater):
        headers = {"Retry-After": str(exc.retry_after)}
        return Response(exc.as_dict(), status=exc.status, headers=headers)
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        field, message = errors[0] if errors else ("", "Invalid input.")
        body: dict[str, Any] = {
            "code": "invalid",
            "message": f"{field}: {message}" if field and field != "non_field_errors" else message,
            "errors": [{"field": f, "message": m} for f, m in errors],
        }
        if field and field != "non_field_errors":
            body["field"] = field
        response.data = body
        response.status_code = status.HTTP_400_BAD_REQUEST
        return response
    if isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        response.data = {"code": code, "message": str(exc.detail)}
    return response


class CommandView(APIView):
    """A command endpoint: find what it acts on from the address (`target`, its 404s first),
    validate the body with `serializer_class`, call `service` with the target, the user and
    the body's values, and answer with `answer` of what the service returned.

    A concrete command names its body's serializer and its service as it is declared,
    ``class PublishView(RoundCommand, serializer=PublishSerializer, service=round_publish)``,
    and its schema follows: that body, answered with `answer_serializer`. A base that names
    neither (one kind of target, one kind of answer) is left for its commands."""

    serializer_class: type[serializers.Serializer[None]]
    service: Callable[..., Any]
    answer: Callable[[Any], Response]
    answer_serializer: type[serializers.Serializer[Any]]
    """What `answer` writes, for the schema."""

    def __init_subclass__(
        cls,
        *,
        serializer: type[serializers.Serializer[None]] | None = None,
        service: Callable[..., Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if serializer is None or service is None:
            return
        cls.serializer_class = serializer
        cls.service = service
        schema = extend_schema(request=serializer, responses=cls.answer_serializer)
        extend_schema_view(post=schema)(cls)

    def target(self, request: Request, **kwargs: Any) -> dict[str, Any]:
        """The service's arguments naming what the command acts on, from the address."""
        raise NotImplementedError

    def post(self, request: Request, **kwargs: Any) -> Response:
        target = self.target(request, **kwargs)
        given = self.serializer_class(data=request.data)
        given.is_valid(raise_exception=True)
        done = type(self).service(**target, user=request.user, **given.validated_data)
        return type(self).answer(done)
