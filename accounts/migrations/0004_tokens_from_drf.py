"""DRF's tokens (one per user, kept in plain text in ``authtoken_token``) become API tokens.

Each becomes an accounts.ApiToken holding only its digest, named as from before, expiring one
API_TOKEN_TTL_DAYS from now, so a client that has one keeps working until then (and loses it,
as every token, on a password change); the plain-text keys are then deleted. DRF's authtoken
app is no longer installed, so its table is read by name where it exists; it stays, empty.
"""

import datetime

from django.conf import settings
from django.db import migrations
from django.utils import timezone
from django.utils.dateparse import parse_datetime

LEGACY_TABLE = "authtoken_token"
LEGACY_NAME = "API token from before per-device tokens"


def tokens_from_drf(apps, schema_editor):
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS

    connection = schema_editor.connection
    if LEGACY_TABLE not in connection.introspection.table_names():
        return
    table = connection.ops.quote_name(LEGACY_TABLE)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {connection.ops.quote_name('key')}, user_id, created FROM {table}")  # noqa: S608
        rows = cursor.fetchall()
    ApiToken = apps.get_model("accounts", "ApiToken")
    expiry = timezone.now() + settings.REST_KNOX["TOKEN_TTL"]
    for key, user_id, created in rows:
        token = ApiToken(
            digest=hash_token(key),
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=user_id,
            name=LEGACY_NAME,
            expiry=expiry,
        )
        token.save()
        if isinstance(created, str):  # SQLite through a plain cursor
            created = parse_datetime(created)
        if created is not None:
            if timezone.is_naive(created):  # kept in UTC
                created = timezone.make_aware(created, datetime.UTC)
            ApiToken.objects.filter(pk=token.pk).update(created=created)
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table}")  # noqa: S608


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_apitoken"),
    ]

    operations = [migrations.RunPython(tokens_from_drf, migrations.RunPython.noop)]
