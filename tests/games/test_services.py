"""Recording games: uploads kept, games replayed and stored, corrections as revisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import connection

from games import services
from games.append_only import AppendOnlyError
from games.models import AuditReport, DealSeat, Finding, Game, GameRevision, GameSeat, Player, Upload
from tests.games.factories import game_bytes, game_document

pytestmark = pytest.mark.django_db

SPEC_EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec-examples" / "ohhell"


def test_upload_records_the_game_its_seats_revision_report_and_rows(people):
    content = game_bytes(seed=7, players=["Anna", "Boris", "Vera", "Gleb"])
    result = services.game_upload(club=people.club, content=content, user=people.scorer, filename="t3.json")
    game = result.game
    assert result.created
    assert result.upload.outcome == Upload.Outcome.ACCEPTED
    assert bytes(result.revision.content) == content
    assert result.revision.number == 1
    assert [s.player.display_name for s in GameSeat.objects.filter(game=game).select_related("player")] == [
        "Anna",
        "Boris",
        "Vera",
        "Gleb",
    ]
    document = json.loads(content)
    assert game.totals == document["totals"]
    assert game.status == Game.Status.CLEAN
    assert game.current_report.engine_version
    assert game.current_report.recorded_totals in (None, document["totals"])
    # 13 deals x 4 seats of per-deal rows, each score as the sheet wrote it.
    rows = DealSeat.objects.filter(report=game.current_report)
    assert rows.count() == 13 * 4
    first = rows.get(deal=1, seat=1)
    assert first.score == document["deals"][0]["scores"][1]
    assert first.cards == 1
    assert rows.filter(dealer=True).count() == 13


def test_same_bytes_again_are_the_same_game(people):
    content = game_bytes(seed=8)
    first = services.game_upload(club=people.club, content=content, user=people.scorer)
    again = services.game_upload(club=people.club, content=content, user=people.organiser)
    assert not again.created
    assert again.game == first.game
    assert again.upload.outcome == Upload.Outcome.DUPLICATE
    assert Game.objects.count() == 1
    assert Upload.objects.count() == 2


def test_malformed_upload_is_kept_with_its_path_and_reason(people):
    with open(f"{SPEC_EXAMPLES}/malformed-card.json", "rb") as f:
        content = f.read()
    result = services.game_upload(club=people.club, content=content, user=people.scorer)
    assert result.game is None
    assert result.error["path"] == "deals[0].tricks[0][1]"
    assert "ZZ" in result.error["message"]
    kept = Upload.objects.get(pk=result.upload.pk)
    assert bytes(kept.content) == content
    assert kept.outcome == Upload.Outcome.REJECTED
    assert not Game.objects.exists()
    # The refusal is kept as data too, so a page says it in its reader's language.
    assert kept.error_code == "READ_CARD_UNKNOWN"
    assert kept.error["code"] == "READ_CARD_UNKNOWN"
    from django.utils import translation

    from games.templatetags.findings import error_text

    with translation.override("ru"):
        assert "ZZ" in error_text(kept.error)
        assert error_text(kept.error) != kept.error_message


@pytest.mark.parametrize(
    ("content", "path", "words"),
    [
        (b"{not json", "", "not JSON"),
        (b"[1, 2]", "", "JSON object"),
        (b'{"game": "chess"}', "game", "unknown game 'chess'"),
        (b"\xff\xfe", "", "not UTF-8"),
    ],
)
def test_unreadable_documents_name_where_and_why(people, content, path, words):
    result = services.game_upload(club=people.club, content=content, user=people.scorer)
    assert result.error["path"] == path
    assert words in result.error["message"]


def test_findings_are_stored_as_rows(people):
    with open(f"{SPEC_EXAMPLES}/renege-and-redeal.json", "rb") as f:
        result = services.game_upload(club=people.club, content=f.read(), user=people.scorer)
    game = result.game
    assert game.status == Game.Status.ERRORS
    assert game.totals == [21, 22, 10]
    renege = Finding.objects.get(report=game.current_report, code="RENEGE_UNCORRECTED")
    assert (renege.deal, renege.trick, renege.seat, renege.player) == (2, 1, 2, "Taras")
    annulled = DealSeat.objects.filter(report=game.current_report, deal=2).order_by("seat")
    assert [r.score for r in annulled] == [0, 0, -10]
    assert all(r.annulled for r in annulled)


def test_correction_is_a_new_revision_and_the_old_one_stays(people):
    document = game_document(seed=9, players=["Anna", "Boris", "Vera", "Gleb"])
    first = services.game_upload(club=people.club, content=json.dumps(document).encode(), user=people.scorer)
    game = first.game
    old_report = game.current_report
    document["deals"][2]["scores"][0] += 5  # the scorekeeper's slip
    corrected = services.game_correct(
        game=game, content=json.dumps(document).encode(), user=people.organiser, reason="deal 3 copied wrong"
    )
    game.refresh_from_db()
    assert corrected.revision.number == 2
    assert corrected.revision.parent == first.revision
    assert game.current_revision == corrected.revision
    assert game.status == Game.Status.ERRORS
    assert corrected.changed_deals == [3]
    # The written total still matches the true scores: only the deal's score is wrong.
    found = list(Finding.objects.filter(report=game.current_report).values_list("code", "deal", "seat"))
    assert found == [("SCORE_MISMATCH", 3, 0)]
    # The first revision and its report are untouched and still readable.
    assert GameRevision.objects.get(pk=first.revision.pk).reason == "first upload"
    assert AuditReport.objects.get(pk=old_report.pk).errors == 0


def test_correction_needs_a_reason_and_the_same_game(people):
    game = services.game_upload(club=people.club, content=game_bytes(seed=10), user=people.scorer).game
    with pytest.raises(services.ServiceError, match="needs a reason"):
        services.game_correct(game=game, content=game_bytes(seed=11), user=people.scorer, reason=" ")


def test_a_renamed_player_in_a_correction_moves_the_seat(people):
    document = game_document(seed=12, players=["Anna", "Boris", "Vera", "Gleb"])
    game = services.game_upload(
        club=people.club, content=json.dumps(document).encode(), user=people.scorer
    ).game
    document["players"][3] = "Глеб"
    services.game_correct(game=game, content=json.dumps(document).encode(), user=people.scorer, reason="name")
    assert GameSeat.objects.get(game=game, seat=3).player.display_name == "Глеб"
    assert Player.objects.filter(club=people.club, display_name="Gleb").exists()  # the roster keeps him


def test_cyrillic_names_match_whatever_the_case_and_spacing(people):
    services.game_upload(
        club=people.club, content=game_bytes(seed=15, players=["Вера", "Глеб", "Ольга"]), user=people.scorer
    )
    services.game_upload(
        club=people.club, content=game_bytes(seed=16, players=["ВЕРА", "глеб", " Ольга "]), user=people.scorer
    )
    assert sorted(Player.objects.filter(club=people.club).values_list("display_name", flat=True)) == [
        "Вера",
        "Глеб",
        "Ольга",
    ]


def test_a_batch_records_each_log_as_one_upload_does(people):
    logs = [
        services.IncomingLog(content=game_bytes(seed=17)),
        services.IncomingLog(content=b"{oops", filename="bad.json"),
        services.IncomingLog(content=game_bytes(seed=17), filename="again.json"),
        services.IncomingLog(content=game_bytes(seed=18)),
    ]
    results = services.games_upload(club=people.club, user=people.scorer, logs=logs)
    assert [r.upload.outcome for r in results] == ["accepted", "rejected", "duplicate", "accepted"]
    assert results[2].game == results[0].game
    assert results[1].error == {
        "path": "",
        "message": "not JSON: Expecting property name enclosed in double quotes at line 1 column 2",
        "code": "JSON_EXPECTING_NAME",
        "params": {"line": 1, "column": 2},
    }
    assert Game.objects.count() == 2
    assert DealSeat.objects.count() == 2 * 13 * 4
    assert [g.current_revision.number for g in Game.objects.all()] == [1, 1]


def test_player_names_match_case_insensitively(people):
    services.game_upload(
        club=people.club, content=game_bytes(seed=13, players=["anna", "b", "c"]), user=people.scorer
    )
    services.game_upload(
        club=people.club, content=game_bytes(seed=14, players=["ANNA", "b", "c"]), user=people.scorer
    )
    assert Player.objects.filter(club=people.club, display_name__iexact="anna").count() == 1


class TestAppendOnly:
    @pytest.fixture
    def revision(self, people):
        return services.game_upload(
            club=people.club, content=game_bytes(seed=20), user=people.scorer
        ).revision

    def test_model_refuses_update_and_delete(self, revision):
        revision.reason = "rewritten"
        with pytest.raises(AppendOnlyError):
            revision.save()
        with pytest.raises(AppendOnlyError):
            revision.delete()

    def test_queryset_refuses_update_and_delete(self, revision):
        for model in (GameRevision, AuditReport, Finding, DealSeat, Upload):
            with pytest.raises(AppendOnlyError):
                model.objects.all().update(pk=1)
            with pytest.raises(AppendOnlyError):
                model.objects.all().delete()

    @pytest.mark.services  # the trigger is PostgreSQL's; this runs in the PostgreSQL pass
    def test_database_refuses_raw_sql(self, revision):
        assert connection.vendor == "postgresql"
        from django.db import IntegrityError, transaction

        for sql in (
            "UPDATE games_gamerevision SET reason = 'x'",
            "DELETE FROM games_gamerevision",
            "UPDATE games_upload SET outcome = 'accepted'",
            "DELETE FROM games_auditreport",
        ):
            with (
                pytest.raises(IntegrityError, match="append-only"),
                transaction.atomic(),
                connection.cursor() as c,
            ):
                c.execute(sql)


def test_last_organiser_cannot_leave(people):
    with pytest.raises(services.ServiceError, match="at least one organiser"):
        services.membership_remove(club=people.club, user=people.organiser)
    with pytest.raises(services.ServiceError, match="at least one organiser"):
        services.membership_set(club=people.club, user=people.organiser, role="member")
    services.membership_set(club=people.club, user=people.scorer, role="organiser")
    services.membership_remove(club=people.club, user=people.organiser)
    assert not people.club.memberships.filter(user=people.organiser).exists()


def test_club_slug_is_made_unique(people):
    a = services.club_create(name="Kozyr", user=people.member)
    b = services.club_create(name="Kozyr", user=people.member)
    assert (a.slug, b.slug) == ("kozyr-2", "kozyr-3")


def test_each_seat_keeps_its_total_and_contracts_made_with_the_report(people):
    document = game_document(seed=90, players=["Anna", "Boris", "Vera", "Gleb"])
    game = services.game_upload(
        club=people.club, content=json.dumps(document).encode(), user=people.scorer
    ).game

    def from_rows():
        rows = DealSeat.objects.filter(report=Game.objects.get(pk=game.pk).current_report, annulled=False)
        return [
            sum(1 for r in rows if r.seat == seat and r.bid is not None and r.bid == r.taken)
            for seat in range(4)
        ]

    seats = list(GameSeat.objects.filter(game=game).order_by("seat"))
    assert [s.total for s in seats] == document["totals"]
    assert [s.contracts_made for s in seats] == from_rows()
    # A correction that changes who made a contract moves the seat's count with it.
    deal = document["deals"][0]
    deal["bids"][0] = 1 - deal["bids"][0] if document["deals"][0]["cards"] == 1 else deal["bids"][0]
    services.game_correct(game=game, content=json.dumps(document).encode(), user=people.scorer, reason="bid")
    seats = list(GameSeat.objects.filter(game=game).order_by("seat"))
    assert [s.contracts_made for s in seats] == from_rows()
    assert [s.total for s in seats] == Game.objects.get(pk=game.pk).totals


def test_the_migration_fills_seat_results_of_existing_games(people):
    import importlib

    from django.apps import apps

    game = services.game_upload(club=people.club, content=game_bytes(seed=91), user=people.scorer).game
    expected = list(
        GameSeat.objects.filter(game=game).order_by("seat").values_list("total", "contracts_made")
    )
    GameSeat.objects.filter(game=game).update(total=None, contracts_made=0)
    importlib.import_module("games.migrations.0003_seat_results").fill_seat_results(apps, None)
    assert (
        list(GameSeat.objects.filter(game=game).order_by("seat").values_list("total", "contracts_made"))
        == expected
    )
