"""Organiser pages of the pairing app: a round changed by hand, published, taken back, and
its results corrected.

The change forms sit on the organiser's round page (`templates/pairing/round_draft_panel.html`,
through the `round_draft_panel` tag) and on a page of their own, which is also where a
refused change comes back with its error on the field it names. Every irreversible step
(publishing, pairing again over a draft, unpublishing, deleting a round, a correction) has
a confirmation page that says what goes and what stays (`tournaments.views.confirm`). Each
view parses the request, calls one service and redirects; every service checks the
permission again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_POST

from common.exceptions import DomainError
from common.exceptions import ValidationError
from entries.check_ins.selectors import check_in_byes_count
from entries.check_ins.selectors import check_in_missing_list
from entries.check_ins.selectors import round_players_list
from pairing import selectors
from pairing import services
from pairing.forms import DRAFT_FORMS
from pairing.forms import DraftChoices
from pairing.forms import DraftForm
from pairing.forms import ReasonForm
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors import rounds as round_selectors
from tournaments.selectors.pages import round_board_labels_get
from tournaments.selectors.pages import round_page_get
from tournaments.views.base import found_or_404
from tournaments.views.base import section_for_manager
from tournaments.views.confirm import Confirmation
from tournaments.views.confirm import confirmation_page


def round_for_manager(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> Round:
    section = section_for_manager(request, event_slug, section_slug)
    rnd = found_or_404(
        selectors.round_get(section=section, number=number), f"Round {number} is not paired."
    )
    rnd.section = section
    return rnd


def round_url(rnd: Round, name: str = "round_manage") -> str:
    """The address of the page `name` of `rnd` (its organiser page by default)."""
    section = rnd.section
    return reverse(name, args=[section.event.slug, section.slug, rnd.number])


def _draft_page(request: HttpRequest, rnd: Round, bound: DraftForm | None = None) -> HttpResponse:
    pairings = selectors.round_pairings_get(round=rnd)
    labels = round_board_labels_get(round=rnd)
    context = {
        "section": rnd.section,
        "round": rnd,
        "games": pairings.games,
        "boards": [(g, labels.get(g.board, "")) for g in pairings.games],
        "byes": pairings.byes,
        "bound": bound,
    }
    return render(request, "pairing/round_draft.html", context)


@login_required
def round_draft(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    return _draft_page(request, round_for_manager(request, event_slug, section_slug, number))


@login_required
@require_POST
def round_draft_edit(
    request: HttpRequest, event_slug: str, section_slug: str, number: int, action: str
) -> HttpResponse:
    if action not in DRAFT_FORMS:
        raise Http404(f"There is no change called {action!r}.")
    rnd = round_for_manager(request, event_slug, section_slug, number)
    pairings = selectors.round_pairings_get(round=rnd)
    published = rnd.status == RoundStatus.PUBLISHED
    outside = selectors.round_outside_players_list(round=rnd) if published else []
    form = DRAFT_FORMS[action](
        request.POST,
        choices=DraftChoices.of(pairings.games, pairings.byes, outside),
        version=rnd.version,
        published=published,
    )
    if form.is_valid():
        try:
            _apply(action, rnd, request, form.cleaned_data)
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, "Saved: the change is in the round's log.")
            return redirect(_back(request, rnd.section, number))
    return _draft_page(request, rnd, form)


def _apply(action: str, rnd: Round, request: HttpRequest, data: dict[str, Any]) -> Round:
    user = request.user
    if action == "colours":
        game = rnd.games.filter(board=data.pop("board")).first()
        if game is None:
            raise ValidationError(f"Round {rnd.number} has no such board.", field="board")
        return services.game_colours_swap(game=game, user=user, **data)
    if action == "swap":
        return services.draft_players_swap(round=rnd, user=user, **data)
    if action == "pair":
        return services.draft_players_pair(round=rnd, user=user, **data)
    if action == "bye-give":
        return services.draft_bye_give(round=rnd, user=user, **data)
    return services.draft_bye_take(round=rnd, user=user, **data)


def _back(request: HttpRequest, section: Section, number: int) -> str:
    """Where the form was sent from: the draft page, or else the organiser's round page."""
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, "number": number}
    name = "round_draft" if request.POST.get("back") == "draft" else "round_manage"
    return reverse(name, kwargs=kwargs) + "#draft-edits"


