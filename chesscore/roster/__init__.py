"""Player rosters from CSV files: format detection, column mapping, values, and the preview.

Pure Python (standard library only, no Django): the import service and the mapping-preview
page call it, and nothing here touches the database.

The package: ``values`` (the rows, issues and results returned), ``cells`` (one reader per kind
of cell value), ``reading`` (decoding, delimiter, CSV records and their lines), ``generic`` and
``nwchess`` (the two formats); this module holds the entry points and re-exports the rest.

Public API::

    result = parse(data)                  # bytes or str; encoding, delimiter and format detected
    result = parse(data, mapping)         # a {field: column header} mapping posted back by the page
    if result.errors:                     # any error: import nothing, show every message
        ...
    for section_name, rows in result.sections.items():   # "" when the file has no section column
        for row in rows:                  # RosterRow: the Player fields, row.line, row.extra
            ...
    page = preview(data, mapping, limit=10)   # headers, proposed mapping, unknown and missing
                                              # columns, the first rows as they would be imported
    mapping = detect_mapping(headers)     # the generic format's guess, {field: header}
    text = write_csv(rows)                # the generic format; parse() reads it back unchanged

An import is all or nothing: a row that cannot be imported is an error naming its line and
column (``line 7, column "Rating": "abc" is not a rating``), never a skipped row.
``RosterImport.suggested_seeding`` is the ``Section.seeding_rating`` value the file's ratings
fit ("national" for NWChess, whose seeding rating is in ``national_rating``). Starting ranks
come from ``chesscore.ranking.initial_order`` (C.04.2 Art. 2).

Input: UTF-8 with or without a byte-order mark, UTF-16 with one (spreadsheet "Unicode text"),
otherwise Windows-1252 (Latin-1 for the five bytes it leaves undefined), with a warning.
Any line ending. The delimiter (comma, semicolon or tab) is the one the header line uses most,
outside quotes; a tie goes to the comma.

Generic format: one header line; headers are compared lower-cased with everything but letters
and digits removed ("First name", "first_name" and "FIRST-NAME" are the same), against
``ALIASES``. A "Name" column holds "Last, First" or "First Last" (the last word is then the
last name, so a multi-word surname needs the comma or its own column). "Rating" and "Elo" are
the FIDE rating; "ID" is the national id. Columns no field uses are reported by name and kept,
per row, in ``RosterRow.extra``.

NWChess format (the ``RosterTable.csv`` roster export of the Northwest chess registration
site): recognised by an "NWSRS" or "NWChess" heading. The layout below is an assumption built
from third-party parsers of that export and their sample rows; we had no copy of a real file.
It has two header lines: group headings (``" ", Name, NWSRS, USCF, FIDE, NWChess, Byes,
Fees``), then sub-headings under them, sixteen columns in all::

    group      sub-headings        our column names
    " "        ""                  Section
    Name       "", First, "", ""   Last name, First name, Grade, School
    NWSRS      "", ID              NWSRS rating, NWSRS ID
    USCF       "", ID, ""          USCF rating, USCF ID, USCF expires
    FIDE       "", ID, Title       FIDE rating, FIDE ID, FIDE title
    NWChess    ""                  NWChess expires
    Byes       Rounds              Bye rounds
    Fees       Status              Status ("Paid", ..., or "Withdrawn")

A group may be missing (a roster with no NWSRS-rated player has no NWSRS group); a group we
do not know is accepted when its width follows from the others. A single header line using
our column names (or "NWSRS", "USCF", "Title", "Byes", ...) is accepted too. The seeding
rating is max(NWSRS rating, USCF rating), stored in ``national_rating``; the FIDE rating is
ignored. ``national_id`` is the USCF ID, or the NWSRS ID when there is none. Withdrawn players
(Status containing "withdr", "W" or "WD", or a section called "Withdrew") are not imported:
each gets a warning with its line.
"""

from __future__ import annotations

from collections.abc import Mapping

