"""Small Burstein tournaments for property and differential tests (hypothesis).

`burstein_records` draws a record standing just before a post-seeding round of the FIDE
Burstein system: its seeding rounds paired by the Dutch engine (as 1.6 says), the
post-seeding rounds before it by random legal pairings (no rematch, no forbidden pair,
no two absolute preferences for one colour, the PAB only to an eligible player), with
random results.  The histories have forfeits (single and double), half-point and
zero-point byes, byes entered for the round to pair, late entries, forbidden pairs
(XXP), Baku acceleration (the record's, as a 192 code of ``FIDE_BURSTEIN_BAKU`` says it)
or the organiser's (XXA), an
initial colour, and odd and even fields.

This generator is no pairing logic under test: it only needs legal histories.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from dataclasses import replace
from fractions import Fraction

from hypothesis import assume
from hypothesis import strategies as st

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import pair_round
from chesscore.record.model import Acceleration
from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import VirtualPoints

__all__ = ["TournamentPlan", "build_record", "burstein_records"]

_BYE_CODES = (ResultCode.HALF_POINT_BYE, ResultCode.ZERO_POINT_BYE, ResultCode.FULL_POINT_BYE)


@dataclass(frozen=True, slots=True)
class TournamentPlan:
    """What a generated tournament has; the seed decides everything else."""

    players: int
    planned_rounds: int
    round_to_pair: int
    late_entries: int
    forbidden_pairs: int
    acceleration: str
    """``""``, ``"baku"`` or ``"manual"``."""
    forfeit_percent: int
    bye_percent: int
    initial_colour: Colour
    seed: int


@st.composite
def burstein_records(draw: st.DrawFn, max_players: int = 11) -> Record:
    """A record just before a post-seeding Burstein round (round > min(⌊R/2⌋, 4))."""
    players = draw(st.integers(min_value=6, max_value=max_players))
    # Fewer rounds than players, as a Swiss has: later rounds could seldom be paired.
    planned = draw(st.integers(min_value=5, max_value=min(9, players - 1)))
    seeding = min(planned // 2, 4)
    plan = TournamentPlan(
        players=players,
        planned_rounds=planned,
        round_to_pair=draw(st.integers(min_value=seeding + 1, max_value=planned)),
        late_entries=draw(st.integers(min_value=0, max_value=2)),
        forbidden_pairs=draw(st.integers(min_value=0, max_value=2)),
        acceleration=draw(st.sampled_from(["", "", "baku", "manual"])),
        forfeit_percent=draw(st.sampled_from([0, 5, 15])),
        bye_percent=draw(st.sampled_from([0, 5, 15])),
        initial_colour=draw(st.sampled_from([Colour.WHITE, Colour.BLACK])),
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
    )
    record = build_record(plan)
    assume(record is not None)
    assert record is not None
    return record


def build_record(plan: TournamentPlan) -> Record | None:
    """The record of ``plan`` before its round to pair, or before the first round that
    could not be paired (``None`` if that is a seeding round).

    A seeding round the Dutch engine cannot pair is paired at random instead.
    """
    rng = random.Random(plan.seed)
    ranks = list(range(1, plan.players + 1))
    late = rng.sample(ranks[1:], min(plan.late_entries, plan.players - 4))
    arrival = {r: (rng.randint(2, plan.round_to_pair) if r in late else 1) for r in ranks}
    pairs = [tuple(rng.sample(ranks, 2)) for _ in range(plan.forbidden_pairs)]
    record = Record(
        players=tuple(Player(rank=r, name=f"Player {r}", rating=2500 - 10 * r) for r in ranks),
        event=Event(system="FIDE_BURSTEIN"),
        acceleration=Acceleration.BAKU if plan.acceleration == "baku" else Acceleration.NONE,
        planned_rounds=plan.planned_rounds,
        initial_colour=plan.initial_colour,
        forbidden_pairings=tuple(ForbiddenPairing(p) for p in pairs),
        virtual_points=_manual_acceleration(rng, ranks, plan)
        if plan.acceleration == "manual"
        else (),
    )
    seeding = min(plan.planned_rounds // 2, 4)
    for number in range(1, plan.round_to_pair + 1):
        record = _enter_byes(rng, record, plan, number, arrival)
        if number == plan.round_to_pair:
            break
        paired = _pair_seeding(record, number) if number <= seeding else None
        if paired is None:
            paired = _pair_randomly(rng, record, number)
        if paired is None:
            return record if number > seeding else None
        record = _play(rng, record, plan, number, *paired)
    return record


def _manual_acceleration(
    rng: random.Random, ranks: list[int], plan: TournamentPlan
) -> tuple[VirtualPoints, ...]:
    top = ranks[: max(2, len(ranks) // 2)]
    values = (Fraction(1), Fraction(1, 2), Fraction(0))
    return tuple(
        VirtualPoints(r, tuple(rng.choice(values) for _ in range(plan.planned_rounds))) for r in top
    )


def _enter_byes(
    rng: random.Random, record: Record, plan: TournamentPlan, number: int, arrival: dict[int, int]
) -> Record:
    """Column ``number``: blank for a late entrant not arrived yet (and nobody pairs them),
    sometimes a bye asked for, else left blank for the pairing."""
    players = []
    for p in record.players:
        rounds = list(p.rounds) + [RoundEntry()] * (number - 1 - len(p.rounds))
        if arrival[p.rank] <= number and rng.randrange(100) < plan.bye_percent:
            rounds.append(RoundEntry(None, Colour.NONE, rng.choice(_BYE_CODES)))
        players.append(replace(p, rounds=tuple(rounds)))
    arrived = {r for r, first in arrival.items() if first <= number}
    return replace(
        record,
        players=tuple(players),
        absent_next_round=tuple(sorted(r for r in arrival if r not in arrived)),
    )


def _pair_seeding(record: Record, number: int) -> tuple[list[tuple[int, int]], int | None] | None:
    """1.6: a seeding round, paired by the Dutch system (the engine of this project), with
    the tournament's acceleration (C.04.7; the organiser's XXA lines stay as they are)."""
    absent = set(record.absent_next_round)
    visible = replace(
        record,
        players=tuple(p for p in record.players if p.rank not in absent or p.rounds),
        absent_next_round=tuple(sorted(r for r in absent if record.player(r).rounds)),
        event=Event(system="FIDE_DUTCH_2025"),
    )
    try:
        result = pair_round(visible, options=PairingOptions(round_to_pair=number))
    except NoLegalPairing:
        return None
    return [(b.white, b.black) for b in result.boards], result.bye


def _pair_randomly(
    rng: random.Random, record: Record, number: int
) -> tuple[list[tuple[int, int]], int | None] | None:
    """A random legal pairing: C1, the forbidden pairs, C3, and an eligible PAB."""
    present = [
        p.rank
        for p in record.players
        if p.rank not in record.absent_next_round and p.entry(number) == RoundEntry()
    ]
    rng.shuffle(present)
    bye = None
    if len(present) % 2:
        eligible = [r for r in present if _pab_eligible(record, r, number)]
        rng.shuffle(eligible)
        for candidate in eligible:
            rest = [r for r in present if r != candidate]
            pairs = _random_matching(rng, record, rest, number)
            if pairs is not None:
                return pairs, candidate
        return None
    pairs = _random_matching(rng, record, present, number)
    return None if pairs is None else (pairs, bye)


def _random_matching(
    rng: random.Random, record: Record, players: list[int], number: int
) -> list[tuple[int, int]] | None:
    if not players:
        return []
    first, rest = players[0], players[1:]
    partners = [r for r in rest if _may_meet(record, first, r, number)]
    rng.shuffle(partners)
    for other in partners[:4]:
        found = _random_matching(rng, record, [r for r in rest if r != other], number)
        if found is not None:
            return [(first, other), *found]
    return None


def _colours(record: Record, rank: int, number: int) -> list[Colour]:
    return [e.colour for e in record.player(rank).rounds[: number - 1] if e.is_played_game]


def _absolute(colours: list[Colour]) -> Colour | None:
    """The colour a player must have (Basic Rules 6-7), if any."""
    cd = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
    if cd < -1 or (len(colours) > 1 and colours[-1] is colours[-2] is Colour.BLACK):
        return Colour.WHITE
    if cd > 1 or (len(colours) > 1 and colours[-1] is colours[-2] is Colour.WHITE):
        return Colour.BLACK
    return None


def _may_meet(record: Record, a: int, b: int, number: int) -> bool:
    history = record.player(a).rounds[: number - 1]
    if any(e.opponent == b and e.is_played_game for e in history):
        return False
    if any({a, b} <= set(f.ranks) for f in record.forbidden_pairings):
        return False
    need_a, need_b = _absolute(_colours(record, a, number)), _absolute(_colours(record, b, number))
    return need_a is None or need_a is not need_b


def _pab_eligible(record: Record, rank: int, number: int) -> bool:
    for entry in record.player(rank).rounds[: number - 1]:
        if entry.result is ResultCode.PAIRING_ALLOCATED_BYE:
            return False
        if not entry.is_played_game and record.scoring.points(entry.result) >= record.scoring.win:
            return False
    return True


def _play(
    rng: random.Random,
    record: Record,
    plan: TournamentPlan,
    number: int,
    pairs: list[tuple[int, int]],
    bye: int | None,
) -> Record:
    """Colours (absolute needs first, else at random) and random results for round ``number``."""
    entries: dict[int, RoundEntry] = {}
    for a, b in pairs:
        white, black = _seat(rng, record, a, b, number)
        roll = rng.randrange(100)
        if roll < plan.forfeit_percent:
            codes = rng.choice(
                [
                    (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
                    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
                    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
                ]
            )
        else:
            codes = rng.choice(
                [
                    (ResultCode.WIN, ResultCode.LOSS),
                    (ResultCode.DRAW, ResultCode.DRAW),
                    (ResultCode.LOSS, ResultCode.WIN),
                ]
            )
        entries[white] = RoundEntry(black, Colour.WHITE, codes[0])
        entries[black] = RoundEntry(white, Colour.BLACK, codes[1])
    if bye is not None:
        entries[bye] = RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)
    players = []
    for p in record.players:
        rounds = list(p.rounds[: number - 1])
        rounds += [RoundEntry()] * (number - 1 - len(rounds))
        rounds.append(entries.get(p.rank, p.entry(number)))
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(record, players=tuple(players), absent_next_round=())


def _seat(rng: random.Random, record: Record, a: int, b: int, number: int) -> tuple[int, int]:
    need_a = _absolute(_colours(record, a, number))
    need_b = _absolute(_colours(record, b, number))
    if need_a is Colour.WHITE or need_b is Colour.BLACK:
        return a, b
    if need_a is Colour.BLACK or need_b is Colour.WHITE:
        return b, a
    return (a, b) if rng.random() < 0.5 else (b, a)
