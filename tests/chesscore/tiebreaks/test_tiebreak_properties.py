"""Properties of the tie-break engine on generated sections (hypothesis)."""

from __future__ import annotations

from fractions import Fraction
from random import Random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.tiebreaks import standings
from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.encounter import mini_table
from chesscore.tiebreaks.section import Track
from chesscore.tiebreaks.section import section_from_record

R = ResultCode
GAME_RESULTS = [R.WIN, R.DRAW, R.LOSS, R.FORFEIT_WIN, R.FORFEIT_LOSS, R.UNRATED_DRAW, None]
EVERY_CODE = [
    "BH-C1", "BH", "BH-C2", "BH-M1", "SB", "SB-C1", "AOB", "FB", "DE", "WIN", "WON", "BPG",
    "BWG", "REP", "PS", "PS-C1", "STD", "KS", "ARO", "ARO-C1", "TPR", "PTP", "APRO", "APPO",
    "RTNG", "TPN",
]  # fmt: skip


@st.composite
def swiss_records(draw: st.DrawFn) -> Record:
    """A Swiss-like section: random pairings, byes, absences, forfeits, double forfeits."""
    n = draw(st.integers(2, 10))
    rounds = draw(st.integers(1, 5))
    lines: dict[int, list[RoundEntry]] = {p: [] for p in range(1, n + 1)}
    for _ in range(rounds):
        order = draw(st.permutations(list(range(1, n + 1))))
        absent = draw(st.integers(0, n // 3))
        for p in order[:absent]:
            kind = draw(st.sampled_from([R.HALF_POINT_BYE, R.ZERO_POINT_BYE, R.FULL_POINT_BYE]))
            lines[p].append(RoundEntry(None, Colour.NONE, kind))
        present = list(order[absent:])
        if len(present) % 2:
            lines[present.pop()].append(RoundEntry(None, Colour.NONE, R.PAIRING_ALLOCATED_BYE))
        for white, black in zip(present[::2], present[1::2], strict=True):
            result = draw(st.sampled_from(GAME_RESULTS))
            if result is None:  # double forfeit
                mine, theirs = R.FORFEIT_LOSS, R.FORFEIT_LOSS
            else:
                mine, theirs = result, result.counterpart
            lines[white].append(RoundEntry(black, Colour.WHITE, mine))
            lines[black].append(RoundEntry(white, Colour.BLACK, theirs))
    ratings = draw(st.lists(st.integers(1400, 2500), min_size=n, max_size=n))
    players = tuple(
        Player(p, rating=ratings[p - 1], rounds=tuple(lines[p])) for p in range(1, n + 1)
    )
    return Record(players=players, system="dutch")


@st.composite
def round_robins(draw: st.DrawFn) -> Record:
    """A finished single round robin (circle method), every game played over the board."""
    n = draw(st.sampled_from([4, 6, 8]))
    lines: dict[int, list[RoundEntry]] = {p: [] for p in range(1, n + 1)}
    ring = list(range(1, n + 1))
    for _ in range(n - 1):
        for i in range(n // 2):
            white, black = ring[i], ring[n - 1 - i]
            result = draw(st.sampled_from([R.WIN, R.DRAW, R.LOSS]))
            lines[white].append(RoundEntry(black, Colour.WHITE, result))
            lines[black].append(RoundEntry(white, Colour.BLACK, result.counterpart))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    players = tuple(Player(p, rating=2000, rounds=tuple(lines[p])) for p in range(1, n + 1))
    return Record(players=players, system="round_robin")


@settings(max_examples=150, deadline=None)
@given(swiss_records())
def test_cuts_never_raise_a_sum(record: Record) -> None:
    result = standings(record, ["BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1"])
    for row in result.rows:
        bh, c1, c2, m1, sb, sb_c1 = (Fraction(v) for v in row.values)  # type: ignore[arg-type]
        assert c2 <= c1 <= bh
        assert m1 <= c1
        assert sb_c1 <= sb


@settings(max_examples=100, deadline=None)
@given(swiss_records(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_the_order_of_players_in_the_file(
    record: Record, rng: Random
) -> None:
    players = list(record.players)
    rng.shuffle(players)
    shuffled = Record(players=tuple(players), event=record.event)
    assert standings(shuffled, EVERY_CODE) == standings(record, EVERY_CODE)


@settings(max_examples=100, deadline=None)
@given(round_robins())
def test_round_robin_direct_encounter_agrees_with_the_games_between_the_tied(
    record: Record,
) -> None:
    result = standings(record, ["DE"])
    section = section_from_record(record)
    ctx = Context(section)
    by_points: dict[Fraction, list[int]] = {}
    for row in result.rows:
        by_points.setdefault(row.points, []).append(row.number)
    for group in by_points.values():
        scores, unmet = mini_table(ctx, group, Track.POINTS, as_played=True)
        assert not any(unmet.values())
        for a in group:
            for b in group:
                if scores[a] > scores[b]:
                    assert result.row(a).rank < result.row(b).rank
        if len(group) == 2:
            a, b = group
            if scores[a] == scores[b]:
                assert result.row(a).rank == result.row(b).rank


@settings(max_examples=50, deadline=None)
@given(swiss_records())
def test_same_input_gives_the_same_standings(record: Record) -> None:
    assert standings(record, EVERY_CODE) == standings(record, EVERY_CODE)
