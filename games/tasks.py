"""Celery tasks of the games app: thin wrappers over services, run in chunks.

Bulk imports and re-audits are split into chunks so a worker that dies
loses (and redelivers, tasks being acknowledged late) one chunk at most,
and the workers of every machine share a large job: the chunks go out as
one Celery group (a re-audit as a chord, whose last step sums the chunks'
changes in a worker), so nothing here schedules anything itself. Uploads
are idempotent by sha256, so a redelivered chunk records nothing twice.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Sequence
from typing import Any, TypeVar

from celery import Task, chord, group, shared_task
from celery.result import AsyncResult, GroupResult
from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import analytics, services
from games.models import Club, Game, Upload
from games.refusals import DocumentRefusal

logger = logging.getLogger(__name__)


@shared_task(name="games.import_chunk")
def import_chunk(club_id: int, user_id: int, items: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Record each (label, base64 bytes) as an upload of the club; say what became of each."""
    club = Club.objects.get(pk=club_id)
    user = User.objects.get(pk=user_id)
    with analytics.batch():  # the chunk's games analysed in chunked tasks, not one task each
        return _import_items(club, user, items)


def _import_items(club: Club, user: User, items: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Each item recorded alone (its own savepoint), so one log cannot fail the others of its
    chunk (issue 21): a log the recording raises on is kept as a rejected upload instead."""
    return [_import_item(club, user, label, encoded) for label, encoded in items]


def _import_item(club: Club, user: User, label: str, encoded: str) -> dict[str, Any]:
    content = base64.b64decode(encoded)
    try:
        with transaction.atomic():
            result = services.game_upload(
                club=club, content=content, user=user, filename=label, source=Upload.Source.IMPORT
            )
    except (OperationalError, InterfaceError):
        raise  # the database is away: the chunk stops here, and is run again (import_logs resumes)
    except Exception as exc:
        # game_upload keeps every log it can read or not; this is anything else (a receiver,
        # a row the database refuses): the bytes are kept all the same, and the import counts
        # the log.
        logger.exception("import of %s failed; its bytes are kept as a rejected upload", label)
        refusal = DocumentRefusal(
            "",
            "IMPORT_LOG_FAILED",
            _(
                "this log could not be imported, a fault of Trickbook's rather than of the log; it is kept as it came"
            ),
        )
        refusal.__cause__ = exc
        with transaction.atomic():
            upload = services.upload_rejected(
                club=club,
                content=content,
                user=user,
                error=refusal,
                filename=label,
                source=Upload.Source.IMPORT,
            )
        result = services.UploadResult(upload=upload, refusal=refusal)
    return {
        "label": label,
        "outcome": result.upload.outcome,
        "upload": result.upload.pk,
        "game": result.game.pk if result.game else None,
        "status": result.game.status if result.game else None,
        "error": result.error,
    }


T = TypeVar("T")


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    """The items in consecutive chunks of ``size`` (the last may be shorter): ceil(len / size) of them."""
    size = max(1, size)
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def import_group(
    club_id: int, user_id: int, items: Sequence[tuple[str, str]], *, chunk_size: int
) -> GroupResult:
    """Queue (label, base64 bytes) items as one group of ``import_chunk`` tasks; the result's
    ``results`` are the chunks' in order."""
    result = group(
        import_chunk.s(club_id, user_id, chunk) for chunk in chunked(items, chunk_size)
    ).apply_async()
    assert isinstance(result, GroupResult)  # a group's result, eager or not
    return result


@shared_task(name="games.reaudit_chunk")
def reaudit_chunk(game_ids: list[int]) -> list[dict[str, Any]]:
    """Replay each game's current revision with the current engine; report what changed."""
    games = list(
        Game.objects.filter(pk__in=game_ids)
        .select_related("current_revision", "current_report")
        .prefetch_related("seats")
        .order_by("pk")
    )
    befores = [game.current_report for game in games]
    changes = []
    with analytics.batch():
        afters = services.games_reaudit(games=games)
    for before, after, game in zip(befores, afters, games, strict=True):
        changes.append(
            {
                "game": game.pk,
                "engine_before": before.engine_version if before else None,
                "engine_after": after.engine_version,
                "status_before": before.status if before else None,
                "status_after": after.status,
                "totals_before": before.totals if before else None,
                "totals_after": after.totals,
                "findings_changed": (before.report["findings"] if before else None)
                != after.report["findings"],
            }
        )
    return changes


def changed(change: dict[str, Any]) -> bool:
    """A re-audit that moved the game's status, totals or findings."""
    return bool(
        change["status_before"] != change["status_after"]
        or change["totals_before"] != change["totals_after"]
        or change["findings_changed"]
    )


@shared_task(name="games.reaudit_summary")
def reaudit_summary(chunks: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The chord's last step: how many games the chunks re-audited, and those whose audit changed."""
    changes = [change for chunk in chunks for change in chunk]
    return {
        "chunks": len(chunks),
        "reaudited": len(changes),
        "changed": sorted((c for c in changes if changed(c)), key=lambda c: c["game"]),
    }


def reaudit_start(game_ids: Sequence[int], *, chunk_size: int) -> AsyncResult[dict[str, Any]]:
    """Re-audit the games as a chord: ``reaudit_chunk`` per chunk of ``chunk_size`` ids (any worker on
    any machine takes one), then ``reaudit_summary`` over all of them. ``.get()`` is the summary."""
    chunks = chunked(sorted(set(game_ids)), chunk_size)
    if not chunks:  # a chord needs a header; nothing to re-audit is summed at once
        return reaudit_summary.apply(args=([],))
    result: AsyncResult[dict[str, Any]] = chord(reaudit_chunk.s(chunk) for chunk in chunks)(
        reaudit_summary.s()
    )
    return result


@shared_task(name="games.bulk_import_chunk")
def bulk_import_chunk(import_id: int, start: int, items: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """One chunk of a bulk import started on the upload page: ``import_chunk``'s work, each
    file's upload linked to the import (games.imports) in the same transaction.

    A chunk redelivered after it committed finds its links and records
    nothing; one that died before committing left nothing and runs afresh. Every log of the
    chunk ends linked, whatever becomes of the others: each is recorded alone
    (:func:`_import_item`), and should the chunk's transaction fail all the same, each log
    is recorded and linked in a transaction of its own, so the import always ends.
    """
    from games.models import BulkImport, BulkImportFile

    bulk = BulkImport.objects.select_related("club", "started_by").get(pk=import_id)
    positions = range(start, start + len(items))
    linked = set(
        BulkImportFile.objects.filter(bulk_import=bulk, position__in=list(positions)).values_list(
            "position", flat=True
        )
    )
    todo = [
        (position, item) for position, item in zip(positions, items, strict=True) if position not in linked
    ]
    if not todo:
        return []

    def record(pending: list[tuple[int, tuple[str, str]]]) -> list[dict[str, Any]]:
        with analytics.batch():  # the chunk's games analysed in chunked tasks, not one task each
            results = _import_items(bulk.club, bulk.started_by, [item for _, item in pending])
        BulkImportFile.objects.bulk_create(
            [
                BulkImportFile(bulk_import=bulk, position=position, upload_id=result["upload"])
                for (position, _), result in zip(pending, results, strict=True)
            ]
        )
        return results

    try:
        with transaction.atomic():
            return record(todo)
    except (OperationalError, InterfaceError):
        raise  # the database is away: the chunk is redelivered and finds what it linked
    except Exception:
        logger.exception("chunk %s of import %s failed whole; recording its logs one by one", start, bulk.pk)
    results = []
    for position, item in todo:
        with transaction.atomic():
            if not BulkImportFile.objects.filter(bulk_import=bulk, position=position).exists():
                results.extend(record([(position, item)]))
    return results


@shared_task(
    name="games.analyse_chunk",
    bind=True,
    soft_time_limit=settings.ANALYSIS_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.ANALYSIS_TASK_TIME_LIMIT,
)
def analyse_chunk(
    self: Task[Any, Any], game_ids: list[int], force: bool = False, budget_s: float | None = None
) -> dict[str, int]:
    """The luck-and-skill analysis of each game's current report (games.analytics), each game
    within its budget; idempotent, so a redelivered chunk recomputes nothing already stored
    (``force``: recompute even so).

    ``budget_s``: run eagerly inside an upload's request, the seconds left of its inline budget
    (games.analytics.queue); the games it leaves wait for the sweep. On a worker the chunk stays
    under its soft time limit: it begins a game only while the game's whole budget and the margin
    fit before the limit, and sends the games it did not begin as a new task. Should the soft
    limit strike all the same (SoftTimeLimitExceeded, inside a deal), the game is stored as
    analysed so far and the task ends normally, counting what it did.
    """
    started = analytics.clock()
    until = None if budget_s is None else started + budget_s
    begin_until = None
    if not self.request.is_eager:
        begin_until = (
            started
            + settings.ANALYSIS_TASK_SOFT_TIME_LIMIT
            - settings.ANALYSIS_TIME_BUDGET_S
            - settings.ANALYSIS_MARGIN_S
        )
    done = analytics.analyse_chunk(game_ids, force=force, until=until, begin_until=begin_until)
    if done.deferred and until is None:
        analytics.queue(done.deferred, force=force)
    return done.counts


@shared_task(name="games.analyse_missing")
def analyse_missing(limit: int = 5000) -> int:
    """The beat's sweep: queue the games left without a current analysis (recorded while the broker
    was down, or analysed by an older ANALYSIS_VERSION); how many were queued."""
    ids = list(analytics.unanalysed().values_list("pk", flat=True)[:limit])
    analytics.queue(ids)
    return len(ids)


@shared_task(name="games.send_dispute_mail")
def send_dispute_mail(dispute_id: int, kind: str, user_ids: list[int], language: str) -> int:
    """Mail about a dispute opened or decided (games.notifications): one mail per reader."""
    from games import notifications

    return notifications.send(dispute_id, kind, user_ids, language)


@shared_task(name="games.settle_confirmations")
def settle_confirmations() -> int:
    """Every minute: results whose table's window to confirm has passed are no longer provisional."""
    from games import settlement

    return settlement.settle_passed_windows()
