"""Simulated durak games: random legal play for every variant, deterministic by seed.

For property tests, benchmarks and demo data, as the other games' simulators. A log is a
document in the JSON format of docs/durak-log.md. The simulator plays on the replay's own
table (rules.durak.play.Table, dealt by rules.durak.replay.deal_table), asking it for the
legal moves and applying the one it picks, so it cannot disagree with the replay about a rule;
its games replay with no finding (tests/rules/durak/test_properties.py).

The players, at random but legally:

- the attacker opens with a random card, sometimes with every card of its rank he holds
  (within the limits); the others add cards of the ranks on the table, the attacker first —
  when he does not, he passes (a ``pass`` event) before another may;
- the defender transfers when the variant and the cards allow it (half the time), beats each
  card with a random card that beats it (face down half the time in the blind game, then the
  attacker agrees or turns it), and takes when he cannot beat or, now and then, would rather not;
- draws are recorded half the time (``draw_rate``), with their cards when the log gives no stock;
  ``done`` is written after most bouts (a log may leave it out).
"""

from __future__ import annotations

import random
from typing import Any

from rules.cards import NAME
from rules.durak.core import BIT, HAND_SIZE, RANK, RANK_BITS, cards_of, deck_mask, name
from rules.durak.document import DurakDeal, sort_cards
from rules.durak.play import BEATEN, DOUBTER_TAKES, TAKEN, Table
from rules.durak.replay import deal_table
from rules.durak.ruleset import Ruleset, resolve_ruleset

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Daria", "Egor")


def simulate(
    seed: int = 0,
    *,
    players: int = 3,
    games: int = 1,
    ruleset: str | dict[str, Any] = "simple",
    stock: bool = True,
    draw_rate: float = 0.5,
    done_rate: float = 0.8,
    take_rate: float = 0.1,
    names: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """A log of ``games`` games at a table of ``players``; ``stock`` False logs the hands and the
    trump card only (the drawn cards then unknown, or given by the recorded draws)."""
    rng = random.Random(seed)  # noqa: S311 - a simulation, not cryptography
    rules = resolve_ruleset(ruleset, players)
    seats = tuple((names or NAMES)[:players])
    deals = []
    dealer = rng.randrange(players)
    for _ in range(games):
        deal, fool = simulate_game(
            rng,
            rules,
            players,
            dealer,
            stock=stock,
            draw_rate=draw_rate,
            done_rate=done_rate,
            take_rate=take_rate,
        )
        deals.append(deal)
        dealer = fool if fool is not None else rng.randrange(players)
    return {"game": "durak", "version": 1, "ruleset": ruleset, "players": list(seats), "deals": deals}


def _deck(rules: Ruleset) -> list[int]:
    return [c % 52 for c in cards_of(deck_mask(rules.deck, rules.copies))]


def simulate_game(
    rng: random.Random,
    rules: Ruleset,
    n: int,
    dealer: int,
    *,
    stock: bool = True,
    draw_rate: float = 0.5,
    done_rate: float = 0.8,
    take_rate: float = 0.1,
) -> tuple[dict[str, Any], int | None]:
    """One game dealt by ``dealer``: the deal's document and the fool (None for a draw)."""
    deck = _deck(rules)
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):  # one card at a time, clockwise from the dealer's left
        hands[(dealer + 1 + i) % n].append(deck[i])
    rest = deck[HAND_SIZE * n :]
    turned = None if rules.no_trump else (rest[-1] if rest else hands[dealer][-1])
    deal = DurakDeal(
        dealer=dealer, hands=tuple(sort_cards(h) for h in hands), stock=tuple(rest), trump=turned
    )
    table = deal_table(deal, rules)
    events: list[dict[str, Any]] = []
    bots = _Bots(rng, table, rules, events, stock, draw_rate, done_rate, take_rate)
    bots.play()
    doc: dict[str, Any] = {"dealer": dealer, "hands": [[NAME[c] for c in h] for h in deal.hands or ()]}
    if stock:
        doc["stock"] = [NAME[c] for c in rest]
    if turned is not None and not (stock and rest):
        doc["trump"] = NAME[turned]
    doc["events"] = events
    if table.draw_game:
        doc["draw"] = True
    else:
        doc["fool"] = table.fool
    return doc, table.fool


