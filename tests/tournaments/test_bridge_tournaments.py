"""Rubber bridge tournaments: set-up, four-seat tables, table uploads, standings by total and whists, ratings.

Each table's game is one of the PBN test files (tests/data/pbn) with the
table's players written into its seats, North, East, South, West = the
table's seats 0 to 3 (the first and third player are partners). What each
file scores, by side, was read off by hand (tests/games/test_bridge_games.py):

    rubber.pbn   We 1250, They 100, whists +12 / -12
    revoke.pbn   We 420,  They 0,   whists  +4 / -4
    claim.pbn    We 0,    They 190, whists  -2 / +2
    passout.pbn  We 0,    They 0,   whists   0 / 0
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from games.models import Game, GameSeat, Player, Upload
from rules import bridge
from tournaments import ratings, services
from tournaments.models import Rating, RatingChange, Round, Standing, Table, Tournament

pytestmark = pytest.mark.django_db

PBN = Path(__file__).resolve().parents[1] / "data" / "pbn"
FILE_NAMES = ["Anna", "Boris", "Vera", "Gleb"]  # N, E, S, W in the test files
NAMES = ["Алла", "Богдан", "Валя", "Гоша", "Дина", "Ефим", "Жанна", "Захар"]
#: Per file: (We total, They total, We whists, They whists).
SCORES = {
    "rubber": (1250, 100, 12, -12),
    "revoke": (420, 0, 4, -4),
    "claim": (0, 190, -2, 2),
    "passout": (0, 0, 0, 0),
}


def seated_names(table: Table) -> list[str]:
    return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


def pbn_for(name: str, players: list[str]) -> bytes:
    """The PBN file with these players in its N, E, S, W seats."""
    raw = (PBN / f"{name}.pbn").read_bytes()
    for old, new in zip(FILE_NAMES, players, strict=True):
        raw = raw.replace(f'"{old}"'.encode(), f'"{new}"'.encode())
    return raw


def json_for(name: str, players: list[str], ruleset: str = "seed") -> bytes:
    document = bridge.read_file((PBN / f"{name}.pbn").read_bytes())
    document["players"] = players
    document["ruleset"] = ruleset
    return json.dumps(document, ensure_ascii=False).encode()


@pytest.fixture
def bridge_night(people) -> Tournament:
    tournament = services.tournament_create(
        club=people.club,
        name="Robber night",
        user=people.organiser,
        game_type="bridge-rubber",
        ruleset="seed",
        preferred_table_size=4,
        standings_method="total",
        tiebreaks=["head_to_head", "contracts_made", "lots"],
        seed=3,
    )
    for name in NAMES:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    return tournament


def play_round(
    tournament: Tournament, user, files: list[str], *, as_pbn: bool
) -> tuple[Round, list[list[str]]]:
    """Seat and confirm a round, record ``files[i]`` at table i+1; the tables' players in seat order."""
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    tables = list(round_.tables.order_by("number"))
    assert len(tables) == len(files)
    seated = []
    for table, name in zip(tables, files, strict=True):
        players = seated_names(table)
        seated.append(players)
        content = pbn_for(name, players) if as_pbn else json_for(name, players)
        outcome = services.table_game_upload(
            table=table, content=content, user=user, filename=f"t{table.number}.{'pbn' if as_pbn else 'json'}"
        )
        assert outcome.result.error is None, outcome.result.error
    return round_, seated


def expected(rounds: list[tuple[list[list[str]], list[str]]], figure: int) -> dict[str, int]:
    """Per player, the sum of their side's figure (0/1: total We/They, 2/3: whists We/They)."""
    out = dict.fromkeys(NAMES, 0)
    for seated, files in rounds:
        for players, name in zip(seated, files, strict=True):
            for seat, player in enumerate(players):
                out[player] += SCORES[name][figure + seat % 2]
    return out


# --- set-up ----------------------------------------------------------------------------------


def test_a_bridge_tournament_is_set_up_from_the_rules(people, bridge_night):
    assert (bridge_night.game_type, bridge_night.ruleset, bridge_night.preferred_table_size) == (
        "bridge-rubber",
        "seed",
        4,
    )
    plain = services.tournament_create(
        club=people.club, name="Default", user=people.organiser, game_type="bridge-rubber"
    )
    assert plain.ruleset == "seed"  # the game's first preset


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"preferred_table_size": 5}, "Rubber bridge tables seat 4 players"),
        ({"ruleset": "classic"}, "ruleset: unknown preset 'classic'; known: seed, laws"),
        ({"ruleset": {"preset": "laws", "law64": "maybe"}}, "ruleset.law64: must be true or false"),
    ],
)
def test_settings_bridge_cannot_play_are_refused(people, settings, message):
    with pytest.raises(services.ServiceError) as caught:
        services.tournament_create(
            club=people.club, name="X", user=people.organiser, game_type="bridge-rubber", **settings
        )
    assert str(caught.value).startswith(message)


