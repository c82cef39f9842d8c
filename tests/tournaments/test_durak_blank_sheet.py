"""The printable blank sheet of a durak tournament's tables (/tournaments/<pk>/rounds/<n>/sheets/):
a row per game with the dealer, the trump (none without trumps), per player a box for the place
he went out in and the fool; the totals line; the ruleset in words and the scoring printed —
by fools, or the points for each place."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

import rules.durak as durak
from games.models import Player
from tournaments import services
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

NAMES = ["Аня", "Боря", "Вика", "Гена", "Дима", "Ева"]


def text(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def seated_names(table: Table) -> list[str]:
    return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


def durak_night(people, ruleset: Any, size: int = 3) -> Tournament:
    tournament = services.tournament_create(
        club=people.club,
        name="Дурак по пятницам",
        user=people.organiser,
        game_type="durak",
        ruleset=ruleset,
        preferred_table_size=size,
        standings_method="total",
        tiebreaks=["lots"],
        seed=3,
    )
    for name in NAMES:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    services.round_confirm(round_=services.round_generate(tournament=tournament))
    return tournament


def sheets(client, people, tournament: Tournament, **headers: str) -> str:
    client.force_login(people.member)
    response = client.get(f"/tournaments/{tournament.pk}/rounds/1/sheets/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def blanks(page: str) -> list[str]:
    return re.findall(r'<table class="score-sheet durak-blank">(.*?)</table>', page, re.S)


def test_a_sheet_per_table_scored_by_fools(client, people):
    tournament = durak_night(people, "throw-in")
    page = sheets(client, people, tournament)
    tables = list(tournament.rounds.get(number=1).tables.order_by("number"))
    assert len(tables) == 2
    assert len(blanks(page)) == 2
    assert page.count("css/durak.css") == 1
    for table, sheet in zip(tables, blanks(page), strict=True):
        names = seated_names(table)
        head = text(re.search(r"<thead>(.*?)</thead>", sheet, re.S).group(1))
        assert head == f"Deal Dealer Trump {' '.join(names)} Fool"
        rows = re.findall(r"<tr>(.*?)</tr>", re.search(r"<tbody>(.*?)</tbody>", sheet, re.S).group(1), re.S)
        assert [text(r) for r in rows] == [str(n) for n in range(1, 11)]  # ten blank games
        # The game number, the dealer, the trump, a place box per player, the fool.
        assert rows[0].count("<td") == 2 + len(names) + 1
        assert rows[0].count('<td class="place-box">') == len(names)
        assert text(re.search(r"<tfoot>(.*?)</tfoot>", sheet, re.S).group(1)) == "Times the fool"
    assert "Durak, throw-in" in page
    assert "everybody but the defender throws in; a turned jack: the lowest trump attacks first" in text(page)
    assert "Scored by fools: the fool of each game scores −1, the others 0; a draw scores nothing." in text(
        page
    )
    assert (
        "In each player's box write the place he went out in: 1 for the first out, 3 for the fool; "
        "players going out together share their best place. The fool deals the next game."
    ) in text(page)
    assert "durak-points" not in page


def test_points_per_place_are_printed_for_the_table_s_size(client, people):
    tournament = durak_night(people, {"preset": "no-trump", "place_points": [2, 1]})
    page = sheets(client, people, tournament)
    points = re.findall(r'<table class="score-sheet durak-points">(.*?)</table>', page, re.S)
    assert len(points) == 2
    assert [text(r) for r in re.findall(r"<tr>(.*?)</tr>", points[0], re.S)] == [
        "place 1 2 3",
        "points 2 1 0",  # a place beyond the list scores 0
    ]
    assert (
        "Points for going out first, second, …: 2, 1; the fool takes the last place, "
        "players going out together share their best place."
    ) in text(page)
    sheet = blanks(page)[0]
    assert ">Trump</th>" not in sheet  # no trump column without trumps
    assert text(re.search(r"<tfoot>(.*?)</tfoot>", sheet, re.S).group(1)) == "Total points"
    assert "no trumps" in text(page)


def test_the_sheet_in_russian_and_ukrainian(client, people):
    tournament = durak_night(people, "transfer")
    ru = text(sheets(client, people, tournament, HTTP_ACCEPT_LANGUAGE="ru"))
    assert "Дурак, переводной" in ru
    assert "Игра Сдатчик Козырь" in ru
    assert "Счёт по дуракам" in ru
    assert "Сколько раз дурак" in ru
    uk = text(sheets(client, people, tournament, HTTP_ACCEPT_LANGUAGE="uk"))
    assert "Дурень, перевідний" in uk
    assert "Гра Здавальник Козир" in uk
    assert "Скільки разів дурень" in uk


def test_blank_sheet_gives_the_places_and_the_scoring():
    by_fools = durak.blank_sheet(durak.resolve_ruleset("simple", 2), ["Anna", "Boris"], games=3)
    assert by_fools["places"] == [1, 2]
    assert by_fools["scoring"] == "fools"
    assert by_fools["place_points"] is None
    assert by_fools["trumps"] is True
    assert [g["number"] for g in by_fools["games"]] == [1, 2, 3]
    by_places = durak.blank_sheet(
        durak.resolve_ruleset({"preset": "simple", "place_points": [3, 1, 0, -1]}, 3), ["A", "B", "C"]
    )
    assert by_places["scoring"] == "places"
    assert by_places["place_points"] == [
        {"place": 1, "points": 3},
        {"place": 2, "points": 1},
        {"place": 3, "points": 0},
    ]
