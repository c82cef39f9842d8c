"""Issue 20: the profile's game counts agree with the club's roster, per game and labelled; every
luck-and-skill figure on the profile, the club's and the tournament's analytics pages has its
one-sentence explanation beside it.

Anna plays two hand-written Oh Hell games (test_statistics.py's A and B) and one rubber-bridge
evening (tests/data/pbn/rubber.pbn, North): three games, 2 + 1.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import analytics, services
from games.analytics_display import HEADLINES, TOURNAMENT_COLUMNS, explain
from games.models import Game, Player
from games.templatetags.findings import game_name
from tests.games.factories import game_document
from tests.games.test_statistics import GAME_A, GAME_B, PLAYED_AT, record
from tests.tournaments.conftest import table_log
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parents[1] / "data"


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def member(people: Any) -> Client:
    client = Client()
    client.force_login(people.member)
    return client


@pytest.fixture
def anna(people: Any) -> Player:
    played = [record(people, GAME_A, PLAYED_AT["A"]), record(people, GAME_B, PLAYED_AT["B"])]
    result = services.game_upload(
        club=people.club,
        content=(DATA / "pbn" / "rubber.pbn").read_bytes(),
        user=people.scorer,
        filename="rubber.pbn",
    )
    assert result.game is not None, result.error
    played.append(result.game)
    analytics.analyse_games([game.pk for game in played])
    return Player.objects.get(club=people.club, display_name="Anna")


def roster_count(people: Any, player: Player) -> tuple[int, str]:
    """The club page's roster: the count in its context, and the line the page prints."""
    response = member(people).get(f"/clubs/{people.club.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    (entry,) = [p for p in response.context["players"] if p.pk == player.pk]
    html = response.content.decode()
    line = re.search(
        rf'<li><a href="/clubs/{people.club.slug}/players/{player.pk}/">{player.display_name}</a>(.*?)</li>',
        html,
    )
    assert line is not None
    return entry.games_played, text(line.group(1))


def test_the_profile_counts_every_game_as_the_roster_does(people: Any, anna: Player) -> None:
    assert set(Game.objects.filter(seats__player=anna).values_list("game_type", flat=True)) == {
        "oh-hell",
        "bridge-rubber",
    }
    count, line = roster_count(people, anna)
    assert (count, line) == (3, "(3 games)")

    response = member(people).get(f"/clubs/kozyr/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    with translation.override("en"):
        bridge, oh_hell = game_name("bridge-rubber"), game_name("oh-hell")
    played = response.context["played"]
    assert played == {
        "total": 3,
        "by_type": [{"game": bridge, "count": 1}, {"game": oh_hell, "count": 2}],
    }
    assert played["total"] == count
    lead = re.search(r'<p class="lead">(.*?)</p>', response.content.decode(), flags=re.S)
    assert lead is not None
    assert text(lead.group(1)) == f"A player of Клуб «Козырь» · 3 games recorded: {bridge} 1, {oh_hell} 2"


def test_one_kind_of_game_is_counted_without_a_breakdown(people: Any) -> None:
    record(people, GAME_A, PLAYED_AT["A"])
    record(people, GAME_B, PLAYED_AT["B"])
    vera = Player.objects.get(club=people.club, display_name="Vera")
    assert roster_count(people, vera) == (2, "(2 games)")
    response = member(people).get(f"/clubs/kozyr/players/{vera.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.context["played"] == {"total": 2, "by_type": [{"game": "Oh Hell", "count": 2}]}
    lead = re.search(r'<p class="lead">(.*?)</p>', response.content.decode(), flags=re.S)
    assert lead is not None
    assert text(lead.group(1)) == "A player of Клуб «Козырь» · 2 games recorded"


# --- the explanations -------------------------------------------------------------------------------


def test_every_figure_has_a_note_in_the_headlines() -> None:
    for game_type, specs in HEADLINES.items():
        for path, label, note, _how in specs:
            assert str(note).strip(), f"{game_type} {path} ({label}) has no explanation"
            assert str(note).count(". ") == 0, f"{game_type} {path}: one sentence"


def test_the_profile_explains_each_figure_beside_it(people: Any, anna: Player) -> None:
    html = member(people).get(f"/clubs/kozyr/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    with translation.override("en"):
        for game_type in ("oh-hell", "bridge-rubber"):
            table = re.search(
                rf'<table class="[^"]*" id="analytics-{game_type}">.*?</table>', html, flags=re.S
            )
            assert table is not None
            for _path, label, note, _how in HEADLINES[game_type]:
                row = re.search(rf'<tr><th scope="row">{re.escape(str(label))}</th>.*?</tr>', table.group(0))
                assert row is not None, label
                assert f'<td class="note">{note}</td>' in row.group(0).replace("&#x27;", "'")
            for sentence in explain(game_type):
                assert sentence in html.replace("&#x27;", "'")
    # The bridge skill is in IMPs a deal (issue 20: "+336.25" was points): Anna, North, IMPs.
    assert "Skill: mean score − par, IMPs a deal" in html


def test_the_club_page_explains_each_figure(people: Any) -> None:
    game = services.game_upload(
        club=people.club, content=json.dumps(game_document(seed=31)).encode(), user=people.scorer
    ).game
    analytics.analyse_games([game.pk])
    html = member(people).get("/clubs/kozyr/analytics/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    html = html.replace("&#x27;", "'")
    assert (
        "For each number of cards dealt: the average bid, the tricks such hands take on average "
        "(expected tricks), the difference, and how often the contract was made." in html
    )
    assert (
        '<p class="explain" id="club-by-cards-hands">Hands: how many players\' hands of that size were '
        "analysed, one for each seat of each deal.</p>" in html
    )
    assert (
        "The dealer bids last, knowing every other bid. Contracts made by the dealer against the other seats:"
        in html
    )
    assert (
        '<p class="explain" id="club-dealer-advantage">Dealer\'s advantage: the dealer\'s share of contracts '
        "made less the other seats' share; above 0, bidding last paid.</p>" in html
    )
    assert "After the bidding the scorekeeper announces whether the bids sum over the cards" in html


def test_the_tournament_page_explains_each_column(people: Any) -> None:
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
    html = (
        member(people)
        .get(f"/tournaments/{tournament.pk}/analytics/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    notes = re.search(
        r'<dl class="column-notes" id="tournament-analytics-notes">(.*?)</dl>', html, flags=re.S
    )
    assert notes is not None
    specs = {path: (label, note) for path, label, note, _how in HEADLINES["oh-hell"]}
    with translation.override("en"):
        expected = [(str(specs[p][0]), str(specs[p][1])) for p in TOURNAMENT_COLUMNS["oh-hell"]]
    got = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", notes.group(1).replace("&#x27;", "'"))
    assert got == expected
    assert all(note for _label, note in got)
