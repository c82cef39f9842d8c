"""The SQLite backend of config.sqlite (settings use it for every SQLite database)."""

from __future__ import annotations

from typing import Any

from django.db.backends.sqlite3 import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(
        self, style: Any, tables: Any, *, reset_sequences: bool = False, allow_cascade: bool = False
    ) -> list[str]:
        from games.append_only import sqlite_trigger_names

        drops = [f'DROP TRIGGER IF EXISTS "{name}";' for name in sqlite_trigger_names()]
        flush = super().sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        return [*drops, *flush] if flush else flush


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
