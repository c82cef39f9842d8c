"""Each main page takes the same number of queries whatever the data size (no N+1).

A tournament of 8 entrants with one round played (2 games) is measured, then
grown to 16 entrants and three rounds (10 games; the club's roster, the
tournament's entries, rounds, tables and standings, and the first player's
games all grow), and measured again. Every page must take exactly the
pinned number both times: a count that grows with the data is an N+1, one
that merely changes is a new query to explain here. ``bench/pages.py``
prints the same counts on the 20,000-game bench tournament.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Player
from tests.tournaments.conftest import NAMES, table_log
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

MORE_NAMES = ["Ира", "Кира", "Лев", "Мила", "Нина", "Олег", "Паша", "Рита"]

# Per page, signed in as a club member, the queries it takes, named. "session, user" are the
# signed-in member's; a "role" is one look-up of the member's role in the club.
MEMBER_QUERIES = {
    # club, session, user, role (may read?), upcoming tournaments (+entrants), recent tournaments
    # (+entrants), role (manager?), role (recorder?), recent games (+revision), their seats (+players),
    # memberships (+users), roster (+games played)
    "club home": 12,
    # tournament (+club), session, user, role (may read?), standing lines (+players), role (manager?),
    # rounds, tables (+games), table seats (+players), game seats (+players)
    "tournament": 10,
    # tournament (+club), session, user, role (names link to profiles?), standing lines (+players)
    "standings": 5,
    # tournament (+club), entrants' names, standings order, every confirmed table's seats (one read),
    # session, user
    "cross-table": 6,
    # game (+revision, report), its seats (+players), open disputes (count), session, user
    "game sheet": 5,
    # game (+revision, report), its seats (+players), session, user
    "deal replay": 4,
    # player (+club), session, user, role, recent seats (+games), their seats (+players), the reports
    # read for the statistics, totals per seat, per-deal aggregates, by cards, by difference, findings
    # (count), ratings, rating changes, tournament tables (+rounds, tournaments)
    "player profile": 15,
    # tournament (+club), findings by code, games by status, open disputes (count), disputes, findings
    # listed, session, user
    "tournament audit": 8,
    # game (+revision, report), session, user, role, sat at the game?, findings, revisions, reports,
    # disputes
    "game audit": 9,
}

# Anonymous spectators of a published tournament: no session or user is read.
PUBLIC_QUERIES = {
    "standings": 2,  # tournament (+club), standing lines (+players)
    "standings API": 2,  # tournament (+club), standing lines (+players)
    "game sheet": 3,  # game (+revision, report), its seats (+players), open disputes (count)
}


def play_round(tournament: Tournament, scorer, seed: int, capture) -> None:
    """Seat a round, confirm it and record every table's simulated game (standings compiled on commit)."""
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    with capture(execute=True):
        for i, table in enumerate(round_.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, seed + i), user=scorer)


def enter(tournament: Tournament, names: list[str]) -> None:
    for name in names:
        player = Player.objects.create(club=tournament.club, display_name=name)
        services.entry_add(tournament=tournament, player=player)


def pages(tournament: Tournament) -> dict[str, str]:
    """The main pages of this tournament, its first game and its first player."""
    club = tournament.club
    game = Game.objects.filter(table__round__tournament=tournament).order_by("pk").first()
    assert game is not None
    player = Player.objects.filter(club=club).order_by("pk").first()
    assert player is not None
    return {
        "club home": f"/clubs/{club.slug}/",
        "tournament": f"/tournaments/{tournament.pk}/",
        "standings": f"/tournaments/{tournament.pk}/standings/",
        "standings API": f"/api/v1/tournaments/{tournament.pk}/standings/",
        "cross-table": f"/tournaments/{tournament.pk}/cross-table/",
        "game sheet": f"/games/{game.pk}/",
        "deal replay": f"/games/{game.pk}/deals/1/",
        "player profile": f"/clubs/{club.slug}/players/{player.pk}/",
        "tournament audit": f"/tournaments/{tournament.pk}/audit/",
        "game audit": f"/games/{game.pk}/audit/",
    }


def counts(client, urls: dict[str, str], names) -> dict[str, int]:
    out = {}
    for name in names:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(urls[name])
        assert response.status_code == 200, (name, urls[name], response.status_code)
        out[name] = len(queries)
    return out


@pytest.fixture
def grow(people, django_capture_on_commit_callbacks) -> tuple[Tournament, Callable[[], None]]:
    """A published tournament with one round played, and a function that grows it."""
    tournament = services.tournament_create(
        club=people.club, name="Кубок", user=people.organiser, seed=5, tiebreaks=["head_to_head", "lots"]
    )
    enter(tournament, NAMES)
    play_round(tournament, people.scorer, 100, django_capture_on_commit_callbacks)
    services.tournament_publish(tournament=tournament, published=True)

    def more() -> None:
        enter(tournament, MORE_NAMES)
        for n in (2, 3):
            play_round(tournament, people.scorer, 100 * n, django_capture_on_commit_callbacks)

    return tournament, more


def test_each_page_takes_the_same_queries_at_both_sizes(client, people, grow):
    tournament, more = grow
    client.force_login(people.member)
    urls = pages(tournament)
    small = counts(client, urls, MEMBER_QUERIES)
    more()
    assert Game.objects.filter(table__round__tournament=tournament).count() == 10
    large = counts(client, pages(tournament), MEMBER_QUERIES)
    assert large == small, "a page's queries grew with the data (an N+1)"
    assert small == MEMBER_QUERIES


def test_public_pages_take_the_same_queries_at_both_sizes(client, grow):
    tournament, more = grow
    small = counts(client, pages(tournament), PUBLIC_QUERIES)
    more()
    large = counts(client, pages(tournament), PUBLIC_QUERIES)
    assert large == small, "a page's queries grew with the data (an N+1)"
    assert small == PUBLIC_QUERIES
