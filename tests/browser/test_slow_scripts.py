"""On a slow connection the site never drops what a visitor did before a page's script came.

The page's buttons work through its script. While the script is still on its way they are
disabled, so a click then cannot be lost: the organiser (and Playwright, which waits for an
enabled button) presses them once the script can carry the click out. A name typed into
"Find me" before the script came is searched for as soon as it comes.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Iterator

import pytest

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from django.contrib.staticfiles import handlers
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tournament_day import PAIRING_SECONDS
from tests.browser.test_tournament_day import log_in
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section

pytestmark = pytest.mark.browser


@pytest.fixture
def held_scripts(monkeypatch) -> Iterator[threading.Event]:
    """The live server holds every script back while the yielded event is clear."""
    release = threading.Event()
    release.set()
    serve = handlers.StaticFilesHandlerMixin.serve

    def held_serve(self, request):
        if request.path.endswith(".js"):
            release.wait(timeout=60)
        return serve(self, request)

    monkeypatch.setattr(handlers.StaticFilesHandlerMixin, "serve", held_serve)
    try:
        yield release
    finally:
        release.set()


def test_round_buttons_wait_for_the_script_and_then_pair(
    desktop: Page, pairing, held_scripts: threading.Event
):
    arbiter = UserFactory(username="arbiter")
    section = SectionFactory(name="Open", slug="open", event__slug="slow-open")
    section.event.organisers.add(arbiter)
    for _ in range(6):
        PlayerFactory(section=section)
    page = desktop
    log_in(page, "arbiter", then="/events/slow-open/open/manage/")

    held_scripts.clear()
    page.goto("/events/slow-open/open/rounds/1/manage/", wait_until="commit")
    button = page.get_by_role("button", name="Pair round 1")
    expect(button).to_be_visible()
    # The script has not arrived: the button says it cannot be used yet.
    expect(button).to_be_disabled()

    held_scripts.set()
    button.click()  # Playwright waits until the script has enabled it
    expect(page.locator("#round-manage .status-draft")).to_be_visible(
        timeout=PAIRING_SECONDS * 1000
    )
    expect(page.locator("#round-manage tr[data-game-url]")).to_have_count(3)
    # The reloaded draft offers the next steps, each through its confirmation page.
    expect(page.get_by_role("link", name="Publish round 1…")).to_be_visible()


def test_find_me_searches_what_was_typed_before_the_script_arrived(
    phone: Page, held_scripts: threading.Event
):
    section = swiss_section(players=6, rounds_played=1, slug="open", event__slug="slow-open")

    held_scripts.clear()
    phone.goto(f"/events/{section.event.slug}/open/", wait_until="commit")
    phone.get_by_label("Find me").fill("Player003")
    held_scripts.set()

    found = phone.locator("[data-find-results] .found li")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Player003")
