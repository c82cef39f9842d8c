"""Celery tasks of the tournaments app: the standings compile, coalesced.

``queue_compile`` is called after a transaction that changed a tournament's
games commits. A burst of uploads compiles once or twice, not once per
upload: the first call sets a short-lived flag in the cache (Redis in
production) and queues the task; later calls see the flag and do nothing.
The task clears the flag before it reads, so a change committed while it
runs queues one more compile and nothing is missed.
"""

from __future__ import annotations

from celery import shared_task
from django.core.cache import cache

PENDING_TTL_S = 300


def pending_key(tournament_id: int) -> str:
    return f"standings:pending:{tournament_id}"


def queue_compile(tournament_id: int) -> bool:
    """Queue a compile unless one is already waiting; True when this call queued it."""
    if not cache.add(pending_key(tournament_id), 1, timeout=PENDING_TTL_S):
        return False
    compile_standings.delay(tournament_id)
    return True


@shared_task(name="tournaments.compile_standings")
def compile_standings(tournament_id: int) -> int:
    """Recompile a tournament's standings; returns the number of lines written."""
    from tournaments.models import Tournament
    from tournaments.services import standings_compile

    cache.delete(pending_key(tournament_id))
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    return len(standings_compile(tournament=tournament))
