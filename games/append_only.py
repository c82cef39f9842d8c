"""Append-only records: written once, never updated or deleted.

Three locks, from the friendliest to the hardest: the model's ``save`` and
``delete``, the queryset's ``update`` and ``delete`` (so no code path can
change a record by accident), and on PostgreSQL a trigger (games migration
0002) so not even raw SQL can. Clearing a test database with TRUNCATE
still works: the trigger is row-level.
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


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows are append-only; they cannot be updated")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only; they cannot be deleted")
