"""Reading a file: decoding, the delimiter, CSV records with their lines, collected rows."""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass
from dataclasses import field

from chesscore.record.text import spreadsheet_text
from chesscore.roster.cells import _q
from chesscore.roster.values import FIDE_TITLES
from chesscore.roster.values import RosterIssue
from chesscore.roster.values import RosterRow


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
            stripped = tuple(spreadsheet_text(cell.strip()) for cell in cells)
            if any(stripped):
                lines.append(_Line(previous + 1, stripped))
            previous = reader.line_num
    except csv.Error as exc:
        return lines, [RosterIssue(f"the file cannot be read as CSV ({exc})", previous + 1)]
    return lines, []


def _column_name(header: str, index: int) -> str:
    return header or f"column {index + 1}"


# Line breaks and tabs may sit in a quoted cell; any other C0 control character (NUL above
# all, which no database text column takes) means a binary or damaged file.  C1 controls
# are left alone: they are what a Latin-1 reading makes of some Windows-1252 letters.
_ALLOWED_CONTROLS = frozenset("\t\r\n")


def _is_control(ch: str) -> bool:
    return (ch < " " or ch == "\x7f" or "\ud800" <= ch <= "\udfff") and ch not in _ALLOWED_CONTROLS


def _control_characters(lines: list[_Line]) -> list[RosterIssue]:
    """An error for each cell holding a control character, naming its line and column."""
    headers = lines[0].cells if lines else ()
    issues = []
    for line in lines:
        for index, cell in enumerate(line.cells):
            bad = next((ch for ch in cell if _is_control(ch)), None)
            if bad is not None:
                column = _column_name(headers[index] if index < len(headers) else "", index)
                if bad in column or line is lines[0]:
                    column = f"column {index + 1}"
                issues.append(
                    RosterIssue(
                        f"control character U+{ord(bad):04X}; a roster is plain text "
                        "(is this a CSV file?)",
                        line.number,
                        column,
                    )
                )
    return issues


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


def _warn_title(row: RosterRow, column: str, out: _Collector) -> None:
    if row.title and row.title not in FIDE_TITLES:
        out.warnings.append(
            RosterIssue(
                f"{_q(row.title)} is not a FIDE title; it does not count for the initial order",
                row.line,
                column,
            )
        )
