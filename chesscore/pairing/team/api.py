"""Entry points of the team Swiss: pair a round, print it, explain it, replay a file.

``pair_team_round`` is the engine behind ``rookery-pairings --team IN.trf -p``;
``check_team_file`` replays every recorded round like the Dutch ``-c``.

Example::

    >>> result = TeamPairingResult(round=1, matches=(TeamMatch(1, 3), TeamMatch(4, 2)),
    ...     bye=5, explanation=())
    >>> print(format_team_pairing(result), end="")
    3
    1 3
    4 2
    5 0
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from chesscore.record.model import Colour
from chesscore.record.model import Record

from ..dutch import NoLegalPairing
from .state import TeamPairingOptions
from .state import TeamSwissState
from .state import team_rounds_played
from .state import team_swiss_state
from .swiss import TeamBracketNote
from .swiss import TeamMatch
from .swiss import pair_team_swiss

__all__ = [
    "TeamCheckReport",
    "TeamPairingResult",
    "TeamRoundCheck",
    "check_team_file",
    "explain_team_pairing",
    "format_team_pairing",
    "pair_team_round",
    "recorded_team_round",
]


@dataclass(frozen=True, slots=True)
class TeamPairingResult:
    """The round: matches in publication order (C.04.2 3.6), the PAB team, and why."""

    round: int
    matches: tuple[TeamMatch, ...]
    bye: int | None
    explanation: tuple[TeamBracketNote, ...]
    bye_reason: str = ""


def pair_team_round(record: Record, options: TeamPairingOptions | None = None) -> TeamPairingResult:
    """Pair the next round of a team Swiss record by C.04.6 (Article 3.3.2).

    Raises ``NoLegalPairing`` when no complete round-pairing exists (3.3.3) and
    ``InvalidRecord`` when the record has no teams.
    """
    state = team_swiss_state(record, options)
    return _result(state)


def _result(state: TeamSwissState) -> TeamPairingResult:
    pairing = pair_team_swiss(state)
    return TeamPairingResult(
        state.round, pairing.matches, pairing.bye, pairing.brackets, pairing.bye_reason
    )


def format_team_pairing(result: TeamPairingResult) -> str:
    """The JaVaFo-style list: the count, ``white-team black-team`` per match, the PAB ``T 0``."""
    lines = [f"{m.white} {m.black}" for m in result.matches]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def explain_team_pairing(result: TeamPairingResult) -> list[str]:
    """Human-readable lines: each bracket (3.5, 3.6), the PAB (3.4), each colour (4.3)."""
    lines: list[str] = []
    if result.bye_reason:
        lines.append(result.bye_reason)
    for note in result.explanation:
        head = f"Bracket {note.score}: residents {' '.join(map(str, note.residents))}"
        if note.upfloaters:
            head += f"; upfloaters {' '.join(map(str, note.upfloaters))}"
        lines.append(head)
        lines.append("  pairs: " + ", ".join(f"{a}-{b}" for a, b in note.pairs))
        lines.extend(f"  {reason}" for reason in note.reasons)
    lines.extend(f"{m.white}-{m.black}: colours by {m.article}" for m in result.matches)
    return lines


def recorded_team_round(
    record: Record, number: int
) -> tuple[frozenset[tuple[int, int]], int | None]:
    """Matches (white team, black team) and PAB team of round ``number`` as recorded."""
    state = team_swiss_state(record, TeamPairingOptions(round_to_pair=number + 1))
    matches: set[tuple[int, int]] = set()
    for team in state.teams.values():
        entry = team.rounds[number - 1]
        if entry.opponent is None:
            continue
        if entry.colour is Colour.WHITE:
            matches.add((team.number, entry.opponent))
        elif entry.colour is Colour.BLACK:
            matches.add((entry.opponent, team.number))
    bye = None
    pab = record.team_pab
    if pab is not None and number <= len(pab.teams):
        bye = pab.teams[number - 1]
    return frozenset(matches), bye


@dataclass(frozen=True, slots=True)
class TeamRoundCheck:
    """One replayed round: ``difference`` is ``None`` when the engine agrees."""

    number: int
    difference: str | None


@dataclass(frozen=True, slots=True)
class TeamCheckReport:
    """Every recorded round replayed (C.04.A: the same pairings from the same data)."""

    rounds: tuple[TeamRoundCheck, ...]

    @property
    def ok(self) -> bool:
        """True when every round matches."""
        return all(r.difference is None for r in self.rounds)

    def lines(self) -> list[str]:
        """``round N: matches`` or ``round N: differs: ...`` per round."""
        return [
            f"round {r.number}: matches"
            if r.difference is None
            else f"round {r.number}: differs: {r.difference}"
            for r in self.rounds
        ]


def check_team_file(record: Record, options: TeamPairingOptions | None = None) -> TeamCheckReport:
    """Pair every recorded round from the state before it and compare with the record.

    Each round is paired among the teams that were paired in it (a match or the PAB).
    """
    return TeamCheckReport(tuple(_check_rounds(record, options or TeamPairingOptions())))


def _check_rounds(record: Record, options: TeamPairingOptions) -> Iterator[TeamRoundCheck]:
    last = team_rounds_played(record)
    planned = options.planned_rounds or record.planned_rounds or last
    for number in range(1, last + 1):
        expected, expected_bye = recorded_team_round(record, number)
        present = {t for pair in expected for t in pair}
        if expected_bye is not None:
            present.add(expected_bye)
        state = team_swiss_state(
            record,
            TeamPairingOptions(
                round_to_pair=number,
                rules=options.rules,
                planned_rounds=max(planned, number),
                initial_colour=options.initial_colour,
                forbidden_pairs=options.forbidden_pairs,
                pab_exclusions=options.pab_exclusions,
                present=tuple(sorted(present)),
            ),
        )
        try:
            result = _result(state)
        except NoLegalPairing as error:
            yield TeamRoundCheck(number, f"no legal pairing ({error.reason})")
            continue
        made = frozenset((m.white, m.black) for m in result.matches)
        if made == expected and result.bye == expected_bye:
            yield TeamRoundCheck(number, None)
            continue
        parts = []
        if missing := sorted(expected - made):
            parts.append("recorded " + ", ".join(f"{w}-{b}" for w, b in missing))
        if extra := sorted(made - expected):
            parts.append("engine " + ", ".join(f"{w}-{b}" for w, b in extra))
        if result.bye != expected_bye:
            parts.append(f"PAB recorded {expected_bye}, engine {result.bye}")
        yield TeamRoundCheck(number, "; ".join(parts))
