"""Scores: what games and byes are worth under a section's scoring, and every player's total.

Scores are never stored (`tournaments.models`); every page that shows one counts it here:
`section_scores_get` reads them, and a page that holds the rows already counts them with
`scores_count`, whose points are `game_points` and `bye_points`. A page's rows write them
as chess players do with `ScoreText` (and `Scored`, for a row's `score`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction
from operator import attrgetter
from typing import overload

from chesscore.record import model as rec
from chesscore.record.scores import score_text
from tournaments.models import Bye
from tournaments.models import Game
from tournaments.models import Section
from tournaments.selectors.record import BYE_CODES
from tournaments.selectors.record import GAME_CODES
from tournaments.selectors.record import section_scoring
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES

__all__ = ["ScoreText", "Scored", "bye_points", "game_points", "scores_count", "section_scores_get"]


def game_points(scoring: rec.ScoringSystem, result: str) -> tuple[Fraction, Fraction]:
    """White's and Black's points of a game with `result` (a `GameResult` value; nothing
    for a game still in play)."""
    white, black = GAME_CODES[result]
    return scoring.points(white), scoring.points(black)


def bye_points(scoring: rec.ScoringSystem, kind: str) -> Fraction:
    """The points of a bye of `kind` (a `ByeKind` value)."""
    return scoring.points(BYE_CODES[kind])


def scores_count(
    scoring: rec.ScoringSystem,
    games: Iterable[tuple[int, int, str]],
    byes: Iterable[tuple[int, str]],
) -> defaultdict[int, Fraction]:
    """Each player's score from `games` (White, Black, result) and `byes` (player, kind),
    players by whatever key the rows give (primary keys on the pages); 0 for anyone else."""
    scores: defaultdict[int, Fraction] = defaultdict(Fraction)
    for white, black, result in games:
        white_points, black_points = game_points(scoring, result)
        scores[white] += white_points
        scores[black] += black_points
    for player, kind in byes:
        scores[player] += bye_points(scoring, kind)
    return scores


def section_scores_get(
    *, section: Section, before_round: int | None = None
) -> defaultdict[int, Fraction]:
    """Every player's score (by primary key; 0 for a player with none) under the section's
    scoring, from its published and completed rounds, those before `before_round` only
    when given. Two queries: the games and the byes."""
    counted: dict[str, object] = {
        "round__section": section,
        "round__status__in": VISIBLE_ROUND_STATUSES,
    }
    if before_round is not None:
        counted["round__number__lt"] = before_round
    return scores_count(
        section_scoring(section),
        Game.objects.filter(**counted).values_list("white", "black", "result"),
        Bye.objects.filter(**counted).values_list("player", "kind"),
    )


class ScoreText:
    """A page row's score as chess players write it (``2½``, `score_text`), read from the
    attribute it names: ``points_text = ScoreText("points")`` in a row that holds
    ``points``; a dotted name reads through (``"line.points"``)."""

    def __init__(self, attribute: str) -> None:
        self._read = attrgetter(attribute)

    @overload
    def __get__(self, row: None, owner: type) -> ScoreText: ...

    @overload
    def __get__(self, row: object, owner: type) -> str: ...

    def __get__(self, row: object | None, owner: type) -> ScoreText | str:
        if row is None:
            return self
        return score_text(self._read(row))


class Scored:
    """A page row that holds a `score`, and writes it as `score_text` (`ScoreText`)."""

    __slots__ = ()

    score_text = ScoreText("score")
