"""Initial ranking and late entries, C.04.2 Art. 2."""

from __future__ import annotations

import doctest
import random
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from chesscore import ranking
from chesscore.ranking import SEEDING_RATINGS
from chesscore.ranking import TITLE_ORDER
from chesscore.ranking import initial_order
from chesscore.ranking import late_entry
from chesscore.ranking import ranking_key
from chesscore.ranking import starting_ranks
from chesscore.ranking import title_rank
from chesscore.roster import RosterRow


@dataclass(frozen=True)
class Entrant:
    last_name: str
    rating: int | None = None
    title: str = ""
    first_name: str = ""


def by_rating(player: Entrant) -> int | None:
    return player.rating


def names(players: list[Entrant] | tuple[Entrant, ...]) -> list[str]:
    return [p.last_name for p in players]


def test_higher_rating_ranks_first() -> None:
    field = [Entrant("B", 2100), Entrant("A", 1900), Entrant("C", 2300)]

    assert names(initial_order(field, rating_key=by_rating)) == ["C", "B", "A"]


def test_equal_ratings_rank_by_title_in_the_fide_order() -> None:
    titles = ["", "WCM", "WFM", "CM", "WIM", "FM", "WGM", "IM", "GM"]
    field = [Entrant(f"P{i}", 2300, title) for i, title in enumerate(titles)]
    random.Random(7).shuffle(field)

    order = initial_order(field, rating_key=by_rating)

    assert [p.title for p in order] == ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""]


def test_equal_rating_and_title_rank_alphabetically_by_last_then_first_name() -> None:
    field = [
        Entrant("Smith", 2000, "FM", "John"),
        Entrant("Adams", 2000, "FM", "Zoe"),
        Entrant("Smith", 2000, "FM", "Anna"),
        Entrant("Brown", 2000, "IM", "Zed"),
    ]

    order = initial_order(field, rating_key=by_rating)

    assert [(p.last_name, p.first_name) for p in order] == [
        ("Brown", "Zed"),
        ("Adams", "Zoe"),
        ("Smith", "Anna"),
        ("Smith", "John"),
    ]


def test_rating_outranks_title_and_title_outranks_name() -> None:
    field = [Entrant("Aaron", 2400), Entrant("Zoltan", 2400, "GM"), Entrant("Young", 2401)]

    assert names(initial_order(field, rating_key=by_rating)) == ["Young", "Zoltan", "Aaron"]


def test_alphabetical_order_ignores_case_and_accents() -> None:
    field = [Entrant("Öberg", 1500), Entrant("ostrowski", 1500), Entrant("Nagy", 1500)]

    assert names(initial_order(field, rating_key=by_rating)) == ["Nagy", "Öberg", "ostrowski"]


def test_unrated_players_rank_below_every_rated_player() -> None:
    field = [Entrant("A"), Entrant("B", 0, "GM"), Entrant("C", 1000)]

    assert names(initial_order(field, rating_key=by_rating)) == ["C", "B", "A"]


def test_titles_in_lower_case_count_and_others_do_not() -> None:
    assert title_rank("im") == 1
    assert title_rank(" GM ") == 0
    assert title_rank("NM") == title_rank("") == len(TITLE_ORDER)


def test_players_equal_on_every_key_keep_the_order_given() -> None:
    first, second = Entrant("Lee", 1500), Entrant("Lee", 1500)

    order = initial_order([first, second], rating_key=by_rating)

    assert order[0] is first
    assert order[1] is second


def test_starting_ranks_number_the_initial_order_from_one() -> None:
    field = [Entrant("B", 2000), Entrant("A", 2000), Entrant("C", 2200)]

    ranked = starting_ranks(field, rating_key=by_rating)

    assert [(rank, p.last_name) for rank, p in ranked] == [(1, "C"), (2, "A"), (3, "B")]


def test_seeding_ratings_follow_the_section_choice() -> None:
    row = RosterRow(line=2, last_name="Doe", fide_rating=1800, national_rating=1950)
    fide_only = RosterRow(line=3, last_name="Roe", fide_rating=1900)
    national_only = RosterRow(line=4, last_name="Zoe", national_rating=2000)

    assert [SEEDING_RATINGS[k](row) for k in ("fide", "national", "highest")] == [1800, 1950, 1950]
    assert SEEDING_RATINGS["highest"](fide_only) == 1900
    assert SEEDING_RATINGS["highest"](national_only) == 2000
    assert SEEDING_RATINGS["fide"](national_only) is None


def test_roster_rows_rank_by_the_chosen_seeding_rating() -> None:
    rows = [
        RosterRow(line=2, last_name="Doe", fide_rating=1800, national_rating=1950),
        RosterRow(line=3, last_name="Roe", fide_rating=1900, national_rating=1700),
    ]

    by_fide = initial_order(rows, rating_key=SEEDING_RATINGS["fide"])
    by_national = initial_order(rows, rating_key=SEEDING_RATINGS["national"])

    assert [r.last_name for r in by_fide] == ["Roe", "Doe"]
    assert [r.last_name for r in by_national] == ["Doe", "Roe"]


# --- Late entries (Art. 2.3-2.5) ------------------------------------------------------------

FIELD = (Entrant("A", 2300), Entrant("B", 2200), Entrant("C", 2100), Entrant("D", 2000))


