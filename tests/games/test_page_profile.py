"""The player profile page: exact figures, chart data, who may see it, and its query count.

The figures come from the three hand-written games of test_statistics.py,
small enough to score on paper (their sums are in the comments there), so
every number below can be checked by hand. The rating and the tournament of
a game come from the tournaments app, through games.profile_sections.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest

from games import profile_sections, services
from games.models import Game, Player
from tests.games.factories import game_bytes
from tests.games.test_statistics import GAME_A, GAME_B, GAME_C, PLAYED_AT, record
from tournaments.models import Rating, RatingChange, Round, Table, Tournament
from tournaments.profile import rating_section

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def table_rows(html: str, table_id: str) -> list[list[str]]:
    """The text of each body row's cells (th and td) of the table with this id."""
    table = re.search(rf'<table id="{table_id}".*?</table>', html, flags=re.S)
    assert table is not None, f"no table {table_id}"
    body = "".join(re.findall(r"<tbody>(.*?)</tbody>", table.group(0), flags=re.S))
    return [
        [text(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)
    ]


def json_script(html: str, element_id: str) -> dict:
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, flags=re.S)
    assert found is not None, f"no {element_id}"
    return json.loads(found.group(1))


@pytest.fixture
def games(people) -> dict[str, Game]:
    return {
        name: record(people, document, PLAYED_AT[name])
        for name, document in (("A", GAME_A), ("B", GAME_B), ("C", GAME_C))
    }


@pytest.fixture
def anna(games) -> Player:
    return Player.objects.get(display_name="Anna")


def url(player: Player) -> str:
    return f"/clubs/kozyr/players/{player.pk}/"


@pytest.fixture
def rated(people, games, anna) -> Tournament:
    """Anna's rating after games A and C, and game B played at table 2 of a tournament's round 1."""
    tournament = Tournament.objects.create(club=people.club, name="Кубок зимы", slug="winter")
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.Status.CONFIRMED)
    Table.objects.create(round=round_, number=2, game=games["B"])
    Rating.objects.create(player=anna, game_type="oh-hell", mu=27.5, sigma=7.25, ordinal=5.75, games=2)
    for game, mu, sigma in ((games["A"], 26.0, 8.0), (games["C"], 27.5, 7.25)):
        RatingChange.objects.create(
            player=anna,
            game_type="oh-hell",
            game=game,
            played_at=game.played_at,
            mu=mu,
            sigma=sigma,
            ordinal=mu - 3 * sigma,
        )
    return tournament


# --- content -----------------------------------------------------------------------------


def test_the_statistics_table_holds_annas_figures(client, people, anna):
    client.force_login(people.member)
    response = client.get(url(anna))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Anna</h1>" in html
    assert "A player of Клуб «Козырь» · 3 games recorded" in text(html)
    assert table_rows(html, "statistics-table") == [
        ["Games and scores"],
        ["Games", "3", ""],
        ["Table wins", "2", "Highest total; a shared top counts"],
        ["Deals", "6", "Annulled deals included"],
        ["Total score", "42", "Renege penalties included"],
        ["Average score per game", "14", ""],
        ["Average score per deal", "7", ""],
        ["Contracts"],
        ["Contracts made", "4 of 5 (80 %)", "Taken equal to the bid"],
        ["Zero bids made", "3 of 3 (100 %)", ""],
        ["Blind bids made", "1 of 1 (100 %)", ""],
        ["Average of bid − taken", "0.2", "Above 0: bids too high; below 0: bids too low"],
        ["Bid over the tricks taken", "1", "Took fewer than bid"],
        ["Bid exactly", "4", ""],
        ["Bid under the tricks taken", "0", "Took more than bid"],
        ["Reneges", "1", "Not corrected in time"],
        ["As dealer and not"],
        ["Deals as dealer", "2", ""],
        ["Score as dealer", "20", ""],
        ["Average per deal as dealer", "10", ""],
        ["Contracts made as dealer", "2 of 2 (100 %)", ""],
        ["Deals not dealing", "4", ""],
        ["Score not dealing", "22", ""],
        ["Average per deal not dealing", "5.5", ""],
        ["Contracts made not dealing", "2 of 3 (66.7 %)", ""],
    ]
    assert table_rows(html, "difference-table") == [["0", "4"], ["1", "1"]]


