"""An arbiter's safety net in a real browser, on a 375 px wide phone.

The arbiter pairs and publishes round 1 (on the Celery worker when a broker is configured),
enters its results, pairs and publishes round 2; then finds a round-1 result was wrong and
corrects it: the standings change at once, and the page says that round 2 would have been
paired differently, and on which boards. The arbiter then unpublishes round 2 and pairs it
again. Every irreversible step (publishing, correcting, unpublishing, pairing again) is
asked on a confirmation page first, and nothing happens until it is confirmed. Screenshots
go to test-artifacts/browser/.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tournament_day import PAIRING_SECONDS
from tests.browser.test_tournament_day import boards_on_page
from tests.browser.test_tournament_day import log_in
from tests.browser.test_tournament_day import pair_round
from tests.browser.test_tournament_day import standings_points
from tests.pairing.test_drafts import make_section
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.browser


def confirm(page: Page, link: str, title: str, button: str, shot: Path) -> None:
    """Follow `link`, see the confirmation page `title` (nothing done yet), confirm."""
    page.get_by_role("link", name=link).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    expect(page.get_by_role("heading", name="What stays")).to_be_visible()
    page.screenshot(path=shot, full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.get_by_role("button", name=button).click()


def status_of(section, number: int) -> str:
    return Round.objects.get(section=section, number=number).status


def test_arbiter_corrects_a_result_after_the_next_round_and_pairs_that_round_again(
    phone: Page, pairing, artifacts: Path
):
    section = make_section(8)
    section.organiser.username = "arbiter"
    section.organiser.save()
    base = f"/events/{section.event.slug}/{section.slug}/"
    page = phone
    log_in(page, "arbiter", then=base + "rounds/1/manage/")

    # Round 1: paired, publication asked and confirmed, every game won by White.
    pair_round(page, 1)
    confirm(
        page,
        "Publish round 1…",
        "Publish round 1?",
        "Publish round 1",
        artifacts / "phone-confirm-publish.png",
    )
    expect(page.locator("#round-manage .status-published")).to_be_visible()
    rows = page.locator("#round-manage tr[data-game-url]")
    for index in range(rows.count()):
        button = rows.nth(index).locator('[data-result-value="1-0"]')
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(rows.nth(index).locator("[data-row-status]")).to_have_text("Saved.")
    page.reload()
    expect(page.locator("#round-manage .status-completed")).to_be_visible()

    # Round 2: paired and published.
    page.goto(base + "rounds/2/manage/")
    before = pair_round(page, 2)
    confirm(
        page,
        "Publish round 2…",
        "Publish round 2?",
        "Publish round 2",
        artifacts / "phone-confirm-publish-2.png",
    )
    expect(page.locator("#round-manage .status-published")).to_be_visible()

    page.goto(base + "standings/")
    points_before = standings_points(page)

    # Board 1 of round 1 was really won by Black: corrected, with a reason.
    game = Game.objects.select_related("white", "black").get(
        round__section=section, round__number=1, board=1
    )
    page.goto(base + "rounds/1/manage/")
    expect(page.locator("#board-1")).to_contain_text("1–0")
    page.locator("#board-1").get_by_role("link", name="Correct…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct board 1 of round 1")
    expect(page.locator("main")).to_contain_text("Round 2 and any later round stand as paired")
    page.get_by_label("Result").select_option("0-1")
    page.get_by_label("Reason (for the event's log)").fill("Scoresheet signed 0–1.")
    page.screenshot(path=artifacts / "phone-correct-result.png", full_page=True)
    assert Game.objects.get(pk=game.pk).result == GameResult.WHITE_WINS  # nothing yet
    page.get_by_role("button", name="Save the correction").click()

    note = page.locator("p.message", has_text="Round 2 would have been paired differently")
    expect(note).to_be_visible()
    expect(note).to_have_text(re.compile(r"on boards? \d+"))
    expect(page.locator("p.message", has_text="Rounds already paired stand")).to_be_visible()
    page.screenshot(path=artifacts / "phone-correction-replayed.png", full_page=True)
    assert Game.objects.get(pk=game.pk).result == GameResult.BLACK_WINS
    assert status_of(section, 2) == RoundStatus.PUBLISHED  # round 2 stands

    page.goto(base + "standings/")
    points_after = standings_points(page)
    assert points_after[game.white.full_name] == points_before[game.white.full_name] - 1
    assert points_after[game.black.full_name] == points_before[game.black.full_name] + 1

    # Round 2 is taken back and paired again with the corrected result.
    page.goto(base + "rounds/2/manage/")
    confirm(
        page,
        "Unpublish…",
        "Unpublish round 2?",
        "Unpublish round 2",
        artifacts / "phone-confirm-unpublish.png",
    )
    expect(page.locator("#round-manage .status-draft")).to_be_visible()
    assert status_of(section, 2) == RoundStatus.DRAFT
    page.get_by_role("link", name="Pair again…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Pair round 2 again?")
    page.screenshot(path=artifacts / "phone-confirm-pair-again.png", full_page=True)
    assert status_of(section, 2) == RoundStatus.DRAFT  # nothing yet
    page.get_by_role("button", name="Pair round 2 again").click()
    expect(page.locator("#round-manage .status-draft")).to_be_visible(
        timeout=PAIRING_SECONDS * 1000
    )
    after = boards_on_page(page)
    assert {(b.white, b.black) for b in after} != {(b.white, b.black) for b in before}
    page.screenshot(path=artifacts / "phone-round-2-paired-again.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    # Published again: its pairing may now change only under a case of C.04.2 4.4.
    confirm(
        page,
        "Publish round 2…",
        "Publish round 2?",
        "Publish round 2",
        artifacts / "phone-confirm-publish-again.png",
    )
    expect(page.locator("#round-manage .status-published")).to_be_visible()
    expect(page.get_by_text("Alter the published pairing (C.04.2 4.4)")).to_be_visible()
    page.screenshot(path=artifacts / "phone-round-2-published-again.png", full_page=True)

    actions = set(LogEntry.objects.filter(section=section).values_list("action", flat=True))
    assert {LogAction.PUBLISH, LogAction.RESULT_CORRECT, LogAction.UNPUBLISH} <= actions
