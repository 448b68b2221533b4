"""The tournament layer's two extension points: what apps above it tell it when Django starts.

The tournament layer (events, sections, players, rounds) sits below the apps that pair and
that know teams, and may not import them. Two of its pages need an answer only those apps
have; each such app registers its answer here, in its ``AppConfig.ready``, and nowhere else
(as pretix keeps its signals in one module):

- **Replaying the rounds in play** (registered by `pairing`): a correction made on a
  tournament page (a player reinstated after rounds were paired without them, a rating
  corrected) may change what the engine would give for a round in play; the page says so,
  as a result corrected does (C.04.2 4.3, 4.4). `rounds_in_play_replay` asks.
- **Naming a team section's boards** (registered by `teams`): a round's pages show, for a
  team section, each board's match and teams. `board_teams_get` asks.

Without a registration (a test that loads neither app) both answer nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.models import Round
    from tournaments.models import Section

__all__ = [
    "BoardTeams",
    "BoardTeamsGet",
    "Replayer",
    "board_teams_get",
    "board_teams_register",
    "replayer_register",
    "rounds_in_play_replay",
]


@dataclass(frozen=True, slots=True)
class BoardTeams:
    """Where a board of a team section sits: its match, the match's two teams (the one with
    White on board 1 first) and the board's number within the match.

    C.04.6: the first team has White on the odd boards of the match, the second on the even
    ones, and a board's colours always follow the match's.
    """

    match: int
    first_team: str
    second_team: str
    board: int

    @property
    def teams(self) -> str:
        return f"{self.first_team} – {self.second_team}"

    @property
    def label(self) -> str:
        """The board named as players look for it: ``"Team A – Team B, board 1"``."""
        return f"{self.teams}, board {self.board}"

    @property
    def white_team(self) -> str:
        return self.first_team if self.board % 2 else self.second_team

    @property
    def black_team(self) -> str:
        return self.second_team if self.board % 2 else self.first_team


Replayer = Callable[["Section", int], list[tuple[bool, str]]]
"""Given a section and a round number, replays the rounds in play after it: for each, whether
it would be paired the same, and a sentence saying so."""

BoardTeamsGet = Callable[["Round"], Mapping[int, BoardTeams]]
"""Given a round of a team section, each board's match and teams, by board number."""

_replayers: list[Replayer] = []
_board_teams: list[BoardTeamsGet] = []


def replayer_register(replayer: Replayer) -> None:
    """Make `replayer` the one that answers (the pairing app's, registered once)."""
    _replayers[:] = [replayer]


def rounds_in_play_replay(*, section: Section, after: int) -> list[tuple[bool, str]]:
    """Replay the rounds of `section` in play after round `after`: (same, sentence) each;
    nothing when no round is in play after it, or no replayer is registered."""
    if not _replayers:
        return []
    return _replayers[0](section, after)


def board_teams_register(get: BoardTeamsGet) -> None:
    """Make `get` the one that names a team section's boards (the teams app's)."""
    _board_teams[:] = [get]


def board_teams_get(round: Round) -> Mapping[int, BoardTeams]:
    """Each board's match and teams in a round of a team section; nothing when no app
    registered an answer."""
    if not _board_teams:
        return {}
    return _board_teams[0](round)
