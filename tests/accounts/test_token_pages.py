"""The API tokens page of a user's account: their own tokens, a new one shown once, revoke."""

from __future__ import annotations

import pytest

from accounts.models import ApiToken
from accounts.services import api_token_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/accounts/tokens/"


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def test_page_lists_own_tokens_only_and_never_a_secret(owner, signed_in):
    _token, secret = api_token_create(user=owner, name="results board")
    api_token_create(user=UserFactory(username="stranger"), name="stranger script")

    page = signed_in.get(URL).content.decode()

    assert "results board" in page
    assert "stranger script" not in page
    assert secret not in page
    assert secret[:8] in page


def test_making_a_token_shows_its_secret_this_once(owner, signed_in):
    response = signed_in.post(URL, {"name": "live board"})

    token = ApiToken.objects.get(user=owner)
    secret = response.context["secret"]
    assert secret.startswith(token.prefix)
    assert secret in response.content.decode()
    assert secret not in signed_in.get(URL).content.decode()


def test_a_token_without_a_name_is_refused_naming_the_field(owner, signed_in):
    response = signed_in.post(URL, {"name": ""})

    assert response.status_code == 200
    assert response.context["form"].errors["name"]
    assert not ApiToken.objects.exists()


def test_revoking_an_own_token(owner, signed_in):
    token, _secret = api_token_create(user=owner, name="old script")

    response = signed_in.post(f"{URL}{token.pk}/revoke/")

    assert response.status_code == 302
    assert ApiToken.objects.get(pk=token.pk).revoked_at is not None


def test_another_users_token_is_not_found(signed_in):
    token, _secret = api_token_create(user=UserFactory(username="someone"), name="theirs")

    response = signed_in.post(f"{URL}{token.pk}/revoke/")

    assert response.status_code == 404
    assert ApiToken.objects.get(pk=token.pk).revoked_at is None


def test_the_page_needs_a_signed_in_user(client):
    response = client.get(URL)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
