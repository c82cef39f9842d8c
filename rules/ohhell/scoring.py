"""Scoring a deal: contracts made or missed, blind bids, annulled deals, the balance."""

from __future__ import annotations

from collections.abc import Sequence

from rules.ohhell.ruleset import Ruleset


def contract_points(rules: Ruleset, cards: int, bid: int | None, taken: int, blind: bool) -> int:
    """Points for one contract.

    "Любой игрок для выигрыша должен получить именно столько взяток, сколько он заказал"
    (only exactly the tricks bid makes the contract). "Каждый игрок, который выполнит свое обязательство по взятию числу объявленных
    взяток (контракт), получает 10 очков плюс очки по контракту." (made: the bonus plus
    the tricks bid); "Банкротам очки не записывают" (missed, over or under: ``failed``).
    A zero bid made scores ``nil_made`` (Примечание: 5 + the cards, in classic-nil5);
    a contract bid blind and made scores ``blind_multiplier`` times its points.
    """
    if bid is None or bid != taken:
        return rules.failed
    points = rules.nil_points(cards) if bid == 0 else rules.made_bonus + rules.per_trick * bid
    return points * rules.blind_multiplier if blind else points


def deal_scores(
    rules: Ruleset,
    cards: int,
    bids: Sequence[int | None],
    taken: Sequence[int],
    blind: Sequence[bool] | None,
) -> list[int]:
    """Every seat's points for a deal that stands (:func:`contract_points`, inlined: it runs
    once per deal on the replay's hot path, and a plain loop beats a comprehension there)."""
    failed = rules.failed
    made = rules.made_bonus
    per_trick = rules.per_trick
    nil = rules.nil_points(cards)
    scores = []
    for bid, took in zip(bids, taken):  # noqa: B905 -- seat-indexed, same length
        if bid != took or bid is None:
            scores.append(failed)
        else:
            scores.append(nil if bid == 0 else made + per_trick * bid)
    if blind is not None and True in blind:
        multiplier = rules.blind_multiplier
        for seat, (bid, took) in enumerate(zip(bids, taken, strict=True)):
            if blind[seat] and bid == took:
                scores[seat] *= multiplier
    return scores


def annulled_scores(rules: Ruleset, n: int, reneged: Sequence[int]) -> list[int]:
    """An annulled deal scores nothing, "Со счета игрока, который сделал ренонс, снимается
    10 очков" (each seat that reneged loses the penalty once)."""
    scores = [0] * n
    for seat in reneged:
        scores[seat] = -rules.renege_penalty
    return scores


def balance(bids: Sequence[int | None], cards: int) -> str:
    """Seed: "Счетчик объявляет о завышении, занижении или балансе торговли по сдаче":
    ``over``, ``under`` or ``even`` as the bids sum to more, fewer or the cards."""
    total = 0
    for bid in bids:
        if bid is not None:
            total += bid
    return "over" if total > cards else "under" if total < cards else "even"
