"""What a hostile or careless client sends is refused with a path, never a 500, and a log's
bytes are kept whatever becomes of it (issue 21, items 1, 2, 7 and 8; docs/reliability.md).

One JSON reader (rules/jsondoc.py) reads every API body (games.parsers.StrictJSONParser,
DRF's default parser) and every log: depth bounded, lone surrogates, NUL and control
characters, repeated keys and numbers JSON cannot keep refused at their path. What a log puts
in a column is checked against the column before the database sees it (games/columns.py).
A reader or engine failure that is no known refusal keeps the bytes, answers 400 with the
upload as the reference, and is logged with the request id.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from config.middleware import RequestIdFilter
from games import recording, services
from games.models import Game, GameRevision, Player, Upload
from rules import registry
from rules.errors import MalformedDocument
from rules.jsondoc import load_json
from tests.games.factories import game_bytes, game_document

pytestmark = pytest.mark.django_db
DATA = Path(__file__).resolve().parent / "data"
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def log_with(name: bytes, seed: int = 1) -> bytes:
    """A clean Oh Hell log whose first player's name is the JSON text ``name`` (quoted)."""
    return json.dumps(game_document(seed, list(NAMES)), ensure_ascii=False).encode().replace(b'"Anna"', name)


def refused_field(response: Any) -> str:
    """The field a serializer's refusal names: the API's error shape, or DRF's ``{field: [...]}``
    (the serializers' own answers; their shape is issue 21's item 12, not this file's)."""
    body = response.json()
    if "error" in body:
        return str(body["error"]["path"])
    (field,) = body
    return str(field)


def error_of(response: Any) -> dict[str, Any]:
    body = response.json()
    assert set(body["error"]) >= {"path", "message", "code", "params", "text"}, body
    return body["error"]


# -- 1. One JSON reader behind every endpoint ----------------------------------------------

DEEP = b"[" * 5000


@pytest.fixture
def organiser_api(api, people):
    api.force_authenticate(people.organiser)
    return api


def post_json(api: Any, url: str, body: bytes, method: str = "post") -> Any:
    return getattr(api, method)(url, data=body, content_type="application/json")


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/v1/auth/token/"),
        ("post", "/api/v1/clubs/"),
        ("post", "/api/v1/clubs/kozyr/players/"),
        ("post", "/api/v1/clubs/kozyr/tournaments/"),
        ("post", "/api/v1/clubs/kozyr/members/"),
    ],
)
def test_a_deeply_nested_body_is_a_400_on_every_json_endpoint(organiser_api, method, url):
    response = post_json(organiser_api, url, DEEP, method)
    assert response.status_code == 400, response.content[:300]
    error = error_of(response)
    assert error["code"] in ("JSON_TOO_DEEP", "JSON_DEPTH")
    assert error["path"] == ""


def test_the_anonymous_token_sign_in_reads_the_same_way(api, people):
    response = post_json(api, "/api/v1/auth/token/", DEEP)
    assert response.status_code == 400
    assert error_of(response)["code"] in ("JSON_TOO_DEEP", "JSON_DEPTH")


def test_a_body_nested_past_the_bound_is_refused_at_its_path(organiser_api):
    body = b'{"name": "x", "slug": ' + b"[" * 70 + b"]" * 70 + b"}"
    response = post_json(organiser_api, "/api/v1/clubs/", body)
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "JSON_DEPTH"
    assert error["path"].startswith("slug[0][0]")
    assert error["params"] == {"most": 64}


