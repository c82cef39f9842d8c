"""The organiser's pages: create, register, seat (preview, swap, confirm), enter a score sheet, publish."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from django.urls import reverse

from games.models import Game, Player
from tournaments import services
from tournaments.models import Entry, Round, Table, TableSeat, Tournament

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "outsider", "member", "scorer", "organiser")


def login(client, people, role: str) -> None:
    if role != "anonymous":
        client.force_login(getattr(people, role))


def manage_url(tournament: Tournament) -> str:
    return reverse("tournament-manage", args=[tournament.pk])


def round_url(tournament: Tournament, number: int = 1) -> str:
    return reverse("round-manage", args=[tournament.pk, number])


def sheet_url(table: Table) -> str:
    return reverse("table-sheet-entry", args=[table.round.tournament_id, table.pk])


def seat_names(table: Table) -> list[str]:
    return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


def sheet_post(bids: list[list[int]], taken: list[list[int]], first_dealer: int = 0) -> dict[str, Any]:
    data: dict[str, Any] = {"first_dealer": first_dealer}
    for k, (row_bids, row_taken) in enumerate(zip(bids, taken, strict=True), start=1):
        # The trump card turned up; the deal played without trumps has no such field, and Django
        # ignores what a form does not have.
        data[f"d{k}_trump"] = "QH" if k % 2 else "7C"
        for seat, (bid, took) in enumerate(zip(row_bids, row_taken, strict=True)):
            data[f"d{k}_s{seat}_bid"] = bid
            data[f"d{k}_s{seat}_taken"] = took
    return data


def four_player_sheet() -> tuple[list[list[int]], list[list[int]]]:
    """13 deals of 1..13 cards. Seat 0 bids and takes every trick (10 + k); seat 1 bids 0 and
    takes 0 (10); seat 2 bids 1 and takes 0 (missed: 0); seat 3 bids 0 and takes 0 (10)."""
    bids = [[k, 0, 1, 0] for k in range(1, 14)]
    taken = [[k, 0, 0, 0] for k in range(1, 14)]
    return bids, taken


# --- create ----------------------------------------------------------------------------------


def test_create_a_tournament_stores_every_setting(client, people):
    client.force_login(people.organiser)
    url = reverse("tournament-create", args=["kozyr"])
    page = client.get(url).content.decode()
    assert '<label for="id_tiebreak_1">Tie-break 1</label>' in page
    # The presets by name, the code kept in the value only (games/vocabulary.py).
    assert '<option value="classic-nil5">basic, a made zero bid scores 5 + the cards</option>' in page
    response = client.post(
        url,
        {
            "name": "  Зимний кубок ",
            "starts_at": "2026-12-05T18:30",
            "ruleset": "classic-nil5",
            "preferred_table_size": "5",
            "rounds_planned": "4",
            "standings_method": "table_points",
            "tiebreak_1": "contracts_made",
            "tiebreak_2": "",
            "tiebreak_3": "head_to_head",
            "tiebreak_4": "",
            "tiebreak_5": "",
            "seed": "42",
            "rated": "on",
        },
    )
    tournament = Tournament.objects.get(name="Зимний кубок")
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{tournament.pk}/manage/"
    assert tournament.club == people.club
    assert tournament.ruleset == "classic-nil5"
    assert tournament.preferred_table_size == 5
    assert tournament.rounds_planned == 4
    assert tournament.standings_method == "table_points"
    assert tournament.tiebreaks == ["contracts_made", "head_to_head"]
    assert tournament.seed == 42
    assert tournament.rated is True
    assert tournament.status == "draft"
    assert tournament.published is False
    assert tournament.starts_at == datetime(2026, 12, 5, 18, 30, tzinfo=UTC)


def test_create_shows_errors_inline_with_a_summary(client, people):
    client.force_login(people.organiser)
    response = client.post(
        reverse("tournament-create", args=["kozyr"]),
        {
            "name": "",
            "ruleset": "classic",
            "preferred_table_size": "9",
            "standings_method": "total",
            "tiebreak_1": "lots",
            "tiebreak_2": "lots",
        },
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert not Tournament.objects.exists()
    assert '<div class="error-summary" role="alert"' in page
    assert '<a href="#id_name">Name: This field is required.</a>' in page
    assert '<a href="#id_preferred_table_size">Players per table: ' in page
    assert '<a href="#id_tiebreak_2">Tie-break 2: Each tie-break can be chosen once.</a>' in page


def test_create_shows_a_service_refusal(client, people, monkeypatch):
    def refuse(**kwargs):
        raise services.ServiceError("tables seat 3 to 7 players")

    monkeypatch.setattr(services, "tournament_create", refuse)
    client.force_login(people.organiser)
    response = client.post(
        reverse("tournament-create", args=["kozyr"]),
        {"name": "X", "ruleset": "classic", "preferred_table_size": "4", "standings_method": "total"},
    )
    assert response.status_code == 400
    assert "<li>tables seat 3 to 7 players</li>" in response.content.decode()


def test_create_a_preferans_tournament_with_ruleset_options(client, people):
    client.force_login(people.organiser)
    url = reverse("tournament-create", args=["kozyr"])
    page = client.get(url).content.decode()
    assert '<option value="preferans">Preferans</option>' in page
    assert '<option value="durak">Durak</option>' in page
    form = {
        "name": "Пулька",
        "game_type": "preferans",
        "ruleset": "leningrad",
        "options": '{"pool": 30}',
        "preferred_table_size": "3",
        "standings_method": "total",
        "tiebreak_1": "head_to_head",
    }
    assert client.post(url, form).status_code == 302
    tournament = Tournament.objects.get(name="Пулька")
    assert (tournament.game_type, tournament.ruleset) == ("preferans", {"preset": "leningrad", "pool": 30})


def test_create_a_durak_tournament_leaves_out_tie_breaks_it_cannot_use(client, people):
    client.force_login(people.organiser)
    response = client.post(
        reverse("tournament-create", args=["kozyr"]),
        {
            "name": "Дурак",
            "game_type": "durak",
            "ruleset": "throw-in",
            "options": '{"place_points": [2, 1, 0]}',
            "preferred_table_size": "3",
            "standings_method": "total",
            "tiebreak_1": "head_to_head",
            "tiebreak_2": "contracts_made",
            "tiebreak_3": "lots",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Дурак")
    assert tournament.ruleset == {"preset": "throw-in", "place_points": [2, 1, 0]}
    assert tournament.tiebreaks == ["head_to_head", "lots"]


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ("{pool: 30}", "Ruleset options: Not JSON: Expecting property name enclosed in double quotes"),
        ("[30]", "Ruleset options: Write the options as a JSON object"),
        ('{"preset": "rostov"}', "Ruleset options: Choose the preset above, not among the options."),
        ('{"pool": "long"}', "ruleset.pool: must be a whole number, not the text &#x27;long&#x27;"),
        ('{"colour": 1}', "ruleset.colour: "),
    ],
)
def test_create_refuses_wrong_ruleset_options_with_the_reason(client, people, options, error):
    client.force_login(people.organiser)
    response = client.post(
        reverse("tournament-create", args=["kozyr"]),
        {
            "name": "X",
            "game_type": "preferans",
            "ruleset": "sochi",
            "options": options,
            "preferred_table_size": "3",
            "standings_method": "total",
        },
    )
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Tournament.objects.exists()


def test_create_on_an_unknown_club_is_404(client, people):
    client.force_login(people.organiser)
    assert client.get(reverse("tournament-create", args=["nowhere"])).status_code == 404


# --- the dashboard: entries ---------------------------------------------------------------------


@pytest.fixture
def empty_tournament(people) -> Tournament:
    return services.tournament_create(club=people.club, name="Пустой", user=people.organiser, seed=3)


def test_register_roster_players_and_new_names(client, people, empty_tournament):
    roster = [
        Player.objects.create(club=people.club, display_name=n) for n in ["Анна", "Борис", "Вера", "Глеб"]
    ]
    client.force_login(people.organiser)
    page = client.get(manage_url(empty_tournament)).content.decode()
    for player in roster:
        assert f'value="{player.pk}"' in page  # each roster player offered as a checkbox
    before = Player.objects.count()
    response = client.post(
        manage_url(empty_tournament),
        {
            "action": "register",
            "roster": [roster[0].pk, roster[1].pk, roster[3].pk],
            "new_names": "Дмитрий\n\n  Ольга   Петровна \nдмитрий\n",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == manage_url(empty_tournament)
    assert Entry.objects.filter(tournament=empty_tournament).count() == 5
    assert Player.objects.count() == before + 2
    assert sorted(
        Entry.objects.filter(tournament=empty_tournament).values_list("player__display_name", flat=True)
    ) == ["Анна", "Борис", "Глеб", "Дмитрий", "Ольга Петровна"]
    assert Player.objects.get(display_name="Ольга Петровна").club == people.club
    page = client.get(manage_url(empty_tournament)).content.decode()
    assert "5 players registered." in page
    assert "Entrants (5)" in page
    assert f'value="{roster[2].pk}"' in page  # Вера still offered
    assert f'name="roster" value="{roster[0].pk}"' not in page


def test_register_needs_someone(client, people, empty_tournament):
    client.force_login(people.organiser)
    response = client.post(manage_url(empty_tournament), {"action": "register", "new_names": "  \n"})
    assert response.status_code == 400
    assert "Choose players from the roster or type new names." in response.content.decode()
    assert not Entry.objects.exists()


def test_register_in_a_finished_tournament_is_refused_as_a_whole(client, people, tournament, seated):
    services.tournament_set_status(tournament=tournament, status="finished")
    client.force_login(people.organiser)
    response = client.post(manage_url(tournament), {"action": "register", "new_names": "Новый\nЕщё"})
    assert response.status_code == 400
    assert "the tournament is finished" in response.content.decode()
    assert not Player.objects.filter(display_name__in=["Новый", "Ещё"]).exists()  # rolled back


def test_remove_an_entrant_and_refuse_a_seated_one(client, people, tournament):
    anna = Player.objects.get(display_name="Анна")
    client.force_login(people.organiser)
    response = client.post(manage_url(tournament), {"action": "remove", "player": anna.pk})
    assert response.status_code == 302
    assert not Entry.objects.filter(tournament=tournament, player=anna).exists()
    services.round_generate(tournament=tournament)
    boris = Player.objects.get(display_name="Борис")
    response = client.post(manage_url(tournament), {"action": "remove", "player": boris.pk})
    assert response.status_code == 400
    assert "the player is seated in a round" in response.content.decode()
    assert Entry.objects.filter(tournament=tournament, player=boris).exists()


def test_status_change_and_publish_toggle(client, people, tournament):
    client.force_login(people.organiser)
    page = client.get(manage_url(tournament)).content.decode()
    assert '<option value="registration">Registration</option>' in page
    assert '<option value="finished">' not in page  # not reachable from a draft
    response = client.post(manage_url(tournament), {"action": "status", "status": "registration"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == "registration"
    response = client.post(manage_url(tournament), {"action": "status", "status": "finished"})
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()

    assert tournament.published is False
    client.post(manage_url(tournament), {"action": "publish", "published": "1"})
    tournament.refresh_from_db()
    assert tournament.published is True
    assert "Unpublish" in client.get(manage_url(tournament)).content.decode()
    client.post(manage_url(tournament), {"action": "publish", "published": "0"})
    tournament.refresh_from_db()
    assert tournament.published is False


def test_unknown_action_is_a_400(client, people, tournament):
    client.force_login(people.organiser)
    assert client.post(manage_url(tournament), {"action": "explode"}).status_code == 400


# --- rounds: generate, swap, confirm, delete ------------------------------------------------------


def test_generate_a_round_for_eight_entrants(client, people, tournament):
    client.force_login(people.organiser)
    page = client.get(manage_url(tournament)).content.decode()
    assert '<option value="standings">By current standings</option>' in page
    response = client.post(manage_url(tournament), {"action": "generate", "seating_method": "rotate"})
    assert response.status_code == 302
    assert response["Location"] == round_url(tournament, 1)
    round_ = Round.objects.get(tournament=tournament)
    assert (round_.number, round_.status, round_.seating_method) == (1, "draft", "rotate")
    assert round_.tables.count() == 2
    assert TableSeat.objects.filter(table__round=round_).count() == 8
    page = client.get(round_url(tournament)).content.decode()
    assert page.count('<section class="table-card') == 2
    assert "Confirm round 1" in page
    assert "0 repeated meetings with earlier opponents." in page
    # A second draft is refused while the first waits.
    response = client.post(manage_url(tournament), {"action": "generate", "seating_method": "rotate"})
    assert response.status_code == 400
    assert "a round is already waiting for confirmation" in response.content.decode()


def test_swap_two_players_exchanges_their_tables(client, people, tournament):
    round_ = services.round_generate(tournament=tournament)
    first, second = round_.tables.order_by("number")
    a = first.seats.order_by("seat").first()
    b = second.seats.order_by("seat").last()
    client.force_login(people.organiser)
    response = client.post(round_url(tournament), {"action": "swap", "a": a.player_id, "b": b.player_id})
    assert response.status_code == 302
    assert TableSeat.objects.get(table__round=round_, player_id=a.player_id).table_id == second.pk
    assert TableSeat.objects.get(table__round=round_, player_id=b.player_id).table_id == first.pk
    # The same player twice is a form error, shown with a link to the field.
    response = client.post(round_url(tournament), {"action": "swap", "a": a.player_id, "b": a.player_id})
    assert response.status_code == 400
    assert '<a href="#id_b">with this player: Choose two different players.</a>' in response.content.decode()


def test_confirm_then_the_round_is_fixed(client, people, tournament):
    services.round_generate(tournament=tournament)
    client.force_login(people.organiser)
    response = client.post(round_url(tournament), {"action": "confirm"})
    assert response.status_code == 302
    round_ = Round.objects.get(tournament=tournament)
    assert round_.status == "confirmed"
    tournament.refresh_from_db()
    assert tournament.status == "running"
    page = client.get(round_url(tournament)).content.decode()
    for table in round_.tables.all():
        assert f'href="{sheet_url(table)}"' in page
    assert "Confirm round 1" not in page
    response = client.post(round_url(tournament), {"action": "delete"})
    assert response.status_code == 400
    assert "a confirmed round stays" in response.content.decode()
    assert Round.objects.filter(pk=round_.pk).exists()


def test_delete_a_draft(client, people, tournament):
    services.round_generate(tournament=tournament)
    client.force_login(people.organiser)
    response = client.post(round_url(tournament), {"action": "delete"})
    assert response.status_code == 302
    assert response["Location"] == manage_url(tournament)
    assert not Round.objects.exists()


def test_repeated_opponents_are_flagged_in_the_preview(client, people, tournament, seated):
    round2 = services.round_generate(tournament=tournament)
    first = seated.tables.order_by("number").first()
    # Seat round 1's tables again by hand: both tables repeat all 6 of their pairs.
    again = list(first.seats.values_list("player_id", flat=True))
    for player in again:
        table = TableSeat.objects.get(table__round=round2, player_id=player).table
        if table.number != 1:
            other = (
                TableSeat.objects.filter(table__round=round2, table__number=1)
                .exclude(player_id__in=again)
                .first()
            )
            services.round_swap(round_=round2, a=player, b=other.player_id)
    client.force_login(people.organiser)
    page = client.get(round_url(tournament, 2)).content.decode()
    round2.refresh_from_db()
    assert round2.repeats == 12
    assert "12 repeated meetings with earlier opponents." in page
    assert page.count("have met once before") == 12
    assert page.count('<span class="repeat-flag"') == 8
    names = sorted(first.seats.values_list("player__display_name", flat=True))
    assert f"{names[0]} and {names[1]} have met once before" in page or (
        f"{names[1]} and {names[0]} have met once before" in page
    )


# --- a table's score sheet --------------------------------------------------------------------------


def test_enter_a_score_sheet_records_the_engines_totals(client, people, tournament, seated):
    table = seated.tables.order_by("number").first()
    names = seat_names(table)
    client.force_login(people.scorer)
    page = client.get(sheet_url(table)).content.decode()
    assert f'<label class="visually-hidden" for="id_d3_s0_bid">Deal 3, {names[0]}, bid</label>' in page
    assert 'max="13"' in page
    assert 'name="d13_s3_taken"' in page
    assert 'name="d14_s0_bid"' not in page
    data = json.loads(page.split('<script id="sheet-data" type="application/json">')[1].split("</script>")[0])
    assert data["ruleset"]["made_bonus"] == 10
    assert data["ruleset"]["nil_made"] == 10
    assert [d["cards"] for d in data["deals"]] == list(range(1, 14))
    bids, taken = four_player_sheet()
    response = client.post(sheet_url(table), sheet_post(bids, taken))
    table.refresh_from_db()
    assert table.game_id is not None
    assert response.status_code == 302
    assert response["Location"] == f"/games/{table.game_id}/"
    game = Game.objects.get(pk=table.game_id)
    # Seat 0: 13 deals of 10 + k = 130 + 91; seats 1 and 3: 13 nils made; seat 2 never makes it.
    assert game.totals == [221, 130, 0, 130]
    assert list(game.seats.order_by("seat").values_list("player__display_name", flat=True)) == names
    assert game.status == "clean"
    document = json.loads(bytes(game.current_revision.content))
    assert document["deals"][0] == {
        "dealer": 0,
        "cards": 1,
        "trump": "QH",
        "bids": [1, 0, 1, 0],
        "taken": [1, 0, 0, 0],
    }
    assert [d["trump"] for d in document["deals"]] == ["QH", "7C"] * 6 + [None]  # the last: no trumps
    assert document["ruleset"] == "classic"
    assert [d["dealer"] for d in document["deals"][:5]] == [0, 1, 2, 3, 0]


def test_a_deal_without_its_trump_card_is_refused_never_written_as_no_trump(
    client, people, tournament, seated
):
    table = seated.tables.order_by("number").first()
    client.force_login(people.scorer)
    page = client.get(sheet_url(table)).content.decode()
    assert '<select name="d1_trump" class="sheet-trump" data-deal="1"' in page
    assert 'name="d13_trump"' not in page  # the last deal is played without trumps
    assert '<option value="QH">Q♥</option>' in page
    data = sheet_post(*four_player_sheet())
    data["d4_trump"] = ""
    response = client.post(sheet_url(table), data)
    assert response.status_code == 400
    table.refresh_from_db()
    assert table.game_id is None
    assert "Write the trump card turned up for this deal." in response.content.decode()


def test_the_first_dealer_is_chosen(client, people, tournament, seated):
    table = seated.tables.order_by("number").first()
    client.force_login(people.organiser)
    bids, taken = four_player_sheet()
    client.post(sheet_url(table), sheet_post(bids, taken, first_dealer=2))
    table.refresh_from_db()
    document = json.loads(bytes(table.game.current_revision.content))
    assert [d["dealer"] for d in document["deals"][:3]] == [2, 3, 0]


def test_taken_not_adding_up_is_shown_with_its_deal(client, people, tournament, seated):
    table = seated.tables.order_by("number").first()
    client.force_login(people.scorer)
    bids, taken = four_player_sheet()
    taken[2] = [3, 1, 0, 0]  # deal 3: 4 tricks of 3 cards
    response = client.post(sheet_url(table), sheet_post(bids, taken))
    page = response.content.decode()
    assert response.status_code == 400
    assert not Game.objects.exists()
    assert '<a href="#deal-3">Deal 3: the tricks taken add up to 4, but 3 cards each were dealt</a>' in page
    assert '<tr id="deal-3" data-deal="3" data-cards="3" class="has-errors">' in page
    assert 'value="3"' in page  # what was typed is kept


def test_a_bid_above_the_cards_is_a_field_error(client, people, tournament, seated):
    table = seated.tables.order_by("number").first()
    names = seat_names(table)
    client.force_login(people.scorer)
    bids, taken = four_player_sheet()
    bids[1][1] = 5  # deal 2 has 2 cards
    response = client.post(sheet_url(table), sheet_post(bids, taken))
    assert response.status_code == 400
    assert (
        f'<a href="#id_d2_s1_bid">Deal 2, {names[1]}, bid: '
        "Ensure this value is less than or equal to 2.</a>" in response.content.decode()
    )
    assert not Game.objects.exists()


def test_an_engine_error_path_is_mapped_to_its_cell(client, people, tournament, seated, monkeypatch):
    from rules.errors import MalformedDocument
    from rules.ohhell import sheet_entry

    def malformed(**kwargs):
        raise MalformedDocument("deals[4].taken[2]", "must be a whole number")

    monkeypatch.setattr(sheet_entry, "build_document", malformed)
    table = seated.tables.order_by("number").first()
    names = seat_names(table)
    client.force_login(people.scorer)
    response = client.post(sheet_url(table), sheet_post(*four_player_sheet()))
    assert response.status_code == 400
    assert f'<a href="#id_d5_s2_taken">Deal 5, {names[2]}, taken: must be a whole number</a>' in (
        response.content.decode()
    )


def test_a_recorded_table_refuses_a_second_sheet(client, people, tournament, seated):
    table = seated.tables.order_by("number").first()
    client.force_login(people.organiser)
    client.post(sheet_url(table), sheet_post(*four_player_sheet()))
    page = client.get(sheet_url(table)).content.decode()
    assert "This table's game is already recorded." in page
    bids, taken = four_player_sheet()
    bids[0] = [0, 1, 1, 0]
    response = client.post(sheet_url(table), sheet_post(bids, taken))
    assert response.status_code == 400
    assert "this table already has its game" in response.content.decode()
    assert Game.objects.count() == 1


def test_a_draft_rounds_table_waits_for_confirmation(client, people, tournament):
    round_ = services.round_generate(tournament=tournament)
    table = round_.tables.first()
    client.force_login(people.organiser)
    page = client.get(sheet_url(table)).content.decode()
    assert "The round's seating is not confirmed yet" in page
    assert 'id="sheet-form"' not in page


def test_a_table_of_another_tournament_is_404(client, people, tournament, seated):
    other = services.tournament_create(club=people.club, name="Другой", user=people.organiser)
    table = seated.tables.first()
    client.force_login(people.organiser)
    assert client.get(f"/tournaments/{other.pk}/tables/{table.pk}/sheet/").status_code == 404


# --- the permission matrix --------------------------------------------------------------------------


def expected(role: str, allowed: tuple[str, ...], ok: int, *, readable_by_outsider: bool = False) -> int:
    if role == "anonymous":
        return 302
    if role in allowed:
        return ok
    if role == "outsider" and not readable_by_outsider:
        return 404
    return 403


def assert_status(response, code: int) -> None:
    assert response.status_code == code, response.content[:500]
    if code == 302 and "/accounts/login/" in response.get("Location", ""):
        assert response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("role", ROLES)
def test_matrix_create(client, people, role):
    login(client, people, role)
    url = reverse("tournament-create", args=["kozyr"])
    allowed = ("organiser",)
    get = client.get(url)
    code = expected(role, allowed, 200, readable_by_outsider=True)
    assert_status(get, code)
    if role == "anonymous":
        assert get["Location"] == f"/accounts/login/?next={url}"
    post = client.post(
        url, {"name": "T", "ruleset": "classic", "preferred_table_size": "4", "standings_method": "total"}
    )
    assert_status(post, expected(role, allowed, 302, readable_by_outsider=True))
    assert Tournament.objects.filter(name="T").exists() == (role in allowed)


MANAGE_POSTS = {
    "publish": ({"action": "publish", "published": "1"}, lambda t: t.published),
    "status": ({"action": "status", "status": "registration"}, lambda t: t.status == "registration"),
    "register": ({"action": "register", "new_names": "Пришелец"}, lambda t: t.entries.count() == 9),
    "remove": (None, lambda t: t.entries.count() == 7),
    "generate": ({"action": "generate", "seating_method": "rotate"}, lambda t: t.rounds.count() == 1),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", [None, *MANAGE_POSTS])
def test_matrix_manage(client, people, tournament, role, action):
    login(client, people, role)
    allowed = ("organiser",)
    if action is None:
        assert_status(client.get(manage_url(tournament)), expected(role, allowed, 200))
        return
    data, changed = MANAGE_POSTS[action]
    if data is None:
        data = {"action": "remove", "player": Player.objects.get(display_name="Анна").pk}
    assert_status(client.post(manage_url(tournament), data), expected(role, allowed, 302))
    tournament.refresh_from_db()
    assert changed(tournament) == (role in allowed)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", [None, "swap", "confirm", "delete"])
def test_matrix_round(client, people, tournament, role, action):
    round_ = services.round_generate(tournament=tournament)
    login(client, people, role)
    if action is None:
        assert_status(client.get(round_url(tournament)), expected(role, ("scorer", "organiser"), 200))
        return
    first, second = round_.tables.order_by("number")
    a, b = first.seats.first().player_id, second.seats.first().player_id
    data = {"action": action, "a": a, "b": b}
    assert_status(client.post(round_url(tournament), data), expected(role, ("organiser",), 302))
    round_state = Round.objects.filter(pk=round_.pk).values_list("status", flat=True).first()
    moved = TableSeat.objects.get(table__round=round_, player_id=a).table_id if round_state else None
    done = {"swap": moved == second.pk, "confirm": round_state == "confirmed", "delete": round_state is None}
    assert done[action] == (role == "organiser")


@pytest.mark.parametrize("role", ROLES)
def test_matrix_sheet(client, people, tournament, seated, role):
    table = seated.tables.order_by("number").first()
    login(client, people, role)
    allowed = ("scorer", "organiser")
    assert_status(client.get(sheet_url(table)), expected(role, allowed, 200))
    assert_status(
        client.post(sheet_url(table), sheet_post(*four_player_sheet())), expected(role, allowed, 302)
    )
    assert Game.objects.exists() == (role in allowed)


@pytest.mark.parametrize("role", ["outsider", "member"])
def test_a_published_tournament_is_still_the_organisers_to_manage(client, people, tournament, seated, role):
    services.tournament_publish(tournament=tournament, published=True)
    login(client, people, role)
    table = seated.tables.first()
    assert client.get(manage_url(tournament)).status_code == 403
    assert client.get(round_url(tournament)).status_code == 403
    assert client.get(sheet_url(table)).status_code == 403
    assert client.post(manage_url(tournament), {"action": "publish", "published": "0"}).status_code == 403
    tournament.refresh_from_db()
    assert tournament.published is True


def test_superuser_manages_any_club(client, people, tournament):
    client.force_login(people.superuser)
    assert client.get(manage_url(tournament)).status_code == 200


def test_posts_need_the_csrf_token(people, tournament):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(people.organiser)
    assert client.post(manage_url(tournament), {"action": "publish", "published": "1"}).status_code == 403
    tournament.refresh_from_db()
    assert tournament.published is False


# --- queries stay constant as the tournament grows -----------------------------------------------


def test_manage_page_queries_do_not_grow(client, people, tournament, django_assert_num_queries):
    client.force_login(people.organiser)
    # 1 session, 2 user, 3 tournament + club, 4 membership role, 5 entries + players,
    # 6 seated player ids, 7 rounds with table and game counts, 8 the provisional tables (their
    # disputes and confirmations read only when there are some), 9 roster players not entered,
    # 10 the disputes waiting for the reader (the header's count).
    with django_assert_num_queries(10):
        assert client.get(manage_url(tournament)).status_code == 200
    for _ in range(3):
        services.round_confirm(round_=services.round_generate(tournament=tournament))
    for n in range(6):
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=f"P{n}")
        )
        Player.objects.create(club=people.club, display_name=f"Roster {n}")
    with django_assert_num_queries(10):
        assert client.get(manage_url(tournament)).status_code == 200


def test_round_page_queries_do_not_grow(client, people, tournament, django_assert_num_queries):
    client.force_login(people.organiser)
    services.round_confirm(round_=services.round_generate(tournament=tournament))
    # 1 session, 2 user, 3 tournament + club, 4 membership role (organiser: can_manage_club answers),
    # 5 round, 6 tables + games, 7 seats + players, 8 the disputes waiting for the reader (the header's count).
    with django_assert_num_queries(8):
        assert client.get(round_url(tournament, 1)).status_code == 200
    for n in range(8):
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=f"P{n}")
        )
    services.round_generate(tournament=tournament)
    # A draft adds 9 previous tables (the history the repeats are counted against).
    with django_assert_num_queries(9):
        assert client.get(round_url(tournament, 2)).status_code == 200


def test_sheet_page_queries_are_constant(client, people, tournament, seated, django_assert_num_queries):
    client.force_login(people.scorer)
    table = seated.tables.order_by("number").first()
    # 1 session, 2 user, 3 tournament + club, 4 membership role, 5 table + round + game, 6 seats + players,
    # 7 the disputes waiting for the reader (the header's count).
    with django_assert_num_queries(7):
        assert client.get(sheet_url(table)).status_code == 200
