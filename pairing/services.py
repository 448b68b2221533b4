"""Writes for pairing: ask for a round, carry out the run, publish, enter results.

The life of a round (`Round.status`): pending → pairing (a run is queued or running) →
draft (the engine's boards, visible to organisers) → published → completed (every game has
a result). A failed run sends the round back to pending; a new request on a draft discards
its boards and pairs again.

Locks are always taken in the same order, section row first, then the run, so that a
request and a worker never wait on each other in a cycle.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from importlib import metadata
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone

from common.exceptions import DomainError, PermissionDenied, StateError, ValidationError
from pairing.engine import (
    BracketNote,
    InvalidRecord,
    NoLegalPairing,
    PairingOptions,
    PairingResult,
    pair_round,
)
from pairing.engine.round_robin import berger_round, berger_rounds
from pairing.models import ACTIVE_STATUSES, PairingRun, RunStatus
from pairing.selectors import pairing_record_get
from tournaments.models import (
    Bye,
    ByeKind,
    Event,
    Game,
    GameResult,
    PairingSystem,
    Round,
    RoundStatus,
    Seat,
    Section,
)
from tournaments.record import model as rec
from tournaments.selectors import event_is_manager

logger = logging.getLogger(__name__)

User = AbstractBaseUser | AnonymousUser

# A run that has not moved for this long lost its worker for good (the broker gave up
# redelivering it): a new request may replace it instead of waiting forever.
RUN_STALE_AFTER = timedelta(minutes=15)
# Each delivery of a run counts an attempt; a run that keeps killing its worker stops here.
MAX_ATTEMPTS = 3

SWISS_SYSTEMS = {PairingSystem.DUTCH: "dutch", PairingSystem.BAKU: "dutch"}
ROUND_ROBIN_SYSTEMS = {PairingSystem.ROUND_ROBIN: False, PairingSystem.DOUBLE_ROUND_ROBIN: True}
REQUESTED_BYES = {
    rec.ResultCode.HALF_POINT_BYE: ByeKind.HALF_POINT,
    rec.ResultCode.FULL_POINT_BYE: ByeKind.FULL_POINT,
    rec.ResultCode.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
}


class RoundStateError(StateError):
    """The round (or the one before it) is in the wrong state for the request."""

    code = "round_state"


class SystemNotAvailable(DomainError):
    """The section's pairing system has no engine yet."""

    code = "system_not_available"


# ---------------------------------------------------------------------------------------
# Asking for a round
# ---------------------------------------------------------------------------------------


@transaction.atomic
def round_pair(*, section: Section, number: int, user: User) -> PairingRun:
    """Ask for round `number` of `section` to be paired; the run is carried out on commit.

    Preconditions: `user` organises or arbitrates the event (else `PermissionDenied`); the
    round is within the planned rounds (`ValidationError`); the round before it is
    completed and this one is not published yet (`RoundStateError`).

    Locks the section row, so simultaneous requests are taken one after the other: while a
    run for the round is queued or running, every request returns that run. A request on a
    draft discards its boards and pairs the round again.
    """
    section = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    _require_manager(section.event, user)
    if not 1 <= number <= section.planned_rounds:
        raise ValidationError(
            f"Round {number} is outside the {section.planned_rounds} planned rounds.",
            field="number",
        )
    active = PairingRun.objects.filter(
        section=section, round_number=number, status__in=ACTIVE_STATUSES
    ).first()
    if active is not None:
        if active.updated_at >= timezone.now() - RUN_STALE_AFTER:
            return active
        _run_close(active, RunStatus.FAILED, "The worker carrying out this run was lost.")
    if number > 1:
        previous = Round.objects.filter(section=section, number=number - 1).first()
        if previous is None or previous.status != RoundStatus.COMPLETED:
            raise RoundStateError(f"Round {number - 1} is not completed yet.", field="number")
    rnd, _created = Round.objects.select_for_update().get_or_create(section=section, number=number)
    if rnd.status in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(f"Round {number} is already published.", field="number")
    repair = rnd.status == RoundStatus.DRAFT
    _round_clear(rnd)
    rnd.status = RoundStatus.PAIRING
    rnd.save(update_fields=["status", "explanation", "is_pure_fide", "updated_at"])
    run = PairingRun.objects.create(
        section=section,
        round_number=number,
        request={
            "round": number,
            "system": section.system,
            "repair": repair,
            "requested_by": user.pk,
        },
    )
    # Imported here: the task module imports this one to call `pairing_run_execute`.
    from pairing.tasks import round_pair_task

    round_pair_task.delay_on_commit(run.pk)
    return run


# ---------------------------------------------------------------------------------------
# Carrying out a run (the worker side)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Board:
    white: int
    black: int
    result: str
    explanation: str


