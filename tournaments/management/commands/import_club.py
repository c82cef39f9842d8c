"""``manage.py import_club FILE [--database ALIAS]``: restore a club's archive into a database
that holds none of its rows (tournaments/backup.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.backup import ArchiveError, import_club


class Command(BaseCommand):
    help = "Restore a club archive written by export_club into an empty database."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("archive", help="the zip file export_club wrote")
        parser.add_argument("--database", default="default", help="the database alias to restore into")

    def handle(self, *args: Any, archive: str, database: str = "default", **options: Any) -> None:
        path = Path(archive)
        if not path.is_file():
            raise CommandError(f"no such file: {archive}")
        try:
            restored = import_club(path.read_bytes(), using=database)
        except ArchiveError as exc:
            raise CommandError(str(exc)) from None
        rows = ", ".join(f"{label.split('.')[-1]} {n}" for label, n in restored.counts.items())
        self.stdout.write(self.style.SUCCESS(f"restored club {restored.club!r}: {rows}"))
