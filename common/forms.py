"""Form fields more than one app's forms use."""

from __future__ import annotations

from typing import Any

from django import forms

from common.limits import upload_limit
from common.limits import upload_too_large


class UploadField(forms.FileField):
    """A file box whose value is the file's bytes, refused when larger than the site takes
    for `kind` (a key of `common.limits.UPLOAD_KINDS`)."""

    def __init__(self, *, kind: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kind = kind

    def clean(self, data: Any, initial: Any = None) -> bytes:
        upload = super().clean(data, initial)
        if upload.size > upload_limit(self.kind):
            raise forms.ValidationError(upload_too_large(self.kind).message)
        read: bytes = upload.read()
        return read
