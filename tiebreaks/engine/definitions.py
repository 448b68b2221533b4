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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tiebreaks.engine.codes import InvalidTieBreakCode, TieBreakCode, parse_code
from tiebreaks.engine.context import Context, Element, cut_elements
from tiebreaks.engine.encounter import direct_encounter, extended_direct_encounter
from tiebreaks.engine.ratings import (
    average_rating,
    perfect_performance,
    performance_rating,
    round_half_up,
)
from tiebreaks.engine.section import Entry, Outcome, Result, Track

__all__ = ["TIEBREAKS", "Definition", "Scope", "TieBreak", "Value", "definition_of"]

Value = Fraction | int | tuple[Fraction, ...] | None
Values = dict[int, Value]
Compute = Callable[[Context, TieBreakCode], Values]
Split = Callable[[Context, TieBreakCode, Sequence[int]], list[list[int]]]


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


# -- helpers ---------------------------------------------------------------------------------


def _track(ctx: Context, code: TieBreakCode) -> Track:
    if not ctx.section.team:
        return Track.POINTS
    return code.score or ctx.section.primary


def _numbers(ctx: Context) -> tuple[int, ...]:
    return ctx.section.numbers


def _sum_elements(
    ctx: Context,
    code: TieBreakCode,
    value_track: Track,
    own_track: Track,
    product: bool,
) -> Values:
    source = ctx.fore() if code.fore else ctx
    as_played = ctx.as_played(code.forfeits_played)

    def contribution(x: Element) -> Fraction:
        return x.value * x.own if product else x.value

    low, high = code.cut + code.median, code.median
    result: Values = {}
    for n in _numbers(ctx):
        kept = cut_elements(
            source.elements(n, value_track, own_track, as_played), low, high, contribution
        )
        result[n] = sum((contribution(x) for x in kept), Fraction(0))
    return result


# -- points and Art. 13.1 --------------------------------------------------------------------


def points(ctx: Context, code: TieBreakCode) -> Values:
    """PTS / MPTS / GPTS: the score itself (record 212 lists start with it)."""
    track = _track(ctx, code)
    if code.acronym == "MPTS":
        track = Track.MP if ctx.section.team else Track.POINTS
    elif code.acronym == "GPTS":
        track = Track.GP if ctx.section.team else Track.POINTS
    return dict(ctx.scores(track))


def match_or_game_points(ctx: Context, code: TieBreakCode) -> Values:
    """MPvGP (13.1): the secondary score, GP when MP decides and MP when GP does."""
    del code
    return dict(ctx.scores(ctx.section.secondary))


# -- Art. 7: the participant's own results ----------------------------------------------------


def _counting(predicate: Callable[[Context, TieBreakCode, Entry], bool]) -> Compute:
    def compute(ctx: Context, code: TieBreakCode) -> Values:
        return {
            c.number: sum(1 for e in c.entries if predicate(ctx, code, e))
            for c in ctx.section.competitors
        }

    return compute


def _played_for_own_record(ctx: Context, code: TieBreakCode, e: Entry) -> bool:
    """A game for Art. 7: forfeit wins count as games with pre-determined pairings, forfeit
    losses never do (15.2)."""
    if e.outcome is Outcome.GAME:
        return True
    return e.outcome is Outcome.FORFEIT_WIN and ctx.as_played(code.forfeits_played)


def _win_track(ctx: Context) -> Track:
    return Track.MP if ctx.section.team else Track.POINTS


wins = _counting(
    lambda ctx, code, e: e.score(_win_track(ctx)) >= ctx.section.win_points(_win_track(ctx))
)
wins.__doc__ = "WIN (7.1): rounds that earned a win's points, played or not."
games_won = _counting(
    lambda ctx, code, e: _played_for_own_record(ctx, code, e) and e.result is Result.WIN
)
games_won.__doc__ = "WON (7.2): games won over the board."
black_games = _counting(lambda ctx, code, e: _played_for_own_record(ctx, code, e) and e.black)
black_games.__doc__ = "BPG (7.3): games played with Black."
black_wins = _counting(
    lambda ctx, code, e: _played_for_own_record(ctx, code, e) and e.black and e.result is Result.WIN
)
black_wins.__doc__ = "BWG (7.4): games won with Black."


def rounds_elected(ctx: Context, code: TieBreakCode) -> Values:
    """REP (7.6): rounds minus half- and zero-point byes and forfeit losses.

    Rounds after a withdrawal and before a late entry are zero-point byes (16.1.1).
    """
    del code
    return {
        c.number: ctx.section.rounds
        - sum(
            1
            for e in c.entries
            if e.outcome in (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FORFEIT_LOSS)
        )
        for c in ctx.section.competitors
    }


