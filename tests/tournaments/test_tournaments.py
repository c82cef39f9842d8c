"""Running a tournament: set-up, entries, seating rounds, the tables' games, standings."""

from __future__ import annotations

import csv
import io
import json
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

from games import services as game_services
from games.models import Game, Upload
from tests.tournaments.conftest import NAMES, table_log
from tournaments import services, tasks
from tournaments.models import Round, Standing, TiebreakChange, Tournament

pytestmark = pytest.mark.django_db


def play_round(round_, people, first_seed=100, capture=None):
    for i, table in enumerate(round_.tables.order_by("number")):
        services.table_game_upload(table=table, content=table_log(table, first_seed + i), user=people.scorer)


def test_round_seats_every_entrant_in_tables_of_the_preferred_size(tournament):
    round_ = services.round_generate(tournament=tournament)
    assert round_.status == Round.Status.DRAFT
    tables = services.round_tables(round_)
    assert [len(t) for t in tables] == [4, 4]
    assert sorted(p for t in tables for p in t) == sorted(
        tournament.entries.values_list("player_id", flat=True)
    )
    assert round_.repeats == 0


def test_seating_is_reproducible_from_the_seed(tournament):
    first = services.round_tables(services.round_generate(tournament=tournament, seed=5))
    services.round_delete(round_=tournament.rounds.get())
    again = services.round_tables(services.round_generate(tournament=tournament, seed=5))
    assert first == again


def test_second_round_avoids_the_first_rounds_opponents_where_it_can(tournament, seated):
    second = services.round_generate(tournament=tournament)
    # Two tables of four from two earlier tables of four: each new table must take two
    # players from each old one, so 2 repeated pairs per table is the least possible.
    assert second.repeats == 4


def test_swap_and_confirm(tournament):
    round_ = services.round_generate(tournament=tournament)
    (a, *_), (b, *_) = services.round_tables(round_)
    services.round_swap(round_=round_, a=a, b=b)
    tables = services.round_tables(round_)
    assert b in tables[0]
    assert a in tables[1]
    services.round_confirm(round_=round_)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    with pytest.raises(services.ServiceError, match="only a draft"):
        services.round_swap(round_=round_, a=a, b=b)


def test_one_draft_at_a_time(tournament):
    services.round_generate(tournament=tournament)
    with pytest.raises(services.ServiceError, match="already waiting"):
        services.round_generate(tournament=tournament)


