"""A player's day, end to end, on 375 px wide phones.

The organiser opens a section to online entries; a player enters through the public form and
the organiser approves the entry, which makes them a player; the organiser opens self
check-in for round 1 and checks in the players entered by hand; the player opens the address
the event's QR poster encodes, finds their name and checks in with the venue's code, while a
second entrant checks in from the link of their confirmation email; the organiser pairs round
1 (on the Celery worker when a broker is configured) and publishes it; the player finds their
board, colour and opponent with "Find me". Each step is shot at phone size
(test-artifacts/browser/day-*.png).
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from django.core import mail
from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.steps import approve
from tests.browser.steps import check_in_by_entry_link
from tests.browser.steps import check_in_settings_save
from tests.browser.steps import entries_open
from tests.browser.steps import entry_form_fill
from tests.browser.steps import entry_form_send
from tests.browser.steps import entry_settings_save
from tests.browser.steps import find_me
from tests.browser.steps import self_check_in_find
from tests.browser.steps import self_check_in_with_code
from tests.browser.steps import tap
from tests.browser.test_tournament_day import log_in
from tests.browser.test_tournament_day import open_round
from tests.browser.test_tournament_day import pair_round
from tests.browser.test_tournament_day import publish_round
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import Player

pytestmark = pytest.mark.browser

BY_HAND = [
    ("Aune", "Kari", 2400),
    ("Berg", "Ola", 2300),
    ("Dahl", "Per", 2200),
    ("Eide", "Siv", 2100),
]
PLAYER = "Solberg, Ingrid"
SECOND = "Lund, Bo"
CODE = "HARBOUR"


@pytest.fixture(autouse=True)
def locmem_email(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def make_section():
    event = EventFactory(name="Harbour Open", slug="harbour")
    event.organisers.add(UserFactory(username="organiser"))
    section = SectionFactory(event=event, name="Open", slug="open", planned_rounds=3)
    for rank, (last, first, rating) in enumerate(BY_HAND, start=1):
        PlayerFactory(
            section=section,
            starting_rank=rank,
            last_name=last,
            first_name=first,
            fide_rating=rating,
        )
    return section


def entry_link_mailed_to(address: str) -> str:
    """The address of the entry's page, from the confirmation email sent to `address`."""
    received = [m for m in mail.outbox if m.to == [address] and "is received" in m.body]
    assert len(received) == 1, [m.body for m in mail.outbox]
    match = re.search(r"https?://\S+/entries/\S+/", received[0].body)
    assert match, received[0].body
    return match.group(0)


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


