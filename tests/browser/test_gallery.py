"""A gallery of the site as people meet it: every page of accounts, online entries,
check-in, the venue and team events, photographed at phone (375×812) and desktop (1280×900)
size, and the paper pages printed to A4 PDF, all from one realistic event built once for the
module.

Everything goes to test-artifacts/gallery/: ``phone-<page>.png`` and ``desktop-<page>.png``
(the whole page), ``print-<page>.pdf`` and ``print-<page>-<n>.png`` (page n of that PDF as
Chromium's own PDF viewer shows it). Each page must answer 200 and fit its screen's width,
a 375 px phone above all; each PDF page must be A4.

pytest-django's `live_server` empties the database after every test that uses it, so the
module runs a live server of its own over the event, and empties the database itself when
the module is done. Its tests are marked `django_db` (each in a transaction rolled back at
its end, which leaves the event alone) so that pytest-django makes the test database whichever
of them runs; they write nothing themselves.
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib.util
import os
import zoneinfo
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from allauth.account.forms import default_token_generator
from allauth.account.models import EmailAddress
from allauth.account.models import EmailConfirmationHMAC
from allauth.account.utils import user_pk_to_url_str
from django.core.management import call_command
from django.test import Client
from django.test import override_settings
from playwright.sync_api import Page
from playwright.sync_api import expect
from pytest_django.live_server_helper import LiveServer

from entries import services as entry_services
from entries.check_ins.services import check_in_set
from entries.models import EntrySettings
from people.services import invitation_create
from teams import services as team_services
from teams.models import Team
from tests.browser.conftest import ARTIFACTS
from tests.browser.conftest import DESKTOP
from tests.browser.conftest import PHONE
from tests.browser.conftest import _page_keeping_to_the_policy
from tests.browser.test_venue import A4_POINTS
from tests.browser.test_venue import page_sizes
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments import services
from tournaments.models import CheckInMode
from tournaments.models import Event
from tournaments.models import Player
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

GALLERY = ARTIFACTS.parent / "gallery"
OSLO = zoneinfo.ZoneInfo("Europe/Oslo")
WIDTHS = {"phone": PHONE["viewport"]["width"], "desktop": DESKTOP["viewport"]["width"]}

LAST_NAMES = [
    "Bjørnsdóttir", "Dvořák", "Nguyễn", "Łukasiewicz", "Müller", "O'Brien", "Şahin",
    "Đoković", "García Márquez", "Østergaard", "Kovačević", "Jääskeläinen", "Ferreira da Silva",
    "Van den Berghe", "Sørensen", "Petrosyan", "Ólafsson", "Wiśniewska", "Hernández", "Novák",
]  # fmt: skip
FIRST_NAMES = [
    "Anna", "Jan", "Van Minh", "Ola", "Jürgen", "Seán", "Ali", "Mila", "Zoë", "Søren",
    "Ksenija", "Aino", "João", "Ingrid", "Hákon", "Agnieszka", "Gabriel", "Eliška", "Tigran",
]  # fmt: skip
TEAMS = [
    "Šachový klub Brno",
    "Skákfélag Akureyrar",
    "Club d'Échecs de Lyon-Croix-Rousse",
    "Schachfreunde Köln-Mülheim",
    "Tromsø Sjakklubb",
    "Łódzki Klub Szachowy",
]
CODE = "KNIGHT7"


@dataclass(frozen=True, slots=True)
class Gallery:
    """The live server and the secret addresses the event's pages need."""

    url: str
    entry: str
    invitation: str
    confirm_email: str
    reset_password: str
    refuse: str
    sessions: dict[str, str]
    """A signed-in session of each user, by username."""


def realistic_names(section, offset: int = 0) -> None:
    """Every player of `section` renamed from the lists above (accents, long names)."""
    players = list(section.players.order_by("starting_rank"))
    for index, player in enumerate(players, start=offset):
        player.last_name = LAST_NAMES[index % len(LAST_NAMES)]
        player.first_name = FIRST_NAMES[(index * 7) % len(FIRST_NAMES)]
    Player.objects.bulk_update(players, ["last_name", "first_name"])


