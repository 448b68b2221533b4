"""Every email of the site comes from its three templates (subject, plain text, HTML): the
subject on one line, the text as typed, the HTML with every name escaped."""

from __future__ import annotations

import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.utils import timezone

from common.emails import email_render
from entries.models import Entry
from entries.models import EntryStatus
from tournaments.models import Event
from tournaments.models import Section

NAME = "Ann <script>alert(1)</script>"
ESCAPED = "Ann &lt;script&gt;alert(1)&lt;/script&gt;"
EMAILS = Path(settings.BASE_DIR) / "templates" / "emails"
# Every email: the names of its templates' sets, `<name>_subject.txt` and its bodies.
NAMES = sorted(
    str(path.relative_to(EMAILS)).removesuffix("_subject.txt")
    for path in EMAILS.rglob("*_subject.txt")
)


def context(status: str = EntryStatus.PENDING) -> dict[str, object]:
    """What any of the emails may be given, every name, address and code typed by someone
    holding markup."""
    event = Event(name=NAME)
    section = Section(name=NAME, event=event)
    return {
        # Entries.
        "entry": Entry(section=section, last_name=NAME, status=status),
        "section": section,
        # Invitations.
        "inviter": NAME,
        "event": NAME,
        "team": NAME,
        "days": 14,
        # Accounts (allauth's).
        "request": SimpleNamespace(scheme="https"),
        "current_site": SimpleNamespace(domain="rookery.test"),
        "user": SimpleNamespace(get_username=lambda: NAME),
        "username": NAME,
        "email": NAME,
        "from_email": NAME,
        "to_email": NAME,
        "deleted_email": NAME,
        "code": NAME,
        "timestamp": timezone.make_aware(datetime.datetime(2024, 5, 1, 12, 30)),
        "ip": "192.0.2.7",
        "user_agent": NAME,
        # Links.
        "link": "https://rookery.test/x/?a=1&b=2",
        "activate_url": "https://rookery.test/x/?a=1&b=2",
        "password_reset_url": "https://rookery.test/x/?a=1&b=2",
        "signup_url": "https://rookery.test/x/?a=1&b=2",
    }


def test_every_email_of_the_site_is_found():
    assert {"entry_received", "entry_decided", "invitation"} <= set(NAMES)
    assert {"account/email_confirmation_signup", "account/password_reset_key"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_email_renders_its_subject_text_and_html(name):
    rendered = email_render(name, context())

    assert rendered.subject
    assert "\n" not in rendered.subject
    assert "&lt;" not in rendered.subject
    assert rendered.text
    assert "&lt;" not in rendered.text
    assert "&amp;" not in rendered.text
    assert rendered.html.startswith("<!doctype html>")
    assert rendered.html.endswith("</html>")


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_markup_is_plain_text_in_the_text_and_escaped_in_the_html(name):
    rendered = email_render(name, context())

    assert NAME in rendered.text
    assert ESCAPED in rendered.html
    assert "<script" not in rendered.html


@pytest.mark.parametrize(
    "name",
    [
        "entry_received",
        "invitation",
        "account/account_already_exists",
        "account/email_confirmation_signup",
        "account/password_reset_key",
        "account/unknown_account",
    ],
)
def test_a_link_is_whole_in_the_text_and_escaped_in_the_html(name):
    rendered = email_render(name, {**context(), "code": ""})

    assert "https://rookery.test/x/?a=1&b=2" in rendered.text
    assert '<a href="https://rookery.test/x/?a=1&amp;b=2">' in rendered.html


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (EntryStatus.APPROVED, "is approved: you are a player of the section."),
        (EntryStatus.REFUSED, "is refused by the organisers."),
        (EntryStatus.PENDING, "has left the waiting list: it now waits for the organisers"),
    ],
)
def test_the_decision_about_an_entry_is_said_in_both_bodies(status, words):
    rendered = email_render("entry_decided", context(status))

    assert f"Your entry to {NAME}, {NAME} {words}" in rendered.text
    assert f"<p>Your entry to {ESCAPED}, {ESCAPED} {words}" in rendered.html


def test_a_subject_with_a_line_break_is_one_line():
    values = context()
    values["section"] = Section(name="Open", event=Event(name="Spring\r\nBcc: all@example.org"))

    rendered = email_render("entry_received", values)

    assert rendered.subject == "Your entry: Spring Bcc: all@example.org, Open"
