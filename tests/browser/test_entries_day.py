"""Online entries in a real browser, on a 375 px wide phone.

The organiser opens the section to entries from its manage page; a player enters on their
phone (a bad federation first, shown on its field), sees the entry pending on the page its
link opens; the organiser approves it, and the player is in the section's players list in
the initial order. Then a player enters after round 1 is paired and is approved as a late
entry. Every page of entries is shot at phone and desktop size (test-artifacts/browser/).
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

from entries.models import Entry
from entries.models import EntrySettings
from entries.models import EntryStatus
from tests.browser.conftest import PHONE
from tests.browser.steps import approve
from tests.browser.steps import entries_open
from tests.browser.steps import entry_form_fill
from tests.browser.steps import entry_settings_save
from tests.browser.steps import player_enters
from tests.browser.test_tournament_day import log_in
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tournaments.models import Player

pytestmark = pytest.mark.browser


def organiser_of(section) -> None:
    section.event.organisers.add(UserFactory(username="organiser"))


def test_a_player_enters_on_the_phone_and_the_organiser_approves(
    browser, phone: Page, live_server, artifacts: Path
):
    event = EventFactory(name="Spring Open", slug="spring")
    section = SectionFactory(event=event, name="Open", slug="open", planned_rounds=5)
    for rank, rating in enumerate((2400, 2200, 2000), start=1):
        PlayerFactory(
            section=section, starting_rank=rank, last_name=f"Hand{rank}", fide_rating=rating
        )
    organiser_of(section)
    base = "/events/spring/open/"

    # The organiser opens entries from the section's manage page.
    organiser = phone
    log_in(organiser, "organiser", then=base + "manage/")
    entries_open(organiser)
    organiser.get_by_label("Federation").select_option("required")
    organiser.screenshot(path=artifacts / "phone-entry-settings.png", full_page=True)
    entry_settings_save(organiser)
    assert EntrySettings.objects.get(section=section).is_open

    # A player, on a phone of their own: a bad federation is shown on its field.
    context = browser.new_context(base_url=live_server.url, **PHONE)
    player = context.new_page()
    player.goto(base)
    player.get_by_role("link", name="Entries", exact=True).click()
    player.get_by_role("link", name="Enter", exact=True).click()
    player.get_by_label("Last name").fill("Haugen")
    player.get_by_label("Federation").fill("Norway")
    player.get_by_label("Email").fill("player@example.org")
    player.get_by_role("button", name="Send my entry").click()
    field = player.locator(".field.has-errors")
    expect(field).to_contain_text("A federation is three letters, e.g. NOR.")
    player.screenshot(path=artifacts / "phone-entry-form-errors.png", full_page=True)
    player_enters(player, base, last="Haugen", first="Magnus", rating="2300", federation="NOR")
    player.screenshot(path=artifacts / "phone-entry-pending.png", full_page=True)
    entry_url = player.url

    # The organiser approves: the player takes No. 2, in the initial order.
    approve(organiser, base, "Haugen")
    organiser.screenshot(path=artifacts / "phone-entry-manage.png", full_page=True)
    assert Player.objects.get(last_name="Haugen").starting_rank == 2

    player.goto(entry_url)
    expect(player.locator(".status-approved")).to_have_text("Approved")
    player.goto(base)
    expect(player.locator("table", has_text="Haugen")).to_be_visible()
    player.screenshot(path=artifacts / "phone-entry-player-listed.png", full_page=True)
    player.goto(base + "entries/")
    expect(player.locator("tbody tr")).to_have_count(1)
    expect(player.locator("tbody")).not_to_contain_text("player@example.org")
    player.screenshot(path=artifacts / "phone-entry-list.png", full_page=True)
    context.close()


def test_a_late_entrant_joins_after_round_one(browser, phone: Page, live_server, artifacts: Path):
    section = swiss_section(players=6, rounds_played=1, slug="late", late_entry_half_point_byes=1)
    organiser_of(section)
    EntrySettings.objects.create(section=section, is_open=True)
    base = f"/events/{section.event.slug}/late/"

    context = browser.new_context(base_url=live_server.url, **PHONE)
    player = context.new_page()
    player_enters(player, base, last="Latecomer", first="Lea", rating="2700")
    context.close()

    log_in(phone, "organiser", then=base + "entries/manage/")
    approve(phone, base, "Latecomer")
    late = Player.objects.get(last_name="Latecomer")
    assert (late.starting_rank, late.entry_round) == (7, 2)
    phone.goto(base + "manage/")
    expect(phone.locator("tr", has_text="Latecomer")).to_contain_text("Joins rd 2")
    phone.screenshot(path=artifacts / "phone-entry-late.png", full_page=True)


def test_every_entry_page_at_both_sizes(browser, live_server, artifacts: Path):
    section = swiss_section(players=4, rounds_played=0, slug="shots")
    organiser_of(section)
    EntrySettings.objects.create(section=section, is_open=True, waiting_list=True)
    base = f"/events/{section.event.slug}/shots/"
    for size, device in (
        ("phone", PHONE),
        ("desktop", {"viewport": {"width": 1280, "height": 900}}),
    ):
        # A section holds one player of a name: each size enters under names of its own.
        pending, waiting_name = f"Pending {size}", f"Waiting {size}"
        # One place left: the first entry takes it, the second waits.
        EntrySettings.objects.filter(section=section).update(
            max_players=section.players.count() + 1
        )
        context = browser.new_context(base_url=live_server.url, **device)
        page = context.new_page()
        page.goto(base + "enter/")
        page.screenshot(path=artifacts / f"{size}-entry-form.png", full_page=True)
        player_enters(page, base, last=pending, first="Pia", rating="1900")
        page.screenshot(path=artifacts / f"{size}-entry-detail.png", full_page=True)
        page.goto(base + "enter/")
        page.get_by_label("Last name").fill(waiting_name)
        page.get_by_label("Email").fill("w@example.org")
        page.get_by_role("button", name="Send my entry").click()
        expect(page.locator(".status-waiting")).to_have_text("Waiting list")
        log_in(page, "organiser", then=base + "entries/manage/")
        page.screenshot(path=artifacts / f"{size}-entry-manage.png", full_page=True)
        page.goto(base + "entries/settings/")
        page.screenshot(path=artifacts / f"{size}-entry-settings.png", full_page=True)
        waiting = Entry.objects.get(last_name=waiting_name)
        page.goto(base + f"entries/refuse/?entry={waiting.pk}")
        page.screenshot(path=artifacts / f"{size}-entry-refuse.png", full_page=True)
        page.get_by_role("button", name="Refuse the entry").click()
        expect(page.locator("tr", has_text=waiting_name).locator(".status-refused")).to_be_visible()
        assert Entry.objects.get(pk=waiting.pk).status == EntryStatus.REFUSED
        approve(page, base, pending)
        page.goto(base + "entries/")
        page.screenshot(path=artifacts / f"{size}-entry-list.png", full_page=True)
        context.close()


def test_too_many_entries_from_one_phone_are_told_when_to_try_again(
    phone: Page, settings, artifacts: Path
):
    settings.ROOKERY_RATE_LIMITS = {**settings.ROOKERY_RATE_LIMITS, "entry": (2, 3600)}
    section = swiss_section(players=4, rounds_played=0, slug="busy", name="Busy")
    EntrySettings.objects.create(section=section, is_open=True)
    base = f"/events/{section.event.slug}/busy/"
    for last in ("First", "Second"):
        player_enters(phone, base, last=last, first="Pia", rating="1900")
    phone.goto(base + "enter/")
    entry_form_fill(phone, last="Third", first="Pia", rating="1900")
    phone.get_by_role("button", name="Send my entry").click()
    expect(phone.get_by_role("alert")).to_contain_text(
        "Too many entries to Busy were sent from your address. Please try again in"
    )
    phone.screenshot(path=artifacts / "phone-entry-too-many.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    assert Entry.objects.filter(section=section).count() == 2
