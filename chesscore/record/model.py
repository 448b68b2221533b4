"""The tournament record: plain, immutable data describing one section.

The record is the lingua franca between the database, the TRF files and the engines
(see DESIGN.md).  It holds what a TRF file can say about a section and nothing that an
engine computes: scores after a round are derived from the per-round entries and the
scoring system, never stored, except for the ``points`` column exactly as written.

Conventions:

- Players are identified by their *starting rank* (the TRF ``001`` pairing id, 1-9999).
- Rounds are numbered from 1.  ``Player.rounds[r - 1]`` is round ``r``.  A player's
  tuple of rounds may be shorter than the tournament: missing rounds are unpaired.
- Points are exact ``Fraction`` values, never floats.

Example::

    >>> from fractions import Fraction
    >>> p = Player(rank=1, name="Doe, Jane", rounds=(
    ...     RoundEntry(2, Colour.WHITE, ResultCode.WIN),
    ...     RoundEntry(None, Colour.NONE, ResultCode.HALF_POINT_BYE),
    ... ))
    >>> p.score_after(2)
    Fraction(3, 2)
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from fractions import Fraction

__all__ = [
    "ROUND_ROBIN_SYSTEMS",
    "STANDARD_SCORING",
    "AcceleratedRounds",
    "Acceleration",
    "ByeAssignment",
    "Colour",
    "Event",
    "ForbiddenPairing",
    "ForfeitedMatch",
    "MatchForfeit",
    "MatchScoring",
    "Player",
    "PreferenceType",
    "Record",
    "ReleasedPlayers",
    "ResultCode",
    "RoundEntry",
    "ScoreKind",
    "ScoringSystem",
    "Sex",
    "SoftGroup",
    "Team",
    "TeamLineup",
    "TeamPab",
    "TeamSwissRules",
    "VirtualPoints",
]


class Colour(enum.Enum):
    """A piece colour, or none: of a round entry (TRF ``001`` column 97 of each round
    block; ``NONE`` for no game), and in the engines also a colour preference or a due
    colour (``NONE``: no preference)."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        """White for black and black for white; ``NONE`` stays ``NONE``."""
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


class Sex(enum.Enum):
    """TRF ``001`` column 10."""

    MALE = "m"
    FEMALE = "w"


class ResultCode(enum.Enum):
    """Every result code of a TRF round block (column 99), TRF16 and TRF26 alike.

    ``UNPAIRED`` is the blank code.  TRF treats it like ``Z``; it is kept apart because
    in a round still to be paired a blank means "present, to be paired".
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    """Win in a game that lasted less than one move."""
    UNRATED_DRAW = "D"
    """Draw in a game that lasted less than one move."""
    UNRATED_LOSS = "L"
    """Loss in a game that lasted less than one move."""
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    UNPAIRED = " "

    @property
    def needs_opponent(self) -> bool:
        """True for codes that only make sense against an opponent."""
        return self in _GAME_CODES

    @property
    def is_bye(self) -> bool:
        """True for the bye codes H, F, U and Z (and the blank code)."""
        return self not in _GAME_CODES

    @property
    def is_played(self) -> bool:
        """True when the game was played over the board (``1 = 0 W D L``).

        Forfeits are not played games (C.04.1); games of less than one move are.
        """
        return self in _PLAYED_CODES

    @property
    def counterpart(self) -> ResultCode:
        """The opponent's code for the same game (``1``/``0``, ``+``/``-``, ...).

        Byes are their own counterpart.  A double forfeit is ``-`` on both sides, so
        ``FORFEIT_LOSS`` is also an acceptable counterpart of ``FORFEIT_LOSS``.
        """
        return _COUNTERPART.get(self, self)


