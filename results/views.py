"""Organiser pages of results: a result, who had White or a bye corrected in a published
round (C.04.2 4.3), with what the correction means for the rounds paired after it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest
from django.http import HttpResponse

from common.exceptions import ValidationError
from pairing.views import round_for_manager
from pairing.views import round_url
from results import services
from results.forms import ByeCorrectForm
from results.forms import ResultCorrectForm
from tournaments.models import ByeKind
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.views.base import found_or_404
from tournaments.views.confirm import Confirmation
from tournaments.views.confirm import confirmation_page


def _later_paired(rnd: Round) -> int | None:
    later = Round.objects.filter(section_id=rnd.section_id, number__gt=rnd.number).exclude(
        status=RoundStatus.PENDING
    )
    return later.order_by("number").values_list("number", flat=True).first()


def _after_correction(request: HttpRequest, correction: services.Correction) -> None:
    """Say what the correction means for the rounds paired after it, on the next page."""
    for note in correction.replay:
        (messages.info if note.same else messages.warning)(request, note.text)
    if any(not note.same for note in correction.replay):
        messages.warning(
            request,
            "Rounds already paired stand (C.04.2 4.3). A published pairing may be altered "
            "only in the cases of 4.4.",
        )


def _stays_and_goes(rnd: Round, what: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    later = _later_paired(rnd)
    goes = (f"{what}; standings, tie-breaks and the TRF use the corrected value at once.",)
    if later is None:
        stays: tuple[str, ...] = ("The next round is not paired yet: its pairing will use it.",)
    else:
        stays = (
            f"Round {later} and any later round stand as paired (C.04.2 4.3). For a round "
            "still in play you will be told whether it would have been paired differently.",
        )
    return goes, stays


@login_required
def game_correct(
    request: HttpRequest, event_slug: str, section_slug: str, number: int, board: int
) -> HttpResponse:
    """Correct the result of one board of a published round, or who had White on it."""
    rnd = round_for_manager(request, event_slug, section_slug, number)
    game = found_or_404(
        rnd.games.select_related("white", "black", "round").filter(board=board).first(),
        f"Round {number} has no board {board}.",
    )
    now = GameResult(game.result).label if game.result else "no result yet"
    goes, stays = _stays_and_goes(rnd, f"Board {board}'s result ({now}) or colours")
    confirmation = Confirmation(
        title=f"Correct board {board} of round {number}",
        consequence=(
            f"{game.white.full_name} (White) – {game.black.full_name} (Black): {now}. The "
            "correction is written in the event's log with your name and reason."
        ),
        goes=goes,
        stays=stays,
        button="Save the correction",
        cancel_url=round_url(rnd) + f"#board-{board}",
        blocked=(
            ""
            if rnd.status in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED)
            else f"Round {number} is not published."
        ),
    )

    def correct(data: dict[str, Any]) -> None:
        current, version, reason = game, data["version"], data["reason"]
        done = None
        if data["colours"]:
            done = services.game_colours_correct(
                game=current, user=request.user, version=version, reason=reason
            )
            current = done.game or current
            version = current.version
        if data["result"] != current.result:
            done = services.game_result_set(
                game=current,
                user=request.user,
                result=data["result"],
                version=version,
                reason=reason,
            )
        if done is None:
            raise ValidationError(
                f"Board {board} already has {now}: nothing to correct.", field="result"
            )
        _after_correction(request, done)

    return confirmation_page(
        request,
        confirmation,
        correct,
        done=f"Board {board} of round {number} corrected.",
        then=round_url(rnd) + f"#board-{board}",
        form_class=ResultCorrectForm,
        initial={"version": game.version, "result": game.result},
    )


@login_required
def bye_correct(
    request: HttpRequest, event_slug: str, section_slug: str, number: int, rank: int
) -> HttpResponse:
    """Give, change or take away a player's bye in a published round."""
    rnd = round_for_manager(request, event_slug, section_slug, number)
    player = found_or_404(rnd.section.players.filter(starting_rank=rank).first(), "No such player.")
    bye = rnd.byes.filter(player=player).first()
    now = bye.get_kind_display().lower() if bye else "no bye"
    goes, stays = _stays_and_goes(rnd, f"{player.full_name}'s {now} in round {number}")
    blocked = ""
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        blocked = f"Round {number} is not published."
    elif bye is not None and bye.kind == ByeKind.PAIRING_ALLOCATED:
        blocked = (
            f"{player.full_name} has the pairing-allocated bye, which is part of the pairing: "
            "alter the pairing instead (C.04.2 4.4)."
        )
    confirmation = Confirmation(
        title=f"Correct the bye of {player.full_name} in round {number}",
        consequence=f"{player.full_name} (No. {rank}) has {now} in round {number}.",
        goes=goes,
        stays=stays,
        button="Save the correction",
        cancel_url=round_url(rnd),
        blocked=blocked,
    )
    return confirmation_page(
        request,
        confirmation,
        lambda data: _after_correction(
            request, services.bye_correct(round=rnd, player=rank, user=request.user, **data)
        ),
        done=f"Bye of {player.full_name} in round {number} corrected.",
        then=round_url(rnd),
        form_class=ByeCorrectForm,
        initial={"version": rnd.version, "kind": bye.kind if bye else ""},
    )
