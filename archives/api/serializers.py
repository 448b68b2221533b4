"""What a client sends to restore an event."""

from __future__ import annotations

from rest_framework import serializers

from common.limits import upload_limit
from common.limits import upload_too_large


class RestoreSerializer(serializers.Serializer[None]):
    file = serializers.FileField(help_text="A backup file, as `GET /events/{id}/backup/` gives.")
    slug = serializers.SlugField(
        max_length=80,
        required=False,
        default="",
        allow_blank=True,
        help_text="The restored event's address; the file's when left out.",
    )

    def validate_file(self, upload: object) -> object:
        if getattr(upload, "size", 0) > upload_limit("backup"):
            raise serializers.ValidationError(upload_too_large("backup").message)
        return upload
