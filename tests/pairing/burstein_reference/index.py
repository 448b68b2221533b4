"""The Index and the ranking order (C.04.4.2 1.7–1.8).

Example: a player on 1½ who beat an opponent now on 2 and had a half-point bye has
Buchholz 2 + 1½ = 3½ (the bye is a draw against themself, on their own current score)
and Sonneborn-Berger 1 × 2 + ½ × 1½ = 2¾.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .field import Entrant
from .field import Field
from .field import zero_point_bye_streak

__all__ = ["Index", "index_of", "ranking_key"]


@dataclass(frozen=True, slots=True, order=True)
class Index:
    """1.7.1: Buchholz, then Sonneborn-Berger (compared in that order)."""

    buchholz: Fraction
    sonneborn_berger: Fraction


def index_of(field: Field, entrant: Entrant) -> Index:
    """1.7: the Index of ``entrant`` on current scores, virtual points excluded.

    An unplayed round (any bye, a forfeit, an absence) is a game against oneself, worth
    the points recorded for it, so it adds the player's own current score (1.7.2).
    """
    buchholz = sonneborn_berger = Fraction(0)
    for entry, points in zip(entrant.history, entrant.round_points, strict=True):
        if entry.is_played_game and entry.opponent is not None:
            opponent_score = _score_as_opponent(field, field.entrants[entry.opponent])
        else:
            opponent_score = entrant.score
        buchholz += opponent_score
        sonneborn_berger += points * opponent_score
    return Index(buchholz, sonneborn_berger)


def _score_as_opponent(field: Field, opponent: Entrant) -> Fraction:
    """1.7.2 exception: an opponent whose latest rounds are a running streak of zero-point
    byes counts each of those byes as a draw."""
    streak = zero_point_bye_streak(opponent)
    if not streak:
        return opponent.score
    byes = sum(opponent.round_points[-streak:], Fraction(0))
    return opponent.score - byes + streak * field.draw


def ranking_key(field: Field, entrant: Entrant) -> tuple[Fraction, Fraction, int]:
    """1.8: higher Index first (Buchholz, then Sonneborn-Berger), then lower TPN.

    Scores play no part.  Sorting by this key gives the ranking order, best first.
    """
    index = index_of(field, entrant)
    return (-index.buchholz, -index.sonneborn_berger, entrant.tpn)
