"""Reads on accounts."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from accounts.models import ApiToken


def api_token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """`user`'s own tokens, newest first: active, expired and revoked alike."""
    return ApiToken.objects.filter(user=user).order_by("-created_at", "-pk")
