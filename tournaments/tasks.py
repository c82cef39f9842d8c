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

A very large tournament (issue 10: STANDINGS_PARALLEL_MIN_TABLES tables or more) is compiled
as a chord in the same flow: one part per span of whole rounds reads and tallies its tables
(standings.tally) on any worker, and the merge ranks the merged tallies exactly as the single
compile ranks all the tables, writes the rows the same way, and goes on where the task left
off (once more after a burst, then the flag). The task hands over and returns rather than
waiting for the chord, so a worker never blocks on its own parts.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from celery import chord, shared_task
from celery.result import AsyncResult
from django.conf import settings
from django.core.cache import cache
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

if TYPE_CHECKING:
    from tournaments.models import Tournament
    from tournaments.services import RoundSpan


def pending_ttl_s() -> int:
    """How long the "compile queued" flag lives: while it does, the sweep sends no other compile.
    A compile whose worker is lost whole is handed out again within the broker's visibility
    timeout and kombu's look for such messages, then runs within the task time limit; the flag
    outlives exactly that (90 + 10 + 75 s by default), so a compile whose message was lost
    outright (Redis restarted empty) is sent again by the next sweep after it, not five minutes
    later."""
    return (
        int(settings.CELERY_VISIBILITY_TIMEOUT_S)
        + int(settings.CELERY_RESTORE_LOOK_S)
        + int(settings.CELERY_TASK_TIME_LIMIT)
    )


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
    cache.set(changed_key(tournament_id), time.time(), timeout=pending_ttl_s())
    if not cache.add(pending_key(tournament_id), 1, timeout=pending_ttl_s()):
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


