"""``manage.py replay FILE... [--json]``: replay game logs and report what the rules say.

The contract is shared/spec/ohhell-log.md: with ``--json`` one JSON object
per file per line, ``file`` first; a malformed document gets ``{"file":
..., "error": {"path": ..., "message": ...}}`` and nothing of it is
replayed. The exit status is the highest of the files': 0 clean, 1 a
finding of severity error, 2 malformed or unreadable. Each document is
dispatched on its ``game`` through :mod:`rules.registry`.

``--language ru`` (or ``uk``) says the findings and the refusals in that
language as well: each JSON finding and error gains a ``text`` member beside
the spec's English ``message`` (which stays as the contract has it), and the
readable output's findings are written in that language. English unless asked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.finding_text import error_in_language, error_text, report_in_language, sentence
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
        return _malformed(path, MalformedDocument("", "LOG_FILE_UNREADABLE", reason=exc.strerror or str(exc)))
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


def in_language(result: FileResult) -> FileResult:
    """The result with its findings or its refusal said in the active language as well."""
    line = dict(result.line)
    if "error" in line:
        error = line["error"]
        where = _(" at %(path)s") % {"path": error["path"]} if error.get("path") else ""
        text = _("Malformed document%(where)s: %(message)s") % {"where": where, "message": error_text(error)}
        line["error"] = error_in_language(error)
        return FileResult(line, text + "\n" + _("Nothing of it was replayed.") + "\n", result.status)
    line = report_in_language(line) or line
    game, players, findings = line["game"], line["players"], line["findings"]
    # The sheet as the rules print it, its findings block (always last) said again in the language.
    kept = []
    for row in result.text.splitlines():
        if row.startswith(("No findings:", "Findings (")):
            break
        kept.append(row)
    if not findings:
        kept.append(_("No findings: the log is consistent with the rules."))
    else:
        kept.append(_("Findings (%(count)s):") % {"count": len(findings)})
        for f in findings:
            text = sentence(game, f, players)
            if game == "durak":
                # Durak's sheet says its findings its own way (rules/durak/report.py): the game and
                # the bout, and the finding's path in the log.
                where = pgettext("durak", "deal %(n)s") % {"n": f["deal"]}
                if f.get("bout"):
                    where += " " + pgettext("durak", "bout %(n)s") % {"n": f["bout"]}
                kept.append(
                    f"  {f['severity']:<7} {f['code']:<28} {where:<16} {f.get('path') or '':<24} {text}"
                )
                continue
            where = " ".join(
                label % {"n": f[key]}
                for label, key in ((_("deal %(n)s"), "deal"), (_("trick %(n)s"), "trick"))
                if f.get(key) is not None
            )
            kept.append(f"  {f['severity']:<7} {f['code']:<24} {where:<16} {text}")
    return FileResult(line, "\n".join(kept) + "\n", result.status)


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
        parser.add_argument(
            "--language",
            default="en",
            choices=[code for code, _name in settings.LANGUAGES],
            help="say the findings in this language too (en, the default, ru, uk)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        status = 0
        language = options["language"]
        for i, path in enumerate(options["files"]):
            result = replay_file(path, ruleset=options["ruleset"])
            if language != "en":
                with translation.override(language):
                    result = in_language(result)
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
