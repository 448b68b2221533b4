"""Every C.07 (2026) tie-break, and the registry from stored code to implementation.

Each tie-break is a ``Definition``: either a *value* tie-break (one value per participant,
types B, C, D and their combinations) or a *split* tie-break (type A: DE, EDE), which
separates a tied group.  ``TIEBREAKS[code]`` parses any spelling of a code (``"BH-C1"``,
``"BH/C1"``, ``"BH:GP/C1/P"``) and returns the bound ``TieBreak``.

Values are exact: ``Fraction`` or ``int``; ``None`` where the regulation gives no value
(ARO-C1 of a player with one game, TPR without games).  Rating tie-breaks return whole
ratings, rounded as C.07 10 says.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from chesscore.tiebreaks.basis import Compute
from chesscore.tiebreaks.basis import Split
from chesscore.tiebreaks.basis import Value
from chesscore.tiebreaks.basis import Values
from chesscore.tiebreaks.boards import board_count
from chesscore.tiebreaks.boards import bottom_board_elimination
from chesscore.tiebreaks.boards import top_board_results
from chesscore.tiebreaks.codes import MAX_CODE_LENGTH
from chesscore.tiebreaks.codes import InvalidTieBreakCode
from chesscore.tiebreaks.codes import TieBreakCode
from chesscore.tiebreaks.codes import parse_code
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.opponents import average_of_opponents_buchholz
from chesscore.tiebreaks.opponents import buchholz
from chesscore.tiebreaks.opponents import extended_sonneborn_berger
from chesscore.tiebreaks.opponents import fore_buchholz
from chesscore.tiebreaks.opponents import koya
from chesscore.tiebreaks.opponents import schedule_strength
from chesscore.tiebreaks.opponents import sonneborn_berger
from chesscore.tiebreaks.own import black_games
from chesscore.tiebreaks.own import black_wins
from chesscore.tiebreaks.own import games_won
from chesscore.tiebreaks.own import match_or_game_points
from chesscore.tiebreaks.own import pairing_number
from chesscore.tiebreaks.own import points
from chesscore.tiebreaks.own import progressive
from chesscore.tiebreaks.own import rounds_elected
from chesscore.tiebreaks.own import standard_points
from chesscore.tiebreaks.own import wins
from chesscore.tiebreaks.performance import average_perfect_performance_of_opponents
from chesscore.tiebreaks.performance import average_performance_of_opponents
from chesscore.tiebreaks.performance import average_rating_of_opponents
from chesscore.tiebreaks.performance import perfect
from chesscore.tiebreaks.performance import performance
from chesscore.tiebreaks.performance import rating
from chesscore.tiebreaks.section import Track
from chesscore.tiebreaks.splits import FOLLOW_UPS
from chesscore.tiebreaks.splits import direct_encounter_split
from chesscore.tiebreaks.splits import extended_direct_encounter_split

__all__ = [
    "MAX_TIEBREAKS",
    "TIEBREAKS",
    "Definition",
    "Scope",
    "TieBreak",
    "Value",
    "Values",
    "definition_of",
    "tiebreak_list_check",
]


class Scope:
    INDIVIDUAL = "individual"
    TEAM = "team"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Definition:
    """A C.07 tie-break: its acronym, article, and how it is computed."""

    acronym: str
    name: str
    article: str
    compute: Compute | None = None
    split: Split | None = None
    modifiers: str = ""
    """Letters of the modifiers it takes: C, M, L, K, P, F, R, U; S for ``:MP``/``:GP``."""
    lower_is_better: bool = False
    rating: bool = False
    """Art. 10: dropped when unrated players are present and no rating is given for them."""
    scope: str = Scope.BOTH


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A definition bound to a parsed code: what the registry returns."""

    code: TieBreakCode
    definition: Definition

    @property
    def is_split(self) -> bool:
        return self.definition.split is not None

    @property
    def lower_is_better(self) -> bool:
        return self.definition.lower_is_better != self.code.reverse

    def values(self, ctx: Context) -> Values:
        """Values per participant (value tie-breaks only)."""
        assert self.definition.compute is not None
        return self.definition.compute(ctx, self.code)

    def split(self, ctx: Context, group: Sequence[int]) -> list[list[int]]:
        """Parts of ``group``, best first (type A tie-breaks only)."""
        assert self.definition.split is not None
        return self.definition.split(ctx, self.code, group)


