"""What a client sends to restore an event."""

from __future__ import annotations

from rest_framework import serializers

from archives.format import MAX_BACKUP_BYTES


class RestoreSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A backup file, as `GET /events/{id}/backup/` gives.")
    slug = serializers.SlugField(
        max_length=80,
        required=False,
        default="",
        allow_blank=True,
        help_text="The restored event's address; the file's when left out.",
    )

    def validate_file(self, upload: object) -> object:
        if getattr(upload, "size", 0) > MAX_BACKUP_BYTES:
            limit = MAX_BACKUP_BYTES // (1024 * 1024)
            raise serializers.ValidationError(f"This file is larger than {limit} MB.")
        return upload