@dataclass(frozen=True, slots=True)
class _Plan:
    """A round ready to store: boards by starting rank, byes, and why."""

    boards: tuple[_Board, ...]
    byes: tuple[tuple[int, str], ...]
    explanation: dict[str, Any]
    engine_version: str
    deviations: tuple[str, ...] = ()
    """Organiser constraints beyond the FIDE rules that shaped the round."""


def pairing_run_execute(*, run_id: int) -> PairingRun:
    """Carry out run `run_id`: pair the round and store it as a draft, or record the failure.

    Safe to call again for the same run at any point: a finished run is returned as it is,
    and a running one (its worker died) is carried out again. The engine runs outside any
    transaction; its boards are stored in one transaction that also finishes the run, so a
    round is either stored whole or not at all.
    """
    run = _run_start(run_id)
    if run.status != RunStatus.RUNNING:
        return run
    if run.attempts > MAX_ATTEMPTS:
        return _run_fail(run_id, f"Gave up after {MAX_ATTEMPTS} attempts.", {"code": "gave_up"})
    started = time.perf_counter()
    try:
        plan = _plan(run)
    except NoLegalPairing as exc:
        return _run_fail(
            run_id,
            f"No legal pairing: {exc.reason}",
            {"code": "no_legal_pairing", "blocking": list(exc.blocking)},
        )
    except InvalidRecord as exc:
        return _run_fail(run_id, f"The section cannot be paired: {exc}", {"code": "invalid_record"})
    except DomainError as exc:
        return _run_fail(run_id, exc.message, {"code": exc.code})
    except Exception:
        # Engines are pure and deterministic: trying again would fail the same way.
        logger.exception("Pairing run %s failed in the engine", run_id)
        error = "The pairing engine failed; the error has been logged."
        return _run_fail(run_id, error, {"code": "engine_error"})
    try:
        return _run_finish(run_id, plan, time.perf_counter() - started)
    except DomainError as exc:
        return _run_fail(run_id, exc.message, {"code": exc.code})


@transaction.atomic
def _run_start(run_id: int) -> PairingRun:
    run = PairingRun.objects.select_for_update().select_related("section").get(pk=run_id)
    if run.status in (RunStatus.DONE, RunStatus.FAILED):
        return run
    run.status = RunStatus.RUNNING
    run.attempts += 1
    run.started_at = timezone.now()
    run.save(update_fields=["status", "attempts", "started_at", "updated_at"])
    return run


def _plan(run: PairingRun) -> _Plan:
    section = run.section
    number = run.round_number
    record = pairing_record_get(section=section, number=number)
    if section.system in SWISS_SYSTEMS:
        return _swiss_plan(record, number, SWISS_SYSTEMS[section.system])
    if section.system in ROUND_ROBIN_SYSTEMS:
        return _berger_plan(record, number, double=ROUND_ROBIN_SYSTEMS[section.system])
    label = PairingSystem(section.system).label
    raise SystemNotAvailable(f"Pairing by the {label} is not available yet.")


def _swiss_plan(record: rec.Record, number: int, system: str) -> _Plan:
    """C.04.3 (with C.04.7 when the record names Baku acceleration) through `pair_round`."""
    result = pair_round(record, options=PairingOptions(system=system, round_to_pair=number))
    boards = tuple(
        _Board(b.white, b.black, GameResult.PENDING, _board_explanation(b.white, b.black, result))
        for b in result.boards
    )
    byes = list(_requested_byes(record, number))
    if result.bye is not None:
        byes.append((result.bye, ByeKind.PAIRING_ALLOCATED))
    deviations = _deviations(record, number)
    explanation = {
        "system": system,
        "brackets": [_note_json(note) for note in result.explanation],
        "bye": result.bye,
        "deviations": list(deviations),
    }
    return _Plan(boards, tuple(byes), explanation, _engine_version(system), deviations)


def _deviations(record: rec.Record, number: int) -> tuple[str, ...]:
    """What the organiser asked for that the FIDE rules do not know (DESIGN: "pure FIDE")."""
    present = {p.rank for p in record.players}
    found = []
    for rule in record.forbidden_pairings:
        ranks = [r for r in rule.ranks if r in present]
        if rule.applies_to(number) and len(ranks) >= 2:
            found.append("Forbidden pairings among " + ", ".join(map(str, ranks)) + ".")
    if record.pab_exclusions:
        ranks = ", ".join(map(str, sorted(record.pab_exclusions)))
        found.append(f"Kept from the pairing-allocated bye: {ranks}.")
    return tuple(found)


