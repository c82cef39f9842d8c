"""The validating replay of a whole game: dealers, schedule, redeals, each deal, totals.

:func:`replay` never raises on a parsed log; everything it concludes is a
finding. Regular compact deals take the fast path (:mod:`rules.ohhell.play`:
:func:`~rules.ohhell.play.play_dealt` when the hands are logged,
:func:`~rules.ohhell.play.play_tricks` when not), anything else the careful
one (:class:`~rules.ohhell.table.Table`).
"""

from __future__ import annotations

from rules.arbiter import penalty
from rules.cards import NAME, mask_of
from rules.ohhell.codes import Findings
from rules.ohhell.document import Deal, GameLog
from rules.ohhell.play import holders, play_dealt, play_tricks
from rules.ohhell.report import DealReport, Report
from rules.ohhell.ruleset import Ruleset
from rules.ohhell.scoring import annulled_scores, balance, deal_scores
from rules.ohhell.table import Table, infer_hands_from_events, infer_hands_from_tricks


def replay(log: GameLog) -> Report:
    """Replay, score and audit every deal of ``log``; recomputed scores win over written ones."""
    players = log.players
    n = len(players)
    rules = log.ruleset
    schedule = rules.schedule
    findings = Findings(players)
    deals: list[DealReport] = []
    slot = 0  # index into the schedule of the deal expected next
    next_dealer: int | None = None  # "Первый сдатчик карт определяется жребием"
    annulled: tuple[int, int, int, int] | None = None  # deal no, dealer, cards, slot awaiting a redeal
    # An arbiter's annulment says itself that the redeal is owed (ANNULLED_BY_ARBITER), so a log
    # where the table played on before the ruling is not also warned of a MISSING_REDEAL.
    by_arbiter = False
    for k, deal in enumerate(log.deals, 1):
        dealer = deal.dealer
        cards = deal.cards
        redeal = False
        if annulled is not None:
            # "назначается пересдача тем же сдатчиком": same dealer, same cards, same slot.
            a_no, a_dealer, a_cards, a_slot = annulled
            if cards is None and dealer == a_dealer:
                cards = a_cards
            if dealer == a_dealer and cards == a_cards:
                redeal = True
            else:
                if not by_arbiter:
                    _missing_redeal(findings, a_no, a_dealer, a_cards)
                slot, next_dealer = a_slot + 1, (a_dealer + 1) % n
            annulled = None
        if not redeal:
            # "в следующих играх игроки сдают карты по очереди" (the deal passes to the left).
            if next_dealer is not None and dealer != next_dealer:
                findings.add("WRONG_DEALER", deal=k, seat=dealer, expected_seat=next_dealer)
            if slot < len(schedule):
                if cards is None:
                    cards = schedule[slot]
                elif cards != schedule[slot]:
                    findings.add(
                        "WRONG_SCHEDULE", deal=k, form="cards", cards=cards, scheduled=schedule[slot]
                    )
        if cards is None:
            cards = _cards_from_log(deal, n)
        # "При розыгрыше последней сдачи партии карта не открывается и объявляется бескозырная игра."
        if slot == len(schedule) - 1 and rules.last_deal_no_trump and deal.trump is not None:
            findings.add("TRUMP_ON_LAST_DEAL", deal=k, card=NAME[deal.trump])
        result = replay_deal(k, deal, cards, rules, findings, redeal)
        deals.append(result)
        if result.annulled:
            annulled = (k, dealer, cards, slot)
            by_arbiter = deal.arbiter is not None and deal.arbiter.annul
        else:
            slot += 1
            next_dealer = (dealer + 1) % n
    if annulled is not None:
        if not by_arbiter:
            _missing_redeal(findings, annulled[0], annulled[1], annulled[2])
        slot = annulled[3] + 1
    if slot != len(schedule):
        findings.add("WRONG_SCHEDULE", form="deals", deals=slot, scheduled=len(schedule))
    totals = _totals(deals, n)
    if log.totals is not None:
        for seat, (written, total) in enumerate(zip(log.totals, totals, strict=True)):
            if written != total:
                findings.add("TOTAL_MISMATCH", seat=seat, written=written, total=total)
    return Report(
        ruleset=rules, players=players, totals=totals, deals=deals, findings=findings, game=log.game
    )


