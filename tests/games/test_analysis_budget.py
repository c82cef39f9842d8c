"""Analysis bounded (issue 21, item 13): a time and a size budget per game.

The reproduction: "a 600-deal PBN takes 0.7 s to record and 165 s to analyse, inside the
request when Celery is eager." Bridge's double dummy (DDS) costs about a quarter of a second
a deal; here a stand-in solver charges exactly that to a fake clock (and counts its calls),
so the budgets are checked by what they let through, never by timing anything (performance
figures live in bench/analysis.py and docs/performance.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.test import Client

from games import analytics, services, tasks
from games.models import DealEstimate, Game, GameAnalysis, SeatAnalysis
from rules import registry
from rules.bridge import analytics as bridge_analytics
from rules.bridge.core import SEATS, STRAIN_LETTERS
from rules.bridge.pbn import write_pbn
from rules.bridge.simulate import simulate
from tests.games.factories import game_document

pytestmark = pytest.mark.django_db

BOARDS = 600
#: What one DDS table and par cost on the development machine (docs/performance.md), in fake seconds.
DEAL_S = 0.25


def pbn(deals: int = BOARDS, seed: int = 2026) -> bytes:
    """A PBN file of ``deals`` boards of simulated rubber bridge, every hand and the play written."""
    return write_pbn(simulate(seed=seed, deals=deals).document).encode()


@pytest.fixture(scope="module")
def pbn_600() -> bytes:
    return pbn()


class FakeDDS:
    """A clock the budgets read, and a double-dummy solver that advances it by DEAL_S a deal.

    ``fail_at``: the call on which the solver raises Celery's SoftTimeLimitExceeded instead, as a
    worker's soft time limit would in the middle of a deal.
    """

    def __init__(self) -> None:
        self.now = 1000.0
        self.solved = 0
        self.fail_at: int | None = None

    def __call__(self) -> float:
        return self.now

    def solve(self, hands: Any, dealer: int, vulnerable: tuple[bool, bool]) -> Any:
        if self.fail_at is not None and self.solved + 1 == self.fail_at:
            raise SoftTimeLimitExceeded()
        self.solved += 1
        self.now += DEAL_S
        return {letter: dict.fromkeys(SEATS, 7) for letter in STRAIN_LETTERS}, 0, "pass"


@pytest.fixture
def dds(monkeypatch: Any) -> FakeDDS:
    fake = FakeDDS()
    monkeypatch.setattr(bridge_analytics, "solve", fake.solve)
    monkeypatch.setattr(analytics, "clock", fake, raising=False)
    return fake


@pytest.fixture
def budgets(settings: Any) -> Any:
    """The documented defaults, whatever the environment says."""
    settings.ANALYSIS_INLINE_BUDGET_S = 2
    settings.ANALYSIS_TIME_BUDGET_S = 30
    settings.ANALYSIS_MAX_DEALS = 200
    settings.ANALYSIS_TASK_SOFT_TIME_LIMIT = 300
    return settings


@pytest.fixture
def on_record(settings: Any, django_capture_on_commit_callbacks: Any) -> Any:
    settings.ANALYTICS_ON_RECORD = True
    return django_capture_on_commit_callbacks


def record(people: Any, content: bytes, name: str = "season.pbn") -> Game:
    result = services.game_upload(club=people.club, content=content, user=people.scorer, filename=name)
    assert result.game is not None, result.error
    result.game.refresh_from_db()
    return result.game


def current(game: Game) -> GameAnalysis:
    game.refresh_from_db()
    return GameAnalysis.objects.get(report=game.current_report)


def stored_rows(game: Game) -> list[dict[str, Any]]:
    seats = SeatAnalysis.objects.filter(analysis__report=game.current_report)
    return sorted((row for s in seats for row in s.rows), key=lambda r: (r["deal"], r["seat"]))


def rules_rows(game: Game, deals: int) -> list[dict[str, Any]]:
    """What the rules compute for the first ``deals`` deals of the game's current report."""
    reading = registry.read(bytes(game.current_revision.content))
    rows = registry.analytics(game.game_type).analyse_game(game.current_report.report, reading.log)
    numbers = [deal["deal"] for deal in game.current_report.report["deals"][:deals]]
    return sorted((r for r in rows if r["deal"] in numbers), key=lambda r: (r["deal"], r["seat"]))


@pytest.fixture
def broker(monkeypatch: Any) -> Iterator[list[tuple[list[int], dict[str, Any]]]]:
    """Production: a broker configured (not eager); the tasks sent are captured, not run.

    The app's eager flag is put back here, not by ``monkeypatch``: an autouse fixture may have
    set monkeypatch up before the conftest's eager fixture, and its undo would then run last and
    leave the flag eager for the worker's next test (the live-worker test saw an EagerResult)."""
    sent: list[tuple[list[int], dict[str, Any]]] = []
    conf = tasks.analyse_chunk.app.conf
    previous = conf.task_always_eager
    conf.task_always_eager = False
    monkeypatch.setattr(tasks.analyse_chunk, "delay", lambda ids, **kw: sent.append((list(ids), kw)))
    try:
        yield sent
    finally:
        conf.task_always_eager = previous