def _berger_plan(record: rec.Record, number: int, *, double: bool) -> _Plan:
    """The round of the Berger table (C.05 Annex 1), players numbered by starting rank.

    A player who has withdrawn or asked to miss the round keeps their place in the table and
    loses that game by forfeit; the free player of an odd field has no game and no points.
    """
    ranks = sorted(record.ranks)
    if len(ranks) < 2:
        raise ValidationError("A round robin needs at least two players.", field="players")
    total = berger_rounds(len(ranks), double=double)
    if number > total:
        raise ValidationError(
            f"A round robin of {len(ranks)} players has {total} rounds.", field="number"
        )
    berger = berger_round(len(ranks), number, double=double)
    out = set(record.absent_next_round) | {r for r, _kind in _requested_byes(record, number)}
    boards = []
    for white_number, black_number in berger.boards:
        white, black = ranks[white_number - 1], ranks[black_number - 1]
        result, text = _berger_result(white in out, black in out)
        boards.append(_Board(white, black, result, text))
    byes = []
    if berger.free is not None:
        byes.append((ranks[berger.free - 1], ByeKind.ZERO_POINT))
    system = "double_round_robin" if double else "round_robin"
    explanation = {"system": system, "berger_round": berger.number, "players": len(ranks)}
    return _Plan(tuple(boards), tuple(byes), explanation, _engine_version(system))


def _berger_result(white_out: bool, black_out: bool) -> tuple[str, str]:
    if white_out and black_out:
        return GameResult.DOUBLE_FORFEIT, "Both players are absent: double forfeit."
    if white_out:
        return GameResult.BLACK_WINS_FORFEIT, "White is absent: Black wins by forfeit."
    if black_out:
        return GameResult.WHITE_WINS_FORFEIT, "Black is absent: White wins by forfeit."
    return GameResult.PENDING, "Berger table."


def _requested_byes(record: rec.Record, number: int) -> list[tuple[int, str]]:
    """Byes asked for in round `number`: in the round's column, or a TRF26 240 line."""
    byes: dict[int, str] = {}
    for player in record.players:
        entry = player.entry(number)
        if entry.opponent is None and entry.result in REQUESTED_BYES:
            byes[player.rank] = REQUESTED_BYES[entry.result]
    for assignment in record.bye_assignments:
        if assignment.round == number and assignment.kind in REQUESTED_BYES:
            for rank in assignment.ranks:
                byes.setdefault(rank, REQUESTED_BYES[assignment.kind])
    return sorted(byes.items())


