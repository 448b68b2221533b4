"""Steps of a day at an event, as players and organisers take them in the browser, shared by
the browser tests: entering online and deciding on entries, check-in by the arbiters, by the
venue's code and by an entry's own link, and finding one's board."""

from __future__ import annotations

import re

from playwright.sync_api import Locator
from playwright.sync_api import Page
from playwright.sync_api import expect

# ---------------------------------------------------------------------------------------
# Online entries
# ---------------------------------------------------------------------------------------


def entries_open(page: Page) -> None:
    """From the section's manage page: its entry settings, taking entries online."""
    page.get_by_role("link", name="Online entries").click()
    page.get_by_role("link", name="Settings").click()
    page.get_by_label("Take entries online").check()


def entry_settings_save(page: Page) -> None:
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".message")).to_contain_text("Entry settings saved.")


def player_enters(
    page: Page, base: str, *, last: str, first: str, rating: str, federation: str = ""
) -> None:
    """The public form of the section at `base`, sent; the entry's page says it is pending."""
    page.goto(base + "enter/")
    entry_form_fill(page, last=last, first=first, rating=rating, federation=federation)
    entry_form_send(page)


def entry_form_fill(
    page: Page,
    *,
    last: str,
    first: str,
    rating: str,
    federation: str = "",
    email: str = "player@example.org",
) -> None:
    if federation:
        page.get_by_label("Federation").fill(federation)
    page.get_by_label("First name").fill(first)
    page.get_by_label("Last name").fill(last)
    page.get_by_label("Rating").fill(rating)
    page.get_by_label("Email").fill(email)


def entry_form_send(page: Page) -> None:
    page.get_by_role("button", name="Send my entry").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your entry")
    expect(page.locator(".status-pending")).to_have_text("Pending")


def approve(page: Page, base: str, name: str) -> None:
    """The organisers' list of the section at `base`: the entry of `name` approved."""
    page.goto(base + "entries/manage/")
    row = page.locator("tr", has_text=name)
    row.get_by_role("button", name="Approve").click()
    expect(page.locator("tr", has_text=name).locator(".status-approved")).to_be_visible()


# ---------------------------------------------------------------------------------------
# Check-in
# ---------------------------------------------------------------------------------------


def check_in_settings_save(page: Page, *, mode: str, absent: str, code: str) -> None:
    """On the section's check-in page: its settings (by their labels), saved."""
    settings = page.locator("details", has_text="Check-in settings")
    if settings.get_attribute("open") is None:
        settings.locator("summary").click()
    settings.get_by_label("Check-in", exact=True).select_option(label=mode)
    settings.get_by_label("Players who did not check in").select_option(label=absent)
    settings.get_by_label("Check-in code").fill(code)
    settings.get_by_role("button", name="Save").click()
    expect(page.locator(".message.success")).to_contain_text("Check-in settings saved.")


def tap(page: Page, name: str) -> None:
    """On the check-in list: the player `name` marked present."""
    button = page.locator(".check-button", has_text=name)
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def self_check_in_find(page: Page, query: str) -> None:
    """On the event's check-in page: a search for the player's own name."""
    page.get_by_label("Find your name").fill(query)
    page.get_by_role("button", name="Find").click()


def self_check_in_with_code(page: Page, code: str) -> None:
    page.get_by_label("Check-in code (on the poster)").fill(code)
    page.get_by_role("button", name="Check in").click()


def check_in_by_entry_link(page: Page, number: int) -> None:
    """On an approved entry's page: "Check in for round N", then "Checked in"."""
    page.get_by_role("button", name=f"Check in for round {number}").click()
    expect(page.locator(".message.success")).to_have_text(f"You are checked in for round {number}.")
    expect(page.locator(".check-in-done")).to_have_text(f"Checked in for round {number}.")


# ---------------------------------------------------------------------------------------
# Finding one's board
# ---------------------------------------------------------------------------------------


def find_me(page: Page, text: str) -> Locator:
    """ "Find me" on an event's or a section's page, typed as on a phone: what it finds."""
    page.get_by_label(re.compile("^Find me")).press_sequentially(text, delay=30)
    return page.locator("[data-find-results] .found li")
