"""A duplicate pairs event in a tournament (issue 22): set up from a movement, each table's
round recorded as a traveller log, the field scored by matchpoints or IMPs into the standings."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from games.models import Player, Upload
from rules.duplicate.movements import mitchell
from tournaments import duplicate, services
from tournaments.models import DuplicatePair, DuplicateSitting, Standing, Table, TableSeat

pytestmark = pytest.mark.django_db

NAMES = [f"Игрок {n}" for n in range(1, 17)]


def _event(people, pairs: int, **options):
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=NAMES[i]) for i in range(2 * pairs)]
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(pairs)]
    event = duplicate.setup(tournament=tournament, pairs=couples, deal_seed="test-seed", **options)
    return tournament, event, couples


def _log(table: Table, boards: list[dict]) -> bytes:
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    return json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}).encode()


def _table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


def test_a_mitchell_of_four_tables_is_written_whole_with_its_seats_and_boards(people):
    tournament, event, couples = _event(people, 8, boards_per_round=2)
    plan = mitchell(4)
    assert (event.tables, event.rounds, tournament.rounds_planned) == (4, plan.rounds, 3)
    assert Table.objects.filter(round__tournament=tournament).count() == 12
    for sitting in plan.sittings:
        table = _table(tournament, sitting.round, sitting.table)
        seats = [s.player_id for s in TableSeat.objects.filter(table=table).order_by("seat")]
        ns, ew = couples[sitting.ns - 1], couples[sitting.ew - 1]
        assert seats == [ns[0].pk, ew[0].pk, ns[1].pk, ew[1].pk]
        assert (table.sitting.ns, table.sitting.ew) == (sitting.ns, sitting.ew)
        first = (sitting.boards - 1) * 2 + 1
        assert table.sitting.boards == [first, first + 1]
    assert DuplicatePair.objects.filter(tournament=tournament).count() == 8


def test_an_odd_number_of_pairs_sits_the_phantoms_opponents_out(people):
    tournament, event, _ = _event(people, 7, boards_per_round=2)
    # Seven pairs: four tables, pair 8 the phantom; its opponents have no table that round.
    assert Table.objects.filter(round__tournament=tournament).count() == 3 * 3
    assert not DuplicateSitting.objects.filter(ew=8).exists()
    # Each set is played at the three tables with two real pairs of the rounds that reach it.
    expected = duplicate.expected_plays(event, 7)
    assert sorted(expected) == list(range(1, 9))
    assert sum(expected.values()) == 9 * 2


def test_a_setup_is_refused_for_a_tournament_of_another_game(people):
    tournament = services.tournament_create(
        club=people.club, name="Роббер", user=people.organiser, game_type="bridge-rubber"
    )
    players = [Player.objects.create(club=people.club, display_name=n) for n in NAMES[:6]]
    with pytest.raises(services.ServiceError) as refused:
        duplicate.setup(
            tournament=tournament,
            pairs=[(players[0], players[1]), (players[2], players[3]), (players[4], players[5])],
        )
    assert refused.value.code == "DUPLICATE_NOT_BRIDGE"


def test_a_player_in_two_pairs_is_refused(people):
    tournament = services.tournament_create(
        club=people.club, name="Пары", user=people.organiser, game_type="bridge-duplicate"
    )
    a, b, c, d = (Player.objects.create(club=people.club, display_name=n) for n in NAMES[:4])
    with pytest.raises(services.ServiceError) as refused:
        duplicate.setup(tournament=tournament, pairs=[(a, b), (c, d), (a, c)])
    assert refused.value.code == "DUPLICATE_PAIRS_REFUSED"


def test_matchpoints_of_the_field_are_the_standings(people):
    """Three tables of a Mitchell, one round recorded: board 1 played at table 1 (4♠ made, 620
    to North–South), and the same board nowhere else this round — so the boards of round 1 are
    each played once, and each result against itself is an average: 50 %."""
    tournament, _event_row, couples = _event(people, 6, boards_per_round=2)
    table = _table(tournament, 1, 1)
    assert table.sitting.boards == [1, 2]
    upload = services.table_game_upload(
        table=table,
        content=_log(
            table,
            [
                {"board": 1, "contract": "4S", "declarer": "N", "lead": "KH", "result": 10},
                {"board": 2, "contract": "3NT", "declarer": "S", "result": 8},
            ],
        ),
        user=people.scorer,
    )
    assert upload.result.refusal is None
    results = duplicate.score(tournament)
    assert results.scores[1].by_board == {1: Fraction(2), 2: Fraction(2)}  # top 4 on 3 tables: 2 of 4
    assert results.scores[1].score == Fraction(50)
    services.standings_compile(tournament=tournament)
    lines = Standing.objects.filter(tournament=tournament, player=couples[0][0]).get()
    assert (lines.points, lines.games, lines.partner_id, lines.tiebreaks["pair"]) == (
        50.0,
        2,
        couples[0][1].pk,
        1,
    )


def test_a_board_compared_at_three_tables(people):
    """Board 1 of a three-table Mitchell, played at every table over the rounds (nobody vulnerable): 420, 110 and
    -50 to North–South. Matchpoints (2 per beat, top 4): 4, 2, 0; East–West the rest."""
    tournament, _event_row, _couples = _event(people, 6, boards_per_round=1)
    results = [
        {"board": 1, "contract": "4S", "declarer": "N", "result": 10},
        {"board": 1, "contract": "2S", "declarer": "N", "result": 8},
        {"board": 1, "contract": "4S", "declarer": "N", "result": 9},
    ]
    played = 0
    for table in Table.objects.filter(round__tournament=tournament).select_related("sitting"):
        if table.sitting.boards == [1]:
            services.table_game_upload(
                table=table, content=_log(table, [results[played]]), user=people.scorer
            )
            played += 1
    assert played == 3
    scored = duplicate.score(tournament)
    (traveller,) = [t for t in scored.travellers if t.board == 1]
    earned = sorted((row.result.ns_score, ns, ew) for row, ns, ew in traveller.rows)
    assert earned == [(-50, 0, 4), (110, 2, 2), (420, 4, 0)]


def test_a_log_with_a_board_not_of_its_table_is_refused_and_kept(people):
    tournament, _event_row, _couples = _event(people, 6, boards_per_round=2)
    table = _table(tournament, 1, 1)
    upload = services.table_game_upload(
        table=table,
        content=_log(table, [{"board": 5, "contract": "Pass"}]),
        user=people.scorer,
    )
    assert upload.result.refusal is not None
    assert (upload.result.refusal.code, upload.result.refusal.path) == (
        "TABLE_BOARD_NOT_HERE",
        "boards[0].board",
    )
    assert Upload.objects.filter(outcome=Upload.Outcome.REJECTED).count() == 1


def test_a_withdrawn_pair_sits_out_and_the_boards_are_scaled(people):
    tournament, event, _couples = _event(people, 6, boards_per_round=1)
    before = Table.objects.filter(round__tournament=tournament).count()
    duplicate.pair_withdraw(tournament=tournament, pair=4, after_round=1)
    assert Table.objects.filter(round__tournament=tournament).count() == before - 2
    assert not Table.objects.filter(round__tournament=tournament, round__number__gt=1, sitting__ew=4).exists()
    # The movement's full traveller stays each board's expected count: Neuberg scales the rest.
    assert duplicate.expected_plays(event, 6) == {1: 3, 2: 3, 3: 3}


def test_a_simulated_evening_scores_every_pair(people):
    tournament, _event_row, _couples = _event(people, 8, boards_per_round=3)
    for i, table in enumerate(
        Table.objects.filter(round__tournament=tournament).select_related("sitting", "round")
    ):
        upload = services.table_game_upload(
            table=table, content=duplicate.simulated_log(table, seed=i), user=people.scorer
        )
        assert upload.result.refusal is None, upload.result.refusal
    results = duplicate.score(tournament)
    assert set(results.scores) == set(range(1, 9))
    # Two fields (a Mitchell without an arrow switch): each averages 50 %.
    for name, numbers in (("NS", range(1, 5)), ("EW", range(5, 9))):
        assert {results.field_of[n] for n in numbers} == {name}
        assert sum(results.scores[n].score for n in numbers) / 4 == 50
    services.standings_compile(tournament=tournament)
    assert Standing.objects.filter(tournament=tournament).count() == 16


def test_the_results_page_ranks_each_field_and_shows_every_traveller_in_russian(people, client):
    from tests.test_page_language import PageText, english_fragments, known_codes, problems

    tournament, _event_row, couples = _event(people, 6, boards_per_round=1)
    board_one = [
        {"board": 1, "contract": "4S", "declarer": "N", "lead": "KH", "result": r} for r in (10, 8, 9)
    ]
    for table in Table.objects.filter(round__tournament=tournament, sitting__board_set=1).order_by(
        "round__number"
    ):
        services.table_game_upload(table=table, content=_log(table, [board_one.pop(0)]), user=people.scorer)
    client.force_login(people.member)
    client.cookies["django_language"] = "ru"
    response = client.get(f"/tournaments/{tournament.pk}/duplicate/")
    assert response.status_code == 200
    page = PageText()
    page.feed(response.content.decode())
    assert problems(page.text, english_fragments("ru"), known_codes()) == []
    for words in ("Пары Север–Юг", "Пары Восток–Запад", "Протоколы", "Сдача 1", "4♠", "К♥"):
        assert words in page.text, words
    # The board's three results: the North–South pair with 420 has the top, 4 of 4 (100 %).
    results = duplicate.score(tournament)
    (top,) = [n for n, s in results.scores.items() if s.by_board == {1: Fraction(4)} and n <= 3]
    assert results.scores[top].score == 100
    assert f"{couples[top - 1][0].display_name} – {couples[top - 1][1].display_name}" in page.text


def test_the_results_page_of_another_tournament_is_not_found(people, client, tournament):
    client.force_login(people.member)
    assert client.get(f"/tournaments/{tournament.pk}/duplicate/").status_code == 404


def test_a_fouled_board_is_compared_only_with_the_tables_that_held_the_same_cards(people):
    """Law 87: board 1 reached one table with North's and South's hands swapped. Its result is
    compared with nothing but itself (an average, 2 of a top of 4, by Neuberg); the two tables
    that played the board as dealt are compared with each other and scaled up to the three
    tables of the traveller: 3.5 and 0.5 (Neuberg, ((mp + 1) × 3 / 2) − 1)."""
    from rules.bridge.boards import deal_board
    from rules.cards import NAME, cards_of

    tournament, event, _ = _event(people, 8, boards_per_round=1)
    board = deal_board(event.deal_seed, 1)
    dealt = {seat: [NAME[c] for c in cards_of(board.hands[i])] for i, seat in enumerate("NESW")}
    fouled = {**dealt, "N": dealt["S"], "S": dealt["N"]}
    plays = {(1, 1): (dealt, 10), (2, 4): (dealt, 9), (3, 3): (fouled, 11)}
    for (round_number, number), (hands, tricks) in plays.items():
        table = _table(tournament, round_number, number)
        assert table.sitting.boards == [1]
        line = {"board": 1, "hands": hands, "contract": "4S", "declarer": "N", "result": tricks}
        upload = services.table_game_upload(table=table, content=_log(table, [line]), user=people.scorer)
        assert upload.result.refusal is None
    results = duplicate.score(tournament)
    ns_of = {key: _table(tournament, *key).sitting.ns for key in plays}
    earned = {key: results.scores[ns].by_board[1] for key, ns in ns_of.items()}
    assert earned == {(1, 1): Fraction(7, 2), (2, 4): Fraction(1, 2), (3, 3): Fraction(2)}
