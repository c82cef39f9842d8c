"""The printable blank pulka of a preferans tournament's tables (/tournaments/<pk>/rounds/<n>/sheets/):
per player a sector with the pool (to the agreed target), the mountain, the whists on each
opponent and a box for the bombs, and beside it the convention's prices."""

from __future__ import annotations

import re

import pytest

import rules.preferans as preferans
from games.models import Player
from tournaments import services
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

NAMES = ["Анна", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя"]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def seated_names(table: Table) -> list[str]:
    return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


def pulka_tournament(people, ruleset: object, size: int = 3) -> Tournament:
    tournament = services.tournament_create(
        club=people.club,
        name="Пулька по средам",
        user=people.organiser,
        game_type="preferans",
        ruleset=ruleset,
        preferred_table_size=size,
        standings_method="total",
        tiebreaks=["lots"],
        seed=5,
    )
    for name in NAMES[: 2 * size]:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    services.round_confirm(round_=services.round_generate(tournament=tournament))
    return tournament


def sheets(client, people, tournament: Tournament) -> str:
    client.force_login(people.member)
    response = client.get(f"/tournaments/{tournament.pk}/rounds/1/sheets/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_blank_pulka_per_table_with_the_players_and_the_pool_target(client, people):
    tournament = pulka_tournament(people, {"preset": "sochi", "pool": 30})
    page = sheets(client, people, tournament)
    assert page.count('<table class="score-sheet pulka-sheet pulka-blank">') == 6  # two tables of three
    assert page.count("css/preferans.css") == 1
    for table in tournament.rounds.get(number=1).tables.all():
        names = seated_names(table)
        for name in names:
            assert f'<caption><span class="pulka-name">{name}</span></caption>' in page
            others = [o for o in names if o != name]
            assert f"Whists on {others[0]}</th>" in page
            assert f"Bombs of {name}" in page
    assert '<span class="pool-target">pool to 30</span>' in page
    assert page.count('<th scope="col" class="pool-col">Pool (to 30)</th>') == 6
    assert '<span class="preset">Sochi</span>' in page
    # Twelve blank lines under each column, and the totals line.
    first = re.search(r'<table class="score-sheet pulka-sheet pulka-blank">(.*?)</table>', page, re.S).group(
        1
    )
    assert len(re.findall(r"<tr>", re.search(r"<tbody>(.*?)</tbody>", first, re.S).group(1))) == 12


def test_the_prices_are_the_convention_s(client, people):
    page = sheets(client, people, pulka_tournament(people, "leningrad"))
    prices = re.search(r'<table class="score-sheet pulka-prices">(.*?)</table>', page, re.S).group(1)
    body = re.search(r"<tbody>(.*?)</tbody>", prices, re.S).group(1)
    assert [text(r) for r in re.findall(r"<tr>(.*?)</tr>", body, re.S)] == [
        "6 2 4 4 4 4",
        "7 4 8 8 8 2",
        "8 6 12 12 12 1",
        "9 8 16 16 16 1",
        "10 10 20 20 20 —",
        "misère 10 — 20 — —",
    ]
    assert "a pool point is worth 20 whists, a mountain point 10" in page
    assert "Pass-outs: 2 in the mountain per trick taken" in page
    assert "series 1-2-3, lowest game after them 6-7-7" in page


def test_four_at_a_table_each_writes_on_three_opponents(client, people):
    page = sheets(client, people, pulka_tournament(people, "rostov", size=4))
    first = re.search(r'<table class="score-sheet pulka-sheet pulka-blank">(.*?)</table>', page, re.S).group(
        1
    )
    assert first.count('class="whist-col">Whists on') == 3
    assert "Four at a table: the dealer sits out of each deal." in page
    assert "Pass-outs: whists on the partners, 5 per trick they took" in page


def test_the_blank_sheet_data():
    sheet = preferans.blank_sheet(preferans.resolve_ruleset("rostov", 3), ["A", "B", "C"])
    assert (sheet["pool"], sheet["preset"], len(sheet["lines"])) == (20, "rostov", 12)
    assert sheet["sections"][0] == {"player": "A", "whists_on": ["B", "C"]}
    assert sheet["prices"][0] == {
        "level": 6,
        "game": 2,
        "whist": 2,
        "undertrick": 2,
        "consolation": 2,
        "quota": 4,
    }
    assert sheet["passout"] == {"scoring": "whists", "trick": 5, "series": [1, 1, 1], "minimum": [6, 6, 6]}
    assert sheet["misere"] == {"game": 10, "trick": 10}
    assert sheet["bombs"] is True
    light = preferans.blank_sheet(
        preferans.resolve_ruleset({"preset": "sochi", "dark_games": False}, 3), "ABC"
    )
    assert light["bombs"] is False