@pytest.mark.parametrize(
    ("body", "path", "code", "value"),
    [
        (rb'{"name": "\ud800"}', "name", "JSON_TEXT_SURROGATE", "U+D800"),
        (rb'{"name": "a\udfffb"}', "name", "JSON_TEXT_SURROGATE", "U+DFFF"),
        (rb'{"name": "a\u0000b"}', "name", "JSON_TEXT_CONTROL", "U+0000"),
        (rb'{"name": "a\u001bb"}', "name", "JSON_TEXT_CONTROL", "U+001B"),
        (rb'{"name": "x", "slug": {"a\u0000": 1}}', "slug.a\\u0000", "JSON_TEXT_CONTROL", "U+0000"),
        (rb'{"name": "x", "slug": ["ok", "\ud83d"]}', "slug[1]", "JSON_TEXT_SURROGATE", "U+D83D"),
    ],
)
def test_lone_surrogates_and_control_characters_are_refused_at_their_path(
    organiser_api, body, path, code, value
):
    response = post_json(organiser_api, "/api/v1/clubs/", body)
    assert response.status_code == 400, response.content
    error = error_of(response)
    assert (error["path"], error["code"], error["params"]) == (path, code, {"value": value})


def test_a_surrogate_pair_and_tabs_are_text(organiser_api):
    response = post_json(organiser_api, "/api/v1/clubs/", rb'{"name": "Club \ud83c\udccf\tone"}')
    assert response.status_code == 201, response.content
    assert response.json()["name"] == "Club \U0001f0cf\tone"


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [
        (b'{"name": "a", "name": "b"}', "name", "READ_KEY_TWICE"),
        (b'{"name": "a", "slug": {"x": 1, "x": 2}}', "slug.x", "READ_KEY_TWICE"),
        (b'{"name": NaN}', "", "JSON_CONSTANT"),
        (b'{"name": 1e400}', "", "JSON_NUMBER_TOO_LARGE"),
        (b'{"name": "a"', "", "JSON_EXPECTING_COMMA"),
        (b"\xff\xfe", "", "JSON_NOT_UTF8_START"),
    ],
)
def test_every_body_is_read_strictly(organiser_api, body, path, code):
    response = post_json(organiser_api, "/api/v1/clubs/", body)
    assert response.status_code == 400, response.content
    error = error_of(response)
    assert (error["path"], error["code"]) == (path, code)


def test_a_refusal_of_the_body_is_said_in_the_readers_language(organiser_api):
    response = organiser_api.post(
        "/api/v1/clubs/", data=DEEP, content_type="application/json", headers={"Accept-Language": "ru"}
    )
    error = error_of(response)
    assert error["message"] == "not JSON: nested too deeply to read"


def test_a_json_field_in_a_form_body_is_read_by_the_same_reader(organiser_api, people):
    response = organiser_api.post(
        "/api/v1/clubs/kozyr/tournaments/",
        {"name": "Cup", "game_type": "oh-hell", "table_points": "[" * 5000},
        format="multipart",
    )
    assert response.status_code == 400, response.content
    assert "table_points" in json.dumps(response.json())


# -- 2. Game logs that were a 500, or lost their bytes --------------------------------------


def upload(api: Any, content: bytes, **extra: Any) -> Any:
    return api.post("/api/v1/clubs/kozyr/games/", data=content, content_type="application/json", **extra)


@pytest.fixture
def scorer_api(api, people):
    api.force_authenticate(people.scorer)
    return api


def assert_kept_and_refused(response: Any, content: bytes, path: str, code: str) -> Upload:
    assert response.status_code == 400, response.content[:500]
    error = error_of(response)
    assert (error["path"], error["code"]) == (path, code), error
    kept = Upload.objects.get(pk=response.json()["upload"])
    assert kept.outcome == Upload.Outcome.REJECTED
    assert bytes(kept.content) == content
    assert (kept.error_path, kept.error_code) == (path, code)
    assert not Game.objects.exists()
    return kept


@pytest.mark.parametrize(
    ("name", "path", "code"),
    [
        (rb'"\ud800"', "players[0]", "JSON_TEXT_SURROGATE"),
        (rb'"An\u0000na"', "players[0]", "JSON_TEXT_CONTROL"),
        (rb'"An\u0007na"', "players[0]", "JSON_TEXT_CONTROL"),
        (b'"' + b"A" * 151 + b'"', "players[0]", "COLUMN_TOO_LONG"),
        # 100 characters, 200 once folded (ß is ss): the folded key has a column too.
        (('"' + "ß" * 100 + '"').encode(), "players[0]", "COLUMN_TOO_LONG"),
    ],
    ids=["lone-surrogate", "nul", "bell", "151-characters", "folds-to-200"],
)
def test_a_player_name_the_database_cannot_keep_is_refused_and_kept(scorer_api, name, path, code):
    content = log_with(name)
    response = upload(scorer_api, content)
    assert_kept_and_refused(response, content, path, code)
    assert not Player.objects.filter(club__slug="kozyr").exists()