# ---------------------------------------------------------------------------------------
# Publishing and taking back: confirmation pages
# ---------------------------------------------------------------------------------------


def _round_step(
    request: HttpRequest,
    rnd: Round,
    confirmation: Confirmation,
    act: Callable[[dict[str, Any]], object],
    *,
    done: str,
) -> HttpResponse:
    """The confirmation page of one step taken with a whole round: it asks for a reason and
    carries the round's version, so a round changed meanwhile is refused, not overwritten."""
    return confirmation_page(
        request,
        confirmation,
        act,
        done=done,
        then=round_url(rnd),
        form_class=ReasonForm,
        initial={"version": rnd.version},
    )


def _count(number: int, word: str, plural: str = "") -> str:
    return f"{number} {word if number == 1 else plural or word + 's'}"


def _boards_and_byes(takeback: services.Takeback) -> str:
    """ "4 boards", "4 boards and 1 bye", "2 team matches, 8 boards and 1 bye"."""
    parts = [_count(takeback.boards, "board")]
    if takeback.matches:
        parts.insert(0, _count(takeback.matches, "team match", "team matches"))
    if takeback.byes:
        parts.append(_count(takeback.byes, "bye"))
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def _hand_edits(rnd: Round) -> list[str]:
    return [str(edit) for edit in rnd.explanation.get("edits", [])]


