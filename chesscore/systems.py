"""The registry of pairing systems: the stable key stored with a section → its planner.

Everything that offers or runs a system reads this one dictionary: the section form and
the API take their choices from it (`system_choices`), the pairing run calls the entry's
planner, and the command line its flag. A new system is an engine package, a planner
(``PairingInput -> Plan``, pure), one entry here and its 192 code for TRF files
(`chesscore.record.system_codes`, which the TRF reader and writer read below the engines).

Example::

    >>> SYSTEMS["dutch"].info.label
    'FIDE Dutch (C.04.3)'
    >>> [key for key, system in SYSTEMS.items() if system.info.team]
    ['team_swiss', 'team_round_robin', 'team_double_round_robin']
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import fields

from chesscore.pairing import PairingResult
from chesscore.pairing.burstein import burstein_explanation
from chesscore.pairing.burstein import pair_burstein
from chesscore.pairing.burstein import pair_burstein_state
from chesscore.pairing.burstein.replay import check_burstein_rounds
from chesscore.pairing.constraints import pair_constrained
from chesscore.pairing.explain import explain_lines
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate
from chesscore.pairing.replay import check_rounds
from chesscore.pairing.state import baku_scoring
from chesscore.pairing.state import in_tenths
from chesscore.planners.berger import double_round_robin_plan
from chesscore.planners.berger import round_robin_plan
from chesscore.planners.swiss import burstein_plan
from chesscore.planners.swiss import casual_plan
from chesscore.planners.swiss import dutch_plan
from chesscore.planners.team import team_double_round_robin_plan
from chesscore.planners.team import team_round_robin_plan
from chesscore.planners.team import team_swiss_plan
from chesscore.planners.values import PairingInput
from chesscore.planners.values import Plan
from chesscore.record.model import ROUND_ROBIN_SYSTEMS
from chesscore.record.model import Acceleration
from chesscore.record.model import Record
from chesscore.record.model import ScoringSystem
from chesscore.record.scores import score_decimal_text
from chesscore.record.system_codes import DEFAULT_SYSTEM
from chesscore.record.system_codes import SYSTEM_CODES

__all__ = [
    "DEFAULT_SYSTEM",
    "SYSTEMS",
    "Planner",
    "System",
    "SystemInfo",
    "default_tiebreaks",
    "scoring_problems",
    "system_choices",
    "system_info",
]


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """One pairing system as forms, pages, imports and exports see it."""

    key: str
    """Stable key stored with a section (``Section.system``), and a record's
    (``Record.system``)."""
    label: str
    default_tiebreaks: tuple[str, ...]
    team: bool = False
    individual_swiss: bool = False
    """An individual Swiss system (`chesscore.planners.swiss`): its engine keeps scores in
    tenths of a point (`chesscore.pairing.state`), so it pairs with points that are
    multiples of 0.1 only (`scoring_problems`), and it accelerates (C.04.7 Baku, or the
    organiser's virtual points); the others pair without acceleration."""

    @property
    def trf_code(self) -> str:
        """The 192 code a TRF file names this system by (`chesscore.record.system_codes`)."""
        return SYSTEM_CODES[self.key].code

    @property
    def fixed_table(self) -> bool:
        """Paired from a table fixed in advance (round robins): prohibited groups cannot apply."""
        return self.key in ROUND_ROBIN_SYSTEMS


Planner = Callable[[PairingInput], Plan]

SWISS_TIEBREAKS = ("BH-C1", "BH", "SB", "DE", "WIN")
# Buchholz has no meaning in a round robin (C.07 8), where everyone meets everyone, so those
# rank by the games between the tied players first.
ROUND_ROBIN_TIEBREAKS = ("DE", "SB", "WIN", "KS")
TEAM_ROUND_ROBIN_TIEBREAKS = ("GPTS", "EDE", "EMGSB")


@dataclass(frozen=True, slots=True)
class System:
    """One pairing system: what the site shows and stores of it, and how it pairs."""

    info: SystemInfo
    plan: Planner
    engine: str
    """The engine's name in the version string stored with each run."""
    cli_flag: str = ""
    """The flag that selects it on the command line (``rookery-pairings --dutch``), if any."""
    pair_file: Callable[[Record], PairingResult] | None = None
    """For the command line (``-p``, ``-x``): the next round of a file of players."""
    check_file: Callable[[Record], Iterator[tuple[int, str | None]]] | None = None
    """For the command line (``-c``): every recorded round paired again, ``(number, None)``
    when it matches, else what differs."""
    explain_file: Callable[[Record], list[str]] | None = None
    """For the command line (``-x``): the next round's pairing explained, line by line."""
    generate_file: Callable[[GeneratorConfig, int | None], str] | None = None
    """For the command line (``-g``): a random tournament (TRF16) paired by this system."""


def _dutch_file_pair(record: Record) -> PairingResult:
    """The next round of a file by the Dutch system, under its forbidden pairings (XXP)."""
    return pair_constrained(record).result


def _dutch_file_explain(record: Record) -> list[str]:
    """The next round of a file by the Dutch system, explained bracket by bracket."""
    result = _dutch_file_pair(record)
    return explain_lines(result.explanation, result.reasons)


def _dutch_generate(config: GeneratorConfig, seed: int | None) -> str:
    return generate(config, seed)


def _burstein_generate(config: GeneratorConfig, seed: int | None) -> str:
    return generate(config, seed, pair=pair_burstein_state, system="burstein")


def _entries() -> tuple[System, ...]:
    # In the order of the form's choices.
    return (
        System(
            SystemInfo(
                "dutch",
                "FIDE Dutch (C.04.3)",
                SWISS_TIEBREAKS,
                individual_swiss=True,
            ),
            dutch_plan,
            "dutch",
            cli_flag="--dutch",
            pair_file=_dutch_file_pair,
            check_file=check_rounds,
            explain_file=_dutch_file_explain,
            generate_file=_dutch_generate,
        ),
        System(
            SystemInfo(
                "burstein",
                "FIDE Burstein (C.04.4.2)",
                SWISS_TIEBREAKS,
                individual_swiss=True,
            ),
            burstein_plan,
            "burstein",
            cli_flag="--burstein",
            pair_file=pair_burstein,
            check_file=check_burstein_rounds,
            explain_file=burstein_explanation,
            generate_file=_burstein_generate,
        ),
        System(
            SystemInfo(
                "casual",
                "Casual Swiss (best effort, not FIDE)",
                SWISS_TIEBREAKS,
                individual_swiss=True,
            ),
            casual_plan,
            "casual",
        ),
        System(
            SystemInfo(
                "round_robin",
                "Round robin (Berger)",
                ROUND_ROBIN_TIEBREAKS,
            ),
            round_robin_plan,
            "round_robin",
        ),
        System(
            SystemInfo(
                "double_round_robin",
                "Double round robin (Berger)",
                ROUND_ROBIN_TIEBREAKS,
            ),
            double_round_robin_plan,
            "double_round_robin",
        ),
        System(
            SystemInfo(
                "team_swiss",
                "FIDE team Swiss (C.04.6)",
                ("BH:MP-C1", "GPTS", "EDE", "EMGSB"),
                team=True,
            ),
            team_swiss_plan,
            "team_swiss",
            cli_flag="--team",
        ),
        System(
            SystemInfo(
                "team_round_robin",
                "Team round robin (Berger)",
                TEAM_ROUND_ROBIN_TIEBREAKS,
                team=True,
            ),
            team_round_robin_plan,
            "team_round_robin",
        ),
        System(
            SystemInfo(
                "team_double_round_robin",
                "Team double round robin (Berger)",
                TEAM_ROUND_ROBIN_TIEBREAKS,
                team=True,
            ),
            team_double_round_robin_plan,
            "team_double_round_robin",
        ),
    )


SYSTEMS: dict[str, System] = {system.info.key: system for system in _entries()}
"""Pairing system key (as stored with a section) → the system."""


def system_info(key: str) -> SystemInfo | None:
    """The system stored as `key`, or None when no engine pairs it."""
    return _system.info if (_system := SYSTEMS.get(key)) else None


def system_choices() -> list[tuple[str, str]]:
    """(key, label) of every system, in registration order: a form's choices."""
    return [(info.key, info.label) for info in (system.info for system in SYSTEMS.values())]


def default_tiebreaks() -> dict[str, tuple[str, ...]]:
    """The tie-break list a new section of each system starts with when the organiser
    names none (C.07's usual choices per system), by system key."""
    return {
        info.key: info.default_tiebreaks for info in (system.info for system in SYSTEMS.values())
    }


def scoring_problems(
    key: str, scoring: ScoringSystem, acceleration: Acceleration
) -> list[tuple[str, str]]:
    """What system `key`'s engine cannot pair with, as ``(field, reason)`` pairs: `field`
    names a value of `scoring` (``"draw"``), or is ``"acceleration"``. Empty when it pairs.

    The Swiss engines keep scores in tenths of a point, so every value must be a multiple of
    0.1; with Baku acceleration (C.04.7), whose virtual points are a win and a draw, a draw
    is half a win and a loss nothing. The other systems pair whatever the points.

    >>> from fractions import Fraction
    >>> scoring_problems("dutch", ScoringSystem(draw=Fraction(3, 4)), Acceleration.NONE)
    [('draw', 'FIDE Dutch (C.04.3) pairs with points in tenths (such as 0.5), not 0.75.')]
    >>> scoring_problems("round_robin", ScoringSystem(draw=Fraction(3, 4)), Acceleration.BAKU)
    []
    """
    info = system_info(key)
    if info is None or not info.individual_swiss:
        return []
    problems = [
        (
            f.name,
            f"{info.label} pairs with points in tenths (such as 0.5), "
            f"not {score_decimal_text(value)}.",
        )
        for f in fields(ScoringSystem)
        if not in_tenths(value := getattr(scoring, f.name))
    ]
    if acceleration is Acceleration.BAKU and not baku_scoring(scoring):
        problems.append(
            (
                "acceleration",
                "Baku acceleration (C.04.7) needs a draw worth half a win and a loss worth "
                "nothing.",
            )
        )
    return problems
