"""What the pairing services share: errors, the user type and clean-up helpers."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from common.exceptions import DomainError, StateError
from pairing.models import PairingRun
from tournaments.models import Round

User = AbstractBaseUser | AnonymousUser


class RoundStateError(StateError):
    """The round (or the one before it) is in the wrong state for the request."""

    code = "round_state"


class SystemNotAvailable(DomainError):
    """The section's pairing system has no engine yet."""

    code = "system_not_available"


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
