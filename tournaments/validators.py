"""Field validators the forms and the API serializers share."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournaments.record.text import control_character

__all__ = ["one_line"]


def one_line(value: str) -> None:
    """Refuse a name or other one-line text holding a line break or a control character:
    written to a TRF file it would start a line of its own."""
    found = control_character(value)
    if found is not None:
        raise ValidationError(f"Keep this to one line: it holds {found}.", code="control_character")