def test_whists_are_refused_for_a_game_without_them(people):
    with pytest.raises(services.ServiceError, match=r"Oh Hell games have no whists to rank by \(whists\)"):
        services.tournament_create(
            club=people.club, name="X", user=people.organiser, standings_method="whists"
        )
    whists = services.tournament_create(
        club=people.club,
        name="Y",
        user=people.organiser,
        game_type="bridge-rubber",
        standings_method="whists",
    )
    assert whists.standings_method == Tournament.Method.WHISTS


def test_bridge_rounds_seat_four_and_refuse_a_field_that_does_not_divide(people, bridge_night):
    round_ = services.round_generate(tournament=bridge_night)
    assert [t.seats.count() for t in round_.tables.order_by("number")] == [4, 4]
    services.round_delete(round_=round_)
    services.entry_add(
        tournament=bridge_night, player=Player.objects.create(club=people.club, display_name="Ира")
    )
    with pytest.raises(services.ServiceError, match="9 entrants cannot be split into tables of 4 to 4"):
        services.round_generate(tournament=bridge_night)


# --- a table's game --------------------------------------------------------------------------


def test_a_table_takes_its_partnerships_in_either_rotation_but_not_others(people, bridge_night):
    round_ = services.round_generate(tournament=bridge_night)
    services.round_confirm(round_=round_)
    table = round_.tables.order_by("number").first()
    n, e, s, w = seated_names(table)
    swapped = services.table_game_upload(
        table=table, content=json_for("claim", [n, s, e, w]), user=people.scorer, filename="t.json"
    )
    assert swapped.result.game is None
    assert swapped.result.error == {
        "path": "players",
        "message": f"the log must keep table {table.number}'s partnerships: {n} and {s}; {e} and {w}",
        "code": "TABLE_PARTNERSHIPS_DIFFER",
        "params": {"table": table.number, "teams": [[n, s], [e, w]]},
    }
    assert Upload.objects.get().outcome == Upload.Outcome.REJECTED
    wrong_rules = services.table_game_upload(
        table=table, content=json_for("claim", [n, e, s, w], ruleset="laws"), user=people.scorer
    )
    assert wrong_rules.result.error["path"] == "ruleset"
    assert wrong_rules.result.error["message"].startswith("the tournament's ruleset differs in ")
    # East–West writing the log as North–South: the same partnerships, so the same table's game.
    rotated = services.table_game_upload(
        table=table, content=pbn_for("claim", [e, s, w, n]), user=people.scorer, filename="t.pbn"
    )
    game = rotated.result.game
    assert game is not None
    assert Table.objects.get(pk=table.pk).game == game
    by_player = {s.player.display_name: (s.total, s.whists) for s in GameSeat.objects.filter(game=game)}
    # claim.pbn: They (here n and s) 190 and +2 whists; We (e and w) 0 and -2.
    assert by_player == {n: (190, 2), s: (190, 2), e: (0, -2), w: (0, -2)}


# --- standings and ratings -------------------------------------------------------------------


def test_standings_by_total_and_by_whists_over_two_rounds(people, bridge_night):
    _first, seated_1 = play_round(bridge_night, people.scorer, ["rubber", "revoke"], as_pbn=True)
    _second, seated_2 = play_round(bridge_night, people.scorer, ["claim", "passout"], as_pbn=False)
    rounds = [(seated_1, ["rubber", "revoke"]), (seated_2, ["claim", "passout"])]
    assert Game.objects.filter(game_type="bridge-rubber").count() == 4

    services.standings_compile(tournament=bridge_night)
    by_total = {
        s.player.display_name: (s.points, s.games) for s in Standing.objects.filter(tournament=bridge_night)
    }
    assert by_total == {name: (float(points), 2) for name, points in expected(rounds, 0).items()}

    Tournament.objects.filter(pk=bridge_night.pk).update(standings_method=Tournament.Method.WHISTS)
    bridge_night.refresh_from_db()
    lines = services.standings_compile(tournament=bridge_night)
    by_whists = {line.player.display_name: line.points for line in lines}
    assert by_whists == {name: float(points) for name, points in expected(rounds, 2).items()}
    # Whists are won from the other side: they sum to nothing.
    assert sum(by_whists.values()) == 0
    # The ranks follow the points; tie-breaks read each player's own results (partners are level).
    ordered = sorted(lines, key=lambda line: line.rank)
    assert [line.points for line in ordered] == sorted(by_whists.values(), reverse=True)
    assert all(set(line.tiebreaks) == {"head_to_head", "contracts_made", "lots"} for line in lines)
    ranks = {line.player.display_name: (line.rank, line.rank_to) for line in lines}
    assert len({ranks[name] for name in ranks}) == 8  # the drawing of lots splits every tie


