"""The upload page in a real browser: a malformed log's path inline; a .zip imported with a progress bar."""

from __future__ import annotations

import base64
import io
import json
import zipfile

import pytest

from games.models import BulkImport
from games.tasks import bulk_import_chunk
from tests.games.factories import game_bytes, game_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, live_server, username: str, next_path: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("a-long-passphrase")
    page.get_by_role("button", name="Sign in").click()


def test_a_scorer_pastes_a_malformed_log_then_imports_a_zip(live_server, page, people):
    sign_in(page, live_server, "scorer", "/clubs/kozyr/upload/")
    page.get_by_role("heading", name="Upload games").wait_for()

    document = game_document(11)
    document["deals"][2]["bids"] = document["deals"][2]["bids"][:-1]
    page.get_by_label("Paste a game log (JSON)").fill(json.dumps(document))
    page.get_by_role("button", name="Upload").click()
    alert = page.locator("#upload-error")
    alert.wait_for()
    assert alert.locator("code.json-path").inner_text() == "deals[2].bids"
    assert alert.locator(".error-message").inner_text() == "must hold one entry per seat (4), not 3"
    # The text is still there to fix.
    assert json.loads(page.get_by_label("Paste a game log (JSON)").input_value()) == document

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for seed in (12, 13, 14):
            archive.writestr(f"round-1/t{seed}.json", game_bytes(seed))
        archive.writestr("round-1/broken.json", json.dumps(document))
        archive.writestr("round-1/notes.txt", "no log here")
    page.get_by_label("Paste a game log (JSON)").fill("")
    page.get_by_label("…or choose files").set_input_files(
        files=[{"name": "round-1.zip", "mimeType": "application/zip", "buffer": buffer.getvalue()}]
    )
    page.get_by_role("button", name="Upload").click()

    page.get_by_role("heading", name="Import finished").wait_for()
    bar = page.locator("progress#import-bar")
    assert bar.get_attribute("value") == bar.get_attribute("max") == "4"
    assert page.locator(".percent").inner_text() == "100%"
    assert page.get_by_text("4 of 4 logs recorded").is_visible()
    assert page.locator('[data-count="accepted"]').inner_text() == "3"
    assert page.locator('[data-count="duplicate"]').inner_text() == "0"
    assert page.locator('[data-count="rejected"]').inner_text() == "1"
    assert page.locator('[data-count="skipped"]').inner_text() == "1"
    row = page.locator("table.rejected-files tbody tr")
    assert row.locator(".file-name").inner_text() == "round-1.zip:round-1/broken.json"
    assert row.locator("code.json-path").inner_text() == "deals[2].bids"


def test_the_progress_bar_follows_a_running_import(live_server, page, people):
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=2, name="two.zip")
    sign_in(page, live_server, "scorer", f"/clubs/kozyr/imports/{bulk.pk}/")
    page.get_by_role("heading", name="Importing…").wait_for()
    assert page.locator(".percent").inner_text() == "0%"

    items = [(f"g{seed}.json", base64.b64encode(game_bytes(seed)).decode()) for seed in (15, 16)]
    bulk_import_chunk(bulk.pk, 0, items[:1])
    page.locator(".percent", has_text="50%").wait_for()  # htmx polled
    bulk_import_chunk(bulk.pk, 1, items[1:])
    page.get_by_role("heading", name="Import finished").wait_for()
    assert page.locator(".percent").inner_text() == "100%"
    assert page.locator('[data-count="accepted"]').inner_text() == "2"
    # Done: the refreshed part no longer polls.
    assert page.locator("#import-progress").get_attribute("hx-trigger") is None
