"""Stored XSS (issue 11: "Names and free text (disputes, reasons) escaped everywhere they are
shown (a stored-XSS test in the browser suite)"): hostile names and texts saved through the
services, then every page that shows them opened in Chromium. Nothing runs; the text is shown
as written."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games import disputes, services
from games.models import Game, Player
from rules.ohhell.simulate import simulate
from tournaments import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = '<img src=x onerror="window.__xss=1">Ян'
CLAIM = "</textarea><script>window.__xss=2</script>"
DECISION = '"><svg onload="window.__xss=3">'
TOURNAMENT = "<b onmouseover=window.__xss=4>Кубок</b>"


@pytest.fixture
def hostile(people):
    names = [NAME, "Анна", "Борис"]
    document = simulate(players=names, seed=3).document
    game = services.game_upload(
        club=people.club, content=json.dumps(document).encode(), user=people.scorer
    ).game
    Game.objects.filter(pk=game.pk).update(public=True)
    dispute = disputes.dispute_open(game=game, user=people.member, claim=CLAIM, deal=1)
    disputes.dispute_comment(dispute=dispute, user=people.organiser, text=DECISION)
    tournament = tournaments.tournament_create(club=people.club, name=TOURNAMENT, user=people.organiser)
    for name in names:
        tournaments.entry_add(
            tournament=tournament, player=Player.objects.get(club=people.club, display_name=name)
        )
    tournaments.tournament_publish(tournament=tournament, published=True)
    tournaments.standings_compile(tournament=tournament)
    player = Player.objects.get(club=people.club, display_name=NAME)
    return {"game": game, "dispute": dispute, "tournament": tournament, "player": player}


def test_hostile_text_is_shown_never_run(page, people, live_server, hostile):
    client = Client()
    client.force_login(people.organiser)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    game, tournament = hostile["game"].pk, hostile["tournament"].pk
    pages = {
        f"/games/{game}/": NAME,
        f"/games/{game}/deals/1/": NAME,
        f"/games/{game}/audit/": CLAIM,
        f"/disputes/{hostile['dispute'].pk}/": DECISION,
        f"/tournaments/{tournament}/": TOURNAMENT,
        f"/tournaments/{tournament}/cross-table/": NAME,  # the standings rank nobody before a result
        f"/tournaments/{tournament}/manage/": NAME,
        f"/clubs/kozyr/players/{hostile['player'].pk}/": NAME,
        "/clubs/kozyr/": TOURNAMENT,
    }
    for path, text in pages.items():
        response = page.goto(live_server.url + path)
        assert response is not None
        assert response.status == 200, path
        page.mouse.move(10, 10)
        page.hover("body")
        assert page.evaluate("() => window.__xss") is None, path
        assert text in page.locator("body").inner_text(), path
        assert page.locator("script:not([src])", has_text="__xss").count() == 0, path
