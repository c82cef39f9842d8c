"""Rebuild a tournament's standings by hand (the same compile the Celery task runs).

The tournament is named as a person meets it: by the number in its page's
address (``/tournaments/2/`` → ``compile_standings 2``) or by its slug.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.management.named import tournament_named
from tournaments.services import standings_compile


class Command(BaseCommand):
    help = "Recompile the standings of a tournament: compile_standings NUMBER|SLUG [--club CLUB]."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "slug", metavar="tournament", help="the tournament's number (as in /tournaments/2/) or its slug"
        )
        parser.add_argument("--club", help="the club's slug, when several clubs use the same tournament slug")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = tournament_named(options["slug"], options.get("club"))
        rows = standings_compile(tournament=tournament)
        self.stdout.write(f"{tournament.name}: {len(rows)} players ranked")
        for row in rows[:10]:
            self.stdout.write(f"  {row.place:>5}  {row.player.display_name:<24} {row.points:g}")