def test_table_games_make_the_standings(tournament, seated, people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play_round(seated, people)
    lines = list(Standing.objects.filter(tournament=tournament).order_by("rank", "player_id"))
    assert len(lines) == 8
    totals = {}
    for table in seated.tables.select_related("game"):
        for seat in table.game.seats.all():
            totals[seat.player_id] = table.game.totals[seat.seat]
    assert [line.points for line in lines] == sorted(totals.values(), reverse=True)
    assert all(line.games == 1 for line in lines)
    assert lines[0].rank == 1
    tournament.refresh_from_db()
    assert tournament.standings_compiled_at is not None


def test_a_log_with_other_players_is_refused_and_kept(tournament, seated, people):
    table = seated.tables.order_by("number").first()
    other = json.dumps(
        __import__("rules.ohhell.simulate", fromlist=["simulate"])
        .simulate(players=["X", "Y", "Z", "W"], seed=3)
        .document
    ).encode()
    outcome = services.table_game_upload(table=table, content=other, user=people.scorer)
    assert outcome.result.error["path"] == "players"
    assert "missing" in outcome.result.error["message"]
    assert "not at this table: W, X, Y, Z" in outcome.result.error["message"]
    assert Upload.objects.get(pk=outcome.result.upload.pk).outcome == "rejected"
    table.refresh_from_db()
    assert table.game is None


def test_a_log_under_another_ruleset_is_refused(tournament, seated, people):
    table = seated.tables.order_by("number").first()
    outcome = services.table_game_upload(
        table=table, content=table_log(table, 4, ruleset="classic-nil5"), user=people.scorer
    )
    assert outcome.result.error["path"] == "ruleset"
    assert "nil_made" in outcome.result.error["message"]


def test_a_table_keeps_one_game(tournament, seated, people):
    table = seated.tables.order_by("number").first()
    services.table_game_upload(table=table, content=table_log(table, 5), user=people.scorer)
    with pytest.raises(services.ServiceError, match="already has its game"):
        services.table_game_upload(table=table, content=table_log(table, 6), user=people.scorer)


def test_a_draft_rounds_tables_take_no_game(tournament, people):
    round_ = services.round_generate(tournament=tournament)
    table = round_.tables.first()
    with pytest.raises(services.ServiceError, match="not confirmed"):
        services.table_game_upload(table=table, content=table_log(table, 7), user=people.scorer)


def test_a_correction_recompiles_the_standings(
    tournament, seated, people, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        play_round(seated, people)
    table = seated.tables.order_by("number").first()
    game = table.game
    document = json.loads(bytes(game.current_revision.content))
    # Seat 0 is said to have made deal 1 with 50 points more: the totals line follows the log's own.
    document["deals"][0]["scores"][0] += 50
    document["totals"][0] += 50
    with django_capture_on_commit_callbacks(execute=True):
        game_services.game_correct(
            game=game, content=json.dumps(document).encode(), user=people.scorer, reason="x"
        )
    player = game.seats.get(seat=0).player_id
    # The recomputed score does not move: a wrong sheet is a finding, not points.
    assert Standing.objects.get(tournament=tournament, player_id=player).points == game.totals[0]
    assert Game.objects.get(pk=game.pk).status == "errors"


def test_standings_compiles_are_coalesced(tournament):
    with mock.patch.object(tasks.compile_standings, "delay") as delay:
        queued = [tasks.queue_compile(tournament.pk) for _ in range(50)]
    assert queued.count(True) == 1
    delay.assert_called_once_with(tournament.pk)
    tasks.compile_standings(tournament.pk)  # runs, and clears the flag
    with mock.patch.object(tasks.compile_standings, "delay") as delay:
        assert tasks.queue_compile(tournament.pk) is True
    tasks.compile_standings(tournament.pk)


def test_tiebreak_order_is_fixed_at_the_start(tournament, seated, people):
    tournament.refresh_from_db()
    with pytest.raises(services.ServiceError, match="needs a reason"):
        services.tournament_update(tournament=tournament, user=people.organiser, tiebreaks=["lots"])
    services.tournament_update(
        tournament=tournament, user=people.organiser, tiebreaks=["lots"], reason="agreed by all players"
    )
    change = TiebreakChange.objects.get(tournament=tournament)
    assert (change.before, change.after, change.reason) == (
        ["head_to_head", "lots"],
        ["lots"],
        "agreed by all players",
    )


def test_settings_the_rules_cannot_play_are_refused(people):
    with pytest.raises(services.ServiceError, match="tables seat 3 to 7"):
        services.tournament_create(club=people.club, name="x", user=people.organiser, preferred_table_size=2)
    with pytest.raises(services.ServiceError, match="unknown preset"):
        services.tournament_create(club=people.club, name="x", user=people.organiser, ruleset="nosuch")
    with pytest.raises(services.ServiceError, match="tie-breaks are distinct"):
        services.tournament_create(club=people.club, name="x", user=people.organiser, tiebreaks=["coin"])


def test_publishing_opens_the_games(tournament, seated, people):
    play_round(seated, people)
    services.tournament_publish(tournament=tournament, published=True)
    assert set(Game.objects.filter(table__round__tournament=tournament).values_list("public", flat=True)) == {
        True
    }


def test_compile_standings_command(tournament, seated, people):
    play_round(seated, people)
    out = io.StringIO()
    call_command("compile_standings", tournament.slug, stdout=out)
    assert out.getvalue().splitlines()[0] == "Кубок осени: 8 players ranked"


def test_compile_standings_takes_the_number_in_the_tournament_s_address(tournament, seated, people):
    play_round(seated, people)
    out = io.StringIO()
    call_command("compile_standings", str(tournament.pk), stdout=out)
    assert out.getvalue().splitlines()[0] == "Кубок осени: 8 players ranked"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "no such tournament 'nope' (give the number in its page's address, or its slug)"),
        (["999999"], "no such tournament '999999' (give the number in its page's address, or its slug)"),
        (["x", "--club", "nope"], "no such club 'nope'"),
    ],
    ids=["unknown-slug", "unknown-number", "unknown-club"],
)
def test_compile_standings_names_what_it_does_not_know(db, args, message):
    with pytest.raises(CommandError) as refused:
        call_command("compile_standings", *args)
    assert str(refused.value) == message


