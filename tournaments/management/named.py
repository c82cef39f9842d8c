"""A tournament as a management command is told it: by the number in its page's address
(``/tournaments/2/`` → ``2``), which is what a person meets, or by its slug, which no page shows.

An unknown tournament (or club) is refused as unknown, a CommandError (exit status 1).
"""

from __future__ import annotations

from django.core.management.base import CommandError
from django.db.models import Q

from games.management.named import club_named
from rules.strict import digits_value
from tournaments.models import Tournament


def tournament_named(named: str, club: str | None = None) -> Tournament:
    """The tournament numbered or slugged ``named`` (of the club slugged ``club``, when given).

    A number is read through rules.strict.digits_value: ``²`` or a number of a thousand digits
    is looked up as a slug and not found, never a traceback."""
    if club:
        club_named(club)
    number = digits_value(named)
    tournaments = Tournament.objects.filter(
        Q(slug=named) | Q(pk=number) if number is not None else Q(slug=named)
    )
    if club:
        tournaments = tournaments.filter(club__slug=club)
    found = list(tournaments[:2])
    if not found:
        raise CommandError(
            f"no such tournament {named!r} (give the number in its page's address, or its slug)"
        )
    if len(found) > 1:
        raise CommandError(f"several clubs have a tournament {named!r}; name the club with --club")
    return found[0]
