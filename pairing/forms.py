"""Forms of the draft page: one small form per kind of change, players by starting rank.

Each form offers only what the draft holds (its boards, its players on a board or with the
pairing-allocated bye), so a stale or forged choice is refused on its field; the service
checks everything again under the section lock. Every form carries the round's version it
was shown with, so a change made meanwhile by someone else is never overwritten unseen; a
published round's forms also ask for the case of C.04.2 4.4 that permits the alteration,
and may bring in players who are not on a board (4.4.3, 4.4.4).

The form of the confirmation pages (a reason) is here too; the correction forms are the
`results` app's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import forms

from pairing.services import AlterationCase
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import Player

Choices = list[tuple[int | str, str]]


@dataclass(frozen=True, slots=True)
class DraftChoices:
    """What the forms of one draft may choose from."""

    boards: Choices
    players: Choices
    seated: Choices
    bye_holders: Choices

    @classmethod
    def of(
        cls, games: Iterable[Game], byes: Iterable[Bye], outside: Iterable[Player] = ()
    ) -> DraftChoices:
        """The choices of a round's boards and byes; `outside` adds the players who are not
        on a board (for altering a published pairing under 4.4.3 or 4.4.4)."""
        boards: Choices = []
        seated: Choices = []
        for g in games:
            boards.append((g.board, f"{g.board}: {_short(g.white)} – {_short(g.black)}"))
            seated.append((g.white.starting_rank, f"{_short(g.white)} (bd {g.board}, White)"))
            seated.append((g.black.starting_rank, f"{_short(g.black)} (bd {g.board}, Black)"))
        holders: Choices = [
            (b.player.starting_rank, f"{_short(b.player)} (bye)")
            for b in byes
            if b.kind == ByeKind.PAIRING_ALLOCATED
        ]
        held = {int(rank) for rank, _label in holders}
        brought: Choices = [
            (p.starting_rank, f"{_short(p)} (not on a board)")
            for p in outside
            if p.starting_rank not in held
        ]
        players: Choices = sorted([*seated, *holders, *brought], key=lambda c: int(c[0]))
        return cls(boards=boards, players=players, seated=seated, bye_holders=list(holders))


def _short(player: Any) -> str:
    return f"{player.starting_rank} {player.full_name}"


def _pick(label: str, choices: Choices, *, required: bool = True) -> forms.TypedChoiceField:
    if not required:
        choices = [("", "The other player with the bye"), *choices]
    return forms.TypedChoiceField(
        label=label, choices=choices, coerce=int, required=required, empty_value=None
    )


class DraftForm(forms.Form):
    """Base of the draft forms: fields made from the draft's choices, ids unique per form."""

    action = ""
    title = ""
    submit = ""

    def __init__(
        self,
        *args: Any,
        choices: DraftChoices,
        version: int,
        published: bool = False,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("auto_id", f"id_{self.action}_%s")
        super().__init__(*args, **kwargs)
        self.add_fields(choices)
        self.fields["version"] = forms.IntegerField(widget=forms.HiddenInput, initial=version)
        if published:
            self.fields["case"] = forms.ChoiceField(
                label="Why a published pairing may change (C.04.2 4.4)",
                choices=[("", "Choose the case…"), *AlterationCase.choices],
            )

    def add_fields(self, choices: DraftChoices) -> None:
        raise NotImplementedError


class ColoursSwapForm(DraftForm):
    action = "colours"
    title = "Swap colours on a board"
    submit = "Swap colours"

    def add_fields(self, choices: DraftChoices) -> None:
        self.fields["board"] = _pick("Board", choices.boards)


class PlayersSwapForm(DraftForm):
    action = "swap"
    title = "Swap two players"
    submit = "Swap them"

    def add_fields(self, choices: DraftChoices) -> None:
        self.fields["first"] = _pick("Player", choices.players)
        self.fields["second"] = _pick("takes the place of", choices.players)


class PlayersPairForm(DraftForm):
    action = "pair"
    title = "Pair two players"
    submit = "Pair them"

    def add_fields(self, choices: DraftChoices) -> None:
        self.fields["white"] = _pick("White", choices.players)
        self.fields["black"] = _pick("Black", choices.players)


class ByeGiveForm(DraftForm):
    action = "bye-give"
    title = "Give the bye"
    submit = "Give the bye"

    def add_fields(self, choices: DraftChoices) -> None:
        self.fields["player"] = _pick("Player", choices.seated)


class ByeTakeForm(DraftForm):
    action = "bye-take"
    title = "Take the bye away"
    submit = "Pair them"

    def add_fields(self, choices: DraftChoices) -> None:
        self.fields["player"] = _pick("Player with the bye", choices.bye_holders)
        self.fields["opponent"] = _pick("plays", choices.players, required=False)


DRAFT_FORMS: dict[str, type[DraftForm]] = {
    form.action: form
    for form in (PlayersSwapForm, PlayersPairForm, ColoursSwapForm, ByeGiveForm, ByeTakeForm)
}


def log_reason_field(*, required: bool = False) -> forms.CharField:
    """A one-line box for why a step is taken, kept in the event's log."""
    return forms.CharField(
        label="Reason (for the event's log)",
        max_length=500,
        required=required,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class ReasonForm(forms.Form):
    """The reason an irreversible step is taken, for the event's log."""

    reason = log_reason_field()
    version = forms.IntegerField(widget=forms.HiddenInput)
