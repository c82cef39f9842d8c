"""The double-dummy table against endplay's calc_dd_table, and without endplay."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

from rules.bridge import parse
from rules.bridge.analysis import available, makeable
from rules.bridge.pbn import read_pbn

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"
DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def deals():
    for path in sorted(DATA.glob("*.pbn")):
        text = path.read_text()
        tags = [line.split('"')[1] for line in text.splitlines() if line.startswith("[Deal ")]
        log = parse(read_pbn(text))
        for deal, tag in zip(log.deals, tags, strict=True):
            yield pytest.param(deal.hands, tag, id=f"{path.stem}-{deal.board}")


@pytest.mark.parametrize(("hands", "tag"), list(deals()))
def test_the_table_is_endplays(hands, tag):
    table = calc_dd_table(Deal(tag))  # the file's own Deal tag, read by endplay
    expected = {s: {p: table[DENOMS[s], PLAYERS[p]] for p in "NESW"} for s in ("C", "D", "H", "S", "NT")}
    assert makeable(hands) == expected


def test_a_hand_by_hand_check_of_the_first_board():
    log = parse(read_pbn((DATA / "rubber.pbn").read_bytes()))
    table = makeable(log.deals[0].hands)
    assert list(table) == ["C", "D", "H", "S", "NT"]
    assert table["H"] == {"N": 12, "E": 1, "S": 12, "W": 1}
    assert table["NT"] == {"N": 11, "E": 2, "S": 11, "W": 2}


def test_not_a_whole_deal_is_no_table():
    hands = parse(read_pbn((DATA / "rubber.pbn").read_bytes())).deals[0].hands
    assert makeable((hands[0], hands[1], hands[2], 0)) is None
    assert makeable((hands[0], hands[1], hands[2])) is None
    assert makeable((hands[0], hands[0], hands[2], hands[3])) is None  # a card twice, one missing


def test_without_endplay_there_is_no_table(monkeypatch):
    hands = parse(read_pbn((DATA / "rubber.pbn").read_bytes())).deals[0].hands
    assert available()
    monkeypatch.setitem(sys.modules, "endplay.dds", None)  # import endplay.dds raises ImportError
    assert not available()
    assert makeable(hands) is None


def test_a_deal_is_solved_once_per_process():
    """The solver's table is remembered by the deal (rules/bridge/analysis._solved): the second
    ask is a lookup giving the same table, and a deal with its hands turned is another deal."""
    from rules.bridge.analysis import _solved

    hands = parse(read_pbn((DATA / "rubber.pbn").read_bytes())).deals[0].hands
    first = makeable(hands)
    before = _solved.cache_info()
    assert makeable(list(hands)) == first
    after = _solved.cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) == (1, 0)
    turned = [*hands[1:], hands[0]]
    assert makeable(turned) == {
        s: {p: first[s]["NESW"[("NESW".index(p) + 1) % 4]] for p in "NESW"} for s in first
    }