def test_reaudit_names_an_unknown_club(db):
    with pytest.raises(CommandError) as refused:
        call_command("reaudit", "--club", "nope")
    assert str(refused.value) == "no such club 'nope'"


class TestApi:
    def test_the_evening_through_the_api(self, api, people, tournament, django_capture_on_commit_callbacks):
        api.force_authenticate(people.organiser)
        preview = api.post(
            f"/api/v1/tournaments/{tournament.pk}/rounds/", {"seating_method": "rotate"}, format="json"
        )
        assert preview.status_code == 201
        assert preview.json()["status"] == "draft"
        assert [len(t["seats"]) for t in preview.json()["tables"]] == [4, 4]
        confirmed = api.post(f"/api/v1/tournaments/{tournament.pk}/rounds/1/confirm/")
        assert confirmed.json()["status"] == "confirmed"
        api.force_authenticate(people.scorer)
        round_ = tournament.rounds.get(number=1)
        with django_capture_on_commit_callbacks(execute=True):
            for i, table in enumerate(round_.tables.order_by("number")):
                response = api.post(
                    f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/game/",
                    data=table_log(table, 200 + i),
                    content_type="application/json",
                )
                assert response.status_code == 201, response.json()
        standings = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
        assert standings["tiebreaks"] == ["head_to_head", "lots"]
        assert standings["compiled_at"] is not None
        assert len(standings["standings"]) == 8
        first = standings["standings"][0]
        assert set(first) == {
            "rank",
            "player_id",
            "player",
            "points",
            "games",
            "provisional",
            "tiebreaks",
            "partner_id",
        }
        assert first["partner_id"] is None  # Oh Hell: everyone plays for themselves
        assert first["rank"] == "1"
        rows = list(
            csv.reader(
                io.StringIO(
                    api.get(f"/api/v1/tournaments/{tournament.pk}/standings/?format=csv").content.decode()
                )
            )
        )
        assert rows[0] == ["rank", "player", "points", "games", "provisional", "head_to_head", "lots"]
        assert len(rows) == 9
        cross = api.get(f"/api/v1/tournaments/{tournament.pk}/crosstable/").json()
        assert len(cross["rows"]) == 8
        assert all(len(r["results"]) == 1 and len(r["results"][0]["opponents"]) == 3 for r in cross["rows"])
        games = api.get(f"/api/v1/tournaments/{tournament.pk}/games/").json()
        assert len(games) == 2
        audit = api.get(f"/api/v1/tournaments/{tournament.pk}/audit/").json()
        assert audit["games"] == 2

    def test_wrong_players_is_a_clear_400(self, api, people, tournament, seated):
        api.force_authenticate(people.scorer)
        table = seated.tables.order_by("number").first()
        other = seated.tables.order_by("number").last()
        response = api.post(
            f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/game/",
            data=table_log(other, 9),
            content_type="application/json",
        )
        assert response.status_code == 400
        assert response.json()["error"]["path"] == "players"

    def test_a_draft_is_read_by_the_club_only_and_a_published_one_by_anyone(self, api, people, tournament):
        assert api.get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 404
        assert api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").status_code == 404
        assert api.get("/api/v1/clubs/kozyr/tournaments/").json() == []
        api.force_authenticate(people.member)
        assert api.get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 200
        api.force_authenticate(people.organiser)
        assert (
            api.post(
                f"/api/v1/tournaments/{tournament.pk}/publish/", {"published": True}, format="json"
            ).status_code
            == 200
        )
        api.force_authenticate(None)
        assert api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").status_code == 200
        assert [t["name"] for t in api.get("/api/v1/clubs/kozyr/tournaments/").json()] == ["Кубок осени"]

    def test_tiebreak_change_after_the_start_needs_a_reason(self, api, people, tournament, seated):
        api.force_authenticate(people.organiser)
        url = f"/api/v1/tournaments/{tournament.pk}/"
        refused = api.patch(url, {"tiebreaks": ["lots"]}, format="json")
        assert refused.status_code == 400
        assert "needs a reason" in refused.json()["error"]["message"]
        accepted = api.patch(
            url, {"tiebreaks": ["lots"], "reason": "typo in the announcement"}, format="json"
        )
        assert accepted.status_code == 200
        log = api.get(f"/api/v1/tournaments/{tournament.pk}/tiebreak-changes/").json()
        assert [(c["reason"], c["before"], c["after"]) for c in log] == [
            ("typo in the announcement", ["head_to_head", "lots"], ["lots"])
        ]


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_standings_follow_an_upload_through_the_live_worker(celery_worker_process, people):
    import time

    from games.models import Player
    from tests.tournaments.conftest import NAMES as names
    from tests.tournaments.conftest import drain

    tournament = services.tournament_create(club=people.club, name="Live", user=people.organiser, seed=3)
    for name in names:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    table = round_.tables.order_by("number").first()
    services.table_game_upload(table=table, content=table_log(table, 300), user=people.scorer)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if Standing.objects.filter(tournament=tournament, games=1).count() == 4:
            break
        time.sleep(0.1)
    assert Standing.objects.filter(tournament=tournament, games=1).count() == 4
    assert Standing.objects.filter(tournament=tournament).count() == len(NAMES)
    # The worker may still be rating the game: let it finish before the tables are emptied, or
    # its writes and the teardown's TRUNCATE deadlock and the next tests find this one's rows.
    drain(tournament)


