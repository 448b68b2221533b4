"""Roster values: the rows, issues and results that `chesscore.roster` returns.

Frozen dataclasses, standard library only; see the package docstring for how they are used.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from chesscore.record import fields
from chesscore.record.people import PlayerDetails

ColumnMapping = dict[str, str]
"""Field name (one of ``FIELDS``) to the column header that holds it."""

FIDE_TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
MAX_RATING = fields.MAX_RATING
# Round numbers (entry round, byes asked for) are small integers in the database; no
# event plays this many rounds.
MAX_ROUND = 999


class RosterFormat(enum.Enum):
    GENERIC = "generic"
    NWCHESS = "nwchess"


@dataclass(frozen=True, slots=True, kw_only=True)
class RosterRow(PlayerDetails):
    """One player as the file gives them: their details (`PlayerDetails`, each read as their
    one cleaner writes it) and what else a ``Player`` takes, ready for a service to store.

    ``line`` is the 1-based line of the file where the player's record starts. ``extra`` holds
    the non-blank cells of columns no field uses, as (column, text) pairs in file order.
    ``status`` is "active" or "withdrawn" (a generic file may list withdrawn players; the model
    then also wants ``withdrawn_from_round``, which the storing service chooses).
    ``bye_rounds`` are the rounds the player asked to miss (``ByeRequest`` material).
    """

    line: int
    status: str = "active"
    entry_round: int = 1
    section: str = ""
    bye_rounds: tuple[int, ...] = ()
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class RosterIssue:
    """An error or warning, with the line and column it concerns when it has them."""

    message: str
    line: int | None = None
    column: str | None = None

    def __str__(self) -> str:
        if self.line is not None and self.column is not None:
            return f'line {self.line}, column "{self.column}": {self.message}'
        if self.line is not None:
            return f"line {self.line}: {self.message}"
        if self.column is not None:
            return f'column "{self.column}": {self.message}'
        return self.message


@dataclass(frozen=True, slots=True)
class RosterImport:
    """Everything a file said, sorted into rows by section, with what went wrong.

    ``sections`` keeps the order in which sections first appear. ``mapping`` is the
    {field: column} mapping used (for NWChess, fixed and partly derived). ``headers`` are the
    column names as the file gives them (NWChess: our column names, see the module docstring).
    """

    format: RosterFormat
    encoding: str
    delimiter: str
    headers: tuple[str, ...]
    mapping: Mapping[str, str]
    sections: Mapping[str, tuple[RosterRow, ...]]
    unknown_columns: tuple[str, ...] = ()
    missing_columns: tuple[str, ...] = ()
    warnings: tuple[RosterIssue, ...] = ()
    errors: tuple[RosterIssue, ...] = ()
    suggested_seeding: str | None = None

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def rows(self) -> tuple[RosterRow, ...]:
        """Every imported row, in file order."""
        return tuple(sorted((r for rs in self.sections.values() for r in rs), key=_line_of))


@dataclass(frozen=True, slots=True)
class RosterPreview:
    """What the column-mapping page shows before anything is imported."""

    format: RosterFormat
    headers: tuple[str, ...]
    mapping: Mapping[str, str]
    unknown_columns: tuple[str, ...]
    missing_columns: tuple[str, ...]
    rows: tuple[RosterRow, ...]
    total_rows: int
    warnings: tuple[RosterIssue, ...]
    errors: tuple[RosterIssue, ...]


def _line_of(row: RosterRow) -> int:
    return row.line
