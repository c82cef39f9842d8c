"""Replay a rubber bridge session: auction, play, scoring and the rubbers, every finding collected.

Each deal goes auction (rules.bridge.auction) → play or recorded result
(rules.bridge.play) → the points table of the ruleset (rules.bridge.scoring)
→ the sheet of the rubber in progress (rules.bridge.rubber), which decides
the vulnerability of the next deal. The replay never stops at a problem:
what it can still score it scores, and the findings say what is wrong.

A deal with an ``arbiter`` ruling (docs/arbiter.md, docs/bridge.md "The
arbiter's rulings") goes through :func:`_ruled_deal`, off the hot path: a
log without rulings pays one ``is None`` test a deal.
"""

from __future__ import annotations

from typing import Any

from rules.arbiter import Ruling, penalty
from rules.bridge.auction import run_auction
from rules.bridge.codes import Findings
from rules.bridge.core import SEATS, STRAIN_LETTERS, Contract, Doubling, Seat, Side, Strain
from rules.bridge.document import VULNERABLE_WORD, AssignedScore, BridgeDeal, BridgeLog, arbiter_document
from rules.bridge.play import PlayResult, run_play
from rules.bridge.report import DealReport, Report
from rules.bridge.rubber import RubberTracker
from rules.bridge.ruleset import Ruleset, resolve_ruleset
from rules.bridge.scoring import SIDE_KEYS, DealScore, honours_points, score_deal

FULL_HAND = 13


def replay(log: BridgeLog) -> Report:
    ruleset = resolve_ruleset(log.ruleset)
    findings = Findings(log.players)
    tracker = RubberTracker(ruleset)
    deals: list[DealReport] = []
    for number, deal in enumerate(log.deals, start=1):
        vulnerable = tracker.vulnerable
        rubber = len(tracker.rubbers) + 1
        if deal.vulnerable is not None and deal.vulnerable != vulnerable:
            findings.add(
                "VULNERABLE_TAG_DIFFERS",
                deal=number,
                form=None if deal.board is not None else "no_board",
                board=deal.board,
                value=VULNERABLE_WORD[deal.vulnerable],
                computed=VULNERABLE_WORD[vulnerable],
            )
        if deal.arbiter is not None:
            following = log.deals[number] if number < len(log.deals) else None
            deals.append(_ruled_deal(number, deal, ruleset, findings, tracker, following))
            continue
        contract, tricks, honours, played = _play_deal(number, deal, ruleset, findings)
        if contract is not None and tricks is None:
            score = tracker.record(DealScore())  # nothing to score without the tricks; a finding says so
        else:
            score = tracker.record(score_deal(contract, tricks or 0, vulnerable, honours, ruleset))
        _check_scores(number, deal, score, findings)
        report = DealReport(number, deal.dealer, vulnerable, contract, tricks, score, rubber, deal.board)
        if played is not None and played.revokes:
            report.penalties = _penalties(played, None)
        deals.append(report)
    tracker.finish()
    totals = [0, 0]
    for result in tracker.rubbers:
        for side in Side:
            totals[side] += result.totals[side]
    return Report(
        ruleset=ruleset,
        players=log.players,
        totals=totals,
        rubbers=list(tracker.rubbers),
        deals=deals,
        findings=list(findings),
    )


def _play_deal(
    number: int,
    deal: BridgeDeal,
    ruleset: Ruleset,
    findings: Findings,
    ruling: Ruling[Seat, AssignedScore] | None = None,
) -> tuple[Contract | None, int | None, tuple[int, int], PlayResult | None]:
    """The contract, the declarer's side's tricks, the honours and the play of one deal.

    Under a ruling (``ruling``) the waived seats' Law 64 transfers are not made; a deal the
    arbiter scored or annulled is not checked against its sheet's result, honours or a
    missing result: the ruling, not the sheet, settles what it scores.
    """
    if deal.auction or deal.contract is None:
        reached = run_auction(deal.dealer, deal.auction, findings, number, start=deal.auction_start).contract
        _check_recorded_contract(number, deal, reached, findings)
        contract = _as_recorded(deal, reached)
    else:  # no calls logged: the contract as the sheet records it
        contract = recorded_contract(deal)
    if contract is None:
        return None, None, (0, 0), None
    settled = ruling is not None and (ruling.annul or ruling.score is not None)
    tricks = deal.result
    played = None
    if deal.play is not None:
        played = run_play(
            contract,
            deal.hands,
            deal.play,
            deal.claim,
            findings,
            number,
            law64=ruleset.law64,
            opening_leader=deal.play_start,
            result=None if settled else deal.result,
            waive=() if ruling is None or settled else ruling.waive,
        )
        if played.complete:
            tricks = played.declarer_tricks
    if settled:
        return contract, tricks, (0, 0), played
    if tricks is None:
        findings.add("RESULT_MISSING", deal=number)
    honours = _honours(number, deal, contract.strain, ruleset, findings)
    return contract, tricks, honours, played