def test_late_entrant_takes_their_place_and_those_below_move_down() -> None:
    entry = late_entry(FIELD, Entrant("N", 2150), rating_key=by_rating)

    assert entry.rank == 3
    assert names(entry.order) == ["A", "B", "N", "C", "D"]
    assert entry.renumbered == ((3, 4), (4, 5))


def test_strongest_late_entrant_becomes_number_one() -> None:
    entry = late_entry(FIELD, Entrant("N", 2500), rating_key=by_rating)

    assert entry.rank == 1
    assert entry.renumbered == ((1, 2), (2, 3), (3, 4), (4, 5))


def test_weakest_late_entrant_renumbers_nobody() -> None:
    entry = late_entry(FIELD, Entrant("N"), rating_key=by_rating)

    assert (entry.rank, entry.renumbered) == (5, ())
    assert names(entry.order) == ["A", "B", "C", "D", "N"]


def test_late_entrant_tied_on_rating_is_placed_by_title_then_name() -> None:
    by_title = late_entry(FIELD, Entrant("Z", 2200, "FM"), rating_key=by_rating)
    by_name = late_entry(FIELD, Entrant("Aa", 2200), rating_key=by_rating)
    after = late_entry(FIELD, Entrant("Bb", 2200), rating_key=by_rating)

    assert (by_title.rank, by_name.rank, after.rank) == (2, 2, 3)


def test_late_entrant_identical_to_a_player_goes_after_them() -> None:
    entry = late_entry(FIELD, Entrant("B", 2200), rating_key=by_rating)

    assert entry.rank == 3


def test_late_entry_keeps_the_current_order_when_it_no_longer_follows_ratings() -> None:
    # B's rating rose after the start; Art. 2.1 keeps the starting order, so B stays second.
    current = (Entrant("A", 2300), Entrant("C", 2100), Entrant("B", 2400), Entrant("D", 2000))

    entry = late_entry(current, Entrant("N", 2150), rating_key=by_rating)

    assert names(entry.order) == ["A", "N", "C", "B", "D"]
    assert entry.renumbered == ((2, 3), (3, 4), (4, 5))


def test_late_entry_with_numbers_kept_takes_the_next_free_number() -> None:
    entry = late_entry(FIELD, Entrant("N", 2500), rating_key=by_rating, keep_numbers=True)

    assert (entry.rank, entry.renumbered) == (5, ())
    assert names(entry.order) == ["A", "B", "C", "D", "N"]


def test_late_entry_into_an_empty_section_is_number_one() -> None:
    entry = late_entry((), Entrant("N", 1500), rating_key=by_rating)

    assert (entry.rank, names(entry.order), entry.renumbered) == (1, ["N"], ())


# --- Properties ------------------------------------------------------------------------------

_entrants = st.lists(
    st.builds(
        Entrant,
        last_name=st.text(alphabet="abcdeÅÉ", min_size=1, max_size=4),
        rating=st.none() | st.integers(min_value=0, max_value=2900),
        title=st.sampled_from(("", "NM", *TITLE_ORDER)),
        first_name=st.text(alphabet="xyz", max_size=2),
    ),
    max_size=12,
)


@given(_entrants, st.randoms(use_true_random=False))
def test_initial_order_does_not_depend_on_the_input_order(
    field: list[Entrant], rnd: random.Random
) -> None:
    """Only players the regulation cannot tell apart (an unknown rating and a rating of 0
    both count as unrated) may come out in the order they were given."""
    shuffled = list(field)
    rnd.shuffle(shuffled)

    def keys(order: list[Entrant]) -> list[tuple[int, int, str, str, str, str]]:
        return [ranking.ranking_key(p, rating_key=by_rating) for p in order]

    assert keys(initial_order(shuffled, rating_key=by_rating)) == keys(
        initial_order(field, rating_key=by_rating)
    )


@given(_entrants)
def test_initial_order_is_sorted_by_rating_then_title(field: list[Entrant]) -> None:
    order = initial_order(field, rating_key=by_rating)

    keys = [(-(p.rating or 0), title_rank(p.title)) for p in order]
    assert keys == sorted(keys)
    assert sorted(map(repr, order)) == sorted(map(repr, field))


@given(_entrants, _entrants.filter(bool))
def test_late_entry_into_a_ranked_field_gives_the_initial_order_of_everyone(
    field: list[Entrant], newcomers: list[Entrant]
) -> None:
    newcomer = newcomers[0]
    current = initial_order(field, rating_key=by_rating)

    entry = late_entry(current, newcomer, rating_key=by_rating)

    expected = initial_order([*current, newcomer], rating_key=by_rating)
    assert list(entry.order) == expected
    assert entry.order[entry.rank - 1] is newcomer
    moved = [(old, new) for old, new in entry.renumbered]
    assert all(new == old + 1 and old >= entry.rank for old, new in moved)
    assert len(moved) == len(current) - entry.rank + 1


def test_ranking_key_orders_rating_then_title_then_name() -> None:
    key = ranking_key(Entrant("Doe", 2000, "IM", "Jane"), rating_key=by_rating)

    assert key[:4] == (-2000, 1, "doe", "jane")


def test_docstring_examples() -> None:
    assert doctest.testmod(ranking).failed == 0
