"""Celery tasks of the tournaments app: the standings compile, coalesced.

``queue_compile`` is called after a transaction that changed a tournament's
games commits. A burst of uploads compiles once or twice, not once per
upload: the first call sets a flag in the cache (Redis in production) and
queues the task; later calls see the flag and do nothing. The task keeps the
flag while it works: it compiles at once (one upload is in the standings
within a second), and when changes came in meanwhile it waits for the burst
to go quiet (``QUIET_S``, at most ``MAX_WAIT_S``) and compiles once more.
Only then does it drop the flag, and a change that slipped in between queues
the next task — so nothing is missed, and a burst costs two compiles.

Nothing is lost when Redis is down (issue 11): the change marks the tournament's standings
stale in the database, in its own transaction; queuing after the commit may fail (the cache
and the broker are Redis) and is only logged; the beat task :func:`sweep_stale_standings`
queues every stale tournament again each minute, and the compile clears the mark before it
reads.
"""

from __future__ import annotations

import logging
import time

from celery import shared_task
from django.conf import settings
from django.core.cache import cache

PENDING_TTL_S = 300
#: A burst is over when no change came for this long.
QUIET_S = 0.3
#: The longest a compile waits for a burst to end before compiling what it has (settings
#: STANDINGS_MAX_WAIT_S, from the environment).
MAX_WAIT_S = 3.0
logger = logging.getLogger(__name__)


def pending_key(tournament_id: int) -> str:
    return f"standings:pending:{tournament_id}"


def changed_key(tournament_id: int) -> str:
    return f"standings:changed:{tournament_id}"


def queue_compile(tournament_id: int) -> bool:
    """Queue a compile unless one is already waiting; True when this call queued it."""
    cache.set(changed_key(tournament_id), time.time(), timeout=PENDING_TTL_S)
    if not cache.add(pending_key(tournament_id), 1, timeout=PENDING_TTL_S):
        return False
    try:
        compile_standings.delay(tournament_id)
    except Exception:
        cache.delete(pending_key(tournament_id))  # not queued: let the sweep queue it
        raise
    return True


def queue_compile_safely(tournament_id: int) -> bool:
    """:func:`queue_compile`, but a broker or cache that cannot be reached is logged, not raised:
    the game is committed and its standings marked stale; the sweep queues them later."""
    try:
        return queue_compile(tournament_id)
    except Exception:  # any transport error of Redis, the broker or the cache
        logger.warning(
            "standings compile of tournament %s not queued; the sweep will", tournament_id, exc_info=True
        )
        return False


@shared_task(name="tournaments.sweep_stale_standings")
def sweep_stale_standings() -> int:
    """Queue a compile for every tournament whose standings are marked stale (beat, each minute)."""
    from tournaments.models import Tournament

    stale = list(Tournament.objects.filter(standings_stale=True).values_list("pk", flat=True))
    return sum(queue_compile_safely(pk) for pk in stale)


def _stale(tournament_id: int) -> bool:
    from tournaments.models import Tournament

    return Tournament.objects.filter(pk=tournament_id, standings_stale=True).exists()


def _wait_for_quiet(tournament_id: int) -> None:
    """Sleep until no change has come for QUIET_S (the burst is over), at most MAX_WAIT_S."""
    deadline = time.monotonic() + float(getattr(settings, "STANDINGS_MAX_WAIT_S", MAX_WAIT_S))
    while time.monotonic() < deadline:
        last = cache.get(changed_key(tournament_id)) or 0.0
        quiet_for = time.time() - float(last)
        if quiet_for >= QUIET_S:
            return
        time.sleep(min(QUIET_S - quiet_for, max(deadline - time.monotonic(), 0.0)))


@shared_task(name="tournaments.compile_standings")
def compile_standings(tournament_id: int) -> int:
    """Recompile a tournament's standings (twice when a burst of changes came in while it
    compiled); returns the number of lines written."""
    from tournaments.models import Tournament
    from tournaments.services import standings_compile

    lines = 0
    for attempt in range(2):
        if attempt:
            _wait_for_quiet(tournament_id)
        # Cleared before reading: a change committed during the compile marks it stale again.
        Tournament.objects.filter(pk=tournament_id).update(standings_stale=False)
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            break
        lines = len(standings_compile(tournament=tournament))
        if not _stale(tournament_id):
            break
    cache.delete(pending_key(tournament_id))
    if _stale(tournament_id):  # a change after the last compile, before the flag was dropped
        queue_compile_safely(tournament_id)
    return lines


@shared_task(name="tournaments.update_ratings")
def update_ratings(game_id: int) -> int:
    """Rate a newly recorded game of a rated tournament (a rebuild when it is not the newest)."""
    from games.models import Game
    from tournaments.services import ratings_update

    game = Game.objects.filter(pk=game_id).first()
    return 0 if game is None else ratings_update(game=game)


@shared_task(name="tournaments.rebuild_ratings")
def rebuild_ratings() -> dict[str, int]:
    """Rebuild every game type's ratings from scratch (nightly, from Celery beat)."""
    from rules import registry
    from tournaments.services import ratings_rebuild

    return {game_type: ratings_rebuild(game_type=game_type) for game_type in registry.game_keys()}