def test_later_rounds_may_seat_strong_with_strong(tournament, seated):
    from django.utils import timezone

    entrants = sorted(tournament.entries.values_list("player_id", flat=True))
    # Standings with distinct places: the last-entered four lead.
    order = entrants[4:] + entrants[:4]
    Standing.objects.bulk_create(
        Standing(
            tournament=tournament,
            player_id=p,
            rank=i,
            rank_to=i,
            points=100 - i,
            games=1,
            compiled_at=timezone.now(),
        )
        for i, p in enumerate(order, start=1)
    )
    second = services.round_generate(tournament=tournament, method=Round.Seating.STANDINGS)
    tables = services.round_tables(second)
    assert second.seating_method == "standings"
    assert set(tables[0]) == set(order[:4])
    assert set(tables[1]) == set(order[4:])


def test_game_lists_filter_by_tournament(api, people, tournament, seated):
    play_round(seated, people)
    other = game_services.game_upload(
        club=people.club, content=table_log(seated.tables.first(), 999), user=people.scorer
    ).game
    api.force_authenticate(people.member)
    ids = {g["id"] for g in api.get(f"/api/v1/games/?tournament={tournament.pk}").json()["results"]}
    assert ids == {t.game_id for t in seated.tables.all()}
    assert other.pk not in ids
    club_ids = {
        g["id"] for g in api.get(f"/api/v1/clubs/kozyr/games/?tournament={tournament.pk}").json()["results"]
    }
    assert club_ids == ids
