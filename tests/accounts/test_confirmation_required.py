"""An account that gave an address must confirm it before it gets a token or holds an
event, whichever way it asks (the API, the pages, a backup, a TRF file); an account made by
an administrator, with no address on record, works as it always did."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from accounts.models import ApiToken
from accounts.services import api_token_create
from archives.selectors import event_backup_get
from archives.services import event_restore
from common.exceptions import EmailNotConfirmed
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.tournaments.conftest import SMALL_TRF
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"  # UserFactory's
TOKEN = "/api/v1/auth/token/"


@pytest.fixture(autouse=True)
def locmem_email(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def account(username: str, *, confirmed: bool | None):
    """An account with its address confirmed, not confirmed, or (None) with none on record,
    as an administrator made accounts before sign-up existed."""
    user = UserFactory(username=username, email=f"{username}@example.org")
    if confirmed is not None:
        EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=confirmed)
    return user


@pytest.fixture
def pending():
    return account("pending", confirmed=False)


# -- a token --------------------------------------------------------------------------------


def test_an_unconfirmed_account_gets_no_token_and_the_link_again(pending, anonymous):
    response = anonymous.post(TOKEN, {"username": "pending", "password": PASSWORD}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "email_unconfirmed"
    assert "Confirm your email address" in response.json()["message"]
    assert not ApiToken.objects.exists()
    [message] = mail.outbox
    assert message.to == ["pending@example.org"]
    assert "/accounts/confirm-email/" in message.body


def test_asking_again_at_once_does_not_send_the_link_twice(pending, anonymous):
    for _ in range(2):
        anonymous.post(TOKEN, {"username": "pending", "password": PASSWORD}, format="json")

    assert len(mail.outbox) == 1


def test_a_wrong_password_of_an_unconfirmed_account_says_only_that(pending, anonymous):
    response = anonymous.post(TOKEN, {"username": "pending", "password": "nope"}, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"
    assert mail.outbox == []


def test_a_token_an_unconfirmed_account_holds_already_is_refused(pending):
    client = client_for(pending)

    response = client.post("/api/v1/events/", {"name": "Throwaway Open"}, format="json")

    assert response.status_code == 401
    assert response.json()["code"] == "email_unconfirmed"
    assert not Event.objects.exists()


def test_once_confirmed_the_account_gets_a_token_and_creates_an_event(pending, anonymous):
    EmailAddress.objects.filter(user=pending).update(verified=True)

    secret = anonymous.post(
        TOKEN, {"username": "pending", "password": PASSWORD}, format="json"
    ).json()["token"]
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    created = anonymous.post("/api/v1/events/", {"name": "Spring Open"}, format="json")

    assert created.status_code == 201
    assert Event.objects.get().organisers.get() == pending


def test_an_account_made_by_an_administrator_gets_a_token_and_creates_an_event(anonymous):
    veteran = account("veteran", confirmed=None)

    secret = anonymous.post(
        TOKEN, {"username": "veteran", "password": PASSWORD}, format="json"
    ).json()["token"]
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    created = anonymous.post("/api/v1/events/", {"name": "Club Open"}, format="json")

    assert created.status_code == 201
    assert Event.objects.get().organisers.get() == veteran
    assert mail.outbox == []


# -- an event, whichever way ----------------------------------------------------------------


def test_an_unconfirmed_account_signed_in_creates_no_event_on_the_page(pending, client):
    client.force_login(pending)

    response = client.post("/events/new/", {"name": "Throwaway Open", "is_public": "on"})

    assert response.status_code == 200
    assert "Confirm your email address" in response.content.decode()
    assert not Event.objects.exists()


def test_an_unconfirmed_account_creates_no_event_through_the_api_in_a_session(pending):
    client = client_for()
    client.force_login(pending)

    response = client.post("/api/v1/events/", {"name": "Throwaway Open"}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "email_unconfirmed"
    assert not Event.objects.exists()


def test_an_unconfirmed_account_imports_no_event_from_a_trf_file(pending):
    with pytest.raises(EmailNotConfirmed):
        services.do_event_import_trf(text=SMALL_TRF, organisers=[pending])

    assert not Event.objects.exists()


def test_an_unconfirmed_account_restores_no_backup(pending):
    original = EventFactory(name="Autumn Open", slug="autumn")
    data = event_backup_get(event=original)
    original.delete()

    with pytest.raises(EmailNotConfirmed):
        event_restore(data=data, user=pending)

    assert not Event.objects.exists()


def test_an_unconfirmed_account_adds_no_section_to_an_event(pending):
    event = EventFactory()
    event.organisers.add(pending)

    with pytest.raises(EmailNotConfirmed):
        services.section_create(event=event, user=pending, name="Open")

    assert not event.sections.exists()


def test_a_confirmed_account_creates_events_on_the_page(client):
    user = account("keen", confirmed=True)
    client.force_login(user)

    response = client.post("/events/new/", {"name": "Keen Open", "is_public": "on"})

    assert response.status_code == 302
    assert Event.objects.get().organisers.get() == user


def test_a_token_made_for_a_confirmed_account_works(anonymous):
    user = account("keen", confirmed=True)
    _token, secret = api_token_create(user=user, name="script")
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {secret}")

    assert anonymous.get("/api/v1/auth/tokens/").status_code == 200
