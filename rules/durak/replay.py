"""The durak replay: every game of a log event by event on the table of rules.durak.play, each
event checked, the fool found (docs/durak-log.md).

:func:`replay` never raises for a parsed log and never stops at a finding: a card the player
does not hold still goes on the table, a beat that does not beat still covers, a wrong
attacker still attacks, recorded draws are followed as the table made them. Each finding
names the game, the bout and the event's index and JSON path (rules.durak.codes).

Decisions (docs/durak-log.md, "Replay"):

- **Closing a bout.** ``done`` ends it (the cards beaten go out; after a ``take`` the defender
  picks everything up); an ``attack``, a ``draw`` or the end of the log closes it too, without
  a finding, when everything is beaten or taken. Attack cards left neither beaten nor taken
  are ``BOUT_ENDED_UNBEATEN`` and taken by the defender.
- **Draws.** Not recorded: the replay draws as the seed says (the attacker first, clockwise,
  the defender last, up to six each). Recorded (``draw`` events right after the bout): checked
  against that order (``WRONG_DRAW_ORDER``) and counts (``WRONG_DRAW_COUNT``, a seat left out
  included), then followed as recorded; a seat the record left out draws as the rules say.
  With the stock's order known, recorded cards must be its next cards (``WRONG_DRAW_CARDS``;
  the stock is followed).
- **The first attack** of every game goes to the lowest (highest) trump, by the seed, for
  the first game and the later ones alike; tied holders may each lead. **The dealer** of a
  game after a fool is the fool ("сдавать будет тот игрок, у которого на руках останутся
  карты"); after a draw, or an unknown fool, any dealer.
- **A blind beat** waits for the answer of the player whose card it covers; another event
  instead is ``CHALLENGE_MISSING`` and the beat stands as agreed.
- **The arbiter's ruling** (``arbiter``, docs/arbiter.md; docs/durak.md "The arbiter's
  rulings") is applied after the game's play is replayed: the play's findings stay, the
  result findings (``FOOL_MISMATCH``, ``RESULT_NOT_REPLAYED``, ``GAME_INCOMPLETE``) give way
  to an annulment or an assigned result. An annulled game is dealt again by its dealer (the
  next game dealt by him is its ``redeal``); after an assigned result the assigned fool deals.
  Either way the dealer the game had without the ruling is accepted too (the table played on
  before the ruling). Durak has no penalties: a seat in ``waive``/``confirm`` is
  ``RULING_NOT_APPLICABLE``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.durak.codes import Findings
from rules.durak.core import (
    BASE,
    BIT,
    HAND_SIZE,
    RANK,
    SUIT,
    beats,
    cards_of,
    deck_mask,
    lowest_trump_leads,
    name,
    rank_text,
    suit_text,
)
from rules.durak.document import AssignedResult, DurakDeal, DurakLog, DurakRuling, Event, event_document
from rules.durak.play import BEATEN, DOUBTER_TAKES, TAKEN, Table
from rules.durak.report import GameReport, Report
from rules.durak.ruleset import Ruleset, resolve_ruleset

Trace = list[dict[str, Any]]


def replay(log: DurakLog) -> Report:
    """Replay a parsed log; the report with every game and every finding.

    Raises MalformedDocument only for a ruleset the log names wrongly (the package's ``parse``
    refuses those first).
    """
    n = len(log.players)
    ruleset = resolve_ruleset(log.ruleset, n)
    findings = Findings(log.players)
    games: list[GameReport] = []
    previous: GameReport | None = None
    deals = log.deals
    count = len(deals)
    for number, deal in enumerate(deals, start=1):
        redeal = _check_dealer(number, deal, previous, findings)
        previous = run_game(
            number, deal, ruleset, findings, following=deals[number] if number < count else None
        )
        if redeal:
            previous.redeal = True
        games.append(previous)
    return Report(ruleset=ruleset, players=log.players, deals=games, findings=list(findings))


def _check_dealer(number: int, deal: DurakDeal, previous: GameReport | None, f: Findings) -> bool:
    """«В дальнейшем сдавать будет тот игрок, у которого на руках останутся карты»: the fool of
    the game before deals; after a draw or an unknown fool anyone. After an arbiter's ruling
    (:func:`_check_dealer_after_ruling`) the ruling says who. True when this game is the
    redeal of an annulled game."""
    if previous is None:
        return False
    if previous.before_ruling is not None:
        return _check_dealer_after_ruling(number, deal, previous, f)
    if previous.fool is not None and deal.dealer != previous.fool:
        f.at(
            "WRONG_DEALER",
            game=number,
            seat=deal.dealer,
            previous_game=previous.deal,
            fool_seat=previous.fool,
        )
    return False


def _check_dealer_after_ruling(number: int, deal: DurakDeal, previous: GameReport, f: Findings) -> bool:
    """After an annulled game its dealer deals again (the redeal); after an assigned result the
    assigned fool deals (anyone after an assigned draw). The dealer the game had without the
    ruling — its fool as played or recorded, anyone after a draw — is accepted as well: the
    table played on before the ruling was made."""
    if previous.annulled:
        if deal.dealer == previous.dealer:
            return True
        form, wanted = "annulled", previous.dealer
    else:
        if previous.fool is None or deal.dealer == previous.fool:
            return False
        form, wanted = "assigned", previous.fool
    assert previous.before_ruling is not None
    table_fool = previous.before_ruling["fool"]
    if table_fool is None or deal.dealer == table_fool:
        return False
    f.at(
        "WRONG_DEALER",
        game=number,
        seat=deal.dealer,
        form=form,
        previous_game=previous.deal,
        wanted_seat=wanted,
        table_fool_seat=table_fool,
    )
    return False


def _settles_result(ruling: DurakRuling | None) -> bool:
    """Whether the arbiter decides the game's result (an annulment or an assigned result), so
    the result as played or recorded is not checked."""
    return ruling is not None and (ruling.annul or ruling.score is not None)


def _assigned_form(result: AssignedResult) -> tuple[str, dict[str, Any]]:
    """How an assigned result is said: its form (``fool``, ``draw``, ``places``,
    ``places_draw``) and its parameters (the fool's seat, the places by seat)."""
    fool, draw, places = result.outcome()
    if places is not None:
        return ("places" if fool is not None else "places_draw"), {
            "fool_seat": fool,
            "places_by_seat": places,
        }
    return ("draw", {}) if draw else ("fool", {"fool_seat": fool or 0})


def _before_form(before: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """How the result without the ruling is said: ``unknown``, or ``played``/``logged`` (by the
    play or by the log's record) with ``_fool`` (and the fool's seat) or ``_draw``."""
    if before["source"] is None:
        return "unknown", {}
    source = "played" if before["source"] == "replay" else "logged"
    if before["draw"]:
        return f"{source}_draw", {}
    return f"{source}_fool", {"was_fool_seat": before["fool"]}


def apply_ruling(
    report: GameReport, ruling: DurakRuling, f: Findings, following: DurakDeal | None = None
) -> None:
    """The arbiter's ruling on one game (docs/arbiter.md): annulled, it counts nothing (no fool,
    no places, no draw); with an assigned result, that result; either way ``before_ruling``
    keeps what the play or the record gave. ``following`` is the next game of the log, for
    whether the annulled game's redeal was played. Durak has no penalties: every seat of
    ``waive`` and ``confirm`` is RULING_NOT_APPLICABLE."""
    number = report.deal
    reason = ruling.reason or None
    report.arbiter = ruling.as_document(int, AssignedResult.as_document)
    if ruling.annul or ruling.score is not None:
        report.before_ruling = {
            "fool": report.fool,
            "draw": report.draw,
            "places": report.places,
            "source": report.source,
            "lost_by_cards": report.lost_by_cards,
        }
        report.source = "arbiter"
        report.lost_by_cards = False
    if ruling.annul:
        report.annulled = True
        report.fool, report.draw, report.places = None, False, None
        dealer = report.dealer
        params: dict[str, Any] = {}
        if following is None:
            form = "missing"
        elif following.dealer == dealer:
            form, params = "redeal", {"next_game": number + 1}
        else:
            form, params = "not_played", {"next_game": number + 1, "next_dealer_seat": following.dealer}
        f.at(
            "ANNULLED_BY_ARBITER",
            game=number,
            seat=dealer,
            field=".arbiter.annul",
            form=form + ("_reason" if reason else ""),
            reason=reason,
            **params,
        )
    elif ruling.score is not None:
        was = report.before_ruling
        assert was is not None
        report.fool, report.draw, report.places = ruling.score.outcome()
        assigned, assigned_params = _assigned_form(ruling.score)
        before, before_params = _before_form(was)
        f.at(
            "SCORE_ADJUSTED",
            game=number,
            field=".arbiter.score",
            form=f"{assigned}_{before}",
            reason=reason,
            **assigned_params,
            **before_params,
        )
    for key, seats in (("waive", ruling.waive), ("confirm", ruling.confirm)):
        for j, seat in enumerate(seats):
            f.at("RULING_NOT_APPLICABLE", game=number, seat=seat, field=f".arbiter.{key}[{j}]", form=key)


def deal_table(deal: DurakDeal, ruleset: Ruleset) -> Table:
    """The table as dealt: card ids given to the hands and the stock (a twin's second copy is
    its card + 52), the unknown stock when only the trump card is logged."""
    assert deal.hands is not None
    used = 0

    def assign(card: int) -> int:
        nonlocal used
        if used & BIT[card]:
            card += 52
        used |= BIT[card]
        return card

    hands = []
    for hand in deal.hands:
        mask = 0
        for c in hand:
            mask |= BIT[assign(c)]
        hands.append(mask)
    n = len(deal.hands)
    stock: list[int | None]
    turned = deal.trump_card
    left = ruleset.cards - HAND_SIZE * n
    if deal.stock is not None:
        stock = [assign(c) for c in deal.stock]
    elif left == 0:
        stock = []
    elif turned is None:  # no trumps: nothing turned, the whole stock unknown
        stock = [None] * left
    else:
        stock = [None] * (left - 1) + [assign(turned)]
    trump = -1 if ruleset.no_trump or turned is None else SUIT[turned]
    trump_rank = -1 if turned is None else RANK[turned]
    unseen = deck_mask(ruleset.deck, ruleset.copies) & ~used
    return Table(ruleset, hands, stock, trump, trump_rank, unseen)


class _Game:
    """One game's replay: the table, the position in the log, the findings, the trace."""

    def __init__(
        self, number: int, deal: DurakDeal, ruleset: Ruleset, f: Findings, trace: Trace | None
    ) -> None:
        self.number = number
        self.deal = deal
        self.rules = ruleset
        self.f = f
        self.trace = trace
        self.t = deal_table(deal, ruleset)
        self.first_attacker: int | None = None
        self.awaiting_draws = False
        self.recorded_draws: list[tuple[int, Event]] = []
        self.next_attacker = -1
        self.index: int | None = None
        self.after_end_reported = False
        self.step_findings = 0

    # -- findings ------------------------------------------------------------------------

    def add(
        self,
        code: str,
        *,
        seat: int | None = None,
        card: int | None = None,
        suffix: str = "",
        bout: int | None = None,
        **params: Any,
    ) -> None:
        """A finding at the current event and bout (``bout``: another one — an attack's own, checked
        before it opens); ``params`` as rules.durak.texts names them."""
        self.f.at(
            code,
            game=self.number,
            bout=bout or self.t.bout or None,
            event=self.index,
            seat=seat,
            card=None if card is None else name(card),
            suffix=suffix,
            **params,
        )

    # -- the run ---------------------------------------------------------------------------

    def run(self) -> None:
        t = self.t
        tracing = self.trace is not None
        self.snapshot("deal", None)
        handlers: dict[str, Callable[[Event], None]] = {
            "attack": self.attack,
            "throw-in": self.throw_in,
            "beat": self.beat,
            "blind-beat": self.beat,
            "transfer": self.transfer,
            "take": self.take,
            "done": self.done,
            "pass": self.pass_,
            "challenge": self.challenge,
        }
        for i, ev in enumerate(self.deal.events):
            self.index = i
            if t.over:
                self.after_end(ev)
                continue
            if ev.kind == "draw":
                self.draw_event(i, ev)
                continue
            if t.blind_pending is not None and ev.kind != "challenge":
                self.challenge_missing()
            if self.awaiting_draws:
                self.finish_draws()
                if t.over:
                    self.after_end(ev)
                    continue
            handlers[ev.kind](ev)
            if tracing:
                self.snapshot(ev.kind, ev)
        self.index = None
        if not t.over:
            if t.blind_pending is not None:
                self.index = len(self.deal.events) - 1
                self.challenge_missing()
                self.index = None
            if t.bout_open and (t.taking or not t.uncovered):
                self.close_implicitly()  # the log stops mid-bout otherwise: left open, incomplete
            if self.awaiting_draws:
                self.finish_draws()
        if self.trace is not None and self.trace[-1]["kind"] != "end":
            self.snapshot("end", None)

    def after_end(self, ev: Event) -> None:
        if not self.after_end_reported:
            self.after_end_reported = True
            extra = len(self.deal.events) - (self.index or 0)
            self.add("EVENT_AFTER_GAME_END", seat=ev.seat, ignored=extra)

    # -- opening and adding ---------------------------------------------------------------------

    def attack(self, ev: Event) -> None:
        t = self.t
        assert ev.seat is not None
        assert ev.cards is not None
        seat = ev.seat
        if t.bout_open:
            self.close_implicitly()
            self.finish_draws()
            if t.over:
                self.after_end(ev)
                return
        # Who may attack is checked before the bout opens, but the finding is the new bout's
        # (docs/durak-log.md: every finding at its bout): the one this event opens.
        opening = t.bout + 1
        if t.bout == 0:
            seats, rank, trumpy = t.first_attackers()
            self.first_attacker = seat
            if seats and seat not in seats:
                holders = sorted(seats)
                if trumpy:
                    self.add(
                        "WRONG_FIRST_ATTACKER",
                        seat=seat,
                        bout=opening,
                        form="lowest" if _lowest(t) else "highest",
                        first_seats=holders,
                        trump_card=rank_text(rank) + suit_text(t.trump),
                    )
                else:
                    high = {BASE[c] for s in holders for c in cards_of(t.hands[s]) if RANK[c] == rank}
                    self.add(
                        "WRONG_FIRST_ATTACKER",
                        seat=seat,
                        bout=opening,
                        form="no_trump",
                        first_seats=holders,
                        high_cards=[name(c) for c in sorted(high)],
                    )
        elif seat != t.attacker:
            self.add("WRONG_ATTACKER", seat=seat, bout=opening, attacker_seat=t.attacker)
        t.open_bout(seat)
        ranks = {RANK[c] for c in ev.cards}
        if len(ranks) > 1:
            self.add("ATTACK_NOT_ONE_RANK", seat=seat, attack_cards=[name(c) for c in ev.cards])
        for j, card in enumerate(ev.cards):
            self.add_card(seat, card, f".cards[{j}]" if len(ev.cards) > 1 else ".cards[0]")

    def add_card(self, seat: int, card: int, suffix: str) -> None:
        """An attack card from ``seat``'s hand onto the table, the limits checked."""
        t = self.t
        d = t.defender
        if t.counts[d] - t.uncovered < 1:
            self.add(
                "TOO_MANY_CARDS_FOR_DEFENDER",
                seat=seat,
                card=card,
                suffix=suffix,
                defender_seat=d,
                held=t.counts[d],
                to_beat=t.uncovered,
            )
        else:
            cap = t.bout_limit()
            if cap is not None and len(t.attacks) >= cap:
                self.add(
                    "BOUT_LIMIT_EXCEEDED",
                    seat=seat,
                    card=card,
                    suffix=suffix,
                    form="first_bout" if t.bout == 1 and t.ruleset.first_bout_limit else None,
                    limit=cap,
                )
        t.put_attack(seat, self.take_from_hand(seat, card, suffix))

    def take_from_hand(self, seat: int, card: int, suffix: str = "") -> int:
        """The id of ``card`` out of ``seat``'s hand; CARD_NOT_IN_HAND (and the card as it is) when
        the seat does not hold it."""
        c = self.t.remove(seat, card)
        if c >= 0:
            return c
        self.add("CARD_NOT_IN_HAND", seat=seat, card=card, suffix=suffix or ".card")
        return BASE[card]

    def throw_in(self, ev: Event) -> None:
        t = self.t
        assert ev.seat is not None
        assert ev.card is not None
        seat, card = ev.seat, ev.card
        if not t.bout_open:
            self.add("EVENT_OUT_OF_PLACE", seat=seat, card=card, form="throw_in")
            return
        if seat == t.defender:
            self.add("THROW_IN_NOT_ALLOWED", seat=seat, card=card, form="defender")
        elif t.gone(seat):
            self.add("THROW_IN_NOT_ALLOWED", seat=seat, card=card, form="out")
        elif not t.may_throw(seat):
            self.add("THROW_IN_NOT_ALLOWED", seat=seat, card=card, form="simple", attacker_seat=t.attacker)
        elif seat != t.attacker and t.attacker_has_priority():
            self.add("NOT_YOUR_TURN_TO_THROW", seat=seat, card=card, attacker_seat=t.attacker)
        if not t.table_ranks >> RANK[card] & 1:
            self.add(
                "THROW_IN_RANK_NOT_ON_TABLE",
                seat=seat,
                card=card,
                table_cards=[name(c) for c in t.table_cards()],
            )
        self.add_card(seat, card, ".card")

    def pass_(self, ev: Event) -> None:
        t = self.t
        if not t.bout_open:
            self.add("EVENT_OUT_OF_PLACE", seat=ev.seat, form="pass")
            return
        if ev.seat == t.attacker:
            t.declined |= t.table_ranks

    # -- defending ---------------------------------------------------------------------------

    def beat(self, ev: Event) -> None:
        t = self.t
        assert ev.seat is not None
        assert ev.card is not None
        seat, card = ev.seat, ev.card
        blind = ev.kind == "blind-beat"
        if not t.bout_open or t.taking:
            if not t.bout_open:
                self.add("EVENT_OUT_OF_PLACE", seat=seat, card=card, form="beat")
            else:
                self.add(
                    "EVENT_OUT_OF_PLACE", seat=seat, card=card, form="beat_taken", defender_seat=t.defender
                )
            return
        if seat != t.defender:
            self.add("NOT_THE_DEFENDER", seat=seat, card=card, form="beat", defender_seat=t.defender)
        if blind and not self.rules.blind:
            self.add("BLIND_NOT_ALLOWED", seat=seat, card=card)
            blind = False
        index = t.find_uncovered(ev.on, card)
        if index < 0 or (ev.on is not None and BASE[t.attacks[index]] != BASE[ev.on]):
            if not t.uncovered:
                self.add("NO_SUCH_ATTACK_CARD", seat=seat, card=card, form="all_beaten")
                return
            index = t.find_uncovered(None, card)
            self.add(
                "NO_SUCH_ATTACK_CARD",
                seat=seat,
                card=card,
                suffix=".on",
                form=None if ev.on is not None else "any",
                on_card=None if ev.on is None else name(ev.on),
                covered_card=name(t.attacks[index]),
            )
        c = self.take_from_hand(seat, card)
        attack = t.attacks[index]
        legal = beats(attack, c, t.trump)
        if not legal and not blind:
            form = self.why_not(attack, c)
            self.add(
                "ILLEGAL_BEAT",
                seat=seat,
                card=c,
                form=form,
                attack_card=name(attack),
                attack_suit=suit_text(SUIT[attack]) if form == "suit" else None,
            )
        t.cover(index, c)
        if blind:
            t.blind_pending = (index, legal)

    def why_not(self, attack: int, defence: int) -> str:
        """Why ``defence`` does not beat ``attack``: the form of ILLEGAL_BEAT (rules.durak.texts)."""
        t = self.t
        if BASE[attack] == BASE[defence]:
            return "twin"
        if SUIT[defence] == SUIT[attack]:
            return "lower"
        if t.trump < 0:
            return "no_trumps"
        if SUIT[attack] == t.trump:
            return "trump"
        return "suit"

    def challenge(self, ev: Event) -> None:
        t = self.t
        assert ev.seat is not None
        if t.blind_pending is None:
            self.add("CHALLENGE_OUT_OF_PLACE", seat=ev.seat, form="no_blind_beat")
            return
        index, legal = t.blind_pending
        t.blind_pending = None
        owner = t.owners[index]
        if ev.seat != owner:
            self.add(
                "CHALLENGE_OUT_OF_PLACE", seat=ev.seat, attack_card=name(t.attacks[index]), owner_seat=owner
            )
        if ev.answer == "agree":
            if not legal:
                self.add(
                    "BLIND_BEAT_ACCEPTED",
                    seat=t.defender,
                    card=t.covers[index],
                    form="agreed",
                    attack_card=name(t.attacks[index]),
                )
            return
        if legal:
            self.end_bout(DOUBTER_TAKES, taker=ev.seat)
        else:
            self.end_bout(TAKEN)

    def challenge_missing(self) -> None:
        t = self.t
        assert t.blind_pending is not None
        index, legal = t.blind_pending
        t.blind_pending = None
        self.add("CHALLENGE_MISSING", seat=t.owners[index], attack_card=name(t.attacks[index]))
        if not legal:
            self.add(
                "BLIND_BEAT_ACCEPTED",
                seat=t.defender,
                card=t.covers[index],
                form="unanswered",
                attack_card=name(t.attacks[index]),
            )

    def transfer(self, ev: Event) -> None:
        t = self.t
        assert ev.seat is not None
        assert ev.card is not None
        seat, card = ev.seat, ev.card
        if not t.bout_open:
            self.add("EVENT_OUT_OF_PLACE", seat=seat, card=card, form="transfer")
            return
        if seat != t.defender:
            self.add("NOT_THE_DEFENDER", seat=seat, card=card, form="transfer", defender_seat=t.defender)
        problem = t.transfer_problem(card)
        if problem is not None:
            form, params = problem
            self.add("ILLEGAL_TRANSFER", seat=seat, card=card, form=form, **params)
        cap = t.bout_limit()
        if cap is not None and len(t.attacks) >= cap:
            self.add("BOUT_LIMIT_EXCEEDED", seat=seat, card=card, limit=cap)
        if t.transfer_target() == t.defender:
            return
        t.taking = False
        t.transfer(seat, self.take_from_hand(seat, card))

    def take(self, ev: Event) -> None:
        t = self.t
        if not t.bout_open or t.taking:
            self.add("EVENT_OUT_OF_PLACE", seat=ev.seat, form="take" if not t.bout_open else "take_again")
            return
        if ev.seat != t.defender:
            assert ev.seat is not None
            self.add("NOT_THE_DEFENDER", seat=ev.seat, form="take", defender_seat=t.defender)
        t.taking = True

    def done(self, ev: Event) -> None:
        if not self.t.bout_open:
            self.add("EVENT_OUT_OF_PLACE", seat=ev.seat, form="done")
            return
        self.close_implicitly()

    # -- ending a bout ----------------------------------------------------------------------------

    def close_implicitly(self) -> None:
        """End the open bout as it stands: taken, beaten, or (cards left unbeaten) taken with a finding."""
        t = self.t
        if t.taking:
            self.end_bout(TAKEN)
        elif t.uncovered:
            left = [name(a) for i, a in enumerate(t.attacks) if t.covers[i] < 0]
            self.add("BOUT_ENDED_UNBEATEN", seat=t.defender, unbeaten_cards=left)
            self.end_bout(TAKEN)
        else:
            self.end_bout(BEATEN)

    def end_bout(self, outcome: str, taker: int | None = None) -> None:
        t = self.t
        self.next_attacker = t.close(outcome, taker)
        if t.lose_check():
            self.awaiting_draws = False
            return
        self.awaiting_draws = True
        self.recorded_draws = []

    def draw_event(self, i: int, ev: Event) -> None:
        t = self.t
        if t.blind_pending is not None:
            self.challenge_missing()
        if t.bout_open:
            self.close_implicitly()
            if t.over:
                self.after_end(ev)
                return
        if not self.awaiting_draws:
            self.add("EVENT_OUT_OF_PLACE", seat=ev.seat, form="draw")
            return
        self.recorded_draws.append((i, ev))

    def finish_draws(self) -> None:
        """Draw after a bout: as recorded (checked) or as the rules say; then settle the table."""
        t = self.t
        expected = t.expected_draws()
        recorded = self.recorded_draws
        applied: list[tuple[int, int]] = []
        if recorded:
            applied = self.check_draws(expected, recorded)
        else:
            for seat, k in expected:
                t.draw(seat, k)
                applied.append((seat, k))
        self.awaiting_draws = False
        self.recorded_draws = []
        t.settle(self.next_attacker)
        if self.trace is not None and applied:
            saved = self.index
            self.index = recorded[-1][0] if recorded else None
            self.snapshot("draws", recorded[-1][1] if recorded else None, draws=applied)
            self.index = saved

    def check_draws(
        self, expected: list[tuple[int, int]], recorded: list[tuple[int, Event]]
    ) -> list[tuple[int, int]]:
        t = self.t
        saved = self.index
        order = t.draw_order()
        position = {s: p for p, s in enumerate(order)}
        want = dict(expected)
        seen: set[int] = set()
        last = -1
        out_of_order = False
        for i, ev in recorded:
            assert ev.seat is not None
            assert ev.number is not None
            self.index = i
            seat = ev.seat
            if position[seat] <= last and not out_of_order:
                out_of_order = True
                self.add("WRONG_DRAW_ORDER", seat=seat, after_seat=order[last], order_seats=order)
            last = max(last, position[seat])
            should = 0 if seat in seen else want.get(seat, 0)
            if ev.number != should:
                self.add(
                    "WRONG_DRAW_COUNT",
                    seat=seat,
                    drawn=ev.number,
                    due=should,
                    held=t.counts[seat],
                    stock=len(t.stock),
                )
            seen.add(seat)
            before = list(t.stock[: ev.number])
            taken = t.draw(seat, ev.number)
            if ev.cards is not None:
                self.check_drawn(seat, ev.cards, before, taken)
        self.index = recorded[-1][0]
        for seat, k in expected:
            if seat not in seen:
                self.add("WRONG_DRAW_COUNT", seat=seat, form="missing", due=k)
                t.draw(seat, min(max(HAND_SIZE - t.counts[seat], 0), len(t.stock)))
        self.index = saved
        return [(ev.seat or 0, ev.number or 0) for _, ev in recorded]

    def check_drawn(
        self, seat: int, cards: tuple[int, ...], slots: list[int | None], taken: list[int | None]
    ) -> None:
        """Recorded drawn cards against the stock: a known slot must be that card; an unknown slot
        becomes the recorded card when nobody is known to hold it."""
        t = self.t
        for j, card in enumerate(cards):
            if j >= len(slots):
                break
            slot = slots[j]
            if slot is not None:
                if BASE[slot] != BASE[card]:
                    self.add(
                        "WRONG_DRAW_CARDS", seat=seat, card=card, suffix=f".cards[{j}]", next_card=name(slot)
                    )
                continue
            copies = BIT[BASE[card]] | (BIT[BASE[card] + 52] if t.two else 0)
            free = t.unseen & copies
            if not free:
                self.add("WRONG_DRAW_CARDS", seat=seat, card=card, suffix=f".cards[{j}]", form="elsewhere")
                continue
            c = (free & -free).bit_length() - 1
            t.unseen ^= BIT[c]
            t.unknown[seat] -= 1
            t.hands[seat] |= BIT[c]

    # -- the walkthrough ---------------------------------------------------------------------------

    def snapshot(self, kind: str, ev: Event | None, draws: list[tuple[int, int]] | None = None) -> None:
        if self.trace is None:
            return
        t = self.t
        new = self.f[self.step_findings :]
        self.step_findings = len(self.f)
        self.trace.append(
            {
                "kind": kind,
                "index": self.index if ev is not None else None,
                "event": None if ev is None else event_document(ev),
                "bout": t.bout,
                "attacker": t.attacker if t.bout else None,
                "defender": t.defender if t.bout else None,
                "table": [
                    [name(a), None if t.covers[i] < 0 else name(t.covers[i])] for i, a in enumerate(t.attacks)
                ],
                "taking": t.taking,
                "hands": [[name(c) for c in _sorted_ids(t.hands[s])] for s in range(t.n)],
                "unknown": list(t.unknown),
                "stock": len(t.stock),
                "discard": t.discard,
                "out": [s for s in range(t.n) if t.out[s]],
                "draws": [{"seat": s, "count": k} for s, k in draws or ()],
                "findings": [x.as_dict() for x in new],
            }
        )

    def result(self) -> GameReport:
        t = self.t
        deal = self.deal
        f = self.f
        complete = t.over
        fool, draw, source = t.fool, t.draw_game, "replay" if complete else None
        settled = deal.arbiter is not None and _settles_result(deal.arbiter)
        if complete and deal.recorded and not settled:
            if deal.draw and not t.draw_game:
                self.index = None
                f.at("FOOL_MISMATCH", game=self.number, seat=t.fool, form="draw")
            elif deal.fool is not None and deal.fool != t.fool:
                if t.draw_game:
                    f.at("FOOL_MISMATCH", game=self.number, seat=deal.fool, form="played_draw")
                else:
                    f.at("FOOL_MISMATCH", game=self.number, seat=deal.fool, fool_seat=t.fool or 0)
        if settled:
            pass  # the arbiter's ruling decides the result: an unfinished play leaves nothing open
        elif not complete and not deal.events:
            f.at(
                "RESULT_NOT_REPLAYED",
                game=self.number,
                form="no_play" if deal.recorded else "no_play_no_result",
            )
        elif not complete:
            f.at(
                "GAME_INCOMPLETE",
                game=self.number,
                bout=t.bout or None,
                form="recorded" if deal.recorded else None,
                cards_by_seat=list(t.counts),
                stock=len(t.stock),
            )
        if not complete and deal.recorded:
            fool, draw, source = deal.fool, deal.draw, "recorded"
        return GameReport(
            deal=self.number,
            dealer=deal.dealer,
            trump=None if self.rules.no_trump or deal.trump_card is None else name(deal.trump_card),
            first_attacker=self.first_attacker,
            bouts=t.bout,
            out=[list(g) for g in t.out_order],
            places=_places(t.n, t.out_order, fool) if complete else None,
            fool=fool,
            draw=draw,
            lost_by_cards=t.lost_by_cards,
            complete=complete,
            source=source,
            recorded_fool=deal.fool,
            recorded_draw=deal.draw,
            cards_left=list(t.counts),
        )


def _lowest(t: Table) -> bool:
    return lowest_trump_leads(t.trump_rank, t.jack)


def _sorted_ids(mask: int) -> list[int]:
    return sorted(cards_of(mask), key=lambda c: (SUIT[c], -RANK[c], c))


def _places(n: int, out: list[list[int]], fool: int | None) -> list[int]:
    """1 for the first out, a group sharing its best place; players still holding cards when the
    game ended (a loss by 52 cards) share the next place; the fool last."""
    places = [0] * n
    place = 1
    for group in out:
        for s in group:
            places[s] = place
        place += len(group)
    for s in range(n):
        if not places[s]:
            places[s] = place
    if fool is not None:
        places[fool] = n
    return places


def run_game(
    number: int,
    deal: DurakDeal,
    ruleset: Ruleset,
    f: Findings,
    trace: Trace | None = None,
    *,
    following: DurakDeal | None = None,
) -> GameReport:
    """Replay one game (``number`` from 1); its report, the arbiter's ruling applied. ``trace``
    collects the walkthrough's steps; ``following`` is the next game of the log (whether an
    annulled game's redeal was played)."""
    if deal.hands is None:
        report = _recorded_game(number, deal, ruleset, f)
    else:
        game = _Game(number, deal, ruleset, f, trace)
        game.run()
        report = game.result()
    if deal.arbiter is not None:
        apply_ruling(report, deal.arbiter, f, following)
    return report


def _recorded_game(number: int, deal: DurakDeal, ruleset: Ruleset, f: Findings) -> GameReport:
    """A game logged by its result alone: the result as recorded."""
    if not _settles_result(deal.arbiter):
        f.at("RESULT_NOT_REPLAYED", game=number, form=None if deal.recorded else "no_result")
    return GameReport(
        deal=number,
        dealer=deal.dealer,
        trump=None if deal.trump_card is None or ruleset.no_trump else name(deal.trump_card),
        first_attacker=None,
        bouts=0,
        out=[],
        places=None,
        fool=deal.fool,
        draw=deal.draw,
        lost_by_cards=False,
        complete=False,
        source="recorded" if deal.recorded else None,
        recorded_fool=deal.fool,
        recorded_draw=deal.draw,
        cards_left=None,
    )
