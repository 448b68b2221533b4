"""Reads on accounts."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import ApiToken
from common.types import User


def api_token_list(*, user: User) -> QuerySet[ApiToken]:
    """`user`'s own tokens, newest first: active, expired and revoked alike."""
    return ApiToken.objects.filter(user=user).order_by("-created_at", "-pk")
