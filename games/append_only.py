"""Append-only records: written once, never updated or deleted.

Three locks, from the friendliest to the hardest: the model's ``save`` and
``delete``, the queryset's ``update`` and ``delete`` — the ORM's base manager
included — (so no code path can change a record by accident), and a trigger
in the database so not even raw SQL can: on PostgreSQL from the migrations
(games 0002, 0004, 0006, 0008; tournaments 0010), on SQLite from
:func:`sqlite_triggers`, made again after every migrate and flush (SQLite's
ALTER TABLE remakes a table without its triggers; a post_migrate receiver
puts them back). A decided dispute is final the same way.

Clearing a database on purpose still works: PostgreSQL's TRUNCATE does not
fire row triggers, and on SQLite ``flush`` drops the triggers first
(config.sqlite's backend) and the post_migrate signal that follows makes them
again.
"""

from __future__ import annotations

from typing import Any

from django.db import models


class AppendOnlyError(Exception):
    """An attempt to change or delete an append-only record."""


class AppendOnlyQuerySet(models.QuerySet[Any]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only; they cannot be updated")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only; they cannot be deleted")

    def bulk_update(self, *args: Any, **kwargs: Any) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only; they cannot be updated")


def append_only_tables() -> list[str]:
    """The tables of every append-only model, in a stable order."""
    from django.apps import apps

    return sorted(
        model._meta.db_table
        for model in apps.get_models()
        if issubclass(model, AppendOnlyModel) and not model._meta.proxy
    )


#: A decided dispute's row is final; no dispute is ever deleted (games migration 0008 on PostgreSQL).
DISPUTE_TABLE = "games_dispute"


def sqlite_triggers() -> list[str]:
    """CREATE TRIGGER statements (idempotent) locking every append-only table and decided disputes."""
    statements = []
    for table in append_only_tables():
        for op in ("UPDATE", "DELETE"):
            statements.append(
                f'CREATE TRIGGER IF NOT EXISTS "{table}_append_only_{op.lower()}" BEFORE {op} ON "{table}" '
                f"BEGIN SELECT RAISE(ABORT, 'rows of {table} are append-only: {op} refused'); END;"
            )
    statements.append(
        f'CREATE TRIGGER IF NOT EXISTS "{DISPUTE_TABLE}_final" BEFORE UPDATE ON "{DISPUTE_TABLE}" '
        "WHEN OLD.status <> 'open' "
        "BEGIN SELECT RAISE(ABORT, 'a decided dispute is final'); END;"
    )
    statements.append(
        f'CREATE TRIGGER IF NOT EXISTS "{DISPUTE_TABLE}_kept" BEFORE DELETE ON "{DISPUTE_TABLE}" '
        "BEGIN SELECT RAISE(ABORT, 'a dispute is never deleted'); END;"
    )
    return statements


def sqlite_trigger_names() -> list[str]:
    names = [f"{table}_append_only_{op}" for table in append_only_tables() for op in ("update", "delete")]
    return [*names, f"{DISPUTE_TABLE}_final", f"{DISPUTE_TABLE}_kept"]


def ensure_sqlite_triggers(using: str = "default", **_kwargs: Any) -> None:
    """post_migrate: on SQLite, (re)make the triggers of every append-only table whose table exists."""
    from django.db import connections

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    existing = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for statement, table in zip(sqlite_triggers(), _trigger_tables(), strict=True):
            if table in existing:
                cursor.execute(statement)


def _trigger_tables() -> list[str]:
    tables = [table for table in append_only_tables() for _op in ("update", "delete")]
    return [*tables, DISPUTE_TABLE, DISPUTE_TABLE]


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True
        # The ORM's base manager (Model._base_manager: related lookups, the admin's internals,
        # code that asks for it to skip filters) refuses too, not only ``objects``. A child's
        # own Meta subclasses this one to keep it.
        base_manager_name = "objects"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows are append-only; they cannot be updated")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only; they cannot be deleted")
