"""The casual best-effort Swiss: hand-built cases per rule, properties, a simulated event."""

from __future__ import annotations

import random
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import PairingResult
from chesscore.pairing import pair_round
from chesscore.pairing.casual import CasualNote
from chesscore.pairing.casual import pair_casual
from chesscore.planners.values import PairingInput
from chesscore.record.model import ByeAssignment
from chesscore.record.model import Colour
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.systems import SYSTEMS

CASUAL = PairingOptions()
Game = tuple[int, int, str]
"""(white, black, result for white: "1", "=", "0")."""

_RESULTS = {"1": ResultCode.WIN, "=": ResultCode.DRAW, "0": ResultCode.LOSS}


def _record(
    players: int,
    rounds: Sequence[Sequence[Game]] = (),
    *,
    byes: Sequence[dict[int, ResultCode]] = (),
    ratings: dict[int, int] | None = None,
    planned: int = 9,
    **settings_: object,
) -> Record:
    """A section of ``players`` whose past ``rounds`` are given as games; ``byes[r]`` maps a
    rank to its bye code in round r + 1 (a later index pre-enters a bye)."""
    entries: dict[int, list[RoundEntry]] = {r: [] for r in range(1, players + 1)}
    total = max(len(rounds), len(byes))
    for index in range(total):
        games = rounds[index] if index < len(rounds) else ()
        for white, black, result in games:
            code = _RESULTS[result]
            entries[white].append(RoundEntry(black, Colour.WHITE, code))
            entries[black].append(RoundEntry(white, Colour.BLACK, code.counterpart))
        given_byes = byes[index] if index < len(byes) else {}
        for rank, code in given_byes.items():
            entries[rank].append(RoundEntry(None, Colour.NONE, code))
        for done in entries.values():
            if len(done) <= index:
                done.append(RoundEntry())
    ratings = ratings or {}
    return Record(
        players=tuple(
            Player(rank=r, name=f"P{r}", rating=ratings.get(r), rounds=tuple(e))
            for r, e in entries.items()
        ),
        planned_rounds=planned,
        **settings_,  # type: ignore[arg-type]
    )


def _pairs(result: PairingResult) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in result.boards}


def _notes(result: PairingResult) -> list[CasualNote]:
    notes = [n for n in result.explanation if isinstance(n, CasualNote)]
    assert len(notes) == len(result.explanation)
    return notes


def _rematches(result: PairingResult) -> int:
    return sum(len(n.rematches) for n in _notes(result))


# Score groups and floaters.


