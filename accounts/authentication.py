"""API authentication by our own tokens: `Authorization: Token <secret>`."""

from __future__ import annotations

from typing import Any

from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from accounts.services import TokenOfUnconfirmedAccount
from accounts.services import api_token_use


class ApiTokenAuthentication(TokenAuthentication):
    """DRF's header parsing, our token store: unknown, expired and revoked tokens are all
    refused with the same 401; a token of an account whose address is not confirmed, with
    a 401 that says so."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        try:
            token = api_token_use(secret=key)
        except TokenOfUnconfirmedAccount as exc:
            raise AuthenticationFailed(exc.message, code=exc.code) from exc
        if token is None:
            raise AuthenticationFailed("Invalid, expired or revoked token.")
        return token.user, token