def _totals(deals: list[DealReport], n: int) -> list[int]:
    """Each seat's running total at the end: the sum of its deal scores, annulled deals'
    penalties included. Summed once per game, column by column, rather than per deal."""
    totals = [0] * n
    for seat, column in enumerate(zip(*[d.scores for d in deals], strict=True)):
        totals[seat] = sum(column)
    return totals


def _missing_redeal(findings: Findings, deal_no: int, dealer: int, cards: int) -> None:
    findings.add("MISSING_REDEAL", deal=deal_no, seat=dealer, cards=cards)


def _cards_from_log(deal: Deal, n: int) -> int:
    """Cards per player for a deal beyond the schedule that does not say: what the log shows."""
    if deal.hands is not None:
        return max(1, len(deal.hands[0]))
    if deal.tricks is not None:
        return max(1, len(deal.tricks))
    if deal.events is not None:
        return max(1, sum(e.kind == "play" for e in deal.events) // n)
    return max(1, sum(deal.taken or ()))


def replay_deal(
    k: int, deal: Deal, cards: int, rules: Ruleset, findings: Findings, redeal: bool = False
) -> DealReport:
    """Replay one deal (number ``k``, counted from 1) of ``cards`` cards each; ``redeal``
    when it replaces an annulled deal (the report marks it)."""
    players = findings.players
    n = len(players)
    trump = deal.trump
    leader = (deal.dealer + 1) % n
    # Logged hands: who holds each card if they are a proper deal (the fast path's
    # table); as masks for the careful path, reporting what is wrong with them.
    holder: list[int] | None = None
    hands: list[int] | None = None
    if deal.hands is not None:
        if deal.events is None:
            holder = holders(deal.hands, cards, trump)
        if holder is None:
            hands = _hand_masks(k, deal, cards, findings)
    reneged: list[int] = []
    bids: list[int | None]
    if deal.events is not None:
        table = _table(k, deal, cards, findings, hands, infer_hands_from_events(deal.events, n))
        table.run_events(deal.events)
        table.finish(all_tricks=table.playing or deal.taken is None)
        bids = table.bids
        if table.playing or deal.taken is None:
            taken = table.taken
            _check_taken(k, deal, taken, findings)
        else:  # events record only the bidding; the result is the score sheet's
            taken = list(deal.taken)
            _check_taken_sum(k, taken, cards, findings)
        reneged = table.reneged
    else:
        assert deal.bids is not None
        bids = list(deal.bids)
        tricks = deal.tricks
        if tricks is not None:
            fast = _fast_taken(tricks, cards, n, leader, trump, deal.hands is not None, holder)
            if fast is None:
                if len(tricks) != cards:
                    findings.add("WRONG_CARD_COUNT", deal=k, form="tricks", tricks=len(tricks), cards=cards)
                if deal.hands is not None and hands is None:  # a proper deal: nothing to report
                    hands = _hand_masks(k, deal, cards, findings)
                table = _table(
                    k, deal, cards, findings, hands, infer_hands_from_tricks(tricks, n, leader, trump)
                )
                table.bids = list(bids)
                table.run_tricks(tricks)
                table.finish(all_tricks=False)
                taken = table.taken
                reneged = table.reneged
            else:
                taken = fast
            _check_taken(k, deal, taken, findings)
        else:  # a score-sheet-only deal: bids and taken
            assert deal.taken is not None
            taken = list(deal.taken)
            if deal.reneged is None:
                _check_taken_sum(k, taken, cards, findings)
            else:
                reneged = _marked_reneges(k, deal.reneged, taken, cards, findings)
    _check_bids(k, deal.dealer, cards, bids, rules, findings)
    blind = None if deal.blind is None else list(deal.blind)
    if deal.arbiter is not None:
        return _ruled_deal(k, deal, cards, bids, taken, reneged, rules, findings, redeal, blind)
    penalties = None
    if reneged:
        scores = annulled_scores(rules, n, reneged)
        penalties = [penalty(seat, "renege", -rules.renege_penalty, "counted") for seat in reneged]
    else:
        scores = deal_scores(rules, cards, bids, taken, deal.blind)
    if deal.scores is not None and list(deal.scores) != scores:
        _check_written_scores(k, deal, bids, taken, scores, bool(reneged), findings)
    annulled = bool(reneged)
    # In field order, not by keyword: a keyword call costs about 0.5 µs more, once per deal.
    return DealReport(
        k,
        deal.dealer,
        cards,
        trump,
        bids,
        taken,
        scores,
        balance(bids, cards),
        annulled,
        redeal,
        blind,
        penalties,
    )


def _check_written_scores(
    k: int,
    deal: Deal,
    bids: list[int | None],
    taken: list[int],
    scores: list[int],
    annulled: bool,
    findings: Findings,
) -> None:
    """A score written on the sheet must be the one the rules give."""
    assert deal.scores is not None
    for seat, (written, score) in enumerate(zip(deal.scores, scores, strict=True)):
        if written != score:
            bid = bids[seat]
            form = "annulled" if annulled else "no_bid" if bid is None else None
            findings.add(
                "SCORE_MISMATCH",
                deal=k,
                seat=seat,
                form=form,
                written=written,
                score=score,
                bid=bid,
                taken=taken[seat],
            )


def _ruled_deal(
    k: int,
    deal: Deal,
    cards: int,
    bids: list[int | None],
    taken: list[int],
    reneged: list[int],
    rules: Ruleset,
    findings: Findings,
    redeal: bool,
    blind: list[bool] | None,
) -> DealReport:
    """A deal the arbiter ruled on (docs/arbiter.md), off the hot path.

    ``score``: the deal stands with the points the arbiter assigned, penalties included, and
    the sheet's written scores are not compared with them (the ruling supersedes the sheet).
    ``annul``: "игра по сдаче аннулируется и назначается пересдача тем же сдатчиком" — nobody
    scores the deal; a seat that reneged still loses the penalty. ``waive``/``confirm``: the
    renege penalty of those seats is not taken, or taken and marked confirmed; a seat with no
    penalty in the deal is RULING_NOT_APPLICABLE.
    """
    ruling = deal.arbiter
    assert ruling is not None
    n = len(findings.players)
    for seat in (*ruling.waive, *ruling.confirm):
        if seat not in reneged:
            findings.add("RULING_NOT_APPLICABLE", deal=k, seat=seat)
    penalties: list[dict[str, object]] = []
    if ruling.score is not None:
        scores = list(ruling.score)
        annulled = False
        findings.add("SCORE_ADJUSTED", deal=k, scores_by_seat=list(scores))
    else:
        annulled = ruling.annul or bool(reneged)
        scores = [0] * n if annulled else deal_scores(rules, cards, bids, taken, deal.blind)
        for seat in reneged:
            status = ruling.status(seat)
            penalties.append(penalty(seat, "renege", -rules.renege_penalty, status))
            if status == "waived":
                findings.add("PENALTY_WAIVED", deal=k, seat=seat)
                continue
            scores[seat] -= rules.renege_penalty
            if status == "confirmed":
                findings.add("PENALTY_CONFIRMED", deal=k, seat=seat)
        if ruling.annul:
            findings.add("ANNULLED_BY_ARBITER", deal=k, seat=deal.dealer, cards=cards)
        if deal.scores is not None and list(deal.scores) != scores:
            _check_written_scores(k, deal, bids, taken, scores, annulled, findings)
    return DealReport(
        k,
        deal.dealer,
        cards,
        deal.trump,
        bids,
        taken,
        scores,
        balance(bids, cards),
        annulled,
        redeal,
        blind,
        penalties,
        ruling.as_document(int, list),
    )


def _fast_taken(
    tricks: tuple[tuple[int, ...], ...],
    cards: int,
    n: int,
    leader: int,
    trump: int | None,
    hands_logged: bool,
    holder: list[int] | None,
) -> list[int] | None:
    """The fast path: what each seat took if the compact deal is regular, else ``None``
    (then the careful replay explains it). ``holder`` is ``None`` when the logged hands
    are not a proper deal, which is never regular."""
    if len(tricks) != cards:
        return None
    if not hands_logged:
        return play_tricks(tricks, n, leader, trump)
    if holder is None:
        return None
    return play_dealt(tricks, n, leader, trump, holder)


def _table(
    k: int, deal: Deal, cards: int, findings: Findings, hands: list[int] | None, inferred: list[int]
) -> Table:
    return Table(
        findings=findings,
        deal_no=k,
        dealer=deal.dealer,
        cards=cards,
        trump=deal.trump,
        dealt=inferred if hands is None else hands,
        hands_logged=hands is not None,
    )


def _hand_masks(k: int, deal: Deal, cards: int, findings: Findings) -> list[int]:
    """The logged hands as masks, reporting where they are not a proper deal: the right
    number of cards each, no card twice, the turned trump in nobody's hand ("одна карта
    кладется на стол в открытом виде — это козырь")."""
    assert deal.hands is not None
    masks = [mask_of(hand) for hand in deal.hands]
    # Where each card already is: a seat's hand, or None for the turned trump.
    owner: dict[int, int | None] = {} if deal.trump is None else {deal.trump: None}
    for seat, hand in enumerate(deal.hands):
        if len(hand) != cards:
            findings.add("WRONG_CARD_COUNT", deal=k, seat=seat, form="hand", dealt=len(hand), cards=cards)
        for c in hand:
            if c in owner:
                other = owner[c]
                if other is None:
                    findings.add("DUPLICATE_CARD", deal=k, seat=seat, card=NAME[c], form="hand_trump")
                else:
                    findings.add(
                        "DUPLICATE_CARD", deal=k, seat=seat, card=NAME[c], form="hand_dealt", other_seat=other
                    )
            else:
                owner[c] = seat
    return masks


def _check_taken(k: int, deal: Deal, taken: list[int], findings: Findings) -> None:
    """A written ``taken`` must agree with the tricks as played."""
    if deal.taken is None or list(deal.taken) == taken:
        return
    for seat, (written, actual) in enumerate(zip(deal.taken, taken, strict=True)):
        if written != actual:
            findings.add("TAKEN_MISMATCH", deal=k, seat=seat, written=written, actual=actual)


def _check_taken_sum(
    k: int, taken: list[int], cards: int, findings: Findings, played_out: bool = True
) -> None:
    """A score sheet's ``taken`` must be real counts adding up to the cards dealt; a deal
    stopped by a renege (``played_out`` false) may show fewer, never more."""
    for seat, t in enumerate(taken):
        if t < 0:
            findings.add("TAKEN_MISMATCH", deal=k, seat=seat, form="negative", written=t)
    total = sum(taken)
    if total > cards or (played_out and total != cards):
        findings.add("TAKEN_MISMATCH", deal=k, form="sum", total=total, cards=cards)


def _marked_reneges(
    k: int, reneged: tuple[int, ...], taken: list[int], cards: int, findings: Findings
) -> list[int]:
    """Trickbook's ``reneged`` on a score-sheet-only deal (docs/ohhell.md): the seats whose
    renege was marked on the sheet without the cards. The spec's rule, as for a renege found
    in the cards: "A renege not corrected in time annuls the deal: nobody scores it, each
    player who reneged in it loses `renege_penalty` once, and the same dealer deals again
    with the same number of cards" (seed: "Если ренонс не был исправлен вовремя, то игра по
    сдаче аннулируется и назначается пересдача тем же сдатчиком"). The play may have
    stopped at the renege, so ``taken`` may add up to fewer than the cards."""
    _check_taken_sum(k, taken, cards, findings, played_out=False)
    for seat in reneged:
        findings.add("RENEGE_UNCORRECTED", deal=k, seat=seat, form="marked")
    return list(reneged)


def _check_bids(
    k: int, dealer: int, cards: int, bids: list[int | None], rules: Ruleset, findings: Findings
) -> None:
    """Seed: "В первой сдаче можно заказать от 0 до одной взятки": a bid is 0 to the cards;
    with ``dealer_hook`` the dealer may not make the bids add up to the cards.

    One plain loop: on a handful of seats it is faster than ``None in bids``,
    ``min`` and ``max`` (this runs for every deal)."""
    bid_sum = 0
    everyone_bid = True
    for seat, bid in enumerate(bids):
        if bid is None:
            everyone_bid = False
            continue
        bid_sum += bid
        if not 0 <= bid <= cards:
            findings.add("BID_OUT_OF_RANGE", deal=k, seat=seat, bid=bid, cards=cards)
    if rules.dealer_hook and everyone_bid and bid_sum == cards:
        findings.add("DEALER_HOOK", deal=k, seat=dealer, bid=bids[dealer], cards=cards)
