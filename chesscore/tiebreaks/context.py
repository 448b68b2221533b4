"""Unplayed rounds (C.07 15-16) and the per-computation cache every tie-break shares.

A ``Context`` wraps one ``Section`` and one rules edition.  It computes, once each, what the
Buchholz family, Sonneborn-Berger and their team extensions need:

- the category of every unplayed round (16.2);
- every competitor's *adjusted* score, the value it has as someone's opponent (16.3);
- the *elements* of a competitor's sum: one per round, the opponent's adjusted score or the
  dummy's score (16.4), with the competitor's own result and whether the round is a VUR.

``cut_elements`` applies the Cut and Median modifiers with the VUR exception (14, 16.5).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from fractions import Fraction
from typing import Any

from chesscore.tiebreaks.section import Competitor
from chesscore.tiebreaks.section import Entry
from chesscore.tiebreaks.section import Result
from chesscore.tiebreaks.section import RoundOutcome
from chesscore.tiebreaks.section import Section
from chesscore.tiebreaks.section import Track

__all__ = ["Context", "Edition", "Element", "cut_elements"]


class Edition(enum.Enum):
    """Which C.07 text to follow where the editions give different numbers."""

    C07_2026 = "2026"
    """In force from 1 March 2026: dummy caps (16.4.1-2), EDE restart (13.3.3)."""
    C07_2023 = "2023"
    """The August 2023 text the TEC exercises were written for: the dummy holds the plain
    own score, and EDE keeps the secondary score for subsets it created."""


@dataclass(frozen=True, slots=True)
class Element:
    """One addend of a Buchholz-like sum (one round of one competitor)."""

    round: int
    value: Fraction
    """The opponent's adjusted score (16.3), or the dummy's score (16.4)."""
    own: Fraction
    """The competitor's own points in that round, on the result track."""
    voluntary: bool
    """The round is a VUR (16.1.2)."""
    opponent: int | None
    """The real opponent met, ``None`` for an unplayed round."""


