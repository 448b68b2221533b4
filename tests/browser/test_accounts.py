"""Accounts in a real browser, on a phone: a newcomer signs up, opens the emailed link and
creates an event; an organiser invites an arbiter, who joins through the emailed link.

The live server runs in this process, so the emails land in Django's in-memory outbox.
Screenshots of every account page, phone and desktop, go to test-artifacts/browser/.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest
from django.core import mail

if importlib.util.find_spec("playwright") is None and not os.environ.get("CI"):
    pytest.skip("Playwright is not installed (pip install -e '.[dev]')", allow_module_level=True)

from playwright.sync_api import Page
from playwright.sync_api import expect

from tests.factories import EventFactory
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.browser

PASSWORD = "correct-horse-battery"  # UserFactory's


@pytest.fixture(autouse=True)
def locmem_email(settings, eager_tasks):
    """Emails land in Django's outbox, sent in-process once the action commits (as without
    a broker)."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def link_in_last_email(pattern: str) -> str:
    match = re.search(rf"https?://[^/\s]+({pattern}[^\s]*/)", mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1)


def sign_up(page: Page, username: str, email: str) -> None:
    page.get_by_label("Username", exact=True).fill(username)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()


def shoot(page: Page, path: Path) -> None:
    page.screenshot(path=path, full_page=True)


def test_a_newcomer_signs_up_confirms_the_address_and_creates_an_event(
    phone: Page, artifacts: Path
):
    phone.goto("/")
    phone.get_by_role("link", name="Sign up").click()
    shoot(phone, artifacts / "phone-sign-up.png")
    sign_up(phone, "newcomer", "newcomer@example.org")

    expect(phone.get_by_role("heading", name="Check your email")).to_be_visible()
    shoot(phone, artifacts / "phone-confirmation-sent.png")
    phone.goto(link_in_last_email("/accounts/confirm-email/"))
    shoot(phone, artifacts / "phone-confirm-email.png")
    phone.get_by_role("button", name="Confirm").click()

    expect(phone.locator(".site-header .who")).to_have_text("newcomer")
    phone.locator(".site-header .who").click()
    shoot(phone, artifacts / "phone-profile.png")
    phone.get_by_role("link", name="Create an event").click()
    phone.get_by_label("Name", exact=True).fill("Newcomers' Open")
    phone.get_by_role("button", name="Create the event").click()
    expect(phone.get_by_role("heading", name="Newcomers' Open")).to_be_visible()
    assert Event.objects.get(name="Newcomers' Open").organisers.get().username == "newcomer"


def test_an_invited_arbiter_joins_through_the_emailed_link(
    browser, live_server, phone: Page, artifacts: Path
):
    UserFactory(username="olga")
    event = EventFactory(name="Harbour Rapid", slug="harbour-rapid")
    event.organisers.add(UserFactory._meta.model.objects.get(username="olga"))

    phone.goto("/accounts/login/?next=/events/harbour-rapid/people/")
    shoot(phone, artifacts / "phone-log-in.png")
    phone.get_by_label("Username or email").fill("olga")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    invite = phone.get_by_role("form", name="Invite by email")
    invite.get_by_label("Email address").fill("arne@example.org")
    invite.get_by_role("button", name="Send the invitation").click()
    expect(phone.get_by_text("Invitation sent to arne@example.org")).to_be_visible()
    shoot(phone, artifacts / "phone-people-invitations.png")
    link = link_in_last_email("/invitations/")

    # The invited arbiter, on a phone of their own.
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 375, "height": 812},
        is_mobile=True,
        has_touch=True,
    )
    arne = context.new_page()
    arne.goto(link)
    expect(arne.get_by_text("arbiter of Harbour Rapid")).to_be_visible()
    shoot(arne, artifacts / "phone-invitation.png")
    arne.get_by_role("main").get_by_role("link", name="Sign up").click()
    sign_up(arne, "arne", "arne@example.org")
    arne.get_by_role("button", name="Accept as arne").click()
    expect(arne.get_by_text("You are now arbiter of Harbour Rapid.")).to_be_visible()
    expect(arne.get_by_role("link", name="Harbour Rapid")).to_be_visible()
    context.close()

    assert [user.username for user in event.arbiters.all()] == ["arne"]
    assert len(mail.outbox) == 1  # the invitation only: no second email to confirm


ACCOUNT_PAGES = {
    "log-in": "/accounts/login/",
    "sign-up": "/accounts/signup/",
    "password-reset": "/accounts/password/reset/",
}
SIGNED_IN_PAGES = {
    "profile": "/accounts/profile/",
    "email": "/accounts/email/",
    "password-change": "/accounts/password/change/",
}


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_screenshots_of_the_account_pages(device, request, transactional_db, artifacts: Path):
    page: Page = request.getfixturevalue(device)
    for name, url in ACCOUNT_PAGES.items():
        page.goto(url)
        expect(page.locator("main h1")).to_be_visible()
        shoot(page, artifacts / f"{device}-account-{name}.png")
    UserFactory(username="olga", email="olga@example.org")
    page.goto("/accounts/login/")
    page.get_by_label("Username or email").fill("olga")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".site-header .who")).to_have_text("olga")
    for name, url in SIGNED_IN_PAGES.items():
        page.goto(url)
        expect(page.locator("main h1")).to_be_visible()
        shoot(page, artifacts / f"{device}-account-{name}.png")
