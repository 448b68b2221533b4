"""The Burstein reference against cases worked out by hand from C.04.4.2 (2026)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from chesscore.record.model import Acceleration
from chesscore.record.model import Colour
from chesscore.record.model import Event
from tests.pairing.burstein_histories import history_record
from tests.pairing.burstein_reference import NotPostSeeding
from tests.pairing.burstein_reference import reference_pairing
from tests.pairing.burstein_reference.colours import allocate_colours
from tests.pairing.burstein_reference.field import Entrant
from tests.pairing.burstein_reference.field import Field
from tests.pairing.burstein_reference.field import field_from_record
from tests.pairing.burstein_reference.index import Index
from tests.pairing.burstein_reference.index import index_of
from tests.pairing.burstein_reference.rounds import candidate_order

# --- Article 4.3: the order of candidates -------------------------------------------------


def _line(pairs: tuple[tuple[int, int], ...], floaters: tuple[int, ...]) -> str:
    games = [*pairs, *((f, 0) for f in floaters)]
    return " ".join(f"{a}-{b}" for a, b in sorted(games))


def test_article_4_orders_six_players_with_two_floaters_as_the_digest_shows() -> None:
    lines = [_line(c.pairs, c.floaters) for c in candidate_order(6, 2)]
    assert lines[:9] == [
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
    assert lines[-1] == "1-0 2-0 3-4 5-6"
    # C(6,2) · C(4,2) / 2 distinct candidates, none twice.
    assert len(lines) == len(set(lines)) == 45


def test_article_4_puts_a_larger_opponent_of_the_lowest_bsn_first() -> None:
    # 4.3: compare BSN 1's opponents, then BSN 2's …; 0 is the smallest opponent.
    def opponents(pairs: tuple[tuple[int, int], ...], floaters: tuple[int, ...]) -> list[int]:
        partner = dict(pairs) | {b: a for a, b in pairs} | dict.fromkeys(floaters, 0)
        return [partner[bsn] for bsn in range(1, 8)]

    keys = [opponents(c.pairs, c.floaters) for c in candidate_order(7, 1)]
    assert keys == sorted(keys, reverse=True)
    assert len(keys) == 7 * 15


# --- 1.7: the Index ------------------------------------------------------------------------

# Eight players, five rounds planned, round 3 to pair (seeding rounds: min(2, 4) = 2).
ZERO_POINT_BYES = [
    "1-2 1, 3-4 1, 5-6 1, 7 Z, 8 Z",
    "1-3 =, 2 Z, 4-7 1, 5-8 0, 6 Z",
]
# Scores now: 1 and 3 on 1½; 4, 5 and 8 on 1; 2, 6 and 7 on 0.
# 2 and 6 end their history with a zero-point bye (a running streak); 7 and 8 had one in
# round 1 and played since.


def _index(record_rounds: list[str], players: int, rank: int) -> Index:
    field = field_from_record(history_record(players, record_rounds, planned=5))
    return index_of(field, field.entrants[rank])


def test_an_unplayed_round_is_a_game_against_oneself_on_the_points_recorded() -> None:
    # 8: round 1 a zero-point bye, a game against 8 (now on 1) worth 0; round 2 beat 5 (1).
    # Buchholz 1 + 1 = 2; Sonneborn-Berger 0 × 1 + 1 × 1 = 1.
    assert _index(ZERO_POINT_BYES, 8, 8) == Index(Fraction(2), Fraction(1))


def test_a_running_streak_of_zero_point_byes_counts_as_draws_for_the_opponents() -> None:
    # 1 beat 2 (0 points, a zero-point bye last round: counted ½) and drew 3 (1½).
    # Buchholz ½ + 1½ = 2; Sonneborn-Berger 1 × ½ + ½ × 1½ = 1¼.
    assert _index(ZERO_POINT_BYES, 8, 1) == Index(Fraction(2), Fraction(5, 4))


def test_the_streaking_player_keeps_their_real_score_in_their_own_index() -> None:
    # 2 lost to 1 (1½), then the bye: a game against 2, on 2's real score 0.
    assert _index(ZERO_POINT_BYES, 8, 2) == Index(Fraction(3, 2), Fraction(0))


def test_a_broken_streak_of_zero_point_byes_counts_as_it_was() -> None:
    # 4 drew nothing: lost to 3 (1½), beat 7 (0; 7's bye was in round 1, then a game).
    # Buchholz 1½ + 0; Sonneborn-Berger 0 × 1½ + 1 × 0.
    assert _index(ZERO_POINT_BYES, 8, 4) == Index(Fraction(3, 2), Fraction(0))


def test_virtual_points_stay_out_of_the_index() -> None:
    # Baku (C.04.7) adds virtual points in round 3 of 5; the Index ignores them (1.7.2).
    plain = history_record(8, ZERO_POINT_BYES, planned=5)
    baku = replace(plain, event=Event(system="FIDE_BURSTEIN"), acceleration=Acceleration.BAKU)
    plain_field, baku_field = field_from_record(plain), field_from_record(baku)
    assert baku_field.entrants[1].pairing_score == Fraction(2)  # 1½ and half a win
    for rank in plain_field.entrants:
        assert index_of(plain_field, plain_field.entrants[rank]) == index_of(
            baku_field, baku_field.entrants[rank]
        )


def test_baku_group_a_is_the_first_half_of_every_listed_player_late_entrants_included() -> None:
    # C.04.7 as the project reads it (bbpPairings'): ten listed players, so group A is
    # the first ⌈10/2⌉ = 5, 1-5, though 4 entered late (the text's 2·⌈9/4⌉ of round 1's
    # nine players, with 4 joining above the last member, would make it 1-7).
    # Round 3 of 5: A = ⌈5/2⌉ = 3 accelerated rounds, the first ⌈3/2⌉ = 2 with a win's
    # points, so round 3 adds half a point.
    record = history_record(
        10,
        ["1-2 1, 3-5 1, 6-7 1, 8-9 1, 10 U", "1-3 =, 2-4 1, 5-6 1, 7-8 1, 9-10 1"],
        planned=5,
    )
    field = field_from_record(replace(record, acceleration=Acceleration.BAKU))
    virtual = {r: e.pairing_score - e.score for r, e in field.entrants.items()}
    assert virtual == {r: Fraction(1, 2) if r <= 5 else Fraction(0) for r in range(1, 11)}


def test_a_late_entrant_who_has_not_arrived_numbers_no_one_down() -> None:
    # 2 entered late: rounds 1-2 blank, a half-point bye for round 3.  Not yet a
    # participant (GHR 2.4), so 3 holds TPN 2 (odd: 5.2.1 gives him the initial colour).
    rounds = ["1-3 1, 4-5 1, 6 U", "1-4 =, 3-6 1, 5 U"]
    away = field_from_record(history_record(6, rounds, planned=5, next_round_byes={2: "H"}))
    here = field_from_record(history_record(6, rounds, planned=5))
    assert [away.entrants[r].tpn for r in (1, 3, 4, 5, 6)] == [1, 2, 3, 4, 5]
    assert [here.entrants[r].tpn for r in range(1, 7)] == [1, 2, 3, 4, 5, 6]


# --- 3.1: the PAB --------------------------------------------------------------------------

# Nine players, five rounds, round 3 to pair.
NINE = [
    "1-6 1, 2-7 1, 3-8 =, 4-9 +, 5 U",
    "5-1 0, 2-4 =, 6-3 0, 7-9 1, 8 H",
]
# Scores: 1 on 2; 2, 3, 4 on 1½; 5, 7, 8 on 1; 6 and 9 on 0.


def test_a_player_who_won_without_playing_cannot_have_the_pab() -> None:
    # 3.1.1 (Basic Rules 4): 4 won by forfeit, 5 had the PAB; 8's half-point bye is no win.
    field = field_from_record(history_record(9, NINE, planned=5))
    eligible = {r for r, e in field.entrants.items() if e.pab_eligible}
    assert eligible == {1, 2, 3, 6, 7, 8, 9}


def test_the_pab_goes_to_the_lowest_score_with_the_most_games_played() -> None:
    # 3.1.3: 6 and 9 are on 0.  3.1.4: 6 played two games, 9 only one (round 1 was a
    # forfeit, not a game).  The others can then all be paired (3.1.2), so 6.
    _, bye = reference_pairing(history_record(9, NINE, planned=5))
    assert bye == 6


# Seven players, five rounds, round 3 to pair.
SEVEN = [
    "1-4 1, 2-5 1, 3-6 0, 7 U",
    "7-1 0, 6-2 0, 3-5 =, 4 U",
]
# Scores: 1 and 2 on 2; 4, 6, 7 on 1 (4 and 7 had the PAB); 3 and 5 on ½, two games each.
# Index: 3 met 6 (1) and 5 (½): Buchholz 1½; 5 met 2 (2) and 3 (½): Buchholz 2½.


def test_the_pab_goes_to_the_lowest_in_the_ranking_order_among_equals() -> None:
    # 3.1.5: 3 has the lower Index; the larger TPN (5) matters only when Indexes are equal.
    _, bye = reference_pairing(history_record(7, SEVEN, planned=5))
    assert bye == 3


def test_the_pab_goes_to_no_one_whose_absence_leaves_the_rest_unpairable() -> None:
    # 3.1.2: with 7 forbidden to meet 2, 4, 5 and 6 (and 1 met already), 7's only partner
    # is 3; so if 3 took the PAB 7 could not be paired.  The PAB goes down to 5.
    record = history_record(7, SEVEN, planned=5, forbidden=((7, 2), (7, 4), (7, 5), (7, 6)))
    boards, bye = reference_pairing(record)
    assert bye == 5
    assert (7, 3) in boards


# --- 3.2: brackets ------------------------------------------------------------------------

# Six players, five rounds, round 4 to pair.
SIX = [
    "4-1 =, 2-5 =, 6-3 =",
    "1-6 1, 3-2 1, 5-4 1",
    "3-1 =, 2-4 =, 6-5 1",
]
# Scores: 1 and 3 on 2; 5 and 6 on 1½; 2 and 4 on 1.  Colour preferences: 1 strong
# White, 3 absolute Black, 5 strong White, 6 strong Black, 2 strong Black, 4 absolute White.


def test_c8_chooses_the_pairing_that_denies_fewer_colours_over_an_earlier_one() -> None:
    # 1 and 3 have met: both float into the 1½ bracket.  Its ranking (1.8): 6 (BH 5½),
    # 1 (4½, SB 3), 3 (4½, SB 2¾), 5 (3½).  6 has met 1, 3 and 5, so he floats, and so
    # does one more (C5).  Article 4's order: first 1-5 with 3 floating, then 3-5 with 1
    # floating.  C6: floaters on (2, 1½) in both; C7: the last bracket pairs everyone in
    # both.  C8: 1-5 denies one of two White preferences, 3-5 nobody: 3-5 (5 White).
    # Then 1-2 and 4-6 (1 has met 4).
    boards, bye = reference_pairing(history_record(6, SIX, planned=5))
    assert set(boards) == {(5, 3), (1, 2), (4, 6)}
    assert bye is None


# Eleven players, seven rounds, round 5 to pair (the seeding rounds are 1-3).
ELEVEN = [
    "1-6 1, 7-2 +, 3-8 1, 9-4 0, 5-10 1, 11 U",
    "7-1 0, 8-2 0, 11-3 0, 4-5 1, 6-9 1, 10 U",
    "1-4 1, 2-11 1, 3-6 =, 5-8 1, 10-7 =, 9 U",
    "3-1 0, 4-2 +, 7-5 0, 6-10 1, 9-11 0, 8 U",
]
# Scores: 1 on 4; 4 and 5 on 3; 3 and 6 on 2½; 2 and 11 on 2; 7 and 10 on 1½; 8 and 9 on 1.


def test_c7_sends_down_the_floater_the_next_bracket_can_pair() -> None:
    # PAB (3.1): 4, 7, 8, 9, 10, 11 are not eligible; of 1, 2, 3, 5, 6 the lowest is 2.
    # 1 floats alone; 1-5 is the only pair of {1, 4, 5} (4 has met both): 4 floats.
    # Bracket {4, 3, 6}, ranked 4 (BH 11), 3 (9½), 6 (9); 3 and 6 have met.  Article 4:
    # 4-6 with 3 floating comes first, then 4-3 with 6 floating.  C6: 2½ either way.
    # C7, the next bracket with 11 (on 2): 3 has met 11, so both would float; 6-11 can
    # be paired.  So 4-3, and 6 goes down to 11-6 (11 must have White).
    boards, bye = reference_pairing(history_record(11, ELEVEN, planned=7))
    assert set(boards) == {(1, 5), (4, 3), (11, 6), (8, 7), (10, 9)}
    assert bye == 2


# --- 5.2: colours --------------------------------------------------------------------------


def _entrant(rank: int, colours: str) -> Entrant:
    played = tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in colours)
    return Entrant(
        rank=rank,
        tpn=rank,
        history=(),
        round_points=(),
        score=Fraction(0),
        pairing_score=Fraction(0),
        colours=played,
        played_opponents=frozenset(),
        pab_eligible=True,
    )


def _field(initial: Colour) -> Field:
    return Field(
        round=5,
        planned_rounds=9,
        entrants={},
        to_pair=frozenset(),
        forbidden=frozenset(),
        initial_colour=initial,
        win=Fraction(1),
        draw=Fraction(1, 2),
    )


@pytest.mark.parametrize(
    ("higher", "lower", "initial", "white"),
    [
        # 5.2.1: neither has played; the higher-ranked has TPN 3, odd: the initial-colour.
        ((3, ""), (8, ""), Colour.BLACK, 8),
        ((4, ""), (8, ""), Colour.BLACK, 4),
        # 5.2.2: one prefers White (CD −1), the other Black (CD +1): both granted.
        ((3, "BWB"), (8, "WBW"), Colour.WHITE, 3),
        # 5.2.2 with 1.5.4: a player who has not played takes what is left.
        ((3, ""), (8, "BW"), Colour.WHITE, 3),
        # 5.2.3: both want White; 8's is absolute (two Blacks), 3's mild.
        ((3, "WB"), (8, "WBB"), Colour.WHITE, 8),
        # 5.2.4: both strong for White; lined up from their last games (GHR 3.4) they
        # differed last in the latest one, where 3 had Black: 3 gets White.
        ((3, "BWB"), (8, "BBW"), Colour.BLACK, 3),
        # 5.2.4 further back: both mild for White, the same last two games, and 3 had
        # White where they last differed: 3 gets Black.
        ((3, "BWWB"), (8, "WBWB"), Colour.WHITE, 8),
        # 5.2.5: same preference, same strength, histories that never differ: the
        # higher-ranked player's preference.
        ((3, "WB"), (8, "WB"), Colour.BLACK, 3),
    ],
)
def test_colours_follow_the_first_rule_of_5_2_that_decides(
    higher: tuple[int, str], lower: tuple[int, str], initial: Colour, white: int
) -> None:
    a = _entrant(higher[0], higher[1])
    b = _entrant(lower[0], lower[1])
    assert allocate_colours(_field(initial), a, b)[0] == white


# --- scope -----------------------------------------------------------------------------------


def test_a_seeding_round_is_not_the_references() -> None:
    # 1.6: with five rounds the first two are seeding rounds.
    with pytest.raises(NotPostSeeding):
        reference_pairing(history_record(6, ["1-2 1, 3-4 1, 5-6 1"], planned=5))


def test_a_record_without_planned_rounds_is_refused_by_name() -> None:
    record = history_record(6, ["1-2 1, 3-4 1, 5-6 1"], planned=5)
    record = replace(record, planned_rounds=None)
    with pytest.raises(ValueError, match="planned rounds"):
        reference_pairing(record)
