"""Taking a round back: unpublishing it, or deleting it to pair it again.

Both only while nobody has played a move that counts: a round is taken back while no game
of it has a result entered (a result fixed with the pairing, such as a round robin's
forfeit of an absent player, is the pairing's and goes with it). What each would remove,
and why it cannot be done, is said before it is done (`round_takeback_get`), so the pages
show it and disable what is refused; the services check again under the section's lock.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from common.types import AnyUser
from entries.check_ins.services import do_check_in_byes_take_back
from pairing.services.base import RoundStateError
from pairing.services.base import round_clear
from pairing.services.versions import round_version_check
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.services import log_write
from tournaments.services import section_lock_for_manager

__all__ = ["Takeback", "round_delete", "round_takeback_get", "round_unpublish"]


@dataclass(frozen=True, slots=True)
class Takeback:
    """What taking round `number` back means now: why each way is refused ("" when it is
    not), and what would go."""

    number: int
    unpublish_blocked: str
    delete_blocked: str
    boards: int
    byes: int
    matches: int


def round_takeback_get(*, round: Round) -> Takeback:
    """What unpublishing and deleting `round` would do, and why either is refused."""
    results = _results_entered(round)
    later = (
        Round.objects.filter(section_id=round.section_id, number__gt=round.number)
        .exclude(status=RoundStatus.PENDING)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    if round.status == RoundStatus.PAIRING:
        unpublish = delete = f"Round {round.number} is being paired: wait for its draft."
    elif round.status == RoundStatus.PENDING:
        unpublish = delete = f"Round {round.number} is not paired."
    else:
        entered = ""
        if results:
            boards = ", ".join(str(b) for b in results[:8]) + ("…" if len(results) > 8 else "")
            entered = (
                f"Round {round.number} has results (board{'s' if len(results) > 1 else ''} "
                f"{boards}): clear them first."
            )
        unpublish = entered
        if round.status == RoundStatus.DRAFT:
            unpublish = f"Round {round.number} is not published."
        delete = entered
        if later is not None:
            delete = f"Round {later} is paired after it: only the latest round can be deleted."
            unpublish = unpublish or (
                f"Round {later} is paired after it: only the latest round can be unpublished."
            )
    return Takeback(
        number=round.number,
        unpublish_blocked=unpublish,
        delete_blocked=delete,
        boards=round.games.count(),
        byes=round.byes.count(),
        matches=round.team_matches.count(),
    )


@transaction.atomic
def round_unpublish(*, round: Round, user: AnyUser, version: int, reason: str = "") -> Round:
    """Take a published round back to a draft: players no longer see it, its boards stay
    as they are for the organisers to change or publish again.

    Refused (`RoundStateError`) once a game of the round has a result entered, or when a
    later round is paired; `StaleWrite` when `version` is not the round's. Locks the section.
    """
    rnd = _locked(round, user, version)
    if rnd.status == RoundStatus.DRAFT:
        return rnd
    blocked = round_takeback_get(round=rnd).unpublish_blocked
    if blocked:
        raise RoundStateError(blocked)
    rnd.status = RoundStatus.DRAFT
    rnd.published_at = None
    rnd.version += 1
    rnd.save(update_fields=["status", "published_at", "version", "updated_at"])
    log_write(
        rnd.section,
        user,
        LogAction.UNPUBLISH,
        f"Round {rnd.number} taken back to a draft: players no longer see it.",
        round_number=rnd.number,
        reason=reason,
    )
    return rnd


@transaction.atomic
def round_delete(*, round: Round, user: AnyUser, version: int, reason: str = "") -> Round:
    """Delete the boards and byes of the latest round (a draft, or published with no result
    entered), so that it can be paired again. The round is then not paired (pending).

    The log keeps what the round held (its boards and byes by starting rank). Byes asked for
    stay asked for, and come back when it is paired again, except the zero-point byes its
    pairing gave the players who had not checked in: they go with it
    (`do_check_in_byes_take_back`), so check-in for the round reopens as it was.
    Refused (`RoundStateError`) while it is being paired, once a result is entered, or when
    a later round is paired; `StaleWrite` when `version` is not the round's. Locks the
    section.
    """
    rnd = _locked(round, user, version)
    blocked = round_takeback_get(round=rnd).delete_blocked
    if blocked:
        raise RoundStateError(blocked)
    boards = [
        [white, black]
        for white, black in rnd.games.order_by("board").values_list(
            "white__starting_rank", "black__starting_rank"
        )
    ]
    byes = [
        [rank, kind]
        for rank, kind in rnd.byes.order_by("player__starting_rank").values_list(
            "player__starting_rank", "kind"
        )
    ]
    matches = [
        [white, black]
        for white, black in rnd.team_matches.order_by("number").values_list(
            "white_team__starting_rank", "black_team__starting_rank"
        )
    ]
    was = rnd.get_status_display().lower()
    round_clear(rnd)
    rnd.status = RoundStatus.PENDING
    rnd.published_at = None
    rnd.version += 1
    rnd.save(
        update_fields=[
            "status",
            "published_at",
            "explanation",
            "is_pure_fide",
            "version",
            "updated_at",
        ]
    )
    what = f"{len(boards)} board{'s' if len(boards) != 1 else ''}"
    if byes:
        what += f" and {len(byes)} bye{'s' if len(byes) != 1 else ''}"
    changes: dict[str, object] = {"boards": boards, "byes": byes}
    if matches:
        changes["matches"] = matches
    log_write(
        rnd.section,
        user,
        LogAction.ROUND_DELETE,
        f"Round {rnd.number} ({was}) deleted with its {what}; it can be paired again.",
        round_number=rnd.number,
        reason=reason,
        changes=changes,
    )
    do_check_in_byes_take_back(section=rnd.section, number=rnd.number, actor=user)
    return rnd


def _locked(round: Round, user: AnyUser, version: int) -> Round:
    section = section_lock_for_manager(section_id=round.section_id, user=user)
    rnd = Round.objects.get(pk=round.pk)
    rnd.section = section
    round_version_check(rnd, version)
    return rnd


def _results_entered(rnd: Round) -> list[int]:
    """Boards of `rnd` with a result entered after the pairing (a result the pairing fixed
    keeps the game's first version), and in a team round the first board of each match
    forfeited by hand (a forfeit the pairing decided is not in the log)."""
    boards = set(rnd.games.exclude(result="").filter(version__gt=1).values_list("board", flat=True))
    per_match = rnd.section.boards_per_match or 1
    forfeited = rnd.team_matches.exclude(forfeit="").values_list("number", flat=True)
    if (
        forfeited
        and LogEntry.objects.filter(
            section_id=rnd.section_id, round_number=rnd.number, action=LogAction.MATCH_FORFEIT
        ).exists()
    ):
        boards.update((number - 1) * per_match + 1 for number in forfeited)
    return sorted(boards)
