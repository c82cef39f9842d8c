"""``manage.py replay FILE... [--json]``: replay game logs and report what the rules say.

The contract is shared/spec/ohhell-log.md: with ``--json`` one JSON object
per file per line, ``file`` first; a malformed document gets ``{"file":
..., "error": {"path": ..., "message": ...}}`` and nothing of it is
replayed. The exit status is the highest of the files': 0 clean, 1 a
finding of severity error, 2 malformed or unreadable. Each document is
dispatched on its ``game`` through :mod:`rules.registry`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules import registry
from rules.errors import MalformedDocument

MALFORMED = 2


@dataclass
class FileResult:
    """One file's outcome: its JSON line, its readable text and its exit status."""

    line: dict[str, Any]
    text: str
    status: int


def replay_file(path: str, *, ruleset: str | None = None) -> FileResult:
    """Read, parse and replay one file; never raises for a bad document or file.

    The file's extension picks its reader (rules.registry.FILE_TYPES: ``.pbn``
    is rubber bridge); anything else is a JSON log naming its game.
    """
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return _malformed(path, MalformedDocument("", f"cannot read the file: {exc.strerror or exc}"))
    try:
        reading = registry.read_named(raw, path, ruleset=ruleset)
    except MalformedDocument as exc:
        return _malformed(path, exc)
    report = reading.rules.replay(reading.log)
    return FileResult(
        line={"file": path, **report.as_dict()},
        text=reading.rules.format_sheet(report),
        status=report.status,
    )


def _malformed(path: str, exc: MalformedDocument) -> FileResult:
    where = f" at {exc.path}" if exc.path else ""
    return FileResult(
        line={"file": path, "error": exc.as_dict()},
        text=f"Malformed document{where}: {exc.message}\nNothing of it was replayed.\n",
        status=MALFORMED,
    )


class Command(BaseCommand):
    help = "Replay game logs, recompute the scores and report every finding (shared/spec/ohhell-log.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="+", metavar="FILE", help="game logs: JSON documents, or PBN (.pbn)"
        )
        parser.add_argument(
            "--ruleset",
            default=None,
            help="the preset for files that carry none (PBN: seed, the default, or laws)",
        )
        parser.add_argument("--json", action="store_true", help="one JSON report per file, one per line")

    def handle(self, *args: Any, **options: Any) -> None:
        status = 0
        for i, path in enumerate(options["files"]):
            result = replay_file(path, ruleset=options["ruleset"])
            status = max(status, result.status)
            if options["json"]:
                self.stdout.write(json.dumps(result.line))
            else:
                if i:
                    self.stdout.write("")
                self.stdout.write(f"== {path}")
                self.stdout.write(result.text, ending="")
        if status:
            raise SystemExit(status)
