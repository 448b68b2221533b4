"""The pairing systems as record 192 of a TRF file names them (FIDE's ETT26 codes).

A 192 code says which system pairs the event (`Record.system`, a key of
`chesscore.systems.SYSTEMS`) and, for the team Swiss, the competition's rules
(`Record.team_rules`). The TRF reader turns the code into those two facts
(`system_for_code`, `team_rules_for_code`) and the writer makes the code from them
(`code_for`); nothing else reads or makes a code. The word ``BAKU`` of a code is the
reader's and writer's own business (`chesscore.record.trf.system_code`).

Example::

    >>> system_for_code("FIDE_DUTCH_2025"), code_for("burstein", TeamSwissRules())
    ('dutch', 'FIDE_BURSTEIN')
    >>> rules = team_rules_for_code("FIDE_TEAM_TYPEB_GP")
    >>> rules.primary, rules.secondary, rules.preferences
    (<ScoreKind.GP: 'GP'>, False, <PreferenceType.B: 'B'>)
    >>> code_for("team_swiss", rules)
    'FIDE_TEAM_TYPEB_GP'
"""

from __future__ import annotations

from dataclasses import dataclass

from chesscore.record.model import PreferenceType
from chesscore.record.model import ScoreKind
from chesscore.record.model import TeamSwissRules

__all__ = [
    "DEFAULT_SYSTEM",
    "SYSTEM_CODES",
    "SystemCode",
    "code_for",
    "system_for_code",
    "team_rules_for_code",
]

DEFAULT_SYSTEM = "dutch"
"""The system of a new section, and of an imported file whose 192 code names none we know."""


@dataclass(frozen=True, slots=True)
class SystemCode:
    """How record 192 names one system."""

    key: str
    """The system's key (`chesscore.systems.SYSTEMS`)."""
    code: str
    """The code written for the system (for the team Swiss, under the default rules)."""
    reads: tuple[tuple[str, ...], ...]
    """The codes that name this system: each pattern is words that must all be in the
    code (``("TEAM", "ROUNDROBIN")``). The longest matching pattern decides between systems
    (see `system_for_code`)."""
    states_team_rules: bool = False
    """Whether the code written states the team rules (the team Swiss: `code_for`)."""


SYSTEM_CODES: dict[str, SystemCode] = {
    entry.key: entry
    for entry in (
        SystemCode("dutch", "FIDE_DUTCH", (("DUTCH",),)),
        SystemCode("burstein", "FIDE_BURSTEIN", (("BURSTEIN",),)),
        SystemCode("casual", "CUSTOM_SWISS", (("CUSTOM_",),)),
        # Berger tables, Schiller's and the Scheveningen system: pairings fixed in advance,
        # as C.07 15.2 counts them; the site pairs each as a round robin.
        SystemCode(
            "round_robin",
            "FIDE_ROUNDROBIN",
            (("ROUNDROBIN",), ("BERGER",), ("SCHILLER",), ("SCHEVENINGEN",)),
        ),
        SystemCode("double_round_robin", "FIDE_DOUBLEROUNDROBIN", (("DOUBLEROUNDROBIN",),)),
        SystemCode("team_swiss", "FIDE_TEAM_TYPEA_MP_GP", (("TEAM",),), states_team_rules=True),
        SystemCode(
            "team_round_robin",
            "FIDE_TEAM_ROUNDROBIN",
            (("TEAM", "ROUNDROBIN"), ("TEAM", "KNOCKOUT")),
        ),
        SystemCode(
            "team_double_round_robin", "FIDE_TEAM_DOUBLEROUNDROBIN", (("TEAM", "DOUBLEROUNDROBIN"),)
        ),
    )
}
"""Each system's code, by system key, in the registry's order."""


def system_for_code(code: str) -> str:
    """The key of the system a 192 code names; `DEFAULT_SYSTEM` when it names none.

    The system with the longest pattern found in the code wins (its words' total length),
    so ``FIDE_TEAM_DOUBLEROUNDROBIN`` is the team double round robin, not the team round
    robin nor the team Swiss; on a tie, the system listed first.

    >>> system_for_code("FIDE_TEAM_DOUBLEROUNDROBIN"), system_for_code("")
    ('team_double_round_robin', 'dutch')
    """
    upper = code.strip().upper()
    best, best_length = DEFAULT_SYSTEM, 0
    for entry in SYSTEM_CODES.values():
        for pattern in entry.reads:
            length = sum(len(word) for word in pattern)
            if length > best_length and all(word in upper for word in pattern):
                best, best_length = entry.key, length
    return best


def team_rules_for_code(code: str) -> TeamSwissRules:
    """The team rules a 192 code ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]`` states.

    FIDE's table of these codes (ETT26) reads them so:

    - ``FIDE_TEAM`` stands for ``FIDE_TEAM_TYPEA_MP_GP``: the defaults of 1.2.2 and 1.7
      (Type A, match points primary, game points for colours);
    - a code naming ``TYPEA`` or ``TYPEB`` gives that type (1.7.1, 1.7.2);
    - a code naming the scores but no type (``FIDE_TEAM_MP_GP``, ``FIDE_TEAM_GP``) chooses
      1.7's third option, no colour preferences at all: naming the scores shows the
      competition set its rules out, and leaving the type out is that choice.

    The first score named is primary; a second one is the secondary score of 4.2.2, and a
    code naming a single score uses none. Codes of other systems give the defaults.

    >>> rules = team_rules_for_code("FIDE_TEAM_GP_MP")
    >>> rules.primary, rules.secondary, rules.preferences
    (<ScoreKind.GP: 'GP'>, True, <PreferenceType.NONE: 'NONE'>)
    >>> team_rules_for_code("FIDE_TEAM") == TeamSwissRules()
    True
    """
    parts = [p for p in code.strip().upper().split("_") if p]
    scores = [ScoreKind(p) for p in parts if p in ("MP", "GP")]
    if "TYPEB" in parts:
        preferences = PreferenceType.B
    elif "TYPEA" in parts or not scores:
        preferences = PreferenceType.A
    else:
        preferences = PreferenceType.NONE
    if not scores:
        return TeamSwissRules(preferences=preferences)
    return TeamSwissRules(primary=scores[0], secondary=len(scores) > 1, preferences=preferences)


_TYPE_WORDS = {PreferenceType.A: "_TYPEA", PreferenceType.B: "_TYPEB", PreferenceType.NONE: ""}


def code_for(system: str, team_rules: TeamSwissRules) -> str:
    """The 192 code of `system` (a key of `SYSTEM_CODES`; ``""`` for any other key), which
    for the team Swiss states `team_rules` in full: `team_rules_for_code` reads them back.

    >>> code_for("team_swiss", TeamSwissRules(preferences=PreferenceType.NONE))
    'FIDE_TEAM_MP_GP'
    >>> code_for("", TeamSwissRules())
    ''
    """
    entry = SYSTEM_CODES.get(system)
    if entry is None:
        return ""
    if not entry.states_team_rules:
        return entry.code
    scores = [team_rules.primary]
    if team_rules.secondary:
        other = ScoreKind.GP if team_rules.primary is ScoreKind.MP else ScoreKind.MP
        scores.append(other)
    words = "".join(f"_{score.value}" for score in scores)
    return f"FIDE_TEAM{_TYPE_WORDS[team_rules.preferences]}{words}"