def test_a_name_of_150_characters_is_kept(scorer_api):
    content = log_with(b'"' + b"A" * 150 + b'"')
    response = upload(scorer_api, content)
    assert response.status_code == 201, response.content[:300]
    assert Player.objects.filter(display_name="A" * 150).exists()


def test_a_score_beyond_the_integer_column_is_refused_and_kept(scorer_api):
    document = game_document(1, list(NAMES))
    document["ruleset"] = {"preset": "classic", "made_bonus": 10**12}
    content = json.dumps(document).encode()
    response = upload(scorer_api, content)
    assert response.status_code == 400, response.content[:300]
    error = error_of(response)
    assert error["code"] == "COLUMN_NUMBER_RANGE"
    assert error["path"].startswith("deals[")
    kept = Upload.objects.get(pk=response.json()["upload"])
    assert bytes(kept.content) == content


def test_a_multipart_file_name_the_database_cannot_keep_is_cleaned(scorer_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = game_bytes(3, list(NAMES))
    name = "a\x01b" * 100 + ".json"
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/", {"file": SimpleUploadedFile(name, content)}, format="multipart"
    )
    assert response.status_code == 201, response.content[:300]
    kept = Upload.objects.get(pk=response.json()["upload"])
    assert len(kept.filename) <= 255
    assert "\x01" not in kept.filename


def pbn_with_board(label: str) -> bytes:
    text = (DATA / "pbn" / "passout.pbn").read_text(encoding="utf-8")
    return text.replace('[Board "5"]', f'[Board "{label}"]').encode()


@pytest.mark.parametrize("label", ["²", "9" * 5000, "٣"], ids=["superscript", "5000-digits", "arabic-indic"])
def test_a_pbn_board_number_int_cannot_read_is_refused_and_kept(scorer_api, label):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = pbn_with_board(label)
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/", {"file": SimpleUploadedFile("board.pbn", content)}, format="multipart"
    )
    assert_kept_and_refused(response, content, "boards[0].Board", "BRIDGE_PBN_BOARD")


def test_a_pbn_board_label_that_is_no_number_stays_a_label(scorer_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = pbn_with_board("5a")
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/", {"file": SimpleUploadedFile("board.pbn", content)}, format="multipart"
    )
    assert response.status_code == 201, response.content[:300]


def test_a_pbn_rubber_score_of_5000_digits_is_refused_and_kept(scorer_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = (DATA / "pbn" / "rubber.pbn").read_text(encoding="utf-8")
    content = text.replace('[ScoreRubber "NS 0/120 EW 0/0"]', f'[ScoreRubber "NS 0/{"1" * 5000} EW 0/0"]', 1)
    assert content != text
    content_bytes = content.encode()
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/",
        {"file": SimpleUploadedFile("rubber.pbn", content_bytes)},
        format="multipart",
    )
    assert_kept_and_refused(response, content_bytes, "boards[0].ScoreRubber", "BRIDGE_PBN_SCORE")


def test_a_pbn_name_with_a_control_character_is_refused_and_kept(scorer_api):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = pbn_with_board("5").replace(b'[North "Anna"]', b'[North "An\x00na"]')
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/", {"file": SimpleUploadedFile("board.pbn", content)}, format="multipart"
    )
    # The PBN reader refuses it at the board and line of the file (issue 22), not at the path of
    # the JSON document it would have made (players[0]).
    assert_kept_and_refused(response, content, "boards[0].North", "BRIDGE_PBN_CONTROL")


class Boom(RuntimeError):
    """A fault of the rules themselves, not of the log."""