def build_event() -> Gallery:
    """The Nordic Open in Oslo: "Open" (57 players, rounds 1-2 played, round 3 published,
    check-in for round 4 under way), "Juniors" (entries online, no round yet) and "Team Cup"
    (six teams of four boards and a reserve, round 2 published without results)."""
    ingrid = UserFactory(username="ingrid", email="ingrid@example.org")
    EmailAddress.objects.create(user=ingrid, email=ingrid.email, verified=True, primary=True)
    soren = UserFactory(username="soren", email="soren@example.org")
    EmailAddress.objects.create(user=soren, email=soren.email, verified=True, primary=True)
    newcomer = UserFactory(username="newcomer", email="newcomer@example.org")
    unconfirmed = EmailAddress.objects.create(user=newcomer, email=newcomer.email, primary=True)
    event = Event.objects.create(
        name="Nordic Open 2026",
        slug="nordic",
        city="Oslo",
        federation="NOR",
        time_zone="Europe/Oslo",
        start_date=datetime.date(2026, 5, 16),
        end_date=datetime.date(2026, 5, 18),
    )
    event.organisers.add(ingrid)

    open_ = swiss_section(
        57,
        rounds_played=3,
        results_in_last=False,
        event=event,
        name="Open",
        slug="open",
        check_in=CheckInMode.EVERY_ROUND,
        check_in_code=CODE,
    )
    realistic_names(open_)
    start = datetime.datetime(2026, 5, 16, 10, 0, tzinfo=OSLO)
    services.section_schedule_set(
        section=open_,
        user=ingrid,
        starts={n: start + datetime.timedelta(hours=5 * (n - 1)) for n in range(1, 6)},
    )
    for player in open_.players.filter(starting_rank__lte=20):
        check_in_set(player=player, user=ingrid, present=True)

    juniors = SectionFactory(
        event=event,
        name="Juniors",
        slug="juniors",
        planned_rounds=5,
        check_in=CheckInMode.FIRST_ROUND,
        check_in_code=CODE,
    )
    for rank in range(1, 5):
        PlayerFactory(
            section=juniors,
            starting_rank=rank,
            last_name=LAST_NAMES[-rank],
            first_name=FIRST_NAMES[rank],
            fide_rating=1800 - 50 * rank,
        )
    EntrySettings.objects.create(section=juniors, is_open=True, max_players=12)
    entrants = [("Þórsdóttir", "Ásta", 1720), ("Nováková", "Běla", 1650), ("Ng", "Kai", None)]
    submitted = [
        entry_services.entry_submit(
            section=juniors,
            link_for=lambda secret: f"/entries/{secret}/",
            last_name=last,
            first_name=first,
            fide_rating=rating,
            federation="NOR",
            birth_year=2012,
            email="parent@example.org",
        )
        for last, first, rating in entrants
    ]
    entry_services.entry_approve(entry=submitted[0][0], user=ingrid)

    teams = team_section(
        6, boards=4, reserves=1, rounds_played=2, event=event, name="Team Cup", slug="teams"
    )
    for team, name in zip(teams.teams.order_by("starting_rank"), TEAMS, strict=True):
        team.name = name
        team.save()
    realistic_names(teams, offset=3)
    second = teams.rounds.get(number=2)
    second.games.update(result="")
    second.status = RoundStatus.PUBLISHED
    second.save()
    captained = Team.objects.get(section=teams, starting_rank=1)
    team_services.team_captain_set(team=captained, user=ingrid, username="soren")
    _invitation, secret = invitation_create(
        event=event,
        user=ingrid,
        email="arne@example.org",
        role="arbiter",
        link_for=lambda secret: f"/invitations/{secret}/",
    )
    sessions = {}
    for user in (ingrid, soren):
        client = Client()
        client.force_login(user)
        sessions[user.username] = client.cookies["sessionid"].value
    return Gallery(
        url="",
        sessions=sessions,
        entry=f"/entries/{submitted[1][1]}/",
        refuse=f"/events/nordic/juniors/entries/refuse/?entry={submitted[2][0].pk}",
        invitation=f"/invitations/{secret}/",
        confirm_email=f"/accounts/confirm-email/{EmailConfirmationHMAC(unconfirmed).key}/",
        reset_password=(
            f"/accounts/password/reset/key/{user_pk_to_url_str(newcomer)}-"
            f"{default_token_generator.make_token(newcomer)}/"
        ),
    )


@pytest.fixture(scope="module")
def gallery(browser, django_db_blocker) -> Iterator[Gallery]:
    """The event and a live server over it, for the whole module; the database is emptied
    afterwards, as after any test of a live server."""
    locmem = "django.core.mail.backends.locmem.EmailBackend"
    with django_db_blocker.unblock(), override_settings(EMAIL_BACKEND=locmem):
        built = build_event()
        server = LiveServer("localhost")
        server._live_server_modified_settings.enable()
        try:
            yield dataclasses.replace(built, url=server.url)
        finally:
            server._live_server_modified_settings.disable()
            server.stop()
            call_command("flush", verbosity=0, interactive=False)