def contract_of(text: str | None, declarer: Seat | None) -> Contract | None:
    """A contract as the log spells it (``"4HX"``) with its declarer; None for ``"Pass"``."""
    if text is None or text == "Pass" or declarer is None:
        return None
    doubling = len(text) - len(text.rstrip("X"))
    body = text.rstrip("X")
    strain = Strain(STRAIN_LETTERS.index(body[1:]))
    return Contract(
        int(body[0]),
        strain,
        (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)[doubling],
        declarer,
    )


def contract_text(contract: Contract) -> str:
    """A contract as the log spells it, without its declarer: ``"4HX"``, ``"3NT"``."""
    marks = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}[contract.doubling]
    return f"{contract.level}{contract.strain.letter}{marks}"


def recorded_contract(deal: BridgeDeal) -> Contract | None:
    """The contract a deal records (PBN's Contract and Declarer tags); None when passed out."""
    return contract_of(deal.contract, deal.declarer)


def played_contract(deal: BridgeDeal, findings: Findings, number: int | None = None) -> Contract | None:
    """The contract the deal was played in: the recorded one when the deal records it, else
    the auction's (as :func:`replay` reads it; the findings go to ``findings``)."""
    if deal.auction or deal.contract is None:
        reached = run_auction(deal.dealer, deal.auction, findings, number, start=deal.auction_start).contract
        return _as_recorded(deal, reached)
    return recorded_contract(deal)


def _as_recorded(deal: BridgeDeal, reached: Contract | None) -> Contract | None:
    """The contract a deal is played and scored in when the auction reached ``reached``.

    PBN 2.1 §3.4: the Contract and Declarer tags are the game's contract and declarer, and
    the Auction section the record that supports them; so a recorded contract (``contract``
    with its ``declarer``) is the deal's, and a recorded ``declarer`` alone declares the
    contract the auction reached. A recorded contract the auction does not support is a
    CONTRACT_MISMATCH (:func:`_check_recorded_contract`), not a silent re-seat of the play.
    """
    if deal.contract is not None:
        return recorded_contract(deal)
    if deal.declarer is not None and reached is not None and deal.declarer != reached.declarer:
        return Contract(reached.level, reached.strain, reached.doubling, deal.declarer)
    return reached


def _penalties(played: PlayResult, ruling: Ruling[Seat, AssignedScore] | None) -> list[dict[str, Any]] | None:
    """The Law 64 trick transfers of a deal as the report's ``penalties`` (docs/arbiter.md):
    the offender's seat, ``"revoke"``, minus the tricks the Law transfers, and the status."""
    out = [
        penalty(SEATS[r.seat], "revoke", -r.transfer, "counted" if ruling is None else ruling.status(r.seat))
        for r in played.revokes
        if r.transfer
    ]
    return out or None


