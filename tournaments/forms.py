"""Forms: they check the shape of the input and hand it to a service."""

from __future__ import annotations

import datetime
import zoneinfo
from decimal import Decimal
from typing import Any
from typing import cast

from django import forms
from django.utils import timezone

from chesscore import roster
from chesscore.record.fields import MAX_FIDE_ID
from chesscore.record.fields import MAX_NAME_LENGTH
from chesscore.record.fields import MAX_NATIONAL_ID_LENGTH
from chesscore.record.fields import MAX_RATING
from chesscore.record.people import PLAYER_DETAILS
from chesscore.record.people import PlayerDetails
from chesscore.roster.values import MAX_ROUND
from chesscore.systems import DEFAULT_SYSTEM
from chesscore.systems import system_choices
from common.exceptions import ValidationError as DomainValidationError
from common.forms import UploadField
from tournaments.models import POINTS_DIGITS
from tournaments.models import POINTS_PLACES
from tournaments.models import AbsentPlayers
from tournaments.models import Acceleration
from tournaments.models import ByeRequestKind
from tournaments.models import CheckInMode
from tournaments.models import InitialColour
from tournaments.models import default_time_zone
from tournaments.models import time_zone_valid
from tournaments.selectors.event_log import LogChoices
from tournaments.selectors.log import LogFilters
from tournaments.services import SCORING_FIELDS
from tournaments.services.changes import json_value
from tournaments.validators import date_in_range
from tournaments.validators import fide_id
from tournaments.validators import moment_in_range
from tournaments.validators import one_line
from tournaments.validators import player_details
from tournaments.validators import tiebreak_text


class SectionImportForm(forms.Form):
    name = forms.CharField(
        validators=[one_line], max_length=100, help_text="The section's name, e.g. “Open A”."
    )
    file = UploadField(
        kind="trf", label="TRF file", help_text="TRF16 or TRF26, as exported by any program."
    )


_DATE = forms.DateInput(attrs={"type": "date"})


def fide_id_field(**kwargs: Any) -> forms.CharField:
    """A FIDE id box: digits 0-9 only, as many as the TRF column takes
    (`tournaments.validators.fide_id`)."""
    kwargs.setdefault("label", "FIDE ID")
    return forms.CharField(max_length=len(str(MAX_FIDE_ID)), validators=[fide_id], **kwargs)


def rating_field(**kwargs: Any) -> forms.IntegerField:
    """A rating box: 0 to `chesscore.record.fields.MAX_RATING`."""
    return forms.IntegerField(min_value=0, max_value=MAX_RATING, **kwargs)


class StaffForm(forms.Form):
    """Someone who runs the event, by username."""

    username = forms.CharField(max_length=150, label="Username")
    role = forms.ChoiceField(
        choices=[("arbiter", "Arbiter"), ("organiser", "Organiser")],
        initial="arbiter",
        label="Role",
        help_text="Both run the sections; organisers also decide who runs the event.",
    )


