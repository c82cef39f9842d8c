"""Replay stored games again after an engine upgrade, in Celery chunks, and say what changed.

The chunks go out as one chord (games.tasks.reaudit_start): every worker
of every machine takes chunks, and the last step sums what changed.

Each game's current revision whose report was made by an older engine
version gets a new audit report (the old report stays: reports are
append-only); the game's status and totals follow the new one.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.management.named import club_named
from games.models import Game
from games.tasks import reaudit_start
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
            games = games.filter(club=club_named(options["club"]))
        stale: list[int] = []
        # order_by(): the model's ordering would make DISTINCT see every game, listing each game
        # once per game of its type (20,000 games: 400 million ids).
        for game_type in games.order_by().values_list("game_type", flat=True).distinct():
            current = registry.get(game_type).ENGINE_VERSION
            of_type = games.filter(game_type=game_type)
            if not options["all"]:
                of_type = of_type.exclude(current_report__engine_version=current)
            stale.extend(of_type.order_by("pk").values_list("pk", flat=True))
        summary = reaudit_start(stale, chunk_size=options["chunk_size"]).get(timeout=3600)
        changed = summary["changed"]
        self.stdout.write(f"re-audited: {summary['reaudited']}")
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
