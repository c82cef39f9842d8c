"""``manage.py export_club SLUG [--output FILE]``: the club's complete archive (tournaments/backup.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.management.named import club_named
from tournaments.backup import ArchiveError, export_club, read_manifest


class Command(BaseCommand):
    help = "Write a club's complete archive (every upload, revision, dispute and tournament) to a zip file."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("slug", help="the club's slug, as in /clubs/<slug>/")
        parser.add_argument("--output", "-o", help="the zip file to write (default: <slug>-<date>.zip)")

    def handle(self, *args: Any, slug: str, output: str | None = None, **options: Any) -> None:
        club_named(slug)
        try:
            raw = export_club(slug)
        except ArchiveError as exc:
            raise CommandError(str(exc)) from None
        path = Path(output or f"{slug}-{timezone.now():%Y%m%d-%H%M%S}.zip")
        path.write_bytes(raw)
        counts = read_manifest(raw)["counts"]
        rows = ", ".join(f"{label.split('.')[-1]} {n}" for label, n in counts.items() if n)
        self.stdout.write(self.style.SUCCESS(f"{path}: {len(raw)} bytes; {rows}"))
