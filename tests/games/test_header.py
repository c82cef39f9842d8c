"""The header's count of disputes waiting for an organiser (games.context_processors): on every
signed-in page for the organisers of the dispute's club (and a superuser, across clubs), linked to
the list of disputes; never for members, scorers or an anonymous page."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import disputes, services
from games.models import Dispute, Game, Membership
from tests.games import disputed_game
from tests.games.factories import ClubFactory, MembershipFactory, UserFactory, game_bytes

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<a href="([^"]*)" class="waiting-disputes">([^<]*)</a>')


@pytest.fixture
def game(people) -> Game:
    return disputed_game.upload(people)


@pytest.fixture
def dispute(people, game) -> Dispute:
    return disputes.dispute_open(game=game, user=people.scorer, claim="The penalty is Anna's", deal=2)


def waiting(client, url: str) -> list[tuple[str, str]]:
    response = client.get(url)
    assert response.status_code == 200, url
    return LINK.findall(response.content.decode())


def pages(game: Game) -> list[str]:
    return [
        "/",
        f"/games/{game.pk}/",
        "/disputes/",
        "/clubs/kozyr/",
        "/accounts/password/change/",
    ]


PAGE_IDS = ["home", "game", "disputes", "club", "password"]


@pytest.mark.parametrize("page", range(5), ids=PAGE_IDS)
def test_an_organiser_sees_the_dispute_waiting_on_any_page(client, people, game, dispute, page):
    client.force_login(people.organiser)
    assert waiting(client, pages(game)[page]) == [("/disputes/", "1 dispute to decide")]


@pytest.mark.parametrize("role", ["member", "scorer", "outsider"], ids=["member", "scorer", "outsider"])
@pytest.mark.parametrize("page", range(5), ids=PAGE_IDS)
def test_others_see_nothing(client, people, game, dispute, role, page):
    client.force_login(getattr(people, role))
    response = client.get(pages(game)[page])
    assert response.status_code in (200, 403, 404)
    html = response.content.decode()
    assert 'class="waiting-disputes"' not in html
    assert not re.search(r"\d+ disputes? to decide", html)


def test_two_disputes_are_counted_in_the_plural(client, people, game, dispute):
    disputes.dispute_open(game=game, user=people.organiser, claim="Deal 3 too", deal=3)
    client.force_login(people.organiser)
    assert waiting(client, "/") == [("/disputes/", "2 disputes to decide")]


def test_a_superuser_sees_the_count_across_clubs(client, people, game, dispute):
    other_club = ClubFactory(name="Другой клуб", slug="other")
    elsewhere = MembershipFactory(
        club=other_club, role=Membership.Role.ORGANISER, user=UserFactory(username="olga")
    ).user
    other = services.game_upload(club=other_club, content=game_bytes(seed=9), user=elsewhere).game
    disputes.dispute_open(game=other, user=elsewhere, claim="deal 1", deal=1)
    client.force_login(people.superuser)
    assert waiting(client, "/") == [("/disputes/", "2 disputes to decide")]
    # Each club's organisers count their own club's only.
    client.force_login(people.organiser)
    assert waiting(client, "/") == [("/disputes/", "1 dispute to decide")]
    client.force_login(people.outsider)  # an organiser of a third club
    assert waiting(client, "/") == []
    client.force_login(elsewhere)
    assert waiting(client, "/") == [("/disputes/", "1 dispute to decide")]


def test_an_organiser_of_two_clubs_sees_both(client, people, game, dispute):
    other_club = ClubFactory(slug="second")
    MembershipFactory(club=other_club, role=Membership.Role.ORGANISER, user=people.organiser)
    other = services.game_upload(club=other_club, content=game_bytes(seed=9), user=people.organiser).game
    disputes.dispute_open(game=other, user=people.organiser, claim="deal 1", deal=1)
    client.force_login(people.organiser)
    assert waiting(client, "/") == [("/disputes/", "2 disputes to decide")]


@pytest.mark.parametrize("ruling", ["recomputed", "reject"], ids=["upheld", "rejected"])
def test_after_the_decision_it_is_gone(client, people, game, dispute, ruling):
    client.force_login(people.organiser)
    assert waiting(client, f"/games/{game.pk}/") == [("/disputes/", "1 dispute to decide")]
    disputes.dispute_decide(dispute=dispute, user=people.organiser, ruling=ruling, decision="Decided.")
    for url in pages(game):
        assert waiting(client, url) == [], url
    client.force_login(people.superuser)
    assert waiting(client, "/") == []


def test_deciding_on_the_page_takes_the_count_away(client, people, game, dispute):
    client.force_login(people.organiser)
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"action": "save", "ruling": "reject", "decision": "The penalty stands."},
        follow=True,
    )
    assert response.status_code == 200
    assert LINK.findall(response.content.decode()) == []


@pytest.mark.parametrize("url", ["/", "/accounts/login/"], ids=["home", "login"])
def test_an_anonymous_page_has_no_such_link_and_asks_nothing(client, people, game, dispute, url):
    Game.objects.filter(pk=game.pk).update(public=True)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="waiting-disputes"' not in html
    assert not re.search(r"\d+ disputes? to decide", html)
    assert not [q for q in queries.captured_queries if "games_dispute" in q["sql"]]


def test_an_anonymous_public_game_page_has_no_such_link(client, people, game, dispute):
    Game.objects.filter(pk=game.pk).update(public=True)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="waiting-disputes"' not in html


def test_the_count_is_read_once_per_page(client, people, game, dispute):
    client.force_login(people.organiser)
    with CaptureQueriesContext(connection) as queries:
        assert waiting(client, "/disputes/") == [("/disputes/", "1 dispute to decide")]
    counts = [q for q in queries.captured_queries if "COUNT(" in q["sql"] and "games_dispute" in q["sql"]]
    assert len(counts) == 1
