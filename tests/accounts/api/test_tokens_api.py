"""A user's own tokens through the API: listed without secrets, made with the secret shown
once, revoked; nobody sees or revokes another's."""

from __future__ import annotations

import pytest

from accounts.models import ApiToken
from accounts.services import api_token_create
from tests.conftest import client_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/auth/tokens/"


def test_list_shows_the_callers_own_tokens_without_secrets(owner, owner_client):
    _token, secret = api_token_create(user=owner, name="results board")
    api_token_create(user=UserFactory(username="stranger"), name="theirs")

    response = owner_client.get(URL)

    assert response.status_code == 200
    assert {t["name"] for t in response.json()} == {"results board", "tests"}
    assert all("token" not in t for t in response.json())
    assert secret not in response.content.decode()


def test_making_a_token_shows_its_secret_once_and_it_works(owner, owner_client):
    response = owner_client.post(URL, {"name": "live board"}, format="json")

    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "live board"
    assert body["active"] is True
    assert body["token"].startswith(body["prefix"])
    assert client_for().get(URL, HTTP_AUTHORIZATION=f"Token {body['token']}").status_code == 200
    assert body["token"] not in owner_client.get(URL).content.decode()


def test_making_a_token_without_a_name_is_a_400_naming_the_field(owner_client):
    response = owner_client.post(URL, {}, format="json")

    assert response.status_code == 400
    assert response.json()["field"] == "name"


def test_revoking_an_own_token_stops_it_at_once(owner, owner_client):
    token, secret = api_token_create(user=owner, name="old script")

    response = owner_client.post(f"{URL}{token.pk}/revoke/")

    assert response.status_code == 200
    assert response.json()["active"] is False
    assert response.json()["revoked_at"] is not None
    assert client_for().get(URL, HTTP_AUTHORIZATION=f"Token {secret}").status_code == 401


def test_revoking_twice_changes_nothing(owner, owner_client):
    token, _secret = api_token_create(user=owner, name="old script")
    first = owner_client.post(f"{URL}{token.pk}/revoke/").json()

    second = owner_client.post(f"{URL}{token.pk}/revoke/")

    assert second.status_code == 200
    assert second.json()["revoked_at"] == first["revoked_at"]


def test_another_users_token_cannot_be_revoked(stranger_client):
    token, secret = api_token_create(user=UserFactory(username="someone"), name="theirs")

    response = stranger_client.post(f"{URL}{token.pk}/revoke/")

    assert response.status_code == 404
    assert ApiToken.objects.get(pk=token.pk).revoked_at is None
    assert client_for().get(URL, HTTP_AUTHORIZATION=f"Token {secret}").status_code == 200


def test_tokens_need_a_signed_in_user(anonymous):
    assert anonymous.get(URL).status_code == 401
    assert anonymous.post(URL, {"name": "x"}, format="json").status_code == 401
