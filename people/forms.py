"""The form that invites someone to an event."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from typing import cast

from django import forms

from teams.models import Team


class InvitationForm(forms.Form):
    """Invite someone by email to arbitrate the event or captain one of its teams."""

    email = forms.EmailField(label="Email address")
    role = forms.ChoiceField(
        choices=[("arbiter", "Arbiter"), ("captain", "Captain of a team")], initial="arbiter"
    )
    team = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, help_text="For a captain only."
    )

    def __init__(self, *args: Any, teams: Iterable[Team] = (), **kwargs: Any) -> None:
        # It shares the people page with the form that adds staff: ids of its own.
        kwargs.setdefault("auto_id", "id_invite_%s")
        super().__init__(*args, **kwargs)
        choices: list[tuple[Any, str]] = [("", "—")]
        choices += [(team.pk, f"{team.name} ({team.section.name})") for team in teams]
        cast(forms.ChoiceField, self.fields["team"]).choices = choices
        if len(choices) == 1:
            # No team section: there is no one to captain.
            del self.fields["team"]
            cast(forms.ChoiceField, self.fields["role"]).choices = [("arbiter", "Arbiter")]

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"email": data["email"], "role": data["role"], "team_id": data.get("team")}
