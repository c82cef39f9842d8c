"""Sign-in throttling (django-axes) and the API's rate limits (issue 11: "Login throttling
(django-axes or equivalent), API rate limits for anonymous reads and for uploads")."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from rest_framework.throttling import SimpleRateThrottle

from rules.ohhell.simulate import simulate

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-passphrase"  # tests/games/factories.py


@pytest.fixture(autouse=True)
def _clean_counters(local_caches):
    """Counters start at zero: in caches of this test's own (tests/conftest.py local_caches)."""


def sign_in(client, username: str, password: str):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_five_wrong_passwords_lock_the_sign_in(client, people):
    for _ in range(4):
        response = sign_in(client, "member", "wrong")
        assert response.status_code == 200  # the form again, with its error
    assert sign_in(client, "member", "wrong").status_code == 429  # the fifth locks
    locked = sign_in(client, "member", PASSWORD)
    assert locked.status_code == 429
    assert "Too many sign-in attempts" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # Another account from the same address is not locked.
    assert sign_in(client, "scorer", PASSWORD).status_code == 302


def test_a_success_before_the_limit_resets_the_count(client, people):
    for _ in range(4):
        sign_in(client, "member", "wrong")
    assert sign_in(client, "member", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        sign_in(client, "member", "wrong")
    assert sign_in(client, "member", PASSWORD).status_code == 302


def test_the_api_token_endpoint_is_locked_too(api, people):
    url = reverse("v1:auth-token")
    for _ in range(4):
        assert api.post(url, {"username": "member", "password": "wrong"}).status_code == 400
    assert api.post(url, {"username": "member", "password": "wrong"}).status_code == 429
    locked = api.post(url, {"username": "member", "password": PASSWORD})
    assert locked.status_code == 429
    assert "token" not in locked.json()


def test_anonymous_reads_are_limited_per_address(api, people, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "anon", "3/min")
    url = "/api/v1/"
    assert [api.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    # A signed-in member is not an anonymous reader.
    api.force_authenticate(people.member)
    assert api.get(url).status_code == 200


def test_uploads_are_limited_per_account_and_reads_do_not_count(api, people, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "uploads", "2/min")
    api.force_authenticate(people.scorer)
    url = f"/api/v1/clubs/{people.club.slug}/games/"
    for _ in range(3):
        assert api.get(url).status_code == 200
    statuses = []
    for seed in range(3):
        document = simulate(players=["Аня", "Боря", "Вика"], seed=seed).document
        statuses.append(api.post(url, json.dumps(document), content_type="application/json").status_code)
    assert statuses == [201, 201, 429]
    # Each account has its own allowance.
    api.force_authenticate(people.organiser)
    document = simulate(players=["Аня", "Боря", "Вика"], seed=9).document
    assert api.post(url, json.dumps(document), content_type="application/json").status_code == 201
