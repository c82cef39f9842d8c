"""Re-audits and bulk imports go out in chunks (a Celery chord and group) and end as one job would."""

from __future__ import annotations

import base64
import io
import math
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction

import rules.ohhell
from games import services, tasks
from games.models import Game, Upload
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db

RENEGE_LOG = Path(__file__).resolve().parents[1] / "data/spec-examples/ohhell/renege-and-redeal.json"


@pytest.mark.parametrize(("count", "size"), [(0, 3), (1, 3), (5, 2), (6, 2), (6, 6), (6, 100)])
def test_chunked_makes_ceil_n_over_size_chunks_in_order(count, size):
    chunks = tasks.chunked(list(range(count)), size)
    assert len(chunks) == math.ceil(count / size)
    assert [i for chunk in chunks for i in chunk] == list(range(count))
    assert all(len(chunk) == size for chunk in chunks[:-1])


@pytest.fixture
def games(people, monkeypatch) -> list[Game]:
    """Five games audited by an older engine; the new one punishes a renege harder, so one game changes."""
    recorded = [
        services.game_upload(club=people.club, content=RENEGE_LOG.read_bytes(), user=people.scorer).game
    ]
    for seed in range(4):
        recorded.append(
            services.game_upload(club=people.club, content=game_bytes(seed=seed), user=people.scorer).game
        )
    monkeypatch.setattr(rules.ohhell, "ENGINE_VERSION", "next")
    monkeypatch.setitem(rules.ohhell.PRESETS["classic"], "renege_penalty", 20)
    return recorded


def state(games: list[Game]) -> list[tuple[Any, ...]]:
    """What a re-audit leaves on each game (everything but the new rows' ids)."""
    rows = Game.objects.filter(pk__in=[g.pk for g in games]).select_related("current_report").order_by("pk")
    return [
        (g.pk, g.status, g.totals, g.current_report.engine_version, g.current_report.report["findings"])
        for g in rows
    ]


def test_a_reaudit_of_n_games_runs_in_ceil_n_over_chunk_chunks_and_ends_as_one_chunk_would(
    games, monkeypatch
):
    ids = [g.pk for g in games]
    sizes: list[int] = []
    reaudit = services.games_reaudit

    def counting(*, games):
        sizes.append(len(games))
        return reaudit(games=games)

    monkeypatch.setattr(services, "games_reaudit", counting)
    with transaction.atomic():  # chunked, then undone, so the unchunked run starts from the same games
        chunked = tasks.reaudit_start(ids, chunk_size=2).get()
        chunked_state = state(games)
        transaction.set_rollback(True)
    assert sizes == [2, 2, 1]
    assert chunked["chunks"] == 3 == math.ceil(len(ids) / 2)

    sizes.clear()
    whole = tasks.reaudit_start(ids, chunk_size=len(ids)).get()
    assert sizes == [5]
    assert whole["chunks"] == 1
    assert {k: v for k, v in chunked.items() if k != "chunks"} == {
        k: v for k, v in whole.items() if k != "chunks"
    }
    assert chunked_state == state(games)
    assert whole["reaudited"] == 5
    assert [c["game"] for c in whole["changed"]] == [games[0].pk]
    assert whole["changed"][0]["totals_after"] == [21, 22, 0]


def test_nothing_to_reaudit_is_an_empty_summary():
    assert tasks.reaudit_start([], chunk_size=10).get() == {"chunks": 0, "reaudited": 0, "changed": []}


def test_a_bulk_import_group_returns_each_chunks_results_in_order(people):
    items = [(f"g{i}.json", game_bytes(seed=40 + i)) for i in range(5)]
    encoded = [(label, base64.b64encode(data).decode()) for label, data in items]
    result = tasks.import_group(people.club.pk, people.organiser.pk, encoded, chunk_size=2)
    chunks = [r.get() for r in result.results]
    assert [len(c) for c in chunks] == [2, 2, 1]
    assert [r["label"] for c in chunks for r in c] == [label for label, _ in items]
    assert Upload.objects.filter(outcome="accepted").count() == 5


def test_the_reaudit_command_prints_the_chords_summary(games):
    out = io.StringIO()
    call_command("reaudit", "--chunk-size", "2", stdout=out)
    assert out.getvalue().splitlines() == [
        "re-audited: 5",
        "changed: 1",
        f"  game {games[0].pk}: errors -> errors, totals [21, 22, 10] -> [21, 22, 0]",
    ]


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_reaudit_chord_runs_on_the_live_worker(celery_worker_process, people):
    for seed in range(3):
        services.game_upload(club=people.club, content=game_bytes(seed=seed), user=people.scorer)
    out = io.StringIO()
    call_command("reaudit", "--all", "--chunk-size", "2", stdout=out)
    assert out.getvalue().splitlines() == ["re-audited: 3", "changed: 0"]


def test_the_reaudit_command_lists_each_stale_game_once(games, monkeypatch):
    listed: list[int] = []
    start = tasks.reaudit_start

    def spy(game_ids, *, chunk_size):
        listed.extend(game_ids)
        return start(game_ids, chunk_size=chunk_size)

    monkeypatch.setattr("games.management.commands.reaudit.reaudit_start", spy)
    call_command("reaudit", stdout=io.StringIO())
    assert sorted(listed) == sorted(g.pk for g in games)
