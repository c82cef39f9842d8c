"""A duplicate table is rated on its sides' result against the field (tournaments.duplicate_ratings),
not on its raw total, which says who held the cards; and only once its event is finished."""

from __future__ import annotations

import json
import re

import pytest

from games import services as game_services
from games.models import Player
from rules.duplicate.movements import mitchell
from tests.tournaments.test_duplicate_individual import _event as individual_event
from tests.tournaments.test_duplicate_individual import _round_1 as individual_round_1
from tests.tournaments.test_duplicate_individual import _table as individual_table
from tests.tournaments.test_duplicate_teams import ROUND_ROBIN, _match
from tests.tournaments.test_duplicate_teams import _event as teams_event
from tests.tournaments.test_duplicate_teams import _table as teams_table
from tournaments import duplicate, duplicate_ratings, services
from tournaments.models import Rating, RatingChange, Table, Tournament

pytestmark = pytest.mark.django_db

INITIAL_MU = 25.0


def _pairs_evening(people):
    """Six pairs, a three-table Mitchell of one board a round; board 1 recorded at the three
    tables that play it: 4♠ by North making 10 (420), 8 (−100) and 9 (−50), nobody vulnerable."""
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=f"Игрок {n}") for n in range(1, 13)]
    duplicate.setup(
        tournament=tournament,
        pairs=[(players[2 * i], players[2 * i + 1]) for i in range(6)],
        boards_per_round=1,
        deal_seed="ratings-seed",
    )
    assert mitchell(3).rounds == 3
    tables = list(
        Table.objects.filter(round__tournament=tournament, sitting__board_set=1).order_by("round__number")
    )
    for table, tricks in zip(tables, (10, 8, 9), strict=True):
        names = [s.player.display_name for s in table.seats.order_by("seat")]
        board = {"board": 1, "contract": "4S", "declarer": "N", "result": tricks}
        content = json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": [board]})
        services.table_game_upload(table=table, content=content.encode(), user=people.scorer)
    return tournament, [Table.objects.get(pk=t.pk) for t in tables]


def test_a_pairs_table_is_scored_by_its_matchpoints(people):
    _tournament, tables = _pairs_evening(people)
    # 420 beats both (4 of 4 to North–South), −50 beats −100 (2 each way), −100 beats none.
    assert duplicate_ratings.table_scores([t.game_id for t in tables]) == {
        tables[0].game_id: (4.0, 0.0),
        tables[1].game_id: (0.0, 4.0),
        tables[2].game_id: (2.0, 2.0),
    }


def test_a_duplicate_event_is_rated_when_it_is_finished_and_on_the_field(
    people, django_capture_on_commit_callbacks
):
    tournament, tables = _pairs_evening(people)
    assert services.ratings_rebuild(game_type="bridge-duplicate") == 0  # running: not yet
    assert not Rating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)
    assert RatingChange.objects.filter(game_type="bridge-duplicate").count() == 12
    mu = dict(Rating.objects.filter(game_type="bridge-duplicate").values_list("player_id", "mu"))
    seats = {t.pk: [s.player_id for s in t.seats.order_by("seat")] for t in tables}
    north, east, south, west = seats[tables[0].pk]
    assert mu[north] == mu[south] > INITIAL_MU > mu[east] == mu[west]  # 420: the top
    # −50 against −100's table: 2 matchpoints each, a tie on the same cards; the raw total
    # (North–South −50) would have made East–West the winners.
    north, east, south, west = seats[tables[2].pk]
    assert mu[north] == pytest.approx(INITIAL_MU)
    assert mu[east] == pytest.approx(INITIAL_MU)


def test_an_individuals_partnerships_are_scored_by_their_matchpoints(people):
    tournament, _event_row, _players = individual_event(people)
    individual_round_1(tournament, people)
    # Table 1's North–South (8, 6): 2 on board 1 (420 against −50) and 1 on board 2 (110 both);
    # its East–West (5, 3): 0 and 1. Table 2 the other way round.
    first, second = individual_table(tournament, 1, 1), individual_table(tournament, 1, 2)
    assert duplicate_ratings.table_scores([first.game_id, second.game_id]) == {
        first.game_id: (3.0, 1.0),
        second.game_id: (1.0, 3.0),
    }


def test_a_teams_table_is_scored_by_its_teams_match(people):
    tournament, _event_row, _players = teams_event(people, 4)
    _match(tournament, people, 1, 1, *ROUND_ROBIN[(1, 1)])
    # Team 1 beat team 4 20–0 (tests/tournaments/test_duplicate_teams.py): team 1 sits
    # North–South at the open table and East–West at the closed one.
    open_table, closed_table = teams_table(tournament, 1, 1), teams_table(tournament, 1, 2)
    assert duplicate_ratings.table_scores([open_table.game_id, closed_table.game_id]) == {
        open_table.game_id: (20.0, 0.0),
        closed_table.game_id: (0.0, 20.0),
    }


def test_a_duplicate_table_has_no_place_on_the_players_profile(people, client):
    _tournament, tables = _pairs_evening(people)
    north = tables[0].seats.get(seat=0).player
    client.force_login(people.member)
    html = client.get(f"/clubs/{people.club.slug}/players/{north.pk}/").content.decode()
    (row,) = [r for r in re.findall(r"<tr>.*?</tr>", html, re.S) if f"/games/{tables[0].game_id}/" in r]
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
    assert cells[-2:] == ["420", "—"]  # North–South's 420, and no "1–2 of 4"
    # Only bridge played: the Oh Hell statistics table gives way to a sentence saying so.
    assert 'id="statistics-table"' not in html
    assert "this player has no game of Oh Hell yet" in html


def test_an_evening_rated_at_once_is_rebuilt_once_and_again_after_a_correction(
    people, django_capture_on_commit_callbacks
):
    tournament, tables = _pairs_evening(people)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)
    game = tables[1].game
    # The rebuild that finishing queued covers every table recorded before it.
    assert services.ratings_update(game=game) == 0
    names = [s.player.display_name for s in tables[1].seats.order_by("seat")]
    board = {"board": 1, "contract": "4S", "declarer": "N", "result": 10}
    content = json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": [board]})
    game_services.game_correct(game=game, content=content.encode(), user=people.scorer, reason="10 tricks")
    game.refresh_from_db()
    assert services.ratings_update(game=game) == 3  # the three tables rated again
