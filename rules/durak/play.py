"""The durak table: one game's state, bout by bout, in ints and bit masks.

The replay (rules.durak.replay) checks each logged event against this state and then applies
it; the simulator (rules.durak.simulate) asks it for the legal moves and applies the one it
picks. Both go through the same methods, so they cannot disagree about a rule.

The rules, from shared/seeds/004_8685814ad686c15f.txt ("Игры в дурака"), where the seed is
silent the common rules (docs/durak.md says which is which):

- A bout: the attacker opens with one card or several of one rank ("Первый заход можно
  делать любой картой или 2 и больше картами одного достоинства"); the defender is the next
  player clockwise still in the game.
- Adding cards: of a rank already on the table ("того же значения, что и та, которой игрок
  зашел; ... которой другой игрок отбился; ... которую подкинули"); in the simple game only
  the attacker ("карты отбивающему подкидывает только соперник"), in the throw-in game
  everybody but the defender ("это могут делать все участвующие в игре"), "право первым
  подбрасывать карты принадлежит игроку, чья очередь ходить" — the attacker first: another
  player may throw in once the attacker has passed on the ranks on the table (a ``pass``
  event) or has no card of them (:meth:`Table.attacker_has_priority`).
- The limit: "может заходить только с такого количества карт, которым располагает его
  соперник" — the cards still to beat never exceed the defender's hand; the common cap of six
  cards in a bout (``bout_limit``) and the optional five in the first bout.
- Defending: "отбить полученную карту старшей картой той же масти или козырем. Если отбить
  карту соперника нечем, игрок забирает ее себе" — each card beaten (rules.durak.core.beats),
  or all the table's cards taken. After a take the others may still throw in up to the limit
  (the common "вдогонку"; the seed is silent).
- Transfer (переводной): "может перевести игру следующему по часовой стрелке игроку, положив
  карту такого же значения, что и та, с которой был сделан ход" — before anything is beaten;
  with ``transfer_after_beat`` also after ("игрок отбил карту, а ему подбросили еще одну ...
  выкладывая ее, он переводит все карты"): the beaten pairs stay beaten, the cards still to
  beat and the transfer card go to the next player, who takes everything on the table if he
  takes. The new defender must hold at least as many cards as he has to beat (the limit), and
  the player who transferred is now the attacker (first to throw in and to draw).
- Blind (втемную): "Если игрок, который зашел, соглашается, карты отправляются в отбой, если
  нет – темную карту открывают ... Если карта отбита правильно, тот, кто не согласился,
  забирает эти карты себе, а ход переходит к тому, кто отбивался. Если карта отбита
  неправильно, карты забирает себе тот, кто отбивался, а ход переходит к следующему игроку по
  часовой стрелке." — agreed, the pair stands as beaten; turned, the bout ends there.
- After a bout: "Если карты отбиты, их откладывают в сторону и считают отбоем. Игроки, у
  которых на руках меньше 6 карт, добирают их из резерва. Первым берет игрок, который ходил,
  потом игроки по часовой стрелке, а последним – тот, кто отбивался." The next attacker (the
  seed is silent but for the blind game): the defender after a beaten bout, the player after
  him after a take — each time the next player still in the game.
- The end: a player without cards once the stock is empty is out; "Игрок, у которого в конце
  игры остались карты, считается проигравшим"; when the last cards run out together, "В игре
  допускается ничья" (``draw_rule``); in the two-deck game "Игрок, у которого оказывается 52
  карты и больше, проигрывает сразу" (``lose_at``).

Hands may be partly unknown: a log with the hands and the trump card but no stock order draws
unknown cards (``unknown[seat]`` counts them, ``unseen`` masks the cards whose place nobody
knows); a card played from an unknown slot is accepted when it is unseen.
"""

from __future__ import annotations

from typing import Any

from rules.durak.core import BASE, BEATERS, BIT, HAND_SIZE, RANK, beats, first_attackers, name
from rules.durak.ruleset import Ruleset

#: How a bout ended.
BEATEN, TAKEN, DOUBTER_TAKES = "beaten", "taken", "doubter"


