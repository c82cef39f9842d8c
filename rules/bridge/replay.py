"""Replay a rubber bridge session: auction, play, scoring and the rubbers, every finding collected.

Each deal goes auction (rules.bridge.auction) → play or recorded result
(rules.bridge.play) → the points table of the ruleset (rules.bridge.scoring)
→ the sheet of the rubber in progress (rules.bridge.rubber), which decides
the vulnerability of the next deal. The replay never stops at a problem:
what it can still score it scores, and the findings say what is wrong.
"""

from __future__ import annotations

from rules.bridge.auction import run_auction
from rules.bridge.codes import Findings
from rules.bridge.core import STRAIN_LETTERS, Contract, Doubling, Side, Strain
from rules.bridge.document import BridgeDeal, BridgeLog
from rules.bridge.play import run_play
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
        contract, tricks, honours = _play_deal(number, deal, ruleset, findings)
        if contract is not None and tricks is None:
            score = tracker.record(DealScore())  # nothing to score without the tricks; a finding says so
        else:
            score = tracker.record(score_deal(contract, tricks or 0, vulnerable, honours, ruleset))
        _check_scores(number, deal, score, findings)
        deals.append(DealReport(number, deal.dealer, vulnerable, contract, tricks, score, rubber, deal.board))
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
    number: int, deal: BridgeDeal, ruleset: Ruleset, findings: Findings
) -> tuple[Contract | None, int | None, tuple[int, int]]:
    """The contract, the declarer's side's tricks and the honours of one deal."""
    if deal.auction or deal.contract is None:
        contract = run_auction(deal.dealer, deal.auction, findings, number, start=deal.auction_start).contract
        _check_recorded_contract(number, deal, contract, findings)
    else:  # no calls logged: the contract as the sheet records it
        contract = recorded_contract(deal)
    if contract is None:
        return None, None, (0, 0)
    tricks = deal.result
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
            result=deal.result,
        )
        if played.complete:
            tricks = played.declarer_tricks
    if tricks is None:
        findings.add("RESULT_MISSING", "neither the play nor the result gives the tricks taken", deal=number)
    honours = _honours(number, deal, contract.strain, ruleset, findings)
    return contract, tricks, honours


def recorded_contract(deal: BridgeDeal) -> Contract | None:
    """The contract a deal records (PBN's Contract and Declarer tags); None when passed out."""
    text = deal.contract
    if text is None or text == "Pass" or deal.declarer is None:
        return None
    doubling = len(text) - len(text.rstrip("X"))
    body = text.rstrip("X")
    strain = Strain(STRAIN_LETTERS.index(body[1:]))
    return Contract(
        int(body[0]),
        strain,
        (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)[doubling],
        deal.declarer,
    )


def _check_recorded_contract(
    number: int, deal: BridgeDeal, reached: Contract | None, findings: Findings
) -> None:
    """The contract and declarer written on the sheet against what the auction reached."""
    if deal.contract is None:
        return
    recorded = recorded_contract(deal)
    if recorded != reached:
        said = "passed out" if recorded is None else str(recorded)
        got = "passed out" if reached is None else str(reached)
        findings.add(
            "CONTRACT_MISMATCH", f"the sheet records {said}, but the auction reached {got}", deal=number
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
            f"the sheet claims honours {claimed[0]} for We and {claimed[1]} for They, "
            f"but the hands hold {held[0]} and {held[1]}",
            deal=number,
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
                    f"{SIDE_KEYS[side]} {line} the line: written {written}, the rules give {recomputed}",
                    deal=number,
                )
