"""A tournament of the people fixture's club with eight entrants, ready to seat."""

from __future__ import annotations

import json
import time

import pytest

from games.models import Player
from rules.ohhell.simulate import simulate
from tournaments import services, tasks
from tournaments.models import Table, Tournament

NAMES = ["Анна", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя"]


@pytest.fixture
def tournament(people) -> Tournament:
    tournament = services.tournament_create(
        club=people.club,
        name="Кубок осени",
        user=people.organiser,
        seed=11,
        tiebreaks=["head_to_head", "lots"],
    )
    for name in NAMES:
        player = Player.objects.create(club=people.club, display_name=name)
        services.entry_add(tournament=tournament, player=player)
    return tournament


def table_log(table: Table, seed: int, **options) -> bytes:
    """A simulated game of this table's players, in the table's seat order."""
    names = [seat.player.display_name for seat in table.seats.select_related("player").order_by("seat")]
    return json.dumps(simulate(players=names, seed=seed, **options).document, ensure_ascii=False).encode()


@pytest.fixture
def seated(tournament):
    """Round 1 generated and confirmed."""
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    return round_


def drain(tournament: Tournament) -> None:
    """Wait until the live worker has nothing left to do for ``tournament``: no compile queued
    or running, and every task sent before (ratings too) done — a ping sent through the same
    queue comes back only after them (the worker takes one task at a time, in order)."""
    from config.celery import ping

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ping.apply_async(args=["drain"]).get(timeout=60)
        stale = Tournament.objects.get(pk=tournament.pk).standings_stale
        if not stale and tasks.cache.get(tasks.pending_key(tournament.pk)) is None:
            return
        time.sleep(0.1)
    raise AssertionError("the worker did not finish the tournament's tasks")
