"""Luck and skill in Oh Hell: per-deal rows and their summaries, over plain JSON-able values.

Issue 13: "A player dealt weak hands all night and a player who misjudged
strong ones can end with the same total." Each hand dealt gets its expected
tricks and expected score (:mod:`rules.ohhell.expected`); against them a
row sets what the player bid, took and scored:

- ``luck``: expected tricks less the table's average share, ``cards / n``
  (the tricks there are, split evenly): how much better than average the
  cards were.
- ``luck_points``: expected score less the mean expected score of the
  seats at that deal; it sums to zero over the table, deal by deal.
- ``bid_error``: bid less expected tricks (positive: over-bid).
- ``play``: tricks taken less expected tricks.
- ``adjusted_score``: score less luck points, "what the player would have
  scored with average cards"; over a table the adjusted scores add up to
  the real ones, so adjusting moves points between players and never
  creates them. Information beside the standings, never replacing them.

A row is made for every seat of every deal whose hands are known: logged
(``hands``), or read back from a complete card-by-card record (``tricks``
or ``events``, as the replay does it: :mod:`rules.ohhell.table`). Deals
with only a score sheet (``bids`` and ``taken``) have no cards to judge
and get no rows; nor do annulled deals (a renege not corrected in time:
"игра по сдаче аннулируется", nobody's contract counts, and the redeal
that replaces it is a deal of its own), nor deals whose logged cards are
not a proper deal (a card twice, a hand of the wrong size).

Estimates follow :func:`rules.ohhell.expected.expected_tricks`: by default
the other hands' cards are redealt among them (the issue's letter);
``stock=True`` redeals every card the player could not see. docs/analytics.md
explains every measure and its defaults.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, MutableMapping, Sequence
from typing import Any

from rules.cards import BIT, mask_of
from rules.ohhell.document import Deal, GameLog
from rules.ohhell.expected import DEFAULT_SAMPLES, ESTIMATOR_VERSION, Estimate, deal_estimates, deal_key
from rules.ohhell.table import infer_hands_from_events, infer_hands_from_tricks

__all__ = [
    "ANALYSIS_VERSION",
    "COLUMNS",
    "analyse_deals",
    "analyse_game",
    "club_summary",
    "dealt_hands",
    "player_summary",
]

#: Bumped whenever a row could change; it carries the estimator's version, so a new
#: estimator means new rows too.
ANALYSIS_VERSION = f"1+e{ESTIMATOR_VERSION}"

#: (row key, short English column label), in the order the CSV export and tables show them.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("deal", "Deal"),
    ("seat", "Seat"),
    ("player", "Player"),
    ("cards", "Cards"),
    ("trump", "Trump"),
    ("dealer", "Dealer"),
    ("bid", "Bid"),
    ("taken", "Taken"),
    ("made", "Made"),
    ("score", "Score"),
    ("expected", "Expected tricks"),
    ("low", "Expected low (95%)"),
    ("high", "Expected high (95%)"),
    ("exact", "Exact"),
    ("samples", "Playouts"),
    ("expected_score", "Expected score"),
    ("luck", "Luck (tricks)"),
    ("luck_points", "Luck (points)"),
    ("bid_error", "Bid error"),
    ("play", "Play"),
    ("adjusted_score", "Adjusted score"),
    ("balance", "Balance"),
)


def dealt_hands(deal: Deal, players: int, cards: int) -> list[int] | None:
    """The hands dealt (masks in seat order) if the log shows them as a proper deal, else ``None``.

    Logged ``hands`` first; else every card each seat played (or exposed, or took
    back) in a complete record of the play. A proper deal: ``cards`` cards in every
    hand, no card twice, the turned trump in no hand ("одна карта кладется на стол в
    открытом виде — это козырь").
    """
    hands: list[int]
    if deal.hands is not None:
        hands = [mask_of(hand) for hand in deal.hands]
    elif deal.tricks is not None:
        if len(deal.tricks) != cards:
            return None
        hands = infer_hands_from_tricks(deal.tricks, players, (deal.dealer + 1) % players, deal.trump)
    elif deal.events is not None:
        hands = infer_hands_from_events(deal.events, players)
    else:
        return None
    dealt = 0
    for hand in hands:
        if hand.bit_count() != cards or dealt & hand:
            return None
        dealt |= hand
    if deal.trump is not None and dealt & BIT[deal.trump]:
        return None
    return hands


def analyse_game(
    report: Mapping[str, Any],
    log: GameLog,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    stock: bool = False,
    estimates: MutableMapping[str, list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """One row per seat of every analysed deal of a replayed game (see the module's docstring).

    ``report`` is the replay's report object (``replay(log).as_dict()``): its deals
    follow the log's one for one. ``estimates``, when given, is a cache keyed by
    :func:`~rules.ohhell.expected.deal_key` holding each deal's per-seat
    :meth:`Estimate.as_dict` values: read when present, filled when not. ``samples``,
    ``seed`` and ``stock`` go to the estimator (:func:`~rules.ohhell.expected.expected_tricks`).
    """
    deals = analyse_deals(report, log, samples=samples, seed=seed, stock=stock, estimates=estimates)
    return [row for rows in deals for row in rows]


def analyse_deals(
    report: Mapping[str, Any],
    log: GameLog,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    stock: bool = False,
    estimates: MutableMapping[str, list[dict[str, Any]]] | None = None,
) -> Iterator[list[dict[str, Any]]]:
    """:func:`analyse_game` one deal at a time: for each deal of the report, in order, its rows
    (none for an annulled deal or one without its cards), each estimated only when asked for,
    so the caller can stop at a budget between two deals. The cache is filled as it goes."""
    deals = report["deals"]
    if len(deals) != len(log.deals):
        raise ValueError(f"the report has {len(deals)} deals but the log has {len(log.deals)}")
    players = log.players
    n = len(players)
    rules = log.ruleset
    for logged, result in zip(log.deals, deals, strict=True):
        if result["annulled"]:
            yield []
            continue
        cards = result["cards"]
        hands = dealt_hands(logged, n, cards)
        if hands is None:
            yield []
            continue
        leader = (logged.dealer + 1) % n
        key = deal_key(hands, logged.trump, leader, rules, samples=samples, seed=seed, stock=stock)
        stored = None if estimates is None else estimates.get(key)
        if stored is not None:
            found = [Estimate.from_dict(e) for e in stored]
        else:
            found = deal_estimates(
                hands, logged.trump, leader, rules, samples=samples, seed=seed, stock=stock
            )
            if estimates is not None:
                estimates[key] = [e.as_dict() for e in found]
        yield _deal_rows(result, players, found)


def _deal_rows(
    result: Mapping[str, Any], players: Sequence[str], found: list[Estimate]
) -> list[dict[str, Any]]:
    """The rows of one deal: the report's facts beside each seat's estimate."""
    n = len(players)
    cards = result["cards"]
    share = cards / n
    table_score = sum(e.score for e in found) / n
    rows = []
    for seat, estimate in enumerate(found):
        bid = result["bids"][seat]
        taken = result["taken"][seat]
        score = result["scores"][seat]
        luck_points = estimate.score - table_score
        rows.append(
            {
                "deal": result["deal"],
                "seat": seat,
                "player": players[seat],
                "cards": cards,
                "trump": result["trump"],
                "dealer": seat == result["dealer"],
                "bid": bid,
                "taken": taken,
                "made": bid is not None and bid == taken,
                "score": score,
                "expected": estimate.mean,
                "low": estimate.low,
                "high": estimate.high,
                "exact": estimate.exact,
                "samples": estimate.samples,
                "expected_score": estimate.score,
                "luck": estimate.mean - share,
                "luck_points": luck_points,
                "bid_error": None if bid is None else bid - estimate.mean,
                "play": taken - estimate.mean,
                "adjusted_score": score - luck_points,
                "balance": result["balance"],
            }
        )
    return rows


# --------------------------------------------------------------------------
# Summaries


def _mean(total: float, count: int) -> float | None:
    return total / count if count else None


def _bid_errors(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Mean absolute and mean signed bid error of the rows with a bid."""
    count = 0
    total_abs = 0.0
    total = 0.0
    for row in rows:
        error = row["bid_error"]
        if error is not None:
            count += 1
            total += error
            total_abs += abs(error)
    return {"contracts": count, "mean_abs": _mean(total_abs, count), "mean_signed": _mean(total, count)}


def _by_cards(rows: Iterable[Mapping[str, Any]]) -> dict[int, list[Mapping[str, Any]]]:
    groups: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row["cards"], []).append(row)
    return dict(sorted(groups.items()))


def player_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One player's rows (any number of games) summed up.

    ``luck``: mean tricks above the table's average share; ``luck_points``: their sum
    in points. ``bid_error``: over the contracts (rows with a bid), overall and by hand
    size (``bid_error_by_cards``, keyed by the number of cards as a string, JSON's own
    keys). ``play``: mean tricks taken less expected, for contracts made and missed
    apart (a made contract often means tricks declined; a missed one, tricks lost or
    forced). ``score`` and ``adjusted_score``: sums. Means of nothing are ``None``.
    """
    deals = len(rows)
    contracts = [row for row in rows if row["bid"] is not None]
    made = [row for row in contracts if row["made"]]
    missed = [row for row in contracts if not row["made"]]
    return {
        "deals": deals,
        "expected": _mean(sum(row["expected"] for row in rows), deals),
        "luck": _mean(sum(row["luck"] for row in rows), deals),
        "luck_points": sum(row["luck_points"] for row in rows),
        "bid_error": _bid_errors(rows),
        "bid_error_by_cards": {str(cards): _bid_errors(group) for cards, group in _by_cards(rows).items()},
        "play": {
            "made": {"contracts": len(made), "mean": _mean(sum(row["play"] for row in made), len(made))},
            "missed": {
                "contracts": len(missed),
                "mean": _mean(sum(row["play"] for row in missed), len(missed)),
            },
        },
        "score": sum(row["score"] for row in rows),
        "adjusted_score": sum(row["adjusted_score"] for row in rows),
        "contracts": len(contracts),
        "made": len(made),
        "made_rate": _mean(len(made), len(contracts)),
    }


def _made_rate(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    contracts = [row for row in rows if row["bid"] is not None]
    made = sum(1 for row in contracts if row["made"])
    return {"contracts": len(contracts), "made": made, "made_rate": _mean(made, len(contracts))}


def club_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A club's rows (every seat of the deals analysed, with the report's ``balance``) summed up.

    - ``by_cards``: how bidding changes with hand size: mean bid, mean expected
      tricks, mean bid less expected, made rate, by the number of cards (string keys).
    - ``dealer``: the made rate of dealers against the other seats, and the
      difference. Seed: "Сдатчик имеет преимущество последнего заказа" (the dealer
      bids last, knowing every other bid).
    - ``balance``: the share of deals whose bids summed over, under or even with the
      cards ("счетчик объявляет о завышении, занижении или балансе торговли по
      сдаче"); a deal is counted once, by its dealer's row.
    """
    by_cards: dict[str, Any] = {}
    for cards, group in _by_cards(rows).items():
        contracts = [row for row in group if row["bid"] is not None]
        count = len(contracts)
        by_cards[str(cards)] = {
            "rows": len(group),
            "mean_bid": _mean(sum(row["bid"] for row in contracts), count),
            "mean_expected": _mean(sum(row["expected"] for row in group), len(group)),
            "mean_bid_minus_expected": _mean(sum(row["bid_error"] for row in contracts), count),
            "made_rate": _made_rate(group)["made_rate"],
        }
    dealers = [row for row in rows if row["dealer"]]
    others = [row for row in rows if not row["dealer"]]
    dealer_rate = _made_rate(dealers)
    other_rate = _made_rate(others)
    advantage = (
        None
        if dealer_rate["made_rate"] is None or other_rate["made_rate"] is None
        else dealer_rate["made_rate"] - other_rate["made_rate"]
    )
    deals = len(dealers)
    balance: dict[str, Any] = {}
    for kind in ("over", "under", "even"):
        count = sum(1 for row in dealers if row["balance"] == kind)
        balance[kind] = {"deals": count, "share": _mean(count, deals)}
    return {
        "deals": deals,
        "by_cards": by_cards,
        "dealer": {"dealer": dealer_rate, "others": other_rate, "advantage": advantage},
        "balance": balance,
    }
