"""Every refusal of a request's content in one shape, field checks included (issue 21, item 12):
``{"error": {"path", "message", "code", "params", "text"}}``, with ``errors`` listing every
check when several failed. A bad ``played_at`` answered a bare list (``["Datetime has wrong
format…"]``), and a serializer's checks ``{"field": ["…"]}``: clients had three shapes to read.
"""

from __future__ import annotations

import pytest

from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db


def test_a_bad_played_at_is_an_error_at_its_parameter(api, people):
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/games/?played_at=yesterday", game_bytes(seed=1), content_type="application/json"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["path"], error["code"]) == ("played_at", "invalid")
    assert error["message"].startswith("Datetime has wrong format")
    assert set(error) == {"path", "message", "code", "params", "text"}


def test_a_missing_field_is_named_with_drfs_code(api, people):
    api.force_authenticate(people.organiser)
    response = api.post("/api/v1/clubs/kozyr/players/", {}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "path": "display_name",
            "message": "This field is required.",
            "code": "required",
            "params": {},
            "text": "This field is required.",
        }
    }


def test_several_failed_checks_are_all_listed(api, people):
    api.force_authenticate(people.organiser)
    response = api.post(
        "/api/v1/clubs/kozyr/tournaments/",
        {"name": "", "game_type": "oh-hell", "preferred_table_size": 99},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == body["errors"][0]
    assert sorted((e["path"], e["code"]) for e in body["errors"]) == [
        ("name", "blank"),
        ("preferred_table_size", "max_value"),
    ]


def test_the_text_is_in_the_readers_language(api, people):
    api.force_authenticate(people.organiser)
    response = api.post("/api/v1/clubs/kozyr/players/", {}, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    error = response.json()["error"]
    assert (error["path"], error["code"]) == ("display_name", "required")
    assert error["text"] == "Обязательное поле."


def test_a_nested_check_is_named_by_its_json_path():
    from rest_framework.exceptions import ErrorDetail

    from config.api_errors import field_errors

    detail = {
        "players": {2: {"name": [ErrorDetail("Too long.", code="max_length")]}},
        "non_field_errors": [ErrorDetail("Seats clash.", code="invalid")],
        "tiebreaks": [[], [ErrorDetail("Not a choice.", code="invalid_choice")]],
    }
    assert [(e["path"], e["code"]) for e in field_errors(detail)] == [
        ("players[2].name", "max_length"),
        ("", "invalid"),
        ("tiebreaks[1]", "invalid_choice"),
    ]
