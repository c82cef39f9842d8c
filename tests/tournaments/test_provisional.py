"""Provisional results in a tournament: the standings count them, every page and API marks them.

Round 1 of the conftest's tournament (eight entrants, two tables of four) is played; a dispute
is opened on table 1's game. The compile (queued by the receiver of ``game_settled``, run in
process: Celery is eager in tests) marks table 1's players' lines; deciding the dispute compiles
again and the marks go. Then the organiser's manage page, and ``confirmation_hours`` on the
create form and the API.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import disputes, settlement
from games.models import Dispute, Game, Membership, Player
from tests.games.factories import MembershipFactory, UserFactory
from tests.tournaments.conftest import table_log
from tournaments import services
from tournaments.models import Standing, Table, Tournament

pytestmark = pytest.mark.django_db


def tables_of(round_) -> tuple[Table, Table]:
    first, second = round_.tables.order_by("number")
    return first, second


def names_at(table: Table) -> set[str]:
    return {seat.player.display_name for seat in table.seats.select_related("player")}


def play(round_, people, first_seed: int = 300) -> None:
    for i, table in enumerate(round_.tables.order_by("number")):
        services.table_game_upload(table=table, content=table_log(table, first_seed + i), user=people.scorer)


@pytest.fixture
def played(people, tournament, seated, django_capture_on_commit_callbacks) -> Tournament:
    with django_capture_on_commit_callbacks(execute=True):
        play(seated, people)
    return tournament


@pytest.fixture
def disputed(people, played, seated, django_capture_on_commit_callbacks) -> Dispute:
    """A dispute open on table 1's game, the standings compiled by the receiver."""
    first, _ = tables_of(seated)
    with django_capture_on_commit_callbacks(execute=True):
        return disputes.dispute_open(
            game=first.game, user=people.organiser, claim="Deal 4 was scored for the wrong player"
        )


@pytest.fixture
def decided(people, disputed, django_capture_on_commit_callbacks) -> Dispute:
    with django_capture_on_commit_callbacks(execute=True):
        return disputes.dispute_decide(
            dispute=disputed, user=people.organiser, ruling=Dispute.Ruling.REJECT, decision="Scored right"
        )


