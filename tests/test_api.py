"""The versioned API root, token login, and the OpenAPI schema and its docs."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import User

ROOT = Path(__file__).resolve().parent.parent
COMMITTED_SCHEMA = ROOT / "docs" / "openapi.yaml"

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_api_root_names_its_version_and_entry_points(api):
    response = api.get("/api/v1/")
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == "v1"
    assert body["links"] == {
        "auth-token": "http://testserver/api/v1/auth/token/",
        "schema": "http://testserver/api/schema/",
        "docs": "http://testserver/api/docs/",
    }


def test_token_login_with_good_and_bad_credentials(api):
    user = User.objects.create_user("scorer", password="a-long-passphrase-1")
    ok = api.post("/api/v1/auth/token/", {"username": "scorer", "password": "a-long-passphrase-1"})
    assert ok.status_code == 200
    token = ok.json()["token"]
    assert api.get("/api/v1/clubs/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 200
    assert user.auth_token_set.count() == 1  # only its digest kept (tests/accounts/test_tokens.py)
    bad = api.post("/api/v1/auth/token/", {"username": "scorer", "password": "wrong"})
    assert bad.status_code == 400
    assert "token" not in bad.json()


def test_schema_is_openapi_3_with_the_v1_paths(api):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/", "/api/v1/auth/token/"} <= set(schema["paths"])


def test_swagger_ui_is_served_from_our_own_static_files(api):
    response = api.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "cdn.jsdelivr" not in html


def test_committed_schema_matches_the_code(tmp_path):
    """The API contract lives in docs/openapi.yaml; regenerate it with `make schema`."""
    generated = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(generated), "--validate")
    assert yaml.safe_load(generated.read_text()) == yaml.safe_load(COMMITTED_SCHEMA.read_text()), (
        "docs/openapi.yaml is stale: run `make schema` and commit it"
    )