class Context:
    """A section, a rules edition and the values computed on them so far.

    Values are cached per argument tuple: a standings run computes each adjusted score and
    each element list once, whatever the number of tie-breaks that read them.
    """

    def __init__(self, section: Section, edition: Edition = Edition.C07_2026) -> None:
        self.section = section
        self.edition = edition
        self._cache: dict[tuple[Any, ...], Any] = {}

    def cached(self, key: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
        """The value stored under ``key``, computing it the first time."""
        try:
            return self._cache[key]
        except KeyError:
            value = self._cache[key] = compute()
            return value

    # -- fore scores (8.3) ------------------------------------------------------------

    def fore(self) -> Context:
        """This section with every paired game of its last round drawn (FB, 8.3).

        Byes and absences of the last round keep their value (they are known before the
        round); a last-round forfeit becomes a draw like any paired game.
        """
        found: Context | None = self._cache.get(("fore",))
        if found is None:
            found = Context(_fore_section(self.section), self.edition)
            self._cache[("fore",)] = found
        return found

    # -- plain and adjusted scores (16.3) ---------------------------------------------------

    def scores(self, track: Track) -> dict[int, Fraction]:
        """Every competitor's total on ``track``."""
        result: dict[int, Fraction] = self.cached(
            ("scores", track),
            lambda: {c.number: c.score(track) for c in self.section.competitors},
        )
        return result

    def as_played(self, forfeits_played: bool) -> bool:
        """Whether forfeits count as games: always with pre-determined pairings (15.2)."""
        return forfeits_played or self.section.round_robin

    def is_game(self, entry: Entry, as_played: bool) -> bool:
        """A round against a real opponent, for the sums of 8-9 and 13."""
        if entry.outcome is RoundOutcome.GAME:
            return True
        return as_played and entry.outcome.is_forfeit and entry.opponent is not None

    def categories(self, as_played: bool) -> dict[int, tuple[int | None, ...]]:
        """The 16.2 category of each round, per competitor; ``None`` for a game."""
        result: dict[int, tuple[int | None, ...]] = self.cached(
            ("categories", as_played),
            lambda: {c.number: self._categories(c, as_played) for c in self.section.competitors},
        )
        return result

    def _categories(self, c: Competitor, as_played: bool) -> tuple[int | None, ...]:
        entries = c.entries
        voluntary = [not self.is_game(e, as_played) and e.outcome.is_voluntary for e in entries]
        # later_free[i]: some round after i is not a VUR.
        later_free = [False] * len(entries)
        seen_free = False
        for i in range(len(entries) - 1, -1, -1):
            later_free[i] = seen_free
            seen_free = seen_free or not voluntary[i]
        categories: list[int | None] = []
        for i, e in enumerate(entries):
            if self.is_game(e, as_played):
                categories.append(None)
            elif e.outcome in (RoundOutcome.PAB, RoundOutcome.FULL_BYE):
                categories.append(1)
            elif e.outcome is RoundOutcome.FORFEIT_WIN:
                categories.append(2)
            elif e.outcome is RoundOutcome.FORFEIT_LOSS:
                categories.append(4)
            else:
                categories.append(3 if later_free[i] else 5)
        return tuple(categories)

    def adjusted(self, track: Track, as_played: bool) -> dict[int, Fraction]:
        """Each competitor's score as an opponent (16.3): category-5 rounds count as draws."""
        result: dict[int, Fraction] = self.cached(
            ("adjusted", track, as_played), lambda: self._adjusted(track, as_played)
        )
        return result

    def _adjusted(self, track: Track, as_played: bool) -> dict[int, Fraction]:
        draw = self.section.draw_points(track)
        categories = self.categories(as_played)
        adjusted = {}
        for c in self.section.competitors:
            total = c.score(track)
            for e, category in zip(c.entries, categories[c.number], strict=True):
                if category == 5:
                    total += draw - e.score(track)
            adjusted[c.number] = total
        return adjusted

    # -- elements (16.4) --------------------------------------------------------------------

    def dummy(self, c: Competitor, round_index: int, track: Track, as_played: bool) -> Fraction:
        """The dummy opponent's score for an unplayed round of ``c`` (16.4).

        2026: the competitor's final score, capped at the scheduled opponent's adjusted
        score for a forfeit (16.4.1) and at draw points x rounds otherwise (16.4.2).
        """
        own = c.score(track)
        if self.edition is Edition.C07_2023:
            return own
        entry = c.entries[round_index]
        if entry.outcome.is_forfeit and entry.opponent is not None:
            return min(own, self.adjusted(track, as_played)[entry.opponent])
        return min(own, self.section.draw_points(track) * self.section.rounds)

    def elements(
        self, number: int, value_track: Track, own_track: Track, as_played: bool
    ) -> tuple[Element, ...]:
        """One element per round of competitor ``number`` (8.1, 9.1, 13.2, 16.4)."""
        result: tuple[Element, ...] = self.cached(
            ("elements", number, value_track, own_track, as_played),
            lambda: self._elements(number, value_track, own_track, as_played),
        )
        return result

    def _elements(
        self, number: int, value_track: Track, own_track: Track, as_played: bool
    ) -> tuple[Element, ...]:
        c = self.section.competitor(number)
        adjusted = self.adjusted(value_track, as_played)
        categories = self.categories(as_played)[number]
        elements = []
        for i, (e, category) in enumerate(zip(c.entries, categories, strict=True)):
            if category is None:
                assert e.opponent is not None
                value, opponent = adjusted[e.opponent], e.opponent
            else:
                value, opponent = self.dummy(c, i, value_track, as_played), None
            elements.append(
                Element(i + 1, value, e.score(own_track), category in (3, 4, 5), opponent)
            )
        return tuple(elements)

    def games(self, number: int, as_played: bool) -> list[Entry]:
        """The rounds of ``number`` against a real opponent."""
        c = self.section.competitor(number)
        return [e for e in c.entries if self.is_game(e, as_played)]


def cut_elements(
    elements: Sequence[Element],
    low: int,
    high: int,
    contribution: Callable[[Element], Fraction],
) -> list[Element]:
    """The elements left after dropping ``low`` least and ``high`` most significant ones.

    Least significant is the lowest ``value`` (on equal values, the smaller contribution:
    14.1).  With VURs among the elements, the VUR of smallest contribution is dropped
    instead whenever its contribution is at least that of the least significant element
    (16.5.1): for Buchholz that is always, for Sonneborn-Berger the larger of the two
    goes (16.5.2).  The rule applies again for each further cut.

    >>> e = [Element(1, Fraction(1), Fraction(1), False, 2),
    ...      Element(2, Fraction(3), Fraction(1, 2), True, None)]
    >>> [x.round for x in cut_elements(e, 1, 0, lambda x: x.value)]
    [1]
    """
    remaining = list(elements)
    for _ in range(low):
        if not remaining:
            break
        target = min(remaining, key=lambda x: (x.value, contribution(x), x.round))
        vurs = [x for x in remaining if x.voluntary]
        if vurs:
            vur = min(vurs, key=lambda x: (contribution(x), x.value, x.round))
            if contribution(vur) >= contribution(target):
                target = vur
        remaining.remove(target)
    for _ in range(high):
        if not remaining:
            break
        target = max(remaining, key=lambda x: (x.value, contribution(x), -x.round))
        remaining.remove(target)
    return remaining


def _fore_section(section: Section) -> Section:
    if section.rounds == 0:
        return section
    last = section.rounds - 1
    draw_boards = tuple(section.game_draw for _ in range(section.boards)) if section.team else ()

    def drawn(e: Entry) -> Entry:
        if e.opponent is None or not (e.outcome is RoundOutcome.GAME or e.outcome.is_forfeit):
            return e
        gp = section.game_draw * section.boards if section.team else section.draw
        return replace(
            e,
            outcome=RoundOutcome.GAME,
            points=section.draw,
            game_points=gp,
            result=Result.DRAW,
            boards=draw_boards,
        )

    return section.with_competitors(
        replace(c, entries=(*c.entries[:last], drawn(c.entries[last]))) for c in section.competitors
    )
