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
from collections.abc import Sequence
from typing import Any, TypeVar

from celery import chord, group, shared_task
from celery.result import AsyncResult, GroupResult

from accounts.models import User
from games import analytics, services
from games.models import Club, Game, Upload


@shared_task(name="games.import_chunk")
def import_chunk(club_id: int, user_id: int, items: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Record each (label, base64 bytes) as an upload of the club; say what became of each."""
    club = Club.objects.get(pk=club_id)
    user = User.objects.get(pk=user_id)
    with analytics.batch():  # the chunk's games analysed in chunked tasks, not one task each
        return _import_items(club, user, items)


def _import_items(club: Club, user: User, items: list[tuple[str, str]]) -> list[dict[str, Any]]:
    results = []
    for label, encoded in items:
        result = services.game_upload(
            club=club,
            content=base64.b64decode(encoded),
            user=user,
            filename=label,
            source=Upload.Source.IMPORT,
        )
        results.append(
            {
                "label": label,
                "outcome": result.upload.outcome,
                "upload": result.upload.pk,
                "game": result.game.pk if result.game else None,
                "status": result.game.status if result.game else None,
                "error": result.error,
            }
        )
    return results


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
    nothing; one that died before committing left nothing and runs afresh.
    """
    from django.db import transaction

    from games.models import BulkImport, BulkImportFile

    bulk = BulkImport.objects.get(pk=import_id)
    with transaction.atomic():
        if BulkImportFile.objects.filter(bulk_import=bulk, position=start).exists():
            return []
        results: list[dict[str, Any]] = import_chunk(bulk.club_id, bulk.started_by_id, items)
        BulkImportFile.objects.bulk_create(
            [
                BulkImportFile(bulk_import=bulk, position=start + offset, upload_id=result["upload"])
                for offset, result in enumerate(results)
            ]
        )
    return results


@shared_task(name="games.analyse_chunk")
def analyse_chunk(game_ids: list[int], force: bool = False) -> dict[str, int]:
    """The luck-and-skill analysis of each game's current report (games.analytics); idempotent, so a
    redelivered chunk recomputes nothing already stored (``force``: recompute even so)."""
    return analytics.analyse_games(game_ids, force=force)


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
