"""On PostgreSQL, refuse UPDATE and DELETE of a draft's entries in the database itself
(the function is the games app's, from games migration 0002)."""

from django.db import migrations

TABLE = "scorekeeper_draftentry"


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
        "FOR EACH ROW EXECUTE FUNCTION trickbook_append_only();"
    )


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE};")


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0001_initial"), ("games", "0002_append_only_triggers")]

    operations = [migrations.RunPython(create_trigger, drop_trigger)]