def test_round_one_pairs_top_half_against_bottom_half_with_alternating_colours() -> None:
    result = pair_casual(_record(8), CASUAL)
    assert [(b.white, b.black) for b in result.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert result.bye is None


def test_initial_colour_black_gives_the_top_board_black() -> None:
    result = pair_casual(_record(4, initial_colour=Colour.BLACK), CASUAL)
    assert [(b.white, b.black) for b in result.boards] == [(3, 1), (2, 4)]


def test_lowest_ranked_player_of_an_odd_group_floats_to_the_top_of_the_next() -> None:
    record = _record(6, [[(1, 4, "1"), (5, 2, "0"), (3, 6, "1")]])
    result = pair_casual(record, CASUAL)
    assert _pairs(result) == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    top = _notes(result)[0]
    assert top.residents == (1, 2, 3)
    assert top.floated_down == (3,)
    assert any("odd number of players" in reason for reason in top.reasons)
    assert _notes(result)[1].moved_down == (3,)


def test_a_group_that_can_only_pair_with_rematches_floats_instead() -> None:
    # 1 and 2 met in round 1 and lead alone: each pairs with the group below.
    record = _record(
        4,
        [
            [(1, 2, "="), (3, 4, "=")],
            [(3, 1, "0"), (2, 4, "1")],
        ],
    )
    result = pair_casual(record, CASUAL)
    assert _pairs(result) == {frozenset((1, 4)), frozenset((2, 3))}
    assert _rematches(result) == 0
    assert any("avoids a rematch" in r for r in _notes(result)[0].reasons)


# Rematches.


def _round_robin_of_four() -> Record:
    return _record(
        4,
        [
            [(1, 4, "1"), (2, 3, "=")],
            [(3, 1, "0"), (4, 2, "0")],
            [(1, 2, "="), (3, 4, "1")],
        ],
        planned=4,
    )


def test_rematches_are_allowed_when_every_opponent_has_been_met() -> None:
    result = pair_casual(_round_robin_of_four(), CASUAL)
    assert len(result.boards) == 2
    assert result.bye is None
    assert _rematches(result) == 2
    reasons = [r for n in _notes(result) for r in n.reasons]
    assert sum("no rematch-free pairing exists" in r for r in reasons) == 2


def test_no_rematch_when_a_rematch_free_pairing_exists() -> None:
    record = _record(4, [[(1, 3, "="), (2, 4, "=")]])
    result = pair_casual(record, CASUAL)
    assert _pairs(result) & {frozenset((1, 3)), frozenset((2, 4))} == set()
    assert _rematches(result) == 0


def test_the_fewest_rematches_are_allowed() -> None:
    # Six players, 1 has met everyone but 6: only 1-6 keeps 1 out of a rematch.
    record = _record(
        6,
        [
            [(1, 2, "1"), (3, 4, "1"), (5, 6, "1")],
            [(3, 1, "0"), (5, 2, "0"), (4, 6, "1")],
            [(1, 4, "1"), (2, 3, "1"), (6, 5, "0")],
            [(5, 1, "0"), (2, 6, "1"), (4, 3, "0")],
        ],
    )
    result = pair_casual(record, CASUAL)
    assert frozenset((1, 6)) in _pairs(result)
    assert _rematches(result) == 0


def test_a_forfeited_game_is_not_a_rematch() -> None:
    record = _record(2)
    forfeit = (RoundEntry(2, Colour.WHITE, ResultCode.FORFEIT_WIN),)
    lost = (RoundEntry(1, Colour.BLACK, ResultCode.FORFEIT_LOSS),)
    record = replace(
        record,
        players=(replace(record.player(1), rounds=forfeit), replace(record.player(2), rounds=lost)),
    )
    result = pair_casual(record, CASUAL)
    assert _pairs(result) == {frozenset((1, 2))}
    assert _rematches(result) == 0


# Family/club groups.


def test_a_family_group_from_the_options_is_avoided() -> None:
    options = replace(CASUAL, forbidden_pairs=((1, 3),))
    result = pair_casual(_record(4), options)
    assert frozenset((1, 3)) not in _pairs(result)
    assert all(not n.conflicts for n in _notes(result))


def test_a_family_group_from_the_record_is_avoided() -> None:
    record = _record(6, forbidden_pairings=(ForbiddenPairing(ranks=(1, 4, 2)),))
    result = pair_casual(record, CASUAL)
    pairs = _pairs(result)
    assert not pairs & {frozenset((1, 4)), frozenset((1, 2)), frozenset((2, 4))}


def test_a_family_group_is_accepted_rather_than_a_rematch() -> None:
    record = _record(4, [[(1, 3, "="), (2, 4, "=")]])
    options = replace(CASUAL, forbidden_pairs=((1, 2), (3, 4), (1, 4), (2, 3)))
    result = pair_casual(record, options)
    assert _rematches(result) == 0
    conflicts = [c for n in _notes(result) for c in n.conflicts]
    assert len(conflicts) == 2


def test_the_family_group_rule_ends_with_its_round_range() -> None:
    rule = ForbiddenPairing(ranks=(1, 3), first_round=2, last_round=3)
    result = pair_casual(_record(4, forbidden_pairings=(rule,)), CASUAL)
    assert frozenset((1, 3)) in _pairs(result)


# Colours.


def test_colours_alternate_from_the_last_game() -> None:
    record = _record(8, [[(1, 5, "="), (6, 2, "="), (3, 7, "="), (8, 4, "=")]])
    result = pair_casual(record, CASUAL)
    first_whites = {1, 6, 3, 8}
    assert {b.white for b in result.boards} == {1, 2, 3, 4, 5, 6, 7, 8} - first_whites


def test_the_top_player_of_a_pair_gets_the_due_colour_first() -> None:
    # 1 and 2 both had black and won; 3 and 4 both had white and lost.
    record = _record(4, [[(3, 1, "0"), (4, 2, "0")]])
    result = pair_casual(record, CASUAL)
    assert [(b.white, b.black) for b in result.boards] == [(1, 2), (4, 3)]


def test_the_colour_difference_comes_before_the_last_colour() -> None:
    # 1: W W B (due black by the difference); 2: B B W (due white).
    record = _record(
        4,
        [
            [(1, 3, "="), (4, 2, "=")],
            [(1, 4, "="), (3, 2, "=")],
            [(3, 1, "="), (2, 4, "=")],
        ],
    )
    result = pair_casual(record, CASUAL)
    boards = {(b.white, b.black) for b in result.boards}
    assert boards == {(2, 1), (4, 3)}


def test_a_third_colour_in_a_row_is_avoided() -> None:
    # 1: W W (must have black), 2: W B, 3: B W, 4: B B (must have white).
    record = _record(4, [[(1, 3, "1"), (2, 4, "1")], [(1, 4, "1"), (3, 2, "0")]])
    result = pair_casual(record, CASUAL)
    assert [(b.white, b.black) for b in result.boards] == [(2, 1), (4, 3)]
    assert not [r for n in _notes(result) for r in n.reasons if "streak" in r]


def test_a_second_colour_in_a_row_is_reported_as_a_streak() -> None:
    # 1 and 2 both had white and won: the top player gets black, 2 white again.
    record = _record(4, [[(1, 3, "1"), (2, 4, "1")]])
    result = pair_casual(record, CASUAL)
    assert (result.boards[0].white, result.boards[0].black) == (2, 1)
    reasons = [r for n in _notes(result) for r in n.reasons]
    assert "colour streak: 2 WW" in reasons
    assert "colour streak: 4 BB" in reasons


# Byes.


def test_the_bye_goes_to_the_lowest_ranked_player_of_the_lowest_group() -> None:
    result = pair_casual(_record(5), CASUAL)
    assert result.bye == 5
    assert len(result.boards) == 2


def test_the_bye_goes_to_the_player_with_the_fewest_full_byes() -> None:
    record = _record(
        5,
        [[(1, 3, "0"), (4, 2, "0")]],
        byes=[{5: ResultCode.PAIRING_ALLOCATED_BYE}],
    )
    result = pair_casual(record, CASUAL)
    # 5 had the bye; 1 and 4 lost: the lower-ranked of them (by higher number) gets it.
    assert result.bye == 4
    assert any("pairing bye: 4" in r for n in _notes(result) for r in n.reasons)


def test_a_full_point_bye_counts_as_a_full_bye() -> None:
    record = _record(5, [[(1, 3, "0"), (4, 2, "0")]], byes=[{5: ResultCode.FULL_POINT_BYE}])
    assert pair_casual(record, CASUAL).bye == 4


def test_among_equal_byes_and_scores_the_lower_rating_gets_the_bye() -> None:
    ratings = {1: 1500, 2: 1900, 3: 1200, 4: 1800, 5: 1700}
    result = pair_casual(_record(5, ratings=ratings), CASUAL)
    assert result.bye == 3


def test_the_lower_score_comes_before_the_rating() -> None:
    ratings = {1: 1000, 2: 2000, 3: 2000, 4: 2000, 5: 2000}
    record = _record(
        5,
        [[(1, 2, "0"), (3, 4, "1")]],
        byes=[{5: ResultCode.HALF_POINT_BYE}],
        ratings=ratings,
    )
    # 1 and 4 have no point, 1 the lower rating; 5 (half a point) is rated lower than 4.
    assert pair_casual(record, CASUAL).bye == 1


def test_an_excluded_player_gets_the_bye_last() -> None:
    options = replace(CASUAL, pab_exclusions=(5,))
    assert pair_casual(_record(5), options).bye == 4


# Who is paired.


def test_a_requested_half_point_bye_sits_out_of_the_pairing() -> None:
    record = _record(
        5,
        [[(1, 3, "1"), (2, 4, "1")]],
        byes=[{5: ResultCode.PAIRING_ALLOCATED_BYE}, {2: ResultCode.HALF_POINT_BYE}],
    )
    result = pair_casual(record, CASUAL)
    paired = {r for b in result.boards for r in (b.white, b.black)}
    assert paired == {1, 3, 4, 5}
    assert result.bye is None


def test_a_requested_bye_of_a_240_line_sits_out() -> None:
    assignment = ByeAssignment(kind=ResultCode.HALF_POINT_BYE, round=1, ranks=(2,))
    result = pair_casual(_record(5, bye_assignments=(assignment,)), CASUAL)
    paired = {r for b in result.boards for r in (b.white, b.black)}
    assert paired == {1, 3, 4, 5}
    assert result.bye is None


def test_absent_players_are_not_paired() -> None:
    record = _record(6, [[(1, 4, "1"), (5, 2, "0"), (3, 6, "1")]], absent_next_round=(1, 6))
    result = pair_casual(record, CASUAL)
    paired = {r for b in result.boards for r in (b.white, b.black)}
    assert paired == {2, 3, 4, 5}
    assert result.bye is None


def test_an_empty_round_pairs_nobody() -> None:
    result = pair_casual(_record(2, absent_next_round=(1, 2)), CASUAL)
    assert result.boards == ()
    assert result.bye is None


def test_a_lone_player_gets_the_bye() -> None:
    result = pair_casual(_record(3, absent_next_round=(1, 2)), CASUAL)
    assert result.boards == ()
    assert result.bye == 3


def test_the_same_record_gives_the_same_round_whatever_the_file_order() -> None:
    record = _record(9, [[(1, 5, "1"), (6, 2, "="), (3, 7, "0"), (8, 4, "1")]])
    shuffled = replace(record, players=tuple(reversed(record.players)))
    first, second = pair_casual(record, CASUAL), pair_casual(shuffled, CASUAL)
    assert first == second


# Properties over generated tournaments.


def _play(record: Record, result: PairingResult, rng: random.Random, number: int) -> Record:
    """Record ``result`` as round ``number`` with random results."""
    entries = {p.rank: list(p.rounds[: number - 1]) for p in record.players}
    for rank, done in entries.items():
        while len(done) < number - 1:
            done.append(RoundEntry())
        pre = record.player(rank).entry(number)
        if pre.result is not ResultCode.UNPAIRED:
            done.append(pre)
    for board in result.boards:
        code = rng.choice((ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS))
        entries[board.white].append(RoundEntry(board.black, Colour.WHITE, code))
        entries[board.black].append(RoundEntry(board.white, Colour.BLACK, code.counterpart))
    if result.bye is not None:
        entries[result.bye].append(RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE))
    players = tuple(replace(p, rounds=tuple(entries[p.rank])) for p in record.players)
    return replace(record, players=players, absent_next_round=())