def test_a_player_enters_checks_in_and_finds_their_board(
    browser, phone: Page, second_phone: Page, live_server, pairing, artifacts: Path
):
    make_section()
    base = "/events/harbour/open/"
    organiser, player = second_phone, phone

    # The organiser opens the section to online entries, from its manage page.
    log_in(organiser, "organiser", then=base + "manage/")
    entries_open(organiser)
    organiser.screenshot(path=artifacts / "day-01-organiser-opens-entries.png", full_page=True)
    entry_settings_save(organiser)

    # The player enters on their phone, from the section's page.
    player.goto(base)
    player.get_by_role("link", name="Entries", exact=True).click()
    player.get_by_role("link", name="Enter", exact=True).click()
    entry_form_fill(player, last="Solberg", first="Ingrid", rating="2350", federation="NOR")
    player.screenshot(path=artifacts / "day-02-player-enters.png", full_page=True)
    fits_the_phone(player)
    entry_form_send(player)
    player.screenshot(path=artifacts / "day-03-entry-pending.png", full_page=True)
    fits_the_phone(player)

    # A second entrant, on a phone of their own, whose email keeps the entry's link.
    context = browser.new_context(base_url=live_server.url, **PHONE)
    second = context.new_page()
    second.goto(base + "enter/")
    entry_form_fill(second, last="Lund", first="Bo", rating="1900", email="bo@example.org")
    entry_form_send(second)

    # The organiser approves both: each becomes a player in the initial order.
    approve(organiser, base, PLAYER)
    approve(organiser, base, SECOND)
    organiser.screenshot(path=artifacts / "day-04-organiser-approves.png", full_page=True)
    assert Player.objects.get(last_name="Solberg").starting_rank == 2
    assert Player.objects.get(last_name="Lund").starting_rank == 6

    # The organiser opens self check-in for round 1 and checks in the players entered by hand.
    organiser.goto(base + "manage/")
    organiser.get_by_role("link", name="Check-in", exact=True).click()
    check_in_settings_save(
        organiser,
        mode="Round 1 only",
        absent="Leave them out with a zero-point bye (C.04.2 3.3)",
        code=CODE,
    )
    for last, first, _rating in BY_HAND:
        tap(organiser, f"{last}, {first}")
    expect(organiser.locator("[data-count]")).to_have_text("4 of 6 present")
    organiser.screenshot(path=artifacts / "day-05-organiser-opens-check-in.png", full_page=True)

    # The player points their camera at the poster: the address its QR code encodes.
    organiser.goto("/events/harbour/poster/")
    qr_url = organiser.locator(".poster-url").inner_text().strip()
    expect(organiser.locator(".poster-qr svg title")).to_have_text(f"QR code: {qr_url}")
    player.goto(qr_url)
    expect(player.get_by_role("heading", level=1)).to_have_text("Harbour Open")
    player.screenshot(path=artifacts / "day-06-event-page-from-the-qr-code.png", full_page=True)
    fits_the_phone(player)
    player.get_by_role("link", name="Check in", exact=True).click()
    self_check_in_find(player, "solberg")
    player.screenshot(path=artifacts / "day-07-player-finds-their-name.png", full_page=True)
    fits_the_phone(player)
    self_check_in_with_code(player, CODE.lower())
    expect(player.locator(".message.success")).to_contain_text(
        "you are checked in for round 1 of Open"
    )
    player.screenshot(path=artifacts / "day-08-player-checked-in.png", full_page=True)

    # The second entrant checks in from the link of their confirmation email, with no code.
    second.goto(entry_link_mailed_to("bo@example.org"))
    second.screenshot(path=artifacts / "day-09-entry-link-offers-check-in.png", full_page=True)
    check_in_by_entry_link(second, 1)
    second.screenshot(path=artifacts / "day-10-entry-link-checked-in.png", full_page=True)
    fits_the_phone(second)
    context.close()
    assert CheckIn.objects.filter(round_number=1, by__isnull=True).count() == 2

    # The organiser pairs round 1 through the pairing service, and publishes it.
    organiser.goto(base + "check-in/")
    expect(organiser.locator("[data-count]")).to_have_text("6 of 6 present")
    organiser.goto(base + "manage/")
    open_round(organiser, 1)
    boards = pair_round(organiser, 1)
    organiser.screenshot(path=artifacts / "day-11-organiser-pairs-round-1.png", full_page=True)
    assert sorted(name for b in boards for name in (b.white_name, b.black_name)) == sorted(
        [f"{last}, {first}" for last, first, _rating in BY_HAND] + [PLAYER, SECOND]
    )
    if pairing.on_worker:
        assert pairing.worker_runs() == 1
    publish_round(organiser, 1)
    organiser.screenshot(path=artifacts / "day-12-organiser-publishes.png", full_page=True)

    # The player, back on the event's page, finds their board, colour and opponent.
    seat = next(b for b in boards if PLAYER in (b.white_name, b.black_name))
    colour, opponent = (
        ("White", seat.black_name) if seat.white_name == PLAYER else ("Black", seat.white_name)
    )
    player.goto(qr_url)
    found = find_me(player, "solb")
    expect(found).to_have_count(1)
    expect(found).to_contain_text(f"Round 1: board {seat.number}, {colour}, against {opponent}")
    player.screenshot(path=artifacts / "day-13-player-finds-their-board.png", full_page=True)
    fits_the_phone(player)


def test_guessing_check_in_codes_is_stopped_with_a_page_saying_when_to_try_again(
    phone: Page, artifacts: Path
):
    section = make_section()
    section.check_in, section.check_in_code = CheckInMode.FIRST_ROUND, CODE
    section.save()
    phone.goto("/events/harbour/check-in/")
    for guess in ("ROOK", "KNIGHT", "BISHOP", "QUEEN", "PAWN"):
        self_check_in_find(phone, "aune")
        self_check_in_with_code(phone, guess)
        expect(phone.locator(".field .error")).to_have_text(
            "That is not the check-in code shown at the venue."
        )
    self_check_in_find(phone, "aune")
    self_check_in_with_code(phone, CODE)
    expect(phone.get_by_role("alert")).to_contain_text(
        "Too many wrong check-in codes were sent from your address. Please try again in"
    )
    phone.screenshot(path=artifacts / "phone-self-check-in-too-many-codes.png", full_page=True)
    fits_the_phone(phone)
    assert not CheckIn.objects.exists()
