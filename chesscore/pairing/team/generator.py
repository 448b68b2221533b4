"""A random team Swiss, paired round by round by the engine, as a record (for tests).

Teams are numbered by strength; each match is played on every board with the colours of
the board-colour sequence (352), the board-1 White team having White on the odd boards.
Results are drawn from a seeded ``random.Random``: the same seed gives the same record.

Example::

    >>> record = generate_team_swiss(TeamSwissConfig(teams=5, rounds=2, boards=2), seed=1)
    >>> len(record.teams), len(record.players), record.team_pab is not None
    (5, 10, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from fractions import Fraction

from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import Team
from chesscore.record.model import TeamPab
from chesscore.record.model import TeamSwissRules

from .api import pair_team_round
from .colours import board_colours
from .state import TeamPairingOptions
from .state import team_swiss_state

__all__ = ["TeamSwissConfig", "generate_team_swiss"]


@dataclass(frozen=True, slots=True)
class TeamSwissConfig:
    """Size of the generated event and its rules (which its file's 192 code states)."""

    teams: int = 12
    rounds: int = 7
    boards: int = 4
    rules: TeamSwissRules = field(default_factory=TeamSwissRules)
    draw_rate: float = 0.3


def _result(rng: random.Random, white: int, black: int, draw_rate: float) -> ResultCode:
    # The stronger player (lower rank) wins more often; exact odds do not matter.
    roll = rng.random()
    if roll < draw_rate:
        return ResultCode.DRAW
    favourite = 0.5 + (0.15 if white < black else -0.15)
    return ResultCode.WIN if rng.random() < favourite else ResultCode.LOSS


def generate_team_swiss(config: TeamSwissConfig, seed: int | None) -> Record:
    """Generate and pair a whole team Swiss (C.04.6) with random board results."""
    rng = random.Random(seed)
    boards = config.boards
    colours = board_colours(boards)
    teams = tuple(
        Team(
            number=n,
            name=f"Team {n:02d}",
            members=tuple(range((n - 1) * boards + 1, n * boards + 1)),
        )
        for n in range(1, config.teams + 1)
    )
    entries: dict[int, list[RoundEntry]] = {rank: [] for t in teams for rank in t.members}
    ratings = {rank: 2600 - 10 * rank for rank in entries}
    event = Event(
        name="Generated team Swiss",
        board_colours="".join("W" if c is Colour.WHITE else "B" for c in colours),
        team_count=config.teams,
    )
    pab_teams: list[int | None] = []
    record = Record(
        teams=teams,
        event=event,
        system="team_swiss",
        team_rules=config.rules,
        planned_rounds=config.rounds,
    )
    pab = TeamPab(Fraction(1), Fraction(boards, 2), ())
    for number in range(1, config.rounds + 1):
        result = pair_team_round(record, TeamPairingOptions(round_to_pair=number))
        for match in result.matches:
            white, black = record.team(match.white), record.team(match.black)
            for board, colour in enumerate(colours):
                w, b = white.members[board], black.members[board]
                if colour is Colour.BLACK:
                    w, b = b, w
                code = _result(rng, w, b, config.draw_rate)
                entries[w].append(RoundEntry(b, Colour.WHITE, code))
                entries[b].append(RoundEntry(w, Colour.BLACK, code.counterpart))
        for rounds in entries.values():
            if len(rounds) < number:
                rounds.append(RoundEntry())
        pab_teams.append(result.bye)
        players = tuple(
            Player(rank=rank, name=f"Player {rank:03d}", rating=ratings[rank], rounds=tuple(r))
            for rank, r in entries.items()
        )
        record = replace(
            record,
            players=players,
            team_pab=replace(pab, teams=tuple(pab_teams)) if any(pab_teams) else None,
        )
    final = team_swiss_state(record, TeamPairingOptions(round_to_pair=config.rounds + 1))
    players = tuple(replace(p, points=p.score_after(None, record.scoring)) for p in record.players)
    scored = tuple(
        replace(
            t,
            match_points=final.teams[t.number].match_points,
            game_points=final.teams[t.number].game_points,
        )
        for t in teams
    )
    return replace(record, players=players, teams=scored)
