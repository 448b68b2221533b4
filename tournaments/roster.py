"""Player rosters from CSV files: format detection, column mapping, values, and the preview.

Pure Python (standard library only, no Django): the import service and the mapping-preview
page call it, and nothing here touches the database.

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
come from ``tournaments.ranking.initial_order`` (C.04.2 Art. 2).

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

import codecs
import csv
import datetime
import enum
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields

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

ColumnMapping = dict[str, str]
"""Field name (one of ``FIELDS``) to the column header that holds it."""

FIDE_TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
MAX_RATING = 3500


class RosterFormat(enum.Enum):
    GENERIC = "generic"
    NWCHESS = "nwchess"


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One player as the file gives them: the ``Player`` fields, ready for a service to store.

    ``line`` is the 1-based line of the file where the player's record starts. ``extra`` holds
    the non-blank cells of columns no field uses, as (column, text) pairs in file order.
    ``status`` is "active" or "withdrawn" (a generic file may list withdrawn players; the model
    then also wants ``withdrawn_from_round``, which the storing service chooses).
    ``bye_rounds`` are the rounds the player asked to miss (``ByeRequest`` material).
    """

    line: int
    last_name: str
    first_name: str = ""
    title: str = ""
    sex: str = ""
    birth_date: str = ""
    federation: str = ""
    club: str = ""
    fide_id: str = ""
    fide_rating: int | None = None
    national_id: str = ""
    national_rating: int | None = None
    national_rating_2: int | None = None
    status: str = "active"
    entry_round: int = 1
    section: str = ""
    bye_rounds: tuple[int, ...] = ()
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def full_name(self) -> str:
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name


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


# --- Generic format: fields and header aliases ------------------------------------------------

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


def _norm(text: str) -> str:
    """Lower case; accents, spaces and punctuation dropped: "Birth_Date" -> "birthdate"."""
    decomposed = unicodedata.normalize("NFKD", text).casefold()
    return "".join(ch for ch in decomposed if ch.isalnum())


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


# --- Values --------------------------------------------------------------------------------


class _Bad(ValueError):
    """A cell that cannot be read; the message names the value and what it should be."""


def _q(text: str) -> str:
    return f'"{text}"'


_UNRATED = frozenset({"", "0", "-", "unr", "unrated", "nr", "none", "new", "n/a"})
# A rating, maybe written by a spreadsheet as "1500.0", maybe provisional ("1500P12", "1500/12").
_RATING = re.compile(r"(\d{1,4})(?:\.0+)?(?:\s*(?:[pP]|/)\s*\d{1,3})?")


def _rating(text: str) -> int | None:
    if text.casefold() in _UNRATED:
        return None
    match = _RATING.fullmatch(text)
    if match is None or int(match.group(1)) > MAX_RATING:
        raise _Bad(f"{_q(text)} is not a rating (a number from 0 to {MAX_RATING})")
    return int(match.group(1)) or None


def _fide_id(text: str) -> str:
    if not text.isdigit() or len(text) > 12:
        raise _Bad(f"{_q(text)} is not a FIDE ID (up to 12 digits)")
    return "" if int(text) == 0 else text.lstrip("0")


def _national_id(text: str) -> str:
    if len(text) > 20:
        raise _Bad(f"{_q(text)} is too long for an ID (20 characters at most)")
    return "" if text == "0" else text


def _title(text: str) -> str:
    title = text.upper()
    if not (title.isalpha() and title.isascii() and len(title) <= 3):
        raise _Bad(f"{_q(text)} is not a title (GM, IM, WGM, FM, WIM, CM, WFM, WCM)")
    return title


_SEX = {
    "m": "m",
    "male": "m",
    "man": "m",
    "boy": "m",
    "w": "w",
    "f": "w",
    "female": "w",
    "woman": "w",
    "girl": "w",
}


def _sex(text: str) -> str:
    try:
        return _SEX[text.casefold()]
    except KeyError:
        raise _Bad(f"{_q(text)} is not a sex (m or w)") from None


def _date(year: int, month: int, day: int, text: str) -> str:
    try:
        datetime.date(year, month, day)
    except ValueError:
        raise _Bad(f"{_q(text)} is not a date") from None
    return f"{year:04d}/{month:02d}/{day:02d}"


