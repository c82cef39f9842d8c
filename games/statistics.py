"""Player and club statistics: reads over the per-deal rows (DealSeat) of each game's current report.

Only a game's current report counts: a correction or a re-audit adds a
report and moves ``Game.current_report``, and the older rows stay in the
database, superseded. Every figure comes from SQL aggregates, so a
player's statistics cost the same handful of queries for ten games or ten
thousand (the counts are pinned in tests/games/test_statistics.py).

Two families of figures, one rule each (docs/statistics.md says more):

- score figures follow the score sheet: every deal row counts, annulled
  deals included, because a renege penalty is part of the game's total;
- contract figures count only contracts that stood: a bid was made and the
  deal was not annulled ("A renege not corrected in time annuls the deal:
  nobody scores it", shared/spec/ohhell-log.md).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime
from typing import Any, Literal, TypedDict

from django.db import connections
from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from games.models import Club, DealSeat, Finding, Game, GameSeat, Player
from rules import registry

RENEGE = "RENEGE_UNCORRECTED"
HAND_SIZES = range(1, 16)  # the classic schedule's longest deal has 15 cards (3 players)
RATE_DIGITS = 4
AVERAGE_DIGITS = 2

# A contract stood when it was bid and the deal was not annulled; it was made when taken == bid.
CONTRACT = Q(annulled=False, bid__isnull=False)
MADE = CONTRACT & Q(bid=F("taken"))
# The sign of (sum of bids − cards), as the scorekeeper announces it.
BALANCE_WORDS: dict[int, Literal["over", "under", "even"]] = {1: "over", -1: "under", 0: "even"}
AS_DEALER = Q(dealer=True)
NOT_DEALER = Q(dealer=False)


# --- the shapes returned ---------------------------------------------------------


class Rate(TypedDict):
    """Contracts attempted and made; ``rate`` is made / attempts, None when nothing was attempted."""

    attempts: int
    made: int
    rate: float | None


class HandSizeRate(Rate):
    cards: int


class Score(TypedDict):
    total: int
    per_game: float | None
    per_deal: float | None


class Difference(TypedDict):
    difference: int
    contracts: int


class BidMinusTaken(TypedDict):
    """Over- and under-bidding: positive differences took fewer tricks than bid."""

    mean: float | None
    overbid: int
    exact: int
    underbid: int
    distribution: list[Difference]


class DealerSide(TypedDict):
    deals: int
    score: int
    per_deal: float | None
    contracts: Rate


class Dealing(TypedDict):
    as_dealer: DealerSide
    not_dealer: DealerSide


class Figures(TypedDict):
    games: int
    deals: int
    score: Score
    contracts: Rate
    contracts_by_cards: list[HandSizeRate]
    zero_bids: Rate
    blind_bids: Rate
    bid_minus_taken: BidMinusTaken
    reneges: int
    dealer: Dealing


class PlayerRef(TypedDict):
    id: int
    display_name: str
    club: str


class PlayerStatistics(Figures):
    player: PlayerRef
    table_wins: int


class ClubRef(TypedDict):
    slug: str
    name: str


class Played(TypedDict):
    """What the club played, counted once per game and per deal (not per seat)."""

    games: int
    deals: int
    players: int


class BalanceRow(TypedDict):
    deals: int
    over: int
    under: int
    even: int


class BalanceBySize(BalanceRow):
    cards: int


class Balance(BalanceRow):
    by_cards: list[BalanceBySize]


class ClubStatistics(Figures):
    club: ClubRef
    played: Played
    balance: Balance


# --- selectors -----------------------------------------------------------------------


def player_statistics(
    *,
    player: Player,
    played_after: datetime | None = None,
    played_before: datetime | None = None,
    game_ids: Collection[int] | None = None,
) -> PlayerStatistics:
    """A player's figures over their club's games in the scope. Five queries, whatever the data
    (one more when ``player.club`` was not loaded with the player).

    A table win is the highest total of a game (``Game.totals``, seat-indexed);
    a shared top total is a win for each player who shares it. Reneges are matched
    to the player through the game's seats, which follow its current revision.
    """
    games = games_in_scope(
        club_id=player.club_id, played_after=played_after, played_before=played_before, game_ids=game_ids
    )
    # Query 1: the player's seat and the game's totals, one row per game they sat in.
    seats = list(
        GameSeat.objects.filter(player=player, game__in=games).order_by().values_list("seat", "game__totals")
    )
    table_wins = sum(1 for seat, totals in seats if totals and totals[seat] == max(totals))
    rows = DealSeat.objects.filter(player=player, report_id__in=games.values("current_report_id"))
    reneges = Finding.objects.filter(
        code=RENEGE,
        report_id__in=games.values("current_report_id"),
        game__seats__player=player,
        game__seats__seat=F("seat"),
    )
    figures = _figures(rows=rows, reneges=reneges, games=len(seats))  # queries 2 to 5
    return {
        "player": {"id": player.pk, "display_name": player.display_name, "club": player.club.slug},
        "table_wins": table_wins,
        **figures,
    }


def club_statistics(
    *,
    club: Club,
    played_after: datetime | None = None,
    played_before: datetime | None = None,
    game_ids: Collection[int] | None = None,
) -> ClubStatistics:
    """The club's figures, as if one player had sat in every seat of every game; plus the balance.

    So ``games`` and ``deals`` count seats (a 4-player game is 4 games),
    and averages are what a seat scores; ``played`` counts the games and
    deals themselves. Six queries, whatever the data.
    """
    games = games_in_scope(
        club_id=club.pk, played_after=played_after, played_before=played_before, game_ids=game_ids
    )
    # Query 1: games, seats and players in the scope.
    counts = GameSeat.objects.filter(game__in=games).aggregate(
        games=Count("game", distinct=True), seats=Count("id"), players=Count("player", distinct=True)
    )
    reports = games.values("current_report_id")
    rows = DealSeat.objects.filter(report_id__in=reports)
    reneges = Finding.objects.filter(code=RENEGE, report_id__in=reports)
    figures = _figures(rows=rows, reneges=reneges, games=counts["seats"])  # queries 2 to 5
    balance = _balance(rows)  # query 6
    return {
        "club": {"slug": club.slug, "name": club.name},
        "played": {"games": counts["games"], "deals": balance["deals"], "players": counts["players"]},
        **figures,
        "balance": balance,
    }


def games_in_scope(
    *,
    club_id: int,
    played_after: datetime | None = None,
    played_before: datetime | None = None,
    game_ids: Collection[int] | None = None,
) -> QuerySet[Game]:
    """The club's games the statistics read: ``played_after`` inclusive, ``played_before`` exclusive.

    The same bounds as the game list's filters, so a list and its figures agree.
    Only games whose rules give per-seat deal rows (bids and tricks taken;
    ``registry.games_with_deal_rows``) count: these figures are made of them,
    and a rubber bridge session has none.
    """
    games = Game.objects.filter(club_id=club_id, game_type__in=registry.games_with_deal_rows())
    if played_after is not None:
        games = games.filter(played_at__gte=played_after)
    if played_before is not None:
        games = games.filter(played_at__lt=played_before)
    if game_ids is not None:
        games = games.filter(pk__in=list(game_ids))
    return games.order_by()


# --- the shared figures --------------------------------------------------------------


def _figures(*, rows: QuerySet[DealSeat], reneges: QuerySet[Finding], games: int) -> Figures:
    """Everything a player and a club share, in four queries over the given deal rows."""
    rows = rows.order_by()
    # Query: one pass of conditional aggregates over every row.
    sums = rows.aggregate(
        deals=Count("id"),
        points=Coalesce(Sum("score"), 0),  # not "score": an alias may not shadow the field
        attempts=Count("id", filter=CONTRACT),
        made=Count("id", filter=MADE),
        zero_attempts=Count("id", filter=CONTRACT & Q(bid=0)),
        zero_made=Count("id", filter=MADE & Q(bid=0)),
        blind_attempts=Count("id", filter=CONTRACT & Q(blind=True)),
        blind_made=Count("id", filter=MADE & Q(blind=True)),
        dealer_deals=Count("id", filter=AS_DEALER),
        dealer_points=Coalesce(Sum("score", filter=AS_DEALER), 0),
        dealer_attempts=Count("id", filter=CONTRACT & AS_DEALER),
        dealer_made=Count("id", filter=MADE & AS_DEALER),
        other_deals=Count("id", filter=NOT_DEALER),
        other_points=Coalesce(Sum("score", filter=NOT_DEALER), 0),
        other_attempts=Count("id", filter=CONTRACT & NOT_DEALER),
        other_made=Count("id", filter=MADE & NOT_DEALER),
    )
    # Query: contracts by hand size.
    by_cards = {
        row["cards"]: (row["attempts"], row["made"])
        for row in rows.filter(CONTRACT)
        .values("cards")
        .annotate(attempts=Count("id"), made=Count("id", filter=Q(bid=F("taken"))))
    }
    # Query: contracts by bid − taken.
    differences: dict[int, int] = dict(
        rows.filter(CONTRACT)
        .annotate(difference=F("bid") - F("taken"))
        .values("difference")
        .annotate(contracts=Count("id"))
        .values_list("difference", "contracts")
    )
    # Query: reneges not corrected in time (one finding per renege).
    renege_count = reneges.order_by().count()
    return {
        "games": games,
        "deals": sums["deals"],
        "score": {
            "total": sums["points"],
            "per_game": _average(sums["points"], games),
            "per_deal": _average(sums["points"], sums["deals"]),
        },
        "contracts": _rate(sums["attempts"], sums["made"]),
        "contracts_by_cards": [
            {"cards": cards, **_rate(*by_cards.get(cards, (0, 0)))} for cards in _hand_sizes(by_cards)
        ],
        "zero_bids": _rate(sums["zero_attempts"], sums["zero_made"]),
        "blind_bids": _rate(sums["blind_attempts"], sums["blind_made"]),
        "bid_minus_taken": _bid_minus_taken(differences),
        "reneges": renege_count,
        "dealer": {
            "as_dealer": _dealer_side(sums, "dealer"),
            "not_dealer": _dealer_side(sums, "other"),
        },
    }


def _balance(rows: QuerySet[DealSeat]) -> Balance:
    """How often a deal's bids summed over, under or even with its cards, by hand size.

    Seed: "Счетчик объявляет о завышении, занижении или балансе торговли по
    сдаче". Two levels of aggregation: the ORM groups the rows by deal
    (sum of bids; missing bids count as none, as in
    rules.ohhell.scoring.balance), and one plain SQL statement around that
    query counts the deals by hand size and sign. A correlated subquery per
    deal would stay in the ORM but took 3.5 times as long (1,500 games on
    PostgreSQL). Annulled deals count: the bidding happened before the renege.
    """
    per_deal = (
        rows.order_by()
        .values("report_id", "deal")
        .annotate(bids_sum=Coalesce(Sum("bid"), 0), hand=Max("cards"))
        .values("bids_sum", "hand")
    )
    inner, params = per_deal.query.sql_with_params()
    # Query: deals per hand size and sign of (bids − cards). The inner SQL is Django's own, with
    # its parameters passed separately, so nothing from a request is pasted into the statement.
    sign_sql = "CASE WHEN bids_sum > hand THEN 1 WHEN bids_sum < hand THEN -1 ELSE 0 END"
    sql = f"SELECT hand, {sign_sql}, COUNT(*) FROM ({inner}) per_deal GROUP BY 1, 2"  # noqa: S608
    with connections[rows.db].cursor() as cursor:
        cursor.execute(sql, params)
        counted: list[tuple[int, int, int]] = cursor.fetchall()
    found: dict[int, BalanceBySize] = {}
    for cards, sign, deals in counted:
        row = found.setdefault(cards, {"cards": cards, "deals": 0, "over": 0, "under": 0, "even": 0})
        row["deals"] += deals
        row[BALANCE_WORDS[sign]] += deals
    by_cards = [
        found.get(cards, {"cards": cards, "deals": 0, "over": 0, "under": 0, "even": 0})
        for cards in _hand_sizes(found)
    ]
    return {
        "deals": sum(row["deals"] for row in by_cards),
        "over": sum(row["over"] for row in by_cards),
        "under": sum(row["under"] for row in by_cards),
        "even": sum(row["even"] for row in by_cards),
        "by_cards": by_cards,
    }


# --- arithmetic ----------------------------------------------------------------------


def _hand_sizes(seen: Iterable[int]) -> list[int]:
    """1 to 15 always (a table of figures keeps its rows), plus any longer deal a club agreed on."""
    return sorted({*HAND_SIZES, *seen})


def _rate(attempts: int, made: int) -> Rate:
    return {
        "attempts": attempts,
        "made": made,
        "rate": round(made / attempts, RATE_DIGITS) if attempts else None,
    }


def _average(total: int, count: int) -> float | None:
    return round(total / count, AVERAGE_DIGITS) if count else None


def _bid_minus_taken(differences: dict[int, int]) -> BidMinusTaken:
    contracts = sum(differences.values())
    signed = sum(difference * n for difference, n in differences.items())
    return {
        "mean": round(signed / contracts, AVERAGE_DIGITS) if contracts else None,
        "overbid": sum(n for difference, n in differences.items() if difference > 0),
        "exact": differences.get(0, 0),
        "underbid": sum(n for difference, n in differences.items() if difference < 0),
        "distribution": [
            {"difference": difference, "contracts": n} for difference, n in sorted(differences.items())
        ],
    }


def _dealer_side(sums: dict[str, Any], prefix: str) -> DealerSide:
    deals, score = sums[f"{prefix}_deals"], sums[f"{prefix}_points"]
    return {
        "deals": deals,
        "score": score,
        "per_deal": _average(score, deals),
        "contracts": _rate(sums[f"{prefix}_attempts"], sums[f"{prefix}_made"]),
    }
