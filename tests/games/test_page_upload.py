"""The upload page: one log pasted or chosen, errors inline with their JSON path; bulk imports in Celery."""

from __future__ import annotations

import base64
import io
import json
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games import imports, services
from games.models import BulkImport, BulkImportFile, Game, Membership, Upload
from games.tasks import bulk_import_chunk
from tests.games.factories import game_bytes, game_document

pytestmark = pytest.mark.django_db

BAD_PATH = "deals[2].bids"
BAD_MESSAGE = "must hold one entry per seat (4), not 3"


def upload_url(slug: str = "kozyr") -> str:
    return reverse("club-upload", kwargs={"slug": slug})


def progress_url(bulk: BulkImport, slug: str = "kozyr") -> str:
    return reverse("import-progress", kwargs={"slug": slug, "pk": bulk.pk})


def malformed_text(seed: int = 5) -> str:
    """A simulated log whose third deal has one bid too few."""
    document = game_document(seed)
    document["deals"][2]["bids"] = document["deals"][2]["bids"][:-1]
    return json.dumps(document, ensure_ascii=False, indent=1)


def zip_of(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def as_file(name: str, content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def text(response) -> str:
    return response.content.decode()


def counts(page: str) -> dict[str, int]:
    return {k: int(v) for k, v in re.findall(r'data-count="([a-z-]+)">(\d+)<', page)}


# --- one log ---------------------------------------------------------------------------


def test_pasting_a_valid_log_records_the_game_and_opens_it(client, people):
    client.force_login(people.scorer)
    document = game_document(3)
    response = client.post(upload_url(), {"document": json.dumps(document)})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("game-page", kwargs={"pk": game.pk})
    assert game.totals == document["totals"]
    upload = Upload.objects.get()
    assert (upload.outcome, upload.source, upload.game_id) == ("accepted", "web", game.pk)
    assert bytes(upload.content) == json.dumps(document).encode()

    page = client.get(response["Location"])
    body = text(page)
    assert f"Recorded game {game.pk}." in body
    footer = body[body.index("<tfoot>") : body.index("</tfoot>")]
    numbers = [int(n) for n in re.findall(r">(-?\d+)</td>", footer)]
    assert numbers == document["totals"]


def test_pasting_the_same_log_again_opens_the_same_game(client, people):
    client.force_login(people.scorer)
    content = game_bytes(4).decode()
    first = client.post(upload_url(), {"document": content})
    second = client.post(upload_url(), {"document": content}, follow=True)
    game = Game.objects.get()
    assert first["Location"] == second.redirect_chain[0][0] == reverse("game-page", kwargs={"pk": game.pk})
    assert f"This log was uploaded before: here is game {game.pk}." in text(second)
    assert list(Upload.objects.order_by("id").values_list("outcome", flat=True)) == ["accepted", "duplicate"]


def test_a_malformed_log_is_shown_inline_with_its_path_and_kept(client, people):
    client.force_login(people.scorer)
    pasted = malformed_text()
    response = client.post(upload_url(), {"document": pasted})
    assert response.status_code == 200
    body = text(response)
    upload = Upload.objects.get()
    assert (upload.outcome, upload.error_path, upload.error_message) == ("rejected", BAD_PATH, BAD_MESSAGE)
    assert (upload.source, upload.uploaded_by) == ("web", people.scorer)
    assert bytes(upload.content) == pasted.encode()  # nothing is lost
    assert Game.objects.count() == 0
    assert f'<code class="json-path">{BAD_PATH}</code>' in body
    assert f'<dd class="error-message">{BAD_MESSAGE}</dd>' in body
    assert f"the log was kept as upload {upload.pk}." in body
    assert 'role="alert"' in body
    # The pasted text is still in the box, and the next send fixes this upload.
    assert response.context["form"]["document"].value() == pasted
    assert f'name="fixes" value="{upload.pk}"' in body
    assert 'aria-describedby="upload-error"' in body


def test_the_fixed_log_is_recorded_as_the_fix_of_the_rejected_one(client, people):
    client.force_login(people.scorer)
    client.post(upload_url(), {"document": malformed_text()})
    rejected = Upload.objects.get()
    response = client.post(upload_url(), {"document": game_bytes(5).decode(), "fixes": rejected.pk})
    assert response.status_code == 302
    fix = Upload.objects.exclude(pk=rejected.pk).get()
    assert (fix.outcome, fix.fixes_id) == ("accepted", rejected.pk)


@pytest.mark.parametrize("fixes", ["abc", "99999", "²"])
def test_a_fixes_value_that_is_no_rejected_upload_is_ignored(client, people, fixes):
    client.force_login(people.scorer)
    response = client.post(upload_url(), {"document": game_bytes(8).decode(), "fixes": fixes})
    assert response.status_code == 302
    assert Upload.objects.get().fixes_id is None


def test_not_json_at_all_is_reported_for_the_whole_document(client, people):
    client.force_login(people.scorer)
    response = client.post(upload_url(), {"document": "{not json"})
    body = text(response)
    assert response.status_code == 200
    assert '<code class="json-path">(the whole document)</code>' in body
    assert "not JSON: Expecting property name enclosed in double quotes at line 1 column 2" in body


def test_one_chosen_json_file_is_one_upload_with_its_name(client, people):
    client.force_login(people.organiser)
    response = client.post(upload_url(), {"log_files": [as_file("table-3.json", game_bytes(6))]})
    game = Game.objects.get()
    assert response["Location"] == reverse("game-page", kwargs={"pk": game.pk})
    assert Upload.objects.get().filename == "table-3.json"


def test_a_malformed_chosen_file_is_shown_in_the_box_to_fix(client, people):
    client.force_login(people.scorer)
    content = malformed_text(7)
    response = client.post(upload_url(), {"log_files": [as_file("bad.json", content.encode())]})
    assert response.status_code == 200
    assert f'<code class="json-path">{BAD_PATH}</code>' in text(response)
    assert response.context["form"]["document"].value() == content
    assert Upload.objects.get().filename == "bad.json"


def test_the_rejected_upload_can_be_opened_to_fix(client, people):
    client.force_login(people.scorer)
    client.post(upload_url(), {"document": malformed_text()})
    rejected = Upload.objects.get()
    response = client.get(upload_url() + f"?fixes={rejected.pk}")
    assert f'<code class="json-path">{BAD_PATH}</code>' in text(response)
    assert response.context["form"]["document"].value() == malformed_text()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Paste a game log or choose a file to upload."),
        ({"document": "   "}, "Paste a game log or choose a file to upload."),
        (
            {"document": "{}", "log_files": [SimpleUploadedFile("a.json", b"{}")]},
            "Paste a log or choose files, not both.",
        ),
    ],
)
def test_the_form_needs_one_thing_to_upload(client, people, data, message):
    client.force_login(people.scorer)
    response = client.post(upload_url(), data)
    assert response.status_code == 200
    assert message in text(response)
    assert Upload.objects.count() == 0


