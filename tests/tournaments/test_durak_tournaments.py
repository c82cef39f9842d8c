"""Durak tournaments: tables of two to six seated as for Oh Hell, each table's log uploaded,
standings by fools or by points per place (issue 9), table points, ratings.

The tables play the hand-checked throw-in game of tests/data/durak (its bouts worked out in
tests/rules/durak/test_replay_throw_in.py) with the table's players written into its seats:
places 3, 2, 1 — seat 2 goes out first, seat 1 second, seat 0 is the fool.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.models import GameSeat, Player
from tournaments import services
from tournaments.models import Rating, Round, Standing, Table, Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data" / "durak"
NAMES = ["Аня", "Боря", "Вика", "Гена", "Дима", "Ева"]
PLACE_POINTS = {"preset": "throw-in", "place_points": [2, 1, 0]}


def seated_names(table: Table) -> list[str]:
    return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


def log_for(players: list[str], ruleset: Any) -> bytes:
    document = json.loads((DATA / "throw-in.json").read_text(encoding="utf-8"))
    document["players"] = players
    document["ruleset"] = ruleset
    return json.dumps(document, ensure_ascii=False).encode()


def durak_night(people, ruleset: Any, method: str = "total") -> Tournament:
    tournament = services.tournament_create(
        club=people.club,
        name="Дурак по пятницам",
        user=people.organiser,
        game_type="durak",
        ruleset=ruleset,
        preferred_table_size=3,
        standings_method=method,
        tiebreaks=["head_to_head", "lots"],
        seed=11,
    )
    for name in NAMES:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    return tournament


def play_round(tournament: Tournament, user) -> tuple[Round, list[list[str]]]:
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    seated = []
    for table in round_.tables.order_by("number"):
        players = seated_names(table)
        seated.append(players)
        outcome = services.table_game_upload(
            table=table, content=log_for(players, tournament.ruleset), user=user, filename="t.json"
        )
        assert outcome.result.error is None, outcome.result.error
    return round_, seated


def test_durak_tables_seat_two_to_six(people):
    for size in (2, 6):
        tournament = services.tournament_create(
            club=people.club,
            name=f"{size}",
            user=people.organiser,
            game_type="durak",
            preferred_table_size=size,
        )
        assert (tournament.ruleset, tournament.preferred_table_size) == ("simple", size)
        # The default tie-breaks, less contracts made: durak has none.
        assert tournament.tiebreaks == ["head_to_head", "best_game", "lots"]
    with pytest.raises(services.ServiceError, match=r"^Durak tables seat 2 to 6 players$"):
        services.tournament_create(
            club=people.club, name="7", user=people.organiser, game_type="durak", preferred_table_size=7
        )
    with pytest.raises(services.ServiceError, match=r"^ruleset.place_points\[1\]: must be a whole number"):
        services.tournament_create(
            club=people.club,
            name="x",
            user=people.organiser,
            game_type="durak",
            ruleset={"preset": "throw-in", "place_points": [2, "1"]},
        )
    with pytest.raises(services.ServiceError, match="Durak games have no whists"):
        services.tournament_create(
            club=people.club, name="w", user=people.organiser, game_type="durak", standings_method="whists"
        )


def test_six_players_sit_at_two_tables_of_three(people):
    tournament = durak_night(people, "throw-in")
    round_ = services.round_generate(tournament=tournament)
    assert [t.seats.count() for t in round_.tables.order_by("number")] == [3, 3]


def test_standings_count_the_fools_by_default(people):
    tournament = durak_night(people, "throw-in")
    _, first = play_round(tournament, people.scorer)
    _, second = play_round(tournament, people.scorer)
    fools = dict.fromkeys(NAMES, 0)
    for table in first + second:
        fools[table[0]] -= 1  # seat 0 is the fool at every table
    services.standings_compile(tournament=tournament)
    got = {s.player.display_name: (s.points, s.games) for s in Standing.objects.filter(tournament=tournament)}
    assert got == {name: (float(points), 2) for name, points in fools.items()}


def test_standings_by_points_per_place(people):
    tournament = durak_night(people, PLACE_POINTS)
    _, seated = play_round(tournament, people.scorer)
    table = seated[0]
    game_seats = GameSeat.objects.filter(game__game_type="durak", player__display_name__in=table)
    # Seat 2 out first: 2; seat 1 second: 1; seat 0 the fool: 0.
    assert {s.player.display_name: s.total for s in game_seats} == {table[0]: 0, table[1]: 1, table[2]: 2}
    services.standings_compile(tournament=tournament)
    points = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    for players in seated:
        assert [points[name] for name in players] == [0.0, 1.0, 2.0]


def test_a_table_refuses_a_log_under_other_scoring(people):
    tournament = durak_night(people, PLACE_POINTS)
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    table = round_.tables.order_by("number").first()
    refused = services.table_game_upload(
        table=table, content=log_for(seated_names(table), "throw-in"), user=people.scorer
    )
    assert refused.result.game is None
    assert refused.result.error["path"] == "ruleset"
    assert "place_points" in refused.result.error["message"]


def test_table_points_rank_each_table_by_its_totals(people):
    tournament = durak_night(people, "throw-in", method="table_points")
    _, seated = play_round(tournament, people.scorer)
    services.standings_compile(tournament=tournament)
    points = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    # −1 for the fool, 0 for the others: the two who went out share places 1–2 ((2 + 1) / 2).
    for players in seated:
        assert [points[name] for name in players] == [0.0, 1.5, 1.5]


def test_ratings_put_the_fool_last(people):
    tournament = durak_night(people, PLACE_POINTS)
    _, seated = play_round(tournament, people.scorer)
    assert services.ratings_rebuild(game_type="durak") == 2
    mu = {r.player.display_name: r.mu for r in Rating.objects.filter(game_type="durak")}
    for fool, second, first in seated:
        assert mu[first] > mu[second] > mu[fool]
