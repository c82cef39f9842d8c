"""Rebuild a tournament's standings by hand (the same compile the Celery task runs)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament
from tournaments.services import standings_compile


class Command(BaseCommand):
    help = "Recompile the standings of a tournament: compile_standings SLUG [--club CLUB]."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("--club", help="the club's slug, when several clubs use the same tournament slug")

    def handle(self, *args: Any, **options: Any) -> None:
        tournaments = Tournament.objects.filter(slug=options["slug"])
        if options.get("club"):
            tournaments = tournaments.filter(club__slug=options["club"])
        found = list(tournaments[:2])
        if not found:
            raise CommandError(f"no tournament {options['slug']!r}")
        if len(found) > 1:
            raise CommandError(
                f"several clubs have a tournament {options['slug']!r}; name the club with --club"
            )
        rows = standings_compile(tournament=found[0])
        self.stdout.write(f"{found[0].name}: {len(rows)} players ranked")
        for row in rows[:10]:
            self.stdout.write(f"  {row.place:>5}  {row.player.display_name:<24} {row.points:g}")
