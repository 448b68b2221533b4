"""Signing up: an account works once the link sent to its email address is opened; accounts
made by an administrator, with no address on record, sign in with their password alone."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend

from common.models import OutgoingEmail
from common.models import OutgoingEmailStatus
from common.services import email_send
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"
SIGN_UP = {
    "username": "newcomer",
    "email": "newcomer@example.org",
    "password1": PASSWORD,
    "password2": PASSWORD,
}
LINK = re.compile(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+/)")


@pytest.fixture(autouse=True)
def locmem_email(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def confirmation_path() -> str:
    assert len(mail.outbox) == 1
    match = LINK.search(mail.outbox[0].body)
    assert match, mail.outbox[0].body
    return match.group(1)


def test_sign_up_sends_a_confirmation_link_to_the_address(client):
    response = client.post("/accounts/signup/", SIGN_UP)

    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert mail.outbox[0].to == ["newcomer@example.org"]
    assert mail.outbox[0].subject.startswith("[Rookery] ")
    assert mail.outbox[0].body.startswith("Hello from Rookery (testserver),")
    assert confirmation_path().startswith("/accounts/confirm-email/")
    assert "_auth_user_id" not in client.session


def test_an_unconfirmed_account_cannot_sign_in(client):
    client.post("/accounts/signup/", SIGN_UP)

    response = client.post("/accounts/login/", {"login": "newcomer", "password": PASSWORD})

    assert response["Location"] == "/accounts/confirm-email/"
    assert "_auth_user_id" not in client.session
    assert client.get("/events/new/")["Location"].startswith("/accounts/login/")


def test_opening_the_link_confirms_the_address_and_lets_the_account_create_an_event(client):
    client.post("/accounts/signup/", SIGN_UP)
    path = confirmation_path()

    assert client.get(path).status_code == 200
    client.post(path)
    created = client.post("/events/new/", {"name": "Spring Open", "is_public": "on"})

    user = get_user_model().objects.get(username="newcomer")
    assert EmailAddress.objects.get(user=user).verified
    assert client.session["_auth_user_id"] == str(user.pk)
    assert created.status_code == 302
    assert Event.objects.get(name="Spring Open").organisers.get() == user


def test_a_confirmed_account_signs_in_by_its_email_address(client):
    client.post("/accounts/signup/", SIGN_UP)
    client.post(confirmation_path())
    client.post("/accounts/logout/")

    client.post("/accounts/login/", {"login": "newcomer@example.org", "password": PASSWORD})

    assert client.session["_auth_user_id"] == str(
        get_user_model().objects.get(username="newcomer").pk
    )


def test_an_unknown_confirmation_link_says_so_without_failing(client):
    response = client.get("/accounts/confirm-email/not-a-real-key/")

    assert response.status_code == 200
    assert b"This link has expired or was already used." in response.content


def test_an_account_made_by_an_administrator_signs_in_with_its_password(client):
    user = UserFactory(username="veteran", email="veteran@example.org")

    response = client.post("/accounts/login/", {"login": "veteran", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_an_account_with_an_unconfirmed_address_on_record_must_confirm_it(client):
    user = UserFactory(username="pending", email="pending@example.org")
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=False)

    response = client.post("/accounts/login/", {"login": "pending", "password": PASSWORD})

    assert response["Location"] == "/accounts/confirm-email/"
    assert "_auth_user_id" not in client.session
    assert "pending@example.org" in mail.outbox[0].to


def test_sign_up_with_a_taken_address_makes_no_account_and_tells_its_owner(client):
    first = UserFactory(username="first", email="newcomer@example.org")
    EmailAddress.objects.create(user=first, email=first.email, primary=True, verified=True)

    response = client.post("/accounts/signup/", SIGN_UP)

    # The same answer as a free address, so the form does not tell who has an account.
    assert response["Location"] == "/accounts/confirm-email/"
    assert not get_user_model().objects.filter(username="newcomer").exists()
    assert mail.outbox[0].to == ["newcomer@example.org"]
    assert "already" in mail.outbox[0].body


def test_sign_up_with_a_short_password_names_the_field(client):
    response = client.post(
        "/accounts/signup/", {**SIGN_UP, "password1": "short", "password2": "short"}
    )

    assert response.status_code == 200
    assert response.context["form"].errors["password1"]
    assert mail.outbox == []


class UnreachableMailServer(BaseEmailBackend):
    """A mail server that cannot be reached."""

    def send_messages(self, email_messages):
        raise ConnectionRefusedError("mail server down")


def test_sign_up_with_the_mail_server_down_keeps_the_account_and_leaves_the_link_pending(
    client, settings, eager_tasks
):
    settings.EMAIL_BACKEND = f"{__name__}.UnreachableMailServer"

    response = client.post("/accounts/signup/", SIGN_UP)

    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert get_user_model().objects.filter(username="newcomer").exists()
    pending = OutgoingEmail.objects.get(recipient="newcomer@example.org")
    assert pending.status == OutgoingEmailStatus.PENDING
    assert pending.about == "account:email_confirmation_signup"
    assert "ConnectionRefusedError" in pending.last_error
    assert LINK.search(pending.body), pending.body
    assert LINK.search(pending.html_body), pending.html_body

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    email_send(email_id=pending.pk)

    assert OutgoingEmail.objects.get(pk=pending.pk).status == OutgoingEmailStatus.SENT
    [(html, mimetype)] = mail.outbox[0].alternatives
    assert mimetype == "text/html"
    assert LINK.search(html), html
    assert client.get(confirmation_path()).status_code in (200, 302)
