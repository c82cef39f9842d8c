"""Duplicate bridge at one table: boards read strictly, checked against the hands, scored by the Laws."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge.analytics import duplicate_score
from rules.bridge.boards import deal_board, vulnerable_of
from rules.bridge.core import Contract, Doubling, Seat, Strain
from rules.bridge.document import hand_names
from rules.bridge.simulate import simulate
from rules.bridge.traveller import parse, replay, to_document
from rules.errors import MalformedDocument

PLAYERS = ["Анна", "Борис", "Вера", "Глеб"]
# Board 1 of the seed "kozyr-2026-12-04" (rules/bridge/boards.py pins it):
#   N AKJ54.KT4.A75.K7   E T87.A952.QT964.Q   S Q.J876.K83.98643   W 9632.Q3.J2.AJT52
BOARD_1 = deal_board("kozyr-2026-12-04", 1)
HANDS_1 = {s: hand_names(m) for s, m in zip("NESW", BOARD_1.hands, strict=True)}


def table(*boards: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "bridge-duplicate", "version": 1, "players": PLAYERS, "boards": list(boards), **top}


def codes(report: dict[str, Any]) -> list[tuple[str, int | None]]:
    return [(f["code"], f["deal"]) for f in report["findings"]]


def test_a_traveller_line_is_scored_by_the_laws() -> None:
    # Board 1: dealer North, nobody vulnerable. 3NT by North making 11, East leads ♥2:
    # 100 trick points + 2 overtricks × 30 + 300 game premium = 460 to North–South.
    # Board 3 (East–West vulnerable): 4♠ doubled by East, 8 tricks, two down doubled
    # vulnerable: 200 + 300 = 500 to North–South.
    rep = replay(
        parse(
            table(
                {"board": 1, "hands": HANDS_1, "contract": "3NT", "declarer": "N", "lead": "2H", "result": 11,
                 "score": 460},
                {"board": 3, "contract": "4SX", "declarer": "E", "result": 8, "score": 500},
            )
        )
    )  # fmt: skip
    assert rep["findings"] == []
    assert rep["status"] == 0
    assert rep["totals"] == [960, -960]
    assert [(b["board"], b["dealer"], b["vulnerable"], b["contract"], b["declarer"], b["lead"], b["tricks"],
             b["ns_score"]) for b in rep["boards"]] == [
        (1, "N", "None", "3NT", "N", "2H", 11, 460),
        (3, "S", "EW", "4SX", "E", None, 8, 500),
    ]  # fmt: skip


def test_a_lead_the_leader_was_not_dealt() -> None:
    # East leads against North's 3NT, and East holds ♠T87: the ♠K is North's.
    doc = table({"board": 1, "hands": HANDS_1, "contract": "3NT", "declarer": "N", "lead": "KS", "result": 9})
    rep = replay(parse(doc))
    assert codes(rep) == [("LEAD_NOT_IN_HAND", 1)]
    finding = rep["findings"][0]
    assert (finding["seat"], finding["card"], finding["severity"]) == (1, "KS", "error")
    assert finding["message"] == "board 1: the traveller has KS led, but Борис was not dealt KS"
    assert rep["status"] == 1


def test_a_written_score_the_laws_do_not_give() -> None:
    doc = table({"board": 1, "contract": "3NT", "declarer": "N", "result": 11, "score": 430})
    rep = replay(parse(doc))
    assert codes(rep) == [("SCORE_MISMATCH", 1)]
    assert rep["findings"][0]["params"] == {"form": "board", "board": 1, "written": 430, "score": 460}
    assert rep["boards"][0]["ns_score"] == 460


def test_the_boards_own_marks_are_played_with_a_warning() -> None:
    # Board 5 is North's deal, North–South vulnerable (Law 2); this board was marked East, all.
    # 2♥ by South making 8 is 60 + 50 = 110 whatever the vulnerability.
    doc = table(
        {"board": 5, "dealer": "E", "vulnerable": "All", "contract": "2H", "declarer": "S", "result": 8}
    )
    rep = replay(parse(doc))
    assert codes(rep) == [("BOARD_DEALER_DIFFERS", 1), ("BOARD_VULNERABLE_DIFFERS", 1)]
    assert [f["severity"] for f in rep["findings"]] == ["warning", "warning"]
    assert rep["findings"][0]["message"] == (
        "board 5: the log has Борис dealing, but on board 5 Анна deals (Law 2); the auction is read as the log has it"
    )
    assert (rep["boards"][0]["dealer"], rep["boards"][0]["vulnerable"], rep["boards"][0]["ns_score"]) == (
        "E",
        "All",
        110,
    )
    assert rep["status"] == 0


def test_a_passed_out_board_and_an_adjusted_one() -> None:
    doc = table(
        {"board": 4, "contract": "Pass", "lead": "AS"},
        {"board": 6, "auction": ["P", "P", "P", "P"], "score": 0},
        {"board": 7, "adjusted": {"ns": 60, "ew": 40}},
    )
    rep = replay(parse(doc))
    assert codes(rep) == [("LEAD_WITHOUT_CONTRACT", 1)]
    assert [b["ns_score"] for b in rep["boards"]] == [0, 0, None]
    assert rep["boards"][2]["adjusted"] == {"ns": 60, "ew": 40}
    assert rep["totals"] == [0, 0]


def test_the_lead_against_the_play() -> None:
    session = simulate(seed=3, deals=1, ruleset="laws").document
    deal = session["deals"][0]
    assert deal["play"], "the simulated deal is played"
    board = {k: v for k, v in deal.items() if k != "scores"}
    first = deal["play"][0][0]
    other = next(c for c in deal["play"][1] if c != first)
    rep = replay(parse(table({"board": 1, **board, "lead": other})))
    assert codes(rep) == [("LEAD_MISMATCH", 1)]
    assert rep["findings"][0]["params"]["lead_card"] == other
    assert rep["findings"][0]["card"] == first
    assert replay(parse(table({"board": 1, **board, "lead": first})))["findings"] == []


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([0.0, 0.3]))
def test_simulated_boards_replay_and_score_as_the_laws_say(seed: int, revoke_rate: float) -> None:
    # Deal i of a simulated session is dealt by (i − 1) mod 4 from North, as board i is (Law 2).
    simulated = simulate(seed=seed, deals=4, ruleset="laws", revoke_rate=revoke_rate)
    boards = [
        {"board": i, **{k: v for k, v in deal.items() if k not in ("scores", "dealer")}}
        for i, deal in enumerate(simulated.document["deals"], start=1)
    ]
    rep = replay(parse(table(*boards)))
    revokes = sorted((r.deal, r.trick) for r in simulated.revokes)
    found = sorted((f["deal"], f["trick"]) for f in rep["findings"] if f["code"] == "REVOKE")
    assert found == revokes
    assert {f["code"] for f in rep["findings"]} <= {"REVOKE", "RESULT_MISMATCH"}
    for row in rep["boards"]:
        if row["contract"] is None or rep["findings"]:
            continue
        level, strain = int(row["contract"][0]), row["contract"][1:].rstrip("X")
        contract = Contract(
            level,
            Strain(("C", "D", "H", "S", "NT").index(strain)),
            (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)[
                len(row["contract"]) - len(row["contract"].rstrip("X"))
            ],
            Seat("NESW".index(row["declarer"])),
        )
        side = contract.declarer % 2
        points = duplicate_score(contract, row["tricks"], vulnerable_of(row["board"])[side])
        assert row["ns_score"] == (points if side == 0 else -points)


REFUSALS = [
    ("wrong-game", {"game": "bridge-rubber"}, "game", "BRIDGE_DUPLICATE_GAME"),
    ("no-boards", {"boards": []}, "boards", "BRIDGE_DUPLICATE_BOARDS_LIST"),
    ("board-twice", {"boards": [{"board": 2, "contract": "Pass"}, {"board": 2, "contract": "Pass"}]},
     "boards[1].board", "BRIDGE_DUPLICATE_BOARD_TWICE"),
    ("no-contract", {"boards": [{"board": 2, "result": 9}]}, "boards[0].contract", "BRIDGE_DUPLICATE_CONTRACT_REQUIRED"),
    ("odd-score", {"boards": [{"board": 2, "contract": "1S", "declarer": "N", "result": 7, "score": 85}]},
     "boards[0].score", "BRIDGE_DUPLICATE_SCORE_TENS"),
    ("adjusted-with-result", {"boards": [{"board": 2, "adjusted": {"ns": 50, "ew": 50}, "result": 9}]},
     "boards[0].result", "BRIDGE_DUPLICATE_ADJUSTED_WITH_RESULT"),
    ("adjusted-over-100", {"boards": [{"board": 2, "adjusted": {"ns": 150, "ew": 50}}]},
     "boards[0].adjusted.ns", "READ_INT_RANGE"),
    ("pair-twice", {"pairs": {"ns": 3, "ew": 3}}, "pairs.ew", "BRIDGE_DUPLICATE_PAIR_TWICE"),
    ("bad-lead", {"boards": [{"board": 2, "contract": "1S", "declarer": "N", "result": 7, "lead": "ZZ"}]},
     "boards[0].lead", "READ_CARD_UNKNOWN"),
    ("no-board-number", {"boards": [{"contract": "Pass"}]}, "boards[0].board", "BRIDGE_REQUIRED"),
    ("unknown-field", {"boards": [{"board": 1, "contract": "Pass", "scores": {}}]}, "boards[0].scores",
     "READ_UNKNOWN_FIELD"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "path", "code"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_refusals_name_their_path(change: dict[str, Any], path: str, code: str) -> None:
    doc = {**table({"board": 1, "contract": "Pass"}), **change}
    with pytest.raises(MalformedDocument) as refused:
        parse(doc)
    assert refused.value.path == path
    assert refused.value.code == code


def test_the_canonical_document_reads_back_the_same() -> None:
    doc = table(
        {
            "board": 1,
            "hands": HANDS_1,
            "contract": "3NT",
            "declarer": "N",
            "lead": "2H",
            "result": 11,
            "score": 460,
        },
        {"board": 2, "adjusted": {"ns": 60, "ew": 40}},
        {"board": 3, "dealer": "W", "contract": "4SX", "declarer": "E", "result": 8},
        round=2,
        table=4,
        pairs={"ns": 4, "ew": 9},
        section="A",
    )
    log = parse(doc)
    assert parse(to_document(log)) == log
    canonical = to_document(log)
    assert canonical == {**copy.deepcopy(doc), "boards": canonical["boards"]}
    assert canonical["boards"][2]["dealer"] == "W"
    assert "dealer" not in canonical["boards"][0]
