"""The restore page's form."""

from __future__ import annotations

from django import forms

from common.forms import UploadField


class RestoreForm(forms.Form):
    file = UploadField(
        kind="backup",
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
