"""Bulk imports started on the upload page, and their files' outcomes (links to append-only uploads).

On PostgreSQL the links get migration 0002's append-only trigger too.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "CREATE TRIGGER games_bulkimportfile_append_only BEFORE UPDATE OR DELETE ON games_bulkimportfile "
        "FOR EACH ROW EXECUTE FUNCTION trickbook_append_only();"
    )


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP TRIGGER IF EXISTS games_bulkimportfile_append_only ON games_bulkimportfile;")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_seat_results"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="BulkImport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("started_at", models.DateTimeField(auto_now_add=True)),
                (
                    "name",
                    models.CharField(blank=True, help_text="The archive's or files' names.", max_length=255),
                ),
                ("total", models.PositiveIntegerField(help_text="Logs queued for import.")),
                (
                    "skipped",
                    models.JSONField(
                        default=list,
                        help_text="Members not imported: [{'name': ..., 'reason': ...}], reason a code.",
                    ),
                ),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="bulk_imports",
                        to="games.club",
                    ),
                ),
                (
                    "started_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-started_at", "-id"],
            },
        ),
        migrations.CreateModel(
            name="BulkImportFile",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "position",
                    models.PositiveIntegerField(help_text="The file's place in the import, from 0."),
                ),
                (
                    "bulk_import",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="files",
                        to="games.bulkimport",
                    ),
                ),
                (
                    "upload",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="bulk_files",
                        to="games.upload",
                    ),
                ),
            ],
            options={
                "ordering": ["bulk_import", "position"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("bulk_import", "position"), name="bulkimportfile_one_per_position"
                    )
                ],
            },
        ),
        migrations.RunPython(create_trigger, drop_trigger),
    ]
