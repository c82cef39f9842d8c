"""Rebuild a tournament's standings by hand (the same compile the Celery task runs).

The tournament is named as a person meets it: by the number in its page's
address (``/tournaments/2/`` → ``compile_standings 2``) or by its slug.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from games.models import Club
from tournaments.models import Tournament
from tournaments.services import standings_compile


class Command(BaseCommand):
    help = "Recompile the standings of a tournament: compile_standings NUMBER|SLUG [--club CLUB]."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "slug", metavar="tournament", help="the tournament's number (as in /tournaments/2/) or its slug"
        )
        parser.add_argument("--club", help="the club's slug, when several clubs use the same tournament slug")

    def handle(self, *args: Any, **options: Any) -> None:
        named = options["slug"]
        club = options.get("club")
        if club and not Club.objects.filter(slug=club).exists():
            raise CommandError(f"no such club {club!r}")
        tournaments = Tournament.objects.filter(
            Q(slug=named) | Q(pk=int(named)) if named.isdigit() else Q(slug=named)
        )
        if club:
            tournaments = tournaments.filter(club__slug=club)
        found = list(tournaments[:2])
        if not found:
            raise CommandError(
                f"no such tournament {named!r} (give the number in its page's address, or its slug)"
            )
        if len(found) > 1:
            raise CommandError(
                f"several clubs have a tournament {options['slug']!r}; name the club with --club"
            )
        rows = standings_compile(tournament=found[0])
        self.stdout.write(f"{found[0].name}: {len(rows)} players ranked")
        for row in rows[:10]:
            self.stdout.write(f"  {row.place:>5}  {row.player.display_name:<24} {row.points:g}")
