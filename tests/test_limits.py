"""Hostile requests answered cleanly (issue 11): oversize bodies 413 before anything reads
them, unknown API URLs a JSON 404."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_an_oversize_json_body_is_a_413_naming_the_limit(api, people, settings):
    api.force_authenticate(people.scorer)
    body = b'{"game": "oh-hell", "pad": "' + b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + b'"}'
    response = api.post("/api/v1/clubs/kozyr/games/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["detail"].endswith(
        f"this site takes at most {settings.DATA_UPLOAD_MAX_MEMORY_SIZE}"
    )


def test_a_declared_100_mb_body_is_refused_before_it_is_read(client, settings):
    response = client.generic(
        "POST",
        "/api/v1/auth/token/",
        b"{}",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(100 * 1024 * 1024),
    )
    assert response.status_code == 413
    assert "104857600 bytes" in response.json()["detail"]


def test_an_oversize_page_post_is_a_plain_413(client, settings):
    response = client.generic(
        "POST",
        "/accounts/login/",
        b"x",
        content_type="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1),
    )
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/plain")


def test_an_unknown_api_url_is_a_json_404(client):
    response = client.get("/api/v1/clubs/%C2%9C/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found.", "code": "not_found"}


def test_an_unknown_page_is_the_site_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
