"""A club as a management command is told it: by its slug, as in ``/clubs/<slug>/``.

Every command that takes a club looks it up here, so an unknown one is refused
in the same words everywhere (``no such club 'nope'``, a CommandError: exit
status 1) instead of passing for a club with nothing in it.
"""

from __future__ import annotations

from django.core.management.base import CommandError

from games.models import Club


def club_named(slug: str) -> Club:
    """The club whose slug is ``slug``; CommandError naming it as unknown when there is none."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(f"no such club {slug!r}")
    return club
