"""A tournament day in a real browser: the organiser's pages, then a player's phone.

The organiser logs in, creates an event and a five-round Dutch section, imports eleven
players from a CSV file (mapping one column by hand) and adds a twelfth by the form, pairs
round 1 (on the Celery worker when a broker is configured), publishes it, enters every
result, pairs round 2, reads the standings and downloads the TRF; then a player on a 375 px
wide phone finds their board with part of their name. Screenshots of the key pages go to
test-artifacts/browser/.
"""

from __future__ import annotations

import importlib.util
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

# Under CI a missing Playwright must fail (the import below does); elsewhere, skip.
if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from chesscore.record import trf
from chesscore.record.model import Colour
from chesscore.record.model import ResultCode
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

PASSWORD = "correct-horse-battery"  # UserFactory's
PAIRING_SECONDS = 60


@dataclass(frozen=True, slots=True)
class Entry:
    last_name: str
    first_name: str
    federation: str
    rating: int

    @property
    def full_name(self) -> str:
        return f"{self.last_name}, {self.first_name}"


# In rating order, so starting rank n is the n-th line.
ROSTER = (
    Entry("Kowalczyk", "Agnieszka", "POL", 2412),
    Entry("Haugen", "Magnus", "NOR", 2388),
    Entry("Oyelaran", "Tunde", "NGR", 2345),
    Entry("Van der Berg", "Sanne", "NED", 2301),
    Entry("Mendoza", "Lucía", "ESP", 2267),
    Entry("Nakamura", "Kenji", "JPN", 2230),
    Entry("Okafor", "Chiamaka", "NGR", 2198),
    Entry("Lindqvist", "Erik", "SWE", 2154),
    Entry("Dubois", "Camille", "FRA", 2120),
    Entry("Petrov", "Ivan", "BUL", 2087),
    Entry("Schäfer", "Jonas", "GER", 2043),
    Entry("O'Brien", "Aoife", "IRL", 2001),
)
SEARCHING_PLAYER = ROSTER[7]
SEARCH_TEXT = "lindq"

# Round 1, board by board: three entered with the result buttons, three by quick entry.
ROUND_1_RESULTS = ("1-0", "1/2", "0-1", "1-0", "1/2", "0-1")
BY_BUTTON = 3
QUICK_TOKENS = {"1-0": "1", "1/2": "=", "0-1": "0"}
HALF = Fraction(1, 2)
POINTS = {"1-0": (Fraction(1), Fraction(0)), "1/2": (HALF, HALF), "0-1": (Fraction(0), Fraction(1))}
TRF_CODES = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "1/2": (ResultCode.DRAW, ResultCode.DRAW),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
}


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    white: int
    black: int
    white_name: str
    black_name: str


# "Kowalczyk, Agnieszka (1, 0) – Okafor, Chiamaka (7, 0)" as the round page writes a board.
_PAIR = re.compile(r"^\s*(?P<wn>.+?) \((?P<w>\d+), [^)]*\)\s*–\s*(?P<bn>.+?) \((?P<b>\d+), [^)]*\)")


# ---------------------------------------------------------------------------------------
# Organiser steps
# ---------------------------------------------------------------------------------------


def log_in(page: Page, username: str, then: str) -> None:
    page.goto(f"/accounts/login/?next={then}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".site-header .who")).to_have_text(username)


def create_event(page: Page, name: str) -> None:
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("City").fill("Tromsø")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


def create_section(page: Page, name: str, rounds: int, system: str = "dutch") -> None:
    page.get_by_role("link", name="New section").click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("System").select_option(system)
    page.get_by_label("Rounds", exact=True).fill(str(rounds))
    page.get_by_role("button", name="Create the section").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Manage {name}")


def roster_csv(roster: tuple[Entry, ...]) -> str:
    """The roster as a spreadsheet might export it: alphabetical, and with a rating column
    under a header no roster format knows ("Strength")."""
    lines = ["Surname,Given name,Fed,Strength"]
    for e in sorted(roster, key=lambda e: e.last_name):
        lines.append(f"{e.last_name},{e.first_name},{e.federation},{e.rating}")
    return "\n".join(lines) + "\n"


def import_roster_csv(page: Page, roster: tuple[Entry, ...], screenshot: Path) -> None:
    """From the section's manage page: upload the CSV, give its rating column a field on the
    preview page, check the preview, import; back on the manage page."""
    page.get_by_role("link", name="Import players (CSV)").click()
    page.get_by_label("Roster file (CSV)").set_input_files(
        files=[
            {"name": "roster.csv", "mimeType": "text/csv", "buffer": roster_csv(roster).encode()}
        ]
    )
    page.get_by_role("button", name="Upload and check").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Check the roster")
    expect(page.locator("p", has_text="Not imported")).to_contain_text("Strength")
    preview = page.locator("table.players tbody tr")
    first = sorted(roster, key=lambda e: e.last_name)[0]
    expect(preview.first.locator("td").nth(3)).to_have_text("")

    page.get_by_text("Which column holds what").click()
    page.get_by_label("FIDE rating", exact=True).select_option("Strength")
    page.get_by_role("button", name="Show with these columns").click()
    expect(preview.first.locator("td").nth(1)).to_have_text(first.full_name)
    expect(preview.first.locator("td").nth(3)).to_have_text(str(first.rating))
    page.screenshot(path=screenshot, full_page=True)
    page.get_by_role("button", name=f"Import {len(roster)} players").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Manage "))
    expect(page.locator("p.message")).to_contain_text(f"{len(roster)} players added")


def add_player_by_form(page: Page, entry: Entry) -> None:
    """From the section's manage page: the "Add a player" form, then back."""
    page.get_by_role("link", name="Add a player").click()
    page.get_by_label("Last name").fill(entry.last_name)
    page.get_by_label("First name").fill(entry.first_name)
    page.get_by_label("Federation").fill(entry.federation)
    page.get_by_label("FIDE rating").fill(str(entry.rating))
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Manage "))


def boards_on_page(page: Page) -> list[Board]:
    rows = page.locator("#round-manage tr[data-game-url]")
    boards = []
    for row in rows.all():
        number = int(row.locator("td.board").inner_text())
        match = _PAIR.match(row.locator(".pair").inner_text())
        assert match, row.inner_text()
        boards.append(Board(number, int(match["w"]), int(match["b"]), match["wn"], match["bn"]))
    return boards


def pair_round(page: Page, number: int) -> list[Board]:
    """On the round's manage page: ask for the pairing and wait for the draft to appear."""
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(f"round {number}$"))
    page.get_by_role("button", name=f"Pair round {number}").click()
    # The page follows the run and reloads itself once the draft is stored.
    expect(page.locator("#round-manage .status-draft")).to_be_visible(
        timeout=PAIRING_SECONDS * 1000
    )
    return boards_on_page(page)


