"""Standings: points first, then the tie-break list (C.07 4.2).

The first tie-break is applied to each group level on points, the next one to each
subgroup still level, and so on.  Participants still level when the list runs out share a
place: they get the same rank, the next rank skips (1, 2, 2, 4).  Inside a shared place
rows are listed by pairing number, so output never depends on input order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction
from itertools import groupby

from chesscore.tiebreaks.codes import InvalidTieBreakCode
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.codes import parse_code
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.context import Edition
from chesscore.tiebreaks.definitions import Scope
from chesscore.tiebreaks.definitions import TieBreak
from chesscore.tiebreaks.definitions import Value
from chesscore.tiebreaks.definitions import Values
from chesscore.tiebreaks.definitions import definition_of
from chesscore.tiebreaks.section import RoundOutcome
from chesscore.tiebreaks.section import Section

__all__ = ["DroppedTieBreak", "StandingRow", "Standings", "rank_section", "resolve"]


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One participant's line: rank (shared when still tied), number, score, values."""

    rank: int
    number: int
    points: Fraction
    values: tuple[Value, ...]
    secondary: Fraction | None = None
    """A team's secondary score (GP when MP decide, MP when GP do); ``None`` for players."""


@dataclass(frozen=True, slots=True)
class DroppedTieBreak:
    """A tie-break of the list that was not applied, and why (C.07 10: unrated players)."""

    code: TieBreakCode
    reason: str


@dataclass(frozen=True, slots=True)
class Standings:
    """Final ranks and tie-break values, in rank order.

    ``values`` of a row follow ``codes``.  A dropped tie-break has ``None`` everywhere and
    separates nobody.  For a type A tie-break (DE, EDE) the value is the participant's
    position among those level with it when the tie-break was applied (1 = first).
    """

    codes: tuple[TieBreakCode, ...]
    rows: tuple[StandingRow, ...]
    after_round: int
    dropped: tuple[DroppedTieBreak, ...] = ()
    _by_number: dict[int, StandingRow] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self._by_number.update((r.number, r) for r in self.rows)

    def row(self, number: int) -> StandingRow:
        """The row of participant ``number``; ``KeyError`` if absent."""
        return self._by_number[number]

    @property
    def ranks(self) -> dict[int, int]:
        """Final rank by participant number (TRF 001 columns 86-89)."""
        return {r.number: r.rank for r in self.rows}

    def value(self, number: int, code: str | TieBreakCode) -> Value:
        """The value of one tie-break for one participant."""
        wanted = parse_code(code) if isinstance(code, str) else code
        return self.row(number).values[self.codes.index(wanted)]


def resolve(codes: Sequence[str | TieBreakCode], *, team: bool) -> list[TieBreak]:
    """Parse and check a tie-break list for an individual or a team section.

    Raises ``InvalidTieBreakCode`` for an unknown code, a modifier the tie-break does not
    take, or a team tie-break in an individual section (and the reverse).
    """
    resolved = []
    for text in codes:
        code = parse_code(text) if isinstance(text, str) else text
        definition = definition_of(code)
        if definition.scope == (Scope.INDIVIDUAL if team else Scope.TEAM):
            kind = "team" if team else "individual"
            raise InvalidTieBreakCode(str(code), f"not a tie-break for {kind} sections")
        resolved.append(TieBreak(code, definition))
    return resolved


def _unrated_players(section: Section) -> bool:
    """Someone without a rating played a game: C.07 10 drops the rating tie-breaks."""
    return any(
        c.rating is None and any(e.outcome is RoundOutcome.GAME for e in c.entries)
        for c in section.competitors
    )


def _ordered(group: list[int], values: Values, lower_is_better: bool) -> list[list[int]]:
    present = [n for n in group if values[n] is not None]
    absent = [n for n in group if values[n] is None]

    def key(n: int) -> Value:
        return values[n]

    ordered = sorted(present, key=key, reverse=not lower_is_better)  # type: ignore[arg-type]
    parts = [list(tied) for _, tied in groupby(ordered, key=key)]
    if absent:
        parts.append(absent)
    return parts


def rank_section(
    section: Section,
    tiebreaks: Sequence[TieBreak],
    *,
    edition: Edition = Edition.C07_2026,
) -> Standings:
    """Rank ``section`` by its primary score, then ``tiebreaks`` in order (C.07 4.2).

    Complexity: the sum of the tie-breaks' own costs (each value is computed once for the
    whole section) plus O(n log n) per tie-break for the sorting.
    """
    ctx = Context(section, edition)
    primary = ctx.scores(section.primary)
    numbers = sorted(section.numbers)
    groups = _ordered(numbers, dict(primary), lower_is_better=False)
    columns: list[Values] = []
    dropped: list[DroppedTieBreak] = []
    unrated = _unrated_players(section)
    for tb in tiebreaks:
        if tb.definition.rating and unrated and tb.code.unrated_rating is None:
            dropped.append(
                DroppedTieBreak(
                    tb.code, "unrated players took part and no rating is set for them (10)"
                )
            )
            columns.append(dict.fromkeys(numbers))
            continue
        if tb.is_split:
            column: Values = {}
            refined: list[list[int]] = []
            for group in groups:
                parts = tb.split(ctx, sorted(group)) if len(group) > 1 else [group]
                position = 1
                for part in parts:
                    for n in part:
                        column[n] = position
                    position += len(part)
                refined.extend(parts)
            columns.append(column)
        else:
            column = tb.values(ctx)
            columns.append(column)
            refined = []
            for group in groups:
                refined.extend(
                    _ordered(sorted(group), column, tb.lower_is_better)
                    if len(group) > 1
                    else [group]
                )
        groups = refined
    secondary = ctx.scores(section.secondary) if section.team else None
    rows = []
    rank = 1
    for group in groups:
        for n in sorted(group):
            rows.append(
                StandingRow(
                    rank,
                    n,
                    primary[n],
                    tuple(column[n] for column in columns),
                    secondary[n] if secondary is not None else None,
                )
            )
        rank += len(group)
    return Standings(
        tuple(tb.code for tb in tiebreaks), tuple(rows), section.rounds, tuple(dropped)
    )
