"""The generic format: one header line, columns found by their headers (``ALIASES``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence

from chesscore.record.text import spreadsheet_row
from chesscore.roster.cells import _NAME
from chesscore.roster.cells import _Bad
from chesscore.roster.cells import _birth_date
from chesscore.roster.cells import _bye_rounds
from chesscore.roster.cells import _entry_round
from chesscore.roster.cells import _federation
from chesscore.roster.cells import _fide_id
from chesscore.roster.cells import _national_id
from chesscore.roster.cells import _norm
from chesscore.roster.cells import _q
from chesscore.roster.cells import _rating
from chesscore.roster.cells import _sex
from chesscore.roster.cells import _status
from chesscore.roster.cells import _text
from chesscore.roster.cells import _title
from chesscore.roster.cells import split_name
from chesscore.roster.reading import _Collector
from chesscore.roster.reading import _column_name
from chesscore.roster.reading import _Line
from chesscore.roster.reading import _overflow
from chesscore.roster.reading import _warn_title
from chesscore.roster.values import ColumnMapping
from chesscore.roster.values import RosterIssue
from chesscore.roster.values import RosterRow

FIELDS: tuple[str, ...] = (
    "name",
    "last_name",
    "first_name",
    "title",
    "sex",
    "birth_date",
    "federation",
    "club",
    "fide_id",
    "fide_rating",
    "national_id",
    "national_rating",
    "national_rating_2",
    "status",
    "entry_round",
    "section",
    "bye_rounds",
)

FIELD_LABELS: dict[str, str] = {
    "name": "Name",
    "last_name": "Last name",
    "first_name": "First name",
    "title": "Title",
    "sex": "Sex",
    "birth_date": "Birth date",
    "federation": "Federation",
    "club": "Club",
    "fide_id": "FIDE ID",
    "fide_rating": "FIDE rating",
    "national_id": "National ID",
    "national_rating": "National rating",
    "national_rating_2": "National rating 2",
    "status": "Status",
    "entry_round": "Entry round",
    "section": "Section",
    "bye_rounds": "Bye rounds",
}

# Normalised header spellings (see _norm) per field. Order matters only across fields: a
# header belongs to the first field listing it.
ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "playername", "fullname", "participant", "lastfirst"),
    "last_name": ("lastname", "surname", "familyname", "last", "lname"),
    "first_name": ("firstname", "givenname", "first", "forename", "fname", "givennames"),
    "title": ("title", "fidetitle", "titl"),
    "sex": ("sex", "gender"),
    "birth_date": (
        "birth",
        "born",
        "dob",
        "birthdate",
        "dateofbirth",
        "year",
        "birthyear",
        "yearofbirth",
        "yob",
    ),
    "federation": ("fed", "federation", "country", "nation", "nat"),
    "club": ("club", "school", "team", "clubname", "affiliation"),
    "fide_id": ("fideid", "fide", "fidenumber", "fideno", "fidecode"),
    "fide_rating": ("rating", "elo", "fiderating", "fideelo", "rtg", "ratingfide"),
    "national_id": ("nationalid", "uscfid", "uschessid", "id", "memberid", "nationalnumber"),
    "national_rating": ("nationalrating", "uscfrating", "uschessrating", "nationalelo"),
    "national_rating_2": ("nationalrating2", "secondrating", "quickrating", "uscfquickrating"),
    "status": ("status", "withdrawn"),
    "entry_round": ("entryround", "firstround", "joinsinround", "entersinround"),
    "section": ("section", "division", "group"),
    "bye_rounds": ("byes", "byerounds", "requestedbyes", "byerequests"),
}

_ALIAS_FIELD: dict[str, str] = {}
for _field, _aliases in ALIASES.items():
    for _alias in _aliases:
        _ALIAS_FIELD.setdefault(_alias, _field)


def detect_mapping(headers: Sequence[str]) -> ColumnMapping:
    """Guess the generic format's {field: header} mapping from a header line.

    The first column matching a field wins. A full "Name" column is used only when there is
    no last-name column.

    >>> detect_mapping(["Player", "Elo", "Fed", "Club_Name"])
    {'name': 'Player', 'fide_rating': 'Elo', 'federation': 'Fed', 'club': 'Club_Name'}
    """
    mapping: ColumnMapping = {}
    for header in headers:
        found = _ALIAS_FIELD.get(_norm(header))
        if found is not None and found not in mapping:
            mapping[found] = header
    if "last_name" in mapping:
        mapping.pop("name", None)
    return mapping


_CONVERTERS: dict[str, Callable[[str], object]] = {
    "name": _text(201),
    "last_name": _NAME,
    "first_name": _NAME,
    "title": _title,
    "sex": _sex,
    "birth_date": _birth_date,
    "federation": _federation,
    "club": _text(100),
    "fide_id": _fide_id,
    "fide_rating": _rating,
    "national_id": _national_id,
    "national_rating": _rating,
    "national_rating_2": _rating,
    "status": _status,
    "entry_round": _entry_round,
    "section": _text(100),
    "bye_rounds": _bye_rounds,
}


def _check_mapping(mapping: Mapping[str, str], headers: Sequence[str]) -> list[RosterIssue]:
    problems = []
    for key, header in mapping.items():
        if key not in _CONVERTERS:
            problems.append(RosterIssue(f'mapping: "{key}" is not a field ({", ".join(FIELDS)})'))
        elif header not in headers:
            problems.append(RosterIssue(f"mapping: there is no column {_q(header)} for {key}"))
    if "name" in mapping and ({"last_name", "first_name"} & mapping.keys()):
        problems.append(
            RosterIssue('mapping: map either "name" or "last_name" and "first_name", not both')
        )
    return problems


def _generic_row(
    line: _Line, headers: Sequence[str], columns: Mapping[str, int], out: _Collector
) -> None:
    if (problem := _overflow(line, len(headers))) is not None:
        out.errors.append(problem)
        return
    values: dict[str, object] = {}
    errors = []
    for key, index in columns.items():
        text = line.cells[index] if index < len(line.cells) else ""
        if not text:
            continue
        try:
            values[key] = _CONVERTERS[key](text)
        except _Bad as bad:
            errors.append(RosterIssue(str(bad), line.number, _column_name(headers[index], index)))
    name_key = "name" if "name" in columns else "last_name"
    if name_key in columns and name_key not in values and not errors:
        column = _column_name(headers[columns[name_key]], columns[name_key])
        errors.append(RosterIssue("empty; every player needs a last name", line.number, column))
    if "section" in columns and "section" not in values and not errors:
        column = _column_name(headers[columns["section"]], columns["section"])
        errors.append(RosterIssue("empty; every player needs a section", line.number, column))
    if errors:
        out.errors.extend(errors)
        return
    if "name" in values:
        last, first = split_name(str(values.pop("name")))
        values["last_name"], values["first_name"] = last, first
    used = set(columns.values())
    extra = tuple(
        (_column_name(header, index), line.cells[index])
        for index, header in enumerate(headers)
        if index not in used and index < len(line.cells) and line.cells[index]
    )
    row = RosterRow(line=line.number, extra=extra, **values)  # type: ignore[arg-type]
    if "title" in columns:
        _warn_title(row, _column_name(headers[columns["title"]], columns["title"]), out)
    out.add(row)


def _parse_generic(
    lines: list[_Line], mapping: Mapping[str, str] | None, out: _Collector
) -> tuple[tuple[str, ...], ColumnMapping, tuple[str, ...], tuple[str, ...]]:
    header_line, body = lines[0], lines[1:]
    headers = header_line.cells
    duplicates = sorted({h for h in headers if h and headers.count(h) > 1})
    for header in duplicates:
        out.warnings.append(
            RosterIssue(f"two columns are called {_q(header)}; the first is used", 1, header)
        )
    if mapping is None:
        used = detect_mapping(headers)
    else:
        used = dict(mapping)
        problems = _check_mapping(used, headers)
        if problems:
            out.errors.extend(problems)
            return headers, used, (), ()
    missing = () if {"name", "last_name"} & used.keys() else ("Name",)
    if missing:
        out.errors.append(
            RosterIssue(
                "no column holds the players' names (Name, or Last name and First name)",
                header_line.number,
            )
        )
    columns = {key: headers.index(header) for key, header in used.items()}
    taken = set(columns.values())
    unknown = tuple(_column_name(h, i) for i, h in enumerate(headers) if i not in taken)
    if not missing:
        for line in body:
            _generic_row(line, headers, columns, out)
    return headers, used, unknown, missing


def _generic_seeding(mapping: Mapping[str, str]) -> str | None:
    if "fide_rating" in mapping:
        return "fide"
    if "national_rating" in mapping:
        return "national"
    return None


# Every field but the section and the byes (written first and last), a row's name as its
# last and first names.
_WRITTEN = tuple(f for f in FIELDS if f not in {"name", "section", "bye_rounds"})


def write_csv(rows: Iterable[RosterRow]) -> str:
    """The rows in the generic format, one column per field (plus Section when any row has one).

    ``parse(write_csv(rows))`` gives the rows back, apart from ``line`` and ``extra``.
    """
    rows = list(rows)
    columns = [*(("section",) if any(r.section for r in rows) else ()), *_WRITTEN, "bye_rounds"]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([FIELD_LABELS[c] for c in columns])
    for row in rows:
        cells = []
        for column in columns:
            value = getattr(row, column)
            if column == "bye_rounds":
                cells.append(" ".join(str(r) for r in value))
            else:
                cells.append("" if value is None else value)
        writer.writerow(spreadsheet_row(cells))
    return buffer.getvalue()
