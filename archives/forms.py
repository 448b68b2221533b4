"""The restore page's form."""

from __future__ import annotations

from django import forms

from common.limits import upload_limit, upload_too_large


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
        if upload.size > upload_limit("backup"):
            raise forms.ValidationError(upload_too_large("backup").message)
        data: bytes = upload.read()
        return data
