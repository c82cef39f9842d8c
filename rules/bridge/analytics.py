"""Luck and skill in rubber bridge: each deal's double-dummy result and par against the table's.

Every deal logged with its four hands has two fixed points, found by Bo Haglund's DDS
through endplay (as the deal page's table, rules.bridge.analysis):

- the double-dummy tricks of the contract reached — the tricks its declarer takes in its
  strain with best play by all four. Against the tricks taken it measures the card play:
  ``play`` is the declarer's side's tricks less the double-dummy tricks (positive: the
  declarer took more than the cards were worth — his skill or a defender's slip), the
  defenders' the negative of it;
- the par score — what the deal is worth when both sides bid and play perfectly (DDS's
  par for the deal's dealer and vulnerability) — the luck: ``par_score`` from the row's side.
  ``versus_par`` is the side's actual score less par, and ``versus_par_imps`` the same on the
  IMP scale (Law 78B), as a duplicate match would score it: the result against par of
  bidding and play, the side's own errors against it and the other side's for it.

Scoring. Par is a duplicate score, so the actual result is scored the same way: the Laws'
duplicate scoring (Law 77, the ``laws`` preset's trick, overtrick, undertrick, insult and
slam values, plus the duplicate premiums — 300 for a game not vulnerable, 500 vulnerable,
50 for a part-score) at the vulnerability the rubber gave the deal. Rubber scoring is not
comparable deal by deal: a part-score is worth what it does to the rubber (it may complete a
game three deals later), the rubber bonus is written only when a side wins two games, and
honours are held, not played — none of them is a property of one deal. Honours are left out.

Rows are per deal per seat (N, E, S, W), so a player's rows are his seat's; both partners
carry their side's figures. ``reason`` says why figures are missing: ``passed_out`` (par
only: no contract, no play — a pass-out scores nothing), ``hands_unknown`` (no double
dummy, no par), ``no_result`` (a contract without its tricks), ``no_solver`` (endplay is
not installed here: :func:`available` is False). Plain Python besides endplay; no Django.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any

from rules.bridge.analysis import dd_table
from rules.bridge.core import SEATS, STRAIN_LETTERS, Contract, Doubling, Seat, Strain
from rules.bridge.ruleset import resolve_ruleset
from rules.bridge.scoring import overtrick_points, slam_points, trick_points, undertrick_points
from rules.duplicate.imps import IMP_STEPS, imps

__all__ = [
    "ANALYSIS_VERSION",
    "COLUMNS",
    "IMP_STEPS",
    "analyse_deals",
    "analyse_game",
    "available",
    "deal_rows",
    "duplicate_score",
    "imps",
    "player_summary",
    "solve",
    "solve_memo",
]

#: Bumped whenever a change here could change a row.
#: 2: ``versus_par_imps`` added; the summary's ``skill`` is the mean in IMPs, not in points.
ANALYSIS_VERSION = "2"

#: (row key, short English label) in display and CSV order.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("deal", "Deal"),
    ("seat", "Seat"),
    ("side", "Side"),
    ("role", "Role"),
    ("contract", "Contract"),
    ("declarer", "Declarer"),
    ("vulnerable", "Vulnerable"),
    ("dd_tricks", "DD tricks"),
    ("tricks", "Tricks"),
    ("play", "Play vs DD"),
    ("score", "Score"),
    ("par_score", "Par"),
    ("versus_par", "Score vs par"),
    ("versus_par_imps", "IMPs vs par"),
    ("par_contracts", "Par contracts"),
    ("reason", "Not measured"),
)

LAWS = resolve_ruleset("laws")
#: Duplicate premiums (Law 77): a made game, not vulnerable and vulnerable; a part-score.
GAME_PREMIUM = (300, 500)
PART_SCORE_PREMIUM = 50
SIDES = ("NS", "EW")
#: Our strains by endplay's Denom value (spades, hearts, diamonds, clubs, nt).
_STRAIN_OF_DENOM = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
#: endplay's Vul by (North–South vulnerable, East–West vulnerable): none 0, both 1, ns 2, ew 3.
_VUL = {(False, False): 0, (True, True): 1, (True, False): 2, (False, True): 3}


def available() -> bool:
    """Whether DDS (endplay) can be imported here: without it there is no double dummy and no par."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declarer's side's duplicate score for ``tricks`` taken (negative when defeated).

    Law 77: the trick score, overtricks, the insult and the slam bonus of a made contract
    (the ``laws`` preset's values), plus 300 (500 vulnerable) for a game — 100 trick points or
    more — or 50 for a part-score; a defeated one costs the undertricks.
    """
    extra = tricks - contract.tricks_needed
    if extra < 0:
        return -undertrick_points(-extra, contract.doubling, vulnerable, LAWS)
    below = trick_points(contract.level, contract.strain, contract.doubling, LAWS)
    score = below + overtrick_points(extra, contract.strain, contract.doubling, vulnerable, LAWS)
    if contract.doubling is Doubling.DOUBLED:
        score += LAWS.insult_doubled
    elif contract.doubling is Doubling.REDOUBLED:
        score += LAWS.insult_redoubled
    score += slam_points(contract.level, vulnerable, LAWS)
    score += GAME_PREMIUM[vulnerable] if below >= 100 else PART_SCORE_PREMIUM
    return score


def _contract_text(level: int, strain: Strain, doubling: int, declarer: int, result: int) -> str:
    marks = "X" * (doubling.bit_length() - 1)
    text = f"{level}{strain.letter}{marks} {SEATS[declarer]}"
    return f"{text} {result:+d}" if result else text


def solve(
    hands: Sequence[int], dealer: int, vulnerable: tuple[bool, bool]
) -> tuple[dict[str, dict[str, int]], int, str] | None:
    """The double-dummy table ``{strain: {seat: tricks}}``, the par score from North–South's
    side and the par contracts (``"4S N, 4S S"``; a sacrifice with its result, ``"5DX E -2"``)
    for four whole hands (masks by seat N, E, S, W); None for anything less than a whole
    deal, or without endplay."""
    table = dd_table(hands)
    if table is None:
        return None
    from endplay.dds import par
    from endplay.types import Denom, Player, Vul

    makeable = {
        strain.letter: {SEATS[seat]: int(table[Denom(denom), Player(seat)]) for seat in range(4)}
        for denom, strain in enumerate(_STRAIN_OF_DENOM)
    }
    makeable = {letter: makeable[letter] for letter in STRAIN_LETTERS}
    result = par(table, Vul(_VUL[vulnerable]), Player(dealer))
    # endplay's iterator reuses one record: read each contract as it comes.
    contracts = [
        _contract_text(c.level, _STRAIN_OF_DENOM[c.denom], int(c.penalty), int(c.declarer), c.result)
        for c in result
        if c.level
    ]
    return makeable, int(result.score), ", ".join(contracts) or "pass"


@functools.lru_cache(maxsize=4096)
def solve_memo(
    hands: tuple[int, ...], dealer: int, vulnerable: tuple[bool, bool]
) -> tuple[dict[str, dict[str, int]], int, str] | None:
    """:func:`solve`, remembered by the process: a duplicate evening's board is the same deal at
    every table, and the hand record page, the tables' analyses and a re-audit ask for it again
    (a solve is about half a second). The answer is shared: callers read it, never change it."""
    return solve(hands, dealer, vulnerable)


def _read_contract(text: str, declarer: str) -> Contract:
    """The report's ``"4SX"`` and ``"N"`` as a contract."""
    marks = len(text) - len(text.rstrip("X"))
    letters = text[1 : len(text) - marks]
    return Contract(
        level=int(text[0]),
        strain=Strain(STRAIN_LETTERS.index(letters)),
        doubling=Doubling(1 << marks),
        declarer=Seat.of(declarer),
    )


def analyse_game(report: dict[str, Any], log: Any) -> list[dict[str, Any]]:
    """One row per deal per seat (module docstring); ``report`` is the replay's report dict and
    ``log`` the parsed rubber log (rules.bridge.document.BridgeLog), whose deals give the hands."""
    return [row for rows in analyse_deals(report, log) for row in rows]


def analyse_deals(report: dict[str, Any], log: Any) -> Iterator[list[dict[str, Any]]]:
    """:func:`analyse_game` one deal at a time, in the report's order: each deal's rows, solved
    only when asked for, so the caller can stop at a budget between two deals (a DDS table is
    about a quarter of a second)."""
    solver = available()
    for deal, logged in zip(report["deals"], log.deals, strict=True):
        yield _deal_rows(deal, logged.hands, solver)


def _deal_rows(deal: dict[str, Any], hands: Sequence[int] | None, solver: bool) -> list[dict[str, Any]]:
    vul = deal["vulnerable"]
    vulnerable = (bool(vul["we"]), bool(vul["they"]))
    solved = solve(hands, Seat.of(deal["dealer"]), vulnerable) if hands is not None else None
    return deal_rows(deal, vulnerable, solved, solver)


def deal_rows(
    deal: dict[str, Any],
    vulnerable: tuple[bool, bool],
    solved: tuple[dict[str, dict[str, int]], int, str] | None,
    solver: bool,
) -> list[dict[str, Any]]:
    """The four seats' rows of one deal from what :func:`solve` found for its hands (None: the
    hands are not known, or no solver); ``deal`` a report's deal (``deal``, ``contract``,
    ``declarer``, ``tricks``). Shared with duplicate bridge (rules.bridge_duplicate.analytics),
    whose boards are scored the same way."""
    contract = None if deal["contract"] is None else _read_contract(deal["contract"], deal["declarer"])
    tricks = deal["tricks"] if contract is not None else None
    dd = None
    if solved is not None and contract is not None:
        dd = solved[0][contract.strain.letter][SEATS[contract.declarer]]
    score = None
    if contract is not None and tricks is not None:
        score = duplicate_score(contract, tricks, vulnerable[contract.side])
    if solved is None:
        reason: str | None = "hands_unknown" if solver else "no_solver"
    elif contract is None:
        reason = "passed_out"
    elif tricks is None:
        reason = "no_result"
    else:
        reason = None
    rows = []
    for seat in Seat:
        side = seat.side
        # The figures of the declarer's side, and their sign from this seat's side.
        sign = 1 if contract is None or contract.side == side else -1
        if contract is None:
            role = None
        elif seat == contract.declarer:
            role = "declarer"
        elif seat == contract.declarer.partner:
            role = "dummy"
        else:
            role = "defender"
        par_score = None if solved is None else solved[1] * (1 if side == 0 else -1)
        side_score = None if score is None else sign * score
        versus = None if side_score is None or par_score is None else side_score - par_score
        rows.append(
            {
                "deal": deal["deal"],
                "seat": int(seat),
                "side": SIDES[side],
                "role": role,
                "contract": deal["contract"],
                "declarer": deal["declarer"],
                "vulnerable": vulnerable[side],
                "dd_tricks": dd,
                "tricks": tricks,
                "play": None if dd is None or tricks is None else sign * (tricks - dd),
                "score": side_score,
                "par_score": par_score,
                "versus_par": versus,
                "versus_par_imps": None if versus is None else imps(versus),
                "par_contracts": None if solved is None else solved[2],
                "reason": reason,
            }
        )
    return rows


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def player_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's rows summed up: deals; luck, the mean par of his side's cards; skill, the mean
    result against par in IMPs (``versus_par_points`` the same in points); the declarer's play
    (tricks less double dummy when he declared) and the defence (the same when he defended, from
    his side). Means are None without rows."""
    par = [r["par_score"] for r in rows if r["par_score"] is not None]
    versus = [r["versus_par"] for r in rows if r["versus_par"] is not None]
    versus_imps = [r["versus_par_imps"] for r in rows if r.get("versus_par_imps") is not None]
    declaring = [r["play"] for r in rows if r["role"] == "declarer" and r["play"] is not None]
    defending = [r["play"] for r in rows if r["role"] == "defender" and r["play"] is not None]
    return {
        "deals": len(rows),
        "luck": _mean(par),
        "luck_deals": len(par),
        "skill": _mean(versus_imps),
        "skill_deals": len(versus_imps),
        "versus_par_points": _mean(versus),
        "declarer_play": _mean(declaring),
        "declarer_play_deals": len(declaring),
        "defence_play": _mean(defending),
        "defence_play_deals": len(defending),
    }
