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

import re
from collections.abc import Callable

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Player
from tests.tournaments.conftest import NAMES, table_log
from tournaments import services
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

MORE_NAMES = ["Ира", "Кира", "Лев", "Мила", "Нина", "Олег", "Паша", "Рита"]

# Per page, signed in as a club member, the queries it takes, named. "session, user" are the
# signed-in member's; a "role" is one look-up of the member's role in the club.
MEMBER_QUERIES = {
    # Every page below also reads, once, the disputes waiting for the reader (the header's count of
    # open disputes for an organiser: games/context_processors.py): one query more than before.
    # club, session, user, role (may read?), upcoming tournaments (+entrants), recent tournaments
    # (+entrants), role (manager?), role (recorder?), the games' count, a page of games (+revision,
    # table, round, tournament), their seats (+players), the filter's choices (games, months,
    # tournaments), memberships (+users), roster (+games played)
    "club home": 17,
    # tournament (+club), session, user, role (may read?), the first standing lines (+players; read
    # from the cache once rendered), role (manager?), rounds, a page of one round's tables (+games,
    # the round's table count), table seats (+players), game seats (+players), the rounds' tables
    # recorded (the standings' progress line)
    "tournament": 12,
    # tournament (+club), session, user, role (names link to profiles?), standing lines (+players),
    # the rounds' tables recorded (the progress line)
    "standings": 7,
    # tournament (+club), the confirmed rounds' numbers, a page of entrants in standings order (+their
    # count), the seats of their games in the page's rounds (+opponents' names), session, user
    "cross-table": 7,
    # game (+club, revision, report, open disputes), session, user, the report and log for the sheet
    # (a new game each time, so the sheet is rendered; a second request reads it from the cache and
    # takes one query less: tests/games/test_game_page_cache.py). Was 5: the seats were read for
    # nothing and the open disputes were a query of their own.
    "game sheet": 5,
    # game (+revision, report), its seats (+players), session, user
    "deal replay": 5,
    # player (+club), session, user, role, recent seats (+games), their seats (+players), the reports
    # read for the statistics, totals per seat, per-deal aggregates, by cards, by difference, findings
    # (count), ratings, rating changes, tournament tables (+rounds, tournaments), games per game type
    "player profile": 18,
    # tournament (+club), findings by code, games by status, open disputes (count), disputes, findings
    # listed, session, user
    "tournament audit": 9,
    # game (+revision, report), session, user, role, sat at the game?, role (the table's scorer?),
    # findings, revisions, reports, disputes (a game with findings takes one more: its players by
    # seat, for the findings' sentences; tests/games/test_page_audit.py)
    "game audit": 11,
}

# Anonymous spectators of a published tournament: no session or user is read.
PUBLIC_QUERIES = {
    "standings": 3,  # tournament (+club), standing lines (+players), the progress line's rounds
    "standings API": 2,  # tournament (+club), standing lines (+players)
    # game (+club, revision, report, open disputes), the report and log for the sheet (was 3)
    "game sheet": 2,
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
    """The main pages of this tournament, its newest game (a game not yet shown, whose sheet is
    rendered, not read from the cache) and its first player."""
    club = tournament.club
    game = Game.objects.filter(table__round__tournament=tournament).order_by("-pk").first()
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


# --- long lists a page at a time ------------------------------------------------------------
# The tournament page shows one round's tables a page at a time and the first standings lines;
# the cross-table a page of players by a window of rounds (tournaments/pages/paging.py). Pages
# are made small here (3 tables, 5 players, 2 rounds, 5 lines) so the grown tournament (16
# entrants, 3 rounds of 4 tables) spans several; every page takes the pinned queries.


@pytest.fixture
def small_pages(monkeypatch) -> None:
    from tournaments.pages import standings, tournament

    monkeypatch.setattr(tournament, "TABLES_PER_PAGE", 3)
    monkeypatch.setattr(tournament, "LEADERS", 5)
    monkeypatch.setattr(standings, "LEADERS", 5)
    monkeypatch.setattr(standings, "CROSS_TABLE_PLAYERS", 5)
    monkeypatch.setattr(standings, "CROSS_TABLE_ROUNDS", 2)


def game_links(html: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'href="/games/(\d+)/"', html)}


