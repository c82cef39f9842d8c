"""Who may open which page: every page of the site (GET) × every kind of user (issue 11, "The
full permission matrix … × every endpoint and page"). The API has its own matrices
(tests/games/test_permission_matrix.py, tests/tournaments/test_permission_matrix.py); the
writes of the pages are tested with their forms.

The club's games and tournament here are private (not published): anonymous visitors and
members of other clubs must not see them — 404, so that ids and slugs reveal nothing; an
anonymous visitor on a page that needs signing in is sent to the sign-in page (302). 403 where
the caller is of the club but not of the role (a member on an organiser's page). Scorers open
the round page (they enter the tables' sheets from it) but not the tournament's management.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client

from games import disputes, services
from games.models import Game
from tests.games.factories import game_bytes
from tests.tournaments.conftest import table_log
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "member", "scorer", "organiser", "outsider", "superuser")


@dataclass
class World:
    game: int
    upload: int
    dispute: int
    tournament: int
    table: int
    player: int


@pytest.fixture
def world(people) -> World:
    uploaded = services.game_upload(club=people.club, content=game_bytes(seed=77), user=people.scorer)
    game = uploaded.game
    assert not Game.objects.get(pk=game.pk).public
    dispute = disputes.dispute_open(game=game, user=people.member, claim="deal 1 is wrong", deal=1)
    tournament = tournaments.tournament_create(club=people.club, name="Кубок", user=people.organiser, seed=3)
    from games.models import Player

    for n in range(4):
        tournaments.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=f"P{n}")
        )
    round_ = tournaments.round_generate(tournament=tournament)
    tournaments.round_confirm(round_=round_)
    table = round_.tables.get()
    tournaments.table_game_upload(table=table, content=table_log(table, 5), user=people.scorer)
    player = game.seats.order_by("seat").first().player_id
    from games import analytics

    analytics.analyse_games([game.pk])  # the luck-and-skill pages and downloads have rows to show
    return World(
        game=game.pk,
        upload=uploaded.upload.pk,
        dispute=dispute.pk,
        tournament=tournament.pk,
        table=table.pk,
        player=player,
    )


#                                                   anon member scorer organ outsid super
PAGES = [
    ("/clubs/kozyr/", (200, 200, 200, 200, 200, 200)),
    ("/games/{game}/", (404, 200, 200, 200, 404, 200)),
    ("/games/{game}/deals/1/", (404, 200, 200, 200, 404, 200)),
    ("/games/{game}/audit/", (404, 200, 200, 200, 404, 200)),
    ("/disputes/{dispute}/", (404, 200, 200, 200, 404, 200)),
    # the organisers' list of disputes to decide: every signed-in reader gets it, listing only the
    # disputes of the clubs they organise (tests/games/test_page_disputes.py)
    ("/disputes/", (302, 200, 200, 200, 200, 200)),
    # the kept bytes of a revision and of the upload it came from, as the game
    ("/games/{game}/revisions/1/log/", (404, 200, 200, 200, 404, 200)),
    ("/games/{game}/uploads/{upload}/original/", (404, 200, 200, 200, 404, 200)),
    ("/clubs/kozyr/upload/", (302, 403, 200, 200, 404, 200)),
    ("/clubs/kozyr/players/{player}/", (302, 200, 200, 200, 404, 200)),  # members only: sign in first
    (
        "/clubs/kozyr/players/{player}/analytics.csv",
        (302, 200, 200, 200, 404, 200),
    ),  # members only: sign in first
    ("/games/{game}/analysis/", (404, 200, 200, 200, 404, 200)),
    ("/games/{game}/analysis.csv", (404, 200, 200, 200, 404, 200)),
    ("/clubs/kozyr/analytics/", (302, 200, 200, 200, 404, 200)),  # members only: sign in first
    ("/clubs/kozyr/analytics.csv", (302, 200, 200, 200, 404, 200)),  # members only: sign in first
    ("/tournaments/{tournament}/analytics/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/analytics.csv", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/standings/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/standings/live/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/cross-table/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/duplicate/", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/teams/", (404, 404, 404, 404, 404, 404)),  # not teams
    ("/tournaments/{tournament}/duplicate/results.pbn", (404, 404, 404, 404, 404, 404)),  # not duplicate
    ("/tournaments/{tournament}/duplicate/usebio.xml", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/ranking.csv", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/travellers.csv", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/setup/", (302, 403, 403, 404, 404, 404)),  # not duplicate
    ("/tournaments/{tournament}/duplicate/teams/setup/", (302, 403, 403, 404, 404, 404)),  # not duplicate
    (
        "/tournaments/{tournament}/duplicate/individual/setup/",
        (302, 403, 403, 404, 404, 404),
    ),  # not duplicate
    ("/tournaments/{tournament}/duplicate/individual/", (404, 404, 404, 404, 404, 404)),  # not an individual
    ("/tournaments/{tournament}/duplicate/individual/players/1/", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/individual/movement/", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/individual/ranking.csv", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/individual/travellers.csv", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/pairs/1/", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/movement/", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/hand-record/", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/duplicate/hand-record.pbn", (404, 404, 404, 404, 404, 404)),
    ("/tournaments/{tournament}/rounds/1/seating/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/rounds/1/sheets/", (404, 200, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/audit/", (404, 200, 200, 200, 404, 200)),
    ("/clubs/kozyr/tournaments/new/", (302, 403, 403, 200, 403, 200)),
    ("/clubs/kozyr/duplicate/import/", (302, 403, 403, 200, 403, 200)),
    ("/tournaments/{tournament}/manage/", (302, 403, 403, 200, 404, 200)),
    ("/tournaments/{tournament}/rounds/1/manage/", (302, 403, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/tables/{table}/sheet/", (302, 403, 200, 200, 404, 200)),
    ("/tournaments/{tournament}/tables/{table}/upload/", (302, 403, 200, 200, 404, 200)),
    # not a duplicate event: no traveller (tests/tournaments/test_traveller_entry.py for one)
    ("/tournaments/{tournament}/tables/{table}/traveller/", (302, 403, 404, 404, 404, 404)),
    ("/clubs/kozyr/scorekeeper/", (302, 403, 200, 200, 404, 200)),
    ("/scorekeeper/sw.js", (200, 200, 200, 200, 200, 200)),  # the service worker: no data in it
    ("/scorekeeper/", (302, 200, 200, 200, 200, 200)),  # the start page: each user's own drafts
    ("/scorekeeper/manifest.webmanifest", (200, 200, 200, 200, 200, 200)),  # no data in it
    ("/accounts/tokens/", (302, 200, 200, 200, 200, 200)),  # each user's own API tokens
    ("/clubs/kozyr/members/", (302, 403, 403, 200, 404, 200)),  # organisers invite and set roles
    ("/invitations/", (302, 200, 200, 200, 200, 200)),  # each user's own invitations
]


def client_for(people, role: str) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(getattr(people, role))
    return client


@pytest.mark.parametrize(("path", "expect"), PAGES, ids=[p for p, _ in PAGES])
def test_each_page_for_each_kind_of_user(people, world, path, expect):
    url = path.format(**world.__dict__)
    got = tuple(client_for(people, role).get(url).status_code for role in ROLES)
    assert dict(zip(ROLES, got, strict=True)) == dict(zip(ROLES, expect, strict=True))


def test_every_page_of_the_site_is_in_the_matrix_or_tested_elsewhere(world):
    from django.urls import resolve

    from tests.test_csrf import patterns

    covered = {resolve(path.format(**world.__dict__)).url_name for path, _ in PAGES}
    elsewhere = {
        # not the club's data: the landing page, sign-in and password pages, language, health
        "home",
        "healthz",
        "set_language",
        "choose-language",
        # writes (POST), each tested with its form; downloads tested with their game type
        "dispute-comment",
        "dispute-decide",
        "game-confirm",
        "game-pbn",
        "tournament-pbn",
        "import-progress",
        # the members page's forms (tests/games/test_invitations.py)
        "club-member-invite",
        "club-member-role",
        "club-member-remove",
        "club-invitation-withdraw",
        "invitation-accept-page",
        "invitation-decline-page",
    }
    pages = {
        pattern.name
        for route, pattern in patterns()
        if not route.startswith(("api/", "admin/", "static", "accounts/"))
        and "scorekeeper/<int:pk>" not in route  # the scorekeeper's own matrix (tests/scorekeeper)
        and "tables/<int:table_pk>/scorekeeper" not in route
    }
    assert pages - covered - elsewhere == set()
