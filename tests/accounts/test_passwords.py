"""Passwords are checked by the four validators Django recommends wherever one is set."""

from __future__ import annotations

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("short-pass1", "too short"),
        ("84736251908374", "entirely numeric"),
        ("password1234", "too common"),
        ("magnus-carlsen-norway", "too similar"),
    ],
)
def test_weak_passwords_are_refused_with_the_reason(password, reason):
    user = UserFactory.build(username="magnus-carlsen", email="magnus@example.org")

    with pytest.raises(ValidationError) as refused:
        validate_password(password, user)

    assert reason in " ".join(refused.value.messages)


def test_a_long_uncommon_password_is_accepted():
    validate_password("correct-horse-battery", UserFactory.build(username="owner"))


def test_password_change_refuses_a_common_password_naming_the_field(client, owner):
    client.force_login(owner)

    response = client.post(
        "/accounts/password/change/",
        {
            "oldpassword": "correct-horse-battery",
            "password1": "qwertyuiop12",
            "password2": "qwertyuiop12",
        },
    )

    assert response.status_code == 200
    assert "too common" in " ".join(response.context["form"].errors["password1"])
    owner.refresh_from_db()
    assert owner.check_password("correct-horse-battery")