def _event(
    players: int, rounds: int, seed: int, absences: int = 0
) -> Iterator[tuple[Record, int, PairingResult]]:
    """Each round of a simulated event: the record before it, its number and the round."""
    rng = random.Random(seed)
    record = _record(players, planned=rounds)
    for number in range(1, rounds + 1):
        ranks = list(record.ranks)
        absent = tuple(sorted(rng.sample(ranks, min(absences, len(ranks)))))
        if absent and rng.random() < 0.5:
            # Pre-enter a half-point bye instead of an absence for the first one.
            rank = absent[0]
            player = record.player(rank)
            player = replace(
                player,
                rounds=player.rounds
                + (RoundEntry(),) * (number - 1 - len(player.rounds))
                + (RoundEntry(None, Colour.NONE, ResultCode.HALF_POINT_BYE),),
            )
            record = replace(
                record,
                players=tuple(player if p.rank == rank else p for p in record.players),
            )
            absent = absent[1:]
        record = replace(record, absent_next_round=absent)
        result = pair_casual(record, replace(CASUAL, round_to_pair=number))
        yield record, number, result
        record = _play(record, result, rng, number)


def _active(record: Record, number: int) -> set[int]:
    return {
        p.rank
        for p in record.players
        if p.rank not in record.absent_next_round and p.entry(number).result is ResultCode.UNPAIRED
    }


