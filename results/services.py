"""Results and their corrections: a result, who had White, a bye, in any round, at any time.

C.04.2 4.3: a correction takes effect according to when it is reported. Reported before the
next round is paired, it is simply a result changed, and that pairing uses it. Reported
later, the rounds already paired stand as they are, while standings, tie-breaks, the TRF
and every pairing not yet made use the corrected value (they are computed from results,
never stored). Every change is an entry of the event's log with who, when, old → new and,
for a correction of a round whose successor is paired, the reason, which is then required.

After such a correction the later rounds are replayed (`pairing.services.replays`): the
log entry and the answer say plainly whether the engine would have paired any of them
otherwise, and on which boards, for the arbiter to decide under 4.4.

Every write names the version of the game (or round) it was made on
(`pairing.services.versions`): a stale one is refused, never applied over a change it did
not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from common.exceptions import ValidationError
from common.types import AnyUser
from pairing.services.base import RESULT_MIRROR
from pairing.services.base import RoundStateError
from pairing.services.base import round_settled_status
from pairing.services.replays import ReplayNote
from pairing.services.replays import rounds_replay
from pairing.services.versions import game_version_bump
from pairing.services.versions import game_version_check
from pairing.services.versions import round_version_check
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.services import log_write
from tournaments.services import section_lock_for_manager
from tournaments.services.boards import seated_rows_create

__all__ = [
    "CORRECTABLE_BYES",
    "Correction",
    "bye_correct",
    "game_colours_correct",
    "game_result_set",
]

# The byes a correction may give, change or take away. The pairing-allocated bye is the
# pairing's own: it changes only by altering the pairing (C.04.2 4.4).
CORRECTABLE_BYES = (ByeKind.HALF_POINT, ByeKind.FULL_POINT, ByeKind.ZERO_POINT, ByeKind.ABSENT)


@dataclass(frozen=True, slots=True)
class Correction:
    """A change made: the game (for a result or colours), the log entry that records it
    (None when nothing changed), and the later rounds replayed with the corrected data.

    `replay_after` is the corrected round when a later round is paired (the rounds after it
    are to be replayed), else None; `replay` holds what the replays said."""

    entry: LogEntry | None
    game: Game | None = None
    replay_after: int | None = None
    replay: tuple[ReplayNote, ...] = ()

    @property
    def messages(self) -> list[str]:
        """What the arbiter should read: each later round that would be paired otherwise."""
        return [note.text for note in self.replay]


# ---------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------


def game_result_set(
    *, game: Game, result: str, user: AnyUser, version: int, reason: str = ""
) -> Correction:
    """Enter, correct or clear (``""``) the result of a game of a published round.

    `version` is the game's version the sender saw (`StaleWrite` when it changed since).
    The round is completed when every game has a result, and published again when one is
    cleared. Once a later round is paired, a result can be corrected but not cleared
    (`RoundStateError`), a correction needs a `reason` (`ValidationError`, field
    ``reason``), and the later rounds are replayed (`Correction.replay`). Locks the section.
    """
    correction = _result_store(
        game_id=game.pk, result=result, user=user, version=version, reason=reason
    )
    return _replayed(correction)


@transaction.atomic
def _result_store(
    *, game_id: int, result: str, user: AnyUser, version: int, reason: str
) -> Correction:
    if result not in GameResult.values:
        raise ValidationError(f"{result!r} is not a game result.", field="result")
    section = _section_locked_for_game(game_id, user)
    game = Game.objects.select_related("round", "white", "black").get(pk=game_id)
    rnd = game.round
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(f"Round {rnd.number} is not published.", field="result")
    game_version_check(game, version)
    if result == game.result:
        return Correction(entry=None, game=game)
    later = _later_paired(section, rnd.number)
    if later is not None and not result:
        raise RoundStateError(
            f"Round {later} is paired: a result of round {rnd.number} can be corrected, "
            "not cleared.",
            field="result",
        )
    correction = bool(game.result)
    if later is not None and correction and not reason.strip():
        raise ValidationError(
            f"Say why: round {later} was paired with the old result, and the correction is "
            "written in the event's log.",
            field="reason",
        )
    old = game.result
    game.result = result
    game_version_bump(game, "result")
    _round_settle(rnd)
    old_text = GameResult(old).label if old else "no result"
    new_text = GameResult(result).label if result else "no result"
    entry = log_write(
        section,
        user,
        LogAction.RESULT_CORRECT if correction else LogAction.RESULT,
        (
            f"Board {game.board}, {_name(game.white)} – {_name(game.black)}: "
            + (f"{old_text} corrected to {new_text}." if correction else f"{new_text}.")
        ),
        round_number=rnd.number,
        board=game.board,
        players=[game.white_id, game.black_id],
        reason=reason,
        changes={"result": [old, result]},
    )
    return Correction(entry, game, rnd.number if later is not None else None)


# ---------------------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------------------


def game_colours_correct(*, game: Game, user: AnyUser, version: int, reason: str) -> Correction:
    """Correct who had White on a board of a published round: the players change colours,
    the result follows its player (1–0 becomes 0–1).

    For a draft, swap colours with `game_colours_swap` instead. Not in a team round (a
    board's colours follow the match's). Needs a `reason`; `version` as for a result.
    Locks the section; the later rounds are replayed.
    """
    correction = _colours_store(game_id=game.pk, user=user, version=version, reason=reason)
    return _replayed(correction)


@transaction.atomic
def _colours_store(*, game_id: int, user: AnyUser, version: int, reason: str) -> Correction:
    section = _section_locked_for_game(game_id, user)
    game = Game.objects.select_related("round", "white", "black").get(pk=game_id)
    rnd = game.round
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(
            f"Round {rnd.number} is not published: swap the colours of the draft instead."
        )
    if section.is_team:
        raise RoundStateError("In a team match the colours of a board follow the match's.")
    game_version_check(game, version)
    _reason_required(reason)
    game.white, game.black = game.black, game.white
    game.result = RESULT_MIRROR.get(GameResult(game.result), game.result)
    game_version_bump(game, "white", "black", "result")
    _round_touch(rnd)
    entry = log_write(
        section,
        user,
        LogAction.COLOUR_CORRECT,
        (
            f"Board {game.board}: colours corrected, {_name(game.white)} had White against "
            f"{_name(game.black)}."
        ),
        round_number=rnd.number,
        board=game.board,
        players=[game.white_id, game.black_id],
        reason=reason,
        changes={"white": [game.black.starting_rank, game.white.starting_rank]},
    )
    later = _later_paired(section, rnd.number)
    return Correction(entry, game, rnd.number if later is not None else None)


# ---------------------------------------------------------------------------------------
# Byes
# ---------------------------------------------------------------------------------------


def bye_correct(
    *, round: Round, player: int, kind: str, user: AnyUser, version: int, reason: str
) -> Correction:
    """Correct the bye of `player` (starting rank) in a published round: give one, change
    its kind, or take it away (``kind=""``: the player then has no game and no bye there,
    which scores as an absence).

    Only the byes of `CORRECTABLE_BYES`: the pairing-allocated bye changes only with the
    pairing (C.04.2 4.4). A player on a board has a game: correct its result instead.
    `version` is the round's; needs a `reason`. Locks the section; later rounds replayed.
    """
    correction = _bye_store(
        round_id=round.pk, rank=player, kind=kind, user=user, version=version, reason=reason
    )
    return _replayed(correction)


@transaction.atomic
def _bye_store(
    *, round_id: int, rank: int, kind: str, user: AnyUser, version: int, reason: str
) -> Correction:
    if kind and kind not in CORRECTABLE_BYES:
        allocated = kind == ByeKind.PAIRING_ALLOCATED
        message = (
            "The pairing-allocated bye is part of the pairing: alter the pairing instead."
            if allocated
            else f"{kind!r} is not a kind of bye that can be given by correction."
        )
        raise ValidationError(message, field="kind")
    section_id = Round.objects.values_list("section_id", flat=True).get(pk=round_id)
    section = section_lock_for_manager(section_id=section_id, user=user)
    rnd = Round.objects.get(pk=round_id)
    if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.COMPLETED):
        raise RoundStateError(f"Round {rnd.number} is not published.")
    round_version_check(rnd, version)
    target = section.players.filter(starting_rank=rank).first()
    if target is None:
        raise ValidationError(f"There is no player {rank} in this section.", field="player")
    if rnd.games.filter(white=target).exists() or rnd.games.filter(black=target).exists():
        raise ValidationError(
            f"{_name(target)} has a game in round {rnd.number}: correct its result instead.",
            field="player",
        )
    current = rnd.byes.filter(player=target).first()
    old = current.kind if current is not None else ""
    if old == ByeKind.PAIRING_ALLOCATED:
        raise ValidationError(
            f"{_name(target)} has the pairing-allocated bye, which is part of the pairing: "
            "alter the pairing instead.",
            field="player",
        )
    if old == kind:
        return Correction(entry=None)
    _reason_required(reason)
    if current is not None:
        current.delete()  # its seat goes with it
    if kind:
        seated_rows_create(byes=[Bye(round=rnd, player=target, kind=kind)])
    _round_touch(rnd)
    old_text = ByeKind(old).label.lower() if old else "no bye"
    new_text = ByeKind(kind).label.lower() if kind else "no bye"
    entry = log_write(
        section,
        user,
        LogAction.BYE_CORRECT,
        f"{_name(target)}, round {rnd.number}: {old_text} corrected to {new_text}.",
        round_number=rnd.number,
        players=[target],
        reason=reason,
        changes={"bye": [old, kind]},
    )
    later = _later_paired(section, rnd.number)
    return Correction(entry, None, rnd.number if later is not None else None)


# ---------------------------------------------------------------------------------------
# Shared
# ---------------------------------------------------------------------------------------


def _round_settle(rnd: Round) -> None:
    rnd.status = round_settled_status(rnd)
    _round_touch(rnd, "status")


def _round_touch(rnd: Round, *fields: str) -> None:
    """Save `fields` of `rnd` with its version one up: its pages and a draft editor's
    version see the change."""
    rnd.version += 1
    rnd.save(update_fields=[*fields, "version", "updated_at"])


def _section_locked_for_game(game_id: int, user: AnyUser) -> Section:
    section_id = Game.objects.values_list("round__section_id", flat=True).get(pk=game_id)
    return section_lock_for_manager(section_id=section_id, user=user)


def _later_paired(section: Section, number: int) -> int | None:
    """The first round after `number` that is paired (or being paired), or None."""
    later = section.rounds.filter(number__gt=number).exclude(status=RoundStatus.PENDING)
    return later.order_by("number").values_list("number", flat=True).first()


def _replayed(correction: Correction) -> Correction:
    """Replay the later rounds after the correction's transaction has committed, and keep
    what that says on its log entry (warnings ``replay``)."""
    entry = correction.entry
    if correction.replay_after is None or entry is None or entry.section_id is None:
        return correction
    section = Section.objects.get(pk=entry.section_id)
    replayed = rounds_replay(section=section, after=correction.replay_after)
    notes = tuple(_draft_advice(section, note) for note in replayed)
    warnings = {**entry.warnings, "replay": [note.text for note in notes]}
    LogEntry.objects.filter(pk=entry.pk).update(
        warnings=warnings, changes={**entry.changes, "replayed": [n.as_dict() for n in notes]}
    )
    entry.warnings = warnings
    return Correction(entry, correction.game, correction.replay_after, notes)


def _draft_advice(section: Section, note: ReplayNote) -> ReplayNote:
    """A draft is not the tournament's yet: pairing it again uses the correction."""
    if note.same:
        return note
    status = section.rounds.filter(number=note.round).values_list("status", flat=True).first()
    if status != RoundStatus.DRAFT:
        return note
    text = f"{note.text} It is still a draft: pair it again to use the correction."
    return ReplayNote(note.round, note.boards, note.same, text)


def _reason_required(reason: str) -> None:
    if not reason.strip():
        raise ValidationError(
            "Say why: every correction is written in the event's log with its reason.",
            field="reason",
        )


def _name(player: Player) -> str:
    return f"{player.starting_rank} {player.full_name}"