def standard_points(ctx: Context, code: TieBreakCode) -> Values:
    """STD (7.7): 1 per round scored above the scheduled opponent (or above a draw's points
    without one), ½ per round level with them (or exactly a draw's points)."""
    track = _track(ctx, code)
    draw = ctx.section.draw_points(track)
    result: Values = {}
    for c in ctx.section.competitors:
        total = Fraction(0)
        for i, e in enumerate(c.entries):
            own = e.score(track)
            if e.opponent is not None and e.opponent in ctx.section:
                other = ctx.section.competitor(e.opponent).entries[i].score(track)
            else:
                other = draw
            total += 1 if own > other else Fraction(1, 2) if own == other else 0
        result[c.number] = total
    return result


def progressive(ctx: Context, code: TieBreakCode) -> Values:
    """PS (7.5): the sum of the running scores after each round.

    Cut-n drops the n earliest running scores (the least significant, 14.1), Median-n
    also the n latest.
    """
    track = _track(ctx, code)
    result: Values = {}
    for c in ctx.section.competitors:
        running, total = Fraction(0), []
        for e in c.entries:
            running += e.score(track)
            total.append(running)
        low, high = code.cut + code.median, code.median
        kept = total[low : len(total) - high] if low + high < len(total) else []
        result[c.number] = sum(kept, Fraction(0))
    return result


def pairing_number(ctx: Context, code: TieBreakCode) -> Values:
    """TPN (7.8): the pairing number, lower first (``/R`` for higher first)."""
    del code
    return {n: n for n in _numbers(ctx)}


# -- Art. 8-9 and 13.2: opponents' scores ----------------------------------------------------


def buchholz(ctx: Context, code: TieBreakCode) -> Values:
    """BH (8.1): sum of the opponents' scores, unplayed rounds by Art. 16.

    Cut/Median modifiers by 14 and 16.5; ``/F`` gives the Fore Buchholz.
    """
    track = _track(ctx, code)
    return _sum_elements(ctx, code, track, track, product=False)


def fore_buchholz(ctx: Context, code: TieBreakCode) -> Values:
    """FB (8.3): Buchholz as though every paired game of the last round were drawn."""
    return buchholz(ctx, _with_fore(code))


def _with_fore(code: TieBreakCode) -> TieBreakCode:
    return TieBreakCode(
        "BH",
        code.score,
        code.cut,
        code.median,
        forfeits_played=code.forfeits_played,
        fore=True,
    )


def average_of_opponents_buchholz(ctx: Context, code: TieBreakCode) -> Values:
    """AOB (8.2): mean Buchholz (``/F``: Fore Buchholz) of the opponents met over the board.

    Other modifiers apply to the opponents' Buchholz.  ``None`` without any game.
    """
    inner = TieBreakCode(
        "BH",
        code.score,
        code.cut,
        code.median,
        forfeits_played=code.forfeits_played,
        fore=code.fore,
    )
    bh = buchholz(ctx, inner)
    as_played = ctx.as_played(code.forfeits_played)
    result: Values = {}
    for n in _numbers(ctx):
        values = [bh[e.opponent] for e in ctx.games(n, as_played) if e.opponent is not None]
        numeric = [v for v in values if isinstance(v, Fraction)]
        result[n] = Fraction(sum(numeric), len(numeric)) if numeric else None
    return result


def sonneborn_berger(ctx: Context, code: TieBreakCode) -> Values:
    """SB (9.1): sum of opponent's score x points scored against that opponent."""
    track = _track(ctx, code)
    return _sum_elements(ctx, code, track, track, product=True)


def _extended_sb(value_track: Track | None, own_track: Track | None) -> Compute:
    def compute(ctx: Context, code: TieBreakCode) -> Values:
        primary = ctx.section.primary
        return _sum_elements(ctx, code, value_track or primary, own_track or primary, product=True)

    compute.__doc__ = "ESB (13.2): opponent's total x own result against it."
    return compute


def koya(ctx: Context, code: TieBreakCode) -> Values:
    """KS (9.2): points scored against those who finished with at least half the maximum.

    ``L±x`` moves the threshold by x points (14.5).
    """
    track = _track(ctx, code)
    maximum = ctx.section.win_points(track) * ctx.section.rounds
    threshold = maximum / 2 + (code.limit or 0)
    final = ctx.scores(track)
    as_played = ctx.as_played(code.forfeits_played)
    return {
        n: sum(
            (
                e.score(track)
                for e in ctx.games(n, as_played)
                if e.opponent is not None and final[e.opponent] >= threshold
            ),
            Fraction(0),
        )
        for n in _numbers(ctx)
    }


# -- Art. 10: ratings ------------------------------------------------------------------------


