"""A re-audit that changes a game's totals (a rules fix) is announced like a correction, so
its tournament's standings follow; one that changes nothing queues nothing."""

from __future__ import annotations

from unittest import mock

import pytest

from games import services as games
from games.models import Game, GameSeat
from tests.tournaments.conftest import table_log
from tournaments import services, tasks
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


def test_a_reaudit_that_changes_totals_recompiles_the_standings(
    tournament, seated, people, django_capture_on_commit_callbacks
):
    table = seated.tables.order_by("number").first()
    game = services.table_game_upload(
        table=table, content=table_log(table, 31), user=people.scorer
    ).result.game
    true_totals = list(game.totals)
    # What an older engine had stored: every seat at zero, and standings compiled from that.
    Game.objects.filter(pk=game.pk).update(totals=[0] * len(true_totals))
    GameSeat.objects.filter(game=game).update(total=0)
    services.standings_compile(tournament=tournament)
    assert set(Standing.objects.filter(tournament=tournament, games=1).values_list("points", flat=True)) == {
        0.0
    }

    with django_capture_on_commit_callbacks(execute=True):
        games.games_reaudit(games=[Game.objects.prefetch_related("seats").get(pk=game.pk)])
    points = {
        s.player.display_name: s.points
        for s in Standing.objects.filter(tournament=tournament, games=1).select_related("player")
    }
    names = [seat.player.display_name for seat in table.seats.select_related("player").order_by("seat")]
    assert points == {name: float(total) for name, total in zip(names, true_totals, strict=True)}


def test_a_reaudit_that_changes_nothing_queues_nothing(
    tournament, seated, people, django_capture_on_commit_callbacks
):
    table = seated.tables.order_by("number").first()
    game = services.table_game_upload(
        table=table, content=table_log(table, 32), user=people.scorer
    ).result.game
    with (
        mock.patch.object(tasks, "queue_compile_safely") as queued,
        django_capture_on_commit_callbacks(execute=True),
    ):
        games.games_reaudit(games=[Game.objects.prefetch_related("seats").get(pk=game.pk)])
    queued.assert_not_called()