def _score_text(tenths: int) -> str:
    return str(Fraction(tenths, 10)) if tenths % 10 else str(tenths // 10)


def _note_json(note: BracketNote) -> dict[str, Any]:
    return {
        "score": _score_text(note.score),
        "residents": list(note.residents),
        "moved_down": list(note.moved_down),
        "pairs": [list(pair) for pair in note.pairs],
        "floated_down": list(note.floated_down),
        "exchanges": note.exchanges,
    }


def _board_explanation(white: int, black: int, result: PairingResult) -> str:
    """One sentence per board: the score bracket that paired it, and who floated into it."""
    for note in result.explanation:
        if (white, black) in note.pairs or (black, white) in note.pairs:
            text = f"Paired in the {_score_text(note.score)} bracket"
            floaters = [r for r in (white, black) if r in note.moved_down]
            if floaters:
                names = " and ".join(str(r) for r in floaters)
                text += f"; {names} moved down from a higher bracket"
            if note.exchanges:
                text += f"; {note.exchanges} exchange(s) in the bracket"
            return text + "."
    return ""


def _engine_version(system: str) -> str:
    try:
        version = metadata.version("rookery")
    except metadata.PackageNotFoundError:
        version = "dev"
    return f"rookery {version} {system}"[:40]


@transaction.atomic
def _run_finish(run_id: int, plan: _Plan, seconds: float) -> PairingRun:
    """Store `plan` as the draft of the run's round and mark the run done, all or nothing."""
    section_id = PairingRun.objects.values_list("section_id", flat=True).get(pk=run_id)
    Section.objects.select_for_update().get(pk=section_id)
    run = PairingRun.objects.select_for_update().get(pk=run_id)
    if run.status != RunStatus.RUNNING:
        return run  # another delivery of the same run finished first
    rnd = Round.objects.select_for_update().get(section_id=section_id, number=run.round_number)
    if rnd.status != RoundStatus.PAIRING:
        raise RoundStateError(f"Round {rnd.number} is no longer waiting for its pairing.")
    players = dict(run.section.players.values_list("starting_rank", "pk"))
    seated = {b.white for b in plan.boards} | {b.black for b in plan.boards}
    if not seated | {rank for rank, _kind in plan.byes} <= players.keys():
        raise RoundStateError("The players changed while the round was being paired.")
    _round_clear(rnd)
    games = Game.objects.bulk_create(
        Game(
            round=rnd,
            board=board,
            white_id=players[b.white],
            black_id=players[b.black],
            result=b.result,
            explanation=b.explanation,
        )
        for board, b in enumerate(plan.boards, start=1)
    )
    byes = Bye.objects.bulk_create(
        Bye(round=rnd, player_id=players[rank], kind=kind) for rank, kind in plan.byes
    )
    seats = [Seat(round=rnd, player_id=g.white_id, game=g) for g in games]
    seats += [Seat(round=rnd, player_id=g.black_id, game=g) for g in games]
    seats += [Seat(round=rnd, player_id=b.player_id, bye=b) for b in byes]
    Seat.objects.bulk_create(seats)
    rnd.status = RoundStatus.DRAFT
    rnd.explanation = plan.explanation
    rnd.is_pure_fide = not plan.deviations
    rnd.save(update_fields=["status", "explanation", "is_pure_fide", "updated_at"])
    run.result = {
        "boards": [[b.white, b.black] for b in plan.boards],
        "byes": [[rank, kind] for rank, kind in plan.byes],
    }
    run.engine_version = plan.engine_version
    run.engine_seconds = seconds
    _run_close(run, RunStatus.DONE, "")
    return run


@transaction.atomic
def _run_fail(run_id: int, error: str, result: dict[str, Any]) -> PairingRun:
    """Record the failure on the run and send its round back to pending."""
    section_id = PairingRun.objects.values_list("section_id", flat=True).get(pk=run_id)
    Section.objects.select_for_update().get(pk=section_id)
    run = PairingRun.objects.select_for_update().get(pk=run_id)
    if run.status != RunStatus.RUNNING:
        return run
    run.result = result
    _run_close(run, RunStatus.FAILED, error)
    Round.objects.filter(
        section_id=section_id, number=run.round_number, status=RoundStatus.PAIRING
    ).update(status=RoundStatus.PENDING, updated_at=timezone.now())
    return run


def _run_close(run: PairingRun, status: str, error: str) -> None:
    run.status = status
    run.error = error
    run.finished_at = timezone.now()
    run.save()


def _round_clear(rnd: Round) -> None:
    """Remove a round's boards and byes (their seats go with them) and its explanation."""
    rnd.games.all().delete()
    rnd.byes.all().delete()
    rnd.explanation = {}
    rnd.is_pure_fide = True


# ---------------------------------------------------------------------------------------
# Publishing and results
# ---------------------------------------------------------------------------------------


@transaction.atomic
def round_publish(*, round: Round, user: User) -> Round:
    """Publish a draft round: players see it from now on.

    Locks the section. Raises `RoundStateError` unless the round is a draft. A round with no
    game left to play (only byes and forfeits) is completed at once.
    """
    section = Section.objects.select_for_update().select_related("event").get(pk=round.section_id)
    _require_manager(section.event, user)
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status != RoundStatus.DRAFT:
        raise RoundStateError(f"Round {rnd.number} is not a draft ({rnd.get_status_display()}).")
    rnd.published_at = timezone.now()
    rnd.status = _settled_status(rnd)
    rnd.save(update_fields=["status", "published_at", "updated_at"])
    return rnd


@transaction.atomic
def game_result_set(*, game: Game, result: str, user: User) -> Game:
    """Enter (or correct, or clear with ``""``) the result of a game of a published round.

    The round is completed when every game has a result, and published again when one is
    cleared. A result of a completed round may be corrected only while the next round is
    not paired yet (its pairing depended on it). Locks the section.
    """
    if result not in GameResult.values:
        raise ValidationError(f"{result!r} is not a game result.", field="result")
    section_id = Round.objects.values_list("section_id", flat=True).get(pk=game.round_id)
    section = Section.objects.select_for_update().select_related("event").get(pk=section_id)
    _require_manager(section.event, user)
    game = Game.objects.select_related("round").get(pk=game.pk)
    rnd = game.round
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(f"Round {rnd.number} is not published.")
    following = Round.objects.filter(section=section, number=rnd.number + 1).first()
    if following is not None and following.status != RoundStatus.PENDING:
        raise RoundStateError(f"Round {rnd.number + 1} is already paired.")
    game.result = result
    game.save(update_fields=["result", "updated_at"])
    status = _settled_status(rnd)
    if status != rnd.status:
        rnd.status = status
        rnd.save(update_fields=["status", "updated_at"])
    return game


def _settled_status(rnd: Round) -> str:
    pending = rnd.games.filter(result=GameResult.PENDING).exists()
    return RoundStatus.PUBLISHED if pending else RoundStatus.COMPLETED


def _require_manager(event: Event, user: User) -> None:
    if not event_is_manager(event=event, user=user):
        raise PermissionDenied("Only the event's organisers and arbiters may do this.")
