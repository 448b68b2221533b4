"""Signing in for a token, and a user's own tokens: list, make one, revoke one."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors
from accounts import services
from accounts.api.serializers import SignInSerializer
from accounts.api.serializers import SignInTokenSerializer
from accounts.api.serializers import TokenCreatedSerializer
from accounts.api.serializers import TokenCreateSerializer
from accounts.api.serializers import TokenSerializer
from accounts.throttles import SignInAddressThrottle
from accounts.throttles import SignInUsernameThrottle
from common.types import AuthedApiRequest


class SignInView(APIView):
    """Exchange a username and password for a new token, sent as `Token <token>`.

    Limited per address and per username (429), and locked for a while after repeated
    failures for a username from one address (429, `locked_out`)."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [SignInAddressThrottle, SignInUsernameThrottle]

    @extend_schema(request=SignInSerializer, responses={200: SignInTokenSerializer})
    def post(self, request: Request) -> Response:
        given = SignInSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        _token, secret = services.api_token_sign_in(
            request=request._request, **given.validated_data
        )
        return Response(SignInTokenSerializer({"token": secret}).data)


class TokenListView(APIView):
    """The caller's own tokens (never their secrets); `POST` makes one and shows its secret."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: TokenSerializer(many=True)})
    def get(self, request: AuthedApiRequest) -> Response:
        tokens = selectors.api_token_list(user=request.user)
        return Response(TokenSerializer(tokens, many=True).data)

    @extend_schema(request=TokenCreateSerializer, responses={201: TokenCreatedSerializer})
    def post(self, request: AuthedApiRequest) -> Response:
        given = TokenCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        token, secret = services.api_token_create(user=request.user, **given.validated_data)
        body = {**TokenSerializer(token).data, "token": secret}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenRevokeView(APIView):
    """Revoke one of the caller's own tokens (404 for anyone else's)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: TokenSerializer})
    def post(self, request: AuthedApiRequest, pk: int) -> Response:
        token = services.api_token_revoke(user=request.user, token_id=pk)
        return Response(TokenSerializer(token).data)
