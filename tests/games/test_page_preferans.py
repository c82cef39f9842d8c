"""A preferans game's page: the pulka drawn as the paper sheet, the settlement and the deals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import services

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "preferans" / "sochi-pulka.json"


def test_a_preferans_game_page_shows_the_replayed_pulka(client, people):
    game = services.game_upload(club=people.club, content=SAMPLE.read_bytes(), user=people.scorer).game
    assert game.game_type == "preferans"
    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<pre class="table-scroll">' not in html  # the pulka is drawn, not printed
    assert 'class="pulka-sheet"' in html
    for name in game.current_report.report["players"]:
        assert name in html
    assert client.get(f"/games/{game.pk}/deals/1/").status_code == 200


def _cells(html: str, css: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(rf'<span class="figure {css}">(.*?)</span>', html)
    ]


def _section(html: str, anchor: str) -> str:
    start = html.index(anchor)
    return html[start : html.index("</table>", start)]


def test_the_pulka_page_draws_the_sheet_the_settlement_and_the_deals(client, people):
    game = services.game_upload(club=people.club, content=SAMPLE.read_bytes(), user=people.scorer).game
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "css/preferans.css" in html
    # The sheet: Anna, Boris, Vera in turn — pool, mountain, whists on each opponent.
    assert _cells(html, "pool-total") == ["11", "3", "0"]
    assert _cells(html, "mountain-total") == ["0", "0", "18"]
    assert _cells(html, "whist-total") == ["0", "16", "0", "20", "0", "8"]
    anna, boris, vera = (_section(html, f'id="pulka-{s}"') for s in range(3))
    assert "Whists on Boris" in anna
    assert "Whists on Vera" in anna
    assert "Whists on Anna" not in anna
    assert "Whists on Anna" in vera
    assert "Whists on Boris" in vera
    assert "9 to close" in anna
    assert "17 to close" in boris
    assert "20 to close" in vera
    # Running entries: Anna's pool 1 (deal 3), then 11 (deal 4); her whists on Vera 8, 16 (deal 2, twice).
    assert re.findall(r'class="figure">(\d+)</span> <span class="label">deal (\d+): (\d+)', anna) == [
        ("1", "3", "1"),
        ("11", "4", "10"),
        ("8", "2", "8"),
        ("16", "2", "8"),
    ]
    # Vera's mountain: 8 for going down in deal 2, 10 more for the pass-out of deal 3.
    assert re.findall(r'class="figure">(\d+)</span> <span class="label">deal (\d+)', vera)[:2] == [
        ("8", "2"),
        ("18", "3"),
    ]
    assert html.count("no bombs") == 3
    # The settlement: mountains with the open pools, the amnesty of 9, the exact and whole balances.
    settlement = _section(html, 'class="settlement"')
    rows = [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        for row in re.findall(r'<tr class="settlement-row">(.*?)</tr>', settlement, re.S)
    ]
    assert rows == [
        ["Anna", "+140", "139 1/3", "9", "0", "139 1/3", "0"],
        ["Boris", "+55", "55 1/3", "17", "8", "116 2/3", "61 1/3"],
        ["Vera", "−195", "−194 2/3", "38", "29", "34 2/3", "229 1/3"],
    ]
    total = re.search(r'<tr class="settlement-sum">(.*?)</tr>', settlement, re.S)
    assert total is not None
    assert re.findall(r'<td class="num[^"]*">([^<]*)</td>', total.group(1)) == [
        "0",
        "0",
        "290 2/3",
        "290 2/3",
    ]
    # The deals: dealer, declarer, game, multiplier, tricks and the writings.
    deals = _section(html, 'class="deal-list preferans-deals"')
    assert 'id="deal-1"' in deals
    assert 'id="deal-4"' in deals
    assert "6♠" in deals
    assert "7♥" in deals
    assert "misère" in deals
    assert "pass-out" in deals
    assert "Vera: 8 whists on Boris" in deals
    assert "Vera: mountain 10" in deals
    assert "Anna: pool 10" in deals
    assert "<li>Anna 4</li><li>Boris 6</li><li>Vera 0</li>" in deals


def test_the_pulka_page_takes_the_game_page_s_queries(client, people, django_assert_num_queries):
    game = services.game_upload(club=people.club, content=SAMPLE.read_bytes(), user=people.scorer).game
    client.force_login(people.member)
    with django_assert_num_queries(6):  # as tests/games/test_pages.py counts them
        assert client.get(f"/games/{game.pk}/").status_code == 200


def test_bombs_contracts_and_exact_figures_as_shown():
    from fractions import Fraction

    from games.pages.game import _mixed, preferans_bomb, preferans_contract

    assert [preferans_bomb(r) for r in (1, 2, 3)] == [
        "💣 bomb",
        "💣💣 double bomb",
        "💣💣💣 ёлка (triple bomb)",
    ]
    assert [preferans_contract(c) for c in ("6S", "7NT", "10D", "misere", None)] == [
        "6♠",
        "7 NT",
        "10♦",
        "misère",
        "pass-out",
    ]
    assert [_mixed(Fraction(v)) for v in ("418/3", "-584/3", "82", "-1/3", "0")] == [
        "139 1/3",
        "−194 2/3",
        "82",
        "−1/3",
        "0",
    ]


def test_bombs_and_dark_games_are_marked_in_words():
    from django.template.loader import render_to_string

    from games.pages.game import preferans_sheet
    from rules import registry

    reading = registry.read(SAMPLE.read_bytes())
    report = reading.rules.replay(reading.log).as_dict()
    report["pulka"][0]["bombs"] = [1, 3]
    report["deals"][0].update(dark=True, dark_level=2, multiplier=4, bomb=2)
    report["deals"][0]["bombs_drawn"] = [{"seat": 1, "rank": 2}]
    html = render_to_string(
        "games/sheets/preferans.html", {"report": report, **preferans_sheet(report, reading)}
    )
    anna = _section(html, 'id="pulka-0"')
    assert (
        '<span class="bomb-mark">💣 bomb</span>, <span class="bomb-mark">💣💣💣 ёлка (triple bomb)</span>'
        in anna
    )
    assert html.count("no bombs") == 2
    deal = html[html.index('id="deal-1"') : html.index('id="deal-2"')]
    assert "● in the dark (2)" in deal
    assert "💣💣 double bomb drawn for Boris" in deal
    assert "×4" in deal
    assert "bomb ×2" in deal


def test_a_preferans_tournament_prints_its_seating_sheets(client, people):
    from games.models import Player
    from tournaments import services as tournaments

    tournament = tournaments.tournament_create(
        club=people.club,
        name="Пулька по средам",
        user=people.organiser,
        game_type="preferans",
        ruleset="sochi",
        preferred_table_size=3,
    )
    for name in ("Анна", "Борис", "Вера", "Глеб", "Даша", "Егор"):
        tournaments.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    tournaments.round_confirm(round_=tournaments.round_generate(tournament=tournament))
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/rounds/1/sheets/").content.decode()
    assert html.count('class="sheet"') == 2
    assert html.count("<li>") >= 6


def test_each_deal_number_links_to_its_deal_page(client, people):
    game = services.game_upload(club=people.club, content=SAMPLE.read_bytes(), user=people.scorer).game
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/").content.decode()
    for deal in range(1, 5):
        assert f'href="/games/{game.pk}/deals/{deal}/"' in html


def test_a_preferans_tournament_ranks_by_the_settlement_balance(people, django_capture_on_commit_callbacks):
    import json

    from games.models import Player
    from tournaments import services as tournaments
    from tournaments.models import Standing

    tournament = tournaments.tournament_create(
        club=people.club,
        name="Пулька",
        user=people.organiser,
        game_type="preferans",
        ruleset="sochi",
        preferred_table_size=3,
    )
    for name in ("Anna", "Boris", "Vera"):
        tournaments.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    round_ = tournaments.round_generate(tournament=tournament)
    tournaments.round_confirm(round_=round_)
    table = round_.tables.get()
    seated = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    document = json.loads(SAMPLE.read_bytes())
    # The sample's seats in the table's order: rename the players, keep the play.
    document["players"] = seated
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.table_game_upload(table=table, content=json.dumps(document).encode(), user=people.scorer)
    lines = {
        s.player.display_name: (s.rank, s.points) for s in Standing.objects.filter(tournament=tournament)
    }
    # The sample settles to 140, 55, -195 whole whists by seat.
    assert lines == {seated[0]: (1, 140), seated[1]: (2, 55), seated[2]: (3, -195)}
