"""Tokens made before tokens were hashed keep working after the migration, and their plain
keys are gone."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection
from django.utils import timezone

from accounts.models import token_digest
from accounts.services import api_token_use
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

migration = importlib.import_module("accounts.migrations.0002_tokens_from_before")
OLD_KEY = "a1b2c3d4" * 5
# The migration reads only the editor's connection; a real schema editor cannot be opened
# inside a test's transaction on SQLite.
EDITOR = SimpleNamespace(connection=connection)


@pytest.fixture
def old_tokens():
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token "
            "(key varchar(40) PRIMARY KEY, created timestamp with time zone, user_id integer)"
        )
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE authtoken_token")


def test_old_token_keeps_working_and_its_plain_key_is_deleted(old_tokens):
    user = UserFactory(username="scorer")
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO authtoken_token (key, created, user_id) VALUES (%s, %s, %s)",
            [OLD_KEY, timezone.now(), user.pk],
        )

    migration.tokens_from_before(apps, EDITOR)

    token = api_token_use(secret=OLD_KEY)
    assert token is not None
    assert token.user == user
    assert token.digest == token_digest(OLD_KEY)
    assert token.expires_at > timezone.now()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM authtoken_token")
        assert cursor.fetchone()[0] == 0


def test_without_old_tokens_the_migration_does_nothing():
    migration.tokens_from_before(apps, EDITOR)

    assert api_token_use(secret=OLD_KEY) is None
