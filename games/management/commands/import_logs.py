"""Import game logs in bulk: files, folders and .zip archives, replayed in Celery chunks.

Idempotent: a file already imported (same bytes) is reported as a
duplicate and nothing is recorded twice, so an interrupted import is simply
run again. Ends with a summary: imported, duplicates, rejected (with where
and why), and the games whose audit found errors.
"""

from __future__ import annotations

import base64
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from accounts.models import User
from games.management.named import club_named
from games.models import Club, Membership, Upload
from games.tasks import import_group
from rules import registry

#: How long an interrupted import waits for the database to answer before it reports.
RECONNECT_S = 30.0


def log_files(paths: list[str]) -> Iterator[tuple[str, bytes]]:
    """(label, bytes) of every log under the paths (.json, and the formats of
    rules.registry.FILE_TYPES such as .pbn), archives opened, in a stable order."""
    suffixes = tuple(registry.file_suffixes())
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for child in sorted(p for p in path.rglob("*") if p.suffix.lower() in (*suffixes, ".zip")):
                yield from log_files([str(child)])
        elif path.suffix.lower() == ".zip":
            with zipfile.ZipFile(path) as archive:
                for name in sorted(archive.namelist()):
                    if name.lower().endswith(suffixes) and not name.endswith("/"):
                        yield f"{path}:{name}", archive.read(name)
        elif path.is_file():
            yield str(path), path.read_bytes()
        else:
            raise CommandError(f"{path}: no such file or folder")


class Progress:
    """A one-line progress bar on stderr (only when it is a terminal)."""

    def __init__(self, total: int, stream: Any) -> None:
        self.total, self.done, self.stream = total, 0, stream
        self.live = hasattr(stream, "isatty") and stream.isatty()

    def advance(self, n: int) -> None:
        self.done += n
        if self.live and self.total:
            filled = 30 * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} logs")
            self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")


class Command(BaseCommand):
    help = "Import Oh Hell (and other) game logs into a club: files, folders, .zip archives."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", help="files, folders or .zip archives of JSON logs")
        parser.add_argument("--club", required=True, help="the club's slug")
        parser.add_argument("--user", help="who imports (default: the club's first organiser)")
        parser.add_argument("--chunk-size", type=int, default=50, help="logs per Celery task (default 50)")

    def handle(self, *args: Any, **options: Any) -> None:
        club = club_named(options["club"])
        user = self._importer(club, options.get("user"))
        items = list(log_files(options["paths"]))
        encoded = [(label, base64.b64encode(data).decode()) for label, data in items]
        started = timezone.now()
        progress = Progress(len(items), sys.stderr)
        results: list[dict[str, Any]] = []
        try:
            pending = import_group(club.pk, user.pk, encoded, chunk_size=options["chunk_size"])
            for result in pending.results or []:  # in the chunks' order, each as it is done
                chunk_results = result.get(timeout=3600)
                results.extend(chunk_results)
                progress.advance(len(chunk_results))
        except Exception as exc:  # the database or the broker went away mid-import
            progress.close()
            recorded = self._recorded_since(club, user, started)
            counted = "an unknown number" if recorded is None else str(recorded)
            self.stdout.write(f"recorded before the interruption: {counted} of {len(items)} logs")
            raise CommandError(
                f"interrupted after {counted} of {len(items)} logs ({type(exc).__name__}: {exc}); "
                "run the same command again to resume: what is already recorded is reported as a "
                "duplicate and not recorded twice"
            ) from exc
        progress.close()
        self._summary(results)

    def _recorded_since(self, club: Club, user: User, started: Any) -> int | None:
        """How many of this run's logs were recorded (the chunks' answers may be lost with the
        connection, the rows are not): the club's import uploads by this user since the start.

        A restarting database refuses connections for a moment (tests/games/test_postgres_restart.py):
        asked again until it answers, for RECONNECT_S at most; None when it never did."""
        from django.db import OperationalError, connection

        deadline = time.monotonic() + RECONNECT_S
        while True:
            if connection.connection is not None and not connection.is_usable():
                connection.close()  # the database dropped it: the next query opens a new one
            try:
                return Upload.objects.filter(
                    club=club, uploaded_by=user, source=Upload.Source.IMPORT, received_at__gte=started
                ).count()
            except OperationalError:
                connection.close()
                if time.monotonic() >= deadline:
                    return None
                time.sleep(0.5)

    def _importer(self, club: Club, username: str | None) -> User:
        if username:
            user = User.objects.filter(username=username).first()
            if user is None:
                raise CommandError(f"no user {username!r}")
            return user
        membership = (
            Membership.objects.filter(club=club, role=Membership.Role.ORGANISER)
            .order_by("pk")
            .select_related("user")
        ).first()
        if membership is None:
            raise CommandError("the club has no organiser; name the importing user with --user")
        return membership.user

    def _summary(self, results: list[dict[str, Any]]) -> None:
        by = {
            outcome: [r for r in results if r["outcome"] == outcome]
            for outcome in ("accepted", "duplicate", "rejected")
        }
        with_errors = [r for r in results if r["status"] == "errors" and r["outcome"] == "accepted"]
        out = self.stdout
        out.write(f"imported: {len(by['accepted'])}")
        out.write(f"duplicates: {len(by['duplicate'])}")
        out.write(f"rejected: {len(by['rejected'])}")
        for r in by["rejected"]:
            error = r["error"] or {}
            out.write(f"  {r['label']}: {error.get('path') or '(document)'}: {error.get('message')}")
        out.write(f"games with error findings: {len(with_errors)}")
        for r in with_errors:
            out.write(f"  {r['label']}: game {r['game']}")
