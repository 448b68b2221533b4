"""Tokens made before API tokens were hashed (DRF's `authtoken_token`, plain keys) keep
working: each becomes an API token holding only the key's hash, and the plain keys are
deleted so no copy of the database signs anyone in."""

import hashlib

from django.conf import settings
from django.db import migrations
from django.utils import timezone

OLD_TABLE = "authtoken_token"


def tokens_from_before(apps, schema_editor):
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("accounts", "ApiToken")
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {OLD_TABLE}")
        rows = cursor.fetchall()
        ApiToken.objects.bulk_create(
            ApiToken(
                user_id=user_id,
                name="Token from before expiry",
                prefix=key[:8],
                digest=hashlib.sha256(key.encode()).hexdigest(),
                created_at=created or now,
                expires_at=now + settings.API_TOKEN_LIFETIME,
            )
            for key, user_id, created in rows
        )
        cursor.execute(f"DELETE FROM {OLD_TABLE}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(tokens_from_before, migrations.RunPython.noop)]
