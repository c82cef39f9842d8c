"""Preferans tournaments: three-seat tables (four with the dealer sitting out), each table's
pulka uploaded, standings by the settlement balance, ratings.

Each table's game is one of the hand-checked Sochi pulkas (tests/data/preferans) with the
table's players written into its seats. What each settles to, by seat, was worked out by
hand (tests/rules/preferans/test_settlement.py, test_replay.py):

    sochi-pulka.json          +140, +55, -195
    dark-passout-bombs.json    +18, -75,  +57
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from games.models import Game, GameSeat, Player
from tournaments import services
from tournaments.models import Rating, Round, Standing, Table, Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data" / "preferans"
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Даша", "Егор"]
BALANCES = {"sochi-pulka": (140, 55, -195), "dark-passout-bombs": (18, -75, 57)}


def seated_names(table: Table) -> list[str]:
    return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


def pulka_for(name: str, players: list[str], ruleset: Any = "sochi") -> bytes:
    document = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    document["players"] = players
    document["ruleset"] = ruleset
    return json.dumps(document, ensure_ascii=False).encode()


@pytest.fixture
def pulka_night(people) -> Tournament:
    tournament = services.tournament_create(
        club=people.club,
        name="Пулька по средам",
        user=people.organiser,
        game_type="preferans",
        ruleset="sochi",
        preferred_table_size=3,
        standings_method="total",
        tiebreaks=["head_to_head", "contracts_made", "lots"],
        seed=5,
    )
    for name in NAMES:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    return tournament


def play_round(tournament: Tournament, user, files: list[str]) -> tuple[Round, list[list[str]]]:
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    tables = list(round_.tables.order_by("number"))
    assert len(tables) == len(files)
    seated = []
    for table, name in zip(tables, files, strict=True):
        players = seated_names(table)
        seated.append(players)
        outcome = services.table_game_upload(
            table=table, content=pulka_for(name, players), user=user, filename=f"t{table.number}.json"
        )
        assert outcome.result.error is None, outcome.result.error
    return round_, seated


def expected(rounds: list[tuple[list[list[str]], list[str]]]) -> dict[str, int]:
    out = dict.fromkeys(NAMES, 0)
    for seated, files in rounds:
        for players, name in zip(seated, files, strict=True):
            for seat, player in enumerate(players):
                out[player] += BALANCES[name][seat]
    return out


def test_a_preferans_tournament_takes_the_conventions_and_three_or_four_seats(people, pulka_night):
    assert (pulka_night.game_type, pulka_night.ruleset, pulka_night.preferred_table_size) == (
        "preferans",
        "sochi",
        3,
    )
    four = services.tournament_create(
        club=people.club,
        name="Вчетвером",
        user=people.organiser,
        game_type="preferans",
        ruleset={"preset": "leningrad", "pool": 30},
        preferred_table_size=4,
    )
    assert (four.ruleset, four.preferred_table_size) == ({"preset": "leningrad", "pool": 30}, 4)
    for settings, message in [
        ({"preferred_table_size": 5}, "Preferans tables seat 3 or 4 players"),
        ({"ruleset": "moscow"}, "ruleset: unknown preset 'moscow'"),
        (
            {"ruleset": {"preset": "rostov", "bomb_use": "nobody"}},
            "ruleset.bomb_use: must be one of owner, table",
        ),
    ]:
        with pytest.raises(services.ServiceError) as caught:
            services.tournament_create(
                club=people.club, name="X", user=people.organiser, game_type="preferans", **settings
            )
        assert str(caught.value).startswith(message), str(caught.value)


def test_a_table_refuses_a_pulka_under_another_convention(people, pulka_night):
    round_ = services.round_generate(tournament=pulka_night)
    services.round_confirm(round_=round_)
    table = round_.tables.order_by("number").first()
    players = seated_names(table)
    refused = services.table_game_upload(
        table=table, content=pulka_for("sochi-pulka", players, ruleset="leningrad"), user=people.scorer
    )
    assert refused.result.game is None
    assert refused.result.error["path"] == "ruleset"
    assert refused.result.error["message"].startswith("the tournament's ruleset differs in ")
    accepted = services.table_game_upload(
        table=table, content=pulka_for("sochi-pulka", players), user=people.scorer
    )
    game = accepted.result.game
    assert game is not None
    by_player = {s.player.display_name: (s.total, s.whists) for s in GameSeat.objects.filter(game=game)}
    assert by_player == {players[0]: (140, 140), players[1]: (55, 55), players[2]: (-195, -195)}


def test_standings_by_the_settlement_balance_over_two_rounds(people, pulka_night):
    _first, seated_1 = play_round(pulka_night, people.scorer, ["sochi-pulka", "dark-passout-bombs"])
    _second, seated_2 = play_round(pulka_night, people.scorer, ["dark-passout-bombs", "sochi-pulka"])
    rounds = [
        (seated_1, ["sochi-pulka", "dark-passout-bombs"]),
        (seated_2, ["dark-passout-bombs", "sochi-pulka"]),
    ]
    assert Game.objects.filter(game_type="preferans").count() == 4
    want = expected(rounds)
    # Each pulka settles to zero, so the standings do too.
    assert sum(want.values()) == 0

    services.standings_compile(tournament=pulka_night)
    by_total = {
        s.player.display_name: (s.points, s.games) for s in Standing.objects.filter(tournament=pulka_night)
    }
    assert by_total == {name: (float(points), 2) for name, points in want.items()}

    # The balance is whists: ranking by whists gives the same points.
    Tournament.objects.filter(pk=pulka_night.pk).update(standings_method=Tournament.Method.WHISTS)
    pulka_night.refresh_from_db()
    lines = services.standings_compile(tournament=pulka_night)
    assert {line.player.display_name: line.points for line in lines} == {n: float(p) for n, p in want.items()}
    ordered = sorted(lines, key=lambda line: (line.rank, line.player.display_name))
    assert [line.points for line in ordered] == sorted((float(p) for p in want.values()), reverse=True)


def test_ratings_rate_each_player_of_a_pulka_alone(people, pulka_night):
    _, seated = play_round(pulka_night, people.scorer, ["sochi-pulka", "dark-passout-bombs"])
    assert services.ratings_rebuild(game_type="preferans") == 2
    mu = {r.player.display_name: r.mu for r in Rating.objects.filter(game_type="preferans")}
    first, second = seated
    # sochi-pulka: seat 0 (+140) above seat 1 (+55) above seat 2 (−195).
    assert mu[first[0]] > mu[first[1]] > mu[first[2]]
    # dark-passout-bombs: seat 2 (+57) above seat 0 (+18) above seat 1 (−75).
    assert mu[second[2]] > mu[second[0]] > mu[second[1]]


def test_the_tournament_pages_read_a_preferans_tournament(client, people, pulka_night):
    _, seated = play_round(pulka_night, people.scorer, ["sochi-pulka", "dark-passout-bombs"])
    services.standings_compile(tournament=pulka_night)
    client.force_login(people.member)
    for name in ("tournament-page", "tournament-standings", "tournament-cross-table"):
        response = client.get(reverse(name, kwargs={"pk": pulka_night.pk}))
        assert response.status_code == 200, name
    page = client.get(reverse("tournament-standings", kwargs={"pk": pulka_night.pk})).content.decode()
    leader = seated[0][0]  # +140, the best balance of the round
    assert leader in page
    assert page.index(leader) < page.index(seated[0][2])