# --- the reproduction --------------------------------------------------------------------------


def test_an_eager_upload_of_a_600_deal_pbn_analyses_only_what_fits_its_inline_budget(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any, on_record: Any
) -> None:
    with on_record(execute=True):
        game = record(people, pbn_600)
    # The request solved what fits in ANALYSIS_INLINE_BUDGET_S (2 s at 0.25 s a deal), not 600 deals.
    assert dds.solved == 8
    analysis = current(game)
    assert analysis.stopped_by == GameAnalysis.StoppedBy.INLINE
    assert (analysis.deals_examined, analysis.deals_total, analysis.deals) == (8, BOARDS, 8)
    assert analysis.partial
    assert stored_rows(game) == rules_rows(game, 8)
    assert all(s.deals == 8 for s in SeatAnalysis.objects.filter(analysis=analysis))
    # What the request left is the sweep's (or `manage.py analyse`'s): the game still counts as unanalysed.
    assert list(analytics.unanalysed().values_list("pk", flat=True)) == [game.pk]


def test_the_sweep_finishes_what_the_upload_left_within_the_workers_budget(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any, on_record: Any
) -> None:
    with on_record(execute=True):
        game = record(people, pbn_600)
    budgets.ANALYSIS_TIME_BUDGET_S = 1000
    budgets.ANALYSIS_MAX_DEALS = 1000
    budgets.ANALYSIS_TASK_SOFT_TIME_LIMIT = 2000
    assert tasks.analyse_missing() == 1  # eager here: the sweep's task runs at once, with the worker's budget
    analysis = current(game)
    assert analysis.stopped_by == GameAnalysis.StoppedBy.WHOLE
    assert not analysis.partial
    assert (analysis.deals_examined, analysis.deals_total, analysis.deals) == (BOARDS, BOARDS, BOARDS)
    assert not analytics.unanalysed().exists()
    assert dds.solved == 8 + BOARDS


def test_on_the_worker_a_600_deal_pbn_stops_at_its_time_budget(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any
) -> None:
    game = record(people, pbn_600)
    counts = tasks.analyse_chunk([game.pk])
    assert counts == {"analysed": 0, "partial": 1, "nothing": 0, "current": 0, "missing": 0, "deferred": 0}
    assert dds.solved == 120  # 30 s of the worker at 0.25 s a deal
    analysis = current(game)
    assert analysis.stopped_by == GameAnalysis.StoppedBy.TIME
    assert (analysis.deals_examined, analysis.deals_total, analysis.deals) == (120, BOARDS, 120)
    # Final for these settings: the sweep does not take it up again, a second run recomputes nothing.
    assert not analytics.unanalysed().exists()
    assert tasks.analyse_chunk([game.pk])["current"] == 1
    assert dds.solved == 120
    # Only `manage.py analyse --partial` (after raising a budget) takes it up again.
    assert list(analytics.unanalysed(partial=True).values_list("pk", flat=True)) == [game.pk]
    assert stored_rows(game) == rules_rows(game, 120)


def test_on_the_worker_a_long_game_stops_at_the_deal_cap(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any
) -> None:
    budgets.ANALYSIS_MAX_DEALS = 50
    game = record(people, pbn_600)
    assert tasks.analyse_chunk([game.pk])["partial"] == 1
    assert dds.solved == 50
    analysis = current(game)
    assert analysis.stopped_by == GameAnalysis.StoppedBy.DEALS
    assert (analysis.deals_examined, analysis.deals_total) == (50, BOARDS)
    assert stored_rows(game) == rules_rows(game, 50)


def test_a_game_within_its_budget_is_analysed_whole(people: Any, dds: FakeDDS, budgets: Any) -> None:
    game = record(people, pbn(deals=24))
    assert tasks.analyse_chunk([game.pk])["analysed"] == 1
    analysis = current(game)
    assert analysis.stopped_by == GameAnalysis.StoppedBy.WHOLE
    assert (analysis.deals_examined, analysis.deals_total, analysis.deals) == (24, 24, 24)
    assert stored_rows(game) == rules_rows(game, 24)


# --- production: always on the worker --------------------------------------------------------------


def test_with_a_broker_the_upload_never_analyses_inline(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any, on_record: Any, broker: Any
) -> None:
    with on_record(execute=True):
        game = record(people, pbn_600)
    assert broker == [([game.pk], {})]  # sent to the worker, with the worker's budget (no inline one)
    assert dds.solved == 0
    assert not GameAnalysis.objects.exists()


def test_with_the_inline_budget_at_zero_an_eager_upload_analyses_nothing(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any, on_record: Any
) -> None:
    budgets.ANALYSIS_INLINE_BUDGET_S = 0
    with on_record(execute=True):
        game = record(people, pbn_600)
    assert dds.solved == 0
    assert not GameAnalysis.objects.exists()
    assert list(analytics.unanalysed().values_list("pk", flat=True)) == [game.pk]