class Table:
    """One game of durak in progress: hands, stock, the bout on the table, who is out.

    ``hands[s]`` is the mask of the cards seat ``s`` is known to hold, ``unknown[s]`` how many
    more it holds unseen, ``counts[s]`` the total. ``stock`` lists the cards still to draw, top
    first, None for one nobody knows; its last card is the turned trump.
    """

    __slots__ = (
        "attacker",
        "attacks",
        "blind_pending",
        "bout",
        "bout_attacker",
        "bout_defender",
        "bout_open",
        "counts",
        "covers",
        "declined",
        "defender",
        "discard",
        "draw_game",
        "fool",
        "hands",
        "jack",
        "last_defender",
        "lose_at",
        "lost_by_cards",
        "n",
        "out",
        "out_order",
        "over",
        "owners",
        "ruleset",
        "stock",
        "table_ranks",
        "taking",
        "trump",
        "trump_rank",
        "two",
        "uncovered",
        "unknown",
        "unseen",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        hands: list[int],
        stock: list[int | None],
        trump: int,
        trump_rank: int,
        unseen: int = 0,
    ) -> None:
        self.ruleset = ruleset
        self.n = len(hands)
        self.hands = list(hands)
        self.unknown = [0] * self.n
        self.counts = [h.bit_count() for h in hands]
        self.stock = stock
        self.unseen = unseen
        self.trump = trump
        self.trump_rank = trump_rank
        self.jack = ruleset.first_attack_jack
        self.two = ruleset.two_decks
        self.lose_at = ruleset.lose_at
        self.out = [False] * self.n
        self.out_order: list[list[int]] = []
        self.over = False
        self.fool: int | None = None
        self.draw_game = False
        self.lost_by_cards = False
        self.last_defender: int | None = None
        self.discard = 0
        self.bout = 0
        self.attacker = -1
        self.defender = -1
        self.bout_attacker = -1
        self.bout_defender = -1
        self._clear_bout()

    # -- the bout on the table ---------------------------------------------------------

    def _clear_bout(self) -> None:
        self.bout_open = False
        self.attacks: list[int] = []
        self.owners: list[int] = []
        self.covers: list[int] = []
        self.uncovered = 0
        self.table_ranks = 0
        self.taking = False
        self.declined = 0
        self.blind_pending: tuple[int, bool] | None = None

    def first_attackers(self) -> tuple[frozenset[int], int, bool]:
        """The seats that may open the game (rules.durak.core.first_attackers)."""
        return first_attackers(self.hands, self.trump, self.trump_rank, self.jack)

    def gone(self, seat: int) -> bool:
        """Whether ``seat`` is out: marked so after a bout, or without cards and nothing to draw."""
        return self.out[seat] or (not self.stock and self.counts[seat] == 0)

    def next_in_game(self, seat: int) -> int:
        """The next player clockwise after ``seat`` who still holds cards (or may draw)."""
        n = self.n
        s = (seat + 1) % n
        for _ in range(n - 1):
            if not self.gone(s):
                return s
            s = (s + 1) % n
        return seat

    def in_game(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def table_cards(self) -> list[int]:
        """Every card on the table: the attack cards and the cards that beat them."""
        return self.attacks + [c for c in self.covers if c >= 0]

    def bout_limit(self) -> int | None:
        """The cap on attack cards in this bout (None: only the defender's hand limits them)."""
        cap = self.ruleset.bout_limit
        first = self.ruleset.first_bout_limit
        if self.bout == 1 and first is not None:
            cap = first if cap is None else min(cap, first)
        return cap

    def room(self) -> int:
        """How many more cards may be added now: the defender's hand less the cards still to beat,
        and the bout's cap less the attack cards on the table."""
        free = self.counts[self.defender] - self.uncovered
        cap = self.bout_limit()
        if cap is not None:
            free = min(free, cap - len(self.attacks))
        return free

    # -- cards in hands ------------------------------------------------------------------

    def holds(self, seat: int, card: int) -> int:
        """The id of ``card`` (either copy) that ``seat`` may play, or -1.

        A known card first; else, when the seat holds unknown cards, a copy nobody is known to
        hold."""
        h = self.hands[seat]
        b = BASE[card]
        if h & BIT[b]:
            return b
        if self.two and h & BIT[b + 52]:
            return b + 52
        if self.unknown[seat]:
            u = self.unseen & (BIT[b] | (BIT[b + 52] if self.two else 0))
            if u:
                return (u & -u).bit_length() - 1
        return -1

    def remove(self, seat: int, card: int) -> int:
        """Take ``card`` out of ``seat``'s hand; its id, or -1 (then the hand is left as it is and
        the card's own id is returned by the caller's choice)."""
        c = self.holds(seat, card)
        if c < 0:
            return -1
        if self.hands[seat] & BIT[c]:
            self.hands[seat] ^= BIT[c]
        else:
            self.unseen ^= BIT[c]
            self.unknown[seat] -= 1
        self.counts[seat] -= 1
        return c

    def give(self, seat: int, cards: list[int]) -> None:
        """Put cards (known ids) in ``seat``'s hand."""
        h = self.hands[seat]
        for c in cards:
            h |= BIT[c]
        self.hands[seat] = h
        self.counts[seat] += len(cards)

    # -- opening and adding ----------------------------------------------------------------

    def open_bout(self, attacker: int) -> None:
        """A new bout: ``attacker`` attacks the next player still in the game."""
        self._clear_bout()
        self.bout += 1
        self.bout_open = True
        self.attacker = attacker
        self.bout_attacker = attacker
        self.defender = self.next_in_game(attacker)
        self.bout_defender = self.defender

    def put_attack(self, seat: int, card: int) -> None:
        """An attack card (opening, thrown in or transferred) on the table, uncovered."""
        self.attacks.append(card)
        self.owners.append(seat)
        self.covers.append(-1)
        self.uncovered += 1
        self.table_ranks |= 1 << RANK[card]

    def attacker_has_priority(self) -> bool:
        """Whether the attacker still has the first right to throw in: he holds a card of a rank on
        the table that he has not passed on, and there is room for another card."""
        a = self.attacker
        if self.gone(a) or self.room() <= 0:
            return False
        open_ranks = self.table_ranks & ~self.declined
        if not open_ranks:
            return False
        h = self.hands[a]
        while h:
            low = h & -h
            if open_ranks >> RANK[low.bit_length() - 1] & 1:
                return True
            h ^= low
        return False

    def may_throw(self, seat: int) -> bool:
        """Whether ``seat`` may add cards at all: the attacker, or anyone but the defender in the
        throw-in game; never a player who is out."""
        if seat == self.defender or self.gone(seat):
            return False
        return seat == self.attacker or self.ruleset.throw_in

    def throwable(self, seat: int) -> int:
        """The known cards of ``seat`` of a rank on the table."""
        h = self.hands[seat]
        out = 0
        ranks = self.table_ranks
        while h:
            low = h & -h
            if ranks >> RANK[low.bit_length() - 1] & 1:
                out |= low
            h ^= low
        return out

    # -- defending ---------------------------------------------------------------------------

    def cover(self, index: int, card: int) -> None:
        """``card`` covers the attack card at ``index``."""
        self.covers[index] = card
        self.uncovered -= 1
        self.table_ranks |= 1 << RANK[card]

    def find_uncovered(self, on: int | None, card: int) -> int:
        """The index of the uncovered attack card a beat covers: the one named ``on`` (either
        copy), else the first that ``card`` beats, else the first uncovered; -1 when none fits."""
        first = -1
        for i, a in enumerate(self.attacks):
            if self.covers[i] >= 0:
                continue
            if on is not None:
                if BASE[a] == BASE[on]:
                    return i
                continue
            if first < 0:
                first = i
            if beats(a, card, self.trump):
                return i
        return first

    def beaters(self, attack: int) -> int:
        """The defender's known cards that beat ``attack``."""
        return self.hands[self.defender] & BEATERS[self.trump + 1][attack]

    def transfer_target(self) -> int:
        """The player a transfer passes the bout to: the next clockwise after the defender still in
        the game."""
        return self.next_in_game(self.defender)

    def transfer_problem(self, card: int) -> tuple[str, dict[str, Any]] | None:
        """Why ``card`` cannot transfer the bout now, as the form of ILLEGAL_TRANSFER and its
        parameters (rules.durak.texts); None when it can."""
        rules = self.ruleset
        if not rules.transfer:
            return "no_transfer", {}
        if self.taking:
            return "taken", {}
        beaten = len(self.attacks) - self.uncovered
        if beaten and not rules.transfer_after_beat:
            return "after_beat", {}
        if not self.uncovered:
            return "nothing_to_beat", {}
        rank = RANK[card]
        for i, a in enumerate(self.attacks):
            if self.covers[i] < 0 and RANK[a] != rank:
                return "rank", {"other_card": name(a)}
        target = self.transfer_target()
        if target == self.defender:
            return "nobody", {}
        if self.counts[target] < self.uncovered + 1:
            return "too_few", {
                "target_seat": target,
                "to_beat": self.uncovered + 1,
                "held": self.counts[target],
            }
        return None

    def transfer(self, seat: int, card: int) -> None:
        """The defender lays ``card`` beside the attack and passes the bout on; he is now the attacker."""
        target = self.transfer_target()
        self.put_attack(seat, card)
        self.attacker = seat
        self.bout_attacker = seat
        self.defender = target
        self.bout_defender = target
        self.declined = 0

    # -- ending the bout -----------------------------------------------------------------------

    def close(self, outcome: str, taker: int | None = None) -> int:
        """End the bout: the cards to the discard (beaten) or to the taker; the seat whose turn it
        is to attack next (before skipping the players who are out)."""
        cards = self.table_cards()
        defender = self.defender
        self.last_defender = defender
        if outcome == BEATEN:
            self.discard += len(cards)
            nxt = defender
        elif outcome == DOUBTER_TAKES:
            assert taker is not None
            self.give(taker, cards)
            nxt = defender
        else:
            self.give(defender if taker is None else taker, cards)
            nxt = (defender + 1) % self.n
        self.bout_open = False
        self.taking = False
        self.attacks = []
        self.owners = []
        self.covers = []
        self.uncovered = 0
        return nxt

    def draw_order(self) -> list[int]:
        """Every seat from the bout's attacker clockwise, the defender last: «Первым берет игрок,
        который ходил, потом игроки по часовой стрелке, а последним – тот, кто отбивался»."""
        a, d, n = self.bout_attacker, self.bout_defender, self.n
        order = [a] if a != d else []
        s = (a + 1) % n
        for _ in range(n - 1):
            if s != d and s != a:
                order.append(s)
            s = (s + 1) % n
        order.append(d)
        return order

    def expected_draws(self) -> list[tuple[int, int]]:
        """The draws the rules give after the bout: (seat, cards) in order, up to six each while the
        stock lasts; seats drawing nothing are left out."""
        left = len(self.stock)
        out = []
        for s in self.draw_order():
            if not left:
                break
            k = min(max(HAND_SIZE - self.counts[s], 0), left)
            if k:
                out.append((s, k))
                left -= k
        return out

    def draw(self, seat: int, count: int) -> list[int | None]:
        """``seat`` draws ``count`` cards off the stock (fewer if it runs out); the slots drawn."""
        taken = self.stock[:count]
        del self.stock[:count]
        h = self.hands[seat]
        for c in taken:
            if c is None:
                self.unknown[seat] += 1
            else:
                h |= BIT[c]
        self.hands[seat] = h
        self.counts[seat] += len(taken)
        return taken

    def settle(self, next_attacker: int) -> None:
        """After the draws: who went out, whether the game is over, who attacks whom next."""
        counts = self.counts
        if self.lose_at is not None:
            for s in range(self.n):
                if counts[s] >= self.lose_at:
                    self._end(fool=s, by_cards=True)
                    return
        if not self.stock:
            gone = [s for s in range(self.n) if not self.out[s] and counts[s] == 0]
            for s in gone:
                self.out[s] = True
            if gone:
                self.out_order.append(gone)
            left = [s for s in range(self.n) if not self.out[s]]
            if len(left) == 1:
                self._end(fool=left[0])
                return
            if not left:
                if self.ruleset.draw_rule == "last-hand-fool" and self.last_defender is not None:
                    self._end(fool=self.last_defender)
                else:
                    self._end(fool=None)
                return
        self.attacker = next_attacker if not self.out[next_attacker] else self.next_in_game(next_attacker)
        self.defender = self.next_in_game(self.attacker)

    def _end(self, fool: int | None, by_cards: bool = False) -> None:
        self.over = True
        self.fool = fool
        self.draw_game = fool is None
        self.lost_by_cards = by_cards

    def lose_check(self) -> bool:
        """End the game the moment a take gives a player ``lose_at`` cards: «Игрок, у которого
        оказывается 52 карты и больше, проигрывает сразу»."""
        if self.lose_at is None:
            return False
        for s in range(self.n):
            if self.counts[s] >= self.lose_at:
                self._end(fool=s, by_cards=True)
                return True
        return False


def unseen_mask(deck: int, known: list[int]) -> int:
    """The deck's ids less the known ones."""
    out = deck
    for c in known:
        out &= ~BIT[c]
    return out


__all__ = ["BEATEN", "DOUBTER_TAKES", "TAKEN", "Table", "unseen_mask"]
