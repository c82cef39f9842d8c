"""The luck-and-skill pages, CSV downloads and API (games/pages/analytics.py, tournaments/pages/analytics.py,
games/api_analytics.py): what they show is exactly what is stored, in the readers' language."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.test import Client
from django.utils import formats, translation

from games import analytics, services
from games.analytics_display import signed
from games.models import Game, Player, SeatAnalysis
from rules import registry
from tests.games.factories import game_document
from tests.tournaments.conftest import table_log
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "=Boris", "Vera", "Gleb"]  # "=Boris": a formula a spreadsheet must not run


@pytest.fixture
def game(people: Any) -> Game:
    document = game_document(seed=31, players=NAMES)
    game = services.game_upload(
        club=people.club, content=json.dumps(document).encode(), user=people.scorer
    ).game
    analytics.analyse_games([game.pk])
    game.refresh_from_db()
    return game


def member(people: Any) -> Client:
    client = Client()
    client.force_login(people.member)
    return client


def rows_of(game: Game) -> list[dict[str, Any]]:
    seats = SeatAnalysis.objects.filter(analysis__report=game.current_report)
    return sorted((r for s in seats for r in s.rows), key=lambda r: (r["deal"], r["seat"]))


def test_the_game_analysis_page_shows_every_deal_and_seat(people: Any, game: Game) -> None:
    response = member(people).get(f"/games/{game.pk}/analysis/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    rows = rows_of(game)
    deals = {r["deal"] for r in rows}
    assert html.count('scope="rowgroup"') == len(deals)
    with translation.override("en"):
        first = rows[0]
        assert f'<td class="num">{formats.number_format(round(first["expected"], 2), 2)}</td>' in html
        assert f'<td class="num">{signed(first["luck"])}</td>' in html
    assert "Luck-adjusted score" in html
    assert f'href="/games/{game.pk}/analysis.csv"' in html


def test_the_page_says_when_the_analysis_is_still_to_come(people: Any) -> None:
    game = services.game_upload(
        club=people.club, content=json.dumps(game_document(seed=2)).encode(), user=people.scorer
    ).game
    response = member(people).get(f"/games/{game.pk}/analysis/", HTTP_ACCEPT_LANGUAGE="ru")
    assert 'id="analysis-waiting"' in response.content.decode()
    assert "ещё не" in response.content.decode()


def test_the_csv_holds_every_stored_row_and_runs_no_formula(people: Any, game: Game) -> None:
    response = member(people).get(f"/games/{game.pk}/analysis.csv")
    assert response["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    columns = [key for key, _ in registry.analytics("oh-hell").COLUMNS]
    assert lines[0] == ["game", "played_at", "game_type", "player_id", *columns]
    rows = rows_of(game)
    assert len(lines) == 1 + len(rows)
    player_at = columns.index("player") + 4
    assert {line[player_at] for line in lines[1:]} == {"Anna", "'=Boris", "Vera", "Gleb"}
    # The numbers are the stored ones, not rounded.
    expected_at = columns.index("expected") + 4
    assert sorted(float(line[expected_at]) for line in lines[1:]) == sorted(r["expected"] for r in rows)


def test_the_profile_shows_the_players_luck_and_skill_with_its_charts_data(people: Any, game: Game) -> None:
    anna = Player.objects.get(club=people.club, display_name="Anna")
    response = member(people).get(f"/clubs/kozyr/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="uk")
    html = response.content.decode()
    assert 'id="analytics-oh-hell"' in html
    assert "Удача" in html  # the section speaks the reader's language
    data = json.loads(
        html.split('<script id="analytics-data" type="application/json">')[1].split("</script>")[0]
    )
    section = data["sections"][0]
    rows = [r for r in rows_of(game) if r["seat"] == 0]
    summary = registry.analytics("oh-hell").player_summary(rows)
    assert section["luck_over_time"] == [
        {
            "game": game.pk,
            "url": f"/games/{game.pk}/analysis/",
            "played_at": game.played_at.date().isoformat(),
            "luck": round(summary["luck"], 3),
            "deals": summary["deals"],
            "partial": False,
        }
    ]
    by_cards = {int(c): e for c, e in summary["bid_error_by_cards"].items() if e["contracts"]}
    assert [p["cards"] for p in section["bid_error_by_cards"]] == sorted(by_cards)
    assert [p["mean_abs"] for p in section["bid_error_by_cards"]] == [
        round(by_cards[c]["mean_abs"], 3) for c in sorted(by_cards)
    ]
    csv_link = f"/clubs/kozyr/players/{anna.pk}/analytics.csv?game_type=oh-hell"
    assert csv_link in html
    lines = list(csv.reader(io.StringIO(member(people).get(csv_link).content.decode())))
    assert len(lines) == 1 + len(rows)


def test_the_club_page_shows_bidding_by_hand_size_the_dealer_and_the_balance(people: Any, game: Game) -> None:
    response = member(people).get("/clubs/kozyr/analytics/", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    summary = registry.analytics("oh-hell").club_summary(rows_of(game))
    assert summary["deals"] == len(game.current_report.report["deals"])
    with translation.override("en"):
        assert html.count('<tr><th scope="row">') >= len(summary["by_cards"]) + 3
        over = summary["balance"]["over"]
        assert f'<tr><th scope="row">Over</th><td class="num">{over["deals"]}</td>' in html
    assert "1 games analysed · 0 with nothing to analyse · 0 waiting" in html
    api = Client()
    api.force_login(people.member)
    got = api.get("/api/v1/clubs/kozyr/analytics/").json()
    assert got["games"] == {"analysed": 1, "partial": 0, "nothing": 0, "waiting": 0}
    assert got["by_game_type"]["oh-hell"] == json.loads(json.dumps(summary))


def test_the_api_gives_a_games_rows_seat_by_seat(people: Any, game: Game) -> None:
    got = member(people).get(f"/api/v1/games/{game.pk}/analysis/").json()
    assert got["status"] == "done"
    assert got["columns"][0] == {"key": "deal", "label": "Deal"}
    assert [s["player_name"] for s in got["seats"]] == NAMES
    assert sorted(
        (r for s in got["seats"] for r in s["rows"]), key=lambda r: (r["deal"], r["seat"])
    ) == rows_of(game)


def test_the_player_api_sums_the_players_games(people: Any, game: Game) -> None:
    anna = Player.objects.get(club=people.club, display_name="Anna")
    got = member(people).get(f"/api/v1/players/{anna.pk}/analytics/").json()
    rows = [r for r in rows_of(game) if r["seat"] == 0]
    assert got["oh-hell"]["summary"] == json.loads(
        json.dumps(registry.analytics("oh-hell").player_summary(rows))
    )
    assert got["oh-hell"]["games"][0]["game"] == game.pk
    assert got["oh-hell"]["games"][0]["played_at"] == game.played_at.isoformat()


@pytest.fixture
def tournament(people: Any) -> Any:
    tournament = tournaments.tournament_create(club=people.club, name="Кубок", user=people.organiser, seed=3)
    for n in range(4):
        tournaments.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=f"P{n}")
        )
    round_ = tournaments.round_generate(tournament=tournament)
    tournaments.round_confirm(round_=round_)
    table = round_.tables.get()
    game = tournaments.table_game_upload(
        table=table, content=table_log(table, 5), user=people.scorer
    ).result.game
    analytics.analyse_games([game.pk])
    tournaments.standings_compile(tournament=tournament)
    return tournament


def test_the_tournament_page_lists_every_player_in_standings_order(people: Any, tournament: Any) -> None:
    response = member(people).get(f"/tournaments/{tournament.pk}/analytics/", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    table = html.split('id="tournament-analytics"')[1]
    order = [
        line.player.display_name for line in tournament.standings.order_by("rank", "player__display_name")
    ]
    positions = [table.index(f">{name}</a>") for name in order]
    assert positions == sorted(positions)
    chart = json.loads(
        html.split('<script id="tournament-analytics-data" type="application/json">')[1].split("</script>")[0]
    )
    summaries = analytics.games_analytics(Game.objects.filter(table__round__tournament=tournament))["oh-hell"]
    by_name = {Player.objects.get(pk=p).display_name: s for p, s in summaries.items()}
    assert chart["players"] == order  # one bar per player, in standings order
    assert chart["luck"] == [round(by_name[name]["luck"], 3) for name in order]
    assert chart["unit"] == "Tricks a deal"
    got = member(people).get(f"/api/v1/tournaments/{tournament.pk}/analytics/").json()
    assert got["games"] == {"analysed": 1, "partial": 0, "nothing": 0, "waiting": 0}
    assert [p["player_name"] for p in got["players"]] == ["P0", "P1", "P2", "P3"]
    summaries = analytics.games_analytics(Game.objects.filter(table__round__tournament=tournament))["oh-hell"]
    for line in got["players"]:
        assert line["summary"] == json.loads(json.dumps(summaries[line["player"]]))
    lines = list(
        csv.reader(
            io.StringIO(member(people).get(f"/tournaments/{tournament.pk}/analytics.csv").content.decode())
        )
    )
    assert len(lines) == 1 + sum(s["deals"] for s in summaries.values())


OTHER_GAMES = [
    ("bridge-rubber", "pbn/rubber.pbn", "rubber.pbn", "Par"),
    ("preferans", "preferans/sochi-pulka.json", "sochi.json", "Double-dummy tricks"),
    ("durak", "durak/transfer.json", "transfer.json", "Hand strength"),
]


@pytest.mark.parametrize(("game_type", "sample", "filename", "column"), OTHER_GAMES)
def test_every_game_is_analysed_and_shown_in_its_own_words(
    people: Any, game_type: str, sample: str, filename: str, column: str
) -> None:
    from pathlib import Path

    content = (Path(__file__).parents[1] / "data" / sample).read_bytes()
    result = services.game_upload(club=people.club, content=content, user=people.scorer, filename=filename)
    game = result.game
    assert game is not None, result.error
    assert game.game_type == game_type
    counts = analytics.analyse_games([game.pk])
    assert counts["analysed"] == 1
    game.refresh_from_db()
    rows = rows_of(game)
    assert rows == sorted(
        registry.analytics(game_type).analyse_game(
            game.current_report.report, registry.read(bytes(game.current_revision.content)).log
        ),
        key=lambda r: (r["deal"], r["seat"]),
    )
    html = member(people).get(f"/games/{game.pk}/analysis/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f">{column}</th>" in html
    assert html.count('scope="rowgroup"') == len({r["deal"] for r in rows})
    # The player's profile has the game's own headline figures.
    player = game.seats.get(seat=0).player
    profile = (
        member(people).get(f"/clubs/kozyr/players/{player.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert f'id="analytics-{game_type}"' in profile
    from games.analytics_display import HEADLINES

    for _path, label, _note, _how in HEADLINES[game_type]:
        assert f'<th scope="row">{label}</th>' in profile
