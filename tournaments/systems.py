"""What the tournament layer knows of the pairing systems: their catalogue.

The systems themselves, each with its planner, are registered by the pairing app
(`pairing.systems.SYSTEMS`, loaded when Django starts); this module only keeps what the
lower layers need to know of each one, by the stable key stored with a section: its label
for forms and pages, the 192 code a site-made section writes to its TRF, which imported
192 codes name it, whether it pairs teams or follows a fixed table, and its usual
tie-breaks. Nothing outside the catalogue is offered, so nothing offered is missing.

Standard library only: the command line and the engines can read it too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "DEFAULT_SYSTEM",
    "SystemInfo",
    "baku_code",
    "default_tiebreaks",
    "system_choices",
    "system_for_code",
    "system_info",
    "systems_register",
]

DEFAULT_SYSTEM = "dutch"
"""The system of a new section, and of an imported file whose 192 code names none we know."""


@dataclass(frozen=True, slots=True)
class SystemInfo:
    """One pairing system as forms, pages, imports and exports see it."""

    key: str
    """Stable key stored with a section (``Section.system``)."""
    label: str
    trf_code: str
    """The 192 code written for a section created on the site (an imported one keeps its own)."""
    reads: tuple[tuple[str, ...], ...]
    """The 192 codes that name this system: each pattern is words that must all be in the
    code (``("TEAM", "ROUNDROBIN")``). The longest matching pattern decides between systems
    (see `system_for_code`)."""
    default_tiebreaks: tuple[str, ...]
    team: bool = False
    fixed_table: bool = False
    """Paired from a table fixed in advance (round robins): prohibited groups cannot apply."""
    baku: bool = False
    """Pairs with Baku acceleration (C.04.7) whatever the section's acceleration setting."""


_CATALOGUE: dict[str, SystemInfo] = {}


def systems_register(systems: Iterable[SystemInfo]) -> None:
    """Register `systems` (called once by the pairing app when Django starts; again with
    the same systems, nothing changes)."""
    for info in systems:
        _CATALOGUE[info.key] = info


def system_info(key: str) -> SystemInfo | None:
    """The registered system stored as `key`, or None when no engine pairs it."""
    return _CATALOGUE.get(key)


def system_choices() -> list[tuple[str, str]]:
    """(key, label) of every registered system, in registration order: a form's choices."""
    return [(info.key, info.label) for info in _CATALOGUE.values()]


def default_tiebreaks() -> dict[str, tuple[str, ...]]:
    """The tie-break list a new section of each system starts with when the organiser
    names none (C.07's usual choices per system), by system key."""
    return {info.key: info.default_tiebreaks for info in _CATALOGUE.values()}


def system_for_code(code: str) -> str:
    """The key of the system a TRF 192 code names; `DEFAULT_SYSTEM` when it names none.

    The system with the longest pattern found in the code wins (its words' total length),
    so ``FIDE_TEAM_DOUBLEROUNDROBIN`` is the team double round robin, not the team round
    robin nor the team Swiss; on a tie, the system registered first.

    >>> systems_register([SystemInfo("x", "X", "FIDE_X", (("X",), ("X", "Y")), ())])
    >>> system_for_code("fide_x_y"), system_for_code("")
    ('x', 'dutch')
    """
    upper = code.strip().upper()
    best, best_length = DEFAULT_SYSTEM, 0
    for info in _CATALOGUE.values():
        for pattern in info.reads:
            length = sum(len(word) for word in pattern)
            if length > best_length and all(word in upper for word in pattern):
                best, best_length = info.key, length
    return best


def baku_code(code: str) -> str:
    """`code` naming Baku acceleration (C.04.7) the way the 192 codes do, by a ``_BAKU``
    suffix; a code that names it already is kept.

    A file whose code does not name the acceleration is paired again without it (the
    command line's ``-c``) and imported as unaccelerated.

    >>> baku_code("FIDE_DUTCH"), baku_code("FIDE_BURSTEIN"), baku_code("FIDE_DUTCH_BAKU")
    ('FIDE_DUTCH_BAKU', 'FIDE_BURSTEIN_BAKU', 'FIDE_DUTCH_BAKU')
    """
    stripped = code.strip()
    return stripped if "BAKU" in stripped.upper() else f"{stripped}_BAKU"
