"""The line-up form: one choice of player per board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import cast

from django import forms

from chesscore.record.text import control_character
from teams.services import RosterEntry
from tournaments.models import Player
from tournaments.validators import one_line


class LineupForm(forms.Form):
    """Fields ``board_1`` … ``board_n``, each a roster player or empty."""

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        roster: list[Player],
        boards: int,
        initial_players: list[Player | None],
    ) -> None:
        initial = {f"board_{b}": p.pk for b, p in enumerate(initial_players, start=1) if p}
        super().__init__(data, initial=initial)
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


class BoardsForm(forms.Form):
    boards_per_match = forms.IntegerField(
        min_value=1,
        max_value=20,
        label="Boards per match",
        help_text="Fixed once round 1 is paired.",
    )


class TeamWithdrawForm(forms.Form):
    team = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    from_round = forms.IntegerField(min_value=1, label="From round")


class TeamCaptainForm(forms.Form):
    team = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    captain = forms.CharField(max_length=150, required=False, label="Captain's username")


class _RosterLines(forms.Form):
    """A `players` field: one player a line, “Surname, First name, rating”."""

    def clean_players(self) -> list[RosterEntry]:
        entries = []
        for number, line in enumerate(self.cleaned_data["players"].splitlines(), start=1):
            parts = [part.strip() for part in line.split(",")]
            if not any(parts):
                continue
            found = control_character(line.strip())
            if found is not None:
                raise forms.ValidationError(f"Line {number}: a name holds {found}.")
            rating = None
            if len(parts) > 1 and parts[-1].isdigit():
                rating = int(parts.pop())
            if not parts[0] or len(parts) > 2:
                raise forms.ValidationError(
                    f"Line {number}: write “Surname, First name, rating”, not “{line.strip()}”."
                )
            entries.append(RosterEntry(parts[0], parts[1] if len(parts) > 1 else "", rating))
        return entries


class TeamEnterForm(_RosterLines):
    """A team and its roster, one player a line in board order."""

    name = forms.CharField(validators=[one_line], max_length=100, label="Team name")
    short_name = forms.CharField(validators=[one_line], max_length=20, required=False)
    federation = forms.CharField(validators=[one_line], max_length=3, required=False)
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
        label="Players",
        help_text="One a line, board 1 first: “Surname, First name, rating” (rating optional).",
    )


class TeamPlayersForm(_RosterLines):
    """Players added to a team's roster, after its last board."""

    team = forms.TypedChoiceField(coerce=int, label="Team")
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Players to add",
        help_text="One a line: “Surname, First name, rating” (rating optional).",
    )

    def __init__(self, *args: Any, teams: list[tuple[int, str]], **kwargs: Any) -> None:
        # Ids of its own: the page's "Add a team" form has a `players` field too.
        kwargs.setdefault("auto_id", "id_add_%s")
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["team"]).choices = teams
