"""Per-player state derived from a tournament record, as the Swiss rules need it.

Everything here is computed from the record (C.04.1 basic rules, C.04.2 general handling
rules): scores in integer tenths of a point, colour history and preferences (C.04.3 A.6),
float history (A.4), eligibility for the pairing-allocated bye (C.04.1 c, C.04.3 C2) and
acceleration points (C.04.7 Baku, or the organiser's ``XXA`` virtual points).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction

from chesscore.record.model import Acceleration
from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import ScoringSystem

__all__ = [
    "Game",
    "InvalidRecord",
    "PlayerState",
    "TournamentState",
    "baku_scoring",
    "in_tenths",
    "state_from_record",
]

TENTHS = 10
"""Scores are kept as integers in tenths of a point, the TRF resolution."""


class InvalidRecord(ValueError):
    """The record cannot be paired as it stands (missing planned rounds, bad scores...)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One past round of a player: what the pairing rules need to know about it.

    ``opponent`` is the opponent's starting rank, ``None`` for any kind of bye or absence.
    ``points`` is what the round earned, in tenths.  ``paired`` is true when the player
    took part in the pairing of that round (a game, played or forfeited, or the PAB).
    """

    opponent: int | None
    colour: Colour
    points: int
    played: bool
    paired: bool
    pab: bool


@dataclass(slots=True)
class PlayerState:
    """What C.04.3 needs to know about one player before the round is paired."""

    rank: int
    """Starting rank (TRF pairing id)."""
    order: int
    """Effective pairing number, 0-based: tie-break for equal scores and colour order."""
    games: list[Game]
    score: int
    """Score in tenths before the round, without acceleration."""
    accelerations: list[int] = field(default_factory=list)
    """Acceleration in tenths per round index (0 = round 1)."""
    played_games: int = 0
    colour_imbalance: int = 0
    colour_preference: Colour = Colour.NONE
    repeated_colour: Colour = Colour.NONE
    """Colour of the last two played games when they were the same, else ``NONE``."""
    strong_preference: bool = False
    bye_eligible: bool = True

    @property
    def absolute_imbalance(self) -> bool:
        """A.6.a: the colour difference is greater than one."""
        return self.colour_imbalance > 1

    @property
    def absolute_preference(self) -> bool:
        """A.6.a: colour difference beyond one, or the same colour twice in a row."""
        return self.colour_imbalance > 1 or self.repeated_colour is not Colour.NONE

    def last_colour_difference(self, other: PlayerState) -> tuple[Colour, Colour]:
        """This player's and ``other``'s colours in the latest round in which they differed,
        counting played games only (``NONE`` twice when there is none).

        The two histories are read backwards side by side, one played game at a time.
        """
        mine = [g.colour for g in self.games if g.played]
        theirs = [g.colour for g in other.games if g.played]
        i, j = len(mine) - 1, len(theirs) - 1
        while i >= 0 and j >= 0 and mine[i] is theirs[j]:
            i -= 1
            j -= 1
        if i >= 0 and j >= 0:
            return mine[i], theirs[j]
        return Colour.NONE, Colour.NONE


@dataclass(slots=True)
class TournamentState:
    """The section as the pairing of the next round sees it."""

    played_rounds: int
    expected_rounds: int
    points_for_win: int
    points_for_draw: int
    points_for_loss: int
    initial_colour: Colour
    players: dict[int, PlayerState]
    """Every player with a pairing number this round, by starting rank."""
    to_pair: list[int]
    """Starting ranks of the players present for the round to pair."""
    forbidden: dict[int, set[int]]
    """Pairs that may not meet (previous opponents are added by the engine)."""

    def forbidden_or_met(self) -> dict[int, set[int]]:
        """Who may not meet whom this round: the forbidden pairs and previous opponents."""
        forbidden = {rank: set(group) for rank, group in self.forbidden.items()}
        for p in self.players.values():
            for g in p.games:
                if g.played and g.opponent is not None:
                    forbidden[p.rank].add(g.opponent)
                    forbidden.setdefault(g.opponent, set()).add(p.rank)
        return forbidden

    def accelerated_score(self, player: PlayerState, rounds_back: int = 0) -> int:
        """Score with acceleration as it stood ``rounds_back`` rounds before this one."""
        score = player.score
        index = self.played_rounds
        for _ in range(rounds_back):
            index -= 1
            score -= player.games[index].points
        if index < len(player.accelerations):
            score += player.accelerations[index]
        return score


def in_tenths(value: Fraction) -> bool:
    """Whether `value` points are a multiple of a tenth of a point: the scores the engines
    keep (`TENTHS`).

    >>> in_tenths(Fraction(1, 2)), in_tenths(Fraction(3, 4))
    (True, False)
    """
    return (value * TENTHS).denominator == 1


def baku_scoring(scoring: ScoringSystem) -> bool:
    """Whether Baku acceleration (C.04.7) can add its virtual points under `scoring`: a win
    and a draw, so a draw must be half a win and a loss nothing."""
    return scoring.loss == 0 and scoring.draw * 2 == scoring.win


def _tenths(value: Fraction) -> int:
    if not in_tenths(value):
        raise InvalidRecord(f"{value} is not a multiple of a tenth of a point")
    return int(value * TENTHS)


_WIN_CODES = frozenset(
    {ResultCode.WIN, ResultCode.UNRATED_WIN, ResultCode.FORFEIT_WIN, ResultCode.FULL_POINT_BYE}
)
_DRAW_CODES = frozenset({ResultCode.DRAW, ResultCode.UNRATED_DRAW, ResultCode.HALF_POINT_BYE})


def state_from_record(
    record: Record,
    round_to_pair: int | None = None,
    *,
    pab_exclusions: frozenset[int] = frozenset(),
    present: frozenset[int] | None = None,
    planned_rounds: int | None = None,
) -> TournamentState:
    """Build the per-player state for pairing ``round_to_pair`` (default: the next round).

    Only the rounds before ``round_to_pair`` are read; a non-blank entry in that round's
    column (a bye entered in advance, C.04.2) keeps the player out of the pairing.
    ``present`` overrides who takes part (replaying a recorded round); ``planned_rounds``
    stands in for a record without the number of rounds.
    """
    played = record.next_round - 1 if round_to_pair is None else round_to_pair - 1
    expected = record.planned_rounds if planned_rounds is None else planned_rounds
    if expected is None:
        raise InvalidRecord("the number of planned rounds (XXR / 142) is missing")
    if played >= expected:
        raise InvalidRecord(f"round {played + 1} is beyond the {expected} planned rounds")
    scoring = record.scoring
    win = _tenths(scoring.win)
    draw = _tenths(scoring.draw)
    loss = _tenths(scoring.loss)
    forfeit_loss = _tenths(scoring.forfeit_loss)
    zero_bye = _tenths(scoring.zero_point_bye)
    pab_points = _tenths(scoring.pairing_allocated_bye)

    def points_of(result: ResultCode, opponent: int | None, paired: bool, played: bool) -> int:
        # Byes and forfeits score as the corresponding game result (the reference
        # point systems BBW/BBD/BBL/BBZ/BBF/BBU have no separate half-point-bye value).
        if result in _WIN_CODES:
            return pab_points if opponent is None and paired else win
        if result is ResultCode.PAIRING_ALLOCATED_BYE:
            return pab_points
        if result in _DRAW_CODES:
            return draw
        if paired:
            return loss if played else forfeit_loss
        return zero_bye

    absent = set(record.absent_next_round)
    for assignment in record.bye_assignments:
        if assignment.round == played + 1:
            absent.update(assignment.ranks)

    ordered = list(record.players)
    if not record.order_by_file_position:
        ordered.sort(key=lambda p: p.rank)

    players: dict[int, PlayerState] = {}
    to_pair: list[int] = []
    order = 0
    for source in ordered:
        games: list[Game] = []
        for number in range(1, played + 1):
            entry = source.entry(number)
            result = entry.result
            opponent = entry.opponent
            is_played = opponent is not None and result.is_played
            paired = opponent is not None or result in (
                ResultCode.PAIRING_ALLOCATED_BYE,
                ResultCode.FORFEIT_WIN,
            )
            colour = entry.colour if is_played else Colour.NONE
            games.append(
                Game(
                    opponent=opponent,
                    colour=colour,
                    points=points_of(result, opponent, paired, is_played),
                    played=is_played,
                    paired=paired,
                    pab=opponent is None and paired,
                )
            )
        next_entry = source.entry(played + 1)
        if present is None:
            playing = (
                next_entry.result is ResultCode.UNPAIRED
                and next_entry.opponent is None
                and source.rank not in absent
            )
        else:
            playing = source.rank in present
        if not playing and not any(g.paired for g in games):
            # Never paired and not playing this round: no pairing number (C.04.2).
            continue
        state = PlayerState(
            rank=source.rank,
            order=order,
            games=games,
            score=sum(g.points for g in games),
        )
        order += 1
        _derive_colours(state)
        state.bye_eligible = source.rank not in pab_exclusions and not any(
            (not g.played and g.points >= win) or g.pab for g in games
        )
        players[source.rank] = state
        if playing:
            to_pair.append(source.rank)

    _apply_acceleration(record, players, ordered, played, expected, win, draw)

    forbidden: dict[int, set[int]] = {rank: set() for rank in players}
    for rule in record.forbidden_pairings:
        if not rule.applies_to(played + 1):
            continue
        members = [r for r in rule.ranks if r in players]
        for a in members:
            forbidden[a].update(b for b in members if b != a)

    initial = (
        record.initial_colour
        if record.initial_colour is not None and record.initial_colour is not Colour.NONE
        else _infer_initial_colour(ordered)
    )
    return TournamentState(
        played_rounds=played,
        expected_rounds=expected,
        points_for_win=win,
        points_for_draw=draw,
        points_for_loss=loss,
        initial_colour=initial,
        players=players,
        to_pair=to_pair,
        forbidden=forbidden,
    )


def _derive_colours(player: PlayerState) -> None:
    """C.04.3 A.6: colour difference, preference and its strength from played games."""
    whites = blacks = consecutive = 0
    last = Colour.NONE
    for game in player.games:
        if not game.played:
            continue
        player.played_games += 1
        if game.colour is Colour.WHITE:
            whites += 1
        else:
            blacks += 1
        consecutive = consecutive + 1 if consecutive and game.colour is last else 1
        last = game.colour
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    player.colour_imbalance = abs(whites - blacks)
    if player.colour_imbalance > 1:
        player.colour_preference = lower
    elif consecutive > 1:
        player.colour_preference = last.opposite
    elif player.colour_imbalance > 0:
        player.colour_preference = lower
    elif consecutive:
        player.colour_preference = last.opposite
    player.repeated_colour = last if consecutive > 1 else Colour.NONE
    player.strong_preference = not player.absolute_preference and player.colour_imbalance > 0


def _apply_acceleration(
    record: Record,
    players: dict[int, PlayerState],
    ordered: list[Player],
    played: int,
    expected: int,
    win: int,
    draw: int,
) -> None:
    """Virtual points: the organiser's (``XXA``/250) when the record has any, else Baku
    acceleration (C.04.7) when the record's acceleration is Baku."""
    manual = bool(record.virtual_points or record.accelerated_rounds)
    if manual:
        for state in players.values():
            values: list[int] = []
            for number in range(1, played + 2):
                extra = record.virtual_points_of(state.rank, number)
                for block in record.accelerated_rounds:
                    if (
                        block.first_round <= number <= block.last_round
                        and block.first_id <= state.rank <= block.last_id
                    ):
                        extra = block.game_points
                values.append(_tenths(extra))
            state.accelerations = values
        return
    if record.acceleration is not Acceleration.BAKU:
        return
    if not baku_scoring(record.scoring):
        raise InvalidRecord("the point system is inconsistent with Baku acceleration")
    # C.04.7: the first half of the starting list (every listed player counts) gets one
    # win of virtual points in the first rounds, then one draw, then nothing.
    last_rank = (len(ordered) - 1) // 2
    last_round = (expected - 1) // 2
    last_full_round = last_round // 2
    for position, source in enumerate(ordered):
        if position > last_rank:
            break
        accelerated = players.get(source.rank)
        if accelerated is None:
            continue
        accelerated.accelerations = [
            win if index <= last_full_round else draw
            for index in range(min(last_round, played) + 1)
        ]


def _infer_initial_colour(ordered: list[Player]) -> Colour:
    """Recover the colour drawn for the top player from the whole record.

    The first round in which anyone has a colour is found; the first player (in pairing
    number order) paired by then with a colour in that round gives it, inverted when an
    odd number of paired players precede them.  White when nothing can be inferred.
    """
    first = min(
        (
            number
            for p in ordered
            for number, e in enumerate(p.rounds, start=1)
            if e.colour is not Colour.NONE
        ),
        default=None,
    )
    if first is None:
        return Colour.WHITE
    position = 0
    for source in ordered:
        if not any(
            e.opponent is not None
            or e.result in (ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FORFEIT_WIN)
            for e in source.rounds[:first]
        ):
            continue
        colour = source.entry(first).colour
        if colour is not Colour.NONE:
            return colour.opposite if position & 1 else colour
        position += 1
    return Colour.WHITE