def _opponent_ratings(ctx: Context, code: TieBreakCode, n: int) -> list[int]:
    ratings = []
    for e in ctx.section.competitor(n).entries:
        if e.outcome is Outcome.GAME and e.opponent is not None:
            rating = ctx.section.competitor(e.opponent).rating
            rating = rating if rating is not None else code.unrated_rating
            if rating is not None:
                ratings.append(rating)
    return ratings


def _otb_points(ctx: Context, n: int) -> Fraction:
    return sum(
        (
            e.result.rating_points
            for e in ctx.section.competitor(n).entries
            if e.outcome is Outcome.GAME and e.result is not None
        ),
        Fraction(0),
    )


def average_rating_of_opponents(ctx: Context, code: TieBreakCode) -> Values:
    """ARO (10.1): mean rating of the opponents met over the board, rounded .5 up.

    ARO-Cn drops the n lowest ratings, ARO-Mn also the n highest; ``None`` when no
    rating is left (a cut of a player with a single game).
    """
    low, high = code.cut + code.median, code.median
    result: Values = {}
    for n in _numbers(ctx):
        ratings = sorted(_opponent_ratings(ctx, code, n))
        kept = ratings[low : len(ratings) - high] if low + high < len(ratings) else []
        result[n] = average_rating(kept)
    return result


def _performances(ctx: Context, code: TieBreakCode) -> dict[int, int | None]:
    return {
        n: performance_rating(_opponent_ratings(ctx, code, n), _otb_points(ctx, n))
        for n in _numbers(ctx)
    }


def _perfect_performances(ctx: Context, code: TieBreakCode) -> dict[int, int | None]:
    return {
        n: perfect_performance(_opponent_ratings(ctx, code, n), _otb_points(ctx, n))
        for n in _numbers(ctx)
    }


def performance(ctx: Context, code: TieBreakCode) -> Values:
    """TPR (10.2): ARO + dp(p), p = OTB points / OTB games to two decimals."""
    return dict(ctx.cached(("TPR", code.unrated_rating), lambda: _performances(ctx, code)))


def perfect(ctx: Context, code: TieBreakCode) -> Values:
    """PTP (10.3): lowest rating whose expected score reaches the OTB score."""
    return dict(ctx.cached(("PTP", code.unrated_rating), lambda: _perfect_performances(ctx, code)))


def _average_of(per_player: Compute) -> Compute:
    def compute(ctx: Context, code: TieBreakCode) -> Values:
        values = per_player(ctx, code)
        result: Values = {}
        for n in _numbers(ctx):
            found = [
                v
                for e in ctx.section.competitor(n).entries
                if e.outcome is Outcome.GAME and e.opponent is not None
                for v in (values[e.opponent],)
                if isinstance(v, int)
            ]
            result[n] = round_half_up(Fraction(sum(found), len(found))) if found else None
        return result

    return compute


def rating(ctx: Context, code: TieBreakCode) -> Values:
    """RTNG (10.6): the participant's own rating, highest first."""
    return {
        c.number: c.rating if c.rating is not None else code.unrated_rating
        for c in ctx.section.competitors
    }


# -- Art. 12-13: teams ----------------------------------------------------------------------


def _board_points(ctx: Context, e: Entry) -> tuple[Fraction, ...]:
    """Points per board for the knock-out tie-breaks (12): a PAB, a full-point bye or a
    forfeit win counts a win on every board, a half-point bye a draw, other byes nothing."""
    section = ctx.section
    boards = section.boards
    if e.outcome is Outcome.GAME:
        known = e.boards[:boards]
        return known + (Fraction(0),) * (boards - len(known))
    if e.outcome in (Outcome.PAB, Outcome.FULL_BYE, Outcome.FORFEIT_WIN):
        return (section.game_win,) * boards
    if e.outcome is Outcome.HALF_BYE:
        return (section.game_draw,) * boards
    return (Fraction(0),) * boards


def _board_totals(ctx: Context, n: int) -> list[Fraction]:
    totals = [Fraction(0)] * ctx.section.boards
    for e in ctx.section.competitor(n).entries:
        for i, p in enumerate(_board_points(ctx, e)):
            totals[i] += p
    return totals


def board_count(ctx: Context, code: TieBreakCode) -> Values:
    """BC (12.1): sum of board number x game points on that board; lower is better."""
    del code
    return {
        n: sum(((i + 1) * p for i, p in enumerate(_board_totals(ctx, n))), Fraction(0))
        for n in _numbers(ctx)
    }


def top_board_results(ctx: Context, code: TieBreakCode) -> Values:
    """TBR (12.2): game points on board 1, then board 2, and so on (compared in order)."""
    del code
    return {n: tuple(_board_totals(ctx, n)) for n in _numbers(ctx)}