def test_contracts_by_hand_size_chart_and_its_table_agree(client, people, anna):
    client.force_login(people.member)
    html = client.get(url(anna)).content.decode()
    # 1 card: A1, B1 (missed), C1; 2 cards: A3, B2. A2 was annulled and counts for nothing.
    assert json_script(html, "profile-data")["contracts"] == [
        {"cards": 1, "attempts": 3, "made": 2, "percent": 66.7},
        {"cards": 2, "attempts": 2, "made": 2, "percent": 100.0},
    ]
    assert table_rows(html, "contracts-table") == [["1", "3", "2", "66.7"], ["2", "2", "2", "100.0"]]
    assert 'id="contracts-chart" role="img" aria-label="Bar chart of the percentage of contracts made' in html


def test_score_progression_defaults_to_the_latest_game(client, people, games, anna):
    client.force_login(people.member)
    html = client.get(url(anna)).content.decode()
    progression = json_script(html, "progression-data")
    assert progression["game_id"] == games["C"].pk
    assert progression["deals"] == [1]
    assert [(p["name"], p["me"], p["totals"]) for p in progression["players"]] == [
        ("Anna", True, [10]),
        ("Boris", False, [10]),
        ("Vera", False, [0]),
    ]
    assert table_rows(html, "progression-table") == [["1", "10", "10", "0"]]
    options = re.findall(r'<option value="(\d+)"( selected)?>(.*?)</option>', html)
    assert [(int(v), bool(s), label) for v, s, label in options] == [
        (games["C"].pk, True, f"10 Mar 2026 — game {games['C'].pk}: Anna, Boris, Vera"),
        (games["B"].pk, False, f"10 Feb 2026 — game {games['B'].pk}: Boris, Vera, Anna"),
        (games["A"].pk, False, f"10 Jan 2026 — game {games['A'].pk}: Anna, Boris, Vera"),
    ]


def test_a_chosen_game_is_charted_with_its_annulled_deal(client, people, games, anna):
    client.force_login(people.member)
    html = client.get(url(anna), {"game": games["A"].pk}).content.decode()
    progression = json_script(html, "progression-data")
    # A: deal 1 scores 10, 22, 10; deal 2 annulled, Anna's renege costs her 10; deal 3 scores 10, 0, 0.
    assert progression["deals"] == [1, 2, 3]
    assert progression["annulled"] == [False, True, False]
    assert [p["totals"] for p in progression["players"]] == [[10, 0, 10], [22, 22, 22], [10, 10, 10]]
    assert table_rows(html, "progression-table") == [
        ["1", "10", "22", "10"],
        ["2 (annulled)", "0", "22", "10"],
        ["3", "10", "22", "10"],
    ]
    assert f'<option value="{games["A"].pk}" selected>' in html
    # Boris's line is emphasised on his own profile.
    boris = Player.objects.get(display_name="Boris")
    html = client.get(url(boris), {"game": games["A"].pk}).content.decode()
    assert [p["me"] for p in json_script(html, "progression-data")["players"]] == [False, True, False]


def test_an_older_game_than_the_recent_ones_may_be_chosen(client, people, games, anna, monkeypatch):
    monkeypatch.setattr("games.pages.profile.RECENT_GAMES", 1)
    client.force_login(people.member)
    html = client.get(url(anna), {"game": games["A"].pk}).content.decode()
    assert json_script(html, "progression-data")["game_id"] == games["A"].pk
    assert len(table_rows(html, "games-table")) == 1  # only C is recent
    options = re.findall(r'<option value="(\d+)"( selected)?>', html)
    assert options == [(str(games["C"].pk), ""), (str(games["A"].pk), " selected")]


def test_htmx_swaps_only_the_progression_figure(client, people, games, anna):
    client.force_login(people.member)
    response = client.get(
        url(anna), {"game": games["B"].pk}, headers={"HX-Request": "true", "HX-Target": "progression"}
    )
    html = response.content.decode()
    assert html.startswith('<figure class="chart" id="progression">')
    assert "<h1>" not in html
    # B seats Boris, Vera, Anna: deal 1 scores 11, 10, 0; deal 2 scores 0, 10, 22.
    assert table_rows(html, "progression-table") == [["1", "11", "10", "0"], ["2", "11", "20", "22"]]
    assert "Anna (this player)" in text(html)
    assert "HX-Request" in response["Vary"]