# -- the registry ----------------------------------------------------------------------------

_I, _T = Scope.INDIVIDUAL, Scope.TEAM
_DEFINITIONS = (
    Definition("PTS", "Points", "2", points),
    Definition("MPTS", "Match points", "11", points, scope=_T),
    Definition("GPTS", "Game points", "11", points, scope=_T),
    Definition("DE", "Direct encounter", "6", split=direct_encounter_split, modifiers="PS"),
    Definition("WIN", "Number of wins", "7.1", wins),
    Definition("WON", "Number of games won", "7.2", games_won, modifiers="P"),
    Definition("BPG", "Games played with Black", "7.3", black_games, modifiers="P"),
    Definition("BWG", "Games won with Black", "7.4", black_wins, modifiers="P"),
    Definition("PS", "Progressive scores", "7.5", progressive, modifiers="CMS"),
    Definition("REP", "Rounds one elected to play", "7.6", rounds_elected),
    Definition("STD", "Standard points", "7.7", standard_points, modifiers="S"),
    Definition(
        "TPN",
        "Tournament pairing number",
        "7.8",
        pairing_number,
        modifiers="R",
        lower_is_better=True,
    ),
    Definition("BH", "Buchholz", "8.1", buchholz, modifiers="CMPFS"),
    Definition(
        "AOB",
        "Average of opponents' Buchholz",
        "8.2",
        average_of_opponents_buchholz,
        modifiers="CMPFS",
    ),
    Definition("FB", "Fore Buchholz", "8.3", fore_buchholz, modifiers="CMPS"),
    Definition("SB", "Sonneborn-Berger", "9.1", sonneborn_berger, modifiers="CMPFS"),
    Definition("KS", "Koya system", "9.2", koya, modifiers="LPS"),
    Definition(
        "ARO",
        "Average rating of opponents",
        "10.1",
        average_rating_of_opponents,
        modifiers="CMU",
        rating=True,
        scope=_I,
    ),
    Definition(
        "TPR",
        "Tournament performance rating",
        "10.2",
        performance,
        modifiers="U",
        rating=True,
        scope=_I,
    ),
    Definition(
        "PTP",
        "Perfect tournament performance",
        "10.3",
        perfect,
        modifiers="U",
        rating=True,
        scope=_I,
    ),
    Definition(
        "APRO",
        "Average performance rating of opponents",
        "10.4",
        average_performance_of_opponents,
        modifiers="U",
        rating=True,
        scope=_I,
    ),
    Definition(
        "APPO",
        "Average perfect performance of opponents",
        "10.5",
        average_perfect_performance_of_opponents,
        modifiers="U",
        rating=True,
        scope=_I,
    ),
    Definition("RTNG", "Rating", "10.6", rating, modifiers="RU", rating=True, scope=_I),
    Definition("BC", "Board count", "12.1", board_count, lower_is_better=True, scope=_T),
    Definition("TBR", "Top board results", "12.2", top_board_results, scope=_T),
    Definition("BBE", "Bottom board elimination", "12.3", bottom_board_elimination, scope=_T),
    Definition("MPvGP", "Match points or game points", "13.1", match_or_game_points, scope=_T),
    Definition(
        "ESB",
        "Extended Sonneborn-Berger",
        "13.2",
        extended_sonneborn_berger(None, None),
        modifiers="CMPF",
        scope=_T,
    ),
    *(
        Definition(
            acronym,
            f"Extended Sonneborn-Berger {first.value} x {second.value}",
            article,
            extended_sonneborn_berger(first, second),
            modifiers="CMPF",
            scope=_T,
        )
        for acronym, article, first, second in (
            ("EMMSB", "13.2.1", Track.MP, Track.MP),
            ("EMGSB", "13.2.2", Track.MP, Track.GP),
            ("EGMSB", "13.2.3", Track.GP, Track.MP),
            ("EGGSB", "13.2.4", Track.GP, Track.GP),
        )
    ),
    *(
        Definition(
            acronym,
            "Extended direct encounter",
            "13.3",
            split=extended_direct_encounter_split,
            modifiers="P",
            scope=_T,
        )
        for acronym in FOLLOW_UPS
    ),
    Definition(
        "SSSC",
        "Scores and schedule strength combination",
        "13.4",
        schedule_strength,
        modifiers="KPF",
        scope=_T,
    ),
)
_BY_ACRONYM = {d.acronym: d for d in _DEFINITIONS}


