"""Every account page a user can reach, and every email sent about an account, speaks as the
rest of the site does: our base page and header, a plain heading, and none of the account
library's stock words."""

from __future__ import annotations

import re

import pytest
from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from allauth.core import context
from django.core import mail
from django.test import RequestFactory

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"  # UserFactory's
# Words of the library's own templates and emails that must not reach a user.
STOCK = [
    "allauth",
    "ocial account",
    "Sign In",
    "Sign Out",
    "Please",
    "Verify Your Email",
    "Confirm Email Address",
    "Bad Token",
    "Confirm Access",
    "Password Reset",
    "Change Password",
    "New Password",
    "Current Password",
    "Remember Me",
    "Forgot your password",
    "Make Primary",
    "Re-send",
    "Thank you for using",
    "You are receiving",
    "You're receiving",
    "contact us",
    "example.com",
]
LINK = re.compile(r"https?://[^/\s]+(/accounts/[^\s]+/)")


@pytest.fixture(autouse=True)
def locmem_email(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def olga():
    user = UserFactory(username="olga", email="olga@example.org")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def assert_our_page(response, heading: str) -> str:
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="site-header"' in html
    assert re.search(rf"<title>\s*{re.escape(heading)} · Rookery</title>", html), html[:400]
    assert re.search(rf"<h1>{re.escape(heading)}</h1>", html), html
    for stock in STOCK:
        assert stock not in html, stock
    return html


def assert_our_email(message, subject: str) -> None:
    assert message.subject == f"[Rookery] {subject}"
    assert message.body.startswith("Hello from Rookery (testserver),\n\n")
    [(html, mimetype)] = message.alternatives
    assert mimetype == "text/html"
    assert "<p>Hello from Rookery (testserver),</p>" in html
    for stock in STOCK:
        assert stock not in message.subject, stock
        assert stock not in message.body, stock
        assert stock not in html, stock


def link_in(message) -> str:
    match = LINK.search(message.body)
    assert match, message.body
    return match.group(1)


@pytest.mark.parametrize(
    ("url", "heading"),
    [
        ("/accounts/login/", "Log in"),
        ("/accounts/signup/", "Sign up"),
        ("/accounts/password/reset/", "Forgotten password"),
        ("/accounts/password/reset/done/", "Check your email"),
        ("/accounts/password/reset/key/done/", "Password changed"),
        ("/accounts/password/reset/key/1-bad-key/", "This link does not work"),
        ("/accounts/confirm-email/bad-key/", "Confirm your email address"),
        ("/accounts/inactive/", "Account switched off"),
    ],
)
def test_pages_for_someone_not_logged_in_are_in_our_words(client, url, heading):
    assert_our_page(client.get(url), heading)


@pytest.mark.parametrize(
    ("url", "heading"),
    [
        ("/accounts/email/", "Your email address"),
        ("/accounts/password/change/", "Change your password"),
        ("/accounts/logout/", "Log out"),
        ("/accounts/reauthenticate/", "Confirm it is you"),
    ],
)
def test_pages_for_a_logged_in_user_are_in_our_words(client, olga, url, heading):
    client.force_login(olga)

    assert_our_page(client.get(url), heading)


def test_the_login_page_leads_to_the_forgotten_password_page(client):
    html = assert_our_page(client.get("/accounts/login/"), "Log in")

    assert 'href="/accounts/password/reset/"' in html


def test_a_user_without_a_password_is_asked_to_choose_one(client):
    user = UserFactory(username="arne")
    user.set_unusable_password()
    user.save()
    client.force_login(user)

    html = assert_our_page(client.get("/accounts/password/set/"), "Choose a password")

    assert "Password (again)" in html


def test_sign_up_sends_the_confirmation_in_our_words_and_its_pages_follow(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )

    assert_our_page(response, "Check your email")
    [message] = mail.outbox
    assert_our_email(message, "Confirm your email address")
    assert "The Rookery account newcomer gave this address as its own." in message.body
    html = assert_our_page(client.get(link_in(message)), "Confirm your email address")
    assert "<strong>newcomer@example.org</strong> is the address of the account" in html
    confirmed = client.post(link_in(message), follow=True)
    assert "newcomer@example.org is confirmed." in confirmed.content.decode()


def test_signing_up_with_a_taken_address_tells_its_owner(client, olga):
    client.post(
        "/accounts/signup/",
        {
            "username": "olga2",
            "email": "olga@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    [message] = mail.outbox
    assert message.to == ["olga@example.org"]
    assert_our_email(message, "You already have an account")
    assert link_in(message) == "/accounts/password/reset/"


def test_a_new_password_by_email_in_our_words_from_request_to_done(client, olga):
    client.post("/accounts/password/reset/", {"email": "olga@example.org"})

    [message] = mail.outbox
    assert_our_email(message, "Choose a new password")
    assert "(olga)" in message.body
    form = client.get(link_in(message), follow=True)
    html = assert_our_page(form, "Choose a new password")
    assert "New password (again)" in html
    done = client.post(
        form.redirect_chain[-1][0],
        {"password1": "a-new-long-password", "password2": "a-new-long-password"},
        follow=True,
    )
    assert_our_page(done, "Password changed")


def test_a_new_password_for_an_unknown_address_says_there_is_no_account(client):
    client.post("/accounts/password/reset/", {"email": "nobody@example.org"})

    [message] = mail.outbox
    assert_our_email(message, "No account with this address")
    assert link_in(message) == "/accounts/signup/"


def test_changing_the_address_shows_the_pending_one_in_our_words(client, olga):
    client.force_login(olga)

    response = client.post(
        "/accounts/email/",
        {"action_add": "", "email": "olga@example.net"},
        follow=True,
    )

    html = assert_our_page(response, "Your email address")
    assert "Waiting for confirmation" in html
    assert "We sent a link to olga@example.net: open it to confirm the address." in html
    [message] = mail.outbox
    assert_our_email(message, "Confirm your email address")


def test_logging_in_and_out_say_so_plainly(client, olga):
    logged_in = client.post(
        "/accounts/login/", {"login": "olga", "password": PASSWORD}, follow=True
    )
    assert "Logged in as olga." in logged_in.content.decode()

    logged_out = client.post("/accounts/logout/", follow=True)
    assert "You are logged out." in logged_out.content.decode()


NOTIFICATIONS = [
    (
        "email_changed",
        "Your email address changed",
        {"from_email": "a@x.org", "to_email": "b@x.org"},
    ),
    ("email_confirm", "Your email address is confirmed", {}),
    ("email_deleted", "An email address was removed", {"deleted_email": "a@x.org"}),
    ("password_changed", "Your password changed", {}),
    ("password_reset", "Your password was reset", {}),
    ("password_set", "Your password is set", {}),
]


@pytest.mark.parametrize(("template", "subject", "extra"), NOTIFICATIONS)
def test_notifications_of_a_change_are_in_our_words_and_say_where_from(
    settings, olga, template, subject, extra
):
    settings.ACCOUNT_EMAIL_NOTIFICATIONS = True
    request = RequestFactory().get("/", HTTP_USER_AGENT="Firefox", REMOTE_ADDR="192.0.2.7")
    request.user = olga

    with context.request_context(request):
        get_adapter(request).send_notification_mail(f"account/email/{template}", olga, extra)

    [message] = mail.outbox
    assert_our_email(message, subject)
    assert "from the address 192.0.2.7 (Firefox)" in message.body
    assert "choose a new password at once: http://testserver/accounts/password/reset/" in (
        message.body
    )
    for value in extra.values():
        assert value in message.body


@pytest.mark.parametrize(
    ("template", "subject"),
    [
        ("login_code", "Your code to log in"),
        ("password_reset_code", "Your code to choose a new password"),
    ],
)
def test_emails_with_a_code_are_in_our_words(olga, template, subject):
    request = RequestFactory().get("/")
    request.user = olga

    with context.request_context(request):
        get_adapter(request).send_mail(
            f"account/email/{template}", "olga@example.org", {"code": "K7Q2XZ"}
        )

    [message] = mail.outbox
    assert_our_email(message, subject)
    assert "\n\nK7Q2XZ\n\n" in message.body + "\n"


def test_a_name_in_an_account_email_is_escaped_in_its_html(olga):
    request = RequestFactory().get("/", HTTP_USER_AGENT="<script>x</script>")
    request.user = olga
    olga.username = "olga<script>"

    with context.request_context(request):
        get_adapter(request).send_mail(
            "account/email/email_confirmation",
            "olga@example.org",
            {"user": olga, "activate_url": "http://testserver/accounts/confirm-email/k/"},
        )

    [message] = mail.outbox
    [(html, _mimetype)] = message.alternatives
    assert "The Rookery account olga<script> gave this address as its own." in message.body
    assert "The Rookery account olga&lt;script&gt; gave this address as its own." in html
    assert "<script" not in html
