"""Plain-text standings for the command line, and what a TRF writer needs.

``print_standings`` writes (``rookery-pairings IN.trf -s --tie-breaks=BH-C1,BH,SB``)::

    RANK ID PTS BH-C1 BH SB
    1 2 4 12 13 9.5
    2 3 3.5 13 15.5 10.5

one header line, then one line per player in rank order: rank (shared ranks repeat),
starting rank, points and each tie-break value, separated by single spaces.

Number format (``format_value``):

- whole numbers without decimals: ``12``;
- other exact values with at most two decimals as such: ``5.5``, ``9.25``;
- values needing more (averages such as AOB, SSSC) rounded half-up to two decimals with
  trailing zeros dropped: ``13.38``, ``12.9``;
- a value the regulation leaves undefined (ARO-C1 after one game, a dropped rating
  tie-break): ``-``;
- TBR and BBE, compared board by board: their numbers joined by ``/`` (``2/1.5/1``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import TextIO

from chesscore.record.model import Record
from chesscore.tiebreaks import standings
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.codes import parse_code
from chesscore.tiebreaks.definitions import Value
from chesscore.tiebreaks.ranking import Standings

__all__ = ["format_standings", "format_value", "mtb26_list", "print_standings"]


def format_value(value: Value) -> str:
    """A tie-break value or score as printed in standings (see the module docstring).

    >>> format_value(Fraction(11, 2)), format_value(Fraction(107, 8)), format_value(None)
    ('5.5', '13.38', '-')
    """
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return "/".join(format_value(v) for v in value)
    if isinstance(value, int):
        return str(value)
    hundredths = value * 100
    if hundredths.denominator != 1:
        hundredths = Fraction((hundredths + Fraction(1, 2)).__floor__())
    whole, rest = divmod(int(hundredths), 100)
    if rest == 0:
        return str(whole)
    return f"{whole}.{rest:02d}".rstrip("0")


def format_standings(result: Standings) -> str:
    """The standings as text: a header line and one line per participant."""
    header = ["RANK", "ID", "PTS", *(str(code) for code in result.codes)]
    lines = [" ".join(header)]
    for row in result.rows:
        cells = [str(row.rank), str(row.number), format_value(row.points)]
        cells.extend(format_value(v) for v in row.values)
        lines.append(" ".join(cells))
    return "\n".join(lines) + "\n"


def print_standings(
    record: Record,
    codes: Sequence[str] | None = None,
    *,
    after_round: int | None = None,
    file: TextIO | None = None,
) -> None:
    """Write the standings of ``record`` under ``codes`` (default: the record's own list,
    TRF26 202/212) to ``file`` (default: standard output).

    Raises ``InvalidTieBreakCode`` for a code the engine cannot apply.
    """
    chosen = list(record.tiebreaks) if codes is None else list(codes)
    text = format_standings(standings(record, chosen, after_round=after_round))
    (file or sys.stdout).write(text)


def mtb26_list(codes: Sequence[str | TieBreakCode]) -> str:
    """The tie-break list as TRF26 record 202 wants it: MTB26 descriptors, comma-separated.

    >>> mtb26_list(["BH-C1", "BH", "SB"])
    'BH/C1,BH,SB'
    """
    return ",".join((parse_code(c) if isinstance(c, str) else c).mtb26 for c in codes)
