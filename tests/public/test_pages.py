"""Standings and crosstable pages, and the standings download."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from public.templatetags.chess_numbers import chess_number
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import swiss_section

pytestmark = pytest.mark.django_db


def url(section, name):
    return reverse(name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug})


@pytest.fixture
def section():
    """Four players, two rounds: 1-2 1-0, 3-4 ½; then 2-3 1-0, 1-4 ½.

    Scores 1½, 1, ½, 1; every Buchholz is 2; Sonneborn-Berger separates 4 (1) from 2 (½).
    """
    return swiss_section(4, rounds_played=2, tiebreaks=["BH", "SB"])


def test_standings_rank_by_points_then_each_tiebreak(client, section):
    response = client.get(url(section, "standings_detail"))
    assert response.status_code == 200
    lines = response.context["page"].lines
    assert [(item.line.rank, item.line.number) for item in lines] == [
        (1, 1),
        (2, 4),
        (3, 2),
        (4, 3),
    ]
    assert [item.values_text for item in lines] == [
        ("2", "1.5"),
        ("2", "1"),
        ("2", "0.5"),
        ("2", "0.5"),
    ]


def test_standings_page_shows_every_tiebreak_of_the_list(client, section):
    text = client.get(url(section, "standings_detail")).text
    assert ">BH<" in text
    assert ">SB<" in text
    assert "After round 2" in text


def test_standings_csv_has_a_column_per_tiebreak(client, section):
    response = client.get(url(section, "standings_csv"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "No", "Name", "Rating", "Points after round 2", "BH", "SB"]
    assert rows[1] == ["1", "1", "Player001, First1", "2599", "1.5", "2", "1.5"]
    assert len(rows) == 5


def test_a_round_still_being_played_does_not_count_yet(client):
    section = swiss_section(4, rounds_played=2, results_in_last=False, tiebreaks=["BH"])
    page = client.get(url(section, "standings_detail")).context["page"]
    assert page.standings.after_round == 1


def test_a_tiebreak_the_engine_cannot_apply_is_explained(client):
    section = swiss_section(4, rounds_played=1, tiebreaks=["NOPE"])
    response = client.get(url(section, "standings_detail"))
    assert response.status_code == 200
    assert "NOPE" in response.context["error"]
    assert client.get(url(section, "standings_csv")).status_code == 422


def test_crosstable_follows_the_standings_with_a_cell_per_round(client, section):
    response = client.get(url(section, "crosstable_detail"))
    assert response.status_code == 200
    page = response.context["page"]
    assert [row.player.starting_rank for _rank, row in page.rows] == [1, 4, 2, 3]
    _rank, first = page.rows[0]
    assert [(c.opponent, c.colour, c.result) for c in first.cells] == [(2, "w", "1"), (4, "w", "½")]


def test_empty_section_has_empty_standings(client):
    section = SectionFactory()
    assert client.get(url(section, "standings_detail")).status_code == 200
    assert client.get(url(section, "crosstable_detail")).status_code == 200


@pytest.mark.parametrize("name", ["standings_detail", "standings_csv", "crosstable_detail"])
def test_private_standings_are_not_found_for_visitors(client, name):
    section = swiss_section(4, rounds_played=1, event=EventFactory(is_public=False))
    assert client.get(url(section, name)).status_code == 404


def test_standings_page_writes_halves_as_chess_players_do(client, section):
    text = client.get(url(section, "standings_detail")).text

    # Player 1: 1½ points, Sonneborn-Berger 1½; player 3: ½ point, Sonneborn-Berger ½.
    assert '<td class="num score">1½</td>' in text
    assert '<td class="num tb">1½</td>' in text
    assert '<td class="num tb">½</td>' in text
    assert '<td class="num tb">1.5</td>' not in text


def test_averages_and_ratings_keep_their_decimals_on_the_page(client):
    section = swiss_section(4, rounds_played=2, tiebreaks=["ARO", "BH"])

    lines = client.get(url(section, "standings_detail")).context["page"].lines

    assert [halves for _value, halves in lines[0].cells] == [False, True]


@pytest.mark.parametrize(
    ("value", "halves", "shown"),
    [
        (Fraction(5, 2), True, "2½"),
        (Fraction(1, 2), True, "½"),
        (Fraction(0), True, "0"),
        (Fraction(41, 4), True, "10¼"),
        (Fraction(41, 4), False, "10.25"),
        (Fraction(3, 4), True, "¾"),
        (Fraction(107, 8), True, "13.38"),
        (Fraction(3), True, "3"),
        (Fraction(3701, 2), False, "1850.5"),
        (Fraction(22, 3), False, "7.33"),
        (7, True, "7"),
        (None, True, "-"),
        ((Fraction(3, 2), 2), True, "1½/2"),
        (Decimal("2.50"), True, "2½"),
        ("10.5", True, "10½"),
    ],
)
def test_chess_number_writes_points_with_halves_and_other_values_as_decimals(value, halves, shown):
    assert chess_number(value, halves) == shown


def test_a_sonneborn_berger_quarter_is_written_as_the_scores_beside_it(client):
    section = swiss_section(8, rounds_played=3, tiebreaks=["SB"])
    response = client.get(url(section, "standings_detail"))
    lines = response.context["page"].lines
    quarters = [item for item in lines if item.line.values[0].denominator == 4]
    assert quarters, "the section should give a Sonneborn-Berger in quarters"
    value = quarters[0].line.values[0]
    whole, part = divmod(value, 1)
    shown = f"{whole or ''}{'¼' if part == Fraction(1, 4) else '¾'}"
    assert f'<td class="num tb">{shown}</td>' in response.text
    assert ".25<" not in response.text
    assert ".75<" not in response.text
    # The download stays a plain number.
    download = client.get(url(section, "standings_csv")).content.decode()
    assert str(float(value)) in download


def test_a_direct_encounter_is_shown_only_between_tied_players_who_met(client):
    # Round 1: 1-2 1-0, 3-4 ½-½, 5-6 1-0. Tied: 1 and 5 (never met), 3 and 4 (met), 2 and 6.
    section = swiss_section(6, rounds_played=1, tiebreaks=["DE"])
    response = client.get(url(section, "standings_detail"))
    shown = {item.line.number: item.cells[0][0] for item in response.context["page"].lines}
    assert shown == {1: "", 5: "", 3: 1, 4: 1, 2: "", 6: ""}
    assert response.text.count('<td class="num tb">1</td>') == 2
    assert response.text.count('<td class="num tb"></td>') == 4
    # The download keeps the engine's values.
    rows = list(csv.reader(io.StringIO(client.get(url(section, "standings_csv")).content.decode())))
    assert [row[-1] for row in rows[1:]] == ["1"] * 6
