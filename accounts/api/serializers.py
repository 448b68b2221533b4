"""What the token endpoints read and answer. A token's secret appears in exactly one answer:
the one that made it."""

from __future__ import annotations

from rest_framework import serializers

from accounts.models import ApiToken


class SignInSerializer(serializers.Serializer[None]):
    username = serializers.CharField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})
    name = serializers.CharField(max_length=100, required=False, default="", allow_blank=True)


class SignInTokenSerializer(serializers.Serializer[dict[str, str]]):
    token = serializers.CharField()


class TokenCreateSerializer(serializers.Serializer[None]):
    name = serializers.CharField(max_length=100)


class TokenSerializer(serializers.ModelSerializer[ApiToken]):
    active = serializers.SerializerMethodField()

    class Meta:
        model = ApiToken
        fields = [
            "id", "name", "prefix", "created_at", "last_used_at", "expires_at", "revoked_at",
            "active",
        ]  # fmt: skip

    def get_active(self, token: ApiToken) -> bool:
        return token.is_active()


class TokenCreatedSerializer(TokenSerializer):
    token = serializers.CharField(help_text="The secret: shown this once, never again.")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "token"]