class EventForm(forms.Form):
    name = forms.CharField(validators=[one_line], max_length=200)
    start_date = forms.DateField(required=False, widget=_DATE, validators=[date_in_range])
    end_date = forms.DateField(required=False, widget=_DATE, validators=[date_in_range])
    city = forms.CharField(validators=[one_line], max_length=100, required=False)
    federation = forms.CharField(
        validators=[one_line], max_length=3, required=False, help_text="FIDE code, e.g. NED."
    )
    time_control = forms.CharField(validators=[one_line], max_length=100, required=False)
    chief_arbiter = forms.CharField(validators=[one_line], max_length=100, required=False)
    time_zone = forms.CharField(
        max_length=64,
        required=False,
        initial=default_time_zone,
        validators=[time_zone_valid],
        help_text="The venue's clock, an IANA name such as Europe/Amsterdam (empty: UTC).",
    )
    is_public = forms.BooleanField(
        required=False, initial=True, label="Public", help_text="Anyone may see the event."
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The event cannot end before it starts.")
        return data


class PointsField(forms.DecimalField):
    """Points as a section keeps them (`Section.points_win`...: exact, six decimals at most),
    shown without trailing zeros ("0.5", not "0.500000")."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_digits=POINTS_DIGITS, decimal_places=POINTS_PLACES, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        return json_value(value) if isinstance(value, Decimal) and value.is_finite() else value


class SectionForm(forms.Form):
    name = forms.CharField(validators=[one_line], max_length=100, help_text="e.g. “Open A”.")
    system = forms.ChoiceField(choices=system_choices, initial=DEFAULT_SYSTEM)
    planned_rounds = forms.IntegerField(min_value=1, max_value=99, initial=5, label="Rounds")
    initial_colour = forms.ChoiceField(
        choices=InitialColour.choices,
        initial=InitialColour.LOT,
        help_text="Colour of the top seed on board 1 in round 1.",
    )
    acceleration = forms.ChoiceField(
        choices=Acceleration.choices,
        initial=Acceleration.NONE,
        help_text="Baku (C.04.7) for the Swiss systems; manual: the virtual points per player "
        "a TRF file gave (XXA).",
    )
    tiebreaks = forms.CharField(
        required=False,
        label="Tie-breaks",
        help_text="C.07 codes in order, separated by commas (e.g. BH-C1, BH, SB). "
        "Leave empty for the system's usual list.",
    )
    max_half_point_byes = forms.IntegerField(
        required=False, min_value=0, label="Half-point byes allowed per player"
    )
    half_point_bye_closed_rounds = forms.CharField(
        required=False,
        label="Rounds without half-point byes",
        help_text="Round numbers separated by commas, e.g. 8, 9.",
    )
    late_entry_half_point_byes = forms.IntegerField(
        required=False,
        min_value=0,
        label="Half-point byes for a late entry",
        help_text="How many missed rounds, from round 1, a late entry scores ½ for; "
        "the others score 0. Empty: none.",
    )
    points_win = PointsField(label="Win")
    points_draw = PointsField(label="Draw")
    points_loss = PointsField(label="Loss")
    points_forfeit_win = PointsField(label="Forfeit win")
    points_forfeit_loss = PointsField(label="Forfeit loss")
    points_pab = PointsField(label="Pairing-allocated bye")
    points_half_bye = PointsField(label="Half-point bye")
    points_full_bye = PointsField(label="Full-point bye")
    points_zero_bye = PointsField(label="Zero-point bye")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for column, value in SCORING_FIELDS.items():
            self.fields[column].initial = value

    def clean_tiebreaks(self) -> list[str] | None:
        return tiebreak_text(self.cleaned_data["tiebreaks"]) or None

    def clean_half_point_bye_closed_rounds(self) -> list[int]:
        value = self.cleaned_data["half_point_bye_closed_rounds"]
        if isinstance(value, list):
            return value
        numbers = []
        for part in str(value).replace(";", ",").split(","):
            part = part.strip()
            if not part:
                continue
            # ASCII digits only ("²".isdigit() holds, and int() refuses it), and few.
            digits = part.isascii() and part.isdigit() and len(part) <= len(str(MAX_ROUND))
            if not digits or int(part) < 1:
                raise forms.ValidationError(f"“{part}” is not a round number.")
            numbers.append(int(part))
        return sorted(set(numbers))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        win, draw, loss = (data.get(f"points_{n}") for n in ("win", "draw", "loss"))
        if win is not None and draw is not None and loss is not None and not win >= draw >= loss:
            self.add_error("points_draw", "A win must score at least a draw, a draw a loss.")
        return data

    def service_arguments(self) -> dict[str, Any]:
        """`cleaned_data` in the shape of `section_create` / `section_update`."""
        data = dict(self.cleaned_data)
        data["scoring"] = {column: data.pop(column) for column in SCORING_FIELDS}
        data["late_entry_half_point_byes"] = data.get("late_entry_half_point_byes") or 0
        return data


class PlayerForm(forms.Form):
    """A player's details (`chesscore.record.people.PlayerDetails`), a box each, checked
    together by their one cleaner (`tournaments.validators.player_details`)."""

    last_name = forms.CharField(max_length=MAX_NAME_LENGTH)
    first_name = forms.CharField(max_length=MAX_NAME_LENGTH, required=False)
    title = forms.CharField(max_length=3, required=False, help_text="GM, IM, WFM, …")
    sex = forms.ChoiceField(choices=[("", "—"), ("m", "Male"), ("w", "Female")], required=False)
    birth_date = forms.CharField(max_length=10, required=False, help_text="YYYY or YYYY/MM/DD.")
    federation = forms.CharField(max_length=3, required=False, help_text="Three letters, e.g. NOR.")
    club = forms.CharField(max_length=MAX_NAME_LENGTH, required=False)
    fide_id = fide_id_field(required=False)
    fide_rating = rating_field(required=False, label="FIDE rating")
    national_id = forms.CharField(
        max_length=MAX_NATIONAL_ID_LENGTH, required=False, label="National ID"
    )
    national_rating = rating_field(required=False)
    national_rating_2 = rating_field(required=False, label="Second national rating")

    details: PlayerDetails
    """The details, cleaned (once the form is valid)."""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            self.details = player_details(data)
        except DomainValidationError as exc:
            self.add_error(exc.field, exc.message)
        return data

    def service_arguments(self) -> dict[str, Any]:
        """`cleaned_data` in the shape of `player_create` / `player_update`: the details
        as one value."""
        rest = {k: v for k, v in self.cleaned_data.items() if k not in PLAYER_DETAILS}
        return {**rest, "details": self.details}


class PlayerCreateForm(PlayerForm):
    entry_round = forms.IntegerField(
        required=False,
        min_value=1,
        label="Joins at round",
        help_text="Empty: the next round to be paired.",
    )


# The longest reason kept: a few sentences, not a report.
MAX_REASON_LENGTH = 500


def reason_field(help_text: str) -> forms.CharField:
    """An optional "Reason" box: why, in the user's words, shown in the event's log."""
    return forms.CharField(
        required=False,
        max_length=MAX_REASON_LENGTH,
        label="Reason",
        help_text=help_text,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class PlayerUpdateForm(PlayerForm):
    starting_rank = forms.IntegerField(min_value=1, help_text="May change until round 1 is paired.")
    reason = reason_field(
        "Optional; shown in the event's log. A rating changed once round 1 is paired is "
        "logged as a correction."
    )


class WithdrawForm(forms.Form):
    """The round a withdrawal starts from, chosen on the player's page."""

    from_round = forms.IntegerField(min_value=1, label="Withdraw from round")


class ReasonForm(forms.Form):
    """Why, on the confirmation of a withdrawal or a reinstatement."""

    reason = reason_field("Optional; shown in the event's log.")


class LogFilterForm(forms.Form):
    """Which entries of an event's log to show: by section, round and player (any section)."""

    section = forms.ChoiceField(required=False, label="Section")
    round = forms.IntegerField(required=False, min_value=1, label="Round")
    player = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label="Player")

    def __init__(self, *args: Any, choices: LogChoices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices = choices
        cast(forms.ChoiceField, self.fields["section"]).choices = [("", "All sections")] + [
            (s.slug, s.name) for s in choices.sections
        ]
        names = choices.section_names
        grouped: dict[str, list[tuple[int, str]]] = {}
        for p in choices.players:
            grouped.setdefault(names[p.section_id], []).append(
                (p.pk, f"{p.starting_rank}. {p.full_name}")
            )
        player_choices: list[Any] = [("", "Everyone")]
        player_choices += list(grouped.items())
        cast(forms.ChoiceField, self.fields["player"]).choices = player_choices

    def filters(self) -> LogFilters:
        """The cleaned filters as `event_log_list` takes them."""
        data = self.cleaned_data
        player = data.get("player")
        return {
            "section": self.choices.section_by_slug(data.get("section") or ""),
            "round_number": data.get("round"),
            "player": self.choices.player_by_pk(player) if player is not None else None,
        }


class ByeRequestForm(forms.Form):
    round_number = forms.IntegerField(min_value=1, label="Round")
    kind = forms.ChoiceField(
        choices=[
            (ByeRequestKind.HALF_POINT, ByeRequestKind.HALF_POINT.label),
            (ByeRequestKind.ZERO_POINT, ByeRequestKind.ZERO_POINT.label),
        ],
        initial=ByeRequestKind.HALF_POINT,
    )


class FindForm(forms.Form):
    q = forms.CharField(max_length=60, label="Your name", required=False)


class RosterUploadForm(forms.Form):
    file = UploadField(
        kind="roster",
        label="Roster file (CSV)",
        help_text="One player a line, with a header line: exported from a spreadsheet, a "
        "registration site (NWChess RosterTable.csv) or another program.",
    )


class RosterMappingForm(forms.Form):
    """Which column holds each field (generic files), and which of the file's sections to take.

    An NWChess roster has a fixed layout: it gets no column choices, only the section one.
    """

    def __init__(
        self,
        *args: Any,
        result: roster.RosterImport,
        sections: tuple[str, ...],
        chosen: str | None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.generic = result.format is roster.RosterFormat.GENERIC
        self.chosen = chosen
        if self.generic:
            columns = [("", "—")] + [(h, h) for h in dict.fromkeys(result.headers) if h]
            for name in roster.FIELDS:
                self.fields[name] = forms.ChoiceField(
                    choices=columns,
                    required=False,
                    label=roster.FIELD_LABELS[name],
                    initial=result.mapping.get(name, ""),
                )
        if len(sections) > 1:
            self.fields["roster_section"] = forms.ChoiceField(
                choices=[("", "—")] + [(s, s) for s in sections],
                required=False,
                label="Section of the file",
                initial=chosen or "",
                help_text="The file holds several sections; only this one's players are imported.",
            )

    def mapping(self) -> dict[str, str] | None:
        """The {field: column} mapping chosen; None keeps the file's own (NWChess)."""
        if not self.generic:
            return None
        return {name: self.cleaned_data[name] for name in roster.FIELDS if self.cleaned_data[name]}

    def roster_section(self) -> str | None:
        chosen: str = self.cleaned_data.get("roster_section") or ""
        return chosen or None


class CheckInSettingsForm(forms.Form):
    check_in = forms.ChoiceField(choices=CheckInMode.choices, label="Check-in")
    absent_players = forms.ChoiceField(
        choices=AbsentPlayers.choices, label="Players who did not check in"
    )
    check_in_code = forms.CharField(
        required=False,
        max_length=20,
        label="Check-in code",
        help_text="Print it on the poster at the venue: with it players check themselves in "
        "on their phones. Empty: only the arbiters check players in.",
    )


class CheckInMarkForm(forms.Form):
    present = forms.TypedChoiceField(
        choices=[("1", "Present"), ("0", "Absent")], coerce=lambda value: value == "1"
    )


class SelfCheckInForm(forms.Form):
    section = forms.SlugField(max_length=80)
    rank = forms.IntegerField(min_value=1, max_value=2147483647)
    code = forms.CharField(max_length=40, label="Check-in code", validators=[one_line])


class ScheduleForm(forms.Form):
    """A start date and time per planned round, on the event's clock; empty: no time."""

    def __init__(self, *args: Any, rounds: int, zone: zoneinfo.ZoneInfo, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone
        for number in range(1, rounds + 1):
            self.fields[f"round_{number}"] = forms.DateTimeField(
                label=f"Round {number}",
                required=False,
                validators=[moment_in_range],
                widget=forms.DateTimeInput(
                    attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
                ),
            )

    def full_clean(self) -> None:
        # Times typed in are the venue's: read them in the event's zone, not the site's
        # (a time the clocks skip or repeat there is refused on its field).
        with timezone.override(self.zone):
            super().full_clean()

    def service_arguments(self) -> dict[int, datetime.datetime | None]:
        """Round number → aware start, or None to clear it."""
        return {
            int(name.removeprefix("round_")): value for name, value in self.cleaned_data.items()
        }