@pytest.mark.parametrize("where", ["parse", "replay"])
def test_a_reader_or_engine_failure_keeps_the_bytes_and_answers_400_with_a_reference(
    scorer_api, monkeypatch, caplog, where
):
    rules = registry.get("oh-hell")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise Boom("the rules tripped over themselves")

    monkeypatch.setattr(rules, where, broken)
    content = game_bytes(4, list(NAMES))
    caplog.handler.addFilter(RequestIdFilter())
    with caplog.at_level(logging.ERROR):
        response = upload(scorer_api, content)
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    error = error_of(response)
    assert error["code"] == ("LOG_READER_FAILED" if where == "parse" else "LOG_REPLAY_FAILED")
    kept = Upload.objects.get(pk=body["upload"])
    assert body["reference"] == kept.pk
    assert bytes(kept.content) == content
    assert kept.outcome == Upload.Outcome.REJECTED
    records = [r for r in caplog.records if getattr(r, "upload", None) == kept.pk]
    assert records, [r.getMessage() for r in caplog.records]
    assert records[0].request_id == response["X-Request-ID"]
    assert records[0].exc_info is not None
    assert records[0].exc_info[0] is Boom


def test_a_failure_while_storing_keeps_the_bytes_and_answers_400(scorer_api, monkeypatch, caplog):
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise Boom("a receiver failed")

    monkeypatch.setattr(recording, "store_reports", broken)
    content = game_bytes(5, list(NAMES))
    with caplog.at_level(logging.ERROR):
        response = upload(scorer_api, content)
    assert response.status_code == 400, response.content[:300]
    assert error_of(response)["code"] == "UPLOAD_NOT_STORED"
    kept = Upload.objects.get(pk=response.json()["upload"])
    assert bytes(kept.content) == content
    assert not Game.objects.exists()
    assert not GameRevision.objects.exists()
    assert any(getattr(r, "upload", None) == kept.pk for r in caplog.records)


def test_fixes_that_is_no_number_is_a_400(scorer_api):
    for value in ("abc", "²", "9" * 30, "-1"):
        response = upload(scorer_api, game_bytes(6, list(NAMES)), QUERY_STRING=f"fixes={value}")
        assert response.status_code == 400, (value, response.content[:300])
        assert error_of(response)["path"] == "fixes"


# -- the reader itself ----------------------------------------------------------------------


def test_stored_text_is_read_back_as_it_was_kept():
    """A control character is refused when a log is received, not when a log kept before this
    reader is read again (a page must still show it); a lone surrogate always."""
    raw = json.dumps({"game": "oh-hell", "players": ["a\u0007"]}).encode()
    assert load_json(raw)["players"] == ["a\u0007"]
    with pytest.raises(MalformedDocument) as caught:
        load_json(raw, received=True)
    assert (caught.value.path, caught.value.code) == ("players[0]", "JSON_TEXT_CONTROL")
    with pytest.raises(MalformedDocument) as caught:
        load_json(b'{"a": ["\\udc00"]}')
    assert (caught.value.path, caught.value.code) == ("a[0]", "JSON_TEXT_SURROGATE")


def test_the_size_bound():
    with pytest.raises(MalformedDocument) as caught:
        load_json(b"[" + b"1," * 600 + b"1]", max_bytes=1000)
    assert (caught.value.code, caught.value.params) == ("JSON_TOO_LARGE", {"size": 1203, "most": 1000})


def test_reading_a_typical_log_costs_little_more_than_json_loads():
    """The checks walk the containers only, and the strings only when the text could hold a
    character they refuse."""
    import time

    raw = game_bytes(7, list(NAMES))
    started = time.perf_counter()
    for _ in range(20):
        json.loads(raw)
    plain = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(20):
        load_json(raw, received=True)
    checked = time.perf_counter() - started
    assert checked < plain * 6 + 0.05, (plain, checked)


# -- 7. Corrections read exactly as uploads are, and their bytes kept -------------------------


@pytest.fixture
def recorded(people):
    return services.game_upload(club=people.club, content=game_bytes(8, list(NAMES)), user=people.scorer).game