# --- many logs -------------------------------------------------------------------------


def test_a_zip_is_imported_with_exact_counts(client, people, django_capture_on_commit_callbacks):
    services.game_upload(club=people.club, content=game_bytes(20), user=people.organiser)  # the duplicate
    archive = zip_of(
        {
            "round-1/t1.json": game_bytes(21),
            "round-1/t2.json": game_bytes(22),
            "round-1/t3.json": game_bytes(23),
            "round-1/again.json": game_bytes(20),
            "round-1/broken.json": malformed_text(24).encode(),
            "round-1/notes.txt": b"table 4 left early",
            "round-2/": b"",
        }
    )
    client.force_login(people.scorer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(upload_url(), {"log_files": [as_file("round-1.zip", archive)]})
    bulk = BulkImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == progress_url(bulk)
    assert (bulk.total, bulk.started_by, bulk.name) == (5, people.scorer, "round-1.zip")
    assert bulk.skipped == [{"name": "round-1.zip:round-1/notes.txt", "reason": "not-json"}]

    page = client.get(response["Location"])
    body = text(page)
    assert page.status_code == 200
    assert counts(body) == {"accepted": 3, "duplicate": 1, "rejected": 1, "skipped": 1}
    assert '<progress id="import-bar" max="5" value="5">100%</progress>' in body
    assert "5 of 5 logs recorded" in body
    assert "Import finished" in body
    assert "hx-trigger" not in body  # done: nothing polls
    assert '<td class="file-name">round-1.zip:round-1/broken.json</td>' in body
    assert f'<code class="json-path">{BAD_PATH}</code>' in body
    assert f'<td class="error-message">{BAD_MESSAGE}</td>' in body
    assert "round-1.zip:round-1/notes.txt</span>: not a .json or .pbn log" in body
    assert Game.objects.count() == 4
    rejected = Upload.objects.get(outcome="rejected")
    assert (rejected.source, rejected.filename) == ("import", "round-1.zip:round-1/broken.json")
    assert bytes(rejected.content) == malformed_text(24).encode()
    assert f"?fixes={rejected.pk}" in body


def test_several_chosen_json_files_are_imported_together(client, people, django_capture_on_commit_callbacks):
    client.force_login(people.organiser)
    files = [as_file(f"t{seed}.json", game_bytes(seed)) for seed in (30, 31)]
    files.append(as_file("photo.png", b"\x89PNG"))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(upload_url(), {"log_files": files})
    bulk = BulkImport.objects.get()
    assert response["Location"] == progress_url(bulk)
    assert counts(text(client.get(response["Location"]))) == {
        "accepted": 2,
        "duplicate": 0,
        "rejected": 0,
        "skipped": 1,
    }
    assert sorted(Upload.objects.values_list("filename", flat=True)) == ["t30.json", "t31.json"]


def test_a_large_import_goes_in_chunks(client, people, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr(imports, "CHUNK_SIZE", 2)
    archive = zip_of({f"g{seed}.json": game_bytes(seed) for seed in range(40, 45)})
    client.force_login(people.scorer)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        client.post(upload_url(), {"log_files": [as_file("five.zip", archive)]})
    assert len(callbacks) == 1
    bulk = BulkImport.objects.get()
    assert list(BulkImportFile.objects.filter(bulk_import=bulk).values_list("position", flat=True)) == [
        0,
        1,
        2,
        3,
        4,
    ]
    assert Game.objects.count() == 5


def test_a_redelivered_chunk_records_nothing_twice(people):
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=2)
    items = [(f"g{s}.json", base64.b64encode(game_bytes(s)).decode()) for s in (50, 51)]
    first = bulk_import_chunk(bulk.pk, 0, items)
    again = bulk_import_chunk(bulk.pk, 0, items)
    assert [r["outcome"] for r in first] == ["accepted", "accepted"]
    assert again == []
    assert (Upload.objects.count(), BulkImportFile.objects.count()) == (2, 2)


def test_a_running_import_polls_every_second(client, people):
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=4, name="x.zip")
    client.force_login(people.scorer)
    body = text(client.get(progress_url(bulk)))
    assert f'hx-get="{progress_url(bulk)}" hx-trigger="every 1s" hx-swap="outerHTML"' in body
    assert '<progress id="import-bar" max="4" value="0">0%</progress>' in body
    partial = client.get(progress_url(bulk), headers={"HX-Request": "true"})
    assert partial.status_code == 200
    assert text(partial).lstrip().startswith('<section id="import-progress"')
    assert "<html" not in text(partial)
    assert "HX-Request" in partial["Vary"]
    items = [("g.json", base64.b64encode(game_bytes(52)).decode())]
    bulk_import_chunk(bulk.pk, 0, items)
    body = text(client.get(progress_url(bulk), headers={"HX-Request": "true"}))
    assert '<progress id="import-bar" max="4" value="1">25%</progress>' in body
    assert "hx-trigger" in body


