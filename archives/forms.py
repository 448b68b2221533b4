"""The restore page's form."""

from __future__ import annotations

from django import forms

from archives.format import MAX_BACKUP_BYTES


class RestoreForm(forms.Form):
    file = forms.FileField(
        label="Backup file",
        help_text="The .json file an event's “Download a backup” gave.",
    )
    slug = forms.SlugField(
        required=False,
        max_length=80,
        label="Address",
        help_text="Leave empty to keep the event's own (/events/<address>/); give another "
        "when an event has it already.",
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BACKUP_BYTES:
            limit = MAX_BACKUP_BYTES // (1024 * 1024)
            raise forms.ValidationError(f"This file is larger than {limit} MB; is it a backup?")
        data: bytes = upload.read()
        return data
