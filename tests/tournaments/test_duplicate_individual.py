"""An individual duplicate event (issue 22): every player partners every other once, every table
of a round on the same boards; set up through its page, scored by matchpoints across the field
(each player earning what their partnership of the round earned), ranked by percentage; the
results, score card and movement pages; the pairs pages an individual does not have."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from django.urls import reverse

from games.models import Player
from tournaments import individual, services
from tournaments.models import DuplicateEvent, DuplicatePlayer, Standing, Table, TableSeat, Tournament

pytestmark = pytest.mark.django_db

NAMES = [f"Игрок {n}" for n in range(1, 30)]


def _tournament(people, entrants: int) -> tuple[Tournament, list[Player]]:
    tournament = services.tournament_create(
        club=people.club, name="Индивидуальный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=NAMES[i]) for i in range(entrants)]
    for player in players:
        services.entry_add(tournament=tournament, player=player)
    return tournament, players


def _event(people, entrants: int = 8, **options) -> tuple[Tournament, DuplicateEvent, list[Player]]:
    tournament, players = _tournament(people, entrants)
    options.setdefault("boards_per_round", 2)
    event = individual.setup(tournament=tournament, players=players, deal_seed="individual-seed", **options)
    tournament.refresh_from_db()
    return tournament, event, players


def _table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


def _record(tournament, people, round_number: int, number: int, boards: list[dict]) -> None:
    table = _table(tournament, round_number, number)
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    content = json.dumps(
        {"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}
    ).encode()
    upload = services.table_game_upload(table=table, content=content, user=people.scorer)
    assert upload.result.refusal is None, upload.result.refusal


def _b(board: int, contract: str, result: int) -> dict:
    """A traveller line, North declaring."""
    return {"board": board, "contract": contract, "declarer": "N", "result": result}


def _seats(tournament, round_number: int, number: int) -> list[str]:
    table = _table(tournament, round_number, number)
    return [s.player.display_name for s in TableSeat.objects.filter(table=table).order_by("seat")]


def _round_1(tournament, people) -> None:
    # Board 1 (nobody vulnerable): 4♠ made at table 1 (+420), one down at table 2 (−50).
    # Board 2 (North–South vulnerable): 2♠ made at both (+110).
    _record(tournament, people, 1, 1, [_b(1, "4S", 10), _b(2, "2S", 8)])
    _record(tournament, people, 1, 2, [_b(1, "4S", 9), _b(2, "2S", 8)])


def test_the_movement_is_written_with_the_players_numbered_and_every_table_on_the_rounds_boards(people):
    tournament, event, players = _event(people)
    assert (event.movement, event.tables, event.rounds, tournament.rounds_planned) == ("individual", 2, 7, 7)
    numbered = {p.number: p.player for p in DuplicatePlayer.objects.filter(tournament=tournament)}
    assert numbered == {n: players[n - 1] for n in range(1, 9)}
    # Round 1 of the 8-player movement: table 1 N 8, E 5, S 6, W 3; table 2 N 7, E 2, S 4, W 1.
    assert _seats(tournament, 1, 1) == ["Игрок 8", "Игрок 5", "Игрок 6", "Игрок 3"]
    assert _seats(tournament, 1, 2) == ["Игрок 7", "Игрок 2", "Игрок 4", "Игрок 1"]
    first, second = _table(tournament, 1, 1).sitting, _table(tournament, 1, 2).sitting
    assert (first.ns, first.ew, first.boards, second.boards) == (8, 5, [1, 2], [1, 2])
    # Player 8 stays North at table 1; every round's two tables play that round's boards.
    for r in range(1, 8):
        assert _seats(tournament, r, 1)[0] == "Игрок 8"
        assert (
            _table(tournament, r, 1).sitting.boards
            == _table(tournament, r, 2).sitting.boards
            == [2 * r - 1, 2 * r]
        )
    partners = set()
    for table in Table.objects.filter(round__tournament=tournament):
        seats = [s.player_id for s in table.seats.order_by("seat")]
        partners |= {frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))}
    assert len(partners) == 28  # every two of the 8 players partner once


def test_each_player_earns_what_their_partnership_earned_and_is_ranked_by_percentage(people):
    tournament, _, players = _event(people)
    _round_1(tournament, people)
    results = individual.score(tournament)
    by_player = {n: (s.total, s.tops, s.score, s.place) for n, s in results.scores.items()}
    # Board 1: 420 beats −50 — table 1's North–South (8 and 6) 2 of 2, table 2's East–West (2, 1) 2.
    # Board 2: 110 and 110 — 1 each. So 8, 6, 2, 1: 3 of 4 (75 %); 5, 3, 7, 4: 1 of 4 (25 %).
    assert by_player == {
        8: (Fraction(3), 4, Fraction(75), "1–4"),
        6: (Fraction(3), 4, Fraction(75), "1–4"),
        2: (Fraction(3), 4, Fraction(75), "1–4"),
        1: (Fraction(3), 4, Fraction(75), "1–4"),
        5: (Fraction(1), 4, Fraction(25), "5–8"),
        3: (Fraction(1), 4, Fraction(25), "5–8"),
        7: (Fraction(1), 4, Fraction(25), "5–8"),
        4: (Fraction(1), 4, Fraction(25), "5–8"),
    }
    assert results.ranking == [1, 2, 6, 8, 3, 4, 5, 7]
    card = results.card(1)
    assert [
        (c["board"], c["direction"], c["partner"], c["opponents"], c["score"], c["earned"]) for c in card
    ] == [
        (1, "EW", 2, (7, 4), 50, Fraction(2)),
        (2, "EW", 2, (7, 4), -110, Fraction(1)),
    ]
    assert [(c["board"], c["direction"], c["partner"], c["score"]) for c in results.card(5)] == [
        (1, "EW", 3, -420),
        (2, "EW", 3, -110),
    ]
    services.standings_compile(tournament=tournament)
    standing = {
        s.player_id: (s.points, s.rank, s.rank_to, s.games)
        for s in Standing.objects.filter(tournament=tournament)
    }
    assert standing[players[0].pk] == (75.0, 1, 4, 2)
    assert standing[players[2].pk] == (25.0, 5, 8, 2)


def test_a_board_played_at_one_table_only_is_scaled_by_neuberg(people):
    tournament, *_rest = _event(people)
    # Round 2's table 1 alone: board 3 has one result of the two the movement plays.
    _record(tournament, people, 2, 1, [_b(3, "3NT", 9), _b(4, "2S", 8)])
    results = individual.score(tournament)
    traveller = {t.board: t for t in results.travellers}
    # Neuberg for one result of two: (0 + 1) × 2 / 1 − 1 = 1 of the top of 2, each side.
    assert [(ns, ew) for _row, ns, ew in traveller[3].rows] == [(Fraction(1), Fraction(1))]
    assert results.expected[3] == 2


def test_a_field_the_movement_does_not_have_is_refused(people):
    tournament, players = _tournament(people, 10)
    with pytest.raises(services.ServiceError) as refused:
        individual.setup(tournament=tournament, players=players)
    assert refused.value.code == "INDIVIDUAL_FIELD"
    with pytest.raises(services.ServiceError) as refused:
        individual.setup(tournament=tournament, players=players[:8], rounds=8)
    assert refused.value.code == "INDIVIDUAL_ROUNDS"
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


def test_a_curtailed_individual_plays_its_first_rounds(people):
    tournament, event, _players = _event(people, 12, rounds=5)
    assert (event.tables, event.rounds, tournament.rounds.count()) == (3, 5, 5)
    assert individual.expected_plays(event) == dict.fromkeys(range(1, 11), 3)


def test_the_organiser_sets_up_the_individual_through_its_page(client, people):
    tournament, players = _tournament(people, 13)
    url = reverse("tournament-duplicate-individual-setup", args=[tournament.pk])
    client.force_login(people.organiser)
    page = client.get(url)
    assert page.status_code == 200
    assert "Игрок 13" in page.content.decode()
    # Six would have no movement: the form says so at the players.
    refused = client.post(url, {"players": [p.pk for p in players[:6]], "boards_per_round": 2})
    assert refused.status_code == 400
    assert "6" in refused.content.decode()
    done = client.post(url, {"players": [p.pk for p in players], "boards_per_round": 3, "deal_seed": "s"})
    assert done.status_code == 302
    event = DuplicateEvent.objects.get(tournament=tournament)
    assert (event.movement, event.tables, event.rounds, event.boards_per_round) == ("individual", 3, 13, 3)
    shown = client.get(url).content.decode()
    assert "Игрок 1" in shown
    assert reverse("tournament-duplicate-individual-player", args=[tournament.pk, 13]) in shown
    # The pairs set-up of an individual is its own page.
    assert client.get(reverse("tournament-duplicate-setup", args=[tournament.pk])).url == url


def test_only_the_clubs_organisers_set_up_an_individual(client, people):
    tournament, players = _tournament(people, 8)
    url = reverse("tournament-duplicate-individual-setup", args=[tournament.pk])
    for user in (people.member, people.scorer):
        client.force_login(user)
        assert (
            client.post(url, {"players": [p.pk for p in players], "boards_per_round": 2}).status_code == 403
        )
    client.force_login(people.outsider)
    assert client.get(url).status_code == 404
    assert not DuplicateEvent.objects.filter(tournament=tournament).exists()


def test_the_results_score_card_and_movement_pages(client, people):
    tournament, *_rest = _event(people)
    _round_1(tournament, people)
    client.force_login(people.member)
    results = client.get(reverse("tournament-duplicate-individual", args=[tournament.pk])).content.decode()
    assert "Игрок 8 – Игрок 6" in results  # table 1's North–South on the traveller
    assert "75.00" in results
    assert "25.00" in results
    card = client.get(
        reverse("tournament-duplicate-individual-player", args=[tournament.pk, 1])
    ).content.decode()
    assert "Игрок 2" in card
    assert "Игрок 7 – Игрок 4" in card
    movement = client.get(
        reverse("tournament-duplicate-individual-movement", args=[tournament.pk])
    ).content.decode()
    assert movement.count('class="guide-card"') == 2 + 8  # two tables' cards, eight players'
    assert (
        client.get(reverse("tournament-duplicate-individual-player", args=[tournament.pk, 9])).status_code
        == 404
    )
    # The pairs pages are not an individual's.
    for name, args in (
        ("tournament-duplicate", [tournament.pk]),
        ("tournament-duplicate-pair", [tournament.pk, 1]),
        ("tournament-duplicate-movement", [tournament.pk]),
        ("tournament-duplicate-ranking-csv", [tournament.pk]),
    ):
        assert client.get(reverse(name, args=args)).status_code == 404, name
    # The hand record (the organisers' before the evening is over) deals the boards played.
    client.force_login(people.organiser)
    record = client.get(reverse("tournament-duplicate-hand-record", args=[tournament.pk]))
    assert record.status_code == 200
    assert record.content.decode().count('class="hand-record-board') >= 1


def test_the_traveller_of_an_individual_names_the_four_players_and_writes_no_pairs(client, people):
    tournament, *_rest = _event(people)
    table = _table(tournament, 1, 1)
    client.force_login(people.scorer)
    url = reverse("table-traveller-entry", args=[tournament.pk, table.pk])
    page = client.get(url).content.decode()
    assert "Игрок 8 – Игрок 6" in page
    assert "Игрок 5 – Игрок 3" in page
    assert "пара" not in page.lower()
    assert "pair 8" not in page


def test_a_board_entered_at_an_individuals_table_is_scored_for_its_four_players(client, people):
    from rules.bridge.boards import deal_board
    from rules.cards import NAME, cards_of

    tournament, *_rest = _event(people)
    table = _table(tournament, 1, 1)
    client.force_login(people.scorer)
    url = reverse("table-traveller-entry", args=[tournament.pk, table.pk])
    lead = NAME[cards_of(deal_board("individual-seed", 1).hands[1])[0]]  # East leads against North
    answer = client.post(
        url,
        {
            "board": 1,
            "b1-kind": "played",
            "b1-level": "4",
            "b1-strain": "S",
            "b1-doubling": "",
            "b1-declarer": "N",
            "b1-tricks": "10",
            "b1-lead_rank": lead[:-1],
            "b1-lead_suit": lead[-1],
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    table.refresh_from_db()
    log = json.loads(bytes(table.game.current_revision.content))
    assert "pairs" not in log
    assert log["players"] == ["Игрок 8", "Игрок 5", "Игрок 6", "Игрок 3"]
    results = individual.score(tournament)
    assert {n: s.by_board for n, s in results.scores.items()} == {
        8: {1: Fraction(1)},  # one result of two: Neuberg gives the average
        6: {1: Fraction(1)},
        5: {1: Fraction(1)},
        3: {1: Fraction(1)},
    }


def test_the_standings_and_tournament_pages_of_an_individual(client, people):
    tournament, *_rest = _event(people)
    _round_1(tournament, people)
    services.standings_compile(tournament=tournament)
    client.force_login(people.member)
    standings = client.get(reverse("tournament-standings", args=[tournament.pk]))
    assert standings.status_code == 200
    assert "Игрок 8" in standings.content.decode()
    page = client.get(reverse("tournament-page", args=[tournament.pk])).content.decode()
    assert reverse("tournament-duplicate-individual", args=[tournament.pk]) in page


def test_the_ranking_and_travellers_download_as_csv(client, people):
    tournament, _, _players = _event(people)
    _round_1(tournament, people)
    services.tournament_publish(tournament=tournament, published=True)
    ranking = client.get(reverse("tournament-duplicate-individual-ranking-csv", args=[tournament.pk]))
    assert ranking["Content-Type"] == "text/csv; charset=utf-8"
    lines = ranking.content.decode().splitlines()
    assert lines[0] == "place,player,name,percentage,matchpoints,top,boards"
    # The ranking of the hand-worked round above: 1, 2, 6, 8 share 1–4 with 3 of 4.
    assert lines[1:] == [
        f"{place},{n},Игрок {n},{pct},{mp},4,2"
        for n, place, pct, mp in [
            (1, "1-4", "75.00", "3.00"),
            (2, "1-4", "75.00", "3.00"),
            (6, "1-4", "75.00", "3.00"),
            (8, "1-4", "75.00", "3.00"),
            (3, "5-8", "25.00", "1.00"),
            (4, "5-8", "25.00", "1.00"),
            (5, "5-8", "25.00", "1.00"),
            (7, "5-8", "25.00", "1.00"),
        ]
    ]
    travellers = client.get(reverse("tournament-duplicate-individual-travellers-csv", args=[tournament.pk]))
    rows = travellers.content.decode().splitlines()
    assert rows[0].split(",")[:7] == ["board", "round", "table", "north", "south", "east", "west"]
    # Table 1 seats N 8, S 6, E 5, W 3; table 2 N 7, S 4, E 2, W 1.
    assert rows[1:] == [
        "1,1,1,8,6,5,3,4S,N,,10,420,,,2.00,0.00,100.00,0.00",
        "1,1,2,7,4,2,1,4S,N,,9,-50,,,0.00,2.00,0.00,100.00",
        "2,1,1,8,6,5,3,2S,N,,8,110,,,1.00,1.00,50.00,50.00",
        "2,1,2,7,4,2,1,2S,N,,8,110,,,1.00,1.00,50.00,50.00",
    ]
    pairs = client.get(reverse("tournament-duplicate-ranking-csv", args=[tournament.pk]))
    assert pairs.status_code == 404
