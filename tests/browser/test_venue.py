"""The venue in a real browser: Find me across sections on a phone, with and without
accents; every new page at phone and desktop size; the paper pages printed to A4 PDF.

Screenshots go to test-artifacts/browser/venue/, PDFs to test-artifacts/print/.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import re
import zoneinfo

import pytest

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery"  # UserFactory's
SHOTS = ARTIFACTS / "venue"
PRINTS = ARTIFACTS.parent / "print"
OSLO = zoneinfo.ZoneInfo("Europe/Oslo")

OPEN = [
    ("Bjørnsdóttir", "Anna", 2310),
    ("Dvořák", "Jan", 2290),
    ("Nguyễn", "Van Minh", 2250),
    ("Carlsen", "Magnus", 2240),
    ("Łukasiewicz", "Ola", 2200),
    ("Müller", "Jürgen", 2150),
    ("O'Brien", "Seán", 2100),
    ("Papadopoulos", "Eleni", 2050),
    ("Ivanova", "Daria", 2000),
]
JUNIORS = [("Şahin", "Ali", 1800), ("Đoković", "Mila", 1750), ("Smith", "Tom", 1700)]


@pytest.fixture
def venue():
    """An event in Oslo: "Open" (nine players, round 1 completed, round 2 published, a
    bye each round) and "Juniors" (three players, round 1 published, one bye)."""
    owner = UserFactory(username="venue-owner")
    event = EventFactory(
        name="Nordic Open 2026",
        slug="nordic",
        city="Oslo",
        federation="NOR",
        time_zone="Europe/Oslo",
        start_date=datetime.date(2026, 5, 16),
        end_date=datetime.date(2026, 5, 18),
    )
    event.organisers.add(owner)
    open_ = SectionFactory(event=event, name="Open", slug="open", planned_rounds=5)
    juniors = SectionFactory(event=event, name="Juniors", slug="juniors", planned_rounds=3)
    for section, roster in ((open_, OPEN), (juniors, JUNIORS)):
        for rank, (last, first, rating) in enumerate(roster, start=1):
            PlayerFactory(
                section=section,
                starting_rank=rank,
                last_name=last,
                first_name=first,
                fide_rating=rating,
                federation="NOR",
            )
    p = {pl.starting_rank: pl for pl in open_.players.all()}
    one = Round.objects.create(section=open_, number=1, status=RoundStatus.COMPLETED)
    for board, (white, black, result) in enumerate(
        [(1, 5, "1-0"), (6, 2, "1/2"), (3, 7, "1-0"), (8, 4, "0-1")], start=1
    ):
        Game.objects.create(round=one, board=board, white=p[white], black=p[black], result=result)
    Bye.objects.create(round=one, player=p[9], kind=ByeKind.PAIRING_ALLOCATED)
    two = Round.objects.create(section=open_, number=2, status=RoundStatus.PUBLISHED)
    for board, (white, black) in enumerate([(4, 1), (3, 9), (2, 8), (5, 6)], start=1):
        Game.objects.create(round=two, board=board, white=p[white], black=p[black])
    Bye.objects.create(round=two, player=p[7], kind=ByeKind.PAIRING_ALLOCATED)
    j = {pl.starting_rank: pl for pl in juniors.players.all()}
    first = Round.objects.create(section=juniors, number=1, status=RoundStatus.PUBLISHED)
    Game.objects.create(round=first, board=1, white=j[2], black=j[1], result=GameResult.PENDING)
    Bye.objects.create(round=first, player=j[3], kind=ByeKind.PAIRING_ALLOCATED)
    start = datetime.datetime(2026, 5, 16, 10, 0, tzinfo=OSLO)
    services.section_schedule_set(
        section=open_,
        user=owner,
        starts={n: start + datetime.timedelta(hours=5 * (n - 1)) for n in range(1, 6)},
    )
    services.section_schedule_set(section=juniors, user=owner, starts={1: start})
    return event


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def find_as_you_type(phone: Page, text: str):
    box = phone.get_by_label("Find me")
    box.fill("")
    box.press_sequentially(text, delay=20)
    return phone.locator("[data-find-results] .found li")


def test_find_me_on_a_phone_finds_players_of_every_section_with_or_without_accents(
    phone, venue, live_server
):
    phone.goto("/events/nordic/")
    found = find_as_you_type(phone, "bjornsdottir")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Bjørnsdóttir, Anna")
    expect(found).to_contain_text("Round 2: board 1, Black, against Carlsen, Magnus")
    shoot(phone, "phone-event-find-without-accents")

    found = find_as_you_type(phone, "Şahin")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Juniors")
    expect(found).to_contain_text("Round 1: board 1, Black, against Đoković, Mila")

    # From a section's page the same box searches the other section too.
    phone.goto("/events/nordic/open/")
    found = find_as_you_type(phone, "dokovic")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Juniors")
    found = find_as_you_type(phone, "ic")
    expect(found).to_have_count(2)
    expect(found.filter(has_text="Łukasiewicz")).to_contain_text("Open")
    expect(found.filter(has_text="Đoković")).to_contain_text("Juniors")
    found = find_as_you_type(phone, "obrien")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Round 2: Pairing-allocated bye")
    shoot(phone, "phone-section-find-bye")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


PAGES = {
    "event": "/events/nordic/",
    "event-find": "/events/nordic/find/?q=nguyen",
    "poster": "/events/nordic/poster/",
    "section-timetable": "/events/nordic/open/",
    "round-2": "/events/nordic/open/rounds/2/",
    "slips": "/events/nordic/open/rounds/2/slips/",
    "player": "/events/nordic/open/players/1/",
    "player-bye": "/events/nordic/open/players/7/",
}


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_every_new_page_fits_the_screen(device, venue, request):
    page: Page = request.getfixturevalue(device)
    width = 375 if device == "phone" else 1280
    for name, url in PAGES.items():
        response = page.goto(url)
        assert response is not None
        assert response.status == 200, url
        shoot(page, f"{device}-{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, url
    # The organiser's schedule page.
    page.goto("/accounts/login/?next=/events/nordic/open/schedule/")
    page.get_by_label("Username").fill("venue-owner")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_label("Round 3")).to_have_value("2026-05-16T20:00")
    shoot(page, f"{device}-schedule")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_round_times_show_on_the_events_clock(phone, venue):
    phone.goto("/events/nordic/open/")
    expect(phone.locator("#current h2").first).to_contain_text("Round 2 · Sat 15:00")
    expect(phone.locator(".timetable")).to_contain_text("Round 5 · Sun 06:00")
    phone.goto("/events/nordic/open/players/1/")
    expect(phone.locator(".now")).to_contain_text("Board 1")
    expect(phone.locator(".now")).to_contain_text("Black · against Carlsen, Magnus")
    expect(phone.locator(".stats")).to_contain_text("Place")


PAPER = {
    "pairings-by-board": "/events/nordic/open/rounds/2/",
    "pairings-by-name": "/events/nordic/open/rounds/2/?order=name",
    "standings": "/events/nordic/open/standings/",
    "crosstable": "/events/nordic/open/crosstable/",
    "slips": "/events/nordic/open/rounds/2/slips/",
    "poster": "/events/nordic/poster/",
}

A4_POINTS = (595.3, 841.9)  # 210 mm × 297 mm


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """The width and height of every page of `pdf`, in points."""
    boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


def test_the_paper_pages_print_to_a4(desktop, venue):
    PRINTS.mkdir(parents=True, exist_ok=True)
    for name, url in PAPER.items():
        desktop.goto(url)
        desktop.emulate_media(media="print")
        desktop.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
        desktop.screenshot(path=PRINTS / f"{name}.png", full_page=True)
        pdf = desktop.pdf(format="A4", print_background=True, prefer_css_page_size=True)
        (PRINTS / f"{name}.pdf").write_bytes(pdf)
        assert pdf.startswith(b"%PDF")
        sizes = page_sizes(pdf)
        assert sizes, name
        for width, height in sizes:
            assert abs(width - A4_POINTS[0]) < 1, name
            assert abs(height - A4_POINTS[1]) < 1, name
        if name in ("slips", "poster", "pairings-by-board"):
            assert len(sizes) == 1, name
        # Nothing of the site's chrome on paper.
        assert not desktop.locator(".site-header").is_visible(), name
        desktop.emulate_media(media="screen")
    desktop.goto("/events/nordic/open/rounds/2/slips/")
    desktop.emulate_media(media="print")
    expect(desktop.locator(".slip")).to_have_count(4)
    boxes = [desktop.locator(".slip").nth(i).bounding_box() for i in range(2)]
    # Two slips side by side on paper.
    assert boxes[0]["y"] == boxes[1]["y"]
    assert boxes[0]["x"] < boxes[1]["x"]