def signed_in(page: Page, gallery: Gallery, username: str) -> Page:
    """`page` with the session of `username`, as if they had logged in."""
    session = gallery.sessions[username]
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": gallery.url}])
    return page


@pytest.fixture
def device_page(request, browser, gallery) -> Iterator[tuple[str, Page]]:
    device = request.param
    server = LiveServerAddress(gallery.url)
    for page in _page_keeping_to_the_policy(
        browser, server, PHONE if device == "phone" else DESKTOP
    ):
        yield device, page


@dataclass(frozen=True, slots=True)
class LiveServerAddress:
    url: str


def shoot(page: Page, device: str, name: str, url: str) -> None:
    """Open `url`, check it answers 200 and fits the screen's width, and photograph it."""
    response = page.goto(url)
    assert response is not None, url
    assert response.status == 200, f"{url} answered {response.status}"
    GALLERY.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=GALLERY / f"{device}-{name}.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTHS[device], f"{url} is {width} px wide on a {device}"


PUBLIC = {
    # Accounts
    "log-in": "/accounts/login/",
    "sign-up": "/accounts/signup/",
    "password-reset": "/accounts/password/reset/",
    "password-reset-done": "/accounts/password/reset/done/",
    "verification-sent": "/accounts/confirm-email/",
    "account-inactive": "/accounts/inactive/",
    # The venue
    "event": "/events/nordic/",
    "event-find": "/events/nordic/find/?q=dvorak",
    "poster": "/events/nordic/poster/",
    "section-timetable": "/events/nordic/open/",
    "pairings": "/events/nordic/open/rounds/3/",
    "pairings-by-name": "/events/nordic/open/rounds/3/?order=name",
    "standings": "/events/nordic/open/standings/",
    "crosstable": "/events/nordic/open/crosstable/",
    "slips": "/events/nordic/open/rounds/3/slips/",
    "player": "/events/nordic/open/players/1/",
    "player-bye": "/events/nordic/open/players/2/",
    # Check-in
    "self-check-in": "/events/nordic/check-in/",
    "self-check-in-found": "/events/nordic/check-in/?q=muller",
    # Entries
    "entry-form": "/events/nordic/juniors/enter/",
    "entry-list": "/events/nordic/juniors/entries/",
    "juniors": "/events/nordic/juniors/",
    # Teams
    "team-section": "/events/nordic/teams/",
    "team-list": "/events/nordic/teams/teams/",
    "team": "/events/nordic/teams/teams/3/",
    "team-pairings": "/events/nordic/teams/rounds/2/",
    "team-pairings-by-name": "/events/nordic/teams/rounds/2/?order=name",
    "team-matches": "/events/nordic/teams/rounds/2/matches/",
    "team-standings": "/events/nordic/teams/teams/standings/",
}

ORGANISER = {
    "profile": "/accounts/profile/",
    "tokens": "/accounts/tokens/",
    "email": "/accounts/email/",
    "password-change": "/accounts/password/change/",
    "log-out": "/accounts/logout/",
    "reauthenticate": "/accounts/reauthenticate/",
    "people": "/events/nordic/people/",
    "schedule": "/events/nordic/open/schedule/",
    "check-in-list": "/events/nordic/open/check-in/",
    "round-manage": "/events/nordic/open/rounds/3/manage/",
    "entry-manage": "/events/nordic/juniors/entries/manage/",
    "entry-settings": "/events/nordic/juniors/entries/settings/",
    "team-manage": "/events/nordic/teams/teams/manage/",
    "team-round-manage": "/events/nordic/teams/rounds/2/manage/",
}


def test_the_event_has_accents_teams_entries_check_ins_and_round_times(gallery):
    event = Event.objects.get(slug="nordic")
    open_, juniors, teams = (event.sections.get(slug=s) for s in ("open", "juniors", "teams"))

    assert open_.players.filter(last_name="Bjørnsdóttir").exists()
    assert teams.is_team
    assert teams.teams.filter(name=TEAMS[0]).exists()
    assert juniors.entries.count() == 3
    assert open_.players.filter(check_ins__isnull=False).distinct().count() == 20
    assert open_.round_times.count() == 5


BOTH = pytest.mark.parametrize("device_page", ["phone", "desktop"], indirect=True)


