"""Compute the luck-and-skill analysis (games.analytics) of the games that lack a current one.

A game is analysed when it lands; this catches up on those that never were:
games recorded before the feature, while the broker was down, or analysed
by an older ANALYSIS_VERSION of their game's rules. The games go out as one
Celery group of chunks (any worker of any machine takes one) and the command
waits for them and prints what was done.
"""

from __future__ import annotations

from typing import Any

from celery import group
from django.core.management.base import BaseCommand, CommandParser

from games import analytics
from games.management.named import club_named
from games.models import Game
from games.tasks import analyse_chunk, chunked


class Command(BaseCommand):
    help = "Analyse (luck and skill) the games whose current report has no current analysis."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="only this club's games (slug)")
        parser.add_argument("--chunk-size", type=int, default=analytics.CHUNK)
        parser.add_argument("--all", action="store_true", help="every game, even those already analysed")
        parser.add_argument(
            "--partial",
            action="store_true",
            help="also the games whose analysis a budget stopped short (after raising ANALYSIS_MAX_DEALS "
            "or ANALYSIS_TIME_BUDGET_S)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.all()
        if options.get("club"):
            games = games.filter(club=club_named(options["club"]))
        if options["all"]:
            ids = list(games.exclude(current_report=None).order_by("pk").values_list("pk", flat=True))
        else:
            ids = list(analytics.unanalysed(games, partial=options["partial"]).values_list("pk", flat=True))
        chunks = chunked(ids, options["chunk_size"])
        totals = dict.fromkeys(analytics.OUTCOMES, 0)
        if chunks:
            force = options["all"] or options["partial"]
            signatures = [analyse_chunk.s(chunk, force=force) for chunk in chunks]
            for counts in group(signatures).apply_async().get(timeout=3600):
                for key, value in counts.items():
                    totals[key] += value
        self.stdout.write(f"games: {len(ids)} in {len(chunks)} chunks")
        # partial: stopped short by a budget (docs/analytics.md, "Budgets"); deferred: not begun
        # before the chunk's time limit, sent again as a task of their own.
        for key in analytics.OUTCOMES:
            self.stdout.write(f"{key}: {totals[key]}")
