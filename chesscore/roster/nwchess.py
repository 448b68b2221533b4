"""The NWChess format (``RosterTable.csv``): its fixed layout, read as the package
docstring describes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Sequence

from chesscore.roster.cells import _NAME
from chesscore.roster.cells import _Bad
from chesscore.roster.cells import _bye_rounds
from chesscore.roster.cells import _fide_id
from chesscore.roster.cells import _national_id
from chesscore.roster.cells import _norm
from chesscore.roster.cells import _q
from chesscore.roster.cells import _rating
from chesscore.roster.cells import _text
from chesscore.roster.cells import _title
from chesscore.roster.reading import _Collector
from chesscore.roster.reading import _column_name
from chesscore.roster.reading import _Line
from chesscore.roster.reading import _overflow
from chesscore.roster.reading import _warn_title
from chesscore.roster.values import ColumnMapping
from chesscore.roster.values import RosterIssue
from chesscore.roster.values import RosterRow

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