def refreshed(tournament: Tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


def standing_marks(tournament: Tournament) -> dict[str, int]:
    return dict(
        Standing.objects.filter(tournament=tournament).values_list("player__display_name", "provisional")
    )


def get(client, user, url: str) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def marked_lines(html: str) -> dict[str, bool]:
    """The standings table's lines: player → whether the line carries the "prov." mark."""
    body = html.split('<table class="standings">')[1].split("</table>")[0]
    rows = re.findall(r'<tr><td>.*?<th scope="row">(.*?)</th>(.*?)</tr>', body, re.S)
    return {text(name): "provisional-mark" in rest for name, rest in rows}


def marked_cells(html: str) -> dict[str, list[bool]]:
    """The cross-table's rows: player → for each of their tables, whether its cell is marked."""
    body = html.split('<table class="cross-table">')[1].split("</table>")[0]
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', body, re.S)
    return {
        text(name): ["prov." in cell for cell in cells.split('<div class="cross-cell">')[1:]]
        for name, cells in rows
    }


# --- the compile ----------------------------------------------------------------------------------


def test_no_dispute_no_provisional_results(played):
    assert set(standing_marks(played).values()) == {0}
    assert refreshed(played).provisional_results == 0


def test_the_compile_counts_the_disputed_games_players_provisional(played, seated, disputed):
    first, second = tables_of(seated)
    marks = standing_marks(played)
    assert {name: marks[name] for name in names_at(first)} == dict.fromkeys(names_at(first), 1)
    assert {name: marks[name] for name in names_at(second)} == dict.fromkeys(names_at(second), 0)
    assert refreshed(played).provisional_results == 1


def test_standings_compile_counts_them_when_called_directly(played, seated, disputed):
    Standing.objects.filter(tournament=played).delete()
    Tournament.objects.filter(pk=played.pk).update(provisional_results=0)
    lines = services.standings_compile(tournament=refreshed(played))
    first, _ = tables_of(seated)
    counted = {p.pk for p in Player.objects.filter(seats__game=first.game)}
    assert {line.player_id: line.provisional for line in lines} == {
        line.player_id: int(line.player_id in counted) for line in lines
    }
    assert refreshed(played).provisional_results == 1


def test_deciding_the_dispute_compiles_again_without_the_marks(played, decided):
    assert set(standing_marks(played).values()) == {0}
    assert refreshed(played).provisional_results == 0


def test_the_provisional_helpers_name_the_disputed_table(played, seated, disputed):
    first, _ = tables_of(seated)
    assert services.provisional_results(played) == 1
    assert services.provisional_counts(played) == dict.fromkeys(
        first.seats.values_list("player_id", flat=True), 1
    )
    (table,) = services.provisional_tables(played)
    assert (table.table.pk, table.open_disputes, table.confirmed, table.players, table.confirm_until) == (
        first.pk,
        [disputed.pk],
        0,
        4,
        None,
    )


# --- the pages ------------------------------------------------------------------------------------


def test_the_standings_page_marks_exactly_the_disputed_tables_players(
    client, people, played, seated, disputed
):
    html = get(client, people.member, f"/tournaments/{played.pk}/standings/")
    first, _ = tables_of(seated)
    lines = marked_lines(html)
    assert len(lines) == 8
    assert {name for name, marked in lines.items() if marked} == names_at(first)
    assert (
        "1 result is provisional (a dispute is open, or its table has not confirmed the sheet): "
        "the places may still change."
    ) in html


def test_the_standings_page_has_no_marks_after_the_decision(client, people, played, decided):
    html = get(client, people.member, f"/tournaments/{played.pk}/standings/")
    assert set(marked_lines(html).values()) == {False}
    assert "prov." not in html
    assert "result is provisional" not in html


def test_the_cross_table_marks_the_disputed_tables_cells_only(client, people, played, seated, disputed):
    html = get(client, people.member, f"/tournaments/{played.pk}/cross-table/")
    first, _ = tables_of(seated)
    cells = marked_cells(html)
    assert len(cells) == 8
    assert cells == {name: [name in names_at(first)] for name in cells}


def test_the_cross_table_has_no_marks_after_the_decision(client, people, played, decided):
    html = get(client, people.member, f"/tournaments/{played.pk}/cross-table/")
    assert set(map(tuple, marked_cells(html).values())) == {(False,)}


def test_the_tournament_page_marks_the_disputed_table_card(client, people, played, disputed):
    html = get(client, people.member, f"/tournaments/{played.pk}/")
    assert '<h4>Table 1 <span class="provisional-mark">provisional</span></h4>' in html
    assert "<h4>Table 2</h4>" in html


def test_the_tournament_page_has_no_mark_after_the_decision(client, people, played, decided):
    html = get(client, people.member, f"/tournaments/{played.pk}/")
    assert "<h4>Table 1</h4>" in html
    assert "<h4>Table 2</h4>" in html
    assert "provisional-mark" not in html


def recent_games(html: str) -> str:
    return html.split('<table id="games-table" class="recent-games">')[1].split("</table>")[0]


@pytest.mark.parametrize(("table_number", "marked"), [(1, True), (2, False)], ids=["disputed", "undisputed"])
def test_a_profile_marks_the_disputed_game_in_its_recent_games(
    client, people, played, seated, disputed, table_number, marked
):
    table = seated.tables.get(number=table_number)
    player = table.seats.order_by("seat").first().player
    html = get(client, people.member, f"/clubs/kozyr/players/{player.pk}/")
    row = re.search(rf"<tr>.*?Game {table.game_id}</a>.*?</tr>", recent_games(html), re.S)
    assert row is not None
    assert ("prov." in row.group(0)) is marked


def test_a_profile_has_no_mark_after_the_decision(client, people, played, seated, decided):
    first, _ = tables_of(seated)
    player = first.seats.order_by("seat").first().player
    html = get(client, people.member, f"/clubs/kozyr/players/{player.pk}/")
    assert "prov." not in recent_games(html)


# --- the API --------------------------------------------------------------------------------------


def test_the_standings_api_counts_the_provisional_results(api, people, played, seated, disputed):
    api.force_authenticate(people.member)
    body = api.get(f"/api/v1/tournaments/{played.pk}/standings/").json()
    first, _ = tables_of(seated)
    assert body["provisional_results"] == 1
    assert {line["player"]: line["provisional"] for line in body["standings"]} == {
        line["player"]: int(line["player"] in names_at(first)) for line in body["standings"]
    }


def test_the_standings_csv_has_the_provisional_column(api, people, played, seated, disputed):
    api.force_authenticate(people.member)
    rows = api.get(f"/api/v1/tournaments/{played.pk}/standings/?format=csv").content.decode().splitlines()
    first, _ = tables_of(seated)
    column = rows[0].split(",").index("provisional")
    marks = {row.split(",")[1]: row.split(",")[column] for row in rows[1:]}
    assert marks == {name: "1" if name in names_at(first) else "0" for name in marks}


def test_the_game_api_says_the_disputed_game_is_provisional(api, people, seated, disputed):
    first, second = tables_of(seated)
    api.force_authenticate(people.member)
    assert api.get(f"/api/v1/games/{first.game_id}/").json()["provisional"] is True
    assert api.get(f"/api/v1/games/{second.game_id}/").json()["provisional"] is False
    assert api.get(f"/api/v1/games/{first.game_id}/").json()["confirm_until"] is None


def test_the_rounds_tables_api_marks_the_disputed_table(api, people, played, disputed):
    api.force_authenticate(people.member)
    tables = api.get(f"/api/v1/tournaments/{played.pk}/rounds/1/").json()["tables"]
    assert [(t["number"], t["provisional"]) for t in tables] == [(1, True), (2, False)]
    listed = api.get(f"/api/v1/tournaments/{played.pk}/tables/").json()
    assert sorted((t["number"], t["provisional"]) for t in listed) == [(1, True), (2, False)]


def test_the_cross_table_api_marks_the_disputed_tables_results(api, people, played, seated, disputed):
    api.force_authenticate(people.member)
    rows = api.get(f"/api/v1/tournaments/{played.pk}/crosstable/").json()["rows"]
    first, _ = tables_of(seated)
    assert {row["player"]: [r["provisional"] for r in row["results"]] for row in rows} == {
        row["player"]: [row["player"] in names_at(first)] for row in rows
    }


def test_the_api_is_final_everywhere_after_the_decision(api, people, played, seated, decided):
    first, _ = tables_of(seated)
    api.force_authenticate(people.member)
    standings = api.get(f"/api/v1/tournaments/{played.pk}/standings/").json()
    assert standings["provisional_results"] == 0
    assert {line["provisional"] for line in standings["standings"]} == {0}
    assert api.get(f"/api/v1/games/{first.game_id}/").json()["provisional"] is False
    tables = api.get(f"/api/v1/tournaments/{played.pk}/rounds/1/").json()["tables"]
    assert [t["provisional"] for t in tables] == [False, False]


# --- a tournament asking its tables to confirm ---------------------------------------------------


@pytest.fixture
def confirming(people, tournament) -> Tournament:
    Tournament.objects.filter(pk=tournament.pk).update(confirmation_hours=24)
    return refreshed(tournament)


@pytest.fixture
def confirming_round(confirming):
    round_ = services.round_generate(tournament=confirming)
    services.round_confirm(round_=round_)
    return round_


def link(people, table: Table) -> list:
    users = []
    for seat in table.seats.select_related("player").order_by("seat"):
        user = UserFactory(username=f"t{table.number}s{seat.seat}")
        MembershipFactory(club=people.club, user=user, role=Membership.Role.MEMBER)
        Player.objects.filter(pk=seat.player_id).update(user=user)
        users.append(user)
    return users


@pytest.fixture
def waiting(people, confirming, confirming_round, django_capture_on_commit_callbacks) -> Tournament:
    """Both tables' games recorded and waiting for their tables; table 1 disputed, and one of
    its players has confirmed."""
    with django_capture_on_commit_callbacks(execute=True):
        play(confirming_round, people)
    first, _ = tables_of(confirming_round)
    users = link(people, first)
    with django_capture_on_commit_callbacks(execute=True):
        settlement.game_confirm(game=first.game, user=users[0])
        disputes.dispute_open(game=first.game, user=users[1], claim="Deal 2: I bid one, not two")
    return confirming


def test_waiting_tables_are_provisional_in_the_standings(waiting):
    assert refreshed(waiting).provisional_results == 2
    assert set(standing_marks(waiting).values()) == {1}


def test_a_line_counts_each_of_its_provisional_results(
    client, people, waiting, django_capture_on_commit_callbacks
):
    second = services.round_generate(tournament=waiting)
    services.round_confirm(round_=second)
    with django_capture_on_commit_callbacks(execute=True):
        play(second, people, first_seed=400)
    assert set(standing_marks(waiting).values()) == {2}
    assert refreshed(waiting).provisional_results == 4
    html = get(client, people.member, f"/tournaments/{waiting.pk}/standings/")
    assert (
        html.count(
            'title="2 of these results are provisional: a dispute is open or a sheet is not confirmed yet"'
        )
        == 8
    )
    assert (
        "4 results are provisional (a dispute is open, or their tables have not confirmed the sheets)" in html
    )


def test_the_beat_task_settles_the_undisputed_table_and_the_standings_follow(
    waiting, confirming_round, django_capture_on_commit_callbacks
):
    from games.tasks import settle_confirmations

    Game.objects.filter(table__round=confirming_round).update(
        confirm_until=timezone.now() - timedelta(minutes=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert settle_confirmations.delay().get() == 1
    first, second = tables_of(confirming_round)
    marks = standing_marks(waiting)
    assert {marks[name] for name in names_at(first)} == {1}
    assert {marks[name] for name in names_at(second)} == {0}
    assert refreshed(waiting).provisional_results == 1


def test_the_manage_page_lists_the_provisional_tables_and_why(client, people, waiting, confirming_round):
    first, second = tables_of(confirming_round)
    dispute = Dispute.objects.get(game=first.game)
    html = get(client, people.organiser, f"/tournaments/{waiting.pk}/manage/")
    section = html.split('<section class="panel" aria-labelledby="provisional-heading">')[1].split(
        "</section>"
    )[0]
    assert '<h2 id="provisional-heading">Results not final yet</h2>' in section
    assert (
        "Each table confirms its sheet within 24 hours of recording it; until then its result is provisional."
    ) in section
    items = re.findall(r"<li>(.*?)</li>", section, re.S)
    assert len(items) == 2
    assert f'<a href="/games/{first.game_id}/">Round 1, table 1</a>' in items[0]
    assert f'<a href="/disputes/{dispute.pk}/">dispute {dispute.pk} open</a>' in items[0]
    # Under an open dispute the window does not end the mark: no "until" is promised.
    assert "1 of 4 players confirmed the sheet</span>" in items[0]
    assert "provisional until" not in items[0]
    assert f'<a href="/games/{second.game_id}/">Round 1, table 2</a>' in items[1]
    assert "dispute" not in items[1]
    assert "0 of 4 players confirmed the sheet; provisional until " in items[1]


def test_the_manage_page_says_every_result_is_final(client, people, played):
    html = get(client, people.organiser, f"/tournaments/{played.pk}/manage/")
    assert "Every recorded result is final: no dispute is open and no sheet waits for its table." in html
    assert '<ul class="provisional-tables">' not in html


def test_the_manage_page_lists_a_disputed_table_of_a_tournament_without_confirmation(
    client, people, played, seated, disputed
):
    first, _ = tables_of(seated)
    html = get(client, people.organiser, f"/tournaments/{played.pk}/manage/")
    section = html.split('aria-labelledby="provisional-heading">')[1].split("</section>")[0]
    (item,) = re.findall(r"<li>(.*?)</li>", section, re.S)
    assert f'<a href="/games/{first.game_id}/">Round 1, table 1</a>' in item
    assert f'<a href="/disputes/{disputed.pk}/">dispute {disputed.pk} open</a>' in item
    assert "players confirmed the sheet" not in item
    assert "Each table confirms its sheet" not in section


# --- confirmation_hours on the create form and the API ------------------------------------------


def create_form(hours: str) -> dict[str, str]:
    return {
        "name": "Кубок зимы",
        "ruleset": "classic",
        "preferred_table_size": "4",
        "standings_method": "total",
        "confirmation_hours": hours,
    }


@pytest.mark.parametrize("hours", [0, 1, 24, 720], ids=["off", "one-hour", "a-day", "thirty-days"])
def test_the_create_form_accepts_confirmation_hours(client, people, hours):
    client.force_login(people.organiser)
    response = client.post("/clubs/kozyr/tournaments/new/", create_form(str(hours)))
    assert response.status_code == 302
    assert Tournament.objects.get(name="Кубок зимы").confirmation_hours == hours


def test_the_create_form_leaves_confirmation_off_when_blank(client, people):
    client.force_login(people.organiser)
    assert client.post("/clubs/kozyr/tournaments/new/", create_form("")).status_code == 302
    assert Tournament.objects.get(name="Кубок зимы").confirmation_hours == 0


@pytest.mark.parametrize(
    ("hours", "error"),
    [
        ("721", "Ensure this value is less than or equal to 720."),
        ("-1", "Ensure this value is greater than or equal to 0."),
    ],
    ids=["over-thirty-days", "negative"],
)
def test_the_create_form_refuses_confirmation_hours_out_of_range(client, people, hours, error):
    client.force_login(people.organiser)
    response = client.post("/clubs/kozyr/tournaments/new/", create_form(hours))
    assert response.status_code == 400
    assert not Tournament.objects.exists()
    assert (
        f'<a href="#id_confirmation_hours">The table confirms its sheet within (hours): {error}</a>'
        in response.content.decode()
    )


@pytest.mark.parametrize("hours", [0, 24, 720], ids=["off", "a-day", "thirty-days"])
def test_the_api_accepts_confirmation_hours(api, people, hours):
    api.force_authenticate(people.organiser)
    response = api.post(
        "/api/v1/clubs/kozyr/tournaments/",
        {"name": "Кубок зимы", "game_type": "oh-hell", "confirmation_hours": hours},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["confirmation_hours"] == hours
    assert Tournament.objects.get(name="Кубок зимы").confirmation_hours == hours


@pytest.mark.parametrize(
    ("hours", "error"),
    [
        (721, "Ensure this value is less than or equal to 720."),
        (-1, "Ensure this value is greater than or equal to 0."),
    ],
    ids=["over-thirty-days", "negative"],
)
def test_the_api_refuses_confirmation_hours_out_of_range(api, people, hours, error):
    api.force_authenticate(people.organiser)
    response = api.post(
        "/api/v1/clubs/kozyr/tournaments/",
        {"name": "Кубок зимы", "game_type": "oh-hell", "confirmation_hours": hours},
        format="json",
    )
    assert response.status_code == 400
    assert not Tournament.objects.exists()
    assert (response.json()["error"]["path"], response.json()["error"]["message"]) == (
        "confirmation_hours",
        error,
    )