def swap_colours_by_hand(page: Page, board: int) -> None:
    """On the draft: the "Swap colours on a board" form, then the round's log says so."""
    log = page.locator(".draft-log li")
    before = log.count()
    form = page.locator("details", has_text="Swap colours on a board")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    form.get_by_label("Board").select_option(str(board))
    form.get_by_role("button", name="Swap colours").click()
    expect(log).to_have_count(before + 1)
    expect(log.first).to_contain_text(f"Board {board}: colours swapped by hand")


def publish_round(page: Page, number: int) -> None:
    """From the draft's page: publishing is asked on a page of its own, then done."""
    page.get_by_role("link", name=f"Publish round {number}…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Publish round {number}?")
    page.get_by_role("button", name=f"Publish round {number}").click()
    expect(page.locator("#round-manage .status-published")).to_be_visible()


def enter_round_results(page: Page, results: tuple[str, ...]) -> None:
    """The first `BY_BUTTON` boards by their result buttons, the others by quick entry."""
    rows = page.locator("#round-manage tr[data-game-url]")
    for index, result in enumerate(results[:BY_BUTTON]):
        button = rows.nth(index).locator(f'[data-result-value="{result}"]')
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    tokens = ["."] * BY_BUTTON + [QUICK_TOKENS[r] for r in results[BY_BUTTON:]]
    page.get_by_label("Results of every board").fill(" ".join(tokens))
    page.get_by_role("button", name="Save these results").click()
    saved = len(results) - BY_BUTTON
    expect(page.locator("[data-message]")).to_have_text(
        f"{saved} result{'' if saved == 1 else 's'} saved."
    )


def open_round(page: Page, number: int) -> None:
    page.get_by_role("navigation", name="Rounds").get_by_role(
        "link", name=str(number), exact=True
    ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(f"round {number}$"))


def pressed_results(page: Page) -> list[str]:
    rows = page.locator("#round-manage tr[data-game-url]")
    return [
        row.locator('[data-result-value][aria-pressed="true"]').get_attribute("data-result-value")
        or ""
        for row in rows.all()
    ]


def score_value(text: str) -> Fraction:
    """A score as the pages write it ("2½", "½", "3") as a number."""
    whole = text.removesuffix("½")
    return Fraction(int(whole or 0)) + (HALF if text.endswith("½") else 0)


def standings_points(page: Page) -> dict[str, Fraction]:
    """Name to points, in the order of the standings table."""
    return {
        row.locator("td.name").inner_text().strip(): score_value(
            row.locator("td.score").inner_text().strip()
        )
        for row in page.locator("table.standings tbody tr").all()
    }


# ---------------------------------------------------------------------------------------
# The day
# ---------------------------------------------------------------------------------------


