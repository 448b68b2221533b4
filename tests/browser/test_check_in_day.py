"""Check-in in a real browser: an arbiter checks players in on a phone, a player checks in
with the venue's code on their own phone, and round 1 is paired without the one player who
never came. Screenshots at phone and desktop size go to test-artifacts/browser/.
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
from tests.browser.steps import self_check_in_find
from tests.browser.steps import self_check_in_with_code
from tests.browser.steps import tap
from tests.browser.test_tournament_day import PAIRING_SECONDS
from tests.browser.test_tournament_day import boards_on_page
from tests.browser.test_tournament_day import log_in
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import AbsentPlayers
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import CheckInMode

pytestmark = pytest.mark.browser

PLAYERS = [
    ("Zoë", "Müller"),
    ("Łukasz", "Nowak"),
    ("Ann", "Berg"),
    ("Bo", "Lund"),
    ("Cai", "Ortiz"),
    ("Dee", "Quinn"),
]
ABSENT = "Quinn, Dee"
CODE = "KNIGHT7"


def make_event():
    event = EventFactory(name="Club Open", slug="club-open")
    arbiter = UserFactory(username="arbiter")
    event.arbiters.add(arbiter)
    section = SectionFactory(
        event=event,
        name="Open",
        slug="open",
        planned_rounds=3,
        check_in=CheckInMode.EVERY_ROUND,
        absent_players=AbsentPlayers.ASK,
        check_in_code=CODE,
    )
    for rank, (first, last) in enumerate(PLAYERS, start=1):
        PlayerFactory(section=section, starting_rank=rank, first_name=first, last_name=last)
    return section


def test_arbiter_and_player_check_in_and_the_absent_player_is_left_out(
    phone: Page, desktop: Page, browser, live_server, pairing, artifacts: Path
):
    section = make_event()
    check_in = "/events/club-open/open/check-in/"

    # The arbiter, on a phone: the search ignores accents; each tap saves at once.
    log_in(phone, "arbiter", then=check_in)
    expect(phone.locator("[data-count]")).to_have_text("0 of 6 present")
    phone.get_by_label("Find a player").fill("zoe")
    expect(phone.locator(".check-list li:visible")).to_have_count(1)
    tap(phone, "Müller, Zoë")
    expect(phone.locator("[data-count]")).to_have_text("1 of 6 present")
    phone.get_by_label("Find a player").fill("")
    for name in ("Berg, Ann", "Lund, Bo", "Ortiz, Cai"):
        tap(phone, name)
    expect(phone.locator("[data-count]")).to_have_text("4 of 6 present")
    phone.screenshot(path=artifacts / "phone-check-in-list.png", full_page=True)

    # A player, on their own phone: finds their name without its accent, gives the code.
    context = browser.new_context(base_url=live_server.url, **PHONE)
    player = context.new_page()
    player.goto("/events/club-open/check-in/")
    self_check_in_find(player, "lukasz")
    player.get_by_label("Check-in code (on the poster)").fill("knight7")
    player.screenshot(path=artifacts / "phone-self-check-in.png", full_page=True)
    self_check_in_with_code(player, "knight7")
    expect(player.locator(".message.success")).to_contain_text(
        "you are checked in for round 1 of Open"
    )
    player.screenshot(path=artifacts / "phone-self-check-in-done.png", full_page=True)
    context.close()

    phone.reload()
    expect(phone.locator("[data-count]")).to_have_text("5 of 6 present")
    expect(phone.locator(".check-button", has_text="Nowak, Łukasz")).to_contain_text(
        "Present (self)"
    )

    # Pairing on a desktop: the section asks first, naming the player who is not here.
    log_in(desktop, "arbiter", then=check_in)
    desktop.screenshot(path=artifacts / "desktop-check-in-list.png", full_page=True)
    desktop.get_by_role("link", name="Manage Open").click()
    desktop.get_by_role("navigation", name="Rounds").get_by_role("link", name="1").click()
    expect(desktop.locator(".notice")).to_contain_text(f"Not checked in (1): {ABSENT}")
    desktop.get_by_role("button", name="Pair round 1").click()
    expect(desktop.locator("[data-message]")).to_contain_text(
        f"1 player has not checked in for round 1: {ABSENT}"
    )
    desktop.get_by_role("button", name="Pair anyway, leaving 1 player out").click()
    expect(desktop.locator("#round-manage .status-draft")).to_be_visible(
        timeout=PAIRING_SECONDS * 1000
    )
    desktop.screenshot(path=artifacts / "desktop-round-1-paired-without-absent.png", full_page=True)

    boards = boards_on_page(desktop)
    seated = {b.white_name for b in boards} | {b.black_name for b in boards}
    assert ABSENT not in seated
    assert len(boards) == 2
    byes = {(b.player.full_name, b.kind) for b in Bye.objects.filter(round__section=section)}
    assert (ABSENT, ByeKind.ZERO_POINT) in byes
    expect(desktop.locator("#round-manage tr.bye", has_text=ABSENT)).to_contain_text(
        "Zero-point bye"
    )