def _met(record: Record) -> set[frozenset[int]]:
    return {
        frozenset((p.rank, e.opponent))
        for p in record.players
        for e in p.rounds
        if e.opponent is not None and e.is_played_game
    }


def _fewest_rematches(ranks: list[int], met: set[frozenset[int]], bye_left: bool) -> int:
    """Brute force over every pairing of ``ranks`` (with one bye if their number is odd)."""
    if not ranks:
        return 0
    first, rest = ranks[0], ranks[1:]
    best = len(ranks)
    if bye_left:
        best = _fewest_rematches(rest, met, False)
    for index, other in enumerate(rest):
        remaining = rest[:index] + rest[index + 1 :]
        cost = (frozenset((first, other)) in met) + _fewest_rematches(remaining, met, bye_left)
        best = min(best, cost)
    return best


def _check_round(record: Record, number: int, result: PairingResult) -> None:
    active = _active(record, number)
    paired = [r for b in result.boards for r in (b.white, b.black)]
    assert len(paired) == len(set(paired)), "someone has two boards"
    everyone = set(paired) | ({result.bye} if result.bye is not None else set())
    assert everyone == active
    assert (result.bye is not None) == (len(active) % 2 == 1)
    assert result.bye not in paired
    met = _met(record)
    counted = sum(frozenset((b.white, b.black)) in met for b in result.boards)
    assert counted == _rematches(result)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=8),
    rounds=st.integers(min_value=1, max_value=7),
    absences=st.integers(min_value=0, max_value=2),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_small_fields_meet_the_fewest_possible_rematches(
    players: int, rounds: int, absences: int, seed: int
) -> None:
    for record, number, result in _event(players, rounds, seed, absences):
        _check_round(record, number, result)
        active = sorted(_active(record, number))
        fewest = _fewest_rematches(active, _met(record), len(active) % 2 == 1)
        assert _rematches(result) == fewest


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=40),
    rounds=st.integers(min_value=1, max_value=6),
    absences=st.integers(min_value=0, max_value=3),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_every_active_player_is_paired_once_or_gets_the_bye(
    players: int, rounds: int, absences: int, seed: int
) -> None:
    for record, number, result in _event(players, rounds, seed, absences):
        _check_round(record, number, result)


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=24),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_pairing_the_same_record_twice_gives_the_same_round(
    players: int, rounds: int, seed: int
) -> None:
    for record, number, result in _event(players, rounds, seed, absences=1):
        assert pair_casual(record, replace(CASUAL, round_to_pair=number)) == result


def test_a_thirty_player_seven_round_event_pairs_every_round() -> None:
    rounds = list(_event(30, 7, seed=2026, absences=1))
    assert len(rounds) == 7
    for record, number, result in rounds:
        _check_round(record, number, result)
        assert _rematches(result) == 0


def test_the_registrys_casual_system_pairs_with_the_casual_engine() -> None:
    record = _round_robin_of_four()
    number = record.rounds_played + 1
    pairing_input = PairingInput(number=number, record=record, planned_rounds=number)

    plan = SYSTEMS["casual"].plan(pairing_input)

    direct = pair_casual(record, CASUAL)
    assert [(b.white, b.black) for b in plan.boards] == [(b.white, b.black) for b in direct.boards]
    assert _rematches(direct) == 2  # the Dutch engine would refuse this round
    with pytest.raises(NoLegalPairing):
        pair_round(record, options=CASUAL)