def test_ratings_rate_partnerships_as_teams(people, bridge_night):
    _, seated = play_round(bridge_night, people.scorer, ["rubber", "revoke"], as_pbn=False)
    assert services.ratings_rebuild(game_type="bridge-rubber") == 2
    skills = {
        r.player.display_name: (r.mu, r.sigma, r.games)
        for r in Rating.objects.filter(game_type="bridge-rubber")
    }
    for n, e, s, w in seated:
        assert skills[n] == skills[s]  # partners: one team, one update
        assert skills[e] == skills[w]
        assert skills[n][0] > ratings.INITIAL.mu > skills[e][0]  # We won both tables
        assert skills[n][2] == 1
    # Round two: new partners with different ratings, the same uncertainty, move by the same amount.
    _, seated_2 = play_round(bridge_night, people.scorer, ["claim", "passout"], as_pbn=False)
    services.ratings_rebuild(game_type="bridge-rubber")
    steps = {}
    for players in seated_2:
        for name in players:
            before, after = RatingChange.objects.filter(
                player__display_name=name, game_type="bridge-rubber"
            ).order_by("played_at", "game_id")
            steps[name] = after.mu - before.mu
    claim, passout = seated_2
    assert steps[claim[0]] == pytest.approx(steps[claim[2]])
    assert steps[claim[1]] == pytest.approx(steps[claim[3]])
    assert steps[claim[1]] > 0 > steps[claim[0]]  # claim.pbn: They (East–West) won
    assert steps[passout[0]] == pytest.approx(steps[passout[2]])
    assert steps[passout[1]] == pytest.approx(steps[passout[3]])


def test_the_arithmetic_rates_teams_of_two():
    game = ratings.RatedGame(
        game=1, players=(11, 12, 13, 14), totals=(500.0, 0.0, 500.0, 0.0), teams=((0, 2), (1, 3))
    )
    skills, history = ratings.rate([game])
    assert skills[11] == skills[13]
    assert skills[12] == skills[14]
    assert skills[11].mu > ratings.INITIAL.mu > skills[12].mu
    assert [c.player for c in history] == [11, 13, 12, 14]


# --- pages ------------------------------------------------------------------------------------


def test_blank_bridge_sheets_print_we_and_they(client, people, bridge_night):
    round_ = services.round_generate(tournament=bridge_night)
    services.round_confirm(round_=round_)
    client.force_login(people.member)
    response = client.get(f"/tournaments/{bridge_night.pk}/rounds/1/sheets/")
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('<table class="score-sheet we-they">') == 2
    for table in round_.tables.order_by("number"):
        n, e, s, w = seated_names(table)
        assert f'<td class="partners">{n} – {s}</td><td class="partners">{e} – {w}</td>' in page
    assert '<th scope="col">We</th><th scope="col">They</th>' in page
    assert page.count('<tr class="the-line">') == 2
    assert "Ruleset: basic (the seed&#x27;s text) · a game is 100 below the line · rubber 700 / 500" in page
    assert "Cards" not in page  # no Oh Hell deal grid


def test_the_create_form_offers_bridge_and_its_presets(client, people):
    client.force_login(people.organiser)
    url = reverse("tournament-create", args=["kozyr"])
    page = client.get(url).content.decode()
    assert '<option value="bridge-rubber">Rubber bridge</option>' in page
    assert '<optgroup label="Rubber bridge">' in page
    assert '<option value="laws">the Laws of rubber bridge</option>' in page
    assert '<option value="whists">Whists (games that have them)</option>' in page
    form = {
        "name": "Бридж",
        "game_type": "bridge-rubber",
        "preferred_table_size": "4",
        "standings_method": "whists",
    }
    refused = client.post(url, {**form, "ruleset": "classic"})
    assert refused.status_code == 400
    assert "classic is not a ruleset of Rubber bridge." in refused.content.decode()
    response = client.post(url, {**form, "ruleset": "laws", "tiebreak_1": "head_to_head"})
    tournament = Tournament.objects.get(name="Бридж")
    assert response.status_code == 302
    assert (tournament.game_type, tournament.ruleset, tournament.standings_method, tournament.tiebreaks) == (
        "bridge-rubber",
        "laws",
        "whists",
        ["head_to_head"],
    )


