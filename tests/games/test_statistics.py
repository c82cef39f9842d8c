"""Player and club statistics (games.statistics) and their API (games.api_statistics).

The figures are checked exactly on three tiny logs written by hand, small
enough to score on paper (the sums are in the comments); then against a
plain-Python count over the stored reports of simulated games; then for a
constant number of queries, and for who may read them.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import pytest
from django.core.management import call_command

from games import services
from games.models import AuditReport, DealSeat, Game, GameSeat, Player
from games.statistics import club_statistics, player_statistics
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db


# Game A: Anna, Boris, Vera; deals of 1 then 2 cards. Deal 2 is annulled: Anna (seat 0)
# plays 3C on Vera's diamond lead while holding 7D, so the same dealer deals again (deal 3).
#   deal 1, dealer Anna, bids 0 / 1 blind / 0, taken 0 1 0: scores 10, 22 (11 × 2), 10; even
#   deal 2, dealer Boris, bids 1 1 1, annulled: scores -10, 0, 0; over (3 bid on 2 cards)
#   deal 3, dealer Boris, bids 0 1 0, taken 0 0 2: scores 10, 0, 0; under
#   totals 10, 22, 10: Boris wins.
GAME_A: dict[str, Any] = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": {"preset": "classic", "schedule": [1, 2]},
    "players": ["Anna", "Boris", "Vera"],
    "deals": [
        {
            "dealer": 0,
            "cards": 1,
            "trump": "5C",
            "bids": [0, 1, 0],
            "blind": [False, True, False],
            "tricks": [["AH", "2H", "KH"]],
        },
        {
            "dealer": 1,
            "cards": 2,
            "trump": None,
            "bids": [1, 1, 1],
            "tricks": [["QD", "3C", "4D"], ["2S", "7D", "5S"]],
        },
        {
            "dealer": 1,
            "cards": 2,
            "trump": None,
            "bids": [0, 1, 0],
            "tricks": [["AS", "KS", "QS"], ["AD", "KD", "QD"]],
        },
    ],
}

# Game B, a score-sheet log, other seats: Boris, Vera, Anna.
#   deal 1, dealer Boris, bids 1 0 1, taken 1 0 0: scores 11, 10, 0; over
#   deal 2, dealer Vera, bids 0 0 1 (Anna blind), taken 1 0 1: scores 0, 10, 22; under
#   totals Boris 11, Vera 20, Anna 22: Anna wins.
GAME_B: dict[str, Any] = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": {"preset": "classic", "schedule": [1, 2]},
    "players": ["Boris", "Vera", "Anna"],
    "deals": [
        {"dealer": 0, "cards": 1, "trump": "7D", "bids": [1, 0, 1], "taken": [1, 0, 0]},
        {
            "dealer": 1,
            "cards": 2,
            "trump": None,
            "bids": [0, 0, 1],
            "blind": [False, False, True],
            "taken": [1, 0, 1],
        },
    ],
}

# Game C, one deal: dealer Anna, bids 0 0 0, taken 0 0 1: scores 10, 10, 0; under.
# Totals 10, 10, 0: Anna and Boris share the win.
GAME_C: dict[str, Any] = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": {"preset": "classic", "schedule": [1]},
    "players": ["Anna", "Boris", "Vera"],
    "deals": [{"dealer": 0, "cards": 1, "trump": None, "bids": [0, 0, 0], "taken": [0, 0, 1]}],
}

PLAYED_AT = {
    "A": datetime(2026, 1, 10, 19, 0, tzinfo=UTC),
    "B": datetime(2026, 2, 10, 19, 0, tzinfo=UTC),
    "C": datetime(2026, 3, 10, 19, 0, tzinfo=UTC),
}


def record(people, document: dict[str, Any], played_at: datetime | None = None) -> Game:
    content = json.dumps(document, ensure_ascii=False).encode()
    result = services.game_upload(club=people.club, content=content, user=people.scorer, played_at=played_at)
    assert result.game is not None, result.error
    return result.game


@pytest.fixture
def games(people) -> dict[str, Game]:
    return {
        name: record(people, document, PLAYED_AT[name])
        for name, document in (("A", GAME_A), ("B", GAME_B), ("C", GAME_C))
    }


def player(name: str) -> Player:
    return Player.objects.select_related("club").get(display_name=name)


def rate(attempts: int, made: int, value: float | None) -> dict[str, Any]:
    return {"attempts": attempts, "made": made, "rate": value}


def by_cards(**played: tuple[int, int, float | None]) -> list[dict[str, Any]]:
    """Hand sizes 1 to 15, unplayed ones with no attempts; ``c1=(attempts, made, rate)``."""
    return [{"cards": cards, **rate(*played.get(f"c{cards}", (0, 0, None)))} for cards in range(1, 16)]


def side(deals: int, score: int, per_deal: float | None, contracts: dict[str, Any]) -> dict[str, Any]:
    return {"deals": deals, "score": score, "per_deal": per_deal, "contracts": contracts}


# --- exact figures on the hand-written logs ------------------------------------------------


def test_anna_figures(games):
    anna = player("Anna")
    assert player_statistics(player=anna) == {
        "player": {"id": anna.pk, "display_name": "Anna", "club": "kozyr"},
        "games": 3,
        "table_wins": 2,  # B outright, C shared with Boris
        "deals": 6,
        # 10 - 10 + 10 (A) + 0 + 22 (B) + 10 (C) = 42; the renege penalty counts.
        "score": {"total": 42, "per_game": 14.0, "per_deal": 7.0},
        # A1 made, A2 annulled (not a contract), A3 made, B1 missed, B2 made, C1 made.
        "contracts": rate(5, 4, 0.8),
        "contracts_by_cards": by_cards(c1=(3, 2, 0.6667), c2=(2, 2, 1.0)),
        "zero_bids": rate(3, 3, 1.0),  # A1, A3, C1
        "blind_bids": rate(1, 1, 1.0),  # B2
        "bid_minus_taken": {
            "mean": 0.2,
            "overbid": 1,  # B1: bid 1, took 0
            "exact": 4,
            "underbid": 0,
            "distribution": [{"difference": 0, "contracts": 4}, {"difference": 1, "contracts": 1}],
        },
        "reneges": 1,
        "dealer": {
            "as_dealer": side(2, 20, 10.0, rate(2, 2, 1.0)),  # A1, C1
            "not_dealer": side(4, 22, 5.5, rate(3, 2, 0.6667)),  # A2 (-10), A3, B1, B2
        },
    }


def test_boris_figures(games):
    figures = player_statistics(player=player("Boris"))
    assert figures["games"] == 3
    assert figures["table_wins"] == 2  # A outright, C shared with Anna
    assert figures["score"] == {"total": 43, "per_game": 14.33, "per_deal": 7.17}
    # A1 (blind) made, A3 missed, B1 made, B2 missed, C1 made; A2 annulled though he took his 1.
    assert figures["contracts"] == rate(5, 3, 0.6)
    assert figures["contracts_by_cards"] == by_cards(c1=(3, 3, 1.0), c2=(2, 0, 0.0))
    assert figures["zero_bids"] == rate(2, 1, 0.5)  # B2 took 1, C1 made
    assert figures["blind_bids"] == rate(1, 1, 1.0)
    assert figures["bid_minus_taken"] == {
        "mean": 0.0,
        "overbid": 1,
        "exact": 3,
        "underbid": 1,
        "distribution": [
            {"difference": -1, "contracts": 1},
            {"difference": 0, "contracts": 3},
            {"difference": 1, "contracts": 1},
        ],
    }
    assert figures["reneges"] == 0
    assert figures["dealer"] == {
        "as_dealer": side(3, 11, 3.67, rate(2, 1, 0.5)),  # A2 (annulled), A3, B1
        "not_dealer": side(3, 32, 10.67, rate(3, 2, 0.6667)),  # A1, B2, C1
    }


def test_vera_figures(games):
    figures = player_statistics(player=player("Vera"))
    assert figures["table_wins"] == 0
    assert figures["score"] == {"total": 30, "per_game": 10.0, "per_deal": 5.0}
    assert figures["contracts"] == rate(5, 3, 0.6)
    assert figures["zero_bids"] == rate(5, 3, 0.6)  # every contract she bid was a zero
    assert figures["blind_bids"] == rate(0, 0, None)
    assert figures["bid_minus_taken"] == {
        "mean": -0.6,  # (-2 in A3, -1 in C1) over 5 contracts: she under-bids
        "overbid": 0,
        "exact": 3,
        "underbid": 2,
        "distribution": [
            {"difference": -2, "contracts": 1},
            {"difference": -1, "contracts": 1},
            {"difference": 0, "contracts": 3},
        ],
    }
    assert figures["dealer"]["as_dealer"] == side(1, 10, 10.0, rate(1, 1, 1.0))  # B2


def test_club_figures_and_balance(games, people):
    assert club_statistics(club=people.club) == {
        "club": {"slug": "kozyr", "name": "Клуб «Козырь»"},
        "played": {"games": 3, "deals": 6, "players": 3},
        # Per seat: 9 seat-games, 18 seat-deals, 42 + 43 + 30 points.
        "games": 9,
        "deals": 18,
        "score": {"total": 115, "per_game": 12.78, "per_deal": 6.39},
        "contracts": rate(15, 10, 0.6667),
        "contracts_by_cards": by_cards(c1=(9, 7, 0.7778), c2=(6, 3, 0.5)),
        "zero_bids": rate(10, 7, 0.7),
        "blind_bids": rate(2, 2, 1.0),
        "bid_minus_taken": {
            "mean": -0.13,  # (-2 - 1 - 1 + 1 + 1) / 15
            "overbid": 2,
            "exact": 10,
            "underbid": 3,
            "distribution": [
                {"difference": -2, "contracts": 1},
                {"difference": -1, "contracts": 2},
                {"difference": 0, "contracts": 10},
                {"difference": 1, "contracts": 2},
            ],
        },
        "reneges": 1,
        "dealer": {
            "as_dealer": side(6, 41, 6.83, rate(5, 4, 0.8)),
            "not_dealer": side(12, 74, 6.17, rate(10, 6, 0.6)),
        },
        # A: even, over (the annulled deal: its bidding happened), under; B: over, under; C: under.
        "balance": {
            "deals": 6,
            "over": 2,
            "under": 3,
            "even": 1,
            "by_cards": [
                {"cards": 1, "deals": 3, "over": 1, "under": 1, "even": 1},
                {"cards": 2, "deals": 3, "over": 1, "under": 2, "even": 0},
                *({"cards": c, "deals": 0, "over": 0, "under": 0, "even": 0} for c in range(3, 16)),
            ],
        },
    }


def test_no_games_means_no_rates(people):
    nobody = Player.objects.create(club=people.club, display_name="Зоя")
    figures = player_statistics(player=nobody)
    assert (figures["games"], figures["table_wins"], figures["deals"], figures["reneges"]) == (0, 0, 0, 0)
    assert figures["score"] == {"total": 0, "per_game": None, "per_deal": None}
    assert figures["contracts"] == rate(0, 0, None)
    assert figures["bid_minus_taken"] == {
        "mean": None,
        "overbid": 0,
        "exact": 0,
        "underbid": 0,
        "distribution": [],
    }
    assert club_statistics(club=people.club)["balance"]["deals"] == 0


# --- scope: dates, games, corrections -------------------------------------------------------


def test_dates_bound_the_games_after_inclusive_before_exclusive(games):
    anna = player("Anna")
    figures = player_statistics(player=anna, played_after=PLAYED_AT["B"], played_before=PLAYED_AT["C"])
    assert (figures["games"], figures["table_wins"], figures["reneges"]) == (1, 1, 0)  # B only
    assert figures["score"]["total"] == 22
    assert player_statistics(player=anna, played_before=PLAYED_AT["B"])["reneges"] == 1  # A only


def test_a_subset_of_games(games, people):
    anna = player("Anna")
    figures = player_statistics(player=anna, game_ids=[games["A"].pk])
    assert (figures["games"], figures["deals"], figures["reneges"]) == (1, 3, 1)
    assert figures["contracts"] == rate(2, 2, 1.0)
    club = club_statistics(club=people.club, game_ids=[games["B"].pk, games["C"].pk])
    assert club["played"] == {"games": 2, "deals": 3, "players": 3}
    assert (club["balance"]["over"], club["balance"]["under"], club["balance"]["even"]) == (1, 2, 0)


def test_a_correction_supersedes_the_old_report(games, people):
    game = games["C"]
    corrected = copy.deepcopy(GAME_C)
    corrected["deals"][0]["bids"] = [0, 0, 1]  # Vera bid 1 and made it: totals 10, 10, 11
    services.game_correct(
        game=game, content=json.dumps(corrected).encode(), user=people.scorer, reason="retyped"
    )
    game.refresh_from_db()
    assert game.totals == [10, 10, 11]
    assert AuditReport.objects.filter(game=game).count() == 2
    assert DealSeat.objects.filter(game=game).count() == 6  # the old report's rows are kept ...
    vera = player_statistics(player=player("Vera"))  # ... but only the current one counts
    assert (vera["games"], vera["deals"], vera["table_wins"]) == (3, 6, 1)
    assert vera["contracts"] == rate(5, 4, 0.8)
    assert vera["score"]["total"] == 41
    assert player_statistics(player=player("Anna"))["table_wins"] == 1  # no longer shares C
    balance = club_statistics(club=people.club)["balance"]
    assert balance["by_cards"][0] == {"cards": 1, "deals": 3, "over": 1, "under": 0, "even": 2}


def test_a_renege_follows_the_seat_to_its_player_in_the_current_report(games, people):
    """The correction re-seats game A (Anna now in seat 2): the renege is still hers."""
    moved = copy.deepcopy(GAME_A)
    moved["players"] = ["Boris", "Vera", "Anna"]
    for deal in moved["deals"]:
        deal["dealer"] = (deal["dealer"] - 1) % 3
        deal["bids"] = deal["bids"][1:] + deal["bids"][:1]
        if "blind" in deal:
            deal["blind"] = deal["blind"][1:] + deal["blind"][:1]
    services.game_correct(
        game=games["A"], content=json.dumps(moved).encode(), user=people.scorer, reason="seats"
    )
    assert GameSeat.objects.get(game=games["A"], seat=2).player.display_name == "Anna"
    assert player_statistics(player=player("Anna"))["reneges"] == 1
    assert player_statistics(player=player("Boris"))["reneges"] == 0


# --- agreement with the reports, on simulated games -----------------------------------------


def reference_counts(games: list[Game], name: str) -> dict[str, Any]:
    """The same figures counted in plain Python from the stored report documents."""
    counts: Counter[str] = Counter()
    differences: Counter[int] = Counter()
    balance: Counter[tuple[int, str]] = Counter()
    for game in games:
        report = AuditReport.objects.get(pk=game.current_report_id).report
        seat = report["players"].index(name)
        for deal in report["deals"]:
            balance[deal["cards"], deal["balance"]] += 1
            counts["deals"] += 1
            counts["score"] += deal["scores"][seat]
            bid, taken = deal["bids"][seat], deal["taken"][seat]
            if deal["annulled"] or bid is None:
                continue
            counts["attempts"] += 1
            counts["made"] += bid == taken
            counts["blind_attempts"] += deal["blind"][seat]
            counts["blind_made"] += deal["blind"][seat] and bid == taken
            differences[bid - taken] += 1
        counts["reneges"] += sum(
            1 for f in report["findings"] if f["code"] == "RENEGE_UNCORRECTED" and f["seat"] == seat
        )
        counts["wins"] += report["totals"][seat] == max(report["totals"])
    return {"counts": counts, "differences": differences, "balance": balance}


def test_figures_agree_with_the_reports_of_simulated_games(people):
    names = ["Anna", "Boris", "Vera"]
    games = [
        record(people, json.loads(game_bytes(seed, players=names, renege_rate=0.02, blind_rate=0.2)))
        for seed in range(1, 7)
    ]
    for name in names:
        expected = reference_counts(games, name)
        counts = expected["counts"]
        assert counts["reneges"], "these seeds give every player a renege ..."
        assert counts["blind_attempts"], "... and blind bids"
        figures = player_statistics(player=player(name))
        assert figures["deals"] == counts["deals"]
        assert figures["score"]["total"] == counts["score"]
        assert figures["table_wins"] == counts["wins"]
        assert (figures["contracts"]["attempts"], figures["contracts"]["made"]) == (
            counts["attempts"],
            counts["made"],
        )
        assert (figures["blind_bids"]["attempts"], figures["blind_bids"]["made"]) == (
            counts["blind_attempts"],
            counts["blind_made"],
        )
        assert figures["reneges"] == counts["reneges"]
        distribution = figures["bid_minus_taken"]["distribution"]
        assert {d["difference"]: d["contracts"] for d in distribution} == dict(expected["differences"])
    # The balance the engine announced for each deal, counted by hand size (15 cards at most).
    club = club_statistics(club=people.club)
    assert {
        (row["cards"], word): row[word]
        for row in club["balance"]["by_cards"]
        for word in ("over", "under", "even")
        if row[word]
    } == dict(expected["balance"])
    assert [row["cards"] for row in club["contracts_by_cards"]] == list(range(1, 16))


# --- a constant number of queries -------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 10])
def test_player_statistics_take_five_queries_whatever_the_games(people, django_assert_num_queries, count):
    for seed in range(count):
        record(
            people, json.loads(game_bytes(seed, players=["Anna", "Boris", "Vera", "Gleb"], blind_rate=0.1))
        )
    anna = player("Anna")  # with its club, as the view loads it
    # 1 seats and totals of the player's games (table wins); 2 the conditional aggregates;
    # 3 contracts by hand size; 4 contracts by bid − taken; 5 reneges.
    with django_assert_num_queries(5):
        figures = player_statistics(player=anna)
    assert figures["games"] == count


@pytest.mark.parametrize("count", [2, 10])
def test_club_statistics_take_six_queries_whatever_the_games(people, django_assert_num_queries, count):
    for seed in range(count):
        record(people, json.loads(game_bytes(seed, players=["Anna", "Boris", "Vera", "Gleb"])))
    # 1 games, seats and players; 2 the conditional aggregates; 3 contracts by hand size;
    # 4 contracts by bid − taken; 5 reneges; 6 the balance by hand size.
    with django_assert_num_queries(6):
        figures = club_statistics(club=people.club)
    assert figures["played"]["games"] == count


# --- the API ----------------------------------------------------------------------------------


def test_player_statistics_endpoint(api, people, games, django_assert_num_queries):
    anna = player("Anna")
    api.force_authenticate(people.member)
    # 1 the player and club; 2 the caller's role; 3-7 the figures.
    with django_assert_num_queries(7):
        response = api.get(f"/api/v1/players/{anna.pk}/statistics/")
    assert response.status_code == 200
    assert response.json() == json.loads(json.dumps(player_statistics(player=anna)))
    after = api.get(f"/api/v1/players/{anna.pk}/statistics/", {"played_after": "2026-02-01T00:00:00Z"})
    assert (after.json()["games"], after.json()["reneges"]) == (2, 0)  # B and C


def test_club_statistics_endpoint(api, people, games, django_assert_num_queries):
    api.force_authenticate(people.member)
    # 1 the club; 2 the caller's role; 3-8 the figures.
    with django_assert_num_queries(8):
        response = api.get("/api/v1/clubs/kozyr/statistics/")
    assert response.status_code == 200
    body = response.json()
    assert body["balance"]["by_cards"][0] == {"cards": 1, "deals": 3, "over": 1, "under": 1, "even": 1}
    before = api.get("/api/v1/clubs/kozyr/statistics/", {"played_before": "2026-02-01T00:00:00Z"})
    assert before.json()["played"] == {"games": 1, "deals": 3, "players": 3}  # A


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", 401),
        ("outsider", 403),  # an organiser, but of another club
        ("member", 200),
        ("scorer", 200),
        ("organiser", 200),
        ("superuser", 200),
    ],
)
def test_who_may_read_statistics(api, people, games, role, expected):
    if role != "anonymous":
        api.force_authenticate(getattr(people, role))
    anna = player("Anna")
    assert api.get(f"/api/v1/players/{anna.pk}/statistics/").status_code == expected
    assert api.get("/api/v1/clubs/kozyr/statistics/").status_code == expected


def test_malformed_dates_and_unknown_targets(api, people):
    api.force_authenticate(people.superuser)
    response = api.get("/api/v1/clubs/kozyr/statistics/", {"played_after": "last tuesday"})
    assert response.status_code == 400
    assert response.json()["error"]["path"] == "played_after"
    assert api.get("/api/v1/players/999999/statistics/").status_code == 404
    assert api.get("/api/v1/clubs/no-such-club/statistics/").status_code == 404


def test_the_schema_of_the_statistics_endpoints_has_no_warnings(tmp_path):
    """``--fail-on-warn`` raises on any warning drf-spectacular emits (for the whole API, these two included)."""
    call_command(
        "spectacular",
        "--api-version",
        "v1",
        "--fail-on-warn",
        "--validate",
        "--file",
        str(tmp_path / "statistics.yaml"),
    )
    schema = (tmp_path / "statistics.yaml").read_text()
    assert "/api/v1/players/{id}/statistics/" in schema
    assert "/api/v1/clubs/{slug}/statistics/" in schema
