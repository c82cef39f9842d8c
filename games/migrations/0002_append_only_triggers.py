"""On PostgreSQL, refuse UPDATE and DELETE of append-only rows in the database itself."""

from django.db import migrations

APPEND_ONLY_TABLES = [
    "games_gamerevision",
    "games_auditreport",
    "games_finding",
    "games_dealseat",
    "games_upload",
    "games_disputeevent",
]

FUNCTION = """
CREATE OR REPLACE FUNCTION trickbook_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'rows of % are append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""


def create_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTION, params=None)  # the % are plpgsql's, not placeholders
    for table in APPEND_ONLY_TABLES:
        schema_editor.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION trickbook_append_only();"
        )


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in APPEND_ONLY_TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
    schema_editor.execute("DROP FUNCTION IF EXISTS trickbook_append_only();")


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
