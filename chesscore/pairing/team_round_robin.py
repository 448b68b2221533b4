"""Team round robins from the Berger tables (FIDE C.05 Annex 1), single and double.

Teams are numbered 1..n by their pairing numbers and take the places of the players in the
Berger table: the team listed first in a match has White on board 1 and so White on the
odd boards (or as the 352 board-colour sequence says).  With an odd number of teams the
team meeting the free number sits the round out.

Example (4 teams, round 1: ``1-4, 2-3``)::

    >>> team_berger_round(4, 1).matches
    ((1, 4), (2, 3))
"""

from __future__ import annotations

from chesscore.record.model import Colour

from .round_robin import BergerRound
from .round_robin import berger_round
from .round_robin import berger_rounds
from .team.colours import board_colours

__all__ = [
    "TeamRoundRobinRound",
    "board_pairings",
    "team_berger_round",
    "team_berger_rounds",
    "team_berger_table",
]


class TeamRoundRobinRound(BergerRound):
    """One round: ``(white team, black team)`` per match (board-1 colours), the free team.

    It is the round of the Berger table with the teams in the players' places.
    """

    __slots__ = ()

    @property
    def matches(self) -> tuple[tuple[int, int], ...]:
        """``(white team, black team)`` per match: the boards of the Berger table."""
        return self.boards


def team_berger_rounds(teams: int, *, double: bool = False) -> int:
    """Rounds of a (double) team round robin of ``teams`` teams (C.05 Annex 1).

    >>> team_berger_rounds(5), team_berger_rounds(6, double=True)
    (5, 10)
    """
    return berger_rounds(teams, double=double)


def team_berger_round(
    teams: int, round_number: int, *, double: bool = False
) -> TeamRoundRobinRound:
    """Round ``round_number`` of the team Berger table; ``ValueError`` outside the table.

    >>> team_round = team_berger_round(3, 1)
    >>> team_round.matches, team_round.free
    (((2, 3),), 1)
    """
    table = berger_round(teams, round_number, double=double)
    return TeamRoundRobinRound(table.number, table.boards, table.free)


def team_berger_table(teams: int, *, double: bool = False) -> tuple[TeamRoundRobinRound, ...]:
    """Every round of the (double) team round robin.  Complexity: O(n²) for n teams."""
    return tuple(
        team_berger_round(teams, number, double=double)
        for number in range(1, team_berger_rounds(teams, double=double) + 1)
    )


def board_pairings(
    white_members: tuple[int, ...],
    black_members: tuple[int, ...],
    sequence: str = "",
) -> tuple[tuple[int, int], ...]:
    """``(white, black)`` players per board of a match whose first team has White on board 1.

    Boards follow the 352 sequence when given, else White on the odd boards (C.04.6 4).

    >>> board_pairings((1, 2, 3, 4), (5, 6, 7, 8))
    ((1, 5), (6, 2), (3, 7), (8, 4))
    """
    boards = min(len(white_members), len(black_members))
    colours = board_colours(boards, sequence)
    return tuple(
        (a, b) if colour is Colour.WHITE else (b, a)
        for a, b, colour in zip(white_members, black_members, colours, strict=False)
    )