# --- archives refused whole ---------------------------------------------------------------


def refused(client, people, archive: bytes, name: str = "games.zip"):
    client.force_login(people.scorer)
    response = client.post(upload_url(), {"log_files": [as_file(name, archive)]})
    assert response.status_code == 400
    assert (BulkImport.objects.count(), Upload.objects.count()) == (0, 0)
    return text(response)


def test_a_zip_bomb_is_refused(client, people):
    bomb = zip_of({"bomb.json": b"0" * (6 * 1024 * 1024), "ok.json": game_bytes(60)})
    assert len(bomb) < 20_000
    body = refused(client, people, bomb)
    assert (
        "games.zip:bomb.json is larger than 5120 KB; a game log is a few kilobytes. Nothing was imported."
        in body
    )


def test_a_member_that_lies_about_its_size_is_refused(client, people):
    archive = bytearray(zip_of({"liar.json": b"0" * 50_000}))
    # Claim 100 bytes unpacked, in both the local header and the central directory.
    local = archive.index(b"PK\x03\x04")
    archive[local + 22 : local + 26] = (100).to_bytes(4, "little")
    central = archive.index(b"PK\x01\x02")
    archive[central + 24 : central + 28] = (100).to_bytes(4, "little")
    body = refused(client, people, bytes(archive))
    assert "games.zip is not a readable .zip archive" in body