def bottom_board_elimination(ctx: Context, code: TieBreakCode) -> Values:
    """BBE (12.3): game points on all boards but the last; then without the last two..."""
    del code
    result: Values = {}
    for n in _numbers(ctx):
        totals = _board_totals(ctx, n)
        result[n] = tuple(sum(totals[:k], Fraction(0)) for k in range(len(totals) - 1, 0, -1))
    return result


def schedule_strength(ctx: Context, code: TieBreakCode) -> Values:
    """SSSC (13.4): secondary score + BH on the primary score / divisor.

    divisor = floor(highest primary score / highest secondary score of one match) unless
    ``/K`` gives it; ``/F`` uses the Fore Buchholz.
    """
    section = ctx.section
    primary, secondary = section.primary, section.secondary
    divisor = code.divisor
    if divisor is None:
        highest = section.win_points(primary) * section.rounds
        divisor = max(1, (highest / section.win_points(secondary)).__floor__())
    bh = buchholz(
        ctx,
        TieBreakCode("BH", primary, forfeits_played=code.forfeits_played, fore=code.fore),
    )
    scores = ctx.scores(secondary)
    result: Values = {}
    for n in _numbers(ctx):
        value = bh[n]
        assert isinstance(value, Fraction)
        result[n] = scores[n] + value / divisor
    return result


# -- Art. 6 and 13.3: splits -----------------------------------------------------------------


def _direct_encounter(ctx: Context, code: TieBreakCode, group: Sequence[int]) -> list[list[int]]:
    """DE (6): the separate standing of the tied participants."""
    track = _track(ctx, code)
    return direct_encounter(ctx, group, track, ctx.as_played(code.forfeits_played))


def _key(
    compute: Compute, lower_is_better: bool
) -> Callable[[Context], Callable[[int], tuple[Fraction, ...]]]:
    def bind(ctx: Context) -> Callable[[int], tuple[Fraction, ...]]:
        values = compute(ctx, TieBreakCode("BC"))

        def key(n: int) -> tuple[Fraction, ...]:
            v = values[n]
            if isinstance(v, tuple):
                return v
            assert v is not None
            return (-Fraction(v),) if lower_is_better else (Fraction(v),)

        return key

    return bind


_FOLLOW_UPS = {
    "EDE": (),
    "EDEC": (_key(board_count, True),),
    "EDEBT": (_key(board_count, True), _key(top_board_results, False)),
    "EDEBB": (_key(board_count, True), _key(bottom_board_elimination, False)),
    "EDET": (_key(top_board_results, False),),
    "EDEB": (_key(bottom_board_elimination, False),),
}


def _extended_direct_encounter(
    ctx: Context, code: TieBreakCode, group: Sequence[int]
) -> list[list[int]]:
    """EDE (13.3) and its knock-out follow-ups EDEC/EDEBT/EDEBB/EDET/EDEB (13.3.2)."""
    follow_ups = [bind(ctx) for bind in _FOLLOW_UPS[code.acronym]]
    return extended_direct_encounter(ctx, group, ctx.as_played(code.forfeits_played), follow_ups)


# -- the registry ----------------------------------------------------------------------------

_I, _T = Scope.INDIVIDUAL, Scope.TEAM
_DEFINITIONS = (
    Definition("PTS", "Points", "2", points),
    Definition("MPTS", "Match points", "11", points, scope=_T),
    Definition("GPTS", "Game points", "11", points, scope=_T),
    Definition("DE", "Direct encounter", "6", split=_direct_encounter, modifiers="PS"),
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
        _average_of(performance),
        modifiers="U",
        rating=True,
        scope=_I,
    ),
    Definition(
        "APPO",
        "Average perfect performance of opponents",
        "10.5",
        _average_of(perfect),
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
        _extended_sb(None, None),
        modifiers="CMPF",
        scope=_T,
    ),
    Definition(
        "EMMSB",
        "Extended Sonneborn-Berger MP x MP",
        "13.2.1",
        _extended_sb(Track.MP, Track.MP),
        modifiers="CMPF",
        scope=_T,
    ),
    Definition(
        "EMGSB",
        "Extended Sonneborn-Berger MP x GP",
        "13.2.2",
        _extended_sb(Track.MP, Track.GP),
        modifiers="CMPF",
        scope=_T,
    ),
    Definition(
        "EGMSB",
        "Extended Sonneborn-Berger GP x MP",
        "13.2.3",
        _extended_sb(Track.GP, Track.MP),
        modifiers="CMPF",
        scope=_T,
    ),
    Definition(
        "EGGSB",
        "Extended Sonneborn-Berger GP x GP",
        "13.2.4",
        _extended_sb(Track.GP, Track.GP),
        modifiers="CMPF",
        scope=_T,
    ),
    *(
        Definition(
            acronym,
            "Extended direct encounter",
            "13.3",
            split=_extended_direct_encounter,
            modifiers="P",
            scope=_T,
        )
        for acronym in _FOLLOW_UPS
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
