"""A trump that was not recorded is never stored as "no trump" (issue 20: invented data).

The paper-sheet entry once published every deal as no-trump because it had no trump column
(tests/rules/ohhell/test_sheet_entry.py now covers it); the live scorekeeper asks for the trump
card first (tests/scorekeeper: ``TRUMP_FIRST``). Here the other ways a log comes in — an upload
through the API, a deal of a bulk import, a correction — each refuse a deal whose ``trump`` is
missing, at its path, and keep the bytes; ``"trump": null`` (the spec's no-trump) is the only way
to record a deal without trumps.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from games import imports
from games.models import BulkImport, Game, GameRevision, Upload
from games.tasks import bulk_import_chunk
from tests.games.factories import game_document

pytestmark = pytest.mark.django_db


def without_trump(seed: int) -> tuple[dict[str, Any], bytes]:
    """A clean log whose second deal has lost its ``trump`` member."""
    document = game_document(seed, ["Anna", "Boris", "Vera", "Gleb"])
    del document["deals"][1]["trump"]
    return document, json.dumps(document, ensure_ascii=False).encode()


def test_an_upload_without_a_deals_trump_is_refused_at_its_path_and_kept(api, people):
    _, content = without_trump(71)
    api.force_authenticate(people.scorer)
    response = api.post("/api/v1/clubs/kozyr/games/", data=content, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["path"] == "deals[1].trump"
    assert not Game.objects.exists()
    assert bytes(Upload.objects.get(pk=response.json()["upload"]).content) == content


def test_a_bulk_import_log_without_a_deals_trump_is_rejected_at_its_path(people):
    _, content = without_trump(72)
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=1, name="x.zip")
    results = bulk_import_chunk(bulk.pk, 0, [("g.json", base64.b64encode(content).decode())])
    assert [(r["outcome"], r["error"]["path"]) for r in results] == [("rejected", "deals[1].trump")]
    assert imports.import_progress(bulk=bulk).rejected == 1
    assert not Game.objects.exists()


def test_a_correction_without_a_deals_trump_is_refused_and_the_log_stands(api, people):
    document = game_document(73, ["Anna", "Boris", "Vera", "Gleb"])
    api.force_authenticate(people.scorer)
    created = api.post(
        "/api/v1/clubs/kozyr/games/", data=json.dumps(document).encode(), content_type="application/json"
    )
    game_id = created.json()["id"]
    del document["deals"][1]["trump"]
    api.force_authenticate(people.organiser)
    response = api.post(
        f"/api/v1/games/{game_id}/revisions/",
        {"document": document, "reason": "deal 2 re-entered"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["path"] == "document.deals[1].trump"
    assert GameRevision.objects.filter(game_id=game_id).count() == 1


def test_a_null_trump_is_the_no_trump_the_log_says(api, people):
    document = game_document(74, ["Anna", "Boris", "Vera", "Gleb"])
    document["deals"][1]["trump"] = None  # said outright: this deal had no trump card turned
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/games/", data=json.dumps(document).encode(), content_type="application/json"
    )
    # The log's own word is kept (the engine may find the deal's play then wrong: that is a finding,
    # not a refusal, and not a trump invented for it).
    assert response.status_code == 201
    revision = GameRevision.objects.get(game_id=response.json()["id"])
    assert json.loads(bytes(revision.content))["deals"][1]["trump"] is None