@pytest.mark.parametrize(
    "member", ["../../etc/cron.d/evil.json", "/etc/evil.json", "a/../../b.json", "C:evil.json"]
)
def test_names_that_climb_out_of_the_archive_are_refused(client, people, member):
    body = refused(client, people, zip_of({"good.json": game_bytes(61), member: game_bytes(62)}))
    assert "points outside the archive. Nothing was imported." in body
    assert "holds a file named" in body


def test_too_many_logs_are_refused(client, people, monkeypatch):
    monkeypatch.setattr(imports, "MAX_DOCUMENTS", 2)
    body = refused(client, people, zip_of({f"{i}.json": b"{}" for i in range(3)}))
    assert "More than 2 logs at once; split them into several archives. Nothing was imported." in body


def test_an_archive_too_large_is_refused(client, people, monkeypatch):
    monkeypatch.setattr(imports, "MAX_ARCHIVE_BYTES", 1024)
    body = refused(client, people, zip_of({"a.json": game_bytes(63)}, zipfile.ZIP_STORED))
    assert "The files are larger than 0 MB together" in body


def test_an_archive_that_unpacks_too_large_is_refused(client, people, monkeypatch):
    monkeypatch.setattr(imports, "MAX_EXPANDED_BYTES", 1024 * 1024)
    body = refused(client, people, zip_of({f"{i}.json": b" " * 600_000 for i in range(2)}))
    assert "games.zip unpacks to more than 1 MB. Nothing was imported." in body


def test_a_damaged_archive_is_refused(client, people):
    body = refused(client, people, b"PK\x03\x04 this is not really a zip")
    assert "games.zip is not a readable .zip archive" in body


def test_an_archive_without_logs_is_refused(client, people):
    body = refused(client, people, zip_of({"readme.txt": b"hello", "dir/": b""}))
    assert "No game logs (.json or .pbn) were found in what you chose. Nothing was imported." in body


def test_a_single_file_larger_than_a_log_is_refused(client, people, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2048
    client.force_login(people.scorer)
    response = client.post(upload_url(), {"log_files": [as_file("huge.json", b" " * 4096)]})
    assert response.status_code == 400
    assert "huge.json is larger than 2 KB" in text(response)
    assert Upload.objects.count() == 0


def test_unsafe_names():
    assert imports.unsafe_name("../x.json")
    assert imports.unsafe_name("a\\..\\x.json")
    assert imports.unsafe_name("\\x.json")
    assert imports.unsafe_name("x\x00.json")
    assert not imports.unsafe_name("round-1/t..1.json")
    assert not imports.unsafe_name("round-1/t1.json")


# --- who may ---------------------------------------------------------------------------

ROLES = ["anonymous", "outsider", "member", "scorer", "organiser", "superuser"]
UPLOAD_STATUS = {
    "anonymous": 302,
    "outsider": 404,
    "member": 403,
    "scorer": 200,
    "organiser": 200,
    "superuser": 200,
}


def sign_in(client, people, role: str) -> None:
    if role != "anonymous":
        client.force_login(getattr(people, role))


@pytest.mark.parametrize("role", ROLES)
def test_who_may_open_the_upload_page(client, people, role):
    sign_in(client, people, role)
    response = client.get(upload_url())
    assert response.status_code == UPLOAD_STATUS[role]
    if role == "anonymous":
        assert response["Location"] == f"/accounts/login/?next={upload_url()}"
    if response.status_code == 200:
        assert "<h1>Upload games</h1>" in text(response)


@pytest.mark.parametrize("role", ROLES)
def test_who_may_upload(client, people, role):
    sign_in(client, people, role)
    response = client.post(upload_url(), {"document": game_bytes(70).decode()})
    expected = {**UPLOAD_STATUS, "scorer": 302, "organiser": 302, "superuser": 302}[role]
    assert response.status_code == expected
    assert Upload.objects.count() == (1 if expected == 302 and role != "anonymous" else 0)
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("role", ROLES)
def test_who_may_import_a_zip(client, people, role, django_capture_on_commit_callbacks):
    sign_in(client, people, role)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            upload_url(), {"log_files": [as_file("a.zip", zip_of({"a.json": game_bytes(71)}))]}
        )
    allowed = role in ("scorer", "organiser", "superuser")
    assert response.status_code == (302 if allowed else UPLOAD_STATUS[role])
    assert BulkImport.objects.count() == (1 if allowed else 0)


