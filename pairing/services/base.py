"""What the pairing services share: errors and clean-up helpers."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from common.exceptions import DomainError
from common.exceptions import StateError
from pairing.models import PairingRun
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.selectors.log import round_log_list

# The same result seen from the other side of the board, for a swap of colours.
RESULT_MIRROR = {
    GameResult.WHITE_WINS: GameResult.BLACK_WINS,
    GameResult.BLACK_WINS: GameResult.WHITE_WINS,
    GameResult.WHITE_WINS_FORFEIT: GameResult.BLACK_WINS_FORFEIT,
    GameResult.BLACK_WINS_FORFEIT: GameResult.WHITE_WINS_FORFEIT,
    GameResult.WHITE_WINS_UNRATED: GameResult.BLACK_WINS_UNRATED,
    GameResult.BLACK_WINS_UNRATED: GameResult.WHITE_WINS_UNRATED,
}

# The changes to a draft made by hand (`pairing.services.drafts`), each one log entry.
DRAFT_EDIT_ACTIONS = (
    LogAction.COLOURS_SWAP,
    LogAction.OPPONENTS_SWAP,
    LogAction.PLAYERS_SWAP,
    LogAction.PLAYERS_PAIR,
    LogAction.BYE_GIVE,
    LogAction.BYE_TAKE,
)
# The entries that start a round's pairing afresh: asked for, stored, asked for again.
PAIRING_ACTIONS = (LogAction.PAIR, LogAction.PAIRED, LogAction.REPAIR)


class RoundStateError(StateError):
    """The round (or the one before it) is in the wrong state for the request."""

    code = "round_state"


class SystemNotAvailable(DomainError):
    """The section's pairing system has no engine yet."""

    code = "system_not_available"


def hand_edits_count(rnd: Round) -> int:
    """How many changes by hand the draft `rnd` carries: its log entries of the draft-edit
    actions since it was last paired (two queries)."""
    entries = round_log_list(section=rnd.section, number=rnd.number)
    edits = entries.filter(action__in=DRAFT_EDIT_ACTIONS)
    paired = entries.filter(action__in=PAIRING_ACTIONS).first()
    if paired is not None:
        edits = edits.filter(
            Q(created_at__gt=paired.created_at) | Q(created_at=paired.created_at, pk__gt=paired.pk)
        )
    return edits.count()


def run_close(run: PairingRun, status: str, error: str) -> None:
    run.status = status
    run.error = error
    run.finished_at = timezone.now()
    run.save()


def round_clear(rnd: Round) -> None:
    """Remove a round's boards, byes and team matches (seats and line-ups go with them)
    and its explanation."""
    rnd.games.all().delete()
    rnd.byes.all().delete()
    rnd.team_matches.all().delete()
    rnd.team_byes.all().delete()
    rnd.explanation = {}
    rnd.is_pure_fide = True


def round_settled_status(rnd: Round) -> str:
    """Published while a game of `rnd` waits for its result, completed when none does."""
    pending = rnd.games.filter(result=GameResult.PENDING).exists()
    return RoundStatus.PUBLISHED if pending else RoundStatus.COMPLETED
