"""Replay stored games again after an engine upgrade, in Celery chunks, and say what changed.

Each game's current revision whose report was made by an older engine
version gets a new audit report (the old report stays: reports are
append-only); the game's status and totals follow the new one.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game
from games.tasks import reaudit_chunk
from rules import registry


class Command(BaseCommand):
    help = "Re-audit games whose report comes from an older rules engine."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="only this club's games (slug)")
        parser.add_argument(
            "--all", action="store_true", help="re-audit every game, whatever its engine version"
        )
        parser.add_argument("--chunk-size", type=int, default=200)

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.exclude(current_revision=None)
        if options.get("club"):
            games = games.filter(club__slug=options["club"])
            if not games.exists() and not Game.objects.filter(club__slug=options["club"]).exists():
                raise CommandError(f"no games for the club {options['club']!r}")
        stale: list[int] = []
        for game_type in games.values_list("game_type", flat=True).distinct():
            current = registry.get(game_type).ENGINE_VERSION
            of_type = games.filter(game_type=game_type)
            if not options["all"]:
                of_type = of_type.exclude(current_report__engine_version=current)
            stale.extend(of_type.order_by("pk").values_list("pk", flat=True))
        size = max(1, options["chunk_size"])
        pending = [reaudit_chunk.delay(stale[i : i + size]) for i in range(0, len(stale), size)]
        changes: list[dict[str, Any]] = []
        for result in pending:
            changes.extend(result.get(timeout=3600))
        changed = [
            c
            for c in changes
            if c["status_before"] != c["status_after"]
            or c["totals_before"] != c["totals_after"]
            or c["findings_changed"]
        ]
        self.stdout.write(f"re-audited: {len(changes)}")
        self.stdout.write(f"changed: {len(changed)}")
        for c in changed:
            self.stdout.write(
                f"  game {c['game']}: {c['status_before']} -> {c['status_after']}"
                + (
                    f", totals {c['totals_before']} -> {c['totals_after']}"
                    if c["totals_before"] != c["totals_after"]
                    else ""
                )
                + (", findings changed" if c["findings_changed"] else "")
            )