def test_the_tournament_page_shows_a_round_a_page_at_a_time(client, people, grow, small_pages):
    tournament, more = grow
    more()
    client.force_login(people.member)
    url = f"/tournaments/{tournament.pk}/"
    games = {
        (t.round.number, t.number): t.game_id
        for t in Table.objects.filter(round__tournament=tournament).select_related("round")
    }
    pages = {}
    asked_for = (
        "",
        "?round=3&page=2",
        "?round=2",
        "?round=2&page=2",
        "?round=1",
        "?round=99&page=99",
        "?round=x",
    )
    for query in asked_for:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url + query)
        assert response.status_code == 200
        # The first request renders the standings lines and their progress line; the others read
        # them from the cache. Past the last page of tables: two more (how many tables, then the
        # last page's).
        expected = MEMBER_QUERIES["tournament"] - (2 if pages else 0) + (2 if "page=99" in query else 0)
        assert len(queries) == expected, query
        pages[query] = response.content.decode()
    # The latest round by default, its first three tables; the fourth on the second page.
    assert game_links(pages[""]) == {games[3, n] for n in (1, 2, 3)}
    assert "Tables 1–3 of 4" in pages[""]
    assert game_links(pages["?round=3&page=2"]) == {games[3, 4]}
    assert game_links(pages["?round=2"]) == {games[2, n] for n in (1, 2, 3)}
    assert game_links(pages["?round=2&page=2"]) == {games[2, 4]}
    assert game_links(pages["?round=1"]) == {games[1, 1], games[1, 2]}  # 8 entrants then: one page
    assert "Tables 1–" not in pages["?round=1"]
    assert game_links(pages["?round=99&page=99"]) == {games[3, 4]}  # past the end: the last
    assert game_links(pages["?round=x"]) == game_links(pages[""])
    # The pagers: every round (three are within reach), the current one marked; the other page.
    rounds = pages["?round=2"][pages["?round=2"].index('aria-label="Rounds"') :]
    assert f'<a href="{url}?round=2" aria-current="page"><strong>2</strong></a>' in rounds
    assert f'<a href="{url}?round=1">1</a> <a href="{url}?round=2"' in rounds
    assert f'<a href="{url}?round=3">3</a>' in rounds
    assert f'<a href="{url}?round=2&amp;page=2">2</a>' in pages["?round=2"]
    # The first five standings lines, and the way to the others.
    standings = pages[""][pages[""].index('<table class="standings">') : pages[""].index("</table>")]
    assert standings.count('<th scope="row">') == 5
    assert (
        f'the whole field on the <a href="/tournaments/{tournament.pk}/standings/">standings page</a>'
        in pages[""]
    )


def test_the_cross_table_a_page_of_players_by_a_window_of_rounds(client, people, grow, small_pages):
    tournament, more = grow
    more()
    client.force_login(people.member)
    whole = services.cross_table(tournament=tournament)  # every row at once, as the API gives it
    numbers = dict(Table.objects.filter(round__tournament=tournament).values_list("pk", "number"))
    url = f"/tournaments/{tournament.pk}/cross-table/"
    seen = []
    for query in ("", "?page=2", "?page=3", "?page=4", "?page=4&rounds=2", "?page=99", "?rounds=x"):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url + query)
        assert response.status_code == 200
        # Past the last page: two more (how many entrants, then the last page's players).
        assert len(queries) == MEMBER_QUERIES["cross-table"] + (2 if query == "?page=99" else 0), query
        html = response.content.decode()
        rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', html, flags=re.S)
        window = [3] if "rounds=2" in query else [1, 2]
        assert re.findall(r'<th scope="col">Round (\d+)</th>', html) == [str(n) for n in window]
        if query in ("", "?page=2", "?page=3", "?page=4"):
            seen += [name for name, _ in rows]
        for name, cells in rows:
            expected = next(r for r in whole["rows"] if r["player"] == name)["results"]
            shown = [
                (int(table), place, float(total))
                for table, place, total in re.findall(
                    r'table (\d+)</span>\s*<strong title="place at the table">(.*?)</strong> · <span class="num">(.*?)</span>',
                    cells,
                )
            ]
            assert shown == [
                (numbers[r["table"]], r["place"], float(r["total"])) for r in expected if r["round"] in window
            ], (query, name)
    # Four pages of 5, 5, 5 and 1 players, in the standings order, each player once.
    assert seen == [row["player"] for row in whole["rows"]]
    assert "Players 16–16 of 16" in client.get(url + "?page=99").content.decode()
    assert f'<a href="{url}?rounds=1&amp;page=2">2</a>' in client.get(url).content.decode()
    assert f'<a href="{url}?page=1&amp;rounds=2">3–3</a>' in client.get(url).content.decode()


def test_a_pager_links_a_fixed_window_whatever_the_pages(rf):
    from tournaments.pages.paging import pager

    request = rf.get("/tournaments/1/")
    links = pager(request, "round", 40, 80)
    assert [link.text or "…" for link in links] == ["1", "…", "38", "39", "40", "41", "42", "…", "80"]
    assert [link.current for link in links].count(True) == 1
    assert links[4].url == "/tournaments/1/?round=40"
    assert len(pager(request, "round", 40, 8000)) == len(links)  # a hundred times the pages, the same links
    assert pager(request, "round", 1, 1) == []  # one page: no pager
