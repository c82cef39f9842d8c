"""The careful replay of one deal, event by event, with every irregularity of the seed.

Used for ``events`` deals and for any compact deal the fast path
(:mod:`rules.ohhell.play`) found irregular; speed does not matter here,
clarity and complete findings do. The state is what the table sees: the
bids so far and whose turn it is, the cards on the current trick by
position from its leader, each hand's unplayed cards and exposed cards.

When hands are not logged they are inferred as every card a seat played,
exposed or took back in the deal; with all tricks logged that is the whole
hand, so "held the led suit" means "played it later in the deal".
"""

from __future__ import annotations

from typing import Any

from rules.cards import BIT, NAME, SUIT_MASK, SUIT_OF, SUITS, cards_of, highest
from rules.ohhell.codes import Findings
from rules.ohhell.document import Event
from rules.ohhell.play import SEAT_ORDERS


def _winner_position(slots: list[int | None], trump: int | None) -> int:
    """Seed: "Взятку забирает игрок, который положит старший козырь, или старшую карту в масти
    карты первого хода": the position (from the leader) that takes a full trick."""
    trump_suit = -1 if trump is None else SUIT_OF[trump]
    led_suit = SUIT_OF[slots[0]]  # type: ignore[index]
    best_pos, best_power = 0, -1
    for pos, card in enumerate(slots):
        assert card is not None
        suit = SUIT_OF[card]
        power = card + 52 if suit == trump_suit else card if suit == led_suit else -1
        if power > best_power:
            best_pos, best_power = pos, power
    return best_pos


def infer_hands_from_tricks(
    tricks: tuple[tuple[int, ...], ...], n: int, leader: int, trump: int | None
) -> list[int]:
    """Each seat's cards as the tricks show them (up to the first trick of the wrong size)."""
    hands = [0] * n
    for trick in tricks:
        if len(trick) != n:
            break
        slots: list[int | None] = list(trick)
        for seat, card in zip(SEAT_ORDERS[n][leader], trick, strict=True):
            hands[seat] |= BIT[card]
        leader = (leader + _winner_position(slots, trump)) % n
    return hands


def infer_hands_from_events(events: tuple[Event, ...], n: int) -> list[int]:
    """Each seat's cards as the events show them: played, exposed or taken back."""
    hands = [0] * n
    for e in events:
        if e.kind != "bid":
            hands[e.seat] |= BIT[e.value]
    return hands