def test_the_tournament_pages_read_a_bridge_tournament(client, people, bridge_night):
    _, seated = play_round(bridge_night, people.scorer, ["rubber", "revoke"], as_pbn=False)
    services.standings_compile(tournament=bridge_night)
    client.force_login(people.member)
    for name in ("tournament-page", "tournament-standings", "tournament-cross-table"):
        response = client.get(reverse(name, kwargs={"pk": bridge_night.pk}))
        assert response.status_code == 200, name
    page = client.get(reverse("tournament-page", kwargs={"pk": bridge_night.pk})).content.decode()
    n, e, _s, _w = seated[0]
    assert f'<li>{n} <span class="num">1250</span></li><li>{e} <span class="num">100</span></li>' in page
    api = client.get(f"/api/v1/tournaments/{bridge_night.pk}/rounds/1/")
    assert [t["totals"] for t in api.json()["tables"]] == [[1250, 100, 1250, 100], [420, 0, 420, 0]]


def test_partners_of_every_game_are_one_line_of_the_standings(client, people, bridge_night):
    """After one round each table's partners have played all their games together: a partnership,
    ranked as one line (places 1 to 4 for the four pairs), the lots never splitting partners."""
    _, seated = play_round(bridge_night, people.scorer, ["rubber", "passout"], as_pbn=False)
    lines = services.standings_compile(tournament=bridge_night)
    ids = {line.player.display_name: line.player_id for line in lines}
    by_name = {line.player.display_name: line for line in lines}
    (n1, e1, s1, w1), (n2, e2, s2, w2) = seated
    # rubber.pbn: We 1250, They 100; passout.pbn: 0 and 0, the two pairs of table 2 level on every
    # tie-break but the lots, which put one pair 3rd and the other 4th — never one partner apart.
    places = {name: (line.place, line.points) for name, line in by_name.items()}
    assert {name: places[name] for name in (n1, s1, e1, w1)} == {
        n1: ("1", 1250.0),
        s1: ("1", 1250.0),
        e1: ("2", 100.0),
        w1: ("2", 100.0),
    }
    assert places[n2] == places[s2]
    assert places[e2] == places[w2]
    assert {places[n2], places[e2]} == {("3", 0.0), ("4", 0.0)}
    assert {name: line.partner_id for name, line in by_name.items()} == {
        n1: ids[s1],
        s1: ids[n1],
        e1: ids[w1],
        w1: ids[e1],
        n2: ids[s2],
        s2: ids[n2],
        e2: ids[w2],
        w2: ids[e2],
    }
    assert by_name[n2].tiebreaks == by_name[s2].tiebreaks
    assert by_name[e2].tiebreaks == by_name[w2].tiebreaks

    client.force_login(people.member)
    page = client.get(reverse("tournament-standings", kwargs={"pk": bridge_night.pk})).content.decode()
    rows = [
        (place, re.sub(r"<[^>]+>", "", names))
        for place, names in re.findall(r'<tr><td>([^<]*)</td><th scope="row">(.*?)</th>', page)
    ]
    rows = [(place, names.replace("&nbsp;", " ")) for place, names in rows]
    assert rows[:2] == [
        ("1", f"{min(n1, s1, key=ids.get)} – {max(n1, s1, key=ids.get)}"),
        ("2", f"{min(e1, w1, key=ids.get)} – {max(e1, w1, key=ids.get)}"),
    ]
    assert len(rows) == 4  # four pairs, four lines
    api = client.get(f"/api/v1/tournaments/{bridge_night.pk}/standings/").json()["standings"]
    assert {line["player"]: line["partner_id"] for line in api}[n1] == ids[s1]


def test_new_partners_in_the_next_round_make_every_player_a_line_of_their_own(people, bridge_night):
    play_round(bridge_night, people.scorer, ["rubber", "revoke"], as_pbn=False)
    _, seated_2 = play_round(bridge_night, people.scorer, ["claim", "passout"], as_pbn=False)
    lines = services.standings_compile(tournament=bridge_night)
    partners = {line.player.display_name: line.partner_id for line in lines}
    changed = [name for players in seated_2 for name in players if partners[name] is None]
    # Whoever changed partner is ranked alone; anyone who kept theirs (the seating may keep a pair)
    # is still one line with them.
    assert changed
    for line in lines:
        if line.partner_id is not None:
            mate = next(other for other in lines if other.player_id == line.partner_id)
            assert mate.partner_id == line.player_id
            assert (mate.rank, mate.rank_to) == (
                line.rank,
                line.rank_to,
            )
