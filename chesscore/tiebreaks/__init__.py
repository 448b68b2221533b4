"""C.07 tie-breaks (FIDE, effective 1 March 2026): pure Python, exact values.

Entry points:

- ``standings(record, ["BH-C1", "BH", "SB"])``: rank the players of an individual record;
- ``team_standings(record, ["EDE", "EMGSB"])``: rank the teams of a team record;
- ``section_standings(section, codes)``: the same for a ``Section`` built directly;
- ``TIEBREAKS["BH-C1"]``: the registry, from a stored code to its bound implementation.

Example::

    >>> from chesscore.record.model import Player, Record, RoundEntry, Colour, ResultCode
    >>> record = Record(players=(
    ...     Player(1, rounds=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),)),
    ...     Player(2, rounds=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),)),
    ... ))
    >>> [(r.rank, r.number) for r in standings(record, ["BH"]).rows]
    [(1, 1), (2, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence

from chesscore.record.model import Record
from chesscore.record.model import ScoreKind
from chesscore.tiebreaks.codes import MAX_CODE_LENGTH
from chesscore.tiebreaks.codes import InvalidTieBreakCode
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.codes import parse_code
from chesscore.tiebreaks.context import Edition
from chesscore.tiebreaks.definitions import MAX_TIEBREAKS
from chesscore.tiebreaks.definitions import TIEBREAKS
from chesscore.tiebreaks.definitions import Definition
from chesscore.tiebreaks.definitions import TieBreak
from chesscore.tiebreaks.definitions import Value
from chesscore.tiebreaks.definitions import tiebreak_list_check
from chesscore.tiebreaks.ranking import DroppedTieBreak
from chesscore.tiebreaks.ranking import StandingRow
from chesscore.tiebreaks.ranking import Standings
from chesscore.tiebreaks.ranking import rank_section
from chesscore.tiebreaks.ranking import resolve
from chesscore.tiebreaks.section import Competitor
from chesscore.tiebreaks.section import Entry
from chesscore.tiebreaks.section import Result
from chesscore.tiebreaks.section import RoundOutcome
from chesscore.tiebreaks.section import Section
from chesscore.tiebreaks.section import Track
from chesscore.tiebreaks.section import section_from_record
from chesscore.tiebreaks.teams import team_section_from_record

__all__ = [
    "MAX_CODE_LENGTH",
    "MAX_TIEBREAKS",
    "TIEBREAKS",
    "Competitor",
    "Definition",
    "DroppedTieBreak",
    "Edition",
    "Entry",
    "InvalidTieBreakCode",
    "Result",
    "RoundOutcome",
    "Section",
    "StandingRow",
    "Standings",
    "TieBreak",
    "TieBreakCode",
    "Track",
    "Value",
    "parse_code",
    "primary_score",
    "section_from_record",
    "section_standings",
    "standings",
    "team_section_from_record",
    "team_standings",
    "tiebreak_list_check",
]


def primary_score(record: Record) -> Track:
    """The score deciding a team event's standings, as the record states it (C.07 13): its
    standings score (212), else its team rules' primary score (`Record.team_rules`).

    >>> primary_score(Record(standings_score="GPTS")), primary_score(Record())
    (<Track.GP: 'GP'>, <Track.MP: 'MP'>)
    """
    if record.standings_score.upper() == "GPTS":
        return Track.GP
    return Track.GP if record.team_rules.primary is ScoreKind.GP else Track.MP


def section_standings(
    section: Section,
    tiebreaks: Sequence[str | TieBreakCode],
    *,
    edition: Edition = Edition.C07_2026,
) -> Standings:
    """Standings of an engine ``Section`` (individual or team) under ``tiebreaks``."""
    return rank_section(section, resolve(tiebreaks, team=section.team), edition=edition)


def standings(
    record: Record,
    tiebreaks: Sequence[str],
    *,
    after_round: int | None = None,
    edition: Edition = Edition.C07_2026,
) -> Standings:
    """Rank the players of ``record`` by points, then ``tiebreaks`` (C.07 4.2).

    ``tiebreaks`` are codes in Handbook or MTB26 spelling (``"BH-C1"``, ``"BH/C1"``).
    ``after_round`` gives the standings after that round (default: the last round paired).
    Players still level after the whole list share a rank.  Raises
    ``InvalidTieBreakCode`` for a code it cannot apply.
    """
    section = section_from_record(record, after_round)
    return section_standings(section, tiebreaks, edition=edition)


def team_standings(
    record: Record,
    tiebreaks: Sequence[str],
    *,
    after_round: int | None = None,
    primary: Track | None = None,
    edition: Edition = Edition.C07_2026,
) -> Standings:
    """Rank the teams of a team ``record`` by ``primary`` score, then ``tiebreaks``.

    ``primary`` defaults to what the record says: ``GPTS`` as the first criterion of
    record 212, or an ETT26 code naming GP first (``FIDE_TEAM_GP_MP``); MP otherwise.
    Rows carry the team number, the primary score in ``points`` and the other score in
    ``secondary``.  See ``team_section_from_record`` for how matches are read.
    """
    if primary is None:
        primary = primary_score(record)
    section = team_section_from_record(record, after_round, primary=primary)
    return section_standings(section, tiebreaks, edition=edition)