def test_an_eager_bulk_import_shares_one_inline_budget(
    people: Any, dds: FakeDDS, budgets: Any, on_record: Any
) -> None:
    import base64

    items = [(f"s{s}.pbn", base64.b64encode(pbn(deals=6, seed=s)).decode()) for s in range(3)]
    with on_record(execute=True):
        results = tasks.import_chunk(people.club.pk, people.scorer.pk, items)
    ids = [r["game"] for r in results]
    # 2 s at 0.25 s a deal: the first game whole (6 deals), the second's first two, the third not begun.
    assert dds.solved == 8
    first, second = (current(Game.objects.get(pk=pk)) for pk in ids[:2])
    assert (first.stopped_by, first.deals_examined) == (GameAnalysis.StoppedBy.WHOLE, 6)
    assert (second.stopped_by, second.deals_examined) == (GameAnalysis.StoppedBy.INLINE, 2)
    assert not GameAnalysis.objects.filter(game_id=ids[2]).exists()
    assert list(analytics.unanalysed().values_list("pk", flat=True)) == ids[1:]


# --- the task's time limits ----------------------------------------------------------------------


def test_the_analysis_task_has_time_limits_that_fit_the_budget(settings: Any) -> None:
    task = tasks.analyse_chunk
    assert task.soft_time_limit == settings.ANALYSIS_TASK_SOFT_TIME_LIMIT
    assert task.time_limit == settings.ANALYSIS_TASK_TIME_LIMIT
    assert task.soft_time_limit < task.time_limit
    assert task.soft_time_limit >= settings.ANALYSIS_TIME_BUDGET_S + settings.ANALYSIS_MARGIN_S


def test_a_soft_time_limit_ends_the_task_cleanly(
    people: Any, dds: FakeDDS, budgets: Any, broker: Any
) -> None:
    games = [record(people, pbn(deals=40, seed=s), f"s{s}.pbn") for s in (1, 2, 3)]
    dds.fail_at = 5  # the soft limit strikes during the first game's fifth deal
    counts = tasks.analyse_chunk([g.pk for g in games])  # returns: nothing raised out of the task
    assert counts == {"analysed": 0, "partial": 1, "nothing": 0, "current": 0, "missing": 0, "deferred": 2}
    analysis = current(games[0])
    assert analysis.stopped_by == GameAnalysis.StoppedBy.TIME
    assert (analysis.deals_examined, analysis.deals_total) == (4, 40)
    # The games the task had not begun go back to the broker as a task of their own.
    assert broker == [([games[1].pk, games[2].pk], {})]
    dds.fail_at = None
    assert stored_rows(games[0]) == rules_rows(games[0], 4)


def test_a_chunk_begins_a_game_only_while_its_whole_budget_fits_before_the_soft_limit(
    people: Any, dds: FakeDDS, budgets: Any, broker: Any
) -> None:
    budgets.ANALYSIS_TASK_SOFT_TIME_LIMIT = 30 + budgets.ANALYSIS_MARGIN_S + 40
    games = [record(people, pbn(deals=160, seed=s), f"s{s}.pbn") for s in (1, 2, 3)]
    counts = tasks.analyse_chunk([g.pk for g in games])
    # Each game takes its 30 s; after two (60 s) a third would not fit its 30 s and the margin before the limit.
    assert counts["partial"] == 2
    assert counts["deferred"] == 1
    assert [current(g).deals_examined for g in games[:2]] == [120, 120]
    assert broker == [([games[2].pk], {})]


# --- Oh Hell: the real estimator, stopped by the deal cap ----------------------------------------


def test_an_oh_hell_game_stopped_short_keeps_the_estimates_it_computed(people: Any, budgets: Any) -> None:
    budgets.ANALYSIS_MAX_DEALS = 3
    document = game_document(seed=41)
    game = record(people, json.dumps(document).encode(), "game.json")
    assert tasks.analyse_chunk([game.pk])["partial"] == 1
    analysis = current(game)
    deals = len(game.current_report.report["deals"])
    assert (analysis.stopped_by, analysis.deals_examined, analysis.deals_total) == ("deals", 3, deals)
    assert stored_rows(game) == rules_rows(game, 3)
    assert DealEstimate.objects.count() == 3


# --- reading it as what it is --------------------------------------------------------------------


def test_pages_and_api_read_a_partial_analysis_as_covering_n_of_m_deals(
    people: Any, pbn_600: bytes, dds: FakeDDS, budgets: Any
) -> None:
    budgets.ANALYSIS_MAX_DEALS = 50
    game = record(people, pbn_600)
    tasks.analyse_chunk([game.pk])
    client = Client()
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/analysis/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="analysis-partial"' in html
    assert "covers the first 50 of the game's 600 deals" in html
    assert html.count('scope="rowgroup"') == 50
    got = client.get(f"/api/v1/games/{game.pk}/analysis/").json()
    assert (got["status"], got["partial"], got["stopped_by"]) == ("done", True, "deals")
    assert (got["deals_examined"], got["deals_total"]) == (50, BOARDS)
    assert analytics.status_counts(Game.objects.all()) == {
        "analysed": 1,
        "partial": 1,
        "nothing": 0,
        "waiting": 0,
    }
    club = client.get(f"/clubs/{people.club.slug}/analytics/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="analysis-partial-count"' in club