def test_organiser_runs_two_rounds_and_a_player_finds_their_board(
    desktop: Page, phone: Page, pairing, artifacts: Path
):
    UserFactory(username="arbiter")
    page = desktop

    log_in(page, "arbiter", then="/events/new/")
    create_event(page, "Rookery Spring Open")
    create_section(page, "Open A", rounds=5)
    manage_url = page.url
    section_url = manage_url.removesuffix("manage/")
    # All but the last player from a CSV file, the last one (the lowest rated) by hand.
    import_roster_csv(page, ROSTER[:-1], artifacts / "organiser-roster-preview.png")
    add_player_by_form(page, ROSTER[-1])
    # The first column holds the boxes that choose players for the bulk actions.
    names = page.locator("table.players tbody tr td:nth-child(3)")
    expect(names).to_have_text([e.full_name for e in ROSTER])

    # Round 1: the Dutch system pairs the top half against the bottom half.
    open_round(page, 1)
    round_1 = pair_round(page, 1)
    page.screenshot(path=artifacts / "organiser-round-1-draft.png", full_page=True)
    # A hand edit of the draft goes into the round's log; swapped back, the boards are
    # the engine's again.
    swap_colours_by_hand(page, 1)
    assert boards_on_page(page)[0].white == round_1[0].black
    swap_colours_by_hand(page, 1)
    assert boards_on_page(page) == round_1
    page.screenshot(path=artifacts / "organiser-round-1-draft-edited.png", full_page=True)
    assert [b.number for b in round_1] == [1, 2, 3, 4, 5, 6]
    assert {frozenset((b.white, b.black)) for b in round_1} == {
        frozenset((rank, rank + 6)) for rank in range(1, 7)
    }
    publish_round(page, 1)
    enter_round_results(page, ROUND_1_RESULTS)
    page.reload()
    assert pressed_results(page) == list(ROUND_1_RESULTS)

    # Round 2 is paired from round 1's results: everyone once, no rematch.
    open_round(page, 2)
    round_2 = pair_round(page, 2)
    paired = [rank for b in round_2 for rank in (b.white, b.black)]
    assert sorted(paired) == list(range(1, 13))
    assert not {frozenset((b.white, b.black)) for b in round_2} & {
        frozenset((b.white, b.black)) for b in round_1
    }
    if pairing.on_worker:
        assert pairing.worker_runs() == 2

    # The public section page shows round 1 with its results, not round 2's draft.
    page.goto(section_url)
    expect(page.locator("#current h2").first).to_contain_text("Round 1")
    page.screenshot(path=artifacts / "public-section-round-1.png", full_page=True)

    expected_points = {e.full_name: Fraction(0) for e in ROSTER}
    for board, result in zip(round_1, ROUND_1_RESULTS, strict=True):
        expected_points[board.white_name] += POINTS[result][0]
        expected_points[board.black_name] += POINTS[result][1]
    page.get_by_role("navigation", name="Section pages").get_by_role(
        "link", name="Standings"
    ).click()
    expect(page.locator("#standings .facts")).to_contain_text("After round 1")
    page.screenshot(path=artifacts / "public-standings-after-round-1.png", full_page=True)
    points = standings_points(page)
    assert points == expected_points
    assert list(points.values()) == sorted(points.values(), reverse=True)

    page.goto(section_url)
    with page.expect_download() as download:
        page.get_by_role("link", name="TRF16").click()
    record = trf.read(Path(download.value.path()).read_bytes())
    assert [p.name for p in record.players] == [e.full_name for e in ROSTER]
    assert [p.rating for p in record.players] == [e.rating for e in ROSTER]
    assert record.rounds_played == 1
    for board, result in zip(round_1, ROUND_1_RESULTS, strict=True):
        white = record.player(board.white).rounds[0]
        black = record.player(board.black).rounds[0]
        assert (white.opponent, white.colour, white.result) == (
            board.black,
            Colour.WHITE,
            TRF_CODES[result][0],
        )
        assert (black.opponent, black.colour, black.result) == (
            board.white,
            Colour.BLACK,
            TRF_CODES[result][1],
        )

    page.goto(manage_url)
    open_round(page, 2)
    publish_round(page, 2)

    # A player on their phone, with part of their name.
    seat = next(b for b in round_2 if SEARCHING_PLAYER.full_name in (b.white_name, b.black_name))
    colour, opponent = (
        ("White", seat.black_name)
        if seat.white_name == SEARCHING_PLAYER.full_name
        else ("Black", seat.white_name)
    )
    phone.goto(section_url)
    expect(phone.locator("#current h2").first).to_contain_text("Round 2")
    phone.get_by_label("Find me").press_sequentially(SEARCH_TEXT, delay=30)
    found = phone.locator("[data-find-results] .found li")
    expect(found).to_have_count(1)
    expect(found).to_contain_text(SEARCHING_PLAYER.full_name)
    expect(found).to_contain_text(f"Round 2: board {seat.number}, {colour}, against {opponent}")
    phone.screenshot(path=artifacts / "phone-find-me.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375

    # The alphabetical list posted at the venue, on the same phone.
    phone.goto(section_url + "rounds/2/")
    phone.get_by_role("link", name="By name").click()
    row = phone.locator("table.by-name tbody tr", has_text=SEARCHING_PLAYER.full_name).first
    expect(row.locator("td.board")).to_have_text(str(seat.number))
    expect(row).to_contain_text(colour)
    phone.screenshot(path=artifacts / "phone-round-2-by-name.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
