"""The organiser's set-up of a teams-of-four duplicate event through its page (issue 22): the
entrants four to a team, the event written, a Swiss's next round drawn through the button;
the links to it and from it, and the pairs pages that a teams event does not have."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Player
from rules.bridge import analytics
from rules.bridge.boards import deal_board
from rules.cards import NAME, cards_of
from tournaments import duplicate, services, teams
from tournaments.models import DuplicateEvent, DuplicatePair, DuplicateTeam, Round, Table, Tournament

pytestmark = pytest.mark.django_db

NAMES = [f"Игрок {n}" for n in range(1, 41)]


def _tournament(people, entrants: int, first: int = 0) -> tuple[Tournament, list[Player]]:
    """A bridge-duplicate tournament with ``entrants`` players entered, NAMES[first] the first."""
    tournament = services.tournament_create(
        club=people.club, name="Командный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [
        Player.objects.create(club=people.club, display_name=NAMES[first + i]) for i in range(entrants)
    ]
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    return tournament, players


def _form(players: list[Player], names: list[str] | None = None, **settings) -> dict[str, object]:
    data: dict[str, object] = {
        "teams_format": "round_robin",
        "boards_per_match": 2,
        "rounds": "",
        "same_boards": "on",
        "deal_seed": "teams-page-seed",
        "action": "write",
    }
    for i, player in enumerate(players):
        data[f"team_{i // 4 + 1}_player_{i % 4 + 1}"] = player.pk
    for t in range((len(players) + 3) // 4):
        data[f"team_{t + 1}_name"] = names[t] if names else f"Team {t + 1}"
    data.update(settings)
    return data


def _url(tournament: Tournament) -> str:
    return reverse("tournament-duplicate-teams-setup", args=[tournament.pk])


def _log(table: Table, boards: list[dict]) -> bytes:
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    return json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}).encode()


def _table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


def _b(board: int, contract: str, result: int | None = None) -> dict:
    """A traveller line, North declaring."""
    return {"board": board, "contract": contract, "declarer": "N", "result": result}


def _record(tournament, people, round_number: int, table: int, boards: list[dict]) -> None:
    upload = services.table_game_upload(
        table=_table(tournament, round_number, table),
        content=_log(_table(tournament, round_number, table), boards),
        user=people.scorer,
    )
    assert upload.result.refusal is None, upload.result.refusal


# The 6-team Swiss, round 1 (boards 1, 2): team 1 v 2, team 3 v 4, team 5 v 6.
SWISS_ROUND_1 = {
    1: ([_b(1, "4S", 10), _b(2, "4S", 10)], [_b(1, "4S", 9), _b(2, "2S", 10)]),  # +10 +10: 20 IMPs
    2: ([_b(1, "4S", 10), _b(2, "2S", 8)], [_b(1, "2S", 10), _b(2, "2S", 8)]),  # 420 − 170 → +6
    3: ([_b(1, "2S", 8), _b(2, "2S", 8)], [_b(1, "2S", 10), _b(2, "2S", 8)]),  # 110 − 170 → −2
}


def _teams_event(client, people, count: int = 4, **settings) -> tuple[Tournament, list[Player]]:
    tournament, players = _tournament(people, 4 * count)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), _form(players, **settings))
    assert page.status_code == 302, page.context["form"].errors
    return tournament, players


# --- before the set-up ---------------------------------------------------------------------


def test_the_form_puts_the_entrants_four_to_a_team_in_the_order_they_were_registered(client, people):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    page = client.get(_url(tournament))
    assert page.status_code == 200
    form = page.context["form"]
    assert list(form.team_numbers) == [1, 2, 3, 4]
    assert [form[f"team_{n}_name"].initial for n in range(1, 5)] == ["Team 1", "Team 2", "Team 3", "Team 4"]
    assert [[form[f"team_{n}_player_{k}"].initial for k in range(1, 5)] for n in range(1, 5)] == [
        [p.pk for p in players[4 * t : 4 * t + 4]] for t in range(4)
    ]
    body = page.content.decode()
    assert 'name="team_4_player_4"' in body
    assert "Write the teams event and seat the rounds" in body


def test_writing_a_round_robin_of_four_teams_with_the_names_and_pairs_given(client, people):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    data = _form(players, names=["Север", "Юг", "Восток", "Запад"])
    # The first team sat down otherwise: players 1 and 3 are its pair 1, players 2 and 4 its pair 2.
    data["team_1_player_2"], data["team_1_player_3"] = players[2].pk, players[1].pk
    page = client.post(_url(tournament), data)
    assert page.status_code == 302, page.context["form"].errors
    assert page["Location"] == _url(tournament)
    event = DuplicateEvent.objects.get(tournament=tournament)
    assert (event.teams_format, event.tables, event.rounds, event.boards_per_round, event.deal_seed) == (
        "round_robin",
        4,
        3,
        2,
        "teams-page-seed",
    )
    assert [(t.number, t.name) for t in DuplicateTeam.objects.filter(tournament=tournament)] == [
        (1, "Север"),
        (2, "Юг"),
        (3, "Восток"),
        (4, "Запад"),
    ]
    pairs = {
        p.number: (p.team.number, p.first_id, p.second_id)
        for p in DuplicatePair.objects.filter(tournament=tournament).select_related("team")
    }
    ids = [p.pk for p in players]
    assert pairs == {
        1: (1, ids[0], ids[2]),
        2: (1, ids[1], ids[3]),
        3: (2, ids[4], ids[5]),
        4: (2, ids[6], ids[7]),
        5: (3, ids[8], ids[9]),
        6: (3, ids[10], ids[11]),
        7: (4, ids[12], ids[13]),
        8: (4, ids[14], ids[15]),
    }
    assert list(tournament.rounds.order_by("number").values_list("number", "status")) == [
        (1, Round.Status.CONFIRMED),
        (2, Round.Status.CONFIRMED),
        (3, Round.Status.CONFIRMED),
    ]
    # Round 1: team 1 v team 4 at tables 1–2, team 2 v team 3 at tables 3–4, on boards 1 and 2.
    assert [
        (t.number, t.sitting.ns, t.sitting.ew, t.sitting.boards)
        for t in Table.objects.filter(round__tournament=tournament, round__number=1).order_by("number")
    ] == [(1, 1, 8, [1, 2]), (2, 7, 2, [1, 2]), (3, 3, 6, [1, 2]), (4, 5, 4, [1, 2])]

    done = client.get(_url(tournament))
    assert done.status_code == 200
    body = done.content.decode()
    assert "The teams event is written: the rounds are seated." in body
    assert "Север v Запад: tables 1 and 2" in body
    assert "Юг v Восток: tables 3 and 4" in body
    assert f"pair 1: {NAMES[0]} – {NAMES[2]}" in body
    for number in (1, 2, 3):
        assert f'href="{reverse("round-manage", args=[tournament.pk, number])}"' in body
    assert f'href="{reverse("tournament-duplicate-teams", args=[tournament.pk])}"' in body
    # A round robin is written whole: nothing to draw.
    assert "Draw the next round" not in body


def test_a_swiss_writes_its_first_round_and_the_button_draws_the_next(client, people):
    tournament, _players = _teams_event(client, people, 6, teams_format="swiss", rounds=2)
    assert tournament.rounds.count() == 1
    page = client.get(_url(tournament))
    assert "Draw the next round" in page.content.decode()
    for m, (open_, closed) in SWISS_ROUND_1.items():
        _record(tournament, people, 1, 2 * m - 1, open_)
        _record(tournament, people, 1, 2 * m, closed)
    drawn = client.post(_url(tournament), {"action": "draw"})
    assert drawn.status_code == 302
    results = teams.score(tournament)
    # 19.73, 14.39, 11.67 to the winners of round 1: the leaders meet (1 v 3); team 6 has
    # met team 5, so it plays team 4, and team 5 team 2.
    assert [(m.home, m.away) for m in results.rounds[2]] == [(1, 3), (6, 4), (5, 2)]
    assert _table(tournament, 2, 1).sitting.boards == [3, 4]
    body = client.get(_url(tournament)).content.decode()
    assert "Round 2 is drawn." in body
    assert "Team 1 v Team 3: tables 1 and 2" in body
    assert "Every round of the Swiss is drawn." in body
    assert "Draw the next round" not in body


def test_the_draw_before_the_round_is_finished_is_refused_in_words(client, people):
    tournament, _players = _teams_event(client, people, 6, teams_format="swiss", rounds=2)
    _record(tournament, people, 1, 1, SWISS_ROUND_1[1][0])
    page = client.post(_url(tournament), {"action": "draw"})
    assert page.status_code == 400
    assert (
        "round 1 is not finished: every table&#x27;s result is needed for the next draw"
        in page.content.decode()
    )
    assert tournament.rounds.count() == 1


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        pytest.param(
            {"team_2_player_3": ""}, "team_2_player_3", "A team is four players.", id="three-players"
        ),
        pytest.param({"team_2_name": " "}, "team_2_name", "A team needs a name.", id="no-name"),
        pytest.param(
            {"team_3_player_1": "first"},
            "team_3_player_1",
            "This player is already in another team.",
            id="player-twice",
        ),
    ],
)
def test_a_wrong_team_is_shown_at_its_field(client, people, change, field, message):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    data = _form(players)
    data.update({k: (players[0].pk if v == "first" else v) for k, v in change.items()})
    page = client.post(_url(tournament), data)
    assert page.status_code == 400
    assert page.context["form"].errors[field] == [message]
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


def test_fewer_than_three_teams_are_refused(client, people):
    tournament, players = _tournament(people, 12)
    client.force_login(people.organiser)
    data = _form(players)
    for k in range(1, 5):
        data[f"team_3_player_{k}"] = ""
    page = client.post(_url(tournament), data)
    assert page.status_code == 400
    assert page.context["form"].non_field_errors() == ["A teams event needs at least 3 teams."]


def test_too_few_entrants_are_sent_to_register_players(client, people):
    tournament, _players = _tournament(people, 8)
    client.force_login(people.organiser)
    page = client.get(_url(tournament))
    assert page.status_code == 200
    assert (
        "8 players are entered. A teams event needs at least 3 teams of four: register the players first."
        in page.content.decode()
    )


@pytest.mark.parametrize(
    "rounds",
    [pytest.param("", id="swiss-without-rounds"), pytest.param(4, id="swiss-too-long")],
)
def test_a_swiss_of_too_many_rounds_is_refused_at_its_field(client, people, rounds):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), _form(players, teams_format="swiss", rounds=rounds))
    assert page.status_code == 400
    assert page.context["form"].errors["rounds"] == ["A Swiss of 4 teams is 1 to 3 rounds."]
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


def test_a_round_robin_ignores_the_rounds_it_plays_whole(client, people):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), _form(players, rounds=7))
    assert page.status_code == 302, page.context["form"].errors
    assert DuplicateEvent.objects.get(tournament=tournament).rounds == 3


def test_the_services_refusal_is_shown_in_words(client, people):
    tournament, players = _tournament(people, 16)
    # A round seated some other way: the service refuses to set a teams event over it.
    Round.objects.create(tournament=tournament, number=1, seed=tournament.seed)
    client.force_login(people.organiser)
    page = client.post(_url(tournament), _form(players))
    assert page.status_code == 400
    assert page.context["form"].non_field_errors() == ["this tournament's rounds are already set up"]
    assert "this tournament&#x27;s rounds are already set up" in page.content.decode()
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


# --- who may use it ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "status"),
    [
        pytest.param("organiser", 200, id="organiser"),
        pytest.param("scorer", 403, id="scorer"),
        pytest.param("member", 403, id="member"),
        pytest.param("outsider", 404, id="outsider"),
        pytest.param("superuser", 200, id="superuser"),
    ],
)
def test_only_the_clubs_organisers_set_up_a_teams_event(client, people, who, status):
    tournament, _players = _tournament(people, 16)
    client.force_login(getattr(people, who))
    assert client.get(_url(tournament)).status_code == status


def test_the_signed_out_are_sent_to_sign_in(client, people):
    tournament, _players = _tournament(people, 16)
    page = client.get(_url(tournament))
    assert page.status_code == 302
    assert page["Location"].startswith(reverse("login"))


def test_another_game_has_no_teams_event(client, people):
    tournament = services.tournament_create(
        club=people.club, name="Роббер", user=people.organiser, game_type="bridge-rubber"
    )
    client.force_login(people.organiser)
    assert client.get(_url(tournament)).status_code == 404


def test_a_pairs_event_and_a_teams_event_each_send_to_its_own_set_up(client, people):
    pairs_evening, players = _tournament(people, 6, first=30)
    duplicate.setup(
        tournament=pairs_evening,
        pairs=[(players[0], players[1]), (players[2], players[3]), (players[4], players[5])],
    )
    client.force_login(people.organiser)
    to_pairs = client.get(_url(pairs_evening))
    assert (to_pairs.status_code, to_pairs["Location"]) == (
        302,
        reverse("tournament-duplicate-setup", args=[pairs_evening.pk]),
    )
    teams_evening, _players = _teams_event(client, people)
    to_teams = client.get(reverse("tournament-duplicate-setup", args=[teams_evening.pk]))
    assert (to_teams.status_code, to_teams["Location"]) == (302, _url(teams_evening))


# --- the pairs pages a teams event does not have -------------------------------------------


@pytest.mark.parametrize(
    ("name", "args"),
    [
        pytest.param("tournament-duplicate", (), id="results"),
        pytest.param("tournament-duplicate-pair", (1,), id="score-card"),
        pytest.param("tournament-duplicate-movement", (), id="movement"),
        pytest.param("tournament-duplicate-results-pbn", (), id="results-pbn"),
        pytest.param("tournament-duplicate-usebio", (), id="usebio"),
        pytest.param("tournament-duplicate-ranking-csv", (), id="ranking-csv"),
        pytest.param("tournament-duplicate-travellers-csv", (), id="travellers-csv"),
    ],
)
def test_the_pairs_pages_are_not_found_for_a_teams_event(client, people, name, args):
    tournament, _players = _teams_event(client, people)
    assert client.get(reverse(name, args=[tournament.pk, *args])).status_code == 404
    assert client.get(reverse("tournament-duplicate-teams", args=[tournament.pk])).status_code == 200


def test_the_hand_record_is_the_boards_the_teams_play(client, people, monkeypatch):
    monkeypatch.setattr(analytics, "solve_memo", lambda *args: None)
    monkeypatch.setattr(analytics, "available", lambda: False)
    tournament, _players = _teams_event(client, people)
    event = DuplicateEvent.objects.get(tournament=tournament)
    # Three rounds of 2-board matches, every match of a round on the round's boards: 1–6.
    boards = duplicate.hand_record(event)
    assert boards == [deal_board("teams-page-seed", n) for n in range(1, 7)]
    page = client.get(reverse("tournament-duplicate-hand-record", args=[tournament.pk]))
    assert page.status_code == 200
    assert [b["number"] for b in page.context["boards"]] == [1, 2, 3, 4, 5, 6]


def test_a_swiss_hand_record_grows_with_its_rounds(client, people):
    tournament, _players = _teams_event(client, people, 6, teams_format="swiss", rounds=2)
    event = DuplicateEvent.objects.get(tournament=tournament)
    assert [b.number for b in duplicate.hand_record(event)] == [1, 2]
    for m, (open_, closed) in SWISS_ROUND_1.items():
        _record(tournament, people, 1, 2 * m - 1, open_)
        _record(tournament, people, 1, 2 * m, closed)
    teams.swiss_next_round(tournament=tournament)
    assert [b.number for b in duplicate.hand_record(event)] == [1, 2, 3, 4]
    assert duplicate.boards_of(event)[4] == deal_board("teams-page-seed", 4)


def test_a_teams_table_is_entered_through_its_traveller_page(client, people):
    """Round 3's boards are 5 and 6; board 5 (North–South vulnerable): 4♠ by North making 10 is
    620, the lead a card East holds on the board the teams event deals."""
    tournament, _players = _teams_event(client, people)
    table = _table(tournament, 3, 1)
    assert table.sitting.boards == [5, 6]
    manage = client.get(reverse("round-manage", args=[tournament.pk, 3])).content.decode()
    entry_url = reverse("table-traveller-entry", args=[tournament.pk, table.pk])
    assert f'href="{entry_url}"' in manage
    lead = NAME[cards_of(deal_board("teams-page-seed", 5).hands[1])[0]]
    answer = client.post(
        entry_url,
        {
            "board": 5,
            "b5-kind": "played",
            "b5-level": "4",
            "b5-strain": "S",
            "b5-doubling": "",
            "b5-declarer": "N",
            "b5-tricks": "10",
            "b5-lead_rank": lead[:-1],
            "b5-lead_suit": lead[-1],
        },
    )
    assert answer.status_code == 302
    match = teams.score(tournament).rounds[3][0]
    assert [(line.board, line.open_ns, line.closed_ns) for line in match.lines] == [
        (5, 620, None),
        (6, None, None),
    ]


# --- the links -----------------------------------------------------------------------------


def test_the_manage_page_links_to_both_set_ups_then_to_the_teams_event(client, people):
    tournament, players = _tournament(people, 16)
    client.force_login(people.organiser)
    manage = reverse("tournament-manage", args=[tournament.pk])
    teams_link = f'href="{_url(tournament)}"'
    pairs_link = f'href="{reverse("tournament-duplicate-setup", args=[tournament.pk])}"'
    before = client.get(manage).content.decode()
    assert pairs_link in before
    assert teams_link in before
    assert "Set up a teams event" in before
    client.post(_url(tournament), _form(players))
    after = client.get(manage).content.decode()
    assert teams_link in after
    assert pairs_link not in after
    assert "The teams event: teams, rounds, the next Swiss round" in after


def test_the_tournament_page_and_the_nav_link_to_the_teams_results(client, people):
    tournament, _players = _teams_event(client, people)
    teams_results = f'href="{reverse("tournament-duplicate-teams", args=[tournament.pk])}"'
    pairs_results = f'href="{reverse("tournament-duplicate", args=[tournament.pk])}"'
    page = client.get(reverse("tournament-page", args=[tournament.pk])).content.decode()
    assert teams_results in page
    assert "Results of the matches" in page
    assert pairs_results not in page
    results = client.get(reverse("tournament-duplicate-teams", args=[tournament.pk])).content.decode()
    assert f'href="{reverse("tournament-duplicate-hand-record", args=[tournament.pk])}"' in results
    assert teams_results in results
    assert pairs_results not in results
    assert reverse("tournament-duplicate-movement", args=[tournament.pk]) not in results


def test_a_pairs_event_keeps_its_links(client, people):
    tournament, players = _tournament(people, 6)
    duplicate.setup(
        tournament=tournament,
        pairs=[(players[0], players[1]), (players[2], players[3]), (players[4], players[5])],
    )
    client.force_login(people.organiser)
    page = client.get(reverse("tournament-page", args=[tournament.pk])).content.decode()
    assert f'href="{reverse("tournament-duplicate", args=[tournament.pk])}"' in page
    assert reverse("tournament-duplicate-teams", args=[tournament.pk]) not in page
    results = client.get(reverse("tournament-duplicate", args=[tournament.pk])).content.decode()
    assert f'href="{reverse("tournament-duplicate-movement", args=[tournament.pk])}"' in results
    manage = client.get(reverse("tournament-manage", args=[tournament.pk])).content.decode()
    assert "The movement: pairs, withdrawals, a late pair" in manage
    assert _url(tournament) not in manage