def queue_rating_safely(game_id: int) -> bool:
    """Queue :func:`update_ratings` for a newly recorded or corrected game; True when queued.

    Sent without a stored result: nothing reads it, and asking the result store (Redis) to
    watch for one blocks the request for Celery's 20 reconnection attempts when Redis is down.
    A broker that cannot be reached is logged, not raised — the upload is committed and
    answers 201 — and the nightly rebuild (:func:`rebuild_ratings`) rates the game then
    (issue 11; tests/tournaments/test_redis_restart.py restarts a real Redis)."""
    try:
        update_ratings.apply_async((game_id,), ignore_result=True)
    except (OperationalError, RedisError):
        logger.warning(
            "rating of game %s not queued; the nightly rebuild will rate it", game_id, exc_info=True
        )
        return False
    return True


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
    compiled); returns the number of lines written, or 0 when the compile went out as a chord
    (a tournament of STANDINGS_PARALLEL_MIN_TABLES tables or more: :func:`start_parallel_compile`),
    whose merge writes them and carries on from here."""
    return _compile(tournament_id, attempt=0)


#: Compiles per task at most: one at once, one more after a burst.
ATTEMPTS = 2


def _compile(tournament_id: int, *, attempt: int) -> int:
    """Compile from this attempt on, in this process or as a chord; then drop the flag (unless a
    chord was sent: its merge goes on from the same attempt)."""
    from tournaments.models import Tournament
    from tournaments.services import standings_compile, standings_rules

    lines = 0
    for step in range(attempt, ATTEMPTS):
        if step:
            _wait_for_quiet(tournament_id)
        # Cleared before reading: a change committed during the compile marks it stale again.
        Tournament.objects.filter(pk=tournament_id).update(standings_stale=False)
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            break
        spans = parallel_spans(tournament)
        if spans is not None:
            start_parallel_compile(tournament_id, spans, rules=standings_rules(tournament), attempt=step)
            return 0
        try:
            lines = len(standings_compile(tournament=tournament))
        except Exception as exc:  # any fault of the compile: kept, logged, retried by the sweep
            compile_failed(tournament_id, exc)
            return 0
        if not _stale(tournament_id):
            break
    _done(tournament_id)
    return lines


def compile_failed(tournament_id: int, exc: BaseException) -> None:
    """A compile that raised: the standings stay stale (the sweep tries again each minute) and
    the failure is kept for the organiser's page until a compile succeeds; logged with its
    traceback. The flag is dropped without queuing again at once, so a compile that cannot
    succeed is retried by the minute, not in a loop."""
    from django.utils import timezone

    from tournaments.models import Tournament

    logger.error(
        "the standings compile of tournament %s failed; the sweep will retry", tournament_id, exc_info=exc
    )
    code = str(getattr(exc, "code", "") or "COMPILE_FAILED")
    Tournament.objects.filter(pk=tournament_id).update(
        standings_stale=True,
        standings_failure={
            "code": code,
            "params": dict(getattr(exc, "params", {}) or {}),
            "template": str(getattr(exc, "template", "") or ""),
            "message": str(exc)[:500],
            "at": timezone.now().isoformat(),
        },
    )
    cache.delete(pending_key(tournament_id))


def _done(tournament_id: int) -> None:
    """Drop the flag; a change after the last compile, before the flag was dropped, queues the next."""
    cache.delete(pending_key(tournament_id))
    if _stale(tournament_id):
        queue_compile_safely(tournament_id)


# --- a large tournament's compile, split by rounds over the workers (issue 10) -----------------


def parallel_spans(tournament: Tournament) -> list[RoundSpan] | None:
    """The round spans to compile in parallel, or None to compile in one go: below
    STANDINGS_PARALLEL_MIN_TABLES tables with a game (0: never), or when the rounds do not cut
    into two parts. Parts are whole rounds of at least half the threshold each, so a split
    has two parts or more and each part's read is worth a task's round trip."""
    from tournaments.services import is_duplicate, round_spans, tables_per_round

    threshold = int(getattr(settings, "STANDINGS_PARALLEL_MIN_TABLES", 0))
    if threshold <= 0 or is_duplicate(tournament):
        return None  # a duplicate event compares every table's boards: scored in one go
    counts = tables_per_round(tournament)
    if sum(tables for _, tables in counts) < threshold:
        return None
    spans = round_spans(counts, part_tables=max(1, threshold // 2))
    return spans if len(spans) > 1 else None


def start_parallel_compile(
    tournament_id: int, spans: Sequence[RoundSpan], *, rules: dict[str, Any], attempt: int = 0
) -> AsyncResult[int]:
    """Send the compile as a chord: :func:`standings_part` per span of rounds (any worker takes
    one), then :func:`standings_merge`, which ranks and writes; ``.get()`` is the lines written.

    ``rules`` (services.standings_rules) are read once, when the chord is sent, so the parts
    and the merge rank alike; a change of them meanwhile marks the standings stale and the
    merge compiles again. A part that fails (after its redeliveries) calls
    :func:`standings_failed`: the standings are marked stale again and the flag dropped, so
    the sweep retries within a minute.
    """
    parts = [standings_part.s(tournament_id, first, stop, rules) for first, stop in spans]
    merge = standings_merge.s(tournament_id, attempt, rules).on_error(standings_failed.si(tournament_id))
    result: AsyncResult[int] = chord(parts)(merge)
    return result


@shared_task(name="tournaments.standings_part")
def standings_part(
    tournament_id: int, first: int | None, stop: int | None, rules: dict[str, Any]
) -> dict[str, Any]:
    """A chord's part: the tally of the tournament's rounds first..stop (flat numbers)."""
    from tournaments.models import Tournament
    from tournaments.services import standings_part as tally_part

    tournament = Tournament.objects.get(pk=tournament_id)
    return tally_part(tournament=tournament, rounds=(first, stop), rules=rules)


@shared_task(name="tournaments.standings_merge")
def standings_merge(
    parts: list[dict[str, Any]], tournament_id: int, attempt: int, rules: dict[str, Any]
) -> int:
    """The chord's merge: rank the parts' tallies and write the lines, then go on as
    :func:`compile_standings` does — once more after a burst, then drop the flag."""
    from tournaments.models import Tournament
    from tournaments.services import standings_merge as merge_parts

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        _done(tournament_id)
        return 0
    lines = len(merge_parts(tournament=tournament, parts=parts, rules=rules))
    if _stale(tournament_id) and attempt + 1 < ATTEMPTS:
        _compile(tournament_id, attempt=attempt + 1)
    else:
        _done(tournament_id)
    return lines


@shared_task(name="tournaments.standings_failed")
def standings_failed(tournament_id: int) -> None:
    """A split compile failed: mark the standings stale and drop the flag, for the sweep to retry."""
    from tournaments.models import Tournament

    logger.warning("the split standings compile of tournament %s failed; the sweep will retry", tournament_id)
    Tournament.objects.filter(pk=tournament_id).update(standings_stale=True)
    compile_failed(tournament_id, RuntimeError("a part of the split compile failed"))


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