def _ruled_deal(
    number: int,
    deal: BridgeDeal,
    ruleset: Ruleset,
    findings: Findings,
    tracker: RubberTracker,
    following: BridgeDeal | None,
) -> DealReport:
    """A deal the arbiter ruled on (docs/arbiter.md; docs/bridge.md, "The arbiter's rulings").

    The auction and the play are replayed as for any deal, so their findings (a ``REVOKE``)
    stay. ``annul``: the deal scores nothing and is written on the sheet as a pass-out is, so
    the rubber (games, part scores, vulnerability) goes on as if it had not been played.
    ``score``: the assigned result is scored at the deal's vulnerability by the points table,
    honours as the logged hands hold them in its strain; the sheet is not checked against
    it. ``waive``/``confirm``: the Law 64 transfer of a seat's revoke is not made, or made and
    marked; a seat with no transfer in the deal is ``RULING_NOT_APPLICABLE``.
    """
    ruling = deal.arbiter
    assert ruling is not None
    vulnerable = tracker.vulnerable
    rubber = len(tracker.rubbers) + 1
    if ruling.annul and not deal.auction and deal.contract is None and deal.play is None:
        # Annulled before the auction: nothing was called or played, so nothing is replayed.
        contract, tricks, honours, played = None, None, (0, 0), None
    else:
        contract, tricks, honours, played = _play_deal(number, deal, ruleset, findings, ruling)
    penalties = None
    if played is not None and played.revokes and not ruling.annul and ruling.score is None:
        penalties = _penalties(played, ruling)
    with_penalty = {p["seat"] for p in penalties or ()}
    for seat in (*ruling.waive, *ruling.confirm):
        if SEATS[seat] not in with_penalty:
            why = "annulled" if ruling.annul else "no_law64" if not ruleset.law64 else "no_transfer"
            findings.add("RULING_NOT_APPLICABLE", deal=number, seat=seat, form=why)
    for r in played.revokes if played is not None and penalties else ():
        if not r.transfer:
            continue
        status = ruling.status(r.seat)
        if status == "waived":
            findings.add("PENALTY_WAIVED", deal=number, trick=r.trick, seat=r.seat, transfer=r.transfer)
        elif status == "confirmed":
            findings.add("PENALTY_CONFIRMED", deal=number, trick=r.trick, seat=r.seat, transfer=r.transfer)
    if ruling.score is not None:
        assigned = ruling.score
        contract = contract_of(assigned.contract, assigned.declarer)
        tricks = assigned.result
        honours = (0, 0)
        if (
            contract is not None
            and deal.hands is not None
            and all(h.bit_count() == FULL_HAND for h in deal.hands)
        ):
            honours = honours_points(deal.hands, contract.strain, ruleset)
        score = tracker.record(score_deal(contract, tricks or 0, vulnerable, honours, ruleset))
        if contract is None:
            findings.add("SCORE_ADJUSTED", deal=number, form="passed_out")
        else:
            findings.add(
                "SCORE_ADJUSTED",
                deal=number,
                contract=assigned.contract,
                declarer_seat=int(contract.declarer),
                tricks=tricks or 0,
            )
    elif ruling.annul:
        score = tracker.record(DealScore())
        _check_scores(number, deal, score, findings)
        dealer = deal.dealer
        if following is None:
            findings.add("ANNULLED_BY_ARBITER", deal=number, seat=dealer, form="last")
        elif following.dealer == dealer:
            findings.add("ANNULLED_BY_ARBITER", deal=number, seat=dealer, form="redeal")
        else:
            findings.add(
                "ANNULLED_BY_ARBITER",
                deal=number,
                seat=dealer,
                form="played_on",
                next_dealer_seat=int(following.dealer),
            )
    else:
        if contract is not None and tricks is None:
            score = tracker.record(DealScore())
        else:
            score = tracker.record(score_deal(contract, tricks or 0, vulnerable, honours, ruleset))
        _check_scores(number, deal, score, findings)
    return DealReport(
        number,
        deal.dealer,
        vulnerable,
        contract,
        tricks,
        score,
        rubber,
        deal.board,
        penalties,
        arbiter_document(ruling),
    )


def _check_recorded_contract(
    number: int, deal: BridgeDeal, reached: Contract | None, findings: Findings
) -> None:
    """The contract and declarer written on the sheet against what the auction reached."""
    if deal.contract is None and (deal.declarer is None or reached is None):
        return
    recorded = _as_recorded(deal, reached)
    if recorded != reached:
        findings.add(
            "CONTRACT_MISMATCH",
            deal=number,
            form="recorded_passed" if recorded is None else "reached_passed" if reached is None else None,
            recorded_contract=None if recorded is None else contract_text(recorded),
            recorded_seat=None if recorded is None else int(recorded.declarer),
            contract=None if reached is None else contract_text(reached),
            declarer_seat=None if reached is None else int(reached.declarer),
        )


def _honours(
    number: int, deal: BridgeDeal, strain: Strain, ruleset: Ruleset, findings: Findings
) -> tuple[int, int]:
    """Honours held, from the hands when all four are known; else as the sheet claims them."""
    claimed = (0, 0)
    if deal.honours is not None:
        claimed = (deal.honours.points, 0) if deal.honours.side is Side.WE else (0, deal.honours.points)
    hands = deal.hands
    if hands is None or any(bin(h).count("1") != FULL_HAND for h in hands):
        return claimed
    held = honours_points(hands, strain, ruleset)
    if deal.honours is not None and held != claimed:
        findings.add(
            "HONOURS_MISMATCH",
            deal=number,
            claimed_we=claimed[0],
            claimed_they=claimed[1],
            held_we=held[0],
            held_they=held[1],
        )
    return held


def _check_scores(number: int, deal: BridgeDeal, score: DealScore, findings: Findings) -> None:
    """The entries written on the sheet against the recomputed ones, per side and line.

    Scorers merge or split entries (one 150 or 120 + 30), so the sums of each
    side's line are compared, not the single numbers.
    """
    if deal.scores is None:
        return
    for side in Side:
        for line in ("above", "below"):
            written = sum(getattr(deal.scores[side], line))
            recomputed = score.points(side, line)
            if written != recomputed:
                findings.add(
                    "SCORE_MISMATCH",
                    deal=number,
                    form=f"{SIDE_KEYS[side]}_{line}",
                    written=written,
                    score=recomputed,
                )