class Table:
    """One deal being replayed; findings go to ``findings`` as they are seen."""

    def __init__(
        self,
        *,
        findings: Findings,
        deal_no: int,
        dealer: int,
        cards: int,
        trump: int | None,
        dealt: list[int],
        hands_logged: bool,
    ) -> None:
        n = len(findings.players)
        self.f = findings
        self.names = findings.players
        self.n = n
        self.deal_no = deal_no
        self.dealer = dealer
        self.cards = cards
        self.trump = trump
        self.dealt = dealt
        self.hands_logged = hands_logged
        self.held = list(dealt)
        self.exposed = [0] * n
        # Where each card went out of the hands, for findings about duplicates: the seat and
        # trick it was played in, or None for the turned trump.
        self.gone: dict[int, tuple[int, int] | None] = {}
        # (a trump card in a logged hand has been reported with the hands already)
        if trump is not None and not (hands_logged and any(h & BIT[trump] for h in dealt)):
            self.gone[trump] = None
        # Bidding: "Торговлю начинает игрок, который сидит слева от сдатчика."
        self.bids: list[int | None] = [None] * n
        self.bid_turn: int | None = (dealer + 1) % n
        self.closer: list[int | None] = [None] * n
        self.playing = False
        # Play: "Игрок расположенный слева от сдатчика делает первый ход".
        self.leader = (dealer + 1) % n
        self.slots: list[int | None] = [None] * n
        self.renege: dict[int, int] = {}  # position -> a led-suit card the seat held
        # position -> the suit led when the seat reneged: the lead may be taken back later
        # (an illegal take-back, a finding of its own), and the renege still names its suit.
        self.renege_led: dict[int, int] = {}
        self.renege_from = n  # first position of a renege (corrected or not) in this trick
        self.trick_no = 1
        self.closed = 0
        self.taken = [0] * n
        self.reneged: list[int] = []

    # -- bidding -----------------------------------------------------------

    def bid(self, seat: int, value: int) -> None:
        """Seed: "Если игрок сделает заказ вне очереди, то этот заказ принимается, но очередь
        переходит к законному участнику. Если игрок сделает заявку в очередь и после этого
        попытается ее изменить, то это разрешается лишь в том случае, если следующий игрок
        не успел заказать." (an out-of-turn bid stands and the turn goes back; a bid may be
        changed only until the next player has bid)"""
        previous = self.bids[seat]
        if previous is not None:
            closer = self.closer[seat]
            if self.playing or (closer is not None and self.bids[closer] is not None):
                if self.playing or closer is None:
                    self._find("BID_CHANGE_TOO_LATE", seat=seat, form="playing", previous=previous, bid=value)
                else:
                    self._find(
                        "BID_CHANGE_TOO_LATE", seat=seat, previous=previous, bid=value, next_seat=closer
                    )
                return
            self.bids[seat] = value
            return
        if self.playing:
            self._find("BID_OUT_OF_TURN", seat=seat, form="playing", bid=value)
        elif seat != self.bid_turn and self.bid_turn is not None:
            self._find("BID_OUT_OF_TURN", seat=seat, bid=value, turn_seat=self.bid_turn)
        self.bids[seat] = value
        self.closer[seat] = self._next_unbid(seat)
        if seat == self.bid_turn:
            self.bid_turn = self._next_unbid(seat)

    def _next_unbid(self, seat: int) -> int | None:
        for step in range(1, self.n):
            other = (seat + step) % self.n
            if self.bids[other] is None:
                return other
        return None

    # -- play ----------------------------------------------------------------

    def to_play(self) -> int:
        """The seat whose turn it is: the first empty position, or the trick's winner."""
        for pos, card in enumerate(self.slots):
            if card is None:
                return (self.leader + pos) % self.n
        return (self.leader + _winner_position(self.slots, self.trump)) % self.n

    def play(self, seat: int, card: int) -> None:
        self.playing = True
        if None not in self.slots:
            self._close()
        if self.closed >= self.cards:
            self._find("WRONG_CARD_COUNT", seat=seat, card=card, form="after_last", cards=self.cards)
            return
        pos = self.slots.index(None)
        expected = (self.leader + pos) % self.n
        b = BIT[card]
        if seat != expected:
            # "Если игрок ... сделал любой ход вне своей очереди, то карта должна остаться
            # на столе в открытом виде для ее розыгрыша при первой возможности."
            self._find("PLAY_OUT_OF_TURN", seat=seat, card=card, trick=self.trick_no, expected_seat=expected)
            if self._check_card(seat, card, "played"):
                self.exposed[seat] |= b
            return
        self._check_card(seat, card, "played")
        held = self.held[seat]
        led_mask = 0 if pos == 0 else SUIT_MASK[SUIT_OF[self.slots[0]]]  # type: ignore[index]
        self._check_exposed(seat, card, held, led_mask)
        # "Следующий игрок по часовой стрелке должен класть карту в масть, если это возможно."
        if pos and not b & led_mask and held & led_mask:
            self.renege[pos] = highest(held & led_mask)
            self.renege_led[pos] = SUIT_OF[self.slots[0]]  # type: ignore[index]
            self.renege_from = min(self.renege_from, pos)
        self.slots[pos] = card
        self.held[seat] = held & ~b
        self.gone.setdefault(card, (seat, self.trick_no))

    def _check_card(self, seat: int, card: int, verb: str) -> bool:
        """Report a card the seat cannot have; true when it is in the seat's hand now."""
        if card in self.gone:
            gone = self.gone[card]
            if gone is None:
                self._find("DUPLICATE_CARD", seat=seat, card=card, trick=self.trick_no, form=f"{verb}_trump")
            else:
                self._find(
                    "DUPLICATE_CARD",
                    seat=seat,
                    card=card,
                    trick=self.trick_no,
                    form=f"{verb}_played",
                    other_seat=gone[0],
                    in_trick=gone[1],
                )
            return False
        b = BIT[card]
        if self.held[seat] & b:
            return True
        if not self.dealt[seat] & b:
            self._find("CARD_NOT_IN_HAND", seat=seat, card=card, trick=self.trick_no, form=verb)
        return False

    def _check_exposed(self, seat: int, card: int, held: int, led_mask: int) -> None:
        """Seed: "Вскрытая карта ... должна остаться на столе в открытом виде для ее розыгрыша
        при первой возможности": an exposed card must go at its first legal chance."""
        b = BIT[card]
        exposed = self.exposed[seat] & held
        if exposed and not b & exposed:
            legal = exposed & led_mask if held & led_mask else exposed
            for e in cards_of(legal):
                self._find(
                    "EXPOSED_CARD_NOT_PLAYED", seat=seat, card=e, trick=self.trick_no, played_card=NAME[card]
                )
            self.exposed[seat] &= ~legal
        self.exposed[seat] &= ~b

    def take_back(self, seat: int, card: int) -> None:
        """Seed: "Ренонс ... может быть исправлен до первого хода по следующей взятке. Любая карта,
        которая была положена на взятку после ренонса, может быть взята обратно без штрафа.
        Карта, которая была заменена ренонсировавшим игроком, считается вскрытой." (a renege may be corrected until the next lead;
        cards played after it may be taken back without penalty; the renege card becomes exposed)"""
        b = BIT[card]
        pos = (seat - self.leader) % self.n
        if self.slots[pos] != card:
            self._find("ILLEGAL_TAKE_BACK", seat=seat, card=card, trick=self.trick_no, form="not_on_trick")
            return
        if pos in self.renege:
            held = self.renege.pop(pos)
            led = SUITS[self.renege_led.pop(pos)]
            self._find(
                "RENEGE_CORRECTED",
                seat=seat,
                card=card,
                trick=self.trick_no,
                led_suit=led,
                held_card=NAME[held],
            )
            self.exposed[seat] |= b
        elif pos < self.renege_from:
            self._find("ILLEGAL_TAKE_BACK", seat=seat, card=card, trick=self.trick_no, form="not_renege")
            self.exposed[seat] |= b
        self.slots[pos] = None
        self.held[seat] |= b
        self.gone.pop(card, None)

    def expose(self, seat: int, card: int) -> None:
        """Seed: "Если игрок вскрыл карту с руки ..." the card stays face up until it can be played."""
        if self._check_card(seat, card, "exposed"):
            self.exposed[seat] |= BIT[card]

    def _close(self) -> None:
        """The next lead ends the time to correct a renege on the trick before it.

        "Если ренонс не был исправлен вовремя, то игра по сдаче аннулируется".
        """
        slots = self.slots
        for pos in sorted(self.renege):
            seat = (self.leader + pos) % self.n
            card = slots[pos]
            assert card is not None
            self._find(
                "RENEGE_UNCORRECTED",
                seat=seat,
                card=card,
                trick=self.trick_no,
                led_suit=SUITS[self.renege_led[pos]],
                held_card=NAME[self.renege[pos]],
            )
            if seat not in self.reneged:
                self.reneged.append(seat)
        if None not in slots:
            winner = (self.leader + _winner_position(slots, self.trump)) % self.n
            self.taken[winner] += 1
            self.closed += 1
            self.leader = winner
        self.slots = [None] * self.n
        self.renege = {}
        self.renege_led = {}
        self.renege_from = self.n
        self.trick_no += 1

    # -- drivers ---------------------------------------------------------------

    def run_events(self, events: tuple[Event, ...]) -> None:
        for e in events:
            if e.kind == "bid":
                self.bid(e.seat, e.value)
            elif e.kind == "play":
                self.play(e.seat, e.value)
            elif e.kind == "take_back":
                self.take_back(e.seat, e.value)
            else:
                self.expose(e.seat, e.value)
        for seat, bid in enumerate(self.bids):
            if bid is None:
                self._find("BID_MISSING", seat=seat)

    def run_tricks(self, tricks: tuple[tuple[int, ...], ...]) -> None:
        """Compact tricks: each card is played by whoever's turn it is."""
        for t, trick in enumerate(tricks, 1):
            if len(trick) != self.n:
                self._find("WRONG_CARD_COUNT", trick=t, form="trick_size", played=len(trick), players=self.n)
                break
            for card in trick:
                self.play(self.to_play(), card)

    def finish(self, *, all_tricks: bool) -> None:
        """End of the log for this deal: close the last trick; with ``all_tricks``, check
        that every trick was played."""
        if any(card is not None for card in self.slots):
            if None in self.slots:
                count = sum(card is not None for card in self.slots)
                self._find(
                    "WRONG_CARD_COUNT", trick=self.trick_no, form="trick_left", played=count, players=self.n
                )
            self._close()
        if all_tricks and self.closed != self.cards:
            self._find("WRONG_CARD_COUNT", form="complete", tricks=self.closed, cards=self.cards)

    def _find(
        self,
        code: str,
        *,
        seat: int | None = None,
        card: int | None = None,
        trick: int | None = None,
        **params: Any,
    ) -> None:
        self.f.add(
            code,
            deal=self.deal_no,
            trick=trick,
            seat=seat,
            card=None if card is None else NAME[card],
            **params,
        )