@login_required
def round_publish(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    rnd = round_for_manager(request, event_slug, section_slug, number)
    warnings = list(rnd.explanation.get("warnings", []))
    boards = rnd.games.count()
    confirmation = Confirmation(
        title=f"Publish round {number}?",
        consequence=(
            f"Players will see round {number}'s {boards} board{'s' if boards != 1 else ''} "
            "on every page and in the API at once. After that its pairing may be altered "
            "only in the cases of C.04.2 4.4, and unpublished only while no result is in."
        ),
        goes=tuple(f"Published with this broken rule: {w}" for w in warnings),
        stays=(
            f"The draft exactly as shown (version {rnd.version}); hand edits: "
            f"{len(_hand_edits(rnd)) or 'none'}.",
        ),
        button=f"Publish round {number}",
        cancel_url=round_url(rnd),
        blocked="" if rnd.status == RoundStatus.DRAFT else f"Round {number} is not a draft.",
        danger=False,
    )
    return _round_step(
        request,
        rnd,
        confirmation,
        lambda data: services.round_publish(round=rnd, user=request.user, **data),
        done=f"Round {number} published: players see it now.",
    )


@login_required
def round_pair_again(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    rnd = round_for_manager(request, event_slug, section_slug, number)
    edits = _hand_edits(rnd)
    goes = [f"The draft's {rnd.games.count()} boards, made anew by the engine."]
    goes += [f"Hand edit lost: {edit}" for edit in edits]
    confirmation = Confirmation(
        title=f"Pair round {number} again?",
        consequence=(
            f"The draft of round {number} is thrown away and the engine pairs the round again "
            "from the section as it is now (players, byes asked for, corrections)."
            + (
                f" The {len(edits)} hand edit{'s' if len(edits) != 1 else ''} of this draft "
                "will be lost."
                if edits
                else ""
            )
        ),
        goes=tuple(goes),
        stays=("Every earlier round and its results.", "The log, which keeps every change."),
        button=f"Pair round {number} again",
        cancel_url=round_url(rnd),
        blocked="" if rnd.status == RoundStatus.DRAFT else f"Round {number} is not a draft.",
    )
    return _round_step(
        request,
        rnd,
        confirmation,
        lambda data: services.round_pair(
            section=rnd.section,
            number=number,
            user=request.user,
            again=True,
            reason=data["reason"],
        ),
        done=f"Round {number} is being paired again.",
    )


@login_required
def round_unpublish(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    rnd = round_for_manager(request, event_slug, section_slug, number)
    takeback = services.round_takeback_get(round=rnd)
    confirmation = Confirmation(
        title=f"Unpublish round {number}?",
        consequence=(
            f"Round {number} goes back to a draft: players no longer see its pairings until "
            "it is published again."
        ),
        goes=(f"Round {number} leaves the public pages, the API and the exports.",),
        stays=(
            f"Its {_boards_and_byes(takeback)}, exactly as paired, for you to change or publish "
            "again.",
            "Everything before it, and its log.",
        ),
        button=f"Unpublish round {number}",
        cancel_url=round_url(rnd),
        blocked=takeback.unpublish_blocked,
    )
    return _round_step(
        request,
        rnd,
        confirmation,
        lambda data: services.round_unpublish(round=rnd, user=request.user, **data),
        done=f"Round {number} is a draft again: players no longer see it.",
    )


@login_required
def round_delete(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    rnd = round_for_manager(request, event_slug, section_slug, number)
    takeback = services.round_takeback_get(round=rnd)
    edits = _hand_edits(rnd)
    goes = [
        f"Its {_boards_and_byes(takeback)}"
        + (" (players see the round disappear)" if rnd.status != RoundStatus.DRAFT else "")
        + ".",
    ]
    if edits:
        goes.append(f"{len(edits)} hand edit{'s' if len(edits) != 1 else ''} of its pairing.")
    left_out = check_in_byes_count(section=rnd.section, number=number)
    if left_out:
        goes.append(
            ngettext(
                "The zero-point bye this pairing gave %(count)d player who had not checked "
                "in: check-in for round %(number)d opens again as it was before.",
                "The zero-point byes this pairing gave %(count)d players who had not checked "
                "in: check-in for round %(number)d opens again as it was before.",
                left_out,
            )
            % {"count": left_out, "number": number}
        )
    confirmation = Confirmation(
        title=f"Delete round {number}?",
        consequence=f"Round {number} is no longer paired, and can be paired again.",
        goes=tuple(goes),
        stays=(
            "Every earlier round and its results.",
            "Byes asked for this round: they come back when it is paired again."
            if not left_out
            else _("Other byes asked for this round: they come back when it is paired again."),
            "The log, which keeps every board the round had.",
        ),
        button=f"Delete round {number}",
        cancel_url=round_url(rnd),
        blocked=takeback.delete_blocked,
    )
    return _round_step(
        request,
        rnd,
        confirmation,
        lambda data: services.round_delete(round=rnd, user=request.user, **data),
        done=f"Round {number} deleted: it can be paired again.",
    )


@login_required
def round_replay(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    """Pair the round in play again in memory with today's data, and say whether the engine
    would pair it otherwise (nothing is changed: C.04.2 4.3 and 4.4 are the arbiter's)."""
    rnd = round_for_manager(request, event_slug, section_slug, number)
    replayed = services.rounds_replay(section=rnd.section, after=number - 1)
    note = next((n for n in replayed if n.round == number), None)
    context = {"section": rnd.section, "round": rnd, "note": note}
    return render(request, "pairing/round_replay.html", context)


@login_required
def round_manage(
    request: HttpRequest, event_slug: str, section_slug: str, number: int
) -> HttpResponse:
    """The organiser's page of a round: pair it, publish it, enter its results."""
    section = section_for_manager(request, event_slug, section_slug)
    next_round = round_selectors.section_next_round(section=section)
    missing = check_in_missing_list(section=section, number=number) if number >= next_round else []
    expected = round_players_list(section=section, number=number).count() if missing else 0
    context = {
        "section": section,
        "number": number,
        "page": round_page_get(section=section, number=number, drafts=True),
        "next_round": next_round,
        # A later round is paired: this round's results change only by correction (C.04.2 4.3).
        "locked": next_round > number + 1,
        "round_to_pair": round_selectors.section_round_to_pair(section=section),
        "pair_blocked": round_selectors.section_pair_blocked_get(section=section, number=number),
        "results": GameResult.choices[1:],
        "checks_in": section.checks_in(number),
        "not_checked_in": missing,
        "check_in_expected": expected,
        # Leaving them out would leave fewer than two players: no board.
        "check_in_no_board": bool(missing) and expected - len(missing) < 2,
    }
    return render(request, "pairing/round_manage.html", context)


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """The site's health for monitors and load balancers, without signing in: 200 when the
    database, the cache and the broker answer and a worker was seen lately on every queue
    the site sends tasks to, else 503; the JSON says what was checked and what is wrong
    (`selectors.site_health_get`)."""
    report = selectors.site_health_get()
    return JsonResponse(report.as_dict(), status=200 if report.ok else 503)
