"""Forms of the prohibited-group and bye pages."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from typing import cast

from django import forms

from tournaments.constraints.services import GROUP_ATTRIBUTES
from tournaments.models import ConstraintKind
from tournaments.models import Player
from tournaments.validators import one_line


class GroupForm(forms.Form):
    name = forms.CharField(
        max_length=100, validators=[one_line], help_text="e.g. “Smith family” or “Clubs”."
    )
    kind = forms.ChoiceField(
        choices=ConstraintKind.choices,
        initial=ConstraintKind.STRICT,
        widget=forms.RadioSelect,
        help_text="Strict: never paired together. Soft from the bottom: the top of the "
        "standings is kept apart, as far down as the round can still be paired. Soft, lowest "
        "priority: only chooses between pairings FIDE ranks equal.",
    )
    attribute = forms.ChoiceField(
        choices=[("", "The players ticked below"), *GROUP_ATTRIBUTES.items()],
        required=False,
        label="Members",
        help_text="A club, federation or team makes one group per value shared by players.",
    )
    members = forms.MultipleChoiceField(
        choices=(), required=False, widget=forms.CheckboxSelectMultiple, label="Players"
    )

    def __init__(self, *args: Any, players: Iterable[Player] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["members"]).choices = [
            (p.starting_rank, f"{p.starting_rank}. {p.full_name}") for p in players
        ]

    def clean_members(self) -> list[int]:
        return [int(rank) for rank in self.cleaned_data["members"]]


class ByeExclusionForm(forms.Form):
    player = forms.TypedChoiceField(choices=(), coerce=int, label="Player")
    round_number = forms.IntegerField(min_value=1, label="Round")

    def __init__(self, *args: Any, players: Iterable[Player] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["player"]).choices = [
            (p.starting_rank, f"{p.starting_rank}. {p.full_name}") for p in players
        ]
