"""The engine's own view of a section: one entry per competitor and round.

Tie-breaks need a few facts the TRF record spreads over several places (what kind of
unplayed round a blank is, the points of each round under the scoring system, team match
and game points).  ``Section`` gathers them once, for individuals and teams alike, so the
C.07 code reads one shape.  ``section_from_record`` builds it from an individual record;
``chesscore.tiebreaks.teams`` builds the team variant.

A *track* is one score per round: the individual points, or a team's match points (MP) or
game points (GP).  Buchholz-like tie-breaks run on a track (C.07 13: "computed on MP or GP").
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from fractions import Fraction

from chesscore.record.model import Colour
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry

__all__ = [
    "Competitor",
    "Entry",
    "Result",
    "RoundOutcome",
    "Section",
    "Track",
    "section_from_record",
]


class RoundOutcome(enum.Enum):
    """What a round was for one competitor, player or team, in C.07 15-16's vocabulary
    (played, forfeited, or which kind of bye), as the tie-breaks count it."""

    GAME = "game"
    """Played over the board (a match, for teams)."""
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    """Also each side of a double forfeit."""
    PAB = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"
    """A requested zero-point bye, an absence, a round before a late entry or after a
    withdrawal (16.1.1), or a round in which the competitor was not paired."""

    @property
    def is_voluntary(self) -> bool:
        """A VUR (16.1.2): a requested bye or a forfeit loss."""
        return self in (RoundOutcome.HALF_BYE, RoundOutcome.ZERO_BYE, RoundOutcome.FORFEIT_LOSS)

    @property
    def is_forfeit(self) -> bool:
        return self in (RoundOutcome.FORFEIT_WIN, RoundOutcome.FORFEIT_LOSS)


class Result(enum.Enum):
    """Result of a game or match from the competitor's side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def rating_points(self) -> Fraction:
        """1, ½ or 0: the game result as rating tie-breaks count it (C.07 10)."""
        return {Result.WIN: Fraction(1), Result.DRAW: Fraction(1, 2)}.get(self, Fraction(0))


class Track(enum.Enum):
    """Which score a computation reads: individual points, or a team's MP or GP."""

    POINTS = "PTS"
    MP = "MP"
    GP = "GP"


@dataclass(frozen=True, slots=True)
class Entry:
    """One round of one competitor.

    ``points`` is what the round earned (individual points, or team match points);
    ``game_points`` is the team's game points (equal to ``points`` for individuals).
    ``opponent`` is set for games and forfeits (the scheduled opponent).  ``boards`` holds
    a team's game points per board, board 1 first, when known.
    """

    outcome: RoundOutcome
    points: Fraction
    game_points: Fraction
    opponent: int | None = None
    black: bool = False
    result: Result | None = None
    boards: tuple[Fraction, ...] = ()

    def score(self, track: Track) -> Fraction:
        return self.game_points if track is Track.GP else self.points

    @property
    def is_played(self) -> bool:
        return self.outcome is RoundOutcome.GAME


# The result of a played game from the player's side: any other played code is a loss.
_PLAYED_RESULTS = {
    ResultCode.WIN: Result.WIN,
    ResultCode.UNRATED_WIN: Result.WIN,
    ResultCode.DRAW: Result.DRAW,
    ResultCode.UNRATED_DRAW: Result.DRAW,
}
# A round without a game: any other code is a zero-point bye.
_GAMELESS_OUTCOMES = {
    ResultCode.PAIRING_ALLOCATED_BYE: RoundOutcome.PAB,
    ResultCode.FULL_POINT_BYE: RoundOutcome.FULL_BYE,
    ResultCode.HALF_POINT_BYE: RoundOutcome.HALF_BYE,
    # A forfeit code without an opponent is an absence that kept its points.
    ResultCode.FORFEIT_WIN: RoundOutcome.FULL_BYE,
}


@dataclass(frozen=True, slots=True)
class Competitor:
    """A player or a team: its number (TPN), rating and one entry per round."""

    number: int
    entries: tuple[Entry, ...]
    rating: int | None = None
    """``None`` for an unrated player (a 0 in TRF) and for teams."""

    def score(self, track: Track) -> Fraction:
        return sum((e.score(track) for e in self.entries), Fraction(0))


