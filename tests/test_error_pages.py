"""The error pages: in the site's layout and the reader's language, with a way to sign in, and a
refusal logged as one line (docs/pages.md)."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading", "sign_in"),
    [
        ("en", "Page not found", "Sign in"),
        ("ru", "Страница не найдена", "Войти"),
        ("uk", "Сторінку не знайдено", "Увійти"),
    ],
)
def test_a_404_is_the_site_s_page_in_the_reader_s_language(client, language, heading, sign_in):
    client.cookies["django_language"] = language
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert '<header class="site">' in html
    assert f'<a class="button" href="/accounts/login/?next=/no/such/page/">{sign_in}</a>' in html


def test_a_signed_in_reader_s_404_offers_no_sign_in(client, people):
    client.force_login(people.member)
    html = client.get("/no/such/page/").content.decode()
    assert "<h1>Page not found</h1>" in html
    assert "/accounts/login/?next=" not in html


def test_the_api_still_answers_json_for_what_it_does_not_have(client):
    response = client.get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found.", "code": "not_found"}


def test_a_403_is_the_site_s_page(client, people):
    client.force_login(people.member)
    client.cookies["django_language"] = "ru"
    tournament_page = client.get(f"/clubs/{people.club.slug}/tournaments/new/")
    assert tournament_page.status_code == 403
    html = tournament_page.content.decode()
    assert "<h1>Нет доступа</h1>" in html
    assert '<header class="site">' in html


def test_a_500_is_the_site_s_page_without_needing_a_request():
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("en"):
        html = render_to_string("500.html")
    assert "<h1>Something went wrong</h1>" in html
    assert 'href="/"' in html


def test_a_refusal_is_logged_as_one_line_and_an_error_with_its_traceback(people, caplog):
    client = Client(raise_request_exception=False)
    client.force_login(people.member)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/clubs/{people.club.slug}/tournaments/new/").status_code == 403
    [refused] = [r for r in caplog.records if r.name == "django.request"]
    assert refused.status_code == 403
    assert refused.exc_info is None
    assert refused.exc_text is None
    assert "Traceback" not in logging.Formatter().format(refused)  # a formatter would print exc_info


def test_a_server_error_keeps_its_traceback(people, caplog, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("tournaments.pages.club.club_home.__code__", broken.__code__)
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        assert client.get(f"/clubs/{people.club.slug}/").status_code == 500
    [failed] = [r for r in caplog.records if r.name == "django.request"]
    assert failed.exc_info is not None


@pytest.mark.parametrize(
    ("language", "detail"),
    [("en", "Not found."), ("ru", "Страница не найдена."), ("uk", "Не знайдено.")],
    ids=["en", "ru", "uk"],
)
def test_the_api_s_404_of_a_missing_game_is_said_in_the_readers_language_with_its_code(
    client, db, language, detail
):
    """Not Django's "No Game matches the given query.": DRF's sentence, translated, and a code."""
    for path in ("/api/v1/games/999999/", "/api/v1/no-such-thing/"):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 404
        assert response.json() == {"detail": detail, "code": "not_found"}, path


def test_the_api_s_401_carries_its_code(client, db):
    response = client.post("/api/v1/clubs/kozyr/players/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 401
    assert response.json() == {
        "detail": "Учетные данные не были предоставлены.",
        "code": "not_authenticated",
    }