@BOTH
def test_every_public_page_answers_and_fits_the_screen(device_page, gallery):
    device, page = device_page
    for name, url in PUBLIC.items():
        shoot(page, device, name, url)
    # Pages behind a secret link.
    shoot(page, device, "entry", gallery.entry)
    expect(page.locator(".status-pending")).to_have_text("Pending")
    shoot(page, device, "invitation", gallery.invitation)
    expect(page.get_by_text("arbiter of Nordic Open 2026")).to_be_visible()
    shoot(page, device, "confirm-email", gallery.confirm_email)
    expect(page.get_by_role("button", name="Confirm")).to_be_visible()
    shoot(page, device, "password-reset-from-key", gallery.reset_password)
    expect(page.get_by_label("New password (again)")).to_be_visible()


@BOTH
def test_every_page_of_the_organisers_answers_and_fits_the_screen(device_page, gallery):
    device, page = device_page
    signed_in(page, gallery, "ingrid")
    for name, url in ORGANISER.items():
        shoot(page, device, name, url)
    # Round 2 rotates the teams: its first match is the second team against the third.
    expect(page.locator("#round-manage .board-label").first).to_have_text(
        f"{TEAMS[1]} – {TEAMS[2]}, board 1"
    )
    shoot(page, device, "entry-refuse", gallery.refuse)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Refuse the entry of Ng, Kai?")


@BOTH
def test_a_captains_pages_answer_and_fit_the_screen(device_page, gallery):
    device, page = device_page
    signed_in(page, gallery, "soren")
    shoot(page, device, "captain-profile", "/accounts/profile/")
    expect(page.get_by_text("captain of Šachový klub Brno")).to_be_visible()
    shoot(page, device, "lineup", "/events/nordic/teams/rounds/2/lineups/1/")


def test_team_pairings_name_the_teams_with_their_accents(browser, gallery):
    for page in _page_keeping_to_the_policy(browser, LiveServerAddress(gallery.url), PHONE):
        page.goto("/events/nordic/teams/rounds/2/")
        labels = page.locator("table.pairings .board-label")
        expect(labels).to_have_count(12)
        expect(labels.first).to_have_text(f"{TEAMS[1]} – {TEAMS[2]}, board 1")
        expect(labels.last).to_have_text(f"{TEAMS[0]} – {TEAMS[5]}, board 4")


PAPER = {
    "pairings-by-board": "/events/nordic/open/rounds/3/",
    "pairings-by-name": "/events/nordic/open/rounds/3/?order=name",
    "standings": "/events/nordic/open/standings/",
    "crosstable": "/events/nordic/open/crosstable/",
    "slips": "/events/nordic/open/rounds/3/slips/",
    "poster": "/events/nordic/poster/",
    "team-pairings": "/events/nordic/teams/rounds/2/",
}


def pdf_pages_as_png(browser, pdf: Path, pages: int) -> None:
    """Each page of `pdf` as Chromium's PDF viewer shows it, fitted to an A4-shaped window,
    beside the file: for people to look at; nothing is asserted on them."""
    context = browser.new_context(viewport={"width": 794, "height": 1123})
    for number in range(1, pages + 1):
        # A page of its own each time: the viewer ignores a new #page on the same document.
        viewer = context.new_page()
        viewer.goto(f"{pdf.as_uri()}#toolbar=0&view=Fit&page={number}")
        pdf.with_name(f"{pdf.stem}-{number}.png").write_bytes(settled_screenshot(viewer))
        viewer.close()
    context.close()


def settled_screenshot(viewer: Page, tries: int = 25) -> bytes:
    """The viewer draws a page in steps after its load event: the screenshot once two in a
    row agree and show more than the empty grey (a few kilobytes of PNG)."""
    last = b""
    for _ in range(tries):
        viewer.wait_for_timeout(300)
        shot = viewer.screenshot()
        if shot == last and len(shot) > 10_000:
            break
        last = shot
    return last


def test_the_paper_pages_print_to_a4(browser, gallery):
    GALLERY.mkdir(parents=True, exist_ok=True)
    for page in _page_keeping_to_the_policy(browser, LiveServerAddress(gallery.url), DESKTOP):
        for name, url in PAPER.items():
            response = page.goto(url)
            assert response is not None
            assert response.status == 200, url
            page.emulate_media(media="print")
            pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
            path = GALLERY / f"print-{name}.pdf"
            path.write_bytes(pdf)
            sizes = page_sizes(pdf)
            assert sizes, name
            for width, height in sizes:
                assert abs(width - A4_POINTS[0]) < 1, name
                assert abs(height - A4_POINTS[1]) < 1, name
            assert not page.locator(".site-header").is_visible(), name
            page.emulate_media(media="screen")
            pdf_pages_as_png(browser, path, len(sizes))
