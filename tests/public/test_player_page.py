"""A player's page: place and points, performance, this round's seat, every game, and the
section's tabs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from public.selectors import player_page_get
from tests.factories import swiss_section

pytestmark = pytest.mark.django_db


def page_of(client, section, rank: int) -> str:
    url = reverse(
        "player_detail",
        kwargs={"event_slug": section.event.slug, "section_slug": section.slug, "rank": rank},
    )
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_place_points_and_performance_after_the_completed_rounds():
    # Round 1: 1-2 1-0, 3-4 ½, 5-6 1-0; round 2: 2-3 1-0, 4-5 ½, 1-6 1-0.
    section = swiss_section(6, rounds_played=2)
    leader = player_page_get(section=section, starting_rank=1)
    assert (leader.place, leader.after_round, leader.card.score_text) == (1, 2, "2")
    # Two wins: the opponents' average (2598 and 2594) plus 800 (C.07 10.2, dp for 100 %).
    assert leader.performance == 3396
    second = player_page_get(section=section, starting_rank=5)
    assert (second.place, second.card.score_text) == (2, "1½")


def test_the_page_shows_place_points_performance_and_the_tabs(client):
    section = swiss_section(6, rounds_played=2)
    page = page_of(client, section, 1)
    assert "<dt>Place</dt><dd>1<small" in page
    assert '<dt>Points</dt><dd class="score">2<small' in page
    assert "<dt>Performance</dt><dd>3396<small" in page
    assert 'class="tabs"' in page
    assert (
        reverse(
            "standings_detail",
            kwargs={"event_slug": section.event.slug, "section_slug": section.slug},
        )
        in page
    )


def test_the_current_round_shows_board_colour_and_opponent(client):
    section = swiss_section(6, rounds_played=2, results_in_last=False)
    page = page_of(client, section, 6)
    assert "Round 2</h2>" in page
    assert "<strong>Board 3</strong> · " in page
    assert 'title="Black"></span>Black · against' in page
    assert "Player001, First1" in page.split("Round 2</h2>", 1)[1].split("</section>", 1)[0]
    # Round 2 is not completed: place and performance stand after round 1.
    assert "after round 1" in page


def test_a_bye_in_the_current_round_is_shown_as_such(client):
    section = swiss_section(5, rounds_played=1, results_in_last=False)
    page = page_of(client, section, 5)
    now = page.split('id="now-title"', 1)[1].split("</section>", 1)[0]
    assert "Pairing-allocated bye (1)" in now


def test_before_any_round_the_page_says_there_is_no_place_yet(client):
    section = swiss_section(4, rounds_played=0)
    page = page_of(client, section, 2)
    assert "no round completed" in page
    assert 'id="now-title"' not in page


def test_a_tiebreak_list_the_engine_refuses_still_gives_a_place():
    section = swiss_section(6, rounds_played=2, tiebreaks=["NOPE"])
    assert player_page_get(section=section, starting_rank=1).place == 1


def test_a_player_who_does_not_exist_is_missing(client):
    section = swiss_section(4, rounds_played=1)
    url = reverse(
        "player_detail",
        kwargs={"event_slug": section.event.slug, "section_slug": section.slug, "rank": 99},
    )
    assert client.get(url).status_code == 404