def _birth_date(text: str) -> str:
    """Stored as TRF writes it: "YYYY/MM/DD", or "YYYY" when only the year is known."""
    if re.fullmatch(r"(19|20)\d\d", text):
        return text
    if match := re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text):
        year, month, day = (int(g) for g in match.groups())
        if month == day == 0:
            return f"{year:04d}"
        return _date(year, month, day, text)
    if match := re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", text):
        day, month, year = (int(g) for g in match.groups())
        return _date(year, month, day, text)
    if match := re.fullmatch(r"(\d{1,2})[-/](\d{1,2})[-/](\d{4})", text):
        first, second, year = (int(g) for g in match.groups())
        # Day-first and month-first files both exist; only an unambiguous date is accepted.
        if first > 12 >= second:
            return _date(year, second, first, text)
        if second > 12 >= first:
            return _date(year, first, second, text)
        raise _Bad(f"{_q(text)} is ambiguous (day or month first?); write it as YYYY-MM-DD")
    raise _Bad(f"{_q(text)} is not a birth date (YYYY-MM-DD, YYYY/MM/DD or YYYY)")


def _federation(text: str) -> str:
    if not (len(text) == 3 and text.isascii() and text.isalpha()):
        raise _Bad(f"{_q(text)} is not a federation (three letters, as FRA or USA)")
    return text.upper()


def _text(limit: int) -> Callable[[str], str]:
    def read(text: str) -> str:
        if any(unicodedata.category(ch) == "Cc" for ch in text):
            raise _Bad(f"{_q(text[:20])} contains a control character (a line break?)")
        if len(text) > limit:
            raise _Bad(f"{_q(text[:20])}... is too long ({limit} characters at most)")
        return text

    return read


_ACTIVE = frozenset(
    {"", "active", "a", "no", "n", "false", "0", "ok", "paid", "unpaid", "registered", "confirmed"}
)
_WITHDRAWN = frozenset({"withdrawn", "withdrew", "w", "wd", "x", "yes", "y", "true", "1"})


def _status(text: str) -> str:
    value = text.casefold()
    if value in _ACTIVE:
        return "active"
    if value in _WITHDRAWN:
        return "withdrawn"
    raise _Bad(f"{_q(text)} is not a status (active or withdrawn)")


