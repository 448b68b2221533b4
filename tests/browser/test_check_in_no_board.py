"""A round no one checked in for, on an arbiter's phone (375 px): the round page says how
many have not checked in, pairing asks first with the count and again before a round with
no board; deleting that round reopens check-in as it was; players are then checked in a few
at a time from the player list, with the script off; the poster prints the check-in code
for the arbiter who asks for it.
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

from tests.browser.conftest import PHONE
from tests.browser.test_check_in_day import CODE
from tests.browser.test_check_in_day import make_event
from tests.browser.test_tournament_day import PAIRING_SECONDS
from tests.browser.test_tournament_day import PASSWORD
from tests.browser.test_tournament_day import log_in
from tournaments.models import ByeRequest
from tournaments.models import CheckIn

pytestmark = pytest.mark.browser


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"the page is {width} px wide"


def test_a_round_with_no_board_is_asked_for_and_deleting_it_reopens_check_in(
    phone: Page, browser, live_server, pairing, artifacts: Path
):
    make_event()
    round_page = "/events/club-open/open/rounds/1/manage/"
    log_in(phone, "arbiter", then=round_page)
    phone.goto(round_page)

    notice = phone.locator("[data-not-checked-in]")
    expect(notice).to_contain_text("6 of 6 players have not checked in for round 1.")
    expect(notice).to_contain_text("Leaving them out would make a round with no board")
    fits_the_phone(phone)

    phone.get_by_role("button", name="Pair round 1").click()
    message = phone.locator("[data-message]")
    expect(message).to_contain_text("6 players have not checked in for round 1")
    phone.get_by_role("button", name="Pair anyway, leaving 6 players out").click()
    expect(message).to_contain_text("makes a round with no board")
    phone.screenshot(path=artifacts / "phone-no-board-asked.png", full_page=True)
    assert not ByeRequest.objects.exists()
    phone.get_by_role("button", name="Pair a round with no board (6 players left out)").click()
    expect(phone.locator("#round-manage .status-draft")).to_be_visible(
        timeout=PAIRING_SECONDS * 1000
    )
    assert ByeRequest.objects.count() == 6

    phone.get_by_role("link", name="Delete round 1…").click()
    expect(phone.locator(".confirm-list.goes")).to_contain_text(
        "The zero-point byes this pairing gave 6 players who had not checked in"
    )
    fits_the_phone(phone)
    phone.get_by_role("button", name="Delete round 1").click()
    assert not ByeRequest.objects.exists()

    phone.goto("/events/club-open/open/check-in/")
    expect(phone.locator("[data-count]")).to_have_text("0 of 6 present")


def test_players_are_checked_in_from_the_list_without_the_script(
    browser, live_server, artifacts: Path
):
    make_event()
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto("/accounts/login/?next=/events/club-open/open/manage/")
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto("/events/club-open/open/manage/")

    page.get_by_label("Choose Berg, Ann").check()
    page.get_by_label("Choose Ortiz, Cai").check()
    page.get_by_label("With the chosen players").select_option("check_in")
    page.screenshot(path=artifacts / "phone-players-bulk.png", full_page=True)
    page.get_by_role("button", name="Apply").click()

    expect(page.locator(".message.success")).to_contain_text(
        "Done for 2 players: Berg, Ann; Ortiz, Cai."
    )
    fits_the_phone(page)
    assert sorted(CheckIn.objects.values_list("player__starting_rank", flat=True)) == [3, 5]
    context.close()


def test_the_poster_prints_the_check_in_code_for_the_arbiter_who_asks(
    phone: Page, browser, live_server, artifacts: Path
):
    make_event()
    log_in(phone, "arbiter", then="/events/club-open/poster/")
    phone.goto("/events/club-open/poster/")
    expect(phone.locator(".poster")).not_to_contain_text(CODE)

    phone.get_by_role("link", name="Print the check-in code on the poster").click()

    expect(phone.locator(".poster-code")).to_contain_text(f"Check-in code {CODE}")
    fits_the_phone(phone)
    phone.screenshot(path=artifacts / "phone-poster-with-code.png", full_page=True)