@dataclass(frozen=True, slots=True)
class Section:
    """The competitors of a section over rounds 1..``rounds``, and its scoring.

    ``win``/``draw``/``loss`` are the points of a game (individuals) or the match points of
    a match (teams); ``game_win``/``game_draw`` the points of one board, ``boards`` the
    number of boards (1 for individuals).
    """

    competitors: tuple[Competitor, ...]
    rounds: int
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    round_robin: bool = False
    """Pre-determined pairings (15.2): forfeits count as games."""
    team: bool = False
    boards: int = 1
    game_win: Fraction = Fraction(1)
    game_draw: Fraction = Fraction(1, 2)
    primary: Track = Track.POINTS
    _by_number: dict[int, Competitor] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self._by_number.update((c.number, c) for c in self.competitors)
        if len(self._by_number) != len(self.competitors):
            raise ValueError("competitor numbers must be unique")
        for c in self.competitors:
            if len(c.entries) != self.rounds:
                raise ValueError(f"competitor {c.number} has {len(c.entries)} entries")

    def competitor(self, number: int) -> Competitor:
        return self._by_number[number]

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(sorted(self._by_number))

    @property
    def secondary(self) -> Track:
        """The other team score (13.1); individuals have only one."""
        if self.primary is Track.MP:
            return Track.GP
        if self.primary is Track.GP:
            return Track.MP
        return Track.POINTS

    def win_points(self, track: Track) -> Fraction:
        """Points of a won game or match on ``track``."""
        return self.game_win * self.boards if track is Track.GP else self.win

    def draw_points(self, track: Track) -> Fraction:
        """Points of a drawn game or match on ``track`` (16.3, 16.4.2)."""
        return self.game_draw * self.boards if track is Track.GP else self.draw

    def loss_points(self, track: Track) -> Fraction:
        return Fraction(0) if track is Track.GP else self.loss

    def with_competitors(self, competitors: Iterable[Competitor]) -> Section:
        return replace(self, competitors=tuple(competitors))


def _entry(e: RoundEntry, points: Fraction) -> Entry:
    result = e.result
    black = e.colour is Colour.BLACK
    if e.opponent is not None and result.needs_opponent:
        if result.is_played:
            played = _PLAYED_RESULTS.get(result, Result.LOSS)
            return Entry(RoundOutcome.GAME, points, points, e.opponent, black, played)
        if result is ResultCode.FORFEIT_WIN:
            return Entry(RoundOutcome.FORFEIT_WIN, points, points, e.opponent, black, Result.WIN)
        return Entry(RoundOutcome.FORFEIT_LOSS, points, points, e.opponent, black, Result.LOSS)
    outcome = _GAMELESS_OUTCOMES.get(result, RoundOutcome.ZERO_BYE)
    return Entry(outcome, points, points)


def section_from_record(
    record: Record, after_round: int | None = None, *, round_robin: bool | None = None
) -> Section:
    """The individual section of ``record`` after round ``after_round``.

    ``after_round`` defaults to the last round anyone was paired in
    (``Record.rounds_played``).  Rounds a player has no entry for are zero-point byes
    (an absence, a round before a late entry, a round after a withdrawal: 16.1.1).
    ``round_robin`` (pre-determined pairings, C.07 15.2) defaults to the record's
    (`Record.round_robin`, by its system).

    >>> section_from_record(Record(system="double_round_robin")).round_robin
    True

    A rating of 0 is read as "unrated" (TRF writes 0 or blanks for it).
    """
    rounds = record.rounds_played if after_round is None else after_round
    if rounds < 0:
        raise ValueError("after_round must not be negative")
    scoring = record.scoring
    competitors = []
    for p in record.players:
        entries = tuple(
            _entry(p.entry(r), scoring.points(p.entry(r).result)) for r in range(1, rounds + 1)
        )
        rating = p.rating if p.rating else None
        competitors.append(Competitor(p.rank, entries, rating))
    competitors.sort(key=lambda c: c.number)
    rr = record.round_robin if round_robin is None else round_robin
    return Section(
        tuple(competitors),
        rounds,
        win=scoring.win,
        draw=scoring.draw,
        loss=scoring.loss,
        round_robin=rr,
    )


def scores(section: Section, track: Track) -> Mapping[int, Fraction]:
    """Each competitor's total on ``track``."""
    return {c.number: c.score(track) for c in section.competitors}
