"""The error pages: in the site's layout and the reader's language, with a way to sign in, and a
refusal logged as one line (docs/pages.md)."""

from __future__ import annotations

import json
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


# -- a 403 for an anonymous visitor, and a 404's one line in the log ----------------------------


def refused(request):
    """A refusal for anyone: every page of the site sends an anonymous visitor to sign in
    before it would refuse them, so the 403 page's sign-in is tried on a view of its own."""
    from django.core.exceptions import PermissionDenied

    raise PermissionDenied("Not for you.")


def _urlpatterns():
    from django.urls import include, path

    return [path("refused/", refused), path("", include("config.urls"))]


urlpatterns = _urlpatterns()
handler404 = "config.views.not_found"


@pytest.fixture
def debug_off(settings):
    settings.DEBUG = False
    return settings


@pytest.mark.urls(__name__)
@pytest.mark.parametrize(
    ("language", "heading", "sign_in"),
    [("en", "Not allowed", "Sign in"), ("ru", "Нет доступа", "Войти"), ("uk", "Немає доступу", "Увійти")],
    ids=["en", "ru", "uk"],
)
def test_an_anonymous_visitor_s_403_offers_sign_in_with_next(client, debug_off, language, heading, sign_in):
    client.cookies["django_language"] = language
    response = client.get("/refused/?tab=games&page=2")
    assert response.status_code == 403
    assert response["Content-Language"] == language
    html = response.content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert '<header class="site">' in html
    assert (
        f'<a class="button" href="/accounts/login/?next=/refused/%3Ftab%3Dgames%26page%3D2">{sign_in}</a>'
        in html
    )
    assert "Not for you." not in html  # the exception's own words are the log's, not the page's


@pytest.mark.urls(__name__)
def test_a_signed_in_reader_s_403_offers_no_sign_in(client, debug_off, people):
    client.force_login(people.member)
    response = client.get("/refused/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "<h1>Not allowed</h1>" in html
    assert "/accounts/login/?next=" not in html


def _django_request_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request"]


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/no/such/page/", "Not Found: /no/such/page/"),  # no view matches
        ("/games/999999/", "Not Found: /games/999999/"),  # a view's Http404
    ],
    ids=["unresolved", "view-404"],
)
def test_an_expected_404_is_one_log_line_without_a_traceback(debug_off, db, caplog, path, message):
    from pythonjsonlogger.json import JsonFormatter

    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.DEBUG):
        assert client.get(path).status_code == 404
    [not_found] = _django_request_records(caplog)
    assert not_found.levelno <= logging.WARNING
    assert not_found.getMessage() == message
    assert not_found.status_code == 404
    assert (not_found.exc_info, not_found.exc_text) == (None, None)
    assert [r for r in caplog.records if r.levelno > logging.WARNING or r.exc_info] == []
    # As the site's own handler writes it: one JSON line, and no traceback in it.
    [handler] = [h for h in logging.getLogger().handlers if isinstance(h.formatter, JsonFormatter)]
    handler.filter(not_found)  # adds the request id, as the handler does before formatting
    line = handler.format(not_found)
    assert "\n" not in line
    assert "Traceback" not in line
    assert json.loads(line)["message"] == message
    assert json.loads(line)["level"] == "WARNING"


@pytest.mark.urls(__name__)
def test_an_anonymous_403_is_one_log_line_without_a_traceback(debug_off, db, caplog):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.DEBUG):
        assert client.get("/refused/").status_code == 403
    [forbidden] = _django_request_records(caplog)
    assert forbidden.levelno == logging.WARNING
    assert forbidden.getMessage() == "Forbidden (Permission denied): /refused/"
    assert (forbidden.exc_info, forbidden.exc_text) == (None, None)
