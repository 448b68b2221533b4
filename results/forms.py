"""Forms of the correction pages: a result of a published round, who had White on its
board, a player's bye."""

from __future__ import annotations

from django import forms

from pairing.forms import log_reason_field
from results.services import CORRECTABLE_BYES
from tournaments.models import GameResult


class ResultCorrectForm(forms.Form):
    """A result of a published round corrected, or the colours of its board."""

    result = forms.ChoiceField(
        label="Result (White's first, with the colours as corrected)",
        choices=GameResult.choices[1:],
    )
    colours = forms.BooleanField(
        label="The players had the other colours (correct who had White)", required=False
    )
    reason = log_reason_field()
    version = forms.IntegerField(widget=forms.HiddenInput)


class ByeCorrectForm(forms.Form):
    """The bye a player should have had in a published round."""

    kind = forms.ChoiceField(
        label="Bye",
        choices=[
            ("", "No bye (absent, no points)"),
            *((k.value, k.label) for k in CORRECTABLE_BYES),
        ],
        required=False,
    )
    reason = log_reason_field(required=True)
    version = forms.IntegerField(widget=forms.HiddenInput)