def test_recent_games_with_score_place_and_tournament(client, people, games, anna, rated):
    client.force_login(people.member)
    html = client.get(url(anna)).content.decode()
    a, b, c = games["A"].pk, games["B"].pk, games["C"].pk
    assert table_rows(html, "games-table") == [
        ["10 Mar 2026", f"Game {c}", "—", "Anna, Boris, Vera", "10", "1–2 of 3"],  # shared top with Boris
        ["10 Feb 2026", f"Game {b}", "Кубок зимы, round 1, table 2", "Boris, Vera, Anna", "22", "1 of 3"],
        ["10 Jan 2026", f"Game {a}", "—", "Anna, Boris, Vera", "10", "2–3 of 3"],
    ]
    assert f'<a href="/games/{b}/">Game {b}</a>' in html
    assert f'<a href="/tournaments/{rated.pk}/">Кубок зимы, round 1, table 2</a>' in html


def test_rating_now_and_its_history(client, people, games, anna, rated):
    client.force_login(people.member)
    html = client.get(url(anna)).content.decode()
    now = re.search(r'<dl class="rating-now">(.*?)</dl>', html, flags=re.S)
    assert now is not None
    assert text(now.group(1)) == "Rating in Oh Hell 5.75 (μ 27.5, σ 7.25; 2 rated games)"
    assert "μ − 3σ, is the cautious figure the leaderboards sort by" in html
    assert json_script(html, "profile-data")["ratingHistory"] == [
        {
            "game_type": "oh-hell",
            "game_id": games["A"].pk,
            "played_at": "2026-01-10",
            "mu": 26.0,
            "sigma": 8.0,
            "ordinal": 2.0,
        },
        {
            "game_type": "oh-hell",
            "game_id": games["C"].pk,
            "played_at": "2026-03-10",
            "mu": 27.5,
            "sigma": 7.25,
            "ordinal": 5.75,
        },
    ]
    assert table_rows(html, "rating-table") == [
        ["2026-01-10", f"game {games['A'].pk}", "2.0", "26.0", "8.0"],
        ["2026-03-10", f"game {games['C'].pk}", "5.75", "27.5", "7.25"],
    ]
    assert f'<a href="/games/{games["A"].pk}/">game {games["A"].pk}</a>' in html


def test_an_unrated_player_is_told_so(client, people, anna):
    client.force_login(people.member)
    html = client.get(url(anna)).content.decode()
    assert "Not rated yet: a rating comes from the games of rated tournaments." in html
    assert 'id="rating-chart"' not in html
    assert json_script(html, "profile-data")["ratingHistory"] == []


def test_a_player_without_games(client, people):
    newcomer = Player.objects.create(club=people.club, display_name="Новичок")
    client.force_login(people.member)
    html = client.get(url(newcomer)).content.decode()
    assert "A player of Клуб «Козырь» · 0 games recorded" in text(html)
    assert text(html).count("No games recorded yet.") == 2  # progression and recent games
    assert "No contracts yet." in html
    assert 'id="progression-chart"' not in html


def test_tournaments_registers_the_rating_section():
    assert rating_section in profile_sections._sections


def test_the_page_is_in_russian(client, people, anna):
    client.force_login(people.member)
    response = client.get(url(anna), headers={"Accept-Language": "ru"})
    assert response.status_code == 200
    assert '<html lang="ru">' in response.content.decode()


# --- permissions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("anonymous", 302),  # sent to sign in (docs/pages.md), whether or not the player exists
        ("outsider", 404),
        ("member", 200),
        ("scorer", 200),
        ("organiser", 200),
        ("superuser", 200),
    ],
)
def test_who_may_see_a_profile(client, people, anna, who, status):
    if who != "anonymous":
        client.force_login(getattr(people, who))
    assert client.get(url(anna)).status_code == status


