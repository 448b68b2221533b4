"""What a planner takes (`PairingInput`) and what it gives back (`Plan`).

A planner is a pure function ``PairingInput -> Plan``: the section's record as the engine
must see the round, plus the organiser's settings the record does not carry, become the
round's boards, byes, team matches and explanation. `pairing.selectors.pairing_input_get`
makes the input from the database (one read); `tournaments.services.round_boards_store`
and `teams.services.team_round_store` store the plan (one write).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from chesscore.pairing.constraints import Group
from chesscore.record import model as rec

__all__ = [
    "PairingInput",
    "Plan",
    "PlannedBoard",
    "PlannedMatch",
    "TeamInput",
]


@dataclass(frozen=True, slots=True)
class TeamInput:
    """What a team section adds to its record for pairing a round.

    ``lineups`` holds every team's default line-up for the round by team number: the
    roster in board order without the players who cannot play it, cut to the boards
    (``None``: an empty board).
    """

    boards_per_match: int
    withdrawn: tuple[int, ...] = ()
    lowest_priority_groups: tuple[tuple[str, tuple[int, ...]], ...] = ()
    lineups: Mapping[int, tuple[int | None, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PairingInput:
    """Everything a planner needs to pair round ``number`` of a section, as plain values.

    ``record`` is the section's record as the engine must see the round: published rounds
    only, absent players out, the section's planned rounds, PAB exclusions; its forbidden
    pairings are only those of an imported file (for a team section, also the strict
    groups as pairings of teams); its acceleration is the section's. ``groups`` are the
    section's prohibited groups of players, with their names, for the individual systems.
    The system is not among them: the registry (`chesscore.systems.SYSTEMS`) chose the
    planner by it.
    """

    number: int
    record: rec.Record
    planned_rounds: int
    groups: tuple[Group, ...] = ()
    team: TeamInput | None = None


@dataclass(frozen=True, slots=True)
class PlannedBoard:
    """A board of the plan by starting rank; ``decided`` when it is a forfeit already (a
    round robin's absent player: the kinds of TRF's forfeited match, 330)."""

    white: int
    black: int
    explanation: str = ""
    decided: rec.MatchForfeit | None = None


@dataclass(frozen=True, slots=True)
class PlannedMatch:
    """A team match by team numbers (White on board 1 for ``white_team``), with both
    line-ups by starting rank; ``decided`` when the match is forfeited as a whole (330)."""

    white_team: int
    black_team: int
    white_boards: tuple[int | None, ...]
    black_boards: tuple[int | None, ...]
    decided: rec.MatchForfeit | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """A round ready to store: boards by starting rank, byes, and why.

    ``byes`` pairs a starting rank with its TRF code (``U`` the pairing-allocated bye, ``H``,
    ``F``, ``Z`` the byes asked for). A team plan also has its ``matches`` and ``team_pab``;
    its ``boards`` are the games its line-ups make. ``deviations`` lists what shaped the
    round beyond the FIDE rules (empty: a pure FIDE pairing).
    """

    boards: tuple[PlannedBoard, ...]
    byes: tuple[tuple[int, rec.ResultCode], ...]
    explanation: dict[str, Any]
    deviations: tuple[str, ...] = ()
    matches: tuple[PlannedMatch, ...] = ()
    team_pab: int | None = None