def correct(api: Any, game: Game, body: bytes) -> Any:
    return post_json(api, f"/api/v1/games/{game.pk}/revisions/", body)


def test_a_correction_with_a_key_written_twice_is_refused_as_the_upload_is(scorer_api, recorded):
    document = json.dumps(game_document(8, list(NAMES))).encode()
    twice = document.replace(b'"version": 1', b'"version": 1, "version": 1', 1)
    assert twice != document
    upload_error = error_of(upload(scorer_api, twice))
    response = correct(scorer_api, recorded, b'{"reason": "typo", "document": ' + twice + b"}")
    assert response.status_code == 400, response.content[:300]
    error = error_of(response)
    assert (error["path"], error["code"]) == ("document." + upload_error["path"], "READ_KEY_TWICE")
    assert recorded.revisions.count() == 1


def test_a_correction_keeps_the_bytes_it_was_sent(scorer_api, recorded):
    document = game_document(8, list(NAMES))
    document["deals"][0]["bids"][0] += 1
    # Written as a person would: indented, Cyrillic as it is, keys in their own order.
    text = json.dumps(document, ensure_ascii=False, indent=3).encode()
    body = b'{\n  "reason" : "bid misread",\n  "document" :  ' + text + b"\n}\n"
    response = correct(scorer_api, recorded, body)
    assert response.status_code == 201, response.content[:300]
    revision = recorded.revisions.get(number=2)
    assert bytes(revision.content) == text
    assert revision.sha256 == services.sha256_of(text)


def test_a_correction_in_a_form_body_keeps_the_text_of_its_document(scorer_api, recorded):
    document = game_document(8, list(NAMES))
    document["deals"][0]["bids"][0] += 1
    text = json.dumps(document, indent=2)
    response = scorer_api.post(
        f"/api/v1/games/{recorded.pk}/revisions/", {"document": text, "reason": "bid"}, format="multipart"
    )
    assert response.status_code == 201, response.content[:300]
    assert bytes(recorded.revisions.get(number=2).content) == text.encode()


def test_a_correction_with_a_name_the_database_cannot_keep_is_refused(scorer_api, recorded):
    document = json.dumps(game_document(8, list(NAMES))).encode().replace(b'"Anna"', b'"' + b"A" * 151 + b'"')
    response = correct(scorer_api, recorded, b'{"reason": "typo", "document": ' + document + b"}")
    assert response.status_code == 400, response.content[:300]
    error = error_of(response)
    assert (error["path"], error["code"]) == ("document.players[0]", "COLUMN_TOO_LONG")


def test_a_correction_the_engine_fails_on_is_a_400_not_a_500(scorer_api, recorded, monkeypatch, caplog):
    rules = registry.get("oh-hell")
    monkeypatch.setattr(rules, "replay", lambda log: (_ for _ in ()).throw(Boom("no")))
    document = json.dumps(game_document(8, list(NAMES))).encode()
    with caplog.at_level(logging.ERROR):
        response = correct(scorer_api, recorded, b'{"reason": "again", "document": ' + document + b"}")
    assert response.status_code == 400, response.content[:300]
    assert error_of(response)["code"] == "LOG_REPLAY_FAILED"
    assert any(r.exc_info and r.exc_info[0] is Boom for r in caplog.records)


# -- 8. More 500s --------------------------------------------------------------------------