def test_an_unknown_club_is_404(client, people):
    client.force_login(people.superuser)
    assert client.get(upload_url("nowhere")).status_code == 404


def test_only_get_and_post(client, people):
    client.force_login(people.scorer)
    assert client.put(upload_url()).status_code == 405


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("scorer", 200),  # the uploader
        ("organiser", 200),
        ("superuser", 200),
    ],
)
def test_who_may_follow_an_import(client, people, role, status):
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=1)
    sign_in(client, people, role)
    response = client.get(progress_url(bulk))
    assert response.status_code == status
    if role == "anonymous":
        assert response["Location"] == f"/accounts/login/?next={progress_url(bulk)}"


def test_the_uploader_follows_their_import_after_losing_the_role(client, people):
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=1)
    Membership.objects.filter(user=people.scorer).update(role=Membership.Role.MEMBER)
    client.force_login(people.scorer)
    assert client.get(progress_url(bulk)).status_code == 200
    assert client.get(upload_url()).status_code == 403


def test_an_import_is_only_found_under_its_own_club(client, people):
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=1)
    other_club = Membership.objects.get(user=people.outsider).club
    client.force_login(people.superuser)
    assert client.get(progress_url(bulk, slug=other_club.slug)).status_code == 404


# --- queries stay constant ------------------------------------------------------------------


def make_import(people, seeds: list[int], bad: int) -> BulkImport:
    bulk = BulkImport.objects.create(club=people.club, started_by=people.scorer, total=len(seeds) + bad)
    items = [(f"g{s}.json", base64.b64encode(game_bytes(s)).decode()) for s in seeds]
    items += [(f"bad{i}.json", base64.b64encode(b"[]").decode()) for i in range(bad)]
    bulk_import_chunk(bulk.pk, 0, items)
    return bulk


@pytest.mark.parametrize(("seeds", "bad"), [([80], 1), ([81, 82, 83], 3)])
def test_progress_queries_do_not_grow_with_the_files(client, people, django_assert_num_queries, seeds, bad):
    bulk = make_import(people, seeds, bad)
    client.force_login(people.organiser)
    # session, user, club, the import, the organiser's role (not the uploader),
    # the counts per outcome (one aggregate), the rejected files (one query), the disputes waiting for the reader (the header's count).
    with django_assert_num_queries(8):
        response = client.get(progress_url(bulk))
    assert counts(text(response))["rejected"] == bad


@pytest.mark.parametrize("n", [1, 3])
def test_upload_page_queries_do_not_grow_with_the_imports(client, people, django_assert_num_queries, n):
    for _ in range(n):
        BulkImport.objects.create(club=people.club, started_by=people.scorer, total=2)
    client.force_login(people.scorer)
    # session, user, club, the scorer's role, the recent imports with their counts (one query), the disputes waiting for the reader (the header's count).
    with django_assert_num_queries(6):
        response = client.get(upload_url())
    assert text(response).count("0 / 2") == n
