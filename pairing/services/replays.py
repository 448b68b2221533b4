"""Would a correction have changed a pairing already made? Replaying the later rounds.

C.04.2 4.3: a correction of a result, a colour, a bye or a rating never re-pairs a round
already paired; standings, tie-breaks, the TRF and every pairing not yet made use the
corrected value. The arbiter still needs to know whether the rounds already paired would
have come out differently, to decide whether one of the cases of 4.4 applies. So after a
correction, the later round still in play (a draft, or published and not completed: there
is one at most, since a round is paired only once the one before is completed) is paired
again in memory with today's data (`pairing.selectors.replay_input_get`) and compared with
what the engine gave when it paired the round (the run's result; the stored boards when the
round came from a file). Completed rounds are not replayed: nothing can alter them any
more (4.4 speaks of published pairings, and a correction reported after them affects only
the rating report), and replaying each would cost one engine run per round for nothing an
arbiter can act on. Boards
made or moved by hand are not the engine's, so they are never reported as changed by a
correction: only the engine's own boards that it would now pair otherwise are named.

Nothing is stored or locked here: the replays read the section and run the planner, after
the correction's transaction has committed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from chesscore.pairing import InvalidRecord
from chesscore.pairing import NoLegalPairing
from chesscore.planners.swiss import PlanningError
from chesscore.systems import SYSTEMS
from common.exceptions import DomainError
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.selectors import replay_input_get
from tournaments.models import ByeKind
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section

__all__ = ["ReplayNote", "replayer", "rounds_replay"]

logger = logging.getLogger(__name__)

_IN_PLAY = (RoundStatus.DRAFT, RoundStatus.PUBLISHED)


@dataclass(frozen=True, slots=True)
class ReplayNote:
    """What pairing round `round` again with today's data gives, against how it was paired.

    `boards` are the round's board numbers (team match numbers in a team round) whose
    pairing the engine would now make otherwise; `same` is true when it would pair the
    round exactly as it did. `text` says it in one sentence for the page and the log.
    """

    round: int
    boards: tuple[int, ...]
    same: bool
    text: str

    def as_dict(self) -> dict[str, object]:
        return {"round": self.round, "boards": list(self.boards), "same": self.same}


def rounds_replay(*, section: Section, after: int) -> tuple[ReplayNote, ...]:
    """Replay the rounds of `section` numbered above `after` that are in play (a draft, or
    published and not completed), each against the engine's original pairing of it.

    A round robin is paired from a table fixed in advance, which no correction changes:
    nothing to replay. Cost: one planner run per round replayed (one at most), with its reads.
    """
    system = SYSTEMS.get(section.system)
    if system is None or section.pairs_by_table:
        return ()
    rounds = list(section.rounds.filter(number__gt=after, status__in=_IN_PLAY).order_by("number"))
    return tuple(_replay(section, rnd) for rnd in rounds)


def replayer(section: Section, after: int) -> list[tuple[bool, str]]:
    """`rounds_replay` as the tournament layer asks for it (`tournaments.replays`): for each
    round in play after `after`, whether it would be paired the same, and the sentence."""
    return [(note.same, note.text) for note in rounds_replay(section=section, after=after)]


def _replay(section: Section, rnd: Round) -> ReplayNote:
    system = SYSTEMS[section.system]
    try:
        plan = system.plan(replay_input_get(section=section, number=rnd.number))
    except NoLegalPairing as exc:
        return ReplayNote(
            rnd.number, (), False, f"Round {rnd.number} could not be paired today: {exc.reason}"
        )
    except (InvalidRecord, PlanningError, DomainError) as exc:
        text = f"Round {rnd.number} could not be replayed: {exc}"
        return ReplayNote(rnd.number, (), False, text)
    if section.is_team:
        now = {(m.white_team, m.black_team) for m in plan.matches}
        return _compare_matches(rnd, now, plan.team_pab)
    now = {(b.white, b.black) for b in plan.boards}
    bye = {rank for rank, code in plan.byes if code.value == ByeKind.PAIRING_ALLOCATED}
    return _compare_boards(section, rnd, now, bye)


def _original(rnd: Round) -> PairingRun | None:
    """The run that paired `rnd` as it stands: the latest finished one of its number."""
    return (
        PairingRun.objects.filter(
            section_id=rnd.section_id, round_number=rnd.number, status=RunStatus.DONE
        )
        .order_by("-finished_at", "-pk")
        .first()
    )


def _engine_pairs(
    run: PairingRun | None,
    key: str,
    stored: list[tuple[int, int, int]],
    now: set[tuple[int, int]],
) -> tuple[set[tuple[int, int]], tuple[int, ...]]:
    """The pairs the engine made (`run`'s result under `key`: ``boards`` or ``matches``;
    without one, the `stored` pairs, ``(number, white, black)``), and the numbers of the
    stored boards or matches it made that `now` no longer pairs."""
    if run is not None and key in run.result:
        engine = {(w, b) for w, b in run.result[key]}
    else:
        engine = {(w, b) for _n, w, b in stored}
    changed = tuple(n for n, w, b in stored if (w, b) in engine and (w, b) not in now)
    return engine, changed


def _compare_boards(
    section: Section, rnd: Round, now: set[tuple[int, int]], bye_now: set[int]
) -> ReplayNote:
    stored = list(
        rnd.games.order_by("board").values_list(
            "board", "white__starting_rank", "black__starting_rank"
        )
    )
    stored_bye = set(
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).values_list(
            "player__starting_rank", flat=True
        )
    )
    run = _original(rnd)
    engine, changed = _engine_pairs(run, "boards", stored, now)
    if run is not None and "boards" in run.result:
        engine_bye = {rank for rank, kind in run.result.get("byes", []) if kind == "U"}
    else:
        engine_bye = stored_bye
    parts = []
    if changed:
        parts.append(f"on {_boards(changed)}")
    if engine_bye != bye_now:
        parts.append(_bye_text(section, engine_bye, bye_now))
    if not parts:
        if engine == now:
            return ReplayNote(rnd.number, (), True, f"Round {rnd.number} would be paired the same.")
        # Boards changed by hand are not the engine's: of those it made, every one stands.
        text = f"Round {rnd.number} would be paired the same on every board the engine made."
        return ReplayNote(rnd.number, (), True, text)
    text = f"Round {rnd.number} would have been paired differently " + ", and ".join(parts) + "."
    return ReplayNote(rnd.number, changed, False, text)


def _compare_matches(rnd: Round, now: set[tuple[int, int]], pab_now: int | None) -> ReplayNote:
    stored = list(
        rnd.team_matches.order_by("number").values_list(
            "number", "white_team__starting_rank", "black_team__starting_rank"
        )
    )
    stored_pab = rnd.team_byes.values_list("team__starting_rank", flat=True).first()
    run = _original(rnd)
    _engine, changed = _engine_pairs(run, "matches", stored, now)
    if run is not None and "matches" in run.result:
        engine_pab = run.result.get("pab")
    else:
        engine_pab = stored_pab
    parts = []
    if changed:
        word = "match" if len(changed) == 1 else "matches"
        parts.append(f"in {word} {_numbers(changed)}")
    if engine_pab != pab_now:
        parts.append(
            f"the bye going to team {pab_now} instead of team {engine_pab}"
            if pab_now is not None and engine_pab is not None
            else "with the bye changed"
        )
    if not parts:
        return ReplayNote(rnd.number, (), True, f"Round {rnd.number} would be paired the same.")
    text = f"Round {rnd.number} would have been paired differently " + ", and ".join(parts) + "."
    return ReplayNote(rnd.number, changed, False, text)


def _numbers(numbers: tuple[int, ...]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _boards(boards: tuple[int, ...]) -> str:
    return f"board {boards[0]}" if len(boards) == 1 else f"boards {_numbers(boards)}"


def _bye_text(section: Section, before: set[int], now: set[int]) -> str:
    names = dict(
        Player.objects.filter(section=section, starting_rank__in=before | now).values_list(
            "starting_rank", "last_name"
        )
    )

    def who(ranks: set[int]) -> str:
        return " and ".join(f"{r} {names.get(r, '')}".strip() for r in sorted(ranks)) or "nobody"

    return f"the pairing-allocated bye would have gone to {who(now)} instead of {who(before)}"