@pytest.fixture
def cup(organiser_api):
    response = organiser_api.post(
        "/api/v1/clubs/kozyr/tournaments/", {"name": "Cup", "game_type": "oh-hell"}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


@pytest.mark.parametrize("field", ["table_points", "ruleset"])
@pytest.mark.parametrize("body_format", ["multipart", "json"])
def test_a_null_setting_is_a_400_on_create(organiser_api, field, body_format):
    data = {"name": "Null cup", "game_type": "oh-hell", field: "null" if body_format == "multipart" else None}
    response = organiser_api.post("/api/v1/clubs/kozyr/tournaments/", data, format=body_format)
    assert response.status_code == 400, response.content
    assert refused_field(response) == field


@pytest.mark.parametrize("field", ["table_points", "ruleset"])
def test_a_null_setting_in_a_form_is_a_400_on_patch(organiser_api, cup, field):
    response = organiser_api.patch(f"/api/v1/tournaments/{cup['id']}/", {field: "null"}, format="multipart")
    assert response.status_code == 400, response.content
    assert refused_field(response) == field


def test_patching_another_tournaments_slug_is_a_409_naming_it(organiser_api, cup):
    other = organiser_api.post(
        "/api/v1/clubs/kozyr/tournaments/", {"name": "Other", "game_type": "oh-hell"}, format="json"
    ).json()
    response = organiser_api.patch(
        f"/api/v1/tournaments/{cup['id']}/", {"slug": other["slug"]}, format="json"
    )
    assert response.status_code == 409, response.content
    error = error_of(response)
    assert (error["path"], error["code"]) == ("slug", "TOURNAMENT_SLUG_TAKEN")
    assert organiser_api.get(f"/api/v1/tournaments/{cup['id']}/").json()["slug"] == cup["slug"]
    # Its own slug again is no conflict.
    response = organiser_api.patch(f"/api/v1/tournaments/{cup['id']}/", {"slug": cup["slug"]}, format="json")
    assert response.status_code == 200, response.content


def test_creating_with_a_taken_slug_still_gets_its_own(organiser_api, cup):
    response = organiser_api.post(
        "/api/v1/clubs/kozyr/tournaments/",
        {"name": "Cup again", "game_type": "oh-hell", "slug": cup["slug"]},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["slug"] != cup["slug"]


# -- numbers in a query string: never isdigit then int ---------------------------------------


@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000])
def test_a_page_asked_for_a_number_it_cannot_read_is_no_500(client, people, recorded, value):
    from games import disputes

    dispute = disputes.dispute_open(game=recorded, user=people.organiser, claim="the bids", deal=1)
    player = recorded.seats.get(seat=0).player
    client.force_login(people.organiser)
    assert (
        client.get(f"/disputes/{dispute.pk}/", {"deal": value, "from": value, "to": "1"}).status_code == 200
    )
    assert client.get(f"/clubs/kozyr/players/{player.pk}/", {"game": value}).status_code == 404


def test_a_multipart_log_larger_than_the_site_takes_is_kept_and_refused(scorer_api, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = game_bytes(9, list(NAMES))
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = len(content) - 1
    response = scorer_api.post(
        "/api/v1/clubs/kozyr/games/", {"file": SimpleUploadedFile("big.json", content)}, format="multipart"
    )
    kept = assert_kept_and_refused(response, content, "", "LOG_TOO_LARGE")
    assert kept.error_params == {"size": len(content), "most": len(content) - 1}


def test_the_parser_bounds_a_body_sent_without_its_length(settings):
    import io

    from games.parsers import JSONBodyRefused, StrictJSONParser

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    with pytest.raises(JSONBodyRefused) as caught:
        StrictJSONParser().parse(io.BytesIO(b"[" + b"1," * 2000 + b"1]"))
    assert caught.value.detail["error"]["code"] == "JSON_TOO_LARGE"
    assert caught.value.status_code == 400


def test_a_refusal_naming_what_no_column_may_hold_is_kept_cleaned(people):
    """A caller's refusal may quote the log (the table's players, tournaments/services.py):
    what it keeps is cleaned, so PostgreSQL's text and jsonb take it."""
    from django.utils.translation import gettext_lazy as _

    from games.refusals import DocumentRefusal

    refusal = DocumentRefusal(
        "players", "TEST_NOT_AT_TABLE", _("not at this table: %(extra)s"), extra=["An\x00na"]
    )
    kept = services.upload_rejected(
        club=people.club, content=b"{}", user=people.scorer, error=refusal, filename="a\x00.json"
    )
    kept.refresh_from_db()
    assert kept.error_params == {"extra": ["An\ufffdna"]}
    assert "\x00" not in kept.error_message
    assert kept.filename == "a\ufffd.json"
