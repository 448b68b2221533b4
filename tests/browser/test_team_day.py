"""A team event in a real browser: teams, pairing, line-ups, board results, team standings.

The organiser logs in, creates an event and a three-round team Swiss section, sets two
boards per match, enters four teams with their rosters on the teams page and names one
team's captain, pairs round 1 (on the Celery worker when a broker is configured), puts a
reserve on board 2 of one team, publishes, enters every board's result with the result
buttons, does the same for round 2 (where the captain, on a phone, changes the team's
line-up once the round is published), and reads the team standings. Screenshots go to
test-artifacts/browser/.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

# Under CI a missing Playwright must fail (the import below does); elsewhere, skip.
if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.browser.test_tournament_day import boards_on_page
from tests.browser.test_tournament_day import create_event
from tests.browser.test_tournament_day import log_in
from tests.browser.test_tournament_day import open_round
from tests.browser.test_tournament_day import pair_round
from tests.browser.test_tournament_day import publish_round
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

BOARDS = 2
# In rating order within each team: board 1, board 2, the reserve.
TEAMS = {
    "Tromsø Rooks": ("Haugen, Magnus, 2388", "Lie, Kari, 2250", "Berg, Ola, 2101"),
    "Bergen Knights": ("Dahl, Ingrid, 2310", "Moe, Per, 2240", "Vik, Siri, 2050"),
    "Oslo Bishops": ("Strand, Erik, 2290", "Lund, Nora, 2205", "Holm, Jens, 2003"),
    "Bodø Pawns": ("Nilsen, Tor, 2201", "Bakke, Liv, 2150", "Sand, Emil, 1988"),
}
TEAMS_CAPTAINED = "Bodø Pawns"
# The white team wins every board: 1-0 on its White boards (odd), 0-1 on the even ones.
WHITE_TEAM_WINS = {1: "1-0", 0: "0-1"}


def create_team_section(page: Page, name: str, rounds: int) -> None:
    page.get_by_role("link", name="New section").click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("System").select_option("team_swiss")
    page.get_by_label("Rounds", exact=True).fill(str(rounds))
    page.get_by_role("button", name="Create the section").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Manage {name}")


def set_up_teams(page: Page, section_url: str, screenshot: Path) -> None:
    """From the public team list to the organiser's team page: boards, then each team."""
    page.goto(section_url + "teams/")
    page.get_by_role("link", name="Manage teams").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("^Manage teams"))
    boards = page.get_by_role("form", name="Boards per match")
    boards.get_by_label("Boards per match").fill(str(BOARDS))
    boards.get_by_role("button", name="Save boards").click()
    expect(page.locator("p.message")).to_have_text("Boards per match saved.")
    for name, players in TEAMS.items():
        form = page.get_by_role("form", name="Add a team")
        form.get_by_label("Team name").fill(name)
        form.get_by_label("Federation").fill("NOR")
        form.get_by_label("Players").fill("\n".join(players))
        form.get_by_role("button", name="Add the team").click()
        expect(page.locator("p.message")).to_have_text(f"{name} added.")
    rows = page.locator("table.teams tbody tr")
    expect(rows).to_have_count(len(TEAMS))
    expect(rows.first).to_contain_text("Haugen, Magnus; Lie, Kari; Berg, Ola")
    page.screenshot(path=screenshot, full_page=True)


def name_captain(page: Page, team: str, username: str) -> None:
    """On the organiser's team page: the team's captain, by username."""
    form = page.get_by_role("form", name=f"Captain of {team}")
    form.get_by_label(f"Username of the captain of {team}").fill(username)
    form.get_by_role("button", name="save").click()
    expect(page.locator("p.message")).to_have_text(f"{username} captains {team}.")


