"""Read and write Tournament Report Files (FIDE TRF16 and TRF26, C.04 Annex 2).

Besides the FIDE records, ``read`` understands JaVaFo's TRF(x) lines (``XXR``, ``XXC``,
``XXA``, ``XXP``, ``XXZ``, ``XXS``) and bbpPairings' TRF(bx) point lines (``BBW``,
``BBD``, ``BBL``, ``BBZ``, ``BBF``, ``BBU``).  Any other line (comments, national rating
records, ``299``, ``801``/``802``, ...) is kept verbatim in ``Record.extra_lines``.

``write`` produces one of two dialects:

- ``"trf16"``: planned rounds as ``XXR``, initial colour as ``XXC white1``/``black1``,
  scoring as ``XXS`` (plus ``BB?`` lines for bbpPairings), tie-breaks as ``202``;
- ``"trf26"``: ``142``, ``152``, ``162`` (plus ``BB?`` lines, and ``XXS`` only for values
  162 cannot express), tie-breaks as ``212 PTS,...``.

Record 192 names the pairing system, for the team Swiss its rules, and, by a word ``BAKU``
in it, Baku acceleration (C.04.7): the reader turns it into typed facts (``Record.system``,
``Record.team_rules``: `chesscore.record.system_codes`; ``Record.acceleration``) and keeps
the file's own code without the word (``Event.system``); the writer writes that code, else
the one the facts make, and joins the word again (`system_code_split`, `system_code`). No
other code reads or makes a 192 code.

Lines with no counterpart in the other dialect (``XXA``, ``XXP``, ``XXZ``, ``XXC rank``,
``240``, ``250``, ``260`` with rounds, team records) are written the same way in both.
A record survives a round trip unchanged in either dialect, ``read(write(r, d)) == r``,
except ``Record.pab_exclusions``, which no TRF record carries.

Every error is a ``TrfError`` naming the 1-based line and the field at fault.

Example::

    >>> record = read("012 Club Open\\r001    1      Doe, Jane\\r142 5\\r")
    >>> record.event.name, record.planned_rounds, record.player(1).name
    ('Club Open', 5, 'Doe, Jane')
    >>> write(record, "trf16").splitlines()[-1]
    'XXR 5'
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction
from typing import Literal

from chesscore.record import fields
from chesscore.record.boards import MatchBoards
from chesscore.record.boards import match_boards
from chesscore.record.model import STANDARD_SCORING
from chesscore.record.model import AcceleratedRounds
from chesscore.record.model import Acceleration
from chesscore.record.model import ByeAssignment
from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import ForfeitedMatch
from chesscore.record.model import MatchForfeit
from chesscore.record.model import MatchScoring
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ReleasedPlayers
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import ScoringSystem
from chesscore.record.model import Sex
from chesscore.record.model import SoftGroup
from chesscore.record.model import Team
from chesscore.record.model import TeamLineup
from chesscore.record.model import TeamPab
from chesscore.record.model import VirtualPoints
from chesscore.record.system_codes import code_for
from chesscore.record.system_codes import system_for_code
from chesscore.record.system_codes import team_rules_for_code
from chesscore.record.text import one_line

__all__ = [
    "Dialect",
    "TrfError",
    "read",
    "scoring_lines",
    "system_code",
    "system_code_split",
    "validate",
    "write",
]

Dialect = Literal["trf16", "trf26"]


class TrfError(ValueError):
    """A defect in a TRF file, located by 1-based ``line`` and the ``field`` at fault."""

    def __init__(self, reason: str, *, line: int, field: str) -> None:
        super().__init__(f"line {line}, {field}: {reason}")
        self.reason = reason
        self.line = line
        self.field = field


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# re.ASCII throughout: "\d" would otherwise take any script's digits ("١٢" or "²").
_DECIMAL = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)", re.ASCII)
_PAIR_162 = re.compile(r"\s*([A-Za-z])\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))", re.ASCII)
_PAIR_362 = re.compile(
    r"\s*(T[WDL])\s*=?\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))", re.IGNORECASE | re.ASCII
)
_BIRTH_DATE = re.compile(r"(\d{4})(?:[/.-](\d{2})[/.-](\d{2}))?", re.ASCII)
_EVENT_DATE = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", re.ASCII)
_ROUND_DATE = re.compile(r"(\d{2}|\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", re.ASCII)

# Bounds of the numbers a file may hold, from the columns that store them: ids and ranks
# fit TRF's four columns, rounds three (and the database's small integers), other counts
# a small integer.  Points have at most five whole digits and six decimals, so that every
# sum of them still has an exact short decimal form (``_format_points``).
MAX_ID = 9999
MAX_ROUNDS = 999
MAX_COUNT = 32767
MAX_FIDE_ID = fields.MAX_FIDE_ID
_POINTS_WHOLE_DIGITS = 5
_POINTS_DECIMALS = 6

_TEXT_HEADERS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "172": "starting_rank_method",
    "182": "pairing_controller",
    "192": "system",
    "222": "encoded_time_control",
    "352": "board_colours",
}
_COUNT_HEADERS = {"062": "player_count", "072": "rated_player_count", "082": "team_count"}
_DATE_HEADERS = {"042": "start_date", "052": "end_date"}

# Which ScoringSystem fields each scoring symbol sets.  "win"/"draw"/"loss" are tracked
# per colour because XXS can tell them apart; the record cannot, so they must agree.
_WIN = ("win_white", "win_black")
_DRAW = ("draw_white", "draw_black")
_LOSS = ("loss_white", "loss_black")
_SYMBOLS_162: dict[str, tuple[str, ...]] = {
    "W": (*_WIN, "forfeit_win", "full_point_bye"),
    "D": (*_DRAW, "half_point_bye"),
    "L": _LOSS,
    "A": ("zero_point_bye", "forfeit_loss"),
    "P": ("pairing_allocated_bye",),
    "X": ("unknown_result",),
}
_SYMBOLS_BB: dict[str, tuple[str, ...]] = {
    "BBW": (*_WIN, "forfeit_win", "full_point_bye"),
    "BBD": (*_DRAW, "half_point_bye"),
    "BBL": _LOSS,
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}
_SYMBOLS_XXS: dict[str, tuple[str, ...]] = {
    "WW": ("win_white",),
    "BW": ("win_black",),
    "WD": ("draw_white",),
    "BD": ("draw_black",),
    "WL": ("loss_white",),
    "BL": ("loss_black",),
    "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",),
    "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "W": (*_WIN, "forfeit_win", "full_point_bye"),
    "D": (*_DRAW, "half_point_bye"),
}


@dataclass(slots=True)
class _Builder:
    """Mutable state gathered line by line, turned into a ``Record`` at the end."""

    players: list[Player] = field(default_factory=list)
    player_lines: dict[int, int] = field(default_factory=dict)
    event: dict[str, object] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    planned_rounds: tuple[int, int] | None = None
    initial_colour: tuple[Colour, int] | None = None
    order_by_file_position: bool = False
    scores: dict[str, Fraction] = field(default_factory=dict)
    score_lines: dict[str, int] = field(default_factory=dict)
    pab_follows_win: bool = False
    match_scoring: dict[str, Fraction] = field(default_factory=dict)
    virtual_points: list[tuple[VirtualPoints, int]] = field(default_factory=list)
    accelerated: list[AcceleratedRounds] = field(default_factory=list)
    forbidden: list[tuple[ForbiddenPairing, int]] = field(default_factory=list)
    byes: list[tuple[ByeAssignment, int]] = field(default_factory=list)
    absent: list[tuple[int, int]] = field(default_factory=list)
    tiebreaks_202: tuple[tuple[str, ...], int] | None = None
    tiebreaks_212: tuple[tuple[str, ...], int] | None = None
    teams: list[tuple[Team, int]] = field(default_factory=list)
    lineups: list[TeamLineup] = field(default_factory=list)
    lineup_lines: list[int] = field(default_factory=list)
    team_pab: TeamPab | None = None
    forfeited: list[ForfeitedMatch] = field(default_factory=list)
    soft_groups: list[tuple[SoftGroup, int]] = field(default_factory=list)
    released: list[tuple[ReleasedPlayers, int]] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    header_lines: dict[str, int] = field(default_factory=dict)
    collect: bool = False
    errors: list[TrfError] = field(default_factory=list)
    last_line: int = 1  # the last non-blank line, where a missing record is reported


def read(text: str | bytes) -> Record:
    """Parse a TRF16, TRF26, TRF(x) or TRF(bx) file into a ``Record``.

    Bytes are decoded as UTF-8, or as Latin-1 when they are not valid UTF-8.  Lines may
    end with CR, LF or CRLF; blank lines are skipped.  The file is checked as a whole:
    opponents exist and agree on the game (round, colours, results), ids are unique,
    the points column matches the results under the file's scoring system, and the round
    counts agree.  A file must list players, hold no control character but tabs (a binary
    file is refused on its first one), and keep its numbers within what the columns that
    store them take (``MAX_ID``, ``MAX_ROUNDS``, ``MAX_COUNT``, points of at most five whole
    digits and six decimals).  Raises ``TrfError`` on the first defect found, and nothing
    else, whatever the input.

    Complexity: O(n·r) for n players and r rounds.
    """
    return _read(text, _Builder())


def validate(text: str | bytes) -> tuple[TrfError, ...]:
    """Every defect ``read`` would report, in file order; empty for a valid file.

    Lines that fail to parse are reported and skipped; when there are any, the checks
    across lines (opponents, points, ids) are left out, since they would only echo them.
    """
    try:
        _read(text, _Builder(collect=True))
    except _Collected as collected:
        return collected.errors
    except TrfError as error:
        return (error,)
    return ()


class _Collected(Exception):
    def __init__(self, errors: list[TrfError]) -> None:
        super().__init__(f"{len(errors)} errors")
        self.errors = tuple(errors)


def _numbered_lines(text: str | bytes) -> Iterator[tuple[int, str]]:
    """The file's non-blank lines with their 1-based numbers, as ``read`` decodes and splits
    them."""
    if isinstance(text, bytes):
        try:
            decoded = text.decode("utf-8")
        except UnicodeDecodeError:
            decoded = text.decode("latin-1")
    else:
        decoded = text
    decoded = decoded.removeprefix("\ufeff")
    for number, line in enumerate(_LINE_BREAK.split(decoded), start=1):
        if line.strip():
            yield number, line


def _handler(line: str) -> Callable[[_Builder, str, int], None] | None:
    code = line[:3]
    return _HANDLERS.get(code.upper() if code[:2].upper() in ("XX", "BB") else code)


def scoring_lines(text: str | bytes) -> dict[str, int]:
    """The line that gave each value of a file's scoring system, by the names of
    `ScoringSystem`'s fields (``"draw"``), and the line of its 192 code (``"system"``): to
    name the line of a value that a reader of the record refuses. A value the file leaves
    at its default has no line; lines that do not parse are skipped.

    >>> lines = scoring_lines("192 FIDE_DUTCH\\rXXS WD=0.4 BD=0.4\\rBBW 1.0\\r")
    >>> lines["system"], lines["draw"], lines["win"], lines["pairing_allocated_bye"]
    (1, 2, 3, 3)
    """
    b = _Builder(collect=True)
    found: dict[str, int] = {}
    for number, line in _numbered_lines(text):
        handler = _handler(line)
        if line[:3] == "192":
            found["system"] = number
        elif handler in (_read_162, _read_bb, _read_xxs):
            try:
                handler(b, line, number)
            except TrfError:
                continue
    for name, number in b.score_lines.items():
        field_name = name.removesuffix("_white").removesuffix("_black")
        found[field_name] = max(number, found.get(field_name, 0))
    if b.pab_follows_win and "pairing_allocated_bye" not in found and "win" in found:
        found["pairing_allocated_bye"] = found["win"]
    found.pop("unknown_result", None)
    return found


def _read(text: str | bytes, b: _Builder) -> Record:
    for number, line in _numbered_lines(text):
        b.last_line = number
        problem = _control_character(line, number)
        if problem is not None:
            if not b.collect:
                raise problem
            b.errors.append(problem)
            continue
        if line.startswith("###"):
            b.extra.append(line.rstrip())
            continue
        handler = _handler(line)
        if handler is None:
            b.extra.append(line.rstrip())
            continue
        try:
            handler(b, line, number)
        except TrfError as error:
            if not b.collect:
                raise
            b.errors.append(error)
    return _finish(b)


# Where each field of a player line ends (0-based, exclusive), to name the field at a column.
_PLAYER_COLUMNS = (
    (4, "record 001"),
    (8, "starting rank"),
    (9, "starting rank"),
    (10, "sex"),
    (13, "title"),
    (14, "title"),
    (47, "name"),
    (48, "name"),
    (52, "rating"),
    (53, "rating"),
    (56, "federation"),
    (57, "federation"),
    (68, "FIDE id"),
    (69, "FIDE id"),
    (79, "birth date"),
    (84, "points"),
    (85, "points"),
    (89, "rank"),
    (91, "round 1"),
)


def _field_at(line: str, column: int) -> str:
    """The name of the field holding 0-based ``column`` of ``line``."""
    code = line[:3]
    if code == "001":
        for end, name in _PLAYER_COLUMNS:
            if column < end:
                return name
        return f"round {(column - 91) // 10 + 1}"
    printable = "".join(ch for ch in code if ch.isprintable() and not ch.isspace())
    return f"record {printable}" if len(printable) == 3 else "record code"


def _control_character(line: str, number: int) -> TrfError | None:
    """A TRF file is plain text: a C0 control character (NUL, ESC, ...) other than a tab,
    or an unpaired surrogate, means a binary or damaged file, which no database column
    could hold.  C1 controls are left alone: they are what the Latin-1 reading makes of
    some letters of Windows-1252 files."""
    for column, ch in enumerate(line):
        if (ch < " " and ch != "\t") or ch == "\x7f" or "\ud800" <= ch <= "\udfff":
            return _fail(
                f"control character U+{ord(ch):04X} at column {column + 1}; a TRF file is "
                "plain text (is this a TRF file?)",
                number,
                _field_at(line, column),
            )
    return None


def _fail(reason: str, line: int, field: str) -> TrfError:
    return TrfError(reason, line=line, field=field)


def _int(text: str, line: int, field: str, *, minimum: int = 0, maximum: int = MAX_COUNT) -> int:
    value = text.strip()
    if not value.isdigit() or not value.isascii():
        raise _fail(f"expected a number, found {_shown(value)}", line, field)
    # Digits are counted before int() is called: a number of thousands of digits would
    # take long to convert, or exceed Python's limit on int-from-str conversions.
    if len(value.lstrip("0")) > len(str(maximum)):
        raise _fail(f"expected at most {maximum}, found {_shown(value)}", line, field)
    number = int(value)
    if number < minimum:
        raise _fail(f"expected at least {minimum}, found {number}", line, field)
    if number > maximum:
        raise _fail(f"expected at most {maximum}, found {number}", line, field)
    return number


def _round_number(text: str, line: int, field: str, *, minimum: int = 1) -> int:
    return _int(text, line, field, minimum=minimum, maximum=MAX_ROUNDS)


def _shown(value: str) -> str:
    """``value`` quoted for a message, cut short when it is long."""
    return repr(value) if len(value) <= 20 else f"{value[:20]!r}... ({len(value)} characters)"


def _optional_int(text: str, line: int, field: str, *, maximum: int = MAX_COUNT) -> int | None:
    return None if not text.strip() else _int(text, line, field, maximum=maximum)


def _points(text: str, line: int, field: str) -> Fraction:
    value = text.strip()
    if not _DECIMAL.fullmatch(value):
        raise _fail(f"expected points such as 2.5, found {_shown(value)}", line, field)
    return _fraction(value, line, field)


def _fraction(value: str, line: int, field: str) -> Fraction:
    """Points from a decimal ``_DECIMAL`` matched, within the bounds every column takes."""
    whole, _, decimals = value.lstrip("+-").partition(".")
    if len(whole.lstrip("0")) > _POINTS_WHOLE_DIGITS:
        limit = "9" * _POINTS_WHOLE_DIGITS
        raise _fail(f"points must be at most {limit}, found {_shown(value)}", line, field)
    if len(decimals.rstrip("0")) > _POINTS_DECIMALS:
        raise _fail(
            f"points have at most {_POINTS_DECIMALS} decimals, found {_shown(value)}", line, field
        )
    return Fraction(value)


def _optional_points(text: str, line: int, field: str) -> Fraction | None:
    return None if not text.strip() else _points(text, line, field)


def _id(text: str, line: int, field: str) -> int:
    value = text.strip()
    if value.isdigit() and value.isascii() and len(value.lstrip("0")) > len(str(MAX_ID)):
        raise _fail(f"an id must be between 1 and {MAX_ID}, found {_shown(value)}", line, field)
    number = _int(text, line, field, maximum=MAX_ID)
    if not 1 <= number <= MAX_ID:
        raise _fail(f"an id must be between 1 and {MAX_ID}, found {number}", line, field)
    return number


def _ids(tokens: Iterable[str], line: int, field: str) -> tuple[int, ...]:
    return tuple(_id(t, line, field) for t in tokens)


def _content(line: str) -> str:
    """The text after the record code (column 5 onwards)."""
    return line[4:].strip()


def _read_header(b: _Builder, line: str, number: int) -> None:
    code = line[:3]
    text = _content(line)
    if code == "112":
        if text:
            b.deputies.append(text)
        return
    if code in _TEXT_HEADERS:
        key, value = _TEXT_HEADERS[code], text
        parsed: object = value
    elif code in _COUNT_HEADERS:
        key = _COUNT_HEADERS[code]
        parsed = _optional_int(text, number, f"record {code}")
    elif code in _DATE_HEADERS:
        key = _DATE_HEADERS[code]
        parsed = _event_date(text, number, f"record {code} date") if text else None
    else:
        key = "round_dates"
        parsed = _round_dates(line, number)
    if key in b.event:
        # A repeated single-valued header is kept verbatim rather than lost.
        b.extra.append(line.rstrip())
        return
    b.event[key] = parsed
    b.header_lines[key] = number


def _make_date(year: int, month: int, day: int, line: int, field: str, text: str) -> datetime.date:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        raise _fail(f"{text!r} is not a calendar date", line, field) from None


def _event_date(text: str, line: int, field: str) -> datetime.date:
    match = _EVENT_DATE.fullmatch(text)
    if not match:
        raise _fail(f"expected a date YYYY/MM/DD, found {text!r}", line, field)
    year, month, day = (int(g) for g in match.groups())
    return _make_date(year, month, day, line, field, text)


def _round_dates(line: str, number: int) -> tuple[datetime.date | None, ...]:
    dates: list[datetime.date | None] = []
    start = 91
    if len(line.rstrip()) > start + MAX_ROUNDS * 10:
        raise _fail(f"more than {MAX_ROUNDS} round dates", number, f"round {MAX_ROUNDS + 1} date")
    while start < len(line):
        text = line[start : start + 10].strip()
        field = f"round {len(dates) + 1} date"
        if not text:
            dates.append(None)
        else:
            match = _ROUND_DATE.fullmatch(text)
            if not match:
                raise _fail(f"expected a date YY/MM/DD, found {text!r}", number, field)
            year, month, day = (int(g) for g in match.groups())
            if len(match.group(1)) == 2:
                year += 1900 if year >= 70 else 2000
            dates.append(_make_date(year, month, day, number, field, text))
        start += 10
    while dates and dates[-1] is None:
        dates.pop()
    return tuple(dates)


def _birth_date(text: str, line: int) -> str | None:
    value = text.strip()
    if not value:
        return None
    match = _BIRTH_DATE.fullmatch(value)
    if not match:
        raise _fail(f"expected YYYY/MM/DD, found {value!r}", line, "birth date")
    year, month, day = match.groups()
    if month is None or day is None:
        return year
    if int(month) > 12 or int(day) > 31:
        raise _fail(f"{value!r} is not a calendar date", line, "birth date")
    if int(month) and int(day):
        _make_date(int(year), int(month), int(day), line, "birth date", value)
    return f"{year}/{month}/{day}"


_SEX = {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}
_COLOUR = {" ": Colour.NONE, "-": Colour.NONE, "w": Colour.WHITE, "b": Colour.BLACK}
_RESULT = {code.value: code for code in ResultCode}


def _read_player(b: _Builder, line: str, number: int) -> None:
    if len(line.rstrip()) < 8:
        raise _fail("the line ends before the starting rank", number, "starting rank")
    padded = line.ljust(91)
    rank = _id(padded[4:8], number, "starting rank")
    if rank in b.player_lines:
        first = b.player_lines[rank]
        raise _fail(f"id {rank} was already given on line {first}", number, "starting rank")
    sex_char = padded[9]
    sex = None if sex_char == " " else _SEX.get(sex_char.lower())
    if sex_char != " " and sex is None:
        raise _fail(f"expected m or w, found {sex_char!r}", number, "sex")
    rating = _optional_int(padded[48:52], number, "rating")
    fide_id = _optional_int(padded[57:68], number, "FIDE id", maximum=MAX_FIDE_ID)
    points = _optional_points(padded[79:84], number, "points")
    final_rank = _optional_int(padded[85:89], number, "rank", maximum=MAX_ID)
    if padded[89:91].strip():
        raise _fail("columns 90-91 must be blank", number, "round 1")
    rounds = []
    body = padded[91:].rstrip()
    if len(body) > MAX_ROUNDS * 10:
        raise _fail(
            f"more than {MAX_ROUNDS} rounds (the line is {len(line)} characters long)",
            number,
            f"round {MAX_ROUNDS + 1}",
        )
    for index in range(0, len(body), 10):
        rounds.append(
            _round_entry(body[index : index + 10].ljust(10), rank, index // 10 + 1, number)
        )
    player = Player(
        rank=rank,
        name=padded[14:47].strip(),
        sex=sex,
        title=padded[10:13].strip(),
        rating=rating,
        federation=padded[53:56].strip(),
        fide_id=fide_id,
        birth_date=_birth_date(padded[69:79], number),
        points=points,
        final_rank=final_rank,
        rounds=tuple(rounds),
    )
    b.players.append(player)
    b.player_lines[rank] = number


# Round blocks repeat a great deal across a file; parsed entries are shared.
_ENTRY_CACHE: dict[str, RoundEntry] = {}


def _round_entry(block: str, rank: int, round_number: int, line: int) -> RoundEntry:
    entry = _ENTRY_CACHE.get(block)
    if entry is None:
        entry = _parse_round_entry(block, round_number, line)
        if len(_ENTRY_CACHE) < 100_000:
            _ENTRY_CACHE[block] = entry
    if entry.opponent == rank:
        where = f"round {round_number} opponent"
        raise _fail(f"player {rank} is paired against itself", line, where)
    return entry


def _parse_round_entry(block: str, round_number: int, line: int) -> RoundEntry:
    where = f"round {round_number}"
    if block[4] != " " or block[6] != " " or block[8:].strip():
        raise _fail(f"malformed round block {block.rstrip()!r}", line, where)
    opponent_text = block[:4].strip()
    opponent = None
    if opponent_text:
        value = _int(opponent_text, line, f"{where} opponent")
        opponent = value or None
    colour = _COLOUR.get(block[5].lower())
    if colour is None:
        raise _fail(f"expected w, b or -, found {block[5]!r}", line, f"{where} colour")
    result = _RESULT.get(block[7].upper())
    if result is None:
        raise _fail(f"unknown result code {block[7]!r}", line, f"{where} result")
    if opponent is None:
        if result.needs_opponent:
            raise _fail(f"result {result.value!r} needs an opponent", line, f"{where} result")
        if colour is not Colour.NONE:
            raise _fail("a colour needs an opponent", line, f"{where} colour")
    elif result.is_bye and result is not ResultCode.UNPAIRED:
        raise _fail(f"bye {result.value!r} given with an opponent", line, f"{where} result")
    return RoundEntry(opponent, colour, result)


def _read_planned_rounds(b: _Builder, line: str, number: int) -> None:
    field = "XXR" if line[:3].upper() == "XXR" else "record 142"
    rounds = _round_number(_content(line), number, field)
    if b.planned_rounds is not None and b.planned_rounds[0] != rounds:
        first_rounds, first_line = b.planned_rounds
        raise _fail(f"{rounds} rounds, but line {first_line} says {first_rounds}", number, field)
    b.planned_rounds = (rounds, number)


def _set_initial_colour(b: _Builder, colour: Colour, number: int, field: str) -> None:
    if b.initial_colour is not None and b.initial_colour[0] is not colour:
        first_colour, first_line = b.initial_colour
        raise _fail(
            f"initial colour {colour.name.lower()}, but line {first_line} says "
            f"{first_colour.name.lower()}",
            number,
            field,
        )
    b.initial_colour = (colour, number)


def _read_152(b: _Builder, line: str, number: int) -> None:
    value = _content(line).upper()
    if value not in ("W", "B"):
        raise _fail(f"expected W or B, found {value!r}", number, "initial colour")
    colour = Colour.WHITE if value == "W" else Colour.BLACK
    _set_initial_colour(b, colour, number, "initial colour")


def _read_xxc(b: _Builder, line: str, number: int) -> None:
    for token in _content(line).split():
        option = token.lower()
        if option == "rank":
            b.order_by_file_position = True
        elif option in ("white1", "black1"):
            colour = Colour.WHITE if option == "white1" else Colour.BLACK
            _set_initial_colour(b, colour, number, "XXC")
        else:
            raise _fail(f"unknown option {token!r} (rank, white1, black1)", number, "XXC")


def _set_scores(
    b: _Builder, names: tuple[str, ...], value: Fraction, number: int, family: str
) -> None:
    for name in names:
        b.scores[name] = value
        b.score_lines[name] = number
    if family != "XXS" and "win_white" in names:
        b.pab_follows_win = True


def _read_162(b: _Builder, line: str, number: int) -> None:
    text = line[4:]
    position = 0
    while text[position:].strip():
        match = _PAIR_162.match(text, position)
        symbol = match.group(1).upper() if match else ""
        if not match or symbol not in _SYMBOLS_162:
            raise _fail(
                f"expected symbol and points, found {text[position:].strip()!r}",
                number,
                "scoring system",
            )
        value = _fraction(match.group(2), number, "scoring system")
        _set_scores(b, _SYMBOLS_162[symbol], value, number, "162")
        position = match.end()


def _read_bb(b: _Builder, line: str, number: int) -> None:
    code = line[:3].upper()
    value = _points(_content(line), number, code)
    _set_scores(b, _SYMBOLS_BB[code], value, number, code)


def _read_xxs(b: _Builder, line: str, number: int) -> None:
    for token in _content(line).split():
        name, equals, value = token.partition("=")
        names = _SYMBOLS_XXS.get(name.upper())
        if not equals or names is None:
            raise _fail(f"expected CODE=points, found {token!r}", number, "XXS")
        _set_scores(b, names, _points(value, number, "XXS"), number, "XXS")


def _read_362(b: _Builder, line: str, number: int) -> None:
    text = line[4:]
    position = 0
    while text[position:].strip():
        match = _PAIR_362.match(text, position)
        if not match:
            raise _fail(
                f"expected TW, TD or TL and points, found {text[position:].strip()!r}",
                number,
                "match scoring",
            )
        b.match_scoring[match.group(1).upper()] = _fraction(match.group(2), number, "match scoring")
        position = match.end()


def _read_tiebreaks(b: _Builder, line: str, number: int) -> None:
    codes = tuple(c.strip() for c in _content(line).split(","))
    if any(not c for c in codes):
        raise _fail("empty tie-break code", number, f"record {line[:3]}")
    if line[:3] == "202":
        b.tiebreaks_202 = (codes, number)
    else:
        b.tiebreaks_212 = (codes, number)


def _read_xxa(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if not tokens:
        raise _fail("missing player id", number, "XXA")
    rank = _id(tokens[0], number, "XXA")
    points = tuple(_points(t, number, "XXA") for t in tokens[1:])
    b.virtual_points.append((VirtualPoints(rank, points), number))


def _read_xxp(b: _Builder, line: str, number: int) -> None:
    ranks = _ids(_content(line).split(), number, "XXP")
    if len(ranks) < 2:
        raise _fail("at least two ids are needed", number, "XXP")
    b.forbidden.append((ForbiddenPairing(ranks), number))


def _read_260(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if len(tokens) < 4:
        raise _fail("expected first round, last round and two ids", number, "record 260")
    first = _round_number(tokens[0], number, "record 260 first round")
    last = _round_number(tokens[1], number, "record 260 last round", minimum=first)
    ranks = _ids(tokens[2:], number, "record 260")
    b.forbidden.append((ForbiddenPairing(ranks, first, last), number))


_SOFT_KINDS = ("B", "L")


def _read_rkg(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if len(tokens) < 4 or tokens[1].upper() not in _SOFT_KINDS:
        raise _fail("expected round, kind (B or L) and at least two ids", number, "RKG")
    round_number = _round_number(tokens[0], number, "RKG round")
    ranks = _ids(tokens[2:], number, "RKG")
    b.soft_groups.append((SoftGroup(round_number, tokens[1].upper(), ranks), number))


def _read_rkr(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if len(tokens) < 2:
        raise _fail("expected round and ids", number, "RKR")
    round_number = _round_number(tokens[0], number, "RKR round")
    b.released.append((ReleasedPlayers(round_number, _ids(tokens[1:], number, "RKR")), number))


def _read_xxz(b: _Builder, line: str, number: int) -> None:
    b.absent.extend((rank, number) for rank in _ids(_content(line).split(), number, "XXZ"))


_BYE_KINDS = {
    "F": ResultCode.FULL_POINT_BYE,
    "H": ResultCode.HALF_POINT_BYE,
    "Z": ResultCode.ZERO_POINT_BYE,
}


def _read_240(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if len(tokens) < 3 or tokens[0].upper() not in _BYE_KINDS:
        raise _fail("expected bye type (F, H, Z), round and ids", number, "record 240")
    kind = _BYE_KINDS[tokens[0].upper()]
    round_number = _round_number(tokens[1], number, "record 240 round")
    b.byes.append(
        (ByeAssignment(kind, round_number, _ids(tokens[2:], number, "record 240")), number)
    )


def _read_250(b: _Builder, line: str, number: int) -> None:
    padded = line.ljust(31)
    if len(line.rstrip()) > 31:
        raise _fail("unexpected text after column 31", number, "record 250")
    first_round = _round_number(padded[14:17], number, "record 250 first round")
    b.accelerated.append(
        AcceleratedRounds(
            first_round=first_round,
            last_round=_round_number(
                padded[18:21], number, "record 250 last round", minimum=first_round
            ),
            first_id=_id(padded[22:26], number, "record 250 first id"),
            last_id=_id(padded[27:31], number, "record 250 last id"),
            game_points=_points(padded[9:13], number, "record 250 points"),
            match_points=_optional_points(padded[4:8], number, "record 250 match points"),
        )
    )


def _read_013(b: _Builder, line: str, number: int) -> None:
    # 013 has no team number: teams are numbered in file order.
    members = _ids(line[36:].split(), number, "record 013 players")
    _add_team(b, Team(number=len(b.teams) + 1, name=line[4:36].strip(), members=members), number)


def _add_team(b: _Builder, team: Team, number: int) -> None:
    for other, other_line in b.teams:
        if other.number == team.number:
            raise _fail(
                f"team {team.number} was already given on line {other_line}", number, "team number"
            )
    b.teams.append((team, number))


def _read_310(b: _Builder, line: str, number: int) -> None:
    padded = line.ljust(72)
    team = Team(
        number=_int(padded[4:7], number, "team number", minimum=1, maximum=MAX_ID),
        name=padded[8:40].strip(),
        nickname=padded[41:46].strip(),
        strength_factor=_optional_points(padded[47:53], number, "strength factor"),
        match_points=_optional_points(padded[54:60], number, "match points"),
        game_points=_optional_points(padded[61:67], number, "game points"),
        rank=_optional_int(padded[68:71], number, "team rank", maximum=MAX_ID),
        members=_ids(padded[72:].split(), number, "team players"),
    )
    _add_team(b, team, number)


def _read_300(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if len(tokens) < 4:
        raise _fail("expected round, team, opponent and boards", number, "record 300")
    b.lineups.append(
        TeamLineup(
            round=_round_number(tokens[0], number, "record 300 round"),
            team=_int(tokens[1], number, "record 300 team", minimum=1, maximum=MAX_ID),
            opponent=_int(tokens[2], number, "record 300 opponent", maximum=MAX_ID),
            boards=tuple(
                _int(t, number, "record 300 board", maximum=MAX_ID) or None for t in tokens[3:]
            ),
        )
    )
    b.lineup_lines.append(number)


def _read_320(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    if len(tokens) < 2:
        raise _fail("expected PAB match points and game points", number, "record 320")
    if b.team_pab is not None:
        b.extra.append(line.rstrip())
        return
    b.team_pab = TeamPab(
        match_points=_points(tokens[0], number, "record 320 match points"),
        game_points=_points(tokens[1], number, "record 320 game points"),
        teams=tuple(_int(t, number, "record 320 team", maximum=MAX_ID) or None for t in tokens[2:]),
    )


def _read_330(b: _Builder, line: str, number: int) -> None:
    tokens = _content(line).split()
    kinds = {k.value: k for k in MatchForfeit}
    if len(tokens) != 4 or tokens[0] not in kinds:
        raise _fail("expected +-, -+ or --, round and two teams", number, "record 330")
    b.forfeited.append(
        ForfeitedMatch(
            kind=kinds[tokens[0]],
            round=_round_number(tokens[1], number, "record 330 round"),
            white_team=_int(tokens[2], number, "record 330 team", minimum=1, maximum=MAX_ID),
            black_team=_int(tokens[3], number, "record 330 team", minimum=1, maximum=MAX_ID),
        )
    )


_Handler = Callable[[_Builder, str, int], None]
_HANDLERS: dict[str, _Handler] = {
    "001": _read_player,
    **dict.fromkeys((*_TEXT_HEADERS, *_COUNT_HEADERS, *_DATE_HEADERS), _read_header),
    "112": _read_header,
    "132": _read_header,
    "142": _read_planned_rounds,
    "XXR": _read_planned_rounds,
    "152": _read_152,
    "XXC": _read_xxc,
    "162": _read_162,
    **dict.fromkeys(_SYMBOLS_BB, _read_bb),
    "XXS": _read_xxs,
    "362": _read_362,
    "202": _read_tiebreaks,
    "212": _read_tiebreaks,
    "XXA": _read_xxa,
    "XXP": _read_xxp,
    "260": _read_260,
    "XXZ": _read_xxz,
    "RKG": _read_rkg,
    "RKR": _read_rkr,
    "240": _read_240,
    "250": _read_250,
    "013": _read_013,
    "310": _read_310,
    "300": _read_300,
    "320": _read_320,
    "330": _read_330,
}


def _scoring(b: _Builder) -> ScoringSystem:
    s = b.scores
    for pair in (_WIN, _DRAW, _LOSS):
        white, black = (s.get(name) for name in pair)
        if white is not None and black is not None and white != black:
            line = max(b.score_lines[pair[0]], b.score_lines[pair[1]])
            raise _fail(
                "different points for White and Black are not supported", line, "scoring system"
            )
    std = STANDARD_SCORING
    win = s.get("win_white", s.get("win_black", std.win))
    draw = s.get("draw_white", s.get("draw_black", std.draw))
    system = ScoringSystem(
        win=win,
        draw=draw,
        loss=s.get("loss_white", s.get("loss_black", std.loss)),
        forfeit_win=s.get("forfeit_win", std.forfeit_win),
        forfeit_loss=s.get("forfeit_loss", std.forfeit_loss),
        pairing_allocated_bye=s.get(
            "pairing_allocated_bye", win if b.pab_follows_win else std.pairing_allocated_bye
        ),
        half_point_bye=s.get("half_point_bye", std.half_point_bye),
        full_point_bye=s.get("full_point_bye", std.full_point_bye),
        zero_point_bye=s.get("zero_point_bye", std.zero_point_bye),
    )
    # TRF26's X (adjourned or unknown result) has no result code in the player lines;
    # only its default, the draw value, is representable.
    unknown = s.get("unknown_result")
    if unknown is not None and unknown != system.draw:
        raise _fail(
            "points for an unknown result other than a draw's are not supported",
            b.score_lines["unknown_result"],
            "scoring system",
        )
    return system


def _tiebreaks(b: _Builder) -> tuple[str, tuple[str, ...]]:
    from_202 = b.tiebreaks_202
    from_212 = b.tiebreaks_212
    if from_212 is None:
        return "PTS", from_202[0] if from_202 else ()
    codes, line = from_212
    if from_202 is not None and codes[1:] != from_202[0]:
        raise _fail(f"the list differs from the 202 list on line {from_202[1]}", line, "record 212")
    return codes[0], codes[1:]


_BAKU = "BAKU"
"""The word of a 192 code that names Baku acceleration (ETT26: ``FIDE_DUTCH_2025_BAKU``)."""


def system_code_split(code: str) -> tuple[str, bool]:
    """Record 192 as a record keeps it: the system's code without the word that names Baku
    acceleration (C.04.7), and whether the code had it. Words are separated by ``_``.

    >>> system_code_split("FIDE_DUTCH_2025_BAKU"), system_code_split("FIDE_BURSTEIN")
    (('FIDE_DUTCH_2025', True), ('FIDE_BURSTEIN', False))
    """
    words = code.split("_")
    kept = [word for word in words if word.upper() != _BAKU]
    return "_".join(kept), len(kept) != len(words)


def system_code(system: str, acceleration: Acceleration) -> str:
    """Record 192 as written: the system's code, followed by ``_BAKU`` under Baku
    acceleration. A code that names the acceleration already is taken for its system.

    >>> system_code("FIDE_BURSTEIN", Acceleration.BAKU), system_code("", Acceleration.BAKU)
    ('FIDE_BURSTEIN_BAKU', 'BAKU')
    >>> system_code("FIDE_DUTCH_BAKU", Acceleration.NONE)
    'FIDE_DUTCH'
    """
    plain, _ = system_code_split(system)
    if acceleration is not Acceleration.BAKU:
        return plain
    return f"{plain}_{_BAKU}" if plain else _BAKU


def _acceleration(b: _Builder, baku: bool) -> Acceleration:
    """Baku when the 192 code names it, else manual when the file gives virtual points."""
    if baku:
        return Acceleration.BAKU
    if b.virtual_points or b.accelerated:
        return Acceleration.MANUAL
    return Acceleration.NONE


def _finish(b: _Builder) -> Record:
    """Build the record and run the whole-file checks.

    Raises the first error found, by line order for line errors and then by check.
    """
    if b.errors:
        raise _Collected(b.errors)
    if not b.players:
        # An empty file, a picture or a spreadsheet would otherwise read as an event of no
        # one; a tournament file lists its players.
        raise _fail("no player line (001): this is not a tournament file", b.last_line, "players")
    ranks = b.player_lines
    scoring = _scoring(b)
    standings_score, tiebreaks = _tiebreaks(b)
    by_rank = {p.rank: p for p in b.players}
    b.errors.extend(_game_errors(b.players, by_rank, ranks))
    system, baku = system_code_split(str(b.event.get("system", "")))
    b.event["system"] = system
    record = Record(
        players=tuple(b.players),
        event=Event(**b.event, deputy_arbiters=tuple(b.deputies)),  # type: ignore[arg-type]
        system=system_for_code(system) if system else "",
        team_rules=team_rules_for_code(system),
        planned_rounds=b.planned_rounds[0] if b.planned_rounds else None,
        initial_colour=b.initial_colour[0] if b.initial_colour else None,
        order_by_file_position=b.order_by_file_position,
        scoring=scoring,
        acceleration=_acceleration(b, baku),
        match_scoring=MatchScoring(
            win=b.match_scoring.get("TW", Fraction(2)),
            draw=b.match_scoring.get("TD", Fraction(1)),
            loss=b.match_scoring.get("TL", Fraction(0)),
        ),
        virtual_points=tuple(v for v, _ in b.virtual_points),
        accelerated_rounds=tuple(b.accelerated),
        forbidden_pairings=tuple(f for f, _ in b.forbidden),
        bye_assignments=tuple(a for a, _ in b.byes),
        absent_next_round=tuple(rank for rank, _ in b.absent),
        soft_groups=tuple(g for g, _ in b.soft_groups),
        released=tuple(r for r, _ in b.released),
        standings_score=standings_score,
        tiebreaks=tiebreaks,
        teams=tuple(t for t, _ in b.teams),
        lineups=tuple(b.lineups),
        team_pab=b.team_pab,
        forfeited_matches=tuple(b.forfeited),
        extra_lines=tuple(b.extra),
    )
    b.errors.extend(_reference_errors(b, record))
    b.errors.extend(_points_errors(record, ranks))
    b.errors.extend(_round_count_errors(b, record))
    b.errors.extend(_board_count_errors(b, record))
    if b.errors:
        if b.collect:
            raise _Collected(b.errors)
        raise b.errors[0]
    return record


def _game_errors(
    players: list[Player], by_rank: dict[int, Player], lines: dict[int, int]
) -> Iterator[TrfError]:
    """Both sides of every game must name each other, with opposite colours and results."""
    for p in players:
        line = lines[p.rank]
        for number, entry in enumerate(p.rounds, start=1):
            if entry.opponent is None:
                continue
            where = f"round {number}"
            other = by_rank.get(entry.opponent)
            if other is None:
                yield _fail(f"opponent {entry.opponent} does not exist", line, f"{where} opponent")
                continue
            mirror = other.entry(number)
            other_line = lines[other.rank]
            if mirror.opponent == p.rank and other_line < line:
                continue  # the game was checked from the other side already
            if mirror.opponent != p.rank:
                says = "no opponent" if mirror.opponent is None else f"opponent {mirror.opponent}"
                yield _fail(
                    f"player {p.rank} plays {other.rank}, but line {other_line} gives "
                    f"player {other.rank} {says}",
                    line,
                    f"{where} opponent",
                )
                continue
            if mirror.colour is not entry.colour.opposite:
                yield _fail(
                    f"player {p.rank} has colour {entry.colour.value!r} against {other.rank}, "
                    f"who has {mirror.colour.value!r} on line {other_line}",
                    line,
                    f"{where} colour",
                )
            double_forfeit = entry.result is mirror.result is ResultCode.FORFEIT_LOSS
            if mirror.result is not entry.result.counterpart and not double_forfeit:
                yield _fail(
                    f"player {p.rank} has result {entry.result.value!r} against {other.rank}, "
                    f"who has {mirror.result.value!r} on line {other_line}",
                    line,
                    f"{where} result",
                )


def _reference_errors(b: _Builder, record: Record) -> Iterator[TrfError]:
    """Ids named by the other records must be players of the file."""
    references: list[tuple[Iterable[int], int, str]] = []
    references.extend(((v.rank,), line, "XXA") for v, line in b.virtual_points)
    references.extend(((rank,), line, "XXZ") for rank, line in b.absent)
    references.extend((bye.ranks, line, "record 240") for bye, line in b.byes)
    references.extend((team.members, line, "team players") for team, line in b.teams)
    if not record.teams:
        # In team events 260 names teams, not players.
        references.extend(
            (f.ranks, line, "XXP" if f.first_round is None else "record 260")
            for f, line in b.forbidden
        )
        references.extend((g.ranks, line, "RKG") for g, line in b.soft_groups)
        references.extend((r.ranks, line, "RKR") for r, line in b.released)
    for ranks, line, where in references:
        for rank in ranks:
            if not record.has_player(rank):
                yield _fail(f"id {rank} does not exist", line, where)


def _points_errors(record: Record, lines: dict[int, int]) -> Iterator[TrfError]:
    """The points column must be the score under the scoring system.

    Byes for the round still to be paired may already sit in the round columns; a file
    may count them or not, so either total is accepted.
    """
    played = record.rounds_played
    for p in record.players:
        if p.points is None:
            continue
        everything = p.score_after(None, record.scoring)
        if p.points == everything:
            continue
        if len(p.rounds) > played and p.points == p.score_after(played, record.scoring):
            continue
        yield _fail(
            f"player {p.rank} has {_format_points(p.points)} points, but the results give "
            f"{_format_points(everything)} under the scoring system",
            lines[p.rank],
            "points",
        )


def _round_count_errors(b: _Builder, record: Record) -> Iterator[TrfError]:
    if b.planned_rounds is None:
        return
    planned, line = b.planned_rounds
    if record.rounds_played > planned:
        yield _fail(
            f"{planned} rounds planned, but round {record.rounds_played} was paired",
            line,
            "planned rounds",
        )


def _board_count_errors(b: _Builder, record: Record) -> Iterator[TrfError]:
    """Every match of a team file is played on one number of boards (C.04.6 1.1): the
    board-colour sequence's (352) when given, else the first match's. A match that
    disagrees is named at its first line-up (300) of that length, else at the line of its
    first player; only the first such match is reported."""
    matches = match_boards(record) if record.teams else ()
    colours = record.event.board_colours
    if colours:
        boards = len(colours)
        reference = f"the board colours (352, line {b.header_lines['board_colours']}) give {boards}"
    elif matches:
        first = matches[0]
        boards = first.boards
        reference = (
            f"the match of teams {first.teams[0]} and {first.teams[1]} in round {first.round} "
            f"(line {_match_line(b, first)}) has {boards}"
        )
    else:
        return
    for m in matches:
        if m.boards == boards:
            continue
        yield _fail(
            f"the match of teams {m.teams[0]} and {m.teams[1]} in round {m.round} is played on "
            f"{m.boards} boards, but {reference}; every match has the same number of boards",
            _match_line(b, m),
            "boards per match",
        )
        return


def _match_line(b: _Builder, match: MatchBoards) -> int:
    """The line that shows how many boards `match` has: its longest line-up (300) when that
    sets the number, else the first line of its players."""
    for index in match.lineups:
        if len(b.lineups[index].boards) == match.boards:
            return b.lineup_lines[index]
    return min(b.player_lines[rank] for rank in match.players)


# ---------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------


def write(record: Record, dialect: Dialect = "trf26") -> str:
    """Render ``record`` as TRF text in ``dialect``; lines end with CR (as TRF requires).

    Text from people (names, the event's header lines) never breaks its line: a control
    character is written as a space. A name, title, federation or team name longer than
    its columns is cut to them (a name to 33 characters, TRF26 001 columns 15-47), and
    reads back cut. Raises ``ValueError`` when a number does not fit its columns (points
    that are not a finite decimal, a rating over four digits, ...).
    """
    if dialect not in ("trf16", "trf26"):
        raise ValueError(f"unknown dialect {dialect!r}")
    lines: list[str] = []
    lines.extend(_event_lines(record))
    lines.extend(_player_line(p) for p in record.players)
    lines.extend(_settings_lines(record, dialect))
    lines.extend(_team_lines(record, dialect))
    lines.extend(one_line(line) for line in record.extra_lines)
    return "".join(line.rstrip() + "\r" for line in lines)


def _format_points(value: Fraction) -> str:
    """Exact decimal form with at least one decimal place (``2.5``, ``3.0``, ``0.25``)."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    places = 1
    while (value * 10**places).denominator != 1:
        places += 1
        if places > 6:
            raise ValueError(f"{value} has no short decimal form")
    scaled = value * 10**places
    digits = str(scaled.numerator).rjust(places + 1, "0")
    whole, decimals = digits[:-places], digits[-places:]
    if len(decimals) > 1:
        decimals = decimals.rstrip("0") or "0"
    return f"{sign}{whole}.{decimals}"


def _cut(text: str, width: int) -> str:
    """Text from people in a fixed-width field: on one line, cut to the field's width."""
    return one_line(text)[:width]


def _fit(text: str, width: int, what: str) -> str:
    if len(text) > width:
        raise ValueError(f"{what} {text!r} is longer than {width} characters")
    return text


def _date(value: datetime.date) -> str:
    return f"{value.year:04d}/{value.month:02d}/{value.day:02d}"


def _event_lines(record: Record) -> list[str]:
    event = record.event
    lines: list[str] = []
    texts = {field_name: code for code, field_name in _TEXT_HEADERS.items()}
    simple: list[tuple[str, object]] = [
        ("012", event.name),
        ("022", event.city),
        ("032", event.federation),
        ("042", _date(event.start_date) if event.start_date else ""),
        ("052", _date(event.end_date) if event.end_date else ""),
        ("062", event.player_count),
        ("072", event.rated_player_count),
        ("082", event.team_count),
        ("092", event.tournament_type),
        ("102", event.chief_arbiter),
    ]
    # Header texts run to the end of the line: any length, but on one line.
    lines.extend(f"{code} {one_line(str(v))}" for code, v in simple if v not in ("", None))
    lines.extend(f"112 {one_line(deputy)}" for deputy in event.deputy_arbiters)
    if event.time_control:
        lines.append(f"122 {one_line(event.time_control)}")
    if event.round_dates:
        # Round r's date starts at column 92 + 10(r-1); 8 columns for YY/MM/DD.
        dates = "".join(f"{_round_date(d):<10}" for d in event.round_dates)
        lines.append("132" + " " * 88 + dates)
    for name in ("starting_rank_method", "pairing_controller", "system"):
        value = getattr(event, name)
        if name == "system":
            own = value or code_for(record.system, record.team_rules)
            value = system_code(own, record.acceleration)
        if value:
            lines.append(f"{texts[name]} {one_line(value)}")
    if event.encoded_time_control:
        lines.append(f"222 {one_line(event.encoded_time_control)}")
    if event.board_colours:
        lines.append(f"352 {one_line(event.board_colours)}")
    return lines


def _round_date(value: datetime.date | None) -> str:
    if value is None:
        return ""
    if 1970 <= value.year <= 2069:
        return f"{value.year % 100:02d}/{value.month:02d}/{value.day:02d}"
    # Outside the two-digit window the full year is written; it fills the whole slot.
    return _date(value)


def _optional(value: int | None, width: int, what: str) -> str:
    return "" if value is None else _fit(str(value), width, what)


def _player_line(p: Player) -> str:
    points = "" if p.points is None else _format_points(p.points)
    head = (
        f"001 {_fit(str(p.rank), 4, 'starting rank'):>4} "
        f"{p.sex.value if p.sex else ' '}{_cut(p.title, 3):<3} "
        f"{_cut(p.name, 33):<33} "
        f"{_optional(p.rating, 4, 'rating'):>4} "
        f"{_cut(p.federation, 3):<3} "
        f"{_optional(p.fide_id, 11, 'FIDE id'):>11} "
        f"{_fit(p.birth_date or '', 10, 'birth date'):<10}"
        f"{_fit(points, 5, 'points'):>5} "
        f"{_optional(p.final_rank, 4, 'rank'):>4}"
    )
    blocks = "".join(_round_block(e) for e in p.rounds)
    return head + blocks


def _round_block(e: RoundEntry) -> str:
    if e == RoundEntry():
        # A round the player was not part of at all (a late entry, say) stays blank.
        return " " * 10
    return (
        f"  {_optional(e.opponent, 4, 'opponent') or '0000':>4} {e.colour.value} {e.result.value}"
    )


def _scoring_lines(scoring: ScoringSystem, dialect: Dialect) -> list[str]:
    """Scoring lines that give back exactly ``scoring`` whatever the reader's defaults.

    TRF26 gets 162; both dialects get the bbpPairings ``BB?`` lines (it needs the real
    values to check the scores); ``XXS`` comes last, so its values win: in TRF16 it
    carries everything, in TRF26 only what 162 and ``BB?`` cannot say.
    """
    if scoring == STANDARD_SCORING:
        return []
    s = scoring
    lines = []
    if dialect == "trf26":
        symbols = (
            ("W", s.win),
            ("D", s.draw),
            ("L", s.loss),
            ("A", s.zero_point_bye),
            ("P", s.pairing_allocated_bye),
        )
        # Symbol at column 6 + 9k, its points in the four columns after it.
        lines.append("162 " + "   ".join(f" {sym}{_format_points(v):>4}" for sym, v in symbols))
    bb = (
        ("BBW", s.win),
        ("BBD", s.draw),
        ("BBL", s.loss),
        ("BBZ", s.zero_point_bye),
        ("BBF", s.forfeit_loss),
        ("BBU", s.pairing_allocated_bye),
    )
    lines.extend(f"{code} {_format_points(v):>4}" for code, v in bb)
    xxs = [
        ("WW", s.win, True),
        ("BW", s.win, True),
        ("WD", s.draw, True),
        ("BD", s.draw, True),
        ("WL", s.loss, True),
        ("BL", s.loss, True),
        ("FL", s.forfeit_loss, True),
        ("PAB", s.pairing_allocated_bye, True),
        ("ZPB", s.zero_point_bye, True),
        ("FW", s.forfeit_win, s.forfeit_win != s.win),
        ("FPB", s.full_point_bye, s.full_point_bye != s.win),
        ("HPB", s.half_point_bye, s.half_point_bye != s.draw),
    ]
    pairs = [
        f"{code}={_format_points(v)}"
        for code, v, needed in xxs
        if dialect == "trf16" or (needed and code in ("FW", "FPB", "HPB"))
    ]
    if pairs:
        lines.append("XXS " + " ".join(pairs))
    return lines


def _settings_lines(record: Record, dialect: Dialect) -> list[str]:
    lines: list[str] = []
    trf16 = dialect == "trf16"
    if record.planned_rounds is not None:
        lines.append(f"{'XXR' if trf16 else '142'} {record.planned_rounds}")
    options = ["rank"] if record.order_by_file_position else []
    if record.initial_colour is Colour.WHITE or record.initial_colour is Colour.BLACK:
        if trf16:
            options.append(f"{record.initial_colour.name.lower()}1")
        else:
            lines.append(f"152 {record.initial_colour.name[0]}")
    if options:
        lines.append("XXC " + " ".join(options))
    lines.extend(_scoring_lines(record.scoring, dialect))
    if record.match_scoring != MatchScoring():
        m = record.match_scoring
        lines.append(
            f"362 TW {_format_points(m.win)} TD {_format_points(m.draw)} "
            f"TL {_format_points(m.loss)}"
        )
    if record.tiebreaks or record.standings_score != "PTS":
        if trf16 and record.standings_score == "PTS":
            lines.append("202 " + ",".join(record.tiebreaks))
        else:
            lines.append("212 " + ",".join((record.standings_score, *record.tiebreaks)))
    for v in record.virtual_points:
        points = "".join(f" {_format_points(x):>4}" for x in v.points)
        lines.append(f"XXA {v.rank:>4}{points}")
    for a in record.accelerated_rounds:
        mp = "" if a.match_points is None else _format_points(a.match_points)
        lines.append(
            f"250 {mp:>4} {_format_points(a.game_points):>4} {a.first_round:03d} "
            f"{a.last_round:03d} {a.first_id:04d} {a.last_id:04d}"
        )
    for f in record.forbidden_pairings:
        ids = "".join(f" {rank:>4}" for rank in f.ranks)
        if f.first_round is None or f.last_round is None:
            lines.append(f"XXP{ids}")
        else:
            lines.append(f"260 {f.first_round:03d} {f.last_round:03d}{ids}")
    for bye in record.bye_assignments:
        ids = "".join(f" {rank:>4}" for rank in bye.ranks)
        lines.append(f"240 {bye.kind.value} {bye.round:03d}{ids}")
    if record.absent_next_round:
        lines.append("XXZ" + "".join(f" {rank:>4}" for rank in record.absent_next_round))
    for g in record.soft_groups:
        lines.append(f"RKG {g.round:>3} {g.kind}" + "".join(f" {rank:>4}" for rank in g.ranks))
    for r in record.released:
        lines.append(f"RKR {r.round:>3}" + "".join(f" {rank:>4}" for rank in r.ranks))
    return lines


def _team_lines(record: Record, dialect: Dialect) -> list[str]:
    lines: list[str] = []
    # 013 carries only a name and the players; anything more needs 310.
    old_style = dialect == "trf16" and all(
        t == Team(number=index, name=t.name, members=t.members)
        for index, t in enumerate(record.teams, start=1)
    )
    for t in record.teams:
        members = "".join(f" {rank:>4}" for rank in t.members)
        if old_style:
            # The first player sits right after the name, at columns 37-40.
            lines.append(f"013 {_cut(t.name, 32):<32}{members[1:]}")
            continue
        lines.append(
            f"310 {_fit(str(t.number), 3, 'team number'):>3} "
            f"{_cut(t.name, 32):<32} "
            f"{_cut(t.nickname, 5):<5} "
            f"{_fit(_strength(t.strength_factor), 6, 'strength factor'):>6} "
            f"{_fit(_optional_decimal(t.match_points), 6, 'match points'):>6} "
            f"{_fit(_optional_decimal(t.game_points), 6, 'game points'):>6} "
            f"{_optional(t.rank, 3, 'team rank'):>3}"
            f" {members}"
        )
    for lineup in record.lineups:
        boards = "".join(f" {rank or 0:>4}" for rank in lineup.boards)
        lines.append(f"300 {lineup.round:03d} {lineup.team:03d} {lineup.opponent:03d}{boards}")
    if record.team_pab is not None:
        pab = record.team_pab
        teams = "".join(f" {team or 0:03d}" for team in pab.teams)
        lines.append(
            f"320 {_format_points(pab.match_points):>4} {_format_points(pab.game_points):>4}{teams}"
        )
    for m in record.forfeited_matches:
        lines.append(f"330 {m.kind.value} {m.round:03d} {m.white_team:03d} {m.black_team:03d}")
    return lines


def _strength(value: Fraction | None) -> str:
    """The strength factor is usually a whole rating average, written without decimals."""
    if value is not None and value.denominator == 1:
        return str(value.numerator)
    return _optional_decimal(value)


def _optional_decimal(value: Fraction | None) -> str:
    return "" if value is None else _format_points(value)
