"""The team view of a record for the team Swiss (C.04.6): scores, colours, floats per round.

A team's round is read, first match first, from:

1. a forfeited match (TRF26 330): the winner gets a won match and a forfeit win on every
   board, the loser nothing; a double forfeit is lost by both.  The match did not take
   place, so it gives no colour (1.6.1), is no meeting for C1 (C.04.2 3.5) and makes no
   floater (1.5);
2. the team PAB (320): its match and game points, a draw by default (1.4);
3. a bye assignment (240) naming the team: full-point, half-point or zero-point bye;
4. the members' games: the fielded boards are the out-of-order line-up (300) when there is
   one, else the members with an opponent in their 310 order.  The opponent team is the
   team of the board-1 opponent, the colour is board 1's (1.6.1), the game points are the
   members' points and the match points come from comparing both teams' game points
   (``Record.match_scoring``, TRF26 362).  The match took place when any board was played;
5. otherwise the team was not paired (no points).

The number of boards (for the game points of byes and forfeits) is the length of the
board-colour sequence (352) when given, else the largest number of members of one team
with a game in one round or of boards in a line-up (300).

The competition's rules (C.04.6 1.2, 1.7) are the record's (`Record.team_rules`, which a
TRF file states in its 192 code), unless the options give others.

Example::

    >>> rules = TeamSwissRules(primary=ScoreKind.GP, secondary=False)
    >>> record = Record(teams=(Team(1, "A"), Team(2, "B")), team_rules=rules)
    >>> team_swiss_state(record).rules.primary
    <ScoreKind.GP: 'GP'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from fractions import Fraction

from chesscore.record.boards import boards_fielded
from chesscore.record.model import Colour
from chesscore.record.model import PreferenceType
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import ScoreKind
from chesscore.record.model import Team
from chesscore.record.model import TeamSwissRules

from ..state import InvalidRecord

__all__ = [
    "PreferenceType",
    "ScoreKind",
    "TeamPairingOptions",
    "TeamRound",
    "TeamRoundOutcome",
    "TeamState",
    "TeamSwissRules",
    "TeamSwissState",
    "board_count",
    "team_rounds_played",
    "team_swiss_state",
]


class TeamRoundOutcome(enum.Enum):
    """How a team's round went, as the team Swiss reads its history: a round in which the
    team was not paired stays apart from a zero-point bye (the tie-breaks'
    `chesscore.tiebreaks.RoundOutcome` counts both as one)."""

    MATCH = "match"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAB = "PAB"
    FULL_POINT_BYE = "full-point bye"
    HALF_POINT_BYE = "half-point bye"
    ZERO_POINT_BYE = "zero-point bye"
    NOT_PAIRED = "not paired"


@dataclass(frozen=True, slots=True)
class TeamPairingOptions:
    """Settings for pairing a team round that the record may not carry.

    ``rules`` and ``initial_colour`` default to the record's (`Record.team_rules`, 152);
    ``forbidden_pairs`` and ``pab_exclusions`` add to the record's; ``absent`` are teams not
    to be paired in the round (besides the 240 byes of that round).
    """

    round_to_pair: int | None = None
    rules: TeamSwissRules | None = None
    planned_rounds: int | None = None
    initial_colour: Colour | None = None
    forbidden_pairs: tuple[tuple[int, ...], ...] = ()
    lowest_priority_groups: tuple[tuple[int, ...], ...] = ()
    """Teams to keep apart when the rules leave a choice (below C10; see ``RKG ... L``)."""
    pab_exclusions: tuple[int, ...] = ()
    absent: tuple[int, ...] = ()
    present: tuple[int, ...] | None = None
    """Exactly the teams to pair (used when replaying a recorded round)."""


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One past round of a team.

    ``colour`` is the colour scheduled for board 1 (``NONE`` for byes); the team *had* that
    colour only when ``played`` (1.6.1).  ``floater`` is 1.5: the team played against an
    opponent whose score before the round differed from its own.  A match that did not take
    place (forfeited as a whole, or on every board) was not played, so it makes no floater.
    """

    outcome: TeamRoundOutcome
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    opponent: int | None = None
    colour: Colour = Colour.NONE
    played: bool = False
    floater: bool = False


