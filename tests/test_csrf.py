"""CSRF on every form (issue 11): no page view is exempt, a signed-in POST without the token is
refused, and the API refuses a session-authenticated write without it (token clients are not
affected: a token is not sent by a browser on its own)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db


def patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from patterns(entry, route)
        else:
            yield route, entry


def test_no_page_view_is_exempt_from_csrf():
    exempt = [
        route
        for route, pattern in patterns()
        if getattr(pattern.callback, "csrf_exempt", False)
        and not route.startswith(("api/", "static/", "healthz"))
        and getattr(pattern.callback, "cls", None) is None  # DRF views: SessionAuthentication checks
    ]
    assert exempt == []


@pytest.mark.parametrize(
    "url",
    [
        "/clubs/kozyr/tournaments/new/",
        "/clubs/kozyr/upload/",
        "/accounts/password/change/",
        "/accounts/logout/",
        "/accounts/tokens/revoke-all/",
    ],
)
def test_a_signed_in_post_without_the_token_is_refused(people, url):
    client = Client(enforce_csrf_checks=True)
    client.force_login(people.organiser)
    response = client.post(url, {"name": "X"})
    assert response.status_code == 403
    assert b"CSRF" in response.content


def test_the_sign_in_form_needs_the_token_too(people):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "member", "password": "a-long-passphrase"})
    assert response.status_code == 403


def test_a_session_api_write_without_the_token_is_refused_and_a_token_write_is_not(people):
    from accounts.tokens import token_issue

    client = Client(enforce_csrf_checks=True)
    client.force_login(people.organiser)
    refused = client.post("/api/v1/clubs/", {"name": "Новый"}, content_type="application/json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["detail"]
    _token, key = token_issue(user=people.organiser)
    tokened = Client(enforce_csrf_checks=True)
    accepted = tokened.post(
        "/api/v1/clubs/",
        {"name": "Новый"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert accepted.status_code == 201
