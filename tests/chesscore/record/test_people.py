"""A player's details and their one cleaner."""

from __future__ import annotations

import doctest

import pytest

from chesscore.record import model as rec
from chesscore.record import people
from chesscore.record.people import DetailInvalid
from chesscore.record.people import PlayerDetails
from chesscore.record.people import player_details_clean
from chesscore.record.people import record_player_details
from chesscore.record.people import record_player_fields


def test_the_docstrings_hold():
    assert doctest.testmod(people).failed == 0


def test_each_detail_is_written_one_way():
    details = player_details_clean(
        {
            "first_name": " Anna ",
            "last_name": "Cramling",
            "title": "wfm",
            "sex": "Female",
            "birth_date": "2002",
            "federation": "swe",
            "club": "Sollentuna",
            "fide_id": "01713990",
            "fide_rating": 2200,
            "national_id": " SE-1 ",
            "national_rating": None,
            "entry_round": 3,
        }
    )
    assert details == PlayerDetails(
        first_name="Anna",
        last_name="Cramling",
        title="WFM",
        sex="w",
        birth_date="2002",
        federation="SWE",
        club="Sollentuna",
        fide_id="1713990",
        fide_rating=2200,
        national_id="SE-1",
    )
    assert player_details_clean(details.values()) == details
    assert player_details_clean({}) == PlayerDetails()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("last_name", "Smith\nJohn"),
        ("first_name", "x" * 101),
        ("title", "GMXX"),
        ("title", "G1"),
        ("sex", "x"),
        ("birth_date", "30.11.1990"),
        ("federation", "Norway"),
        ("federation", "NO"),
        ("fide_id", "0"),
        ("fide_id", "١٢٣"),
        ("fide_rating", 3501),
        ("national_id", "x" * 21),
        ("national_rating_2", -1),
        ("club", 7),
    ],
)
def test_a_detail_it_cannot_take_is_named(field, value):
    with pytest.raises(DetailInvalid) as caught:
        player_details_clean({"last_name": "Smith", field: value})
    assert caught.value.field == field


def test_a_trf_player_reads_and_writes_back_the_same():
    player = rec.Player(
        rank=1,
        name="Carlsen, Magnus",
        sex=rec.Sex.MALE,
        title="GM",
        rating=2830,
        federation="NOR",
        fide_id=1503014,
        birth_date="1990/11/30",
    )
    details = record_player_details(player)
    assert (details.last_name, details.first_name, details.fide_id) == (
        "Carlsen",
        "Magnus",
        "1503014",
    )
    assert rec.Player(rank=1, **record_player_fields(details)) == player


def test_a_trf_name_that_is_not_last_comma_first_is_a_last_name():
    details = record_player_details(rec.Player(rank=1, name="Ding Liren", fide_id=0))
    assert (details.last_name, details.first_name, details.fide_id) == ("Ding Liren", "", "")
