"""Import game logs in bulk: files, folders and .zip archives, replayed in Celery chunks.

Idempotent: a file already imported (same bytes) is reported as a
duplicate and nothing is recorded twice, so an interrupted import is simply
run again. Ends with a summary: imported, duplicates, rejected (with where
and why), and the games whose audit found errors.

A worker lost whole (issue 21: killed with its children, as an out-of-memory kill or a machine
restart does) leaves its chunk unacknowledged in Redis until the broker's visibility timeout
gives it to another worker (docs/reliability.md, "A worker lost whole"). The command says how
far it has come as each chunk finishes (on stderr: a bar on a terminal, a line each otherwise),
and when no chunk has finished for longer than a chunk can take to come back (``--give-up-after``,
by default the visibility timeout, kombu's 10 s look, the task time limit and a margin) it stops
with what is recorded so far and the command that resumes. A chunk redelivered after it had
recorded some logs finds them already there; those are counted as imported by this run, not as
duplicates.
"""

from __future__ import annotations

import base64
import os
import shlex
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from celery.result import AsyncResult
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from accounts.models import User
from games.management.named import club_named
from games.models import Club, Membership, Upload
from games.tasks import import_group
from rules import registry

#: How long an interrupted import waits for the database to answer before it reports.
RECONNECT_S = 30.0
#: How often the chunks are looked at while they run.
POLL_S = 0.25
#: Beyond the visibility timeout, kombu's look and the task time limit: the time a redelivered
#: chunk needs to be taken by a worker and to start.
GIVE_UP_MARGIN_S = 30


def give_up_after_s() -> int:
    """The longest a chunk can take to come back to a live worker and finish (settings)."""
    return (
        int(settings.CELERY_VISIBILITY_TIMEOUT_S)
        + int(settings.CELERY_RESTORE_LOOK_S)
        + int(settings.CELERY_TASK_TIME_LIMIT)
        + GIVE_UP_MARGIN_S
    )


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
    """How far the import has come, on stderr: a one-line bar on a terminal; elsewhere (a log
    file, a pipe, cron) a line per chunk finished, and a line each ``quiet_s`` seconds while
    none finishes, so that a wait is never silent."""

    def __init__(self, total: int, stream: Any, *, quiet_s: float = 30.0) -> None:
        self.total, self.done, self.stream = total, 0, stream
        self.live = hasattr(stream, "isatty") and stream.isatty()
        self.quiet_s = quiet_s
        self.said = time.monotonic()

    def advance(self, n: int) -> None:
        self.done += n
        if self.live and self.total:
            filled = 30 * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} logs")
        elif not self.live:
            self.stream.write(f"{self.done} of {self.total} logs done\n")
        self.stream.flush()
        self.said = time.monotonic()

    def waiting(self, since_s: float) -> None:
        """Nothing finished for ``since_s`` seconds: say so now and then (not on a terminal,
        where the bar stands)."""
        if not self.live and time.monotonic() - self.said >= self.quiet_s:
            self.stream.write(
                f"{self.done} of {self.total} logs done; waiting for the workers "
                f"(no chunk finished for {since_s:.0f} s)\n"
            )
            self.stream.flush()
            self.said = time.monotonic()

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
        parser.add_argument(
            "--give-up-after",
            type=int,
            default=None,
            metavar="SECONDS",
            help="stop (and say how to resume) when no chunk has finished for this long (default: "
            "the broker's visibility timeout + 10 s + the task time limit + 30 s)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = club_named(options["club"])
        user = self._importer(club, options.get("user"))
        items = list(log_files(options["paths"]))
        encoded = [(label, base64.b64encode(data).decode()) for label, data in items]
        started = timezone.now()
        give_up_s = options.get("give_up_after") or give_up_after_s()
        # The stream under Django's wrapper, which would end the terminal's bar with a newline.
        progress = Progress(len(items), getattr(self.stderr, "_out", sys.stderr))
        results: list[dict[str, Any]] = []
        try:
            pending = import_group(club.pk, user.pk, encoded, chunk_size=options["chunk_size"])
            finished = self._wait(list(pending.results or []), progress, give_up_s)
            if finished is None:
                progress.close()
                recorded = self._recorded_since(club, user, started)
                counted = "an unknown number" if recorded is None else str(recorded)
                self.stdout.write(f"recorded so far: {counted} of {len(items)} logs")
                raise CommandError(
                    f"no chunk finished for {give_up_s} s: the workers are gone or stuck (the "
                    f"chunks stay queued, a worker that comes back takes them). Recorded so far: "
                    f"{counted} of {len(items)} logs. To resume: {self._resume_command(options)}"
                )
            for chunk_results in finished:
                results.extend(chunk_results)
        except CommandError:
            raise
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
        self._summary(self._redelivered_as_imported(results, club, user, started))

    def _wait(
        self, chunks: list[AsyncResult[Any]], progress: Progress, give_up_s: float
    ) -> list[list[dict[str, Any]]] | None:
        """Each chunk's answer, in the chunks' order, as they finish in any order; None when
        none finished for ``give_up_s`` seconds. A chunk that failed raises its error here."""
        answers: dict[int, list[dict[str, Any]]] = {}
        last = time.monotonic()
        while len(answers) < len(chunks):
            moved = False
            for index, chunk in enumerate(chunks):
                if index not in answers and chunk.ready():
                    answers[index] = chunk.get(propagate=True)
                    progress.advance(len(answers[index]))
                    moved = True
            if moved:
                last = time.monotonic()
                continue
            quiet = time.monotonic() - last
            if quiet >= give_up_s:
                return None
            progress.waiting(quiet)
            time.sleep(POLL_S)
        return [answers[index] for index in range(len(chunks))]

    def _resume_command(self, options: dict[str, Any]) -> str:
        """The command to run again, as it was given: the same paths, club, user and chunks."""
        python = sys.executable
        relative = os.path.relpath(python)
        if not relative.startswith(".."):
            python = relative
        words = [python, "manage.py", "import_logs", *options["paths"], "--club", options["club"]]
        if options.get("user"):
            words += ["--user", options["user"]]
        words += ["--chunk-size", str(options["chunk_size"])]
        return shlex.join(words)

    def _redelivered_as_imported(
        self, results: list[dict[str, Any]], club: Club, user: User, started: Any
    ) -> list[dict[str, Any]]:
        """A chunk given out again after a worker was lost finds the logs the lost attempt had
        recorded: their answers say duplicate, but this run imported them. A duplicate whose game
        an import upload of this user recorded since this run began, and which is not the
        answer of another log of this run (the same file imported twice), counts as imported."""
        accepted = {r["upload"] for r in results if r["outcome"] == "accepted"}
        duplicate_games = {r["game"] for r in results if r["outcome"] == "duplicate" and r["game"]}
        if not duplicate_games:
            return results
        by_lost_attempt = dict(
            Upload.objects.filter(
                club=club,
                uploaded_by=user,
                source=Upload.Source.IMPORT,
                outcome=Upload.Outcome.ACCEPTED,
                received_at__gte=started,
                game__in=duplicate_games,
            )
            .exclude(pk__in=accepted)
            .values_list("game", "pk")
        )
        counted: list[dict[str, Any]] = []
        for r in results:
            if r["outcome"] == "duplicate" and r["game"] in by_lost_attempt:
                r = {**r, "outcome": "accepted", "upload": by_lost_attempt.pop(r["game"])}
            counted.append(r)
        return counted

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
