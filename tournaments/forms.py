"""Forms: they check the shape of the input and hand it to a service."""

from __future__ import annotations

from django import forms

# A TRF file of a 500-player, 15-round event is under 200 kB; anything far larger is a mistake.
MAX_TRF_BYTES = 2 * 1024 * 1024


class SectionImportForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="The section's name, e.g. “Open A”.")
    file = forms.FileField(
        label="TRF file", help_text="TRF16 or TRF26, as exported by any program."
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_TRF_BYTES:
            raise forms.ValidationError("This file is too large to be a TRF file.")
        data: bytes = upload.read()
        return data
