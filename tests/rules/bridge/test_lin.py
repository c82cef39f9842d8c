"""BBO's LIN files read into duplicate table logs (rules/bridge/lin.py, docs/bridge-lin.md).

The files under tests/data/lin/ are written by hand for these tests; the complete play is
a simulated deal (rules.bridge.simulate) written out as LIN by the small writer below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.bridge import traveller
from rules.bridge.lin import read_lin
from rules.bridge.simulate import simulate
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "lin"

# The deal of tests/data/lin/two_boards.lin's board 1 (board 2 turns it a seat).
SOUTH = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "4D", "3D", "2D", "4C", "3C", "2C"]
WEST = ["TS", "9S", "8S", "7S", "JH", "TH", "9H", "AD", "KD", "QD", "7C", "6C", "5C"]
NORTH = ["6S", "5S", "4S", "3S", "8H", "7H", "6H", "JD", "TD", "9D", "AC", "KC", "QC"]
EAST = ["2S", "5H", "4H", "3H", "2H", "8D", "7D", "6D", "5D", "JC", "TC", "9C", "8C"]


def _replayed(document: dict[str, Any]) -> dict[str, Any]:
    return traveller.replay(traveller.parse(document))


def test_two_boards_with_names_alert_claim_and_a_board_passed_out() -> None:
    """CRLF line ends, pn given once, an alert with its explanation, a claim in the middle
    of trick 3, a board numbered by qx alone, a trailing pg|| and an unknown tag."""
    documents = read_lin((DATA / "two_boards.lin").read_bytes())
    assert documents == [
        {
            "game": "bridge-duplicate",
            "version": 1,
            "players": ["Vera", "Gleb", "Anna", "Boris"],
            "boards": [
                {
                    "board": 1,
                    "hands": {"N": NORTH, "E": EAST, "S": SOUTH, "W": WEST},
                    "auction": ["1C", "P", "1S", "P", "2S", "P", "4S", "P", "P", "P"],
                    "play": [["AD", "9D", "5D", "2D"], ["KD", "TD", "6D", "3D"], ["QD", "JD"]],
                    "claim": 10,
                },
                {
                    "board": 2,
                    "hands": {"N": WEST, "E": NORTH, "S": EAST, "W": SOUTH},
                    "auction": ["P", "P", "P", "P"],
                },
            ],
        }
    ]
    report = _replayed(documents[0])
    assert report["findings"] == []
    assert [(b["contract"], b["declarer"], b["tricks"], b["ns_score"]) for b in report["boards"]] == [
        ("4S", "S", 10, 420),
        (None, None, None, 0),
    ]


def test_a_string_reads_as_the_bytes_do() -> None:
    raw = (DATA / "two_boards.lin").read_bytes()
    assert read_lin(raw.decode().replace("\r\n", "\n")) == read_lin(raw)


def _lin_hand(cards: list[str]) -> str:
    return "".join(suit + "".join(c[0] for c in cards if c[1] == suit) for suit in "SHDC")


def _lin_call(call: str) -> str:
    return {"P": "p", "X": "d", "XX": "r"}.get(call, call.replace("NT", "N"))


def write_lin(deal: dict[str, Any], number: int, names: list[str]) -> str:
    """A simulated rubber deal as one board of LIN: names and hands South first, one card
    per pc, a page break after each trick."""
    hands = deal["hands"]
    dealer = "SWNE".index(deal["dealer"]) + 1
    vulnerable = {1: "o", 2: "n", 3: "e", 4: "b", 5: "n"}[number]
    lines = [
        f"qx|o{number}|pn|{','.join(names)}|st||md|{dealer}"
        + ",".join(_lin_hand(hands[seat]) for seat in "SWN")
        + f",|rh||ah|Board {number}|sv|{vulnerable}|",
        "".join(f"mb|{_lin_call(call)}|" for call in deal["auction"]) + "pg||",
    ]
    lines += ["".join(f"pc|{card[1]}{card[0]}|" for card in trick) + "pg||" for trick in deal["play"]]
    return "\n".join(lines) + "\n"


def _played_deal() -> dict[str, Any]:
    for seed in range(50):
        deal: dict[str, Any] = simulate(seed=seed, deals=1).document["deals"][0]
        if deal.get("play") and len(deal["play"]) == 13:
            return deal
    raise AssertionError("no simulated deal was played out")  # pragma: no cover


def test_a_simulated_deal_played_out_reads_back_trick_by_trick() -> None:
    deal = _played_deal()
    # Board 5: North deals (as the simulation's first deal), North–South vulnerable.
    text = write_lin(deal, 5, ["Sam", "Will", "Nina", "Ed"])
    documents = read_lin(text)
    assert documents == [
        {
            "game": "bridge-duplicate",
            "version": 1,
            "players": ["Nina", "Ed", "Sam", "Will"],
            "boards": [
                {
                    "board": 5,
                    "hands": {seat: sorted(deal["hands"][seat], key=_order) for seat in "NESW"},
                    "auction": deal["auction"],
                    "play": deal["play"],
                }
            ],
        }
    ]
    report = _replayed(documents[0])
    assert report["findings"] == []
    assert report["boards"][0]["tricks"] == deal["result"]


def _order(card: str) -> tuple[int, int]:
    return "SHDC".index(card[1]), -"23456789TJQKA".index(card[0])


def test_dealer_and_vulnerable_are_written_where_they_differ_from_law_2() -> None:
    text = (
        "pn|Anna,Boris,Vera,Gleb|md|1SAKQJHAKQD432C432,ST987HJT9DAKQC765,S6543H876DJT9CAKQ|"
        "ah|Board 1|sv|b|mb|p|mb|p|mb|p|mb|p|pg||"
    )
    board = read_lin(text)[0]["boards"][0]
    assert (board["dealer"], board["vulnerable"]) == ("S", "All")
    codes = [f["code"] for f in _replayed(read_lin(text)[0])["findings"]]
    assert codes == ["BOARD_DEALER_DIFFERS", "BOARD_VULNERABLE_DIFFERS"]


def test_tables_are_grouped_by_their_four_players() -> None:
    deal = "md|3SAKQJHAKQD432C432,ST987HJT9DAKQC765,S6543H876DJT9CAKQ,|mb|p|mb|p|mb|p|mb|p|"
    text = (
        f"qx|o1|pn|Anna,Boris,Vera,Gleb|{deal}\n"
        f"qx|c1|pn|Ira,Kim,Lev,Max|{deal}\n"
        f"qx|o2|pn|Anna,Boris,Vera,Gleb|{deal.replace('md|3', 'md|4')}\n"
    )
    documents = read_lin(text)
    assert [(d["players"], [b["board"] for b in d["boards"]]) for d in documents] == [
        (["Vera", "Gleb", "Anna", "Boris"], [1, 2]),
        (["Lev", "Max", "Ira", "Kim"], [1]),
    ]


def test_a_vugraph_pn_of_eight_names_seats_each_room() -> None:
    deal = "md|3SAKQJHAKQD432C432,ST987HJT9DAKQC765,S6543H876DJT9CAKQ,|mb|p|mb|p|mb|p|mb|p|"
    text = f"vg|Cup,1,I,1,2,A,0,B,0|pn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\nqx|o1|{deal}pg||\nqx|c1|{deal}pg||\n"
    assert [d["players"] for d in read_lin(text)] == [["n1", "e1", "s1", "w1"], ["n2", "e2", "s2", "w2"]]


def _refusal(raw: str | bytes) -> tuple[str, str, dict[str, Any]]:
    with pytest.raises(MalformedDocument) as caught:
        read_lin(raw)
    return caught.value.path, caught.value.code, caught.value.params


def test_a_bad_card_in_md_names_the_board_and_the_line() -> None:
    assert _refusal((DATA / "bad_card_in_md.lin").read_bytes()) == (
        "boards[0].md",
        "BRIDGE_LIN_HAND",
        {"board": "3", "line": 1, "compass": "N", "hand": "S6543H876DJT9CAKX", "text": "X"},
    )


def test_a_card_played_twice_names_the_board_and_the_line() -> None:
    path, code, params = _refusal((DATA / "played_twice.lin").read_bytes())
    assert (path, code, params) == (
        "boards[0].pc",
        "BRIDGE_LIN_PLAYED_TWICE",
        {"board": "4", "line": 4, "card": "AD", "first": 3},
    )


GOOD_MD = "md|3SAKQJHAKQD432C432,ST987HJT9DAKQC765,S6543H876DJT9CAKQ,|"


@pytest.mark.parametrize(
    ("text", "path", "code", "params"),
    [
        ("", "boards", "BRIDGE_LIN_NO_BOARD", {}),
        (
            f"pn|a,b,c,d|{GOOD_MD}ah|Board 0|",
            "boards[0].ah",
            "BRIDGE_LIN_BOARD_NUMBER",
            {"board": "Board 0", "line": 1, "tag": "ah", "value": "Board 0"},
        ),
        (f"pn|a,b,c,d|{GOOD_MD}", "boards[0].ah", "BRIDGE_LIN_BOARD_REQUIRED", {"board": "#1", "line": 1}),
        (f"qx|o1|{GOOD_MD}", "boards[0].pn", "BRIDGE_LIN_NAMES_REQUIRED", {"board": "1", "line": 1}),
        (
            f"qx|o1|pn|a,b,a,d|{GOOD_MD}",
            "boards[0].pn",
            "BRIDGE_LIN_NAMES",
            {"board": "1", "line": 1, "value": "a,b,a,d"},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}\nqx|o1|{GOOD_MD}mb|p|mb|p|mb|p|mb|p|",
            "boards[1].ah",
            "BRIDGE_LIN_BOARD_TWICE",
            {"board": "1", "line": 2, "first": 1},
        ),
        ("qx|o1|pn|a,b,c,d|\nsv|o|", "boards[0].md", "BRIDGE_LIN_DEAL_REQUIRED", {"board": "1", "line": 1}),
        (
            "qx|o1|pn|a,b,c,d|\nmd|5SAKQJHAKQD432C432|",
            "boards[0].md",
            "BRIDGE_LIN_DEALER",
            {"board": "1", "line": 2, "value": "5"},
        ),
        (
            "qx|o1|pn|a,b,c,d|md|3SAKQJHAKQD432C432,ST987HJT9DAKQC765|",
            "boards[0].md",
            "BRIDGE_LIN_HANDS",
            {"board": "1", "line": 1, "count": 2},
        ),
        (
            "qx|o1|pn|a,b,c,d|md|3SAKQJHAKQD432C432,SA987HJT9DAKQC765,S6543H876DJT9CAKQ|",
            "boards[0].md",
            "BRIDGE_LIN_DEALT_TWICE",
            {"board": "1", "line": 1, "card": "AS", "compass": "S", "other_compass": "W"},
        ),
        (
            "qx|o1|pn|a,b,c,d|md|3SAKQJHAKQD432C43,ST987HJT9DAKQC765,S6543H876DJT9CAKQ|",
            "boards[0].md",
            "BRIDGE_LIN_HAND_SIZE",
            {"board": "1", "line": 1, "compass": "S", "count": 12},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}sv|x|",
            "boards[0].sv",
            "BRIDGE_LIN_VULNERABLE",
            {"board": "1", "line": 1, "value": "x"},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}\nmb|1C|mb|8S|",
            "boards[0].mb",
            "BRIDGE_LIN_CALL",
            {"board": "1", "line": 2, "text": "8S"},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}\nmb|1C|mb|p|\n",
            "boards[0].mb",
            "BRIDGE_LIN_AUCTION_UNFINISHED",
            {"board": "1", "line": 2, "count": 2},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|\npc|D1|",
            "boards[0].pc",
            "BRIDGE_LIN_CARD",
            {"board": "1", "line": 2, "text": "D1"},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|p|mb|p|mb|p|mb|p|\nmc|0|",
            "boards[0].mc",
            "BRIDGE_LIN_NO_CONTRACT",
            {"board": "1", "line": 2, "tag": "mc"},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|\npc|D2|",
            "boards[0].pc",
            "BRIDGE_LIN_PLAY_UNFINISHED",
            {"board": "1", "line": 2, "trick": 1},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|",
            "boards[0].pc",
            "BRIDGE_LIN_RESULT_REQUIRED",
            {"board": "1", "line": 1, "contract": "1C"},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|\nmc|14|",
            "boards[0].mc",
            "BRIDGE_LIN_CLAIM",
            {"board": "1", "line": 2, "value": "14", "count": 0},
        ),
        (
            f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|\nmc",
            "boards[0].mc",
            "BRIDGE_LIN_OPEN_TAG",
            {"board": "#1", "line": 2, "tag": "mc"},
        ),
    ],
)
def test_refusals_name_the_board_and_the_line(
    text: str, path: str, code: str, params: dict[str, Any]
) -> None:
    assert _refusal(text) == (path, code, params)


def test_a_claim_counts_the_tricks_still_to_play() -> None:
    """mc is the declarer's side's tricks in the whole deal; the log's claim those left."""
    text = (
        f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|"  # 1C by North, East leads
        "pc|S2|pc|SA|pc|S7|pc|S3|"  # North–South win trick 1
        "mc|12|"
    )
    board = read_lin(text)[0]["boards"][0]
    assert (board["play"], board["claim"]) == ([["2S", "AS", "7S", "3S"]], 11)
    report = _replayed(read_lin(text)[0])
    assert report["findings"] == []
    assert report["boards"][0]["tricks"] == 12


def test_unknown_tags_and_alerts_are_ignored() -> None:
    plain = f"qx|o1|pn|a,b,c,d|{GOOD_MD}mb|1C|mb|p|mb|p|mb|p|mc|7|"
    noisy = f"qx|o1|pn|a,b,c,d|st||{GOOD_MD}rh||nt|hello|mb|1C!|an|natural|mb|p|zz|?|mb|p|mb|p|pg||mc|7|pg||"
    assert read_lin(noisy) == read_lin(plain)