def _entry_round(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise _Bad(f"{_q(text)} is not a round number (1 or more)")
    return int(text)


def _bye_rounds(text: str) -> tuple[int, ...]:
    rounds = set()
    for token in re.split(r"[\s,;/+]+", text):
        if not token:
            continue
        number = token[1:] if token[:1] in {"r", "R"} else token
        if not number.isdigit() or int(number) < 1:
            raise _Bad(f"{_q(text)} is not a list of round numbers (as 2, 5)")
        rounds.add(int(number))
    return tuple(sorted(rounds))


def split_name(full: str) -> tuple[str, str]:
    """(last name, first name) from "Last, First" or "First Last".

    >>> split_name("Carlsen, Magnus")
    ('Carlsen', 'Magnus')
    >>> split_name("Judit Polgar")
    ('Polgar', 'Judit')
    """
    if "," in full:
        last, _, first = full.partition(",")
        return last.strip(), first.strip()
    words = full.split()
    if len(words) < 2:
        return full.strip(), ""
    return words[-1], " ".join(words[:-1])


_NAME = _text(100)
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


# --- Reading the file ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    cells: tuple[str, ...]


def _decode(data: bytes | str) -> tuple[str, str, list[RosterIssue]]:
    """The text, the encoding it was read with, and a warning when it had to be guessed."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), "text", []
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), "utf-16", []
        except UnicodeDecodeError:
            pass
    body = data.removeprefix(codecs.BOM_UTF8)
    encoding = "utf-8-sig" if len(body) < len(data) else "utf-8"
    try:
        return body.decode("utf-8"), encoding, []
    except UnicodeDecodeError:
        pass
    for fallback in ("cp1252", "latin-1"):
        try:
            text = body.decode(fallback)
        except UnicodeDecodeError:
            continue
        note = RosterIssue(f"the file is not UTF-8; it was read as {fallback}")
        return text, fallback, [note]
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def _count_outside_quotes(line: str, delimiter: str) -> int:
    count, quoted = 0, False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == delimiter and not quoted:
            count += 1
    return count


def _sniff_delimiter(text: str) -> str:
    header = next((line for line in text.splitlines() if line.strip()), "")
    return max((",", ";", "\t"), key=lambda d: _count_outside_quotes(header, d))


def _read_lines(text: str, delimiter: str) -> tuple[list[_Line], list[RosterIssue]]:
    """Non-blank records with the line each starts on (a quoted cell may span lines)."""
    # strict: a quote left open is an error here, not a cell that swallows the rest of the file.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    lines: list[_Line] = []
    previous = 0
    try:
        for cells in reader:
            stripped = tuple(cell.strip() for cell in cells)
            if any(stripped):
                lines.append(_Line(previous + 1, stripped))
            previous = reader.line_num
    except csv.Error as exc:
        return lines, [RosterIssue(f"the file cannot be read as CSV ({exc})", previous + 1)]
    return lines, []


def _column_name(header: str, index: int) -> str:
    return header or f"column {index + 1}"


@dataclass
class _Collector:
    """Rows, sections and messages gathered while reading one file."""

    sections: dict[str, list[RosterRow]] = field(default_factory=dict)
    warnings: list[RosterIssue] = field(default_factory=list)
    errors: list[RosterIssue] = field(default_factory=list)

    def add(self, row: RosterRow) -> None:
        self.sections.setdefault(row.section, []).append(row)

    def frozen_sections(self) -> dict[str, tuple[RosterRow, ...]]:
        return {name: tuple(rows) for name, rows in self.sections.items()}

    def warn_duplicate_ids(self) -> None:
        for rows in self.sections.values():
            for attribute, label in (("fide_id", "FIDE ID"), ("national_id", "national ID")):
                seen: dict[str, int] = {}
                for row in rows:
                    value = getattr(row, attribute)
                    if value and value in seen:
                        self.warnings.append(
                            RosterIssue(f"same {label} {value} as line {seen[value]}", row.line)
                        )
                    seen.setdefault(value, row.line)


def _overflow(line: _Line, width: int) -> RosterIssue | None:
    """An error when a record has values beyond the header's last column."""
    if any(line.cells[width:]):
        columns = "column" if width == 1 else "columns"
        return RosterIssue(
            f"{len(line.cells)} values, but the header has {width} {columns}", line.number
        )
    return None


# --- Generic format --------------------------------------------------------------------------


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


def _warn_title(row: RosterRow, column: str, out: _Collector) -> None:
    if row.title and row.title not in FIDE_TITLES:
        out.warnings.append(
            RosterIssue(
                f"{_q(row.title)} is not a FIDE title; it does not count for the initial order",
                row.line,
                column,
            )
        )


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


# --- NWChess format --------------------------------------------------------------------------

_NW_LABELS: dict[str, str] = {
    "section": "Section",
    "last_name": "Last name",
    "first_name": "First name",
    "grade": "Grade",
    "school": "School",
    "nwsrs_rating": "NWSRS rating",
    "nwsrs_id": "NWSRS ID",
    "uscf_rating": "USCF rating",
    "uscf_id": "USCF ID",
    "uscf_expires": "USCF expires",
    "fide_rating": "FIDE rating",
    "fide_id": "FIDE ID",
    "fide_title": "FIDE title",
    "nwchess_expires": "NWChess expires",
    "byes": "Bye rounds",
    "status": "Status",
}

# Group heading (normalised) -> its columns, each with the sub-heading expected under it.
_NW_GROUPS: dict[str, tuple[tuple[str, str], ...]] = {
    "": (("section", ""),),
    "section": (("section", ""),),
    "name": (("last_name", ""), ("first_name", "first"), ("grade", ""), ("school", "")),
    "nwsrs": (("nwsrs_rating", ""), ("nwsrs_id", "id")),
    "uscf": (("uscf_rating", ""), ("uscf_id", "id"), ("uscf_expires", "")),
    "fide": (("fide_rating", ""), ("fide_id", "id"), ("fide_title", "title")),
    "nwchess": (("nwchess_expires", ""),),
    "byes": (("byes", "rounds"),),
    "fees": (("status", "status"),),
}
_NW_SUBHEADING_LABELS = {
    "first": "First",
    "id": "ID",
    "title": "Title",
    "rounds": "Rounds",
    "status": "Status",
}

# One-line headers: normalised spelling -> column.
_NW_ALIASES: dict[str, str] = {
    alias: key
    for key, aliases in {
        "section": ("section", "division"),
        "last_name": ("lastname", "last", "surname", "name"),
        "first_name": ("firstname", "first"),
        "grade": ("grade",),
        "school": ("school", "team", "club"),
        "nwsrs_rating": ("nwsrsrating", "nwsrs"),
        "nwsrs_id": ("nwsrsid",),
        "uscf_rating": ("uscfrating", "uscf"),
        "uscf_id": ("uscfid",),
        "uscf_expires": ("uscfexpires", "uscfexp", "uscfexpiration"),
        "fide_rating": ("fiderating", "fide"),
        "fide_id": ("fideid",),
        "fide_title": ("fidetitle", "title"),
        "nwchess_expires": ("nwchessexpires", "nwchess", "nwchessexp"),
        "byes": ("byes", "byerounds", "byesrounds", "rounds"),
        "status": ("status", "feesstatus", "fees", "withdrawn"),
    }.items()
    for alias in aliases
}
# Columns read into a field of their own, and the FIDE rating, which NWChess seeding ignores;
# every other non-blank cell is kept in RosterRow.extra.
_NW_NOT_EXTRA = frozenset(
    {"section", "last_name", "first_name", "school", "fide_id", "fide_title", "byes", "fide_rating"}
)
_NW_REQUIRED = ("section", "last_name", "first_name", "status")
_NW_WITHDRAWN = re.compile(r"withdr|^wd?$", re.IGNORECASE)


def _is_nwchess(header: Sequence[str]) -> bool:
    return any(_norm(cell).startswith(("nwsrs", "nwchess")) for cell in header)


def _nw_grouped_layout(
    groups_line: _Line, subs_line: _Line, out: _Collector
) -> list[tuple[str, str]] | None:
    """(key, column name) per column from the two header lines, or None after an error."""
    groups = list(groups_line.cells)
    while groups and not groups[-1]:
        groups.pop()
    subs = subs_line.cells
    # Only the first heading may be blank (it is the section's); any other is unknown to us.
    unknown = {
        i for i, g in enumerate(groups) if _norm(g) not in _NW_GROUPS or (i > 0 and not _norm(g))
    }
    known_width = sum(len(_NW_GROUPS[_norm(g)]) for i, g in enumerate(groups) if i not in unknown)
    spare = len(subs) - known_width
    if len(unknown) > 1 or (unknown and spare < 1) or (not unknown and spare < 0):
        names = ", ".join(_q(groups[i]) for i in sorted(unknown)) or "the headings"
        out.errors.append(
            RosterIssue(
                f"cannot tell which columns {names} cover: the sub-headings on line "
                f"{subs_line.number} have {len(subs)} columns",
                groups_line.number,
            )
        )
        return None
    layout: list[tuple[str, str]] = []
    for index, group in enumerate(groups):
        if index in unknown:
            for offset in range(spare):
                sub = subs[len(layout)]
                layout.append(("", f"{group} {sub}" if sub else f"{group} ({offset + 1})"))
            continue
        for key, expected in _NW_GROUPS[_norm(group)]:
            position = len(layout)
            if _norm(subs[position]) != expected:
                wanted = (
                    f"be headed {_q(_NW_SUBHEADING_LABELS[expected])}"
                    if expected
                    else ("have no heading")
                )
                out.errors.append(
                    RosterIssue(
                        f"column {position + 1} should {wanted} under {_q(group)}, "
                        f"not {_q(subs[position])}",
                        subs_line.number,
                    )
                )
                return None
            layout.append((key, _NW_LABELS[key]))
    return layout


def _nw_flat_layout(header: _Line) -> list[tuple[str, str]]:
    layout: list[tuple[str, str]] = []
    taken: set[str] = set()
    for index, cell in enumerate(header.cells):
        key = _NW_ALIASES.get(_norm(cell), "")
        if key in taken:
            key = ""
        taken.add(key)
        layout.append((key, _column_name(cell, index)))
    return layout


def _nw_row(line: _Line, layout: Sequence[tuple[str, str]], out: _Collector) -> None:
    if (problem := _overflow(line, len(layout))) is not None:
        out.errors.append(problem)
        return
    cell: dict[str, str] = {}
    name: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    for index, (key, column) in enumerate(layout):
        text = line.cells[index] if index < len(line.cells) else ""
        name[key] = column
        if key:
            cell[key] = text
        if text and key not in _NW_NOT_EXTRA:
            extra.append((column, text))

    def get(key: str) -> str:
        return cell.get(key, "")

    person = f"{get('last_name')}, {get('first_name')}".strip(", ")
    if _NW_WITHDRAWN.search(get("status")) or re.search("withdr", get("section"), re.I):
        reason = get("status") if _NW_WITHDRAWN.search(get("status")) else get("section")
        out.warnings.append(
            RosterIssue(
                f"{person or 'a player'} is withdrawn ({_q(reason)}); not imported", line.number
            )
        )
        return

    errors: list[RosterIssue] = []

    def read(key: str, convert: Callable[[str], object]) -> object:
        if not get(key):
            return None
        try:
            return convert(get(key))
        except _Bad as bad:
            errors.append(RosterIssue(str(bad), line.number, name[key]))
            return None

    for key in ("section", "last_name"):
        if not get(key):
            errors.append(
                RosterIssue(
                    f"empty; every player needs a {_NW_LABELS[key].lower()}", line.number, name[key]
                )
            )
    values = {
        "section": read("section", _text(100)),
        "last_name": read("last_name", _NAME),
        "first_name": read("first_name", _NAME),
        "club": read("school", _text(100)),
        "fide_id": read("fide_id", _fide_id),
        "title": read("fide_title", _title),
        "bye_rounds": read("byes", _bye_rounds),
    }
    nwsrs = read("nwsrs_rating", _rating)
    uscf = read("uscf_rating", _rating)
    nwsrs_id = read("nwsrs_id", _national_id)
    uscf_id = read("uscf_id", _national_id)
    if errors:
        out.errors.extend(errors)
        return
    ratings = [r for r in (nwsrs, uscf) if isinstance(r, int)]
    row = RosterRow(
        line=line.number,
        **{k: v for k, v in values.items() if v is not None},  # type: ignore[arg-type]
        national_id=str(uscf_id or nwsrs_id or ""),
        national_rating=max(ratings) if ratings else None,
        extra=tuple(extra),
    )
    _warn_title(row, name.get("fide_title", ""), out)
    out.add(row)


def _parse_nwchess(
    lines: list[_Line], out: _Collector
) -> tuple[tuple[str, ...], ColumnMapping, tuple[str, ...], tuple[str, ...]]:
    first = lines[0]
    second = lines[1] if len(lines) > 1 else None
    grouped = (
        second is not None
        and "name" in {_norm(c) for c in first.cells}
        and "first" in {_norm(c) for c in second.cells}
        and not _is_nwchess(second.cells)
    )
    if grouped and second is not None:
        layout = _nw_grouped_layout(first, second, out)
        body = lines[2:]
        if layout is None:
            return (), {}, (), ()
    else:
        layout = _nw_flat_layout(first)
        body = lines[1:]
    keys = {key for key, _ in layout}
    headers = tuple(column for _, column in layout)
    unknown = tuple(column for key, column in layout if not key)
    missing = [_NW_LABELS[key] for key in _NW_REQUIRED if key not in keys]
    if not {"nwsrs_rating", "uscf_rating"} & keys:
        missing.append("NWSRS rating or USCF rating")
    for column in missing:
        out.errors.append(RosterIssue("this column is missing", first.number, column))
    for key in ("nwsrs_rating", "uscf_rating"):
        if key not in keys and not missing:
            out.warnings.append(
                RosterIssue(f"no {_NW_LABELS[key]} column; seeding uses the other rating only")
            )
    label = {key: column for key, column in layout if key}
    sources = [label[k] for k in ("nwsrs_rating", "uscf_rating") if k in label]
    mapping: ColumnMapping = {
        field_: label[key]
        for field_, key in (
            ("section", "section"),
            ("last_name", "last_name"),
            ("first_name", "first_name"),
            ("club", "school"),
            ("fide_id", "fide_id"),
            ("title", "fide_title"),
            ("bye_rounds", "byes"),
            ("status", "status"),
        )
        if key in label
    }
    mapping["national_rating"] = f"max({', '.join(sources)})"
    ids = [label[k] for k in ("uscf_id", "nwsrs_id") if k in label]
    if ids:
        mapping["national_id"] = " or ".join(ids)
    if not missing:
        for line in body:
            _nw_row(line, layout, out)
    return headers, mapping, unknown, tuple(missing)


# --- Entry points ----------------------------------------------------------------------------


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


def _generic_seeding(mapping: Mapping[str, str]) -> str | None:
    if "fide_rating" in mapping:
        return "fide"
    if "national_rating" in mapping:
        return "national"
    return None


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


_WRITTEN = tuple(
    f.name for f in fields(RosterRow) if f.name not in {"line", "extra", "section", "bye_rounds"}
)


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
                cells.append("" if value is None else str(value))
        writer.writerow(cells)
    return buffer.getvalue()