def definition_of(code: TieBreakCode) -> Definition:
    """The definition for a parsed code; ``InvalidTieBreakCode`` when unknown or when a
    modifier does not apply to it."""
    definition = _BY_ACRONYM.get(code.acronym)
    if definition is None:
        raise InvalidTieBreakCode(str(code), f"unknown tie-break {code.acronym!r}")
    given = {
        "C": code.cut > 0,
        "M": code.median > 0,
        "L": code.limit is not None,
        "K": code.divisor is not None,
        "P": code.forfeits_played,
        "F": code.fore,
        "R": code.reverse,
        "U": code.unrated_rating is not None,
        "S": code.score is not None,
    }
    for letter, present in given.items():
        if present and letter not in definition.modifiers:
            raise InvalidTieBreakCode(str(code), f"{definition.acronym} takes no {letter}")
    return definition


# The longest list a section keeps: C.07 4 lists tie-breaks by the handful, and each one
# is computed on every page of standings.
MAX_TIEBREAKS = 12


def tiebreak_list_check(codes: Sequence[object]) -> tuple[TieBreakCode, ...]:
    """The parsed codes of a section's tie-break list, checked as a section may keep it
    (C.07 4): at most ``MAX_TIEBREAKS`` codes, each a code of this registry with modifiers
    it takes (at most ``MAX_CODE_LENGTH`` characters), none twice (``BH/C1`` is ``BH-C1``).

    Raises ``InvalidTieBreakCode`` naming the first code refused.

    >>> [str(c) for c in tiebreak_list_check(["BH/C1", "sb"])]
    ['BH-C1', 'SB']
    >>> tiebreak_list_check(["BH", "XYZ"])
    Traceback (most recent call last):
    ...
    chesscore.tiebreaks.codes.InvalidTieBreakCode: 'XYZ': unknown tie-break 'XYZ'
    """
    if len(codes) > MAX_TIEBREAKS:
        raise InvalidTieBreakCode(
            ", ".join(str(c) for c in codes[MAX_TIEBREAKS:])[:MAX_CODE_LENGTH],
            f"a section keeps at most {MAX_TIEBREAKS} tie-breaks, not {len(codes)}",
        )
    parsed: list[TieBreakCode] = []
    for text in codes:
        if not isinstance(text, str) or not text.strip():
            raise InvalidTieBreakCode(str(text), "a tie-break is a code such as BH-C1")
        code = parse_code(text)
        definition_of(code)
        if code in parsed:
            raise InvalidTieBreakCode(text, "listed twice")
        parsed.append(code)
    return tuple(parsed)


class _Registry(Mapping[str, TieBreak]):
    """``TIEBREAKS["BH-C1"]``: any spelling of a code to its bound tie-break.

    Iterating gives the acronyms; lookup parses the whole code, modifiers included.
    """

    def __getitem__(self, key: str) -> TieBreak:
        try:
            code = parse_code(key)
            return TieBreak(code, definition_of(code))
        except InvalidTieBreakCode as error:
            raise KeyError(key) from error

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_ACRONYM)

    def __len__(self) -> int:
        return len(_BY_ACRONYM)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        try:
            self[key]
        except KeyError:
            return False
        return True


TIEBREAKS: Mapping[str, TieBreak] = _Registry()