class _Bots:
    def __init__(
        self,
        rng: random.Random,
        table: Table,
        rules: Ruleset,
        events: list[dict[str, Any]],
        stock: bool,
        draw_rate: float,
        done_rate: float,
        take_rate: float,
    ) -> None:
        self.rng = rng
        self.t = table
        self.rules = rules
        self.events = events
        self.stock_logged = stock
        self.draw_rate = draw_rate
        self.done_rate = done_rate
        self.take_rate = take_rate

    def pick(self, mask: int) -> int:
        return self.rng.choice(cards_of(mask))

    def play(self) -> None:
        t = self.t
        seats, _rank, _trumpy = t.first_attackers()
        attacker = self.rng.choice(sorted(seats))
        guard = 0
        while not t.over:
            guard += 1
            if guard > 10_000:  # a safety net: a game ends long before
                raise RuntimeError("the simulated game does not end")
            self.bout(attacker)
            attacker = t.attacker

    def bout(self, attacker: int) -> None:
        t, rng = self.t, self.rng
        t.open_bout(attacker)
        opening = self.pick(t.hands[attacker])
        same = t.hands[attacker] & RANK_BITS[RANK[opening]] & ~BIT[opening]
        cards = [opening]
        room = t.room()
        if same and rng.random() < 0.4:
            for c in cards_of(same):
                if len(cards) < room:
                    cards.append(c)
        for c in cards:
            t.put_attack(attacker, t.remove(attacker, c))
        self.events.append({"event": "attack", "seat": attacker, "cards": [name(c) for c in cards]})
        while True:
            outcome = self.defend()
            if outcome is not None:
                self.finish(outcome)
                return
            if not self.throw_round():
                break
        if t.taking:
            self.finish(TAKEN)
        else:
            self.finish(BEATEN)

    def defend(self) -> tuple[str, int | None] | None:
        """The defender answers every card still to beat; a turned blind card ends the bout."""
        t, rng = self.t, self.rng
        while t.uncovered and not t.taking:
            d = t.defender
            if self.rules.transfer and rng.random() < 0.5 and self.try_transfer():
                continue
            index = next(i for i, c in enumerate(t.covers) if c < 0)
            attack = t.attacks[index]
            beaters = t.beaters(attack)
            if not beaters or rng.random() < self.take_rate:
                t.taking = True
                self.events.append({"event": "take", "seat": d})
                break
            card = self.pick(beaters)
            blind = self.rules.blind and rng.random() < 0.5
            t.cover(index, t.remove(d, card))
            self.events.append(
                {
                    "event": "blind-beat" if blind else "beat",
                    "seat": d,
                    "card": name(card),
                    "on": name(attack),
                }
            )
            if blind:
                owner = t.owners[index]
                answer = "agree" if rng.random() < 0.6 else "turn"
                self.events.append({"event": "challenge", "seat": owner, "answer": answer})
                if answer == "turn":
                    return (DOUBTER_TAKES, owner)
        return None

    def try_transfer(self) -> bool:
        t = self.t
        cap = t.bout_limit()
        if cap is not None and len(t.attacks) >= cap:
            return False
        d = t.defender
        rank = next(RANK[c] for i, c in enumerate(t.attacks) if t.covers[i] < 0)
        options = t.hands[d] & RANK_BITS[rank]
        if not options:
            return False
        card = self.pick(options)
        if t.transfer_problem(card) is not None:
            return False
        t.transfer(d, t.remove(d, card))
        self.events.append({"event": "transfer", "seat": d, "card": name(card)})
        return True

    def throw_round(self) -> bool:
        """One card added, the attacker having the first right; False when nobody adds one."""
        t, rng = self.t, self.rng
        if t.room() <= 0:
            return False
        a = t.attacker
        if t.may_throw(a):
            options = t.throwable(a)
            if options and rng.random() < 0.6:
                self.throw(a, self.pick(options))
                return True
            if t.attacker_has_priority():
                t.declined |= t.table_ranks
                self.events.append({"event": "pass", "seat": a})
        if not self.rules.throw_in:
            return False
        s = (a + 1) % t.n
        for _ in range(t.n - 1):
            if s != a and t.may_throw(s):
                options = t.throwable(s)
                if options and rng.random() < 0.5:
                    self.throw(s, self.pick(options))
                    return True
            s = (s + 1) % t.n
        return False

    def throw(self, seat: int, card: int) -> None:
        t = self.t
        t.put_attack(seat, t.remove(seat, card))
        self.events.append({"event": "throw-in", "seat": seat, "card": name(card)})

    def finish(self, outcome: tuple[str, int | None] | str) -> None:
        t, rng = self.t, self.rng
        if isinstance(outcome, tuple):
            kind, taker = outcome
        else:
            kind, taker = outcome, None
            if rng.random() < self.done_rate:
                self.events.append({"event": "done"})
        nxt = t.close(kind, taker)
        if t.lose_check():
            return
        expected = t.expected_draws()
        record = rng.random() < self.draw_rate
        for seat, k in expected:
            drawn = t.draw(seat, k)
            if record:
                ev: dict[str, Any] = {"event": "draw", "seat": seat}
                if not self.stock_logged and rng.random() < 0.5:
                    ev["cards"] = [name(c) for c in drawn if c is not None]
                else:
                    ev["count"] = k
                self.events.append(ev)
        t.settle(nxt)


__all__ = ["simulate", "simulate_game"]
