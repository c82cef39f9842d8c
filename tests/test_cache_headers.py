"""Cache-Control, as the proxy's micro-cache reads it (config.middleware.SharedCacheHeadersMiddleware,
docs/deployment.md): an anonymous GET answered 200 may be shared for PUBLIC_CACHE_SECONDS; any
response to a caller with a session cookie or an Authorization header, or setting a cookie, is
private, so even a proxy that forgot to bypass its cache for members cannot hand one member's page
to someone else.
"""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from accounts.tokens import token_issue
from config.middleware import SharedCacheHeadersMiddleware
from games import services
from games.models import Game
from tests.games.factories import game_bytes
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def directives(response: HttpResponse) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def vary(response: HttpResponse) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}


@pytest.fixture
def public(people) -> dict[str, str]:
    """A public game and a published tournament: their pages and the tournament's standings API."""
    game = services.game_upload(club=people.club, content=game_bytes(seed=3), user=people.scorer).game
    Game.objects.filter(pk=game.pk).update(public=True)
    tournament = tournaments.tournament_create(club=people.club, name="Кубок", user=people.organiser, seed=1)
    tournaments.tournament_publish(tournament=tournament, published=True)
    return {
        "game page": f"/games/{game.pk}/",
        "tournament page": f"/tournaments/{tournament.pk}/",
        "standings page": f"/tournaments/{tournament.pk}/standings/",
        "cross-table": f"/tournaments/{tournament.pk}/cross-table/",
        "standings API": f"/api/v1/tournaments/{tournament.pk}/standings/",
    }


def test_an_anonymous_read_may_be_shared_for_a_second(client, public):
    for name, url in public.items():
        response = client.get(url)
        assert response.status_code == 200, name
        assert directives(response) == {"public", "max-age=0", "s-maxage=1"}, name
        assert {"cookie", "accept-language"} <= vary(response), name
        assert not response.cookies, name
        assert b"csrfmiddlewaretoken" not in response.content, name


def test_a_signed_in_read_is_private(client, people, public):
    client.force_login(people.member)
    for name, url in public.items():
        response = client.get(url)
        assert response.status_code == 200, name
        assert "private" in directives(response), name
        assert not directives(response) & {"public", "s-maxage=1"}, name


def test_a_session_cookie_alone_makes_it_private(client, public):
    client.cookies["sessionid"] = "no-such-session"  # expired or forged: still not shared
    response = client.get(public["standings page"])
    assert response.status_code == 200
    assert "private" in directives(response)
    assert "public" not in directives(response)


def test_a_token_read_of_the_api_is_private(client, people, public):
    _token, key = token_issue(user=people.member)
    response = client.get(public["standings API"], HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 200
    assert "private" in directives(response)
    assert "public" not in directives(response)


def test_a_response_that_sets_a_cookie_is_private(client, db):
    response = client.get("/accounts/login/")  # its form's CSRF token comes with a cookie
    assert response.status_code == 200
    assert "csrftoken" in response.cookies
    assert "private" in directives(response)
    assert "public" not in directives(response)


def test_writes_and_errors_are_never_marked_public(client, public):
    written = client.post("/i18n/setlang/", {"language": "uk", "next": "/"})
    assert written.status_code == 302
    assert "public" not in directives(written)
    missing = Client().get("/games/999999/")
    assert missing.status_code == 404
    assert "public" not in directives(missing)


def test_a_views_own_words_stand_for_anonymous_readers(client, public):
    live = client.get(public["standings page"].replace("standings/", "standings/live/"))
    assert directives(live) == {"private", "no-cache"}  # the htmx poll's, kept as the view set it


def test_an_identified_caller_is_private_whatever_the_view_said(settings):
    def view(_request) -> HttpResponse:
        response = HttpResponse("a member's page")
        response["Cache-Control"] = "public, max-age=60"
        return response

    request = RequestFactory().get("/", HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}=abc")
    response = SharedCacheHeadersMiddleware(view)(request)
    assert "private" in directives(response)
    assert "public" not in directives(response)


def test_nothing_is_shared_when_turned_off(client, public, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    response = client.get(public["game page"])
    assert response.status_code == 200
    assert "public" not in directives(response)


def test_an_anonymous_visitor_chooses_the_language_without_a_token(client, people, public):
    anonymous = client.get(public["standings page"]).content.decode()
    assert 'method="get" action="/language/"' in anonymous
    assert "csrfmiddlewaretoken" not in anonymous
    # The GET form works without scripts: the cookie is set and the visitor goes back, privately.
    chosen = client.get("/language/", {"language": "uk", "next": public["standings page"]})
    assert chosen.status_code == 302
    assert chosen["Location"] == public["standings page"]
    assert chosen.cookies["django_language"].value == "uk"
    assert "public" not in directives(chosen)
    assert '<html lang="uk">' in client.get(public["standings page"]).content.decode()
    member = Client()
    member.force_login(people.member)
    signed_in = member.get(public["standings page"]).content.decode()
    assert 'action="/i18n/setlang/"' in signed_in
    assert "csrfmiddlewaretoken" in signed_in


def test_the_language_choice_goes_nowhere_else_and_only_to_a_language_we_have(client):
    away = client.get("/language/", {"language": "ru", "next": "https://evil.example/"})
    assert away["Location"] == "/"
    assert client.get("/language/", {"language": "xx"}).status_code == 400
