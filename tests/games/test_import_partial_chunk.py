"""A bulk import records every good log of a chunk even when another log in it fails, and
an import always ends (issue 21, item 2): each log of a chunk stands alone, and a log the
recording fails on is kept as a rejected upload, so the import counts it and finishes.
"""

from __future__ import annotations

import base64
import io
import json
import logging
import zipfile
from typing import Any

import pytest
from django.urls import reverse

from games import imports, recording, services
from games.models import BulkImport, BulkImportFile, Game, Upload
from games.tasks import bulk_import_chunk
from tests.games.factories import game_document

pytestmark = pytest.mark.django_db
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def log(seed: int, first: str = '"Anna"') -> bytes:
    text = json.dumps(game_document(seed, list(NAMES)), ensure_ascii=False).encode()
    return text.replace(b'"Anna"', first.encode())


def items(*contents: bytes) -> list[tuple[str, str]]:
    return [(f"g{i}.json", base64.b64encode(c).decode()) for i, c in enumerate(contents)]


def new_import(people: Any, total: int) -> BulkImport:
    return BulkImport.objects.create(club=people.club, started_by=people.scorer, total=total, name="x.zip")


@pytest.mark.parametrize(
    "hostile",
    [r'"\ud800"', '"' + "A" * 151 + '"', r'"An\u0000na"'],
    ids=["lone-surrogate", "151-characters", "nul"],
)
def test_one_hostile_log_leaves_the_others_of_its_chunk_recorded(people, hostile):
    bulk = new_import(people, 3)
    results = bulk_import_chunk(bulk.pk, 0, items(log(1), log(2, hostile), log(3)))
    assert [r["outcome"] for r in results] == ["accepted", "rejected", "accepted"]
    assert results[1]["error"]["path"] == "players[0]"
    progress = imports.import_progress(bulk=bulk)
    assert (progress.done, progress.accepted, progress.rejected, progress.finished) == (3, 2, 1, True)
    assert Game.objects.count() == 2
    assert bytes(Upload.objects.get(pk=results[1]["upload"]).content) == log(2, hostile)


def test_a_log_the_recording_fails_on_is_kept_rejected_and_the_import_ends(people, monkeypatch, caplog):
    real = recording.store_reports

    def fails_on_zed(entries: Any, **kwargs: Any) -> Any:
        if any("Zed" in replayed.players for _, _, replayed, _ in entries):
            raise RuntimeError("a fault of ours")
        return real(entries, **kwargs)

    monkeypatch.setattr(recording, "store_reports", fails_on_zed)
    bulk = new_import(people, 3)
    with caplog.at_level(logging.ERROR):
        results = bulk_import_chunk(bulk.pk, 0, items(log(4), log(5, '"Zed"'), log(6)))
    assert [r["outcome"] for r in results] == ["accepted", "rejected", "accepted"]
    assert results[1]["error"]["code"] == "UPLOAD_NOT_STORED"
    progress = imports.import_progress(bulk=bulk)
    assert (progress.done, progress.finished) == (3, True)
    assert Game.objects.count() == 2
    assert any(r.exc_info for r in caplog.records)


def test_a_log_that_raises_anything_at_all_is_kept_and_the_chunk_goes_on(people, monkeypatch):
    real = services.game_upload

    def explodes_on_g1(**kwargs: Any) -> Any:
        if kwargs["filename"] == "g1.json":
            raise MemoryError("not really")
        return real(**kwargs)

    monkeypatch.setattr(services, "game_upload", explodes_on_g1)
    bulk = new_import(people, 3)
    results = bulk_import_chunk(bulk.pk, 0, items(log(7), log(8), log(9)))
    assert [r["outcome"] for r in results] == ["accepted", "rejected", "accepted"]
    assert results[1]["error"]["code"] == "IMPORT_LOG_FAILED"
    assert imports.import_progress(bulk=bulk).finished


def test_a_chunk_redelivered_after_some_of_its_logs_were_linked_records_the_rest(people):
    bulk = new_import(people, 3)
    chunk = items(log(10), log(11), log(12))
    bulk_import_chunk(bulk.pk, 0, chunk[:1])  # as if the first log alone had been linked
    results = bulk_import_chunk(bulk.pk, 0, chunk)
    assert [r["label"] for r in results] == ["g1.json", "g2.json"]
    assert list(BulkImportFile.objects.order_by("position").values_list("position", flat=True)) == [0, 1, 2]
    assert imports.import_progress(bulk=bulk).accepted == 3


def zip_of(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def test_the_zip_of_the_issue_records_two_of_three_and_ends(
    client, people, django_capture_on_commit_callbacks
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    archive = zip_of({"a.json": log(20), "b.json": log(21, r'"\ud800"'), "c.json": log(22)})
    client.force_login(people.scorer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("club-upload", kwargs={"slug": "kozyr"}),
            {"log_files": [SimpleUploadedFile("three.zip", archive)]},
        )
    assert response.status_code == 302, response.content[:300]
    progress = imports.import_progress(bulk=BulkImport.objects.get())
    assert (progress.done, progress.accepted, progress.rejected, progress.finished) == (3, 2, 1, True)
    assert progress.rejected_files[0]["path"] == "players[0]"


def test_a_batch_whose_storing_fails_stores_each_log_alone(people, monkeypatch):
    """games_upload stores a batch in one go; when that fails, each log alone: the good ones
    recorded, a copy of a good one a duplicate, the failing one and its copy kept rejected."""
    real = recording.store_reports

    def fails_on_zed(entries: Any, **kwargs: Any) -> Any:
        if any("Zed" in replayed.players for _, _, replayed, _ in entries):
            raise RuntimeError("a fault of ours")
        return real(entries, **kwargs)

    monkeypatch.setattr(recording, "store_reports", fails_on_zed)
    good, bad = log(30), log(31, '"Zed"')
    logs = [
        services.IncomingLog(content=c, filename=f"{i}.json") for i, c in enumerate([good, bad, good, bad])
    ]
    results = services.games_upload(club=people.club, user=people.scorer, logs=logs)
    assert [r.upload.outcome for r in results] == ["accepted", "rejected", "duplicate", "rejected"]
    assert [r.upload.error_code for r in results] == ["", "UPLOAD_NOT_STORED", "", "UPLOAD_NOT_STORED"]
    assert results[2].game == results[0].game
    assert Game.objects.count() == 1
    assert Upload.objects.count() == 4
