"""The Burstein Index and the ranking order it gives (C.04.4.2 1.7 and 1.8).

The Index measures the opposition a player has met, from current tournament data only:
Buchholz first, Sonneborn-Berger to break its ties (1.7.1).  Both are taken on the
*current* scores, never on final ones, and without acceleration points (1.7.2), which is
why they are not C.07's tie-breaks and are computed here rather than taken from
:mod:`chesscore.tiebreaks`.

An unplayed round (any bye, an absence, a forfeit either way) counts as a game against
oneself, worth the points recorded for it (1.7.2).  So a player who lost by forfeit adds
their own score to their Buchholz and nothing to their Sonneborn-Berger; one who had the
pairing-allocated bye adds their own score to both.

The exception of 1.7.2: a player whose latest rounds are an unbroken streak of zero-point
byes (they are not back yet) would drag down the Index of everyone who met them.  So when
*that player is the opponent being counted*, each bye of the running streak counts as a
draw.  The player's own Index, where they are their own opponent for those rounds, keeps
the score recorded (the exception speaks of their opponents' evaluation only).

Scores are integers in tenths of a point (:mod:`..state`); Sonneborn-Berger is kept as
points times score, in hundredths, so that everything stays exact.

Example: a player who beat a 2-point opponent, drew with a 3-point one and had a full-point
PAB, standing on 2.5 points, has Buchholz 2 + 3 + 2.5 = 7.5 and Sonneborn-Berger
2 + 1.5 + 2.5 = 6 (``Index(buchholz=75, sonneborn_berger=600)`` in tenths and hundredths).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state import PlayerState
from ..state import TournamentState

__all__ = ["Index", "index_of_players", "ranking_order"]


@dataclass(frozen=True, slots=True, order=True)
class Index:
    """1.7: Buchholz (tenths), then Sonneborn-Berger (points times score, hundredths)."""

    buchholz: int
    sonneborn_berger: int


def index_of_players(state: TournamentState) -> dict[int, Index]:
    """The Index (1.7) of every player of ``state``, by starting rank.

    Complexity: O(players x rounds).
    """
    as_opponent = {rank: _score_as_opponent(state, p) for rank, p in state.players.items()}
    indexes: dict[int, Index] = {}
    for rank, player in state.players.items():
        buchholz = 0
        sonneborn_berger = 0
        for game in player.games:
            if game.played and game.opponent is not None:
                opponent_score = as_opponent[game.opponent]
            else:
                # 1.7.2: an unplayed round is a game against oneself.
                opponent_score = player.score
            buchholz += opponent_score
            sonneborn_berger += game.points * opponent_score
        indexes[rank] = Index(buchholz, sonneborn_berger)
    return indexes


def _score_as_opponent(state: TournamentState, player: PlayerState) -> int:
    """The player's current score as their opponents' Index counts it (1.7.2 exception).

    A running streak of zero-point byes at the end of the player's record counts as
    draws; a player who has never played a game has no opponents to be counted for.
    """
    score = player.score
    for game in reversed(player.games):
        if game.paired or game.points != 0:
            break
        score += state.points_for_draw
    return score


def ranking_order(state: TournamentState, indexes: dict[int, Index]) -> list[int]:
    """1.8: starting ranks by Index (higher first), then pairing number (lower first).

    Scores play no part.  The pairing number is the player's place in the starting list
    (``order``), as for every other use of the TPN in the engines.
    """
    return sorted(
        state.players,
        key=lambda rank: (
            -indexes[rank].buchholz,
            -indexes[rank].sonneborn_berger,
            state.players[rank].order,
        ),
    )
