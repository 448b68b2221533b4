"""The field as the Burstein rules see it before a round: read from the record, nothing else.

Scores, colour histories, PAB eligibility and acceleration are worked out here from the
record's round entries and scoring system alone, without the pairing engines' own reading
of a record, so that the reference and an engine can only agree by both following the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chesscore.record.model import Acceleration
from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry

__all__ = [
    "Entrant",
    "Field",
    "NotPostSeeding",
    "field_from_record",
    "seeding_rounds",
    "zero_point_bye_streak",
]

_ZERO_POINT_BYES = frozenset({ResultCode.ZERO_POINT_BYE, ResultCode.UNPAIRED})
_PAB_CODES = frozenset({ResultCode.PAIRING_ALLOCATED_BYE, ResultCode.FORFEIT_WIN})
"""Without an opponent, both mean the PAB (TRF16 writes it as a forfeit win)."""


class NotPostSeeding(ValueError):
    """The round is a seeding round (1.6), paired by the Dutch system: not the reference's."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player of the record as it stood before the round to pair."""

    rank: int
    """Starting rank, the record's id."""
    tpn: int
    """Tournament pairing number (1.1, GHR 2): the place in the starting order (rank, or
    file position under XXC rank) among the round's participants (`_tpns`)."""
    history: tuple[RoundEntry, ...]
    """Rounds 1 … r−1, an unpaired entry where the record has none."""
    round_points: tuple[Fraction, ...]
    """The points recorded for each round of ``history``."""
    score: Fraction
    """The real score: standings points, no virtual points (1.7.2)."""
    pairing_score: Fraction
    """The score plus this round's virtual points (C.04.7 1.5): it makes the scoregroups."""
    colours: tuple[Colour, ...]
    """Colours of the games actually played, oldest first (GHR 3.4)."""
    played_opponents: frozenset[int]
    """Opponents met over the board; an unplayed pairing is no meeting (GHR 3.5)."""
    pab_eligible: bool
    """Basic Rules 4 (C2): no PAB yet and no round won without playing; not excluded."""

    @property
    def games_played(self) -> int:
        """Games played over the board (3.1.4)."""
        return len(self.colours)


@dataclass(frozen=True, slots=True)
class Field:
    """Everyone with a place in the record, and who is to be paired in round ``round``."""

    round: int
    planned_rounds: int
    entrants: dict[int, Entrant]
    to_pair: frozenset[int]
    forbidden: frozenset[frozenset[int]]
    """Pairs that may not meet this round (XXP, TRF26 260)."""
    initial_colour: Colour
    win: Fraction
    draw: Fraction