_GAME_CODES = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.FORFEIT_WIN,
        ResultCode.FORFEIT_LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
    }
)
_PLAYED_CODES = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
    }
)
_COUNTERPART = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    ResultCode.UNRATED_WIN: ResultCode.UNRATED_LOSS,
    ResultCode.UNRATED_LOSS: ResultCode.UNRATED_WIN,
}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round block of a ``001`` line: opponent, colour and result.

    ``opponent`` is the opponent's starting rank, or ``None`` for a bye, an absence or
    "not paired" (``0000`` or blanks in the file).
    """

    opponent: int | None = None
    colour: Colour = Colour.NONE
    result: ResultCode = ResultCode.UNPAIRED

    @property
    def is_game(self) -> bool:
        """True when the player was paired against an opponent (played or not)."""
        return self.opponent is not None

    @property
    def is_played_game(self) -> bool:
        """True when the game against ``opponent`` was actually played."""
        return self.opponent is not None and self.result.is_played


UNPAIRED = RoundEntry()


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points awarded for each kind of round outcome (TRF26 162, XXS, BB? lines).

    The defaults are the standard 1 / ½ / 0 system.  ``ScoringSystem.from_game_points``
    builds the usual "byes follow the game values" variants such as 3/1/0.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pairing_allocated_bye: Fraction = Fraction(1)
    half_point_bye: Fraction = Fraction(1, 2)
    full_point_bye: Fraction = Fraction(1)
    zero_point_bye: Fraction = Fraction(0)

    @classmethod
    def from_game_points(
        cls, win: Fraction | int, draw: Fraction | int, loss: Fraction | int = 0
    ) -> ScoringSystem:
        """A system whose byes and forfeits follow the game values.

        Forfeit win, full-point bye and PAB score as a win; half-point bye as a draw;
        forfeit loss and zero-point bye as nothing.

        >>> ScoringSystem.from_game_points(3, 1).pairing_allocated_bye
        Fraction(3, 1)
        """
        w, d = Fraction(win), Fraction(draw)
        return cls(
            win=w,
            draw=d,
            loss=Fraction(loss),
            forfeit_win=w,
            pairing_allocated_bye=w,
            half_point_bye=d,
            full_point_bye=w,
        )

    def points(self, result: ResultCode) -> Fraction:
        """Points that ``result`` earns under this system (blank counts as ``Z``)."""
        match result:
            case ResultCode.WIN | ResultCode.UNRATED_WIN:
                return self.win
            case ResultCode.DRAW | ResultCode.UNRATED_DRAW:
                return self.draw
            case ResultCode.LOSS | ResultCode.UNRATED_LOSS:
                return self.loss
            case ResultCode.FORFEIT_WIN:
                return self.forfeit_win
            case ResultCode.FORFEIT_LOSS:
                return self.forfeit_loss
            case ResultCode.PAIRING_ALLOCATED_BYE:
                return self.pairing_allocated_bye
            case ResultCode.HALF_POINT_BYE:
                return self.half_point_bye
            case ResultCode.FULL_POINT_BYE:
                return self.full_point_bye
            case ResultCode.ZERO_POINT_BYE | ResultCode.UNPAIRED:
                return self.zero_point_bye


STANDARD_SCORING = ScoringSystem()


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Match points of a team match (TRF26 362)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class Player:
    """A ``001`` line: one participant and the rounds so far.

    ``points`` and ``final_rank`` are the columns as written (``None`` when blank);
    use ``score_after`` for a computed score.
    """

    rank: int
    name: str = ""
    sex: Sex | None = None
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth_date: str | None = None
    """``YYYY/MM/DD`` or ``YYYY``; ``00`` stands for an unknown month or day."""
    points: Fraction | None = None
    final_rank: int | None = None
    rounds: tuple[RoundEntry, ...] = ()

    def __post_init__(self) -> None:
        # Trailing unpaired rounds say nothing: drop them so that equal players compare
        # equal however many empty round blocks their source carried.
        rounds = self.rounds
        end = len(rounds)
        while end and rounds[end - 1] == UNPAIRED:
            end -= 1
        if end != len(rounds):
            object.__setattr__(self, "rounds", rounds[:end])

    def entry(self, round_number: int) -> RoundEntry:
        """The entry for round ``round_number`` (1-based); unpaired past the end."""
        if round_number < 1:
            raise ValueError(f"round numbers start at 1, not {round_number}")
        if round_number > len(self.rounds):
            return UNPAIRED
        return self.rounds[round_number - 1]

    def score_after(
        self, round_number: int | None = None, scoring: ScoringSystem = STANDARD_SCORING
    ) -> Fraction:
        """Points earned in rounds 1..``round_number`` (all rounds when ``None``)."""
        entries = self.rounds if round_number is None else self.rounds[:round_number]
        return sum((scoring.points(e.result) for e in entries), Fraction(0))

    def opponents(self, round_number: int | None = None) -> tuple[int, ...]:
        """Starting ranks of the opponents met (played or forfeited) up to a round."""
        entries = self.rounds if round_number is None else self.rounds[:round_number]
        return tuple(e.opponent for e in entries if e.opponent is not None)


class Acceleration(enum.Enum):
    """How the pairing adds virtual points to the scores (C.04.7, TRF(x) ``XXA``).

    ``BAKU`` is C.04.7's Baku acceleration, computed from the starting list and the planned
    rounds; ``MANUAL`` is the organiser's own points per player and round, which the record
    holds (``virtual_points``, ``accelerated_rounds``).  A TRF file says ``BAKU`` in its 192
    code and ``MANUAL`` by its ``XXA``/250 lines: `chesscore.record.trf` reads and writes
    both, and nothing else looks at the code for it.
    """

    NONE = "none"
    BAKU = "baku"
    MANUAL = "manual"


@dataclass(frozen=True, slots=True)
class VirtualPoints:
    """An ``XXA`` line: acceleration points added for pairing, per round from round 1."""

    rank: int
    points: tuple[Fraction, ...]

    def for_round(self, round_number: int) -> Fraction:
        """The virtual points in ``round_number`` (0 past the listed rounds)."""
        if 1 <= round_number <= len(self.points):
            return self.points[round_number - 1]
        return Fraction(0)


@dataclass(frozen=True, slots=True)
class AcceleratedRounds:
    """A TRF26 ``250`` line: fictitious points for a range of ids and rounds."""

    first_round: int
    last_round: int
    first_id: int
    last_id: int
    game_points: Fraction
    match_points: Fraction | None = None
    """Only for team events; ``None`` when blank."""


@dataclass(frozen=True, slots=True)
class ForbiddenPairing:
    """Ids that may not meet each other (``XXP``, or TRF26 ``260`` with a round range).

    ``first_round``/``last_round`` are ``None`` for an ``XXP`` line (every round).
    """

    ranks: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies_to(self, round_number: int) -> bool:
        """True when the restriction holds in ``round_number``."""
        if self.first_round is None or self.last_round is None:
            return True
        return self.first_round <= round_number <= self.last_round


@dataclass(frozen=True, slots=True)
class SoftGroup:
    """Our own ``RKG`` record: a soft prohibited group that round ``round`` was paired with.

    ``kind`` is ``B`` (relaxed from the bottom of the standings) or ``L`` (lowest
    priority).  Other programs skip the record, so the file replays there as if it were
    not there.
    """

    round: int
    kind: str
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReleasedPlayers:
    """Our own ``RKR`` record: members of soft groups (kind ``B``) released in a round."""

    round: int
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ByeAssignment:
    """A TRF26 ``240`` line: a bye bringing points, requested for a round.

    ``kind`` is one of ``FULL_POINT_BYE``, ``HALF_POINT_BYE`` or ``ZERO_POINT_BYE``.
    """

    kind: ResultCode
    round: int
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Team:
    """A team: TRF26 ``310`` (or the older ``013``, which has only name and members).

    ``members`` are starting ranks in board order.
    """

    number: int
    name: str
    members: tuple[int, ...] = ()
    nickname: str = ""
    strength_factor: Fraction | None = None
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None


@dataclass(frozen=True, slots=True)
class TeamLineup:
    """A TRF26 ``300`` line: the board order a team fielded in one round.

    ``boards`` holds starting ranks; ``None`` is an empty board (``0000``).
    """

    round: int
    team: int
    opponent: int
    boards: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class TeamPab:
    """The TRF26 ``320`` line: PAB values and the PAB team of each round."""

    match_points: Fraction
    game_points: Fraction
    teams: tuple[int | None, ...]
    """Team number receiving the PAB in each round from round 1; ``None`` = none."""


class MatchForfeit(enum.Enum):
    """Kind of a forfeited team match (TRF26 ``330`` columns 5-6)."""

    WHITE_WINS = "+-"
    BLACK_WINS = "-+"
    DOUBLE = "--"


@dataclass(frozen=True, slots=True)
class ForfeitedMatch:
    """A TRF26 ``330`` line."""

    kind: MatchForfeit
    round: int
    white_team: int
    black_team: int

    def result_of(self, team: int) -> ResultCode:
        """``FORFEIT_WIN`` for the team, one of the two, awarded the match, else
        ``FORFEIT_LOSS`` (both lose a double forfeit)."""
        winner = MatchForfeit.WHITE_WINS if team == self.white_team else MatchForfeit.BLACK_WINS
        return ResultCode.FORFEIT_WIN if self.kind is winner else ResultCode.FORFEIT_LOSS

    def opponent_of(self, team: int) -> int:
        """The other team of the match."""
        return self.black_team if team == self.white_team else self.white_team


class ScoreKind(enum.Enum):
    """Match points or game points (C.04.6 1.2)."""

    MP = "MP"
    GP = "GP"


class PreferenceType(enum.Enum):
    """Colour preference type of the competition (C.04.6 1.7)."""

    A = "A"
    B = "B"
    NONE = "NONE"


@dataclass(frozen=True, slots=True)
class TeamSwissRules:
    """The competition's choices left open by the team Swiss (C.04.6 1.2, 1.7).

    Defaults (1.2.2, 1.7): match points primary, game points for colours, Type A. A TRF
    file states them in its 192 code (`chesscore.record.system_codes`).
    """

    primary: ScoreKind = ScoreKind.MP
    secondary: bool = True
    """Whether the other score decides the first-team (4.2.2)."""
    preferences: PreferenceType = PreferenceType.A


ROUND_ROBIN_SYSTEMS = frozenset(
    {"round_robin", "double_round_robin", "team_round_robin", "team_double_round_robin"}
)
"""The systems (`Record.system`) paired from a table fixed in advance: the events with
pre-determined pairings of the tie-breaks (C.07 15.2)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Tournament header records (``012`` to ``132``, ``172``-``192``, ``222``, ``352``).

    Free-text fields are stripped and empty when absent.
    """

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    player_count: int | None = None
    rated_player_count: int | None = None
    team_count: int | None = None
    tournament_type: str = ""
    """Record 092, free text."""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    """Record 122, free text."""
    round_dates: tuple[datetime.date | None, ...] = ()
    """Record 132, from round 1; ``None`` where no date is given."""
    starting_rank_method: str = ""
    """Record 172 as written, e.g. ``FRA FIDON``."""
    pairing_controller: str = ""
    """Record 182."""
    system: str = ""
    """Record 192 as the file wrote it, an ETT26 code such as ``FIDE_DUTCH_2025``, without
    the word that names Baku acceleration (that is `Record.acceleration`): written back as
    it was. Only the TRF reader and writer read it; what it says is `Record.system` and
    `Record.team_rules`, which the writer makes the code from when there is none here."""
    encoded_time_control: str = ""
    """Record 222, e.g. ``40/6000+30:900+30``."""
    board_colours: str = ""
    """Record 352, e.g. ``WBWB``."""


@dataclass(frozen=True, slots=True)
class Record:
    """Everything a TRF file says about one section.

    Players are kept in file order (which ``XXC rank`` makes meaningful); look them up by
    starting rank with ``player``.

    ``pab_exclusions`` (players the organiser keeps from the pairing-allocated bye) has no
    TRF record: it travels between the database and the engines but is not written to
    TRF files.
    """

    players: tuple[Player, ...] = ()
    event: Event = Event()
    system: str = ""
    """The pairing system's key (`chesscore.systems.SYSTEMS`, ``"dutch"``), ``""`` when
    unknown: a TRF file states it in its 192 code."""
    team_rules: TeamSwissRules = TeamSwissRules()
    """The team Swiss's choices (C.04.6 1.2, 1.7); a TRF file states them in its 192 code."""
    planned_rounds: int | None = None
    """TRF26 142 / ``XXR``."""
    initial_colour: Colour | None = None
    """TRF26 152 / ``XXC white1``/``black1``: colour of the top player in round 1."""
    order_by_file_position: bool = False
    """``XXC rank``: rank players by their position in the file, not by id."""
    scoring: ScoringSystem = STANDARD_SCORING
    match_scoring: MatchScoring = MatchScoring()
    acceleration: Acceleration = Acceleration.NONE
    """How the pairing accelerates; the organiser's points (``MANUAL``) are the
    ``virtual_points`` and ``accelerated_rounds``, which count whenever there are any."""
    virtual_points: tuple[VirtualPoints, ...] = ()
    """``XXA`` lines."""
    accelerated_rounds: tuple[AcceleratedRounds, ...] = ()
    """TRF26 250 lines."""
    forbidden_pairings: tuple[ForbiddenPairing, ...] = ()
    bye_assignments: tuple[ByeAssignment, ...] = ()
    """TRF26 240 lines."""
    absent_next_round: tuple[int, ...] = ()
    """``XXZ``: starting ranks absent from the round being paired."""
    soft_groups: tuple[SoftGroup, ...] = ()
    """``RKG`` lines: soft prohibited groups of the rounds paired with them."""
    released: tuple[ReleasedPlayers, ...] = ()
    """``RKR`` lines."""
    pab_exclusions: tuple[int, ...] = ()
    standings_score: str = "PTS"
    """First criterion of the standings (212's first code; ``PTS`` for 202)."""
    tiebreaks: tuple[str, ...] = ()
    """Tie-break codes after the score (MTB26 descriptors, e.g. ``BH/C1``)."""
    teams: tuple[Team, ...] = ()
    lineups: tuple[TeamLineup, ...] = ()
    team_pab: TeamPab | None = None
    forfeited_matches: tuple[ForfeitedMatch, ...] = ()
    extra_lines: tuple[str, ...] = ()
    """Lines of any other record (comments, NRS, 299, 801/802, ...) in order, verbatim but
    for trailing blanks."""
    _by_rank: dict[int, Player] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        self._by_rank.update((p.rank, p) for p in self.players)

    @property
    def round_robin(self) -> bool:
        """True when the system pairs from a table fixed in advance (C.07 15.2).

        >>> Record(system="double_round_robin").round_robin, Record(system="dutch").round_robin
        (True, False)
        """
        return self.system in ROUND_ROBIN_SYSTEMS

    @property
    def ranks(self) -> tuple[int, ...]:
        """Starting ranks in file order."""
        return tuple(p.rank for p in self.players)

    def player(self, rank: int) -> Player:
        """The player with starting rank ``rank``; ``KeyError`` if there is none."""
        return self._by_rank[rank]

    def has_player(self, rank: int) -> bool:
        """True when a player has starting rank ``rank``."""
        return rank in self._by_rank

    @property
    def round_columns(self) -> int:
        """Number of round blocks in the longest ``001`` line."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def rounds_played(self) -> int:
        """The last round in which anyone was paired (a game or a PAB).

        Later round columns can only hold byes entered in advance for the round still to
        be paired; they do not count.
        """
        last = 0
        for p in self.players:
            for number, e in enumerate(p.rounds, start=1):
                if number > last and (
                    e.opponent is not None or e.result is ResultCode.PAIRING_ALLOCATED_BYE
                ):
                    last = number
        return last

    @property
    def next_round(self) -> int:
        """The round a pairing engine pairs when the file alone must say which.

        Normally ``rounds_played + 1``: later columns hold only byes entered in advance
        for that round.  The reference engine (bbpPairings) reads a file more widely, and
        so do we, since both must pair the same round of the same file:

        - a column *before* the last filled one counts as a round gone by, even if nobody
          was paired in it (its blanks and byes are then unplayed rounds), so byes entered
          in column 12 mean round 12 is the one to pair, whatever column 11 holds;
        - when every player has an entry in that round's column, it is complete too (a
          round in which nobody was paired), and the next one is paired.

        An entry is "filled" unless it is blank (no opponent, no colour, blank result).

        >>> bye = RoundEntry(None, Colour.NONE, ResultCode.ZERO_POINT_BYE)
        >>> game = RoundEntry(2, Colour.WHITE, ResultCode.WIN)
        >>> def record(*rows):
        ...     return Record(players=tuple(Player(n, rounds=r) for n, r in enumerate(rows, 1)))
        >>> record((game, bye), (game,)).next_round
        2
        >>> record((game, bye), (game, UNPAIRED, bye)).next_round
        3
        >>> record((game, bye), (game, bye)).next_round
        3
        """
        last_filled = {
            p.rank: max((n for n, e in enumerate(p.rounds, start=1) if e != UNPAIRED), default=0)
            for p in self.players
        }
        gone_by = max(self.rounds_played, max(last_filled.values(), default=0) - 1)
        if self.players and all(column > gone_by for column in last_filled.values()):
            gone_by += 1
        return gone_by + 1

    def up_to_round(self, last: int) -> Record:
        """The record without the round columns after ``last``: the tournament as it stood
        after round ``last`` (a round in play, byes asked for later rounds, gone).

        >>> bye = RoundEntry(None, Colour.NONE, ResultCode.HALF_POINT_BYE)
        >>> record = Record(players=(Player(1, rounds=(bye, bye)),))
        >>> record.up_to_round(1).player(1).rounds == (bye,)
        True
        """
        players = tuple(replace(p, rounds=p.rounds[:last]) for p in self.players)
        return replace(self, players=players)

    def score(self, rank: int, after_round: int | None = None) -> Fraction:
        """Computed score of player ``rank`` under the record's scoring system."""
        return self.player(rank).score_after(after_round, self.scoring)

    def virtual_points_of(self, rank: int, round_number: int) -> Fraction:
        """Acceleration points (``XXA``) of player ``rank`` in a round, 0 if none."""
        total = Fraction(0)
        for v in self.virtual_points:
            if v.rank == rank:
                total += v.for_round(round_number)
        return total

    def team(self, number: int) -> Team:
        """The team with pairing number ``number``; ``KeyError`` if there is none."""
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)

    def forfeited_match(self, team: int, round_number: int) -> ForfeitedMatch | None:
        """The match of team ``team`` in round ``round_number`` if it was forfeited as a
        whole (TRF26 ``330``)."""
        for f in self.forfeited_matches:
            if f.round == round_number and team in (f.white_team, f.black_team):
                return f
        return None

    def team_bye(self, team: int, round_number: int) -> ResultCode | None:
        """The bye of team ``team`` in round ``round_number``: ``PAIRING_ALLOCATED_BYE`` for
        the team PAB (TRF26 ``320``), else the kind of a bye assignment (``240``) naming
        the team; ``None`` when it has neither."""
        pab_teams = self.team_pab.teams if self.team_pab is not None else ()
        if round_number <= len(pab_teams) and pab_teams[round_number - 1] == team:
            return ResultCode.PAIRING_ALLOCATED_BYE
        for bye in self.bye_assignments:
            if bye.round == round_number and team in bye.ranks:
                return bye.kind
        return None

    def team_points(self, result: ResultCode, boards: int) -> tuple[Fraction, Fraction]:
        """Match and game points of a team's round decided without playing, on ``boards``
        boards: a forfeited match (``FORFEIT_WIN`` wins every board) or a bye of
        `team_bye` (the PAB's points are the ``320`` line's).  A forfeit loss, or any
        other bye, is a lost match without game points.
        """
        ms = self.match_scoring
        if result is ResultCode.PAIRING_ALLOCATED_BYE and self.team_pab is not None:
            return self.team_pab.match_points, self.team_pab.game_points
        if result is ResultCode.FORFEIT_WIN:
            return ms.win, self.scoring.forfeit_win * boards
        if result is ResultCode.FULL_POINT_BYE:
            return ms.win, self.scoring.full_point_bye * boards
        if result is ResultCode.HALF_POINT_BYE:
            return ms.draw, self.scoring.half_point_bye * boards
        return ms.loss, Fraction(0)