def captain_changes_lineup(phone: Page, section_url: str, number: int) -> None:
    """The captain, on a phone: log in, open the round's matches, put the reserve on board 2."""
    log_in(phone, "captain", then=section_url + f"rounds/{number}/matches/")
    expect(phone.get_by_role("link", name=f"Line-up of {TEAMS_CAPTAINED}")).to_have_count(1)
    assert phone.get_by_role("link", name=re.compile("^Line-up of")).count() == 1
    phone.get_by_role("link", name=f"Line-up of {TEAMS_CAPTAINED}").click()
    phone.get_by_label("Board 2").select_option(label="Sand, Emil")
    phone.get_by_role("button", name="Save line-up").click()
    expect(phone.locator("p.message")).to_have_text(f"Line-up of {TEAMS_CAPTAINED} saved.")
    expect(phone.locator("section.card.match", has_text=TEAMS_CAPTAINED)).to_contain_text(
        "Sand, Emil"
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375


def matches_on_page(page: Page) -> list[tuple[str, str]]:
    """(white team, black team) of each match card, in table order."""
    return [
        (
            card.locator(".match-team").nth(0).inner_text(),
            card.locator(".match-team").nth(1).inner_text(),
        )
        for card in page.locator("section.card.match").all()
    ]


def enter_white_team_wins(page: Page) -> None:
    rows = page.locator("#round-manage tr[data-game-url]")
    for index in range(rows.count()):
        board = int(rows.nth(index).locator("td.board").inner_text())
        button = rows.nth(index).locator(f'[data-result-value="{WHITE_TEAM_WINS[board % 2]}"]')
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")


def test_organiser_runs_a_team_event_to_the_team_standings(
    desktop: Page, phone: Page, pairing, artifacts: Path
):
    UserFactory(username="arbiter")
    UserFactory(username="captain")
    page = desktop

    log_in(page, "arbiter", then="/events/new/")
    create_event(page, "Nordic Team Cup")
    create_team_section(page, "Teams", rounds=3)
    manage_url = page.url
    section_url = manage_url.removesuffix("manage/")
    set_up_teams(page, section_url, artifacts / "team-organiser-teams.png")
    name_captain(page, TEAMS_CAPTAINED, "captain")

    white_teams: list[str] = []
    for number in (1, 2):
        page.goto(manage_url)
        open_round(page, number)
        boards = pair_round(page, number)
        assert len(boards) == len(TEAMS) // 2 * BOARDS
        if number == 1:
            page.screenshot(path=artifacts / "team-round-1-draft.png", full_page=True)
            # C.04.6 round 1: 1-3 and 4-2, the first team of each match with White on board 1.
            assert [(b.white_name, b.black_name) for b in boards] == [
                ("Haugen, Magnus", "Strand, Erik"),
                ("Lund, Nora", "Lie, Kari"),
                ("Nilsen, Tor", "Dahl, Ingrid"),
                ("Moe, Per", "Bakke, Liv"),
            ]

        # The draft's matches, and the reserve on board 2 of the first match's white team.
        page.goto(section_url + f"rounds/{number}/matches/")
        matches = matches_on_page(page)
        assert len(matches) == 2
        white_teams += [white for white, _black in matches]
        if number == 1:
            page.get_by_role("link", name="Line-up of Tromsø Rooks").click()
            expect(page.get_by_label("Board 1")).to_have_value(re.compile(r"\d+"))
            page.get_by_label("Board 2").select_option(label="Berg, Ola")
            page.get_by_role("button", name="Save line-up").click()
            expect(page.locator("p.message")).to_have_text("Line-up of Tromsø Rooks saved.")
            expect(page.locator("#match-1")).to_contain_text("Berg, Ola")
            page.screenshot(path=artifacts / "team-round-1-lineups.png", full_page=True)

        page.goto(manage_url)
        open_round(page, number)
        if number == 1:
            assert ("Lund, Nora", "Berg, Ola") in [
                (b.white_name, b.black_name) for b in boards_on_page(page)
            ]
        publish_round(page, number)
        if number == 2:
            # The published round: a captain changes the own team's line-up from a phone.
            captain_changes_lineup(phone, section_url, number)
            phone.screenshot(path=artifacts / "team-captain-lineup-phone.png", full_page=True)
            page.reload()
            expect(page.locator("#round-manage")).to_contain_text("Sand, Emil")
        enter_white_team_wins(page)
        page.reload()
        expect(page.locator("#round-manage .status-completed")).to_be_visible()

    if pairing.on_worker:
        assert pairing.worker_runs() == 2

    page.goto(section_url + "rounds/2/matches/")
    expect(page.locator("section.card.match .match-score").first).to_have_text("2–0")
    page.screenshot(path=artifacts / "team-round-2-matches.png", full_page=True)

    page.goto(section_url + "teams/standings/")
    expect(page.locator(".facts")).to_contain_text("After round 2")
    page.screenshot(path=artifacts / "team-standings-after-round-2.png", full_page=True)
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(len(TEAMS))
    standings = {
        row.locator("td.name").inner_text().strip(): (
            int(row.locator("td").nth(2).inner_text()),
            int(row.locator("td").nth(3).inner_text()),
        )
        for row in rows.all()
    }
    # Two MP and two GP for each match a team played as the white team.
    assert standings == {
        name: (2 * white_teams.count(name), 2 * white_teams.count(name)) for name in TEAMS
    }
    assert [mp for mp, _gp in standings.values()] == sorted(
        (mp for mp, _gp in standings.values()), reverse=True
    )
