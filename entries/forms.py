"""Forms of online entries: they check the shape of the input and hand it to a service."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from chesscore.record.fields import MAX_BIRTH_YEAR
from chesscore.record.fields import MIN_BIRTH_YEAR
from entries.check_ins.bulk import BulkAction
from entries.models import ASKED_FIELDS
from entries.models import EntrySettings
from entries.models import FieldRule
from entries.services import SETTINGS_FIELDS
from tournaments.forms import fide_id_field
from tournaments.forms import rating_field
from tournaments.forms import reason_field
from tournaments.models import Section
from tournaments.validators import moment_in_range
from tournaments.validators import one_line

_MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class EntrySettingsForm(forms.ModelForm[EntrySettings]):
    class Meta:
        model = EntrySettings
        fields = SETTINGS_FIELDS
        labels = {
            "is_open": "Take entries online",
            "opens_at": "Entries open",
            "closes_at": "Entries close",
            "max_players": "Most players",
            "waiting_list": "Keep a waiting list when the section is full",
            "needs_approval": "Entries need the organisers' approval",
            "fide_id": "FIDE id",
            "fide_rating": "Rating",
            "federation": "Federation",
            "club": "Club",
            "birth_year": "Year of birth",
            "email": "Email",
            "phone": "Phone",
        }
        help_texts = {
            "opens_at": "Empty: as soon as entries are taken.",
            "closes_at": "Empty: until entries are no longer taken.",
            "max_players": "Players entered by hand and pending entries count. Empty: no limit.",
        }
        widgets = {"opens_at": _MOMENT, "closes_at": _MOMENT}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("opens_at", "closes_at"):
            # The validator returns the moment it checked, which Django ignores (its stubs
            # want None).
            self.fields[name].validators.append(moment_in_range)  # type: ignore[arg-type]


class EntryForm(forms.Form):
    """The public entry form: the name always, the other details as the section asks."""

    first_name = forms.CharField(max_length=100, required=False, validators=[one_line])
    last_name = forms.CharField(max_length=100, validators=[one_line])
    fide_id = fide_id_field(label="FIDE id", help_text="Digits only, e.g. 1503014.")
    fide_rating = rating_field(label="Rating")
    federation = forms.RegexField(
        regex=r"^[A-Za-z]{3}$",
        help_text="Three letters, e.g. NOR.",
        error_messages={"invalid": "A federation is three letters, e.g. NOR."},
    )
    club = forms.CharField(max_length=100, validators=[one_line])
    birth_year = forms.IntegerField(
        label="Year of birth", min_value=MIN_BIRTH_YEAR, max_value=MAX_BIRTH_YEAR
    )
    email = forms.EmailField(help_text="Where the link to your entry is sent.")
    phone = forms.RegexField(
        regex=r"^\+?[0-9 ()./-]{5,30}$",
        error_messages={"invalid": "A phone number is digits, spaces and + ( ) - . / only."},
    )

    def __init__(self, *args: Any, settings: EntrySettings, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ASKED_FIELDS:
            rule = settings.rule(name)
            if rule == FieldRule.OFF:
                del self.fields[name]
            else:
                self.fields[name].required = rule == FieldRule.REQUIRED


class EntryRefuseForm(forms.Form):
    reason = reason_field("Optional; shown in the event's log, not to the player.")


class PlayersBulkForm(forms.Form):
    """Players chosen on the organiser's list (by starting rank) and the step to take with
    them (`entries.check_ins.bulk.players_bulk_apply`)."""

    players = forms.TypedMultipleChoiceField(coerce=int, label=_("Players"))
    action = forms.ChoiceField(choices=BulkAction.choices, label=_("With the chosen players"))

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ranks = section.players.values_list("starting_rank", flat=True)
        players = self.fields["players"]
        assert isinstance(players, forms.TypedMultipleChoiceField)
        players.choices = [(str(rank), str(rank)) for rank in ranks]
