"""The tie-break change log is append-only in the database too (issue 21, item 11): on PostgreSQL
the trigger of games migration 0002 on its table (SQLite's come from games.append_only after
every migrate); and the ORM's base manager refuses like ``objects``."""

from django.db import migrations

TABLE = "tournaments_tiebreakchange"


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
    dependencies = [
        ("tournaments", "0008_standings_failure"),
        ("games", "0002_append_only_triggers"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="tiebreakchange",
            options={"base_manager_name": "objects", "ordering": ["tournament", "changed_at", "id"]},
        ),
        migrations.RunPython(create_trigger, drop_trigger),
    ]
