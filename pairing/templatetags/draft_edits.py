"""Template tags of the organiser's round page: `round_actions`, what may be done with the
round now (and why not, for what is refused), and `round_draft_panel`, the forms that
change a draft or alter a published pairing, its warnings and its log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from pairing.forms import DRAFT_FORMS
from pairing.forms import DraftChoices
from pairing.forms import DraftForm
from pairing.selectors import round_outside_players_list
from pairing.services import round_takeback_get
from tournaments.models import LogAction
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.selectors.log import round_log_list

register = template.Library()

LOG_LINES = 50


@register.inclusion_tag("pairing/round_actions.html", takes_context=True)
def round_actions(context: template.Context, round: Round) -> dict[str, Any]:
    """The round's buttons: publish and pair again (a draft), unpublish and delete; each
    irreversible one leads to its confirmation page, each refused one is shown disabled
    with the reason (two queries)."""
    takeback = round_takeback_get(round=round)
    edits = len(round.explanation.get("edits", []))
    return {
        "section": context["section"],
        "round": round,
        "takeback": takeback,
        "edits": edits,
        "is_draft": round.status == RoundStatus.DRAFT,
        "is_published": round.status in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED),
        "in_play": round.status in (RoundStatus.DRAFT, RoundStatus.PUBLISHED),
    }


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
    for them; the log costs one query (a published round, whose pairing may be altered under
    C.04.2 4.4, one more for the players not on a board). `bound` is a form sent back with
    its errors.
    """
    is_draft = round.status == RoundStatus.DRAFT
    published = round.status == RoundStatus.PUBLISHED
    forms: list[DraftForm] = []
    if is_draft or published:
        outside = round_outside_players_list(round=round) if published else []
        choices = DraftChoices.of(
            (getattr(g, "game", g) for g in games), (getattr(b, "bye", b) for b in byes), outside
        )
        for action, form_class in DRAFT_FORMS.items():
            if bound is not None and bound.action == action:
                forms.append(bound)
            else:
                forms.append(
                    form_class(choices=choices, version=round.version, published=published)
                )
    return {
        "section": context["section"],
        "round": round,
        "is_draft": is_draft,
        "published": published,
        "forms": forms,
        "warnings": round.explanation.get("warnings", []),
        # Results are many and routine: the event's log has them; corrections stay here.
        "edits": list(
            round_log_list(section=round.section, number=round.number).exclude(
                action=LogAction.RESULT
            )[:LOG_LINES]
        ),
        "back": back,
        "csrf_token": context.get("csrf_token"),
    }
