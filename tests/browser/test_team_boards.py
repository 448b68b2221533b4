"""A team section's boards carry their teams in a real browser, on a phone and a desktop.

The public pairings and the organiser's round page both read "Team 01 – Team 02, board 1"
above or beside each board, and neither page scrolls sideways on a 375 px phone.
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

# Under CI a missing Playwright must fail (the import below does); elsewhere, skip.
if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tournament_day import log_in
from tests.factories import UserFactory
from tests.factories import team_section
from tournaments.models import RoundStatus

pytestmark = pytest.mark.browser

LABELS = [
    "Team 01 – Team 02, board 1",
    "Team 01 – Team 02, board 2",
    "Team 03 – Team 04, board 1",
    "Team 03 – Team 04, board 2",
]


@pytest.fixture
def section(transactional_db):
    """Four teams, two boards: round 1 published with its results still to enter."""
    section = team_section(4, boards=2, rounds_played=1)
    rnd = section.rounds.get()
    rnd.games.update(result="")
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    section.event.organisers.add(UserFactory(username="arbiter"))
    return section


def addresses(section) -> tuple[str, str]:
    base = f"/events/{section.event.slug}/{section.slug}/rounds/1/"
    return base, base + "manage/"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_public_pairings_name_the_teams_of_every_board(
    request, section, size: str, artifacts: Path
):
    page: Page = request.getfixturevalue(size)
    public, _manage = addresses(section)

    page.goto(public)

    expect(page.locator("table.pairings .board-label")).to_have_text(LABELS)
    page.screenshot(path=artifacts / f"team-boards-public-{size}.png", full_page=True)
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_organisers_round_page_names_the_teams_of_every_board(
    request, section, size: str, artifacts: Path
):
    page: Page = request.getfixturevalue(size)
    _public, manage = addresses(section)

    log_in(page, "arbiter", then=manage)

    rows = page.locator("#round-manage tr[data-game-url]")
    expect(rows.locator(".board-label")).to_have_text(LABELS)
    page.screenshot(path=artifacts / f"team-boards-round-manage-{size}.png", full_page=True)
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
