"""`round_draft_panel`: the forms that change a draft, its warnings and its audit log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from pairing.forms import DRAFT_FORMS, DraftChoices, DraftForm
from tournaments.models import Round, RoundStatus
from tournaments.selectors.log import round_log_list

register = template.Library()


@register.inclusion_tag("pairing/draft_edits.html", takes_context=True)
def round_draft_panel(
    context: template.Context,
    round: Round,
    games: Iterable[Any],
    byes: Iterable[Any],
    bound: DraftForm | None = None,
    back: str = "round",
) -> dict[str, Any]:
    """The panel of `round` for its organisers.

    `games` and `byes` are the round's games and byes with their players loaded, or rows
    that hold them (as `.game` and `.bye`), so the page that lists the boards already pays
    for them; the log costs one query. `bound` is a form sent back with its errors.
    """
    is_draft = round.status == RoundStatus.DRAFT
    forms: list[DraftForm] = []
    if is_draft:
        choices = DraftChoices.of(
            (getattr(g, "game", g) for g in games), (getattr(b, "bye", b) for b in byes)
        )
        for action, form_class in DRAFT_FORMS.items():
            if bound is not None and bound.action == action:
                forms.append(bound)
            else:
                forms.append(form_class(choices=choices))
    return {
        "section": context["section"],
        "round": round,
        "is_draft": is_draft,
        "forms": forms,
        "warnings": round.explanation.get("warnings", []),
        "edits": list(round_log_list(section=round.section, number=round.number)),
        "back": back,
        "csrf_token": context.get("csrf_token"),
    }
