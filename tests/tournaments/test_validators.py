"""The one check of each kind of value (`tournaments.validators`, over the pure
`chesscore.record.fields`): what each takes and refuses, and that the message names the
kind of value."""

from __future__ import annotations

import datetime
import doctest

import pytest
from django.core.exceptions import ValidationError

from chesscore.record import fields
from tournaments import validators


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(fields).failed == 0


@pytest.mark.parametrize("value", ["1", "1503014", "99999999999", "00000000001"])
def test_a_fide_id_of_one_to_eleven_ascii_digits_is_taken(value):
    assert validators.fide_id(value) == value


@pytest.mark.parametrize(
    "value", ["123456789012", "١٢٣٤٥", "۱۲۳", "１２３", "1²3", "𝟗", "-5", " 15", "0", "000", "1e5"]
)
def test_any_other_fide_id_is_refused_naming_it(value):
    with pytest.raises(ValidationError) as caught:
        validators.fide_id(value)

    assert caught.value.messages[0].startswith("A FIDE id is a ")


def test_a_date_and_time_out_of_range_is_refused_without_overflowing():
    early = datetime.datetime.fromisoformat("0001-01-01T00:00:00+05:00")
    late = datetime.datetime.fromisoformat("9999-12-31T23:59:59-05:00")

    for moment in (early, late):
        with pytest.raises(ValidationError, match="falls in the years 1900 to 2200"):
            validators.moment_in_range(moment)
    plus_two = datetime.timezone(datetime.timedelta(hours=2))
    noon = datetime.datetime(2026, 7, 1, 12, tzinfo=plus_two)
    ten = datetime.datetime(2026, 7, 1, 10, tzinfo=datetime.UTC)
    assert validators.moment_in_range(noon) == ten


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("Smith\r\nBcc: x", "Keep this to one line: it holds a carriage return (U+000D)."),
        ("Tab\there", "Keep this to one line: it holds a tab (U+0009)."),
        (" Smith", "Keep this without spaces at either end."),
    ],
)
def test_a_name_stays_on_one_line_without_spaces_at_its_ends(value, message):
    with pytest.raises(ValidationError) as caught:
        validators.one_line(value)

    assert caught.value.messages == [message]


def test_an_address_is_lower_case_and_a_sections_takes_no_word_of_the_event_pages():
    assert validators.event_slug("open-2026") == "open-2026"
    with pytest.raises(ValidationError, match="lower case: 'OPEN' \\('open'\\)"):
        validators.event_slug("OPEN")
    with pytest.raises(ValidationError, match="one of the event's own pages"):
        validators.section_slug("edit")


@pytest.mark.parametrize(
    ("codes", "named"),
    [
        (["BH-C" + "1" * 4310], "longer than 20 characters"),
        (["BH", "ZZZ"], "Tie-break ZZZ: unknown tie-break 'ZZZ'."),
        (["BH-C1", "BH/C1"], "Tie-break BH/C1: listed twice."),
        (["BH"] * 13, "at most 12 tie-breaks"),
        (["BH", 3], "Tie-break 3: a tie-break is a code such as BH-C1."),
    ],
)
def test_a_tie_break_list_the_engine_cannot_read_is_refused_naming_the_code(codes, named):
    with pytest.raises(ValidationError) as caught:
        validators.tiebreak_list(codes)

    assert named in caught.value.messages[0]


@pytest.mark.parametrize(
    ("check", "good", "bad"),
    [
        (validators.rating, 3500, 3501),
        (validators.birth_year, 2011, 1850),
        (validators.birth_date, "1990/11/30", "1990-11-30"),
        (validators.national_id, "12345678", "1" * 21),
    ],
)
def test_ratings_years_birth_dates_and_national_ids_are_bounded(check, good, bad):
    assert check(good) == good
    with pytest.raises(ValidationError):
        check(bad)