def seeding_rounds(planned_rounds: int) -> int:
    """1.6: the first min(⌊rounds / 2⌋, 4) rounds are paired by the Dutch system.

    >>> seeding_rounds(5), seeding_rounds(9), seeding_rounds(11)
    (2, 4, 4)
    """
    return min(planned_rounds // 2, 4)


def field_from_record(record: Record) -> Field:
    """The field before the next round of ``record`` (the round after the last one paired).

    Raises ``ValueError`` naming the missing field when the planned rounds are unknown or
    the round is beyond them, and `NotPostSeeding` for a seeding round (1.6).
    """
    planned = record.planned_rounds
    if planned is None:
        raise ValueError("planned rounds (XXR / 142): missing; the seeding rounds depend on it")
    number = record.rounds_played + 1
    if number > planned:
        raise ValueError(f"round {number}: beyond the {planned} planned rounds (XXR / 142)")
    if number <= seeding_rounds(planned):
        raise NotPostSeeding(f"round {number} is a seeding round of {planned} (C.04.4.2 1.6)")
    virtual = _virtual_points(record, number)
    tpns = _tpns(record, number)
    entrants = {
        p.rank: _entrant(record, p, tpns[p.rank], number, virtual.get(p.rank, Fraction(0)))
        for p in record.players
    }
    return Field(
        round=number,
        planned_rounds=planned,
        entrants=entrants,
        to_pair=frozenset(r for r in entrants if _present(record, record.player(r), number)),
        forbidden=_forbidden_pairs(record, number),
        initial_colour=_initial_colour(record),
        win=record.scoring.win,
        draw=record.scoring.draw,
    )


def _tpns(record: Record, number: int) -> dict[int, int]:
    """GHR 2.3-2.4: the TPN is the place in the starting order (rank, or file position
    under ``XXC rank``) among the participants of the round: those to pair now and those
    paired before.  A late entrant who has not arrived (blank rounds and byes entered, no
    pairing yet) gets a TPN when first considered for a pairing (2.4), and until then
    moves no one's number.

    A player outside the count shares the number before theirs; it is never read, as
    such a player has met no one and is not paired.
    """
    listed = list(record.players)
    if not record.order_by_file_position:
        listed.sort(key=lambda p: p.rank)
    tpns: dict[int, int] = {}
    tpn = 0
    for player in listed:
        if _present(record, player, number) or _paired_before(player, number):
            tpn += 1
        tpns[player.rank] = max(tpn, 1)
    return tpns


def _paired_before(player: Player, number: int) -> bool:
    """Given an opponent (a game or a forfeit) or the PAB in a round before ``number``."""
    return any(
        player.entry(k).opponent is not None or player.entry(k).result in _PAB_CODES
        for k in range(1, number)
    )


def _entrant(record: Record, player: Player, tpn: int, number: int, virtual: Fraction) -> Entrant:
    history = tuple(player.entry(k) for k in range(1, number))
    points = tuple(record.scoring.points(e.result) for e in history)
    score = sum(points, Fraction(0))
    played = [e for e in history if e.is_played_game]
    won_unplayed = any(
        not e.is_played_game and p >= record.scoring.win
        for e, p in zip(history, points, strict=True)
    )
    had_pab = any(e.result is ResultCode.PAIRING_ALLOCATED_BYE for e in history)
    return Entrant(
        rank=player.rank,
        tpn=tpn,
        history=history,
        round_points=points,
        score=score,
        pairing_score=score + virtual,
        colours=tuple(e.colour for e in played),
        played_opponents=frozenset(e.opponent for e in played if e.opponent is not None),
        pab_eligible=not (had_pab or won_unplayed or player.rank in record.pab_exclusions),
    )


def _present(record: Record, player: Player, number: int) -> bool:
    """GHR 3.2–3.3: a bye entered for the round, or an announced absence, keeps a player out."""
    entry = player.entry(number)
    if entry.opponent is not None or entry.result is not ResultCode.UNPAIRED:
        return False
    if player.rank in record.absent_next_round:
        return False
    return not any(a.round == number and player.rank in a.ranks for a in record.bye_assignments)


def _forbidden_pairs(record: Record, number: int) -> frozenset[frozenset[int]]:
    pairs: set[frozenset[int]] = set()
    for rule in record.forbidden_pairings:
        if rule.applies_to(number):
            pairs.update(frozenset((a, b)) for a in rule.ranks for b in rule.ranks if a != b)
    return frozenset(pairs)


def _initial_colour(record: Record) -> Colour:
    """5.1: the colour drawn for round 1; White when the record does not say (XXC / 152)."""
    if record.initial_colour in (Colour.WHITE, Colour.BLACK):
        return record.initial_colour
    return Colour.WHITE


def zero_point_bye_streak(entrant: Entrant) -> int:
    """1.7.2 exception: how many of the latest rounds are an unbroken run of zero-point byes.

    An absence with no bye recorded (a blank round) is scored as a zero-point bye, so it
    counts too; a forfeit loss does not.
    """
    streak = 0
    for entry in reversed(entrant.history):
        if entry.opponent is not None or entry.result not in _ZERO_POINT_BYES:
            break
        streak += 1
    return streak


def _virtual_points(record: Record, number: int) -> dict[int, Fraction]:
    """C.04.7: virtual points of round ``number``; the organiser's lines (XXA, TRF26 250)
    take precedence over Baku acceleration, the record's."""
    if record.virtual_points or record.accelerated_rounds:
        return _manual_acceleration(record, number)
    if record.acceleration is Acceleration.BAKU:
        return _baku_acceleration(record, number)
    return {}


def _manual_acceleration(record: Record, number: int) -> dict[int, Fraction]:
    points: dict[int, Fraction] = {}
    for player in record.players:
        extra = record.virtual_points_of(player.rank, number)
        for block in record.accelerated_rounds:
            if (
                block.first_round <= number <= block.last_round
                and block.first_id <= player.rank <= block.last_id
            ):
                extra += block.game_points
        points[player.rank] = extra
    return points


def _baku_acceleration(record: Record, number: int) -> dict[int, Fraction]:
    """C.04.7 1.2–1.4, as the project reads it: group A is the first ⌈N/2⌉ of the N
    listed players by TPN, late entrants counted where they are listed.  Group A gets a
    win's points in the first ⌈A/2⌉ of the A = ⌈R/2⌉ accelerated rounds, half of that in
    the rest, nothing afterwards.
    """
    planned = record.planned_rounds or 0
    accelerated = -(-planned // 2)
    full = -(-accelerated // 2)
    if number > accelerated:
        return {}
    value = record.scoring.win if number <= full else record.scoring.win / 2
    tpns = sorted(
        (
            (position if record.order_by_file_position else p.rank, p)
            for position, p in enumerate(record.players, start=1)
        ),
        key=lambda item: item[0],
    )
    # The text makes group A 2·⌈N/4⌉ ("N/2 raised to the next even integer") of the
    # players of round 1, and keeps its last member when players enter late (1.3).
    # bbpPairings, the Dutch system's yardstick, takes the first ⌈N/2⌉ of every listed
    # player; the sizes differ when N is 1 or 2 modulo 4, and a late entrant can shift
    # the boundary.  The project reads C.04.7 one way for every system, bbpPairings' way:
    # a Burstein section's seeding rounds are paired by the Dutch system, and its later
    # rounds must see the acceleration those rounds saw.
    size = -(-len(tpns) // 2)
    return {p.rank: value for _, p in tpns[:size]}
