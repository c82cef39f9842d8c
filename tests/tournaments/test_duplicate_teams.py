"""A teams-of-four duplicate event (issue 22): matches of two tables on the same boards, each
board's IMPs, the match's victory points on the WBF continuous scale, the VP ranking, the
Swiss draw from the standings so far, and the Butler ranking of the pairs."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction

import pytest

from games.models import Player
from rules.duplicate.movements import round_robin_pairings
from tournaments import duplicate, services, teams
from tournaments.models import DuplicatePair, DuplicateTeam, Standing, Table, TableSeat

pytestmark = pytest.mark.django_db


def _event(people, count: int, **options):
    tournament = services.tournament_create(
        club=people.club, name="Командный турнир", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [
        Player.objects.create(club=people.club, display_name=f"Игрок {n}") for n in range(1, 4 * count + 1)
    ]
    entries = [(f"Команда {t + 1}", players[4 * t : 4 * t + 4]) for t in range(count)]
    options.setdefault("boards_per_match", 2)
    event = teams.setup(tournament=tournament, teams=entries, deal_seed="teams-seed", **options)
    return tournament, event, players


def _log(table: Table, boards: list[dict]) -> bytes:
    names = [s.player.display_name for s in table.seats.order_by("seat")]
    return json.dumps({"game": "bridge-duplicate", "version": 1, "players": names, "boards": boards}).encode()


def _table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


def _b(board: int, contract: str, result: int | None = None) -> dict:
    """A traveller line, North declaring."""
    if contract == "Pass":
        return {"board": board, "contract": "Pass"}
    return {"board": board, "contract": contract, "declarer": "N", "result": result}


def _record(tournament, people, round_number: int, table: int, boards: list[dict]) -> None:
    upload = services.table_game_upload(
        table=_table(tournament, round_number, table),
        content=_log(_table(tournament, round_number, table), boards),
        user=people.scorer,
    )
    assert upload.result.refusal is None, upload.result.refusal


def _match(tournament, people, round_number: int, match: int, open_: list[dict], closed: list[dict]) -> None:
    _record(tournament, people, round_number, 2 * match - 1, open_)
    _record(tournament, people, round_number, 2 * match, closed)


def _wbf(margin: int, boards: int) -> float:
    """The WBF continuous scale, unrounded: 10 + 10 (1 − τ^(3I/X)) / (1 − τ³), X = 15 √N."""
    tau = (math.sqrt(5) - 1) / 2
    x = 15 * math.sqrt(boards)
    return 20.0 if margin >= x else 10 + 10 * (1 - tau ** (3 * margin / x)) / (1 - tau**3)


# The 4-team round robin of 2-board matches recorded whole. The board numbers fix the
# vulnerability (Law 2): 1 none, 2 North–South, 3 East–West, 4 both, 5 North–South, 6 East–West.
ROUND_ROBIN = {
    # Round 1 (boards 1, 2): team 1 v team 4, team 2 v team 3.
    (1, 1): (
        [_b(1, "4S", 10), _b(2, "4S", 10)],  # 420, 620 (vulnerable)
        [_b(1, "4S", 9), _b(2, "2S", 10)],  # −50, 170
    ),
    (1, 2): ([_b(1, "2S", 8), _b(2, "2S", 8)], [_b(1, "2S", 8), _b(2, "2S", 10)]),  # 110 110 | 110 170
    # Round 2 (boards 3, 4): team 3 v team 1, team 4 v team 2.
    (2, 1): ([_b(3, "3NT", 9), _b(4, "Pass")], [_b(3, "3NT", 9), _b(4, "Pass")]),  # 400 0 | 400 0
    (2, 2): ([_b(3, "4S", 10), _b(4, "2S", 8)], [_b(3, "2S", 10), _b(4, "2S", 8)]),  # 420 110 | 170 110
    # Round 3 (boards 5, 6): team 1 v team 2, team 3 v team 4.
    (3, 1): ([_b(5, "4S", 9), _b(6, "2S", 8)], [_b(5, "4S", 10), _b(6, "2S", 8)]),  # −100 110 | 620 110
    (3, 2): ([_b(5, "Pass"), _b(6, "Pass")], [_b(5, "Pass"), _b(6, "Pass")]),
}


def _play_round_robin(tournament, people, rounds=(1, 2, 3)) -> None:
    for (round_number, match), (open_, closed) in ROUND_ROBIN.items():
        if round_number in rounds:
            _match(tournament, people, round_number, match, open_, closed)


def test_a_round_robin_is_written_whole_with_the_pairs_crossed_on_the_same_boards(people):
    tournament, event, players = _event(people, 4)
    assert (event.teams_format, event.tables, event.rounds, tournament.rounds_planned) == (
        "round_robin",
        4,
        3,
        3,
    )
    assert [t.name for t in DuplicateTeam.objects.filter(tournament=tournament)] == [
        "Команда 1",
        "Команда 2",
        "Команда 3",
        "Команда 4",
    ]
    pairs = {p.number: p for p in DuplicatePair.objects.filter(tournament=tournament).select_related("team")}
    assert {n: p.team.number for n, p in pairs.items()} == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}
    assert (pairs[1].first, pairs[1].second, pairs[2].first, pairs[2].second) == tuple(players[:4])
    drawn = round_robin_pairings(4)
    assert drawn == [[(1, 4), (2, 3)], [(3, 1), (4, 2)], [(1, 2), (3, 4)]]
    for r, matches in enumerate(drawn, start=1):
        for m, (home, away) in enumerate(matches, start=1):
            open_, closed = _table(tournament, r, 2 * m - 1), _table(tournament, r, 2 * m)
            # The home team's pair 1 North–South at the open table, its pair 2 East–West at the closed.
            assert (open_.sitting.ns, open_.sitting.ew) == (2 * home - 1, 2 * away)
            assert (closed.sitting.ns, closed.sitting.ew) == (2 * away - 1, 2 * home)
            # Every match of the round plays the round's boards.
            assert open_.sitting.boards == closed.sitting.boards == [2 * r - 1, 2 * r]
            seats = [s.player_id for s in TableSeat.objects.filter(table=open_).order_by("seat")]
            ns, ew = pairs[2 * home - 1], pairs[2 * away]
            assert seats == [ns.first_id, ew.first_id, ns.second_id, ew.second_id]


def test_each_match_its_own_boards_when_asked(people):
    tournament, _event_row, _players = _event(people, 4, same_boards=False)
    assert _table(tournament, 1, 1).sitting.boards == [1, 2]
    assert _table(tournament, 1, 3).sitting.boards == _table(tournament, 1, 4).sitting.boards == [3, 4]
    assert _table(tournament, 3, 4).sitting.boards == [11, 12]


def test_a_match_is_imped_board_by_board_and_converted_to_victory_points(people):
    tournament, _event_row, _players = _event(people, 4)
    _play_round_robin(tournament, people, rounds=(1,))
    results = teams.score(tournament)
    first, second = results.rounds[1]
    assert (first.home, first.away, first.tables, first.boards) == (1, 4, (1, 2), [1, 2])
    # Board 1: 420 at the open table, −50 at the closed: 470 → 10 IMPs (430–490, Law 78B).
    # Board 2: 620 against 170: 450 → 10 IMPs.
    assert [(line.open_ns, line.closed_ns, line.imps) for line in first.lines] == [
        (420, -50, 10),
        (620, 170, 10),
    ]
    assert (first.home_imps, first.away_imps) == (20, 0)
    # 20 IMPs over 2 boards (the blitz 15√2 = 21.21): 10 + 10 (1 − τ^(60/21.21)) / (1 − τ³) = 19.734… → 19.73.
    assert round(_wbf(20, 2), 2) == 19.73
    assert (first.home_vp, first.away_vp) == (Decimal("19.73"), Decimal("0.27"))
    # Team 2 v team 3: 110 and 110 (0), then 110 against 170: −60 → the visitors' 2 IMPs.
    assert [line.imps for line in second.lines] == [0, -2]
    # 2 IMPs over 2 boards: 11.665… → 11.67 to team 3.
    assert round(_wbf(2, 2), 2) == 11.67
    assert (second.home_imps, second.away_imps, second.home_vp, second.away_vp) == (
        0,
        2,
        Decimal("8.33"),
        Decimal("11.67"),
    )


def test_a_match_with_one_table_recorded_has_no_victory_points_yet(people):
    tournament, _event_row, _players = _event(people, 4)
    _record(tournament, people, 1, 1, ROUND_ROBIN[(1, 1)][0])
    results = teams.score(tournament)
    match = results.rounds[1][0]
    assert (match.played, match.home_vp, [line.imps for line in match.lines]) == (False, None, [None, None])
    assert results.totals[1].vp == 0
    assert results.totals[1].matches == 0


def test_the_round_robin_ranks_by_victory_points(people):
    tournament, _event_row, _players = _event(people, 4)
    _play_round_robin(tournament, people)
    results = teams.score(tournament)
    # Round 2: 400/0 at both tables is a 10–10 draw; 420 against 170 (250 → 6 IMPs) to team 4
    #   (6 IMPs over 2 boards: 14.388… → 14.39).
    # Round 3: −100 against 620 (−720 → 12 IMPs) to team 2 (17.305… → 17.31); all passed out: 10–10.
    assert round(_wbf(6, 2), 2) == 14.39
    assert round(_wbf(12, 2), 2) == 17.31
    vps = {n: t.vp for n, t in results.totals.items()}
    assert vps == {
        1: Decimal("19.73") + 10 + Decimal("2.69"),  # 32.42
        2: Decimal("8.33") + Decimal("5.61") + Decimal("17.31"),  # 31.25
        3: Decimal("11.67") + 10 + 10,  # 31.67
        4: Decimal("0.27") + Decimal("14.39") + 10,  # 24.66
    }
    assert vps[1] == Decimal("32.42")
    assert vps[4] == Decimal("24.66")
    assert results.ranking == [1, 3, 2, 4]
    assert [results.totals[n].place for n in results.ranking] == ["1", "2", "3", "4"]
    assert (results.totals[1].imps_won, results.totals[1].imps_lost, results.totals[1].matches) == (20, 12, 3)


def _totals(**vps):
    return {int(k[1:]): teams.TeamTotal(int(k[1:]), vp=Decimal(v)) for k, v in vps.items()}


def _played(round_number, home, away, home_imps, away_imps, home_vp):
    match = teams.Match(round_number, 1, home, away, (1, 2), [1])
    match.played, match.home_imps, match.away_imps = True, home_imps, away_imps
    match.home_vp, match.away_vp = Decimal(home_vp), 20 - Decimal(home_vp)
    return match


def test_two_teams_level_on_victory_points_are_ranked_by_their_match():
    totals = _totals(t1="30", t2="30", t3="10")
    totals[1].imps_won, totals[1].imps_lost = 40, 10  # the better quotient, but it lost to team 2
    totals[2].imps_won, totals[2].imps_lost = 20, 20
    matches = [_played(1, 1, 2, 5, 9, "8.5"), _played(2, 1, 3, 30, 0, "20"), _played(3, 2, 3, 10, 10, "10")]
    assert teams.rank(totals, matches) == [2, 1, 3]


def test_three_teams_level_go_by_the_matches_among_them_then_the_quotient():
    totals = _totals(t1="30", t2="30", t3="30", t4="5")
    for n, (won, lost) in {1: (50, 25), 2: (40, 40), 3: (30, 60)}.items():
        totals[n].imps_won, totals[n].imps_lost = won, lost
    # Among 1, 2, 3: team 3 has 25 VPs, teams 1 and 2 have 17.5 each and drew their own match:
    # the IMP margin among them is level too (0), so the quotient puts team 1 first.
    matches = [_played(1, 1, 2, 3, 3, "10"), _played(2, 3, 1, 9, 7, "12.5"), _played(3, 3, 2, 9, 7, "12.5")]
    assert teams.rank(totals, matches) == [3, 1, 2, 4]
    # Equal in everything, the teams share the place.
    level = _totals(t1="10", t2="10")
    assert teams.rank(level, [_played(1, 1, 2, 0, 0, "10")]) == [1, 2]
    assert (level[1].place, level[2].place) == ("1–2", "1–2")


def test_the_butler_ranking_of_the_pairs_imps_each_score_against_the_datum(people):
    tournament, _event_row, _players = _event(people, 4)
    _play_round_robin(tournament, people, rounds=(1,))
    results = teams.score(tournament)
    marks = {t.board: t.mark for t in results.travellers}
    # Board 1 at four tables: 420, −50, 110, 110; four scores, none left out: the mean 147.5 → 150.
    # Board 2: 620, 170, 110, 170: 267.5 → 270.
    assert marks == {1: 150, 2: 270}
    # Pair 1 (team 1, North–South at table 1): 420 − 150 = 270 → 7 IMPs, 620 − 270 = 350 → 8.
    # Pair 2 (team 1, East–West at table 2 against −50 and 170): −(−200) → 5, −(−100) → 3.
    # Pair 8 (East–West at table 1): −7, −8. Pair 7 (North–South at table 2): −5, −3.
    # Pairs 3 and 5 (North–South, 110 and 110 / 110 and 170): −1 −4 and −1 −3; pairs 6 and 4 the reverse.
    table = [(p.pair, p.team, p.total, p.boards, p.per_board, p.place) for p in results.butler]
    assert table == [
        (1, 1, Fraction(15), 2, Fraction(15, 2), "1"),
        (2, 1, Fraction(8), 2, Fraction(4), "2"),
        (6, 3, Fraction(5), 2, Fraction(5, 2), "3"),
        (4, 2, Fraction(4), 2, Fraction(2), "4"),
        (5, 3, Fraction(-4), 2, Fraction(-2), "5"),
        (3, 2, Fraction(-5), 2, Fraction(-5, 2), "6"),
        (7, 4, Fraction(-8), 2, Fraction(-4), "7"),
        (8, 4, Fraction(-15), 2, Fraction(-15, 2), "8"),
    ]


def test_a_teams_events_standings_are_compiled_through_the_services(people):
    tournament, _event_row, players = _event(people, 4)
    _play_round_robin(tournament, people)
    services.standings_compile(tournament=tournament)
    rows = Standing.objects.filter(tournament=tournament)
    assert rows.count() == 16
    first = rows.get(player=players[0])
    assert (first.rank, first.points, first.games, first.partner_id) == (1, 32.42, 3, players[1].pk)
    assert (first.tiebreaks["team"], first.tiebreaks["pair"], first.tiebreaks["imps_won"]) == (1, 1, 20)
    mate = rows.get(player=players[2])  # team 1's pair 2
    assert (mate.rank, mate.points, mate.partner_id, mate.tiebreaks["pair"]) == (1, 32.42, players[3].pk, 2)
    assert sorted({(r.rank, r.points) for r in rows}) == [(1, 32.42), (2, 31.67), (3, 31.25), (4, 24.66)]


def test_a_pairs_event_is_not_a_teams_event(people):
    tournament = services.tournament_create(
        club=people.club, name="Пары", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=f"П {n}") for n in range(6)]
    duplicate.setup(
        tournament=tournament,
        pairs=[(players[0], players[1]), (players[2], players[3]), (players[4], players[5])],
    )
    assert services.is_duplicate(tournament)
    assert not teams.is_teams(tournament)


# The 6-team Swiss, round 1 (boards 1, 2): team 1 v 2, team 3 v 4, team 5 v 6.
SWISS_ROUND_1 = {
    1: ([_b(1, "4S", 10), _b(2, "4S", 10)], [_b(1, "4S", 9), _b(2, "2S", 10)]),  # +10 +10: 20 IMPs
    2: ([_b(1, "4S", 10), _b(2, "2S", 8)], [_b(1, "2S", 10), _b(2, "2S", 8)]),  # 420 − 170 → +6
    3: ([_b(1, "2S", 8), _b(2, "2S", 8)], [_b(1, "2S", 10), _b(2, "2S", 8)]),  # 110 − 170 → −2
}


def test_a_swiss_draws_the_leaders_together_and_never_a_rematch(people):
    tournament, event, _players = _event(people, 6, teams_format="swiss", rounds=2)
    assert (event.rounds, tournament.rounds.count()) == (2, 1)
    with pytest.raises(services.ServiceError) as refused:
        teams.swiss_next_round(tournament=tournament)
    assert refused.value.code == "TEAMS_ROUND_NOT_FINISHED"
    for m, (open_, closed) in SWISS_ROUND_1.items():
        _match(tournament, people, 1, m, open_, closed)
    results = teams.score(tournament)
    assert [(m.home, m.away) for m in results.rounds[1]] == [(1, 2), (3, 4), (5, 6)]
    # 20, 6 and 2 IMPs over 2 boards: 19.73, 14.39, 11.67 to the winners.
    assert {n: t.vp for n, t in results.totals.items()} == {
        1: Decimal("19.73"),
        2: Decimal("0.27"),
        3: Decimal("14.39"),
        4: Decimal("5.61"),
        5: Decimal("8.33"),
        6: Decimal("11.67"),
    }
    assert results.ranking == [1, 3, 6, 5, 4, 2]
    # Board 1 at six tables: 420, −50, 420, 170, 110, 170; the highest and the lowest left out:
    # (420 + 170 + 110 + 170) / 4 = 217.5 → a datum of 220.
    assert {t.board: t.mark for t in results.travellers}[1] == 220
    teams.swiss_next_round(tournament=tournament)
    results = teams.score(tournament)
    # The leaders meet (1 v 3); team 6 has met team 5, so it plays team 4, and team 5 team 2.
    assert [(m.home, m.away) for m in results.rounds[2]] == [(1, 3), (6, 4), (5, 2)]
    round_two = _table(tournament, 2, 1)
    assert (round_two.sitting.ns, round_two.sitting.ew, round_two.sitting.boards) == (1, 6, [3, 4])
    assert _table(tournament, 2, 6).sitting.boards == [3, 4]
    with pytest.raises(services.ServiceError) as refused:
        teams.swiss_next_round(tournament=tournament)
    assert refused.value.code == "TEAMS_SWISS_COMPLETE"


def test_a_round_robin_has_no_next_draw(people):
    tournament, _event_row, _players = _event(people, 4)
    with pytest.raises(services.ServiceError) as refused:
        teams.swiss_next_round(tournament=tournament)
    assert refused.value.code == "TEAMS_NOT_SWISS"


def test_an_odd_round_robin_gives_each_team_a_bye_scored_when_its_round_is_finished(people):
    tournament, event, _players = _event(people, 3)
    assert (event.rounds, event.tables) == (3, 2)
    # round_robin_pairings(3): round 1 team 2 v team 3, team 1 sits out; round 2 team 2; round 3 team 3.
    results = teams.score(tournament)
    assert results.byes == {1: 1, 2: 2, 3: 3}
    assert results.totals[1].vp == 0  # round 1 not played yet
    _match(tournament, people, 1, 1, [_b(1, "2S", 8), _b(2, "2S", 8)], [_b(1, "2S", 8), _b(2, "2S", 8)])
    results = teams.score(tournament)
    assert {n: t.vp for n, t in results.totals.items()} == {1: teams.BYE_VP, 2: 10, 3: 10}


@pytest.mark.parametrize(
    ("options", "code"),
    [
        pytest.param({"teams_format": "swiss"}, "TEAMS_SWISS_ROUNDS", id="swiss-without-rounds"),
        pytest.param({"teams_format": "swiss", "rounds": 4}, "TEAMS_SWISS_ROUNDS", id="swiss-too-long"),
        pytest.param({"rounds": 2}, "TEAMS_ROUND_ROBIN_ROUNDS", id="round-robin-curtailed"),
        pytest.param({"boards_per_match": 0}, "TEAMS_BOARDS_PER_MATCH", id="no-boards"),
        pytest.param({"teams_format": "knockout"}, "TEAMS_FORMAT", id="no-such-format"),
    ],
)
def test_a_setup_that_cannot_be_played_is_refused(people, options, code):
    with pytest.raises(services.ServiceError) as refused:
        _event(people, 4, **options)
    assert refused.value.code == code
    assert refused.value.render()  # said in words, whatever its parameters (no count read as names)


def test_a_refusal_counting_teams_is_said_in_russian(people):
    from django.utils import translation

    with pytest.raises(services.ServiceError) as refused:
        _event(people, 4, teams_format="swiss", rounds=4)
    with translation.override("ru"):
        assert refused.value.render() == "швейцарская система для 4 команд — от 1 до 3 туров"


def test_a_player_in_two_teams_is_refused(people):
    tournament = services.tournament_create(
        club=people.club, name="Команды", user=people.organiser, game_type="bridge-duplicate"
    )
    p = [Player.objects.create(club=people.club, display_name=f"И {n}") for n in range(11)]
    with pytest.raises(services.ServiceError) as refused:
        teams.setup(
            tournament=tournament, teams=[("А", p[0:4]), ("Б", p[4:8]), ("В", [p[8], p[9], p[10], p[0]])]
        )
    assert refused.value.code == "TEAMS_REFUSED"


def test_the_teams_page_shows_the_ranking_the_matches_and_the_butler(people, client):
    tournament, _event_row, players = _event(people, 4)
    _play_round_robin(tournament, people)
    client.force_login(people.member)
    response = client.get(f"/tournaments/{tournament.pk}/duplicate/teams/")
    assert response.status_code == 200
    html = response.content.decode()
    for text in (
        "Victory points",
        "Команда 1",
        "32.42",
        "24.66",
        "Round 1",
        "19.73",
        "0.27",
        "Butler",
        "4♠",
        f"{players[0].display_name} – {players[1].display_name}",
    ):
        assert text in html, text
    # The ranking comes in VP order: team 1, team 3, team 2, team 4.
    ranking = html[html.index('id="ranking-heading"') : html.index('id="rounds-heading"')]
    assert [ranking.index(f"Команда {n}<") for n in (1, 3, 2, 4)] == sorted(
        ranking.index(f"Команда {n}<") for n in (1, 3, 2, 4)
    )


def test_the_teams_page_is_not_found_for_a_pairs_event_or_another_tournament(people, client, tournament):
    pairs = services.tournament_create(
        club=people.club, name="Пары", user=people.organiser, game_type="bridge-duplicate"
    )
    p = [Player.objects.create(club=people.club, display_name=f"П {n}") for n in range(6)]
    duplicate.setup(tournament=pairs, pairs=[(p[0], p[1]), (p[2], p[3]), (p[4], p[5])])
    client.force_login(people.member)
    assert client.get(f"/tournaments/{pairs.pk}/duplicate/teams/").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/duplicate/teams/").status_code == 404


def test_the_teams_page_of_another_club_is_not_found(people, client):
    tournament, _event_row, _players = _event(people, 4)
    client.force_login(people.outsider)
    assert client.get(f"/tournaments/{tournament.pk}/duplicate/teams/").status_code == 404


def test_an_odd_swiss_gives_the_bye_to_the_lowest_team_without_one(people):
    tournament, event, _players = _event(people, 5, teams_format="swiss", rounds=2)
    assert event.tables == 4
    passed = [_b(1, "Pass"), _b(2, "Pass")]
    for m in (1, 2):
        _match(tournament, people, 1, m, passed, passed)
    results = teams.score(tournament)
    # Round 1 by number: 1 v 2, 3 v 4, team 5 sits out; both matches drawn 10–10, the bye 12.
    assert [(m.home, m.away) for m in results.rounds[1]] == [(1, 2), (3, 4)]
    assert results.byes == {1: 5}
    assert {n: t.vp for n, t in results.totals.items()} == {1: 10, 2: 10, 3: 10, 4: 10, 5: teams.BYE_VP}
    # Teams 1–4 are level on everything (no IMPs either way, not all met): they share 2nd to 5th.
    assert [results.totals[n].place for n in results.ranking] == ["1", "2–5", "2–5", "2–5", "2–5"]
    teams.swiss_next_round(tournament=tournament)
    results = teams.score(tournament)
    # Ranked 5, 1, 2, 3, 4: team 4, the lowest without a bye, sits out; 5 v 1 and 2 v 3 are new.
    assert [(m.home, m.away) for m in results.rounds[2]] == [(5, 1), (2, 3)]
    assert results.byes[2] == 4
