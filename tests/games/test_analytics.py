"""The stored luck-and-skill analysis (games.analytics): computed when a game lands, once per report,
cached per deal, batched for imports, caught up by the command, and read by the selectors.

The numbers themselves are the rules' (tests/rules/ohhell/test_analytics.py
checks them); here the rows stored must be exactly what the rules compute
for the current report, and only the current report's rows count.
"""

from __future__ import annotations

import copy
import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from games import analytics, services, tasks
from games.models import DealEstimate, Game, GameAnalysis, SeatAnalysis, Upload
from rules import registry
from rules.ohhell.analytics import player_summary
from tests.games.factories import game_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def on_record(settings: Any, django_capture_on_commit_callbacks: Any) -> Any:
    """Analysis queued when a game lands, and the test's transaction's commit callbacks run."""
    settings.ANALYTICS_ON_RECORD = True
    return django_capture_on_commit_callbacks


def upload(people: Any, document: dict[str, Any], name: str = "game.json", commit: Any = None) -> Game:
    def record() -> Any:
        return services.game_upload(
            club=people.club, content=json.dumps(document).encode(), user=people.scorer, filename=name
        )

    if commit is not None:
        with commit(execute=True):
            result = record()
    else:
        result = record()
    assert result.game is not None, result.error
    return result.game


def expected_rows(game: Game) -> list[dict[str, Any]]:
    """What the rules compute for the game's current report, straight from its stored bytes."""
    game.refresh_from_db()
    reading = registry.read(bytes(game.current_revision.content))
    return registry.analytics(game.game_type).analyse_game(game.current_report.report, reading.log)


def stored_rows(game: Game) -> list[dict[str, Any]]:
    seats = SeatAnalysis.objects.filter(analysis__report=game.current_report).order_by("seat")
    return sorted((row for s in seats for row in s.rows), key=lambda r: (r["deal"], r["seat"]))


def test_a_recorded_game_is_analysed_once_its_transaction_commits(people: Any, on_record: Any) -> None:
    game = upload(people, game_document(seed=11), commit=on_record)
    game.refresh_from_db()
    analysis = GameAnalysis.objects.get(report=game.current_report)
    assert analysis.status == GameAnalysis.Status.DONE
    assert analysis.version == registry.analytics("oh-hell").ANALYSIS_VERSION
    want = sorted(expected_rows(game), key=lambda r: (r["deal"], r["seat"]))
    assert stored_rows(game) == want
    deals = len(game.current_report.report["deals"])
    assert analysis.deals == deals  # a simulated log holds every card: every deal analysed
    seats = list(SeatAnalysis.objects.filter(analysis=analysis).order_by("seat"))
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    assert [s.player_id for s in seats] == [s.player_id for s in game.seats.order_by("seat")]
    assert all(s.deals == deals and len(s.rows) == deals for s in seats)
    # Each deal's estimates are kept once, keyed by the deal's cards.
    assert DealEstimate.objects.count() == deals


def test_without_the_setting_nothing_is_queued_and_the_command_catches_up(people: Any) -> None:
    games = [upload(people, game_document(seed=s), f"g{s}.json") for s in (1, 2)]
    assert not GameAnalysis.objects.exists()
    assert list(analytics.unanalysed().values_list("pk", flat=True)) == [g.pk for g in games]
    out = StringIO()
    call_command("analyse", stdout=out)
    assert out.getvalue().splitlines() == [
        "games: 2 in 1 chunks",
        "analysed: 2",
        "partial: 0",
        "nothing: 0",
        "current: 0",
        "missing: 0",
        "deferred: 0",
    ]
    assert not analytics.unanalysed().exists()
    out = StringIO()
    call_command("analyse", stdout=out)
    assert out.getvalue().splitlines()[0] == "games: 0 in 0 chunks"
    # --all recomputes every game, even those already current.
    out = StringIO()
    call_command("analyse", "--all", stdout=out)
    assert "analysed: 2" in out.getvalue().splitlines()


def test_analysing_again_keeps_the_stored_analysis_unless_forced(people: Any) -> None:
    game = upload(people, game_document(seed=5))
    game.refresh_from_db()
    first = analytics.analyse_game(game)
    assert first is not None
    assert analytics.analyse_game(game).pk == first.pk
    assert analytics.analyse_games([game.pk]) == {
        "analysed": 0,
        "partial": 0,
        "nothing": 0,
        "current": 1,
        "missing": 0,
        "deferred": 0,
    }
    forced = analytics.analyse_game(game, force=True)
    assert forced.pk != first.pk
    assert GameAnalysis.objects.filter(report=game.current_report).count() == 1
    assert analytics.analyse_games([game.pk, 987654]) == {
        "analysed": 0,
        "partial": 0,
        "nothing": 0,
        "current": 1,
        "missing": 1,
        "deferred": 0,
    }


