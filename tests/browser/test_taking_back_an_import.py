"""An organiser on a 375 px wide phone takes back a section imported from a TRF file by
mistake, and reads a finished section's page and standings that say only what is true.
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tournament_day import log_in
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.tournaments.conftest import SMALL_TRF
from tournaments import services
from tournaments.models import Section

pytestmark = pytest.mark.browser


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_an_organiser_deletes_a_section_imported_by_mistake(phone: Page, artifacts: Path):
    organiser = UserFactory(username="olga")
    event = EventFactory(name="Spring Open")
    event.organisers.add(organiser)
    section = services.section_import_trf(
        event=event, user=organiser, name="Imported", text=SMALL_TRF
    )
    page = phone
    log_in(page, "olga", then=f"/events/{event.slug}/{section.slug}/delete/")

    expect(page.get_by_role("heading", level=1)).to_have_text("Delete Imported?")
    expect(page.get_by_text("Its rounds imported from a TRF file go too")).to_be_visible()
    page.screenshot(path=artifacts / "phone-delete-import.png", full_page=True)
    fits_the_phone(page)
    page.get_by_role("button", name="Delete the section").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Spring Open")
    expect(page.get_by_text("No sections yet.")).to_be_visible()
    assert not Section.objects.filter(pk=section.pk).exists()


def test_a_finished_section_says_so_and_shows_direct_encounters_only_where_they_count(
    phone: Page, artifacts: Path
):
    organiser = UserFactory(username="olga")
    section = swiss_section(6, rounds_played=1, tiebreaks=["DE"])
    Section.objects.filter(pk=section.pk).update(planned_rounds=1)
    section.event.organisers.add(organiser)
    base = f"/events/{section.event.slug}/{section.slug}/"
    page = phone
    log_in(page, "olga", then=base + "manage/")

    expect(page.get_by_text("Finished: every round is paired and complete")).to_be_visible()
    expect(page.get_by_text("Next round to pair")).to_have_count(0)
    fits_the_phone(page)

    page.goto(base + "standings/")
    # Round 1: 1-2 1-0, 3-4 ½-½, 5-6 1-0: only 3 and 4 are level with someone they met.
    cells = page.locator("td.tb")
    expect(cells).to_have_count(6)
    assert sorted(cells.all_inner_texts()) == ["", "", "", "", "1", "1"]
    page.screenshot(path=artifacts / "phone-standings-direct-encounter.png", full_page=True)
