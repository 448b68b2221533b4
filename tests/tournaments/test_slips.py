"""Result slips: one per board of a published round, with both players, colours, a result
to tick and two signature lines."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import swiss_section
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def slips(client, section, number: int):
    return client.get(
        reverse(
            "round_slips",
            kwargs={
                "event_slug": section.event.slug,
                "section_slug": section.slug,
                "number": number,
            },
        )
    )


def test_a_slip_per_board_with_players_colours_results_and_signatures(client):
    section = swiss_section(7, rounds_played=1, results_in_last=False)
    page = slips(client, section, 1).content.decode()
    assert page.count('class="slip"') == 3
    assert "Board 3" in page
    assert "1. Player001, First1 (2599)" in page
    assert page.count("White's signature") == 3
    assert page.count('class="tick"') == 9


def test_a_draft_round_has_no_slips(client):
    section = swiss_section(6, rounds_played=1)
    Round.objects.create(section=section, number=2, status=RoundStatus.DRAFT)
    assert slips(client, section, 2).status_code == 404


def test_the_pairings_page_links_to_the_slips(client):
    section = swiss_section(6, rounds_played=1)
    url = reverse(
        "round_detail",
        kwargs={"event_slug": section.event.slug, "section_slug": section.slug, "number": 1},
    )
    assert "slips/" in client.get(url).content.decode()