def test_a_score_sheet_only_log_has_nothing_to_analyse(people: Any) -> None:
    document = {
        "game": "oh-hell",
        "version": 1,
        "ruleset": {"preset": "classic", "schedule": [1, 2]},
        "players": ["Anna", "Boris", "Vera"],
        "deals": [
            {"dealer": 0, "cards": 1, "trump": "5C", "bids": [0, 1, 0], "taken": [0, 1, 0]},
            {"dealer": 1, "cards": 2, "trump": None, "bids": [1, 0, 0], "taken": [1, 0, 1]},
        ],
    }
    game = upload(people, document)
    game.refresh_from_db()
    analysis = analytics.analyse_game(game)
    assert analysis.status == GameAnalysis.Status.NOTHING
    assert analysis.deals == 0
    assert not SeatAnalysis.objects.filter(analysis=analysis).exists()
    assert analytics.status_counts(Game.objects.all()) == {
        "analysed": 0,
        "partial": 0,
        "nothing": 1,
        "waiting": 0,
    }


def test_a_correction_is_analysed_afresh_and_reuses_the_deals_whose_cards_did_not_change(
    people: Any, on_record: Any
) -> None:
    document = game_document(seed=21)
    game = upload(people, document, commit=on_record)
    game.refresh_from_db()
    old_report = game.current_report
    estimates = DealEstimate.objects.count()
    corrected = copy.deepcopy(document)
    deal = corrected["deals"][0]
    deal["bids"][0] = (
        1 - deal["bids"][0] if deal["cards"] == 1 else (deal["bids"][0] + 1) % (deal["cards"] + 1)
    )
    corrected.pop("scores", None)
    for d in corrected["deals"]:
        d.pop("scores", None)
    corrected.pop("totals", None)
    with on_record(execute=True):
        services.game_correct(
            game=game, content=json.dumps(corrected).encode(), user=people.scorer, reason="bid misheard"
        )
    game.refresh_from_db()
    assert game.current_report_id != old_report.pk
    assert GameAnalysis.objects.filter(report=game.current_report, status="done").exists()
    assert DealEstimate.objects.count() == estimates  # the cards are the same: no deal played out again
    rows = stored_rows(game)
    assert rows == sorted(expected_rows(game), key=lambda r: (r["deal"], r["seat"]))
    assert rows[0]["bid"] == deal["bids"][0]
    # Only the current report's rows count: the player's figures are the corrected game's.
    player = game.seats.get(seat=0).player
    figures = analytics.player_analytics(player)
    assert figures["oh-hell"]["summary"] == player_summary([r for r in rows if r["seat"] == 0])
    assert [point["game"] for point in figures["oh-hell"]["games"]] == [game.pk]


def test_an_import_chunk_queues_its_analyses_in_chunks(people: Any, on_record: Any, monkeypatch: Any) -> None:
    sent: list[list[int]] = []
    monkeypatch.setattr(tasks.analyse_chunk, "delay", lambda ids, **kw: sent.append(list(ids)))
    monkeypatch.setattr(analytics, "CHUNK", 2)
    import base64

    items = [
        (f"g{s}.json", base64.b64encode(json.dumps(game_document(seed=s)).encode()).decode())
        for s in range(5)
    ]
    with on_record(execute=True):
        results = tasks.import_chunk(people.club.pk, people.scorer.pk, items)
    ids = sorted(r["game"] for r in results)
    assert [r["outcome"] for r in results] == [Upload.Outcome.ACCEPTED] * 5
    assert sent == [ids[0:2], ids[2:4], ids[4:5]]  # three tasks of at most two games, not five


def test_a_broker_that_refuses_the_task_loses_no_upload(
    people: Any, on_record: Any, monkeypatch: Any
) -> None:
    def down(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.analyse_chunk, "delay", down)
    game = upload(people, game_document(seed=8), commit=on_record)
    assert Game.objects.filter(pk=game.pk).exists()
    assert list(analytics.unanalysed().values_list("pk", flat=True)) == [game.pk]
    monkeypatch.undo()
    assert tasks.analyse_missing() == 1  # the beat's sweep queues it (eager here: analysed at once)
    assert not analytics.unanalysed().exists()


def test_the_selectors_sum_the_rules_summaries(people: Any) -> None:
    games = [
        upload(people, game_document(seed=s, players=["Anna", "Boris", "Vera", "Gleb"]), f"{s}.json")
        for s in (3, 4)
    ]
    analytics.analyse_games([g.pk for g in games])
    anna = games[0].seats.get(seat=0).player
    rows = [row for g in games for row in stored_rows(g) if row["seat"] == 0]
    figures = analytics.player_analytics(anna)
    assert figures["oh-hell"]["summary"] == player_summary(rows)
    per_game = Game.objects.filter(pk__in=[g.pk for g in games])
    by_player = analytics.games_analytics(per_game)["oh-hell"]
    assert by_player[anna.pk] == player_summary(rows)
    assert len(by_player) == 4
    club = analytics.club_analytics(people.club)["oh-hell"]
    assert club == registry.analytics("oh-hell").club_summary([r for g in games for r in stored_rows(g)])
    # Over a table, luck in points sums to nothing: adjusting moves points, never creates them.
    total_real = sum(s["score"] for s in by_player.values())
    total_adjusted = sum(s["adjusted_score"] for s in by_player.values())
    assert total_adjusted == pytest.approx(total_real)
