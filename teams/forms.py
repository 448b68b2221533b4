"""The line-up form: one choice of player per board."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.models import Player


class LineupForm(forms.Form):
    """Fields ``board_1`` … ``board_n``, each a roster player or empty."""

    def __init__(
        self, *args: Any, roster: list[Player], boards: int, initial_players: list[Player | None]
    ) -> None:
        initial = {f"board_{b}": p.pk for b, p in enumerate(initial_players, start=1) if p}
        super().__init__(*args, initial=initial)
        self.roster = {p.pk: p for p in roster}
        choices = [("", "— empty board —"), *((p.pk, p.full_name) for p in roster)]
        for board in range(1, boards + 1):
            self.fields[f"board_{board}"] = forms.TypedChoiceField(
                label=f"Board {board}",
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
            )

    def players(self) -> list[Player | None]:
        """The chosen players in board order (after `is_valid`)."""
        return [
            self.roster.get(value) if value is not None else None
            for name, value in self.cleaned_data.items()
            if name.startswith("board_")
        ]
