"""Hand-checked Burstein cases (C.04.4.2): Article 4's order, the Index, the PAB, colours."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chesscore.pairing import PairingOptions
from chesscore.pairing import pair_round
from chesscore.pairing.burstein import pair_burstein
from chesscore.pairing.burstein import pair_burstein_state
from chesscore.pairing.burstein import seeding_rounds
from chesscore.pairing.burstein.index import Index
from chesscore.pairing.burstein.index import index_of_players
from chesscore.pairing.burstein.index import ranking_order
from chesscore.pairing.burstein.order import candidate_order
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.pairing.state import state_from_record
from chesscore.record.model import Acceleration
from tests.chesscore.pairing.burstein_helpers import burstein_record


def _candidate(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in (pair.split("-") for pair in text.split()))


def test_candidate_order_of_six_players_begins_as_article_4_shows() -> None:
    shown = [
        "1-6 2-5 3-0 4-0",
        "1-6 2-4 3-0 5-0",
        "1-6 2-3 4-0 5-0",
        "1-6 2-0 3-5 4-0",
        "1-6 2-0 3-4 5-0",
        "1-6 2-0 3-0 4-5",
        "1-5 2-6 3-0 4-0",
        "1-5 2-4 3-0 6-0",
        "1-5 2-3 4-0 6-0",
    ]
    candidates = list(candidate_order(6, 2))
    assert candidates[: len(shown)] == [_candidate(c) for c in shown]


def test_candidate_order_of_six_players_ends_with_the_two_floats_first_and_counts_45() -> None:
    candidates = list(candidate_order(6, 2))
    assert candidates[-1] == _candidate("1-0 2-0 3-4 5-6")
    assert len(candidates) == len(set(candidates)) == 45


def test_candidate_order_refuses_floaters_that_leave_an_odd_number() -> None:
    with pytest.raises(ValueError, match="cannot leave"):
        list(candidate_order(6, 1))


def test_seeding_rounds_are_half_the_rounds_but_at_most_four() -> None:
    assert [seeding_rounds(r) for r in (2, 3, 5, 7, 8, 9, 13)] == [1, 1, 2, 3, 4, 4, 4]


def _five_after_two_rounds() -> list[list[tuple[int, str, str]]]:
    # Round 1: 1-2 1-0, 3-4 draw, 5 PAB.  Round 2: 5-1 draw, 2-3 forfeit (2 wins), 4 PAB.
    return [
        [(2, "w", "1"), (5, "b", "=")],
        [(1, "b", "0"), (3, "w", "+")],
        [(4, "w", "="), (2, "b", "-")],
        [(3, "b", "="), (0, "-", "U")],
        [(0, "-", "U"), (1, "w", "=")],
    ]


def test_index_counts_unplayed_rounds_as_games_against_oneself() -> None:
    state = state_from_record(burstein_record(_five_after_two_rounds(), planned=4))
    indexes = index_of_players(state)
    # Tenths for Buchholz, points x score in hundredths for Sonneborn-Berger.
    assert indexes == {
        1: Index(25, 10 * 10 + 5 * 15),
        2: Index(10 + 15, 10 * 10),  # the forfeit win is a win against oneself (1.0)
        3: Index(15 + 5, 5 * 15),  # the forfeit loss a loss against oneself (0.5)
        4: Index(5 + 15, 5 * 5 + 10 * 15),  # the PAB a win against oneself (1.5)
        5: Index(15 + 15, 10 * 15 + 5 * 15),
    }
    assert ranking_order(state, indexes) == [5, 1, 2, 4, 3]


def test_running_zero_point_byes_count_as_draws_for_the_opponents_index() -> None:
    # Player 2 lost to 1 in round 1, then took zero-point byes: 1's Buchholz counts them
    # as draws (1.7.2), 3's does not count player 2 at all.
    rounds = [
        [(2, "w", "1"), (3, "b", "1")],
        [(1, "b", "0"), (0, "-", "Z")],
        [(4, "w", "1"), (1, "w", "0")],
        [(3, "b", "0"), (0, "-", "U")],
    ]
    state = state_from_record(burstein_record(rounds, planned=4))
    indexes = index_of_players(state)
    assert indexes[1].buchholz == 5 + 10
    # Player 2's own Index keeps the zero recorded: the bye is a loss against oneself.
    assert indexes[2].buchholz == 20 + 0


def test_pab_goes_to_the_lowest_eligible_score_then_the_round_follows_the_ranking() -> None:
    record = burstein_record(_five_after_two_rounds(), planned=4)
    result = pair_burstein(record)
    # 2, 4 and 5 had a PAB or a forfeit win (C2); of 1 and 3, 3 has the lower score.
    assert result.bye == 3
    # Bracket 1.5 (5, 1, 4 by Index): 5-4 would float 1 onto 2, whom 1 has met (C4).
    # 4 has a strong preference for White, 1 a mild one (5.2.3); 2 and 5 both get theirs.
    assert sorted((b.white, b.black) for b in result.boards) == [(2, 5), (4, 1)]


def test_first_candidate_without_denied_colours_wins_in_article_4_order() -> None:
    # Six players drew in round 1 (odd numbers with White): everyone has the same Index,
    # so BSN follows the pairing number.  1-6 2-5 3-4 is a rematch; 1-6 2-4 3-5 denies
    # two colours; 1-6 2-3 4-5 denies none and is the first such candidate (C8, 4.3).
    rounds = [[(r + 1 if r % 2 else r - 1, "w" if r % 2 else "b", "=")] for r in range(1, 7)]
    result = pair_burstein(burstein_record(rounds, planned=3))
    assert result.bye is None
    assert sorted((b.white, b.black) for b in result.boards) == [(2, 3), (4, 5), (6, 1)]


def test_a_seeding_round_is_paired_by_the_dutch_engine_unchanged() -> None:
    record = burstein_record(_five_after_two_rounds(), planned=6)
    assert seeding_rounds(6) == 3
    assert pair_burstein(record) == pair_round(record)


def test_the_top_bracket_floats_whoever_leaves_the_rest_pairable() -> None:
    # Round 3 of 4: 1 and 2 (2.0) have met, so both float into the 0.0 bracket of 3 and 4,
    # where only one completion avoids a rematch (C4).
    rounds = [
        [(3, "w", "1"), (2, "b", "1")],
        [(4, "b", "1"), (1, "w", "0")],
        [(1, "b", "0"), (4, "w", "1")],
        [(2, "w", "0"), (3, "b", "0")],
    ]
    record = burstein_record(rounds, planned=4)
    result = pair_burstein(record)
    pairs = sorted(tuple(sorted((b.white, b.black))) for b in result.boards)
    # 1 has met 3 and 2; 2 has met 4 and 1: 1-4 and 2-3 is the only complete pairing.
    assert pairs == [(1, 4), (2, 3)]


def test_baku_points_count_for_the_brackets_but_not_for_the_index() -> None:
    config = GeneratorConfig(players=12, rounds=9, forfeit_rate=0)
    played = generate_record(config, 5, pair=pair_burstein_state).up_to_round(4)
    plain = replace(played, event=replace(played.event, system="FIDE_BURSTEIN"))
    baku = replace(plain, acceleration=Acceleration.BAKU)
    plain_state = state_from_record(plain)
    baku_state = state_from_record(baku)

    # Round 5 of 9 still carries half a point for the top half (C.04.7) ...
    assert any(baku_state.accelerated_score(p) != p.score for p in baku_state.players.values())
    # ... which the Index leaves out (1.7.2) while the scoregroups take it in.
    assert index_of_players(baku_state) == index_of_players(plain_state)
    plain_groups = {note.score for note in pair_burstein(plain).explanation}
    baku_groups = {note.score for note in pair_burstein(baku).explanation}
    assert baku_groups != plain_groups


def test_a_player_kept_from_the_pab_is_passed_over_like_one_who_had_it() -> None:
    record = burstein_record(_five_after_two_rounds(), planned=4)
    # 3 would get it (lowest score); kept from it, 1 is the only one left eligible (C2).
    result = pair_burstein(record, options=PairingOptions(pab_exclusions=(3,)))
    assert result.bye == 1
    assert pair_burstein(record).bye == 3
