"""A person is one account whatever the case they type: the lockout counts the account, not
the spelling (the form and the API alike, by username or by address), sign-up refuses a
username or an address that differs only by case, and so does the database."""

from __future__ import annotations

import importlib

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.db import IntegrityError
from django.db import connection
from django.db import transaction

from accounts.models import ApiToken
from teams.services import team_captain_set
from tests.factories import EventFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tournaments.services import event_staff_add

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"  # UserFactory's
TOKEN = "/api/v1/auth/token/"
LOGIN = "/accounts/login/"
SPELLINGS = ["victim", "Victim", "VICTIM", "vIcTiM", "victiM"]
usernames_migration = importlib.import_module(
    "accounts.migrations.0004_usernames_whatever_the_case"
)


@pytest.fixture(autouse=True)
def locmem_email(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def victim():
    user = UserFactory(username="victim", email="victim@example.org")
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    return user


def api_fail(anonymous, login: str) -> int:
    status = anonymous.post(TOKEN, {"username": login, "password": "nope"}, format="json")
    # The sign-in rate limits forget; the lockout must not.
    cache.clear()
    return status.status_code


def form_fail(client, login: str) -> int:
    return client.post(LOGIN, {"login": login, "password": "nope"}).status_code


# -- the lockout ----------------------------------------------------------------------------


def test_wrong_passwords_as_victim_lock_out_its_capitals_on_the_form(victim, client):
    for _ in range(5):
        form_fail(client, "victim")

    response = client.post(LOGIN, {"login": "VICTIM", "password": PASSWORD})

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_as_victim_lock_out_its_capitals_on_the_api(victim, anonymous):
    for _ in range(5):
        api_fail(anonymous, "victim")

    response = anonymous.post(TOKEN, {"username": "VICTIM", "password": PASSWORD}, format="json")

    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert not ApiToken.objects.exists()


def test_re_casing_each_wrong_password_still_counts_every_one(victim, client, anonymous):
    for login in SPELLINGS[:3]:
        form_fail(client, login)
    for login in SPELLINGS[3:]:
        api_fail(anonymous, login)

    on_the_form = client.post(LOGIN, {"login": "VICTIM", "password": PASSWORD})
    on_the_api = anonymous.post(TOKEN, {"username": "Victim", "password": PASSWORD}, format="json")

    assert on_the_form.status_code == 429
    assert on_the_api.status_code == 429
    assert on_the_api.json()["code"] == "locked_out"


def test_wrong_passwords_by_address_and_by_username_add_up(victim, client, anonymous):
    for login in ("VICTIM@example.org", "victim@EXAMPLE.org", "Victim"):
        form_fail(client, login)
    for login in ("victim@example.org", "vIcTiM"):
        api_fail(anonymous, login)

    by_name = client.post(LOGIN, {"login": "victim", "password": PASSWORD})
    by_address = anonymous.post(
        TOKEN, {"username": "Victim@Example.org", "password": PASSWORD}, format="json"
    )

    assert by_name.status_code == 429
    assert by_address.status_code == 429
    assert by_address.json()["code"] == "locked_out"


def test_a_lockout_of_one_account_leaves_another_alone(victim, anonymous):
    UserFactory(username="bystander")
    for _ in range(5):
        api_fail(anonymous, "VICTIM")

    other = anonymous.post(TOKEN, {"username": "Bystander", "password": PASSWORD}, format="json")

    assert other.status_code == 200


# -- signing in and up ----------------------------------------------------------------------


def test_a_username_signs_in_whatever_its_case(victim, anonymous):
    response = anonymous.post(TOKEN, {"username": "VICTIM", "password": PASSWORD}, format="json")

    assert response.status_code == 200


def test_a_confirmed_address_signs_in_whatever_its_case(victim, client):
    client.post(LOGIN, {"login": "Victim@EXAMPLE.org", "password": PASSWORD})

    assert client.session["_auth_user_id"] == str(victim.pk)


def test_sign_up_refuses_a_username_that_differs_only_by_case(victim, client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "Victim",
            "email": "other@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert get_user_model().objects.count() == 1


def test_sign_up_with_an_address_that_differs_only_by_case_makes_no_account(victim, client):
    client.post(
        "/accounts/signup/",
        {
            "username": "impostor",
            "email": "VICTIM@Example.ORG",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert not get_user_model().objects.filter(username="impostor").exists()
    # Its owner is told, as for the very same address.
    assert mail.outbox[0].to == ["victim@example.org"]


def test_the_database_refuses_a_username_that_differs_only_by_case(victim):
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create(username="VICTIM")


# -- accounts from before -------------------------------------------------------------------


def test_the_migration_stops_at_usernames_that_differ_only_by_case(postgres_url):
    with connection.schema_editor() as editor:
        editor.remove_constraint(get_user_model(), usernames_migration._constraint())
    UserFactory(username="alice")
    UserFactory(username="Alice")
    stops = pytest.raises(RuntimeError, match=r"alice \(id \d+\), Alice \(id \d+\)")

    with stops, connection.schema_editor() as editor:
        usernames_migration.usernames_whatever_the_case(apps, editor)


def test_the_migration_puts_addresses_typed_in_the_admin_in_lower_case(postgres_url):
    users = get_user_model()
    veteran = UserFactory(username="veteran", email="Veteran@Example.ORG")
    with connection.schema_editor() as editor:
        editor.remove_constraint(users, usernames_migration._constraint())
        usernames_migration.usernames_whatever_the_case(apps, editor)

    veteran.refresh_from_db()
    assert veteran.email == "veteran@example.org"
    with pytest.raises(IntegrityError), transaction.atomic():
        users.objects.create(username="VETERAN")


# -- naming someone by username -------------------------------------------------------------


def test_an_organiser_adds_an_arbiter_by_username_whatever_its_case(victim):
    event = EventFactory()
    organiser = UserFactory(username="olga")
    event.organisers.add(organiser)

    event_staff_add(event=event, user=organiser, username="VICTIM", role="arbiter")

    assert list(event.arbiters.all()) == [victim]


def test_a_captain_is_named_by_username_whatever_its_case(victim):
    section = team_section(teams=2, rounds_played=0)
    organiser = UserFactory(username="olga")
    section.event.organisers.add(organiser)
    team = section.teams.order_by("pk").first()

    team_captain_set(team=team, user=organiser, username="Victim")

    team.refresh_from_db()
    assert team.captain == victim
