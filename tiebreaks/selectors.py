"""Reads: standings of a section, computed by the C.07 engine from the section's record.

Nothing here is stored: the record is built from the database and ranked on every call.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from django.db.models import Max

from common.exceptions import ValidationError
from tiebreaks.engine import InvalidTieBreakCode, Value, standings, team_standings
from tournaments.models import RoundStatus, Section
from tournaments.record import model as rec
from tournaments.selectors import section_record


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line: `number` is the starting rank (a team's number in a team section)."""

    rank: int
    number: int
    name: str
    points: Fraction
    values: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class DroppedLine:
    """A tie-break of the list that could not apply, with the reason (C.07 10)."""

    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class SectionStandings:
    section: Section
    after_round: int
    tiebreaks: tuple[str, ...]
    lines: tuple[StandingLine, ...]
    dropped: tuple[DroppedLine, ...]


def standings_get(section: Section) -> SectionStandings:
    """Standings after the last completed round, by points then the section's tie-breaks.

    A round still being played does not count yet. Team sections rank their teams. Raises
    `ValidationError` (field ``tiebreaks``) when the section lists a code the engine cannot
    apply. Ten queries, whatever the size of the section.
    """
    record = section_record(section)
    completed = section.rounds.filter(status=RoundStatus.COMPLETED).aggregate(last=Max("number"))
    after_round = completed["last"] or 0
    rounds_kept = _rounds_up_to(record, after_round)
    codes = list(record.tiebreaks)
    try:
        if record.teams:
            result = team_standings(rounds_kept, codes, after_round=after_round)
            names = {t.number: t.name for t in record.teams}
        else:
            result = standings(rounds_kept, codes, after_round=after_round)
            names = {p.rank: p.name for p in record.players}
    except InvalidTieBreakCode as exc:
        raise ValidationError(
            f"Tie-break {exc.code} cannot be applied: {exc.reason}",
            field="tiebreaks",
            code="invalid_tiebreak",
        ) from exc
    lines = tuple(
        StandingLine(
            rank=row.rank,
            number=row.number,
            name=names.get(row.number, ""),
            points=row.points,
            values=row.values,
        )
        for row in result.rows
    )
    return SectionStandings(
        section=section,
        after_round=result.after_round,
        tiebreaks=tuple(str(code) for code in result.codes),
        lines=lines,
        dropped=tuple(DroppedLine(str(d.code), d.reason) for d in result.dropped),
    )


def _rounds_up_to(record: rec.Record, last: int) -> rec.Record:
    """The record without the rounds after `last` (a round in play, byes asked for later)."""
    players = tuple(replace(p, rounds=p.rounds[:last]) for p in record.players)
    return replace(record, players=players)