_OFF_THE_BOARD = {
    ResultCode.FORFEIT_WIN: TeamRoundOutcome.FORFEIT_WIN,
    ResultCode.FORFEIT_LOSS: TeamRoundOutcome.FORFEIT_LOSS,
    ResultCode.PAIRING_ALLOCATED_BYE: TeamRoundOutcome.PAB,
    ResultCode.FULL_POINT_BYE: TeamRoundOutcome.FULL_POINT_BYE,
    ResultCode.HALF_POINT_BYE: TeamRoundOutcome.HALF_POINT_BYE,
}
"""The outcome of a round the team did not play, by `Record.team_bye` or forfeit."""


@dataclass(frozen=True, slots=True)
class TeamState:
    """A team before the round to pair."""

    number: int
    match_points: Fraction
    game_points: Fraction
    rounds: tuple[TeamRound, ...]
    score: Fraction
    """The primary score (1.2)."""
    secondary: Fraction | None
    """The secondary score when the rules use it (4.2.2), else ``None``."""

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of the played matches, oldest first (C.04.2 3.4)."""
        return tuple(r.colour for r in self.rounds if r.played)

    @property
    def colour_difference(self) -> int:
        """Matches with White minus matches with Black (1.6.2)."""
        colours = self.colours
        return colours.count(Colour.WHITE) - colours.count(Colour.BLACK)

    @property
    def matches_played(self) -> int:
        """Matches that actually took place (3.4.3)."""
        return sum(1 for r in self.rounds if r.played)

    @property
    def met(self) -> frozenset[int]:
        """Opponents met in a match that took place (C1, C.04.2 3.5)."""
        return frozenset(r.opponent for r in self.rounds if r.played and r.opponent is not None)

    @property
    def pab_barred(self) -> bool:
        """C2: already had the PAB, won a match by forfeit or had a full-point bye."""
        return any(
            r.outcome
            in (TeamRoundOutcome.PAB, TeamRoundOutcome.FORFEIT_WIN, TeamRoundOutcome.FULL_POINT_BYE)
            for r in self.rounds
        )

    @property
    def floated_last_round(self) -> bool:
        """Was a floater (1.5) in the previous round (C7, C10)."""
        return bool(self.rounds) and self.rounds[-1].floater


@dataclass(frozen=True, slots=True)
class TeamSwissState:
    """Everything the team Swiss needs to pair ``round``."""

    round: int
    teams: dict[int, TeamState]
    to_pair: tuple[int, ...]
    rules: TeamSwissRules = field(default_factory=TeamSwissRules)
    planned_rounds: int | None = None
    initial_colour: Colour = Colour.WHITE
    forbidden: frozenset[tuple[int, int]] = field(default=frozenset())
    """Pairs ``(low, high)`` that may not meet in this round (260 / XXP)."""
    pab_exclusions: frozenset[int] = field(default=frozenset())
    apart: frozenset[tuple[int, int]] = field(default=frozenset())
    """Pairs ``(low, high)`` of a lowest-priority group: avoided only among the bracket
    pairings that meet C8-C10 equally well, before the identifier order (3.6.4)."""

    @property
    def last_round(self) -> bool:
        """Pairing the final round (Type B mild preferences, 1.7.2)."""
        return self.planned_rounds is not None and self.round >= self.planned_rounds

    @property
    def float_criteria_apply(self) -> bool:
        """C7 and C10 hold except in the last two rounds."""
        return self.planned_rounds is None or self.round < self.planned_rounds - 1

    def may_meet(self, a: int, b: int) -> bool:
        """C1 and the prohibited pairings: may ``a`` and ``b`` be paired?"""
        if a == b or b in self.teams[a].met or a in self.teams[b].met:
            return False
        return (min(a, b), max(a, b)) not in self.forbidden


def board_count(record: Record) -> int:
    """Boards per match: the 352 sequence's length, else the most members fielded or
    boards in a line-up (300)."""
    return boards_fielded(record, record.round_columns)


def team_rounds_played(record: Record) -> int:
    """The last round with a game, a forfeited match (330) or a team PAB (320)."""
    last = record.rounds_played
    for m in record.forfeited_matches:
        last = max(last, m.round)
    if record.team_pab is not None:
        for number, team in enumerate(record.team_pab.teams, start=1):
            if team is not None:
                last = max(last, number)
    return last


@dataclass(slots=True)
class _Reader:
    record: Record
    boards: int
    team_of: dict[int, int]

    def order(self, team: Team, r: int) -> tuple[list[int | None], int | None]:
        """Boards of ``team`` in round ``r`` (``None``: empty) and the opponent its 300 line
        names: the line-up when there is one, else the members with an opponent."""
        record = self.record
        for lineup in record.lineups:
            if lineup.round == r and lineup.team == team.number:
                boards = [
                    m if m is not None and record.has_player(m) else None for m in lineup.boards
                ]
                return boards, lineup.opponent
        return [
            m
            for m in team.members
            if record.has_player(m) and record.player(m).entry(r).opponent is not None
        ], None

    def fielded(self, team: Team, r: int) -> list[int]:
        return [m for m in self.order(team, r)[0] if m is not None]

    def board_points(self, member: int | None, r: int) -> Fraction:
        """An empty board is lost by forfeit; the player lined up against it, left without a
        game of their own, wins it by forfeit (1.2)."""
        scoring = self.record.scoring
        if member is None:
            return scoring.forfeit_loss
        entry = self.record.player(member).entry(r)
        if entry.opponent is None and entry.result is ResultCode.UNPAIRED:
            return scoring.forfeit_win
        return scoring.points(entry.result)

    def game_points(self, team: Team, r: int) -> Fraction:
        return sum((self.board_points(m, r) for m in self.order(team, r)[0]), Fraction(0))

    def board_one_colour(self, order: list[int | None], r: int) -> Colour:
        """Board 1's colour (1.6.1) from the first board with a game: the boards alternate,
        or follow the 352 sequence."""
        sequence = self.record.event.board_colours
        for index, member in enumerate(order):
            if member is None:
                continue
            colour = self.record.player(member).entry(r).colour
            if colour is Colour.NONE:
                continue
            same = sequence[index] in "Ww" if index < len(sequence) else index % 2 == 0
            return colour if same else colour.opposite
        return Colour.NONE

    def entry(self, team: Team, r: int) -> TeamRound:
        record = self.record
        forfeit = record.forfeited_match(team.number, r)
        if forfeit is not None:
            result = forfeit.result_of(team.number)
            colour = Colour.WHITE if team.number == forfeit.white_team else Colour.BLACK
            mp, gp = record.team_points(result, self.boards)
            opponent = forfeit.opponent_of(team.number)
            return TeamRound(_OFF_THE_BOARD[result], mp, gp, opponent, colour)
        bye = record.team_bye(team.number, r)
        if bye in _OFF_THE_BOARD:
            return TeamRound(_OFF_THE_BOARD[bye], *record.team_points(bye, self.boards))
        if bye is not None:
            return TeamRound(TeamRoundOutcome.ZERO_POINT_BYE)
        order, opponent_team = self.order(team, r)
        fielded = [m for m in order if m is not None]
        if opponent_team is None:
            opponent_team = next(
                (
                    self.team_of[op]
                    for m in fielded
                    if (op := record.player(m).entry(r).opponent) is not None and op in self.team_of
                ),
                None,
            )
        if opponent_team is None:
            return TeamRound(TeamRoundOutcome.NOT_PAIRED)
        own = self.game_points(team, r)
        other = self.game_points(record.team(opponent_team), r)
        ms = record.match_scoring
        mp = ms.win if own > other else ms.draw if own == other else ms.loss
        played = any(record.player(m).entry(r).is_played_game for m in fielded)
        first = self.board_one_colour(order, r)
        return TeamRound(TeamRoundOutcome.MATCH, mp, own, opponent_team, first, played)


def team_swiss_state(record: Record, options: TeamPairingOptions | None = None) -> TeamSwissState:
    """The state before the round to pair (default: the round after the last one paired).

    Raises :class:`InvalidRecord` when the record has no teams or a round is out of range.
    """
    options = options or TeamPairingOptions()
    if not record.teams:
        raise InvalidRecord("the record has no teams (310 or 013 records)")
    played = team_rounds_played(record)
    number = options.round_to_pair if options.round_to_pair is not None else played + 1
    if number < 1:
        raise InvalidRecord(f"cannot pair round {number}")
    rules = options.rules or record.team_rules
    planned = options.planned_rounds or record.planned_rounds
    reader = _Reader(
        record, board_count(record), {m: t.number for t in record.teams for m in t.members}
    )
    history = {t.number: [reader.entry(t, r) for r in range(1, number)] for t in record.teams}
    primary_mp = rules.primary is ScoreKind.MP
    # Floats need the primary scores before each round: walk the rounds in order.
    totals = dict.fromkeys(history, Fraction(0))
    for r in range(number - 1):
        before = dict(totals)
        for team, rounds in history.items():
            entry = rounds[r]
            opponent = entry.opponent
            # 1.5: a floater *plays against* another score; a match that did not take
            # place (forfeited as a whole, 330, or on every board) was not played (1.6.1).
            if entry.played and opponent is not None and opponent in before:
                rounds[r] = replace(entry, floater=before[opponent] != before[team])
            totals[team] += entry.match_points if primary_mp else entry.game_points
    teams: dict[int, TeamState] = {}
    for team, rounds in history.items():
        mp = sum((x.match_points for x in rounds), Fraction(0))
        gp = sum((x.game_points for x in rounds), Fraction(0))
        score, other = (mp, gp) if primary_mp else (gp, mp)
        teams[team] = TeamState(
            team, mp, gp, tuple(rounds), score, other if rules.secondary else None
        )
    absent = set(options.absent)
    absent.update(t for b in record.bye_assignments if b.round == number for t in b.ranks)
    if options.present is not None:
        to_pair = tuple(sorted(t for t in options.present if t in teams))
    else:
        to_pair = tuple(sorted(t for t in teams if t not in absent))
    forbidden: set[tuple[int, int]] = set()
    groups = [f.ranks for f in record.forbidden_pairings if f.applies_to(number)]
    for group in [*groups, *options.forbidden_pairs]:
        forbidden.update((a, b) for a in group for b in group if a < b)
    apart: set[tuple[int, int]] = set()
    lowest = [g.ranks for g in record.soft_groups if g.round == number and g.kind == "L"]
    for group in [*lowest, *options.lowest_priority_groups]:
        apart.update((a, b) for a in group for b in group if a < b)
    initial = options.initial_colour or record.initial_colour
    if initial is None or initial is Colour.NONE:
        initial = _infer_initial_colour(reader)
    return TeamSwissState(
        round=number,
        teams=teams,
        to_pair=to_pair,
        rules=rules,
        planned_rounds=planned,
        initial_colour=initial,
        forbidden=frozenset(forbidden),
        pab_exclusions=frozenset(options.pab_exclusions) | frozenset(record.pab_exclusions),
        apart=frozenset(apart),
    )


def _infer_initial_colour(reader: _Reader) -> Colour:
    """Read the drawn colour back from round 1 (4.1, 4.3.1); White when nothing tells.

    In round 1 nobody has played, so the first-team of every match (the smaller TPN, all
    scores being equal) got the initial colour when its TPN is odd and the other one when
    even.
    """
    for team in sorted(reader.record.teams, key=lambda t: t.number):
        entry = reader.entry(team, 1)
        if entry.opponent is None or entry.colour is Colour.NONE or entry.opponent < team.number:
            continue
        return entry.colour if team.number % 2 == 1 else entry.colour.opposite
    return Colour.WHITE