from chesscore.roster.cells import split_name
from chesscore.roster.generic import ALIASES
from chesscore.roster.generic import FIELD_LABELS
from chesscore.roster.generic import FIELDS
from chesscore.roster.generic import _generic_seeding
from chesscore.roster.generic import _parse_generic
from chesscore.roster.generic import detect_mapping
from chesscore.roster.generic import write_csv
from chesscore.roster.nwchess import _is_nwchess
from chesscore.roster.nwchess import _parse_nwchess
from chesscore.roster.reading import _Collector
from chesscore.roster.reading import _control_characters
from chesscore.roster.reading import _decode
from chesscore.roster.reading import _read_lines
from chesscore.roster.reading import _sniff_delimiter
from chesscore.roster.values import FIDE_TITLES
from chesscore.roster.values import ColumnMapping
from chesscore.roster.values import RosterFormat
from chesscore.roster.values import RosterImport
from chesscore.roster.values import RosterIssue
from chesscore.roster.values import RosterPreview
from chesscore.roster.values import RosterRow

__all__ = [
    "ALIASES",
    "FIDE_TITLES",
    "FIELDS",
    "FIELD_LABELS",
    "ColumnMapping",
    "RosterFormat",
    "RosterImport",
    "RosterIssue",
    "RosterPreview",
    "RosterRow",
    "detect_mapping",
    "parse",
    "preview",
    "split_name",
    "write_csv",
]

# The examples in the re-exported functions' docstrings run with this module's doctests.
__test__ = {
    "detect_mapping": detect_mapping,
    "split_name": split_name,
}


def parse(data: bytes | str, mapping: Mapping[str, str] | None = None) -> RosterImport:
    """Read a roster file into rows by section; see the module docstring for the formats.

    ``mapping`` ({field: column header}, fields from ``FIELDS``) replaces the generic format's
    detected mapping. An NWChess roster has a fixed layout: a mapping given with one is used
    only when it is the one ``preview`` proposed, anything else is an error.

    Never raises on bad input: every problem is in ``errors`` (the import must then be refused)
    or ``warnings``. Linear in the size of the file.

    >>> result = parse("Name;Elo\\nCarlsen, Magnus;2830\\n")
    >>> [(r.line, r.last_name, r.first_name, r.fide_rating) for r in result.rows]
    [(2, 'Carlsen', 'Magnus', 2830)]
    """
    text, encoding, notes = _decode(data)
    delimiter = _sniff_delimiter(text)
    lines, problems = _read_lines(text, delimiter)
    controls = _control_characters(lines)
    if controls:
        # Nothing of such a file is read further: its headers and cells could not be stored.
        lines, problems = [], [*problems, *controls[:20]]
    out = _Collector(warnings=notes, errors=problems)
    if not lines:
        if not problems:
            out.errors.append(RosterIssue("the file is empty"))
        return RosterImport(
            format=RosterFormat.GENERIC,
            encoding=encoding,
            delimiter=delimiter,
            headers=(),
            mapping={},
            sections={},
            warnings=tuple(out.warnings),
            errors=tuple(out.errors),
        )
    if _is_nwchess(lines[0].cells):
        kind = RosterFormat.NWCHESS
        headers, used, unknown, missing = _parse_nwchess(lines, out)
        if mapping is not None and dict(mapping) != used:
            out.errors.insert(
                0,
                RosterIssue("an NWChess roster has a fixed layout; a column mapping cannot apply"),
            )
        seeding: str | None = "national"
    else:
        kind = RosterFormat.GENERIC
        headers, used, unknown, missing = _parse_generic(lines, mapping, out)
        seeding = _generic_seeding(used)
    out.warn_duplicate_ids()
    return RosterImport(
        format=kind,
        encoding=encoding,
        delimiter=delimiter,
        headers=headers,
        mapping=used,
        sections=out.frozen_sections(),
        unknown_columns=unknown,
        missing_columns=missing,
        warnings=tuple(out.warnings),
        errors=tuple(out.errors),
        suggested_seeding=seeding,
    )


def preview(
    data: bytes | str, mapping: Mapping[str, str] | None = None, limit: int = 10
) -> RosterPreview:
    """What the column-mapping page needs: parse the file, keep the first ``limit`` rows."""
    result = parse(data, mapping)
    rows = result.rows
    return RosterPreview(
        format=result.format,
        headers=result.headers,
        mapping=result.mapping,
        unknown_columns=result.unknown_columns,
        missing_columns=result.missing_columns,
        rows=rows[:limit],
        total_rows=len(rows),
        warnings=result.warnings,
        errors=result.errors,
    )