def test_a_public_game_does_not_open_the_profile(client, people, games, anna):
    """Statistics read the club's private games too: a public game alone does not make them public."""
    Game.objects.filter(pk=games["A"].pk).update(public=True)
    response = client.get(url(anna))
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={url(anna)}"


def test_an_anonymous_visitor_is_sent_to_sign_in_even_for_no_such_player(client, people):
    """The redirect comes before any look-up, so it says nothing about who is on the roster."""
    response = client.get("/clubs/kozyr/players/999999/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/clubs/kozyr/players/999999/"


@pytest.mark.parametrize(
    "path",
    [
        "/clubs/other/players/{pk}/",  # the player is not of this club
        "/clubs/kozyr/players/999999/",
        "/clubs/kozyr/players/{pk}/?game=999999",
        "/clubs/kozyr/players/{pk}/?game=abc",
    ],
)
def test_what_is_not_there_is_404(client, people, anna, path):
    client.force_login(people.superuser)
    assert client.get(path.format(pk=anna.pk)).status_code == 404


def test_a_game_the_player_did_not_play_is_404(client, people, anna):
    other = services.game_upload(
        club=people.club, content=game_bytes(seed=3, players=["Gleb", "Dasha", "Egor"]), user=people.scorer
    ).game
    client.force_login(people.member)
    assert client.get(url(anna), {"game": other.pk}).status_code == 404


# --- query counts ------------------------------------------------------------------------------


def simulated_games(people, count: int) -> Player:
    """``count`` simulated games of Anna, Boris, Vera and Gleb, each rated and at a tournament's table."""
    tournament = Tournament.objects.create(club=people.club, name="Cup", slug="cup")
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.Status.CONFIRMED)
    for n in range(count):
        played = datetime(2026, 4, 1 + n, 19, 0, tzinfo=UTC)
        content = game_bytes(seed=40 + n, players=["Anna", "Boris", "Vera", "Gleb"])
        game = services.game_upload(
            club=people.club, content=content, user=people.scorer, played_at=played
        ).game
        Table.objects.create(round=round_, number=n + 1, game=game)
        for player in Player.objects.filter(club=people.club):
            RatingChange.objects.create(
                player=player,
                game_type="oh-hell",
                game=game,
                played_at=played,
                mu=25 + n,
                sigma=8,
                ordinal=1 + n,
            )
    anna = Player.objects.get(display_name="Anna")
    Rating.objects.create(
        player=anna, game_type="oh-hell", mu=25 + count, sigma=8, ordinal=count, games=count
    )
    return anna


@pytest.mark.parametrize("count", [1, 3])
def test_query_count_does_not_grow_with_the_games(client, people, django_assert_num_queries, count):
    anna = simulated_games(people, count)
    client.force_login(people.member)
    # 1 session, 2 user, 3 the member's role in the club, 4 the player and club,
    # 5 the player's recent seats with their games, 6 those games' seats and players,
    # 7 the chosen game's report, 8-12 player_statistics (seats and totals; aggregates;
    # by hand size; bid − taken; reneges), 13 current ratings, 14 rating history,
    # 15 the tables (round, tournament) of the listed games, 16 the player's analysed rows
    # (the luck-and-skill section: one query whatever the number of games), 17 the games per game
    # type (the header's counts, as the roster counts them), 18 the disputes waiting for the reader.
    with django_assert_num_queries(18):
        response = client.get(url(anna))
    assert response.status_code == 200
    html = response.content.decode()
    assert len(table_rows(html, "games-table")) == count
    assert len(json_script(html, "profile-data")["ratingHistory"]) == count
    assert len(table_rows(html, "rating-table")) == count


@pytest.mark.parametrize("count", [1, 3])
def test_the_htmx_swap_reads_only_what_it_shows(client, people, django_assert_num_queries, count):
    anna = simulated_games(people, count)
    client.force_login(people.member)
    # 1 session, 2 user, 3 role, 4 player, 5 recent seats and games, 6 their seats, 7 the report
    # (the swapped part alone: no header).
    with django_assert_num_queries(7):
        response = client.get(url(anna), headers={"HX-Request": "true", "HX-Target": "progression"})
    assert json_script(response.content.decode(), "progression-data")["deals"] == list(range(1, 14))
