"""PBN 2.1 in and out (rules/bridge/pbn.py): the hand-written sample files read to their exact
documents, endplay's reading of the same files agrees, round trips are stable, malformed
boards name their path and line, and import-format syntax (comments, escapes, CRLF, BOM,
directives, inheritance, AP, padding, irregularity marks) is read as PBN 2.1 says."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Card, ContractBid, Denom, Player
from endplay.utils.play import trick_winner as endplay_trick_winner
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge.pbn import read_pbn, trick_winner, write_pbn
from rules.cards import NAME, RANK_OF, SUIT_OF, parse_card
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"
SAMPLES = ("rubber", "passout", "revoke", "claim")
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]
EVENT = {"name": "Club rubber evening", "site": "Moscow", "date": "2024.03.14"}


def sample(name: str) -> str:
    return (DATA / f"{name}.pbn").read_text(encoding="utf-8")


def hands(deal: str) -> dict[str, list[str]]:
    """A PBN Deal value to the canonical hands, independently of the reader."""
    first, _, rest = deal.partition(":")
    seats = "NESW"
    out = {}
    for offset, hand in enumerate(rest.split()):
        seat = seats[(seats.index(first) + offset) % 4]
        out[seat] = [
            rank + suit for suit, ranks in zip("SHDC", hand.split("."), strict=True) for rank in ranks
        ]
    return {s: out[s] for s in seats}


def tricks(text: str) -> list[list[str]]:
    """Tricks in played order written as 'QS KS 6S JS / KD 4D 3D AD / ...'."""
    return [t.split() for t in text.split("/")]


# --------------------------------------------------------------------------------------------
# The sample files, document for document

RUBBER_DEALS: list[dict[str, Any]] = [
    {
        "board": 1,
        "dealer": "N",
        "vulnerable": "None",
        "hands": hands("N:AJ.KQT2.J3.AK983 Q75432..AT72.QT5 KT9.AJ93.KQ865.6 86.87654.94.J742"),
        "auction": ["1H", "P", "3H", "P", "4H", "P", "P", "P"],
        "play": tricks(
            "QS KS 6S JS / KD 4D 3D AD / 7S 9S 8S AS / AC 5C 6C 2C / KC TC 5D 4C / KH 2S 3H 4H /"
            "9C QC 9H 7C / QD 9D JD 2D / 8D 5H TH 7D / 8C 3S 6D JC / 8H QH 4S JH / 3C 5S TS 6H /"
            "7H 2H TD AH"
        ),
        "result": 10,
        "contract": "4H",
        "declarer": "N",
        "scores": {"we": {"above": [], "below": [120]}, "they": {"above": [], "below": []}},
    },
    {
        "board": 2,
        "dealer": "E",
        "vulnerable": "NS",
        "hands": hands("E:53.K32.65.AKT987 82.9865.T42.5432 AJ94.AJ7.AK98.Q6 KQT76.QT4.QJ73.J"),
        "auction": ["3NT", "P", "P", "P"],
        "play": tricks(
            "9H JH QH KH / AC 2C 6C JC / KC 3C QC 3D / TC 4C 4S 4H / 9C 5C 7H 6S / 5S 8S 9S TS /"
            "KS 3S 2S AS / AD 7D 5D 2D / KD JD 6D 4D / 9D QD 2H TD / QS 3H 5H JS / 7S 7C 6H 8D /"
            "TH 8C 8H AH"
        ),
        "result": 9,
        "contract": "3NT",
        "declarer": "E",
        "scores": {"we": {"above": [], "below": []}, "they": {"above": [], "below": [100]}},
    },
    {
        "board": 3,
        "dealer": "S",
        "vulnerable": "All",
        "hands": hands("S:AK6.Q984.J92.Q62 Q42.62.Q7653.AK4 853.AJ75.K8.T953 JT97.KT3.AT4.J87"),
        "auction": ["1H", "2D", "2H", "P", "P", "3D", "P", "P", "X", "P", "P", "P"],
        "play": tricks(
            "AH 3H 4H 2H / TC JC QC KC / QD KD AD 2D / JS KS 2S 3S / QH 6H 5H KH / TS AS 4S 5S /"
            "9H 3D 7H TH / 7D 8D TD JD / 6C AC 3C 7C / 6D 5C 4D 9D / 6S QS 8S 7S / 4C 9C 8C 2C /"
            "JH 9S 8H 5D"
        ),
        "result": 7,
        "contract": "3DX",
        "declarer": "W",
        "scores": {"we": {"above": [500], "below": []}, "they": {"above": [], "below": []}},
    },
    {
        "board": 4,
        "dealer": "W",
        "vulnerable": "All",
        "hands": hands("W:862.Q83.JT962.42 KJ4.AJ94.K74.JT8 Q97.K76.853.9765 AT53.T52.AQ.AKQ3"),
        "auction": ["P", "1NT", "P", "3NT", "P", "P", "P"],
        "play": tricks(
            "9C QC 2C 8C / AS 2S 4S 7S / TS 6S JS QS / KH 2H 3H AH / JH 6H 5H QH / JD KD 3D QD /"
            "9H 7H TH 8H / AC 4C TC 5C / 5S 8S KS 9S / 7D 8D AD 2D / KC 6D JC 6C / 3S 9D 4H 5D /"
            "3C TD 4D 7C"
        ),
        "result": 10,
        "contract": "3NT",
        "declarer": "N",
    },
]

#: The leader of each trick, in the order played (the first card of each trick above).
RUBBER_LEADERS = ["ESENNNNSSNWNW", "SEEEEENWWWNNN", "NNWESESWSWSWN", "ESSENWNSSNSSS"]

EXPECTED: dict[str, dict[str, Any]] = {
    "rubber": {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": "seed",
        "players": PLAYERS,
        "event": EVENT,
        "deals": RUBBER_DEALS,
    },
    "passout": {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": "seed",
        "players": PLAYERS,
        "event": EVENT,
        "deals": [
            {
                "board": 5,
                "dealer": "E",
                "vulnerable": "None",
                "hands": hands("E:Q9.K8.QJ762.K965 A83.QT97.T5.QJ74 KJT742.J653.A.A2 65.A42.K9843.T83"),
                "auction": ["P", "P", "P", "P"],
                "contract": "Pass",
            }
        ],
    },
    "revoke": {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": "seed",
        "players": PLAYERS,
        "event": EVENT,
        "deals": [
            {
                "board": 6,
                "dealer": "S",
                "vulnerable": "None",
                "hands": hands("S:K532.Q8.Q85.K642 T.A753.T632.JT53 QJ764.J6.AKJ.AQ8 A98.KT942.974.97"),
                "auction": ["P", "P", "1C", "1H", "1S", "2H", "4S", "P", "P", "P"],
                "play": tricks(
                    "AH 6H 2H 8H / TD JD 4D 5D / QS AS 2S TS / KH QH 2D JH / TH 3S 3H 8C /"
                    "KC 3C QC 7C / 6C TC AC 9C / JS 8S 5S 3D / 7S 9S KS 5H / QD 6D KD 7D /"
                    "6S 4H 2C 5C / AD 9D 8D 7H / 4S 9H 4C JC"
                ),
                "result": 10,
                "contract": "4S",
                "declarer": "S",
                "irregularities": [{"trick": 4, "seat": "W", "mark": "R"}],
            }
        ],
    },
    "claim": {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": "seed",
        "players": PLAYERS,
        "event": {"name": 'The "Thursday" rubber'},
        "deals": [
            {
                "board": 7,
                "dealer": "W",
                "vulnerable": "None",
                "hands": hands("W:AQ63.Q53..AKT975 J2.74.AKQJT2.Q84 84.AKJ986.985.J2 KT975.T2.7643.63"),
                "auction": ["1C", "2D", "X", "P", "2H", "P", "P", "P"],
                "play": tricks(
                    "AD 5D 3D 3H / AC 4C 2C 3C / KC 8C JC 6C / AS 2S 4S 5S / TC QC 6H TH /"
                    "KS 3S JS 8S / TS QS 4H 8H / AH 2H 5H 7H"
                ),
                "claim": 3,
                "result": 9,
                "contract": "2H",
                "declarer": "W",
            }
        ],
    },
}


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_file_reads_to_its_exact_document(name: str) -> None:
    assert read_pbn(sample(name)) == EXPECTED[name]


def test_sample_files_are_consistent_deals() -> None:
    """52 distinct cards per deal and every card played from its owner's hand, following suit
    except at the marked revoke: the samples are worth testing against."""
    for name in SAMPLES:
        for deal in EXPECTED[name]["deals"]:
            owner = {card: seat for seat, hand in deal["hands"].items() for card in hand}
            assert len(owner) == 52
            held = {seat: set(hand) for seat, hand in deal["hands"].items()}
            revokes = {(m["trick"], m["seat"]) for m in deal.get("irregularities", [])}
            for number, trick in enumerate(deal.get("play", []), start=1):
                led = trick[0][1]
                for card in trick:
                    seat = owner[card]
                    followed = card[1] == led or not any(c[1] == led for c in held[seat])
                    assert followed != ((number, seat) in revokes), (name, number, card)
                    held[seat].remove(card)


def test_rubber_tricks_are_led_by_the_previous_winner() -> None:
    """The opening lead is declarer's left; each next trick is led by the seat that won."""
    for deal, leaders in zip(RUBBER_DEALS, RUBBER_LEADERS, strict=True):
        owner = {card: seat for seat, hand in deal["hands"].items() for card in hand}
        assert [owner[t[0]] for t in deal["play"]] == list(leaders)
        assert "NESW"[("NESW".index(deal["declarer"]) + 1) % 4] == leaders[0]


# --------------------------------------------------------------------------------------------
# Differential: endplay's PBN parser on the same files


def _endplay_card(card: Card) -> str:
    return card.rank.name[1:] + card.suit.name[0].upper()


def _endplay_call(bid: Any) -> str:
    if isinstance(bid, ContractBid):
        return f"{bid.level}{'NT' if bid.denom == Denom.nt else bid.denom.name[0].upper()}"
    return {"passed": "P", "doubled": "X", "redoubled": "XX"}[bid.penalty.name]


def _endplay_view(text: str) -> list[dict[str, Any]]:
    out = []
    for board in endplay_pbn.loads(text):
        view: dict[str, Any] = {
            "dealer": board.dealer.name[0].upper(),
            "hands": {p.name[0].upper(): [_endplay_card(c) for c in board.deal[p]] for p in Player},
            "auction": [_endplay_call(b) for b in board.auction],
            "play": [_endplay_card(c) for c in board.play],
        }
        out.append(view)
    return out


def _our_view(text: str) -> list[dict[str, Any]]:
    out = []
    for deal in read_pbn(text)["deals"]:
        out.append(
            {
                "dealer": deal["dealer"],
                "hands": deal["hands"],
                "auction": deal["auction"],
                "play": [card for trick in deal.get("play", []) for card in trick],
            }
        )
    return out


def _sorted_hands(view: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for board in view:
        board["hands"] = {s: sorted(h) for s, h in board["hands"].items()}
    return view


@pytest.mark.parametrize("name", ["rubber", "passout", "claim"])
def test_endplay_reads_the_same_deals_auctions_and_play(name: str) -> None:
    text = sample(name)
    assert _sorted_hands(_our_view(text)) == _sorted_hands(_endplay_view(text))


def test_endplay_cannot_read_irregularity_marks_but_agrees_without_them() -> None:
    text = sample("revoke")
    with pytest.raises(ValueError, match="Denom"):
        endplay_pbn.loads(text)
    stripped = text.replace("^R ", "")
    assert _sorted_hands(_our_view(text)) == _sorted_hands(_endplay_view(stripped))
    assert read_pbn(stripped)["deals"][0].get("irregularities") is None


def test_endplay_misreads_all_pass_and_seat_padding() -> None:
    """Why we parse ourselves (docs/bridge-pbn.md): endplay adds three passes for AP whatever
    came before, and stops the auction at the '-' that pads the seats before the dealer."""
    ap = '[Result "7"]\n[Dealer "N"]\n[Auction "N"]\n1S Pass AP\n'
    assert [_endplay_call(b) for b in endplay_pbn.loads(ap)[0].auction] == ["1S", "P", "P", "P", "P"]
    assert read_pbn(ap)["deals"][0]["auction"] == ["1S", "P", "P", "P"]
    passed = '[Dealer "N"]\n[Auction "N"]\nAP\n'
    assert len(endplay_pbn.loads(passed)[0].auction) == 3
    assert read_pbn(passed)["deals"][0]["auction"] == ["P", "P", "P", "P"]
    padded = '[Result "7"]\n[Dealer "N"]\n[Auction "W"]\n- 1S Pass Pass\nPass\n'
    assert endplay_pbn.loads(padded)[0].auction == []
    assert read_pbn(padded)["deals"][0]["auction"] == ["1S", "P", "P", "P"]


CARDS = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


@given(CARDS, st.sampled_from([None, 0, 1, 2, 3]))
@settings(max_examples=300, deadline=None)
def test_trick_winner_agrees_with_endplay(cards: list[int], trump: int | None) -> None:
    denom = Denom.nt if trump is None else Denom(trump)
    theirs = endplay_trick_winner([Card(NAME[c][1] + NAME[c][0]) for c in cards], Player.north, denom)
    assert trick_winner(cards, trump) == theirs.value


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        (["2S", "AS", "KS", "QS"], None, 1),  # highest of the suit led
        (["2S", "AH", "AD", "AC"], None, 0),  # no-trump: discards never win
        (["AS", "2H", "KS", "QS"], 1, 1),  # a ruff beats the suit led
        (["AS", "2H", "3H", "QS"], 1, 2),  # an overruff beats the ruff
        (["AS", "2H", "AD", "KS"], 2, 2),  # whichever trump suit the contract names
        (["5C", "9C", "2D", "KC"], 3, 3),  # led suit is trump
    ],
)
def test_trick_winner(cards: list[str], trump: int | None, winner: int) -> None:
    assert trick_winner([parse_card(c) for c in cards], trump) == winner


# --------------------------------------------------------------------------------------------
# Round trips


@pytest.mark.parametrize("name", SAMPLES)
def test_read_write_read_is_stable(name: str) -> None:
    document = read_pbn(sample(name))
    text = write_pbn(document)
    assert read_pbn(text) == document
    assert write_pbn(read_pbn(text)) == text


def test_write_is_pbn_export_format() -> None:
    text = write_pbn(read_pbn(sample("rubber")))
    assert text.startswith("% PBN 2.1\n% EXPORT\n[Event ")
    games = text.split("\n\n")
    assert len(games) == 4
    first = games[0].splitlines()
    assert re.findall(r"^\[(\w+) ", games[0], re.MULTILINE) == [
        "Event",
        "Site",
        "Date",
        "Board",
        "West",
        "North",
        "East",
        "South",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Scoring",
        "Declarer",
        "Contract",
        "Result",
        "ScoreRubber",
        "Auction",
        "Play",
    ]
    assert '[Vulnerable "None"]' in first  # as the document records it
    unrecorded = read_pbn(sample("rubber"))
    for deal in unrecorded["deals"]:
        del deal["vulnerable"]
    assert (
        re.findall(r'\[Vulnerable "(.*)"\]', write_pbn(unrecorded)) == ["?"] * 4
    )  # unknown without the rubber
    assert first[first.index('[Auction "N"]') + 1] == "1H Pass 3H Pass"
    assert first[first.index('[Play "E"]') + 1] == "SQ SK S6 SJ"


RUBBER_SCORES = [
    {"we": {"above": 0, "below": 120}, "they": {"above": 0, "below": 0}, "games": [1, 0]},
    {"we": {"above": 0, "below": 0}, "they": {"above": 0, "below": 100}, "games": [1, 1]},
    {"we": {"above": [500], "below": []}, "they": {"above": [], "below": []}, "games": [1, 1]},
    {"we": {"above": [30], "below": [100, 500]}, "they": {"above": 0, "below": 0}, "games": [2, 1]},
]


def test_rubber_scores_give_vulnerability_score_and_history() -> None:
    document = read_pbn(sample("rubber"))
    document["deals"].append(copy.deepcopy(document["deals"][0]) | {"board": 5})
    scores = [
        *RUBBER_SCORES,
        {"we": {"above": 0, "below": 0}, "they": {"above": 0, "below": 60}, "games": [0, 0]},
    ]
    text = write_pbn(document, rubber_scores=scores)
    assert re.findall(r'\[Vulnerable "(.*)"\]', text) == ["None", "NS", "All", "All", "None"]
    assert re.findall(r'\[ScoreRubber "(.*)"\]', text) == [
        "NS 0/120 EW 0/0",
        "NS 0/0 EW 0/100",
        "NS 500/0 EW 0/0",
        "NS 30/600 EW 0/0",
        "NS 0/0 EW 0/60",
    ]
    assert re.findall(r'\[ScoreRubberHistory "(.*)"\]', text) == [
        "NS 0 0/0 EW 0 0/0",
        "NS 0 0/120 0 EW 0 0/0 0",
        "NS 0 0/120 0 0 EW 0 0/0 100 0",
        "NS 0 500/120 0 0 EW 0 0/0 100 0",
        "NS 1250 0/0 EW 100 0/0",  # a new rubber: the finished one is carried as previous points
    ]
    assert read_pbn(text)["deals"][3]["scores"] == {
        "we": {"above": [30], "below": [600]},
        "they": {"above": [], "below": []},
    }


@pytest.mark.parametrize(
    ("scores", "path"),
    [
        (RUBBER_SCORES[:3], "rubber_scores"),
        ([*RUBBER_SCORES[:3], RUBBER_SCORES[3] | {"games": [2, 2]}], "rubber_scores[3].games"),
        ([RUBBER_SCORES[0] | {"games": [2, 0]}, *RUBBER_SCORES[1:]], "rubber_scores[0].games"),
        ([RUBBER_SCORES[0] | {"we": {"above": "lots"}}, *RUBBER_SCORES[1:]], "rubber_scores[0].we.above"),
    ],
)
def test_bad_rubber_scores_name_their_path(scores: list[dict[str, Any]], path: str) -> None:
    with pytest.raises(MalformedDocument) as exc:
        write_pbn(read_pbn(sample("rubber")), rubber_scores=scores)
    assert exc.value.path == path


def _document(**deal: Any) -> dict[str, Any]:
    return {"game": "bridge-rubber", "version": 1, "ruleset": "seed", "players": PLAYERS, "deals": [deal]}


def test_write_then_read_keeps_the_document_and_records_what_it_derives() -> None:
    """A document without recorded contract, declarer and result comes back with them,
    derived from the auction and the play (declarer: first of the side to name the strain)."""
    deal = copy.deepcopy(RUBBER_DEALS[2])
    for key in ("contract", "declarer", "result", "scores", "board"):
        del deal[key]
    document = _document(**deal)
    back = read_pbn(write_pbn(document))
    assert back["deals"][0] == deal | {"board": 1, "contract": "3DX", "declarer": "W", "result": 7}
    assert back["players"] == PLAYERS
    assert "event" not in back


def test_write_then_read_keeps_irregularities_claims_and_partial_hands() -> None:
    deal = {
        "board": "12a",
        "dealer": "E",
        "hands": {"N": RUBBER_DEALS[0]["hands"]["N"]},
        "auction": ["1D", "1S", "P", "1D", "X", "XX", "P", "P", "P"],
        "auction_start": "S",
        "play": [["AH", "2H", "KH", "QH"], ["AC", "2S", "3C"]],
        "claim": 4,
        "contract": "1DXX",
        "declarer": "S",
        "irregularities": [
            {"call": 3, "seat": "N", "mark": "S"},
            {"call": 4, "seat": "S", "mark": "I"},
            {"trick": 1, "seat": "N", "mark": "L"},
            {"trick": 2, "seat": "E", "mark": "R"},
            {"seat": "S", "mark": "D"},
        ],
    }
    text = write_pbn(_document(**deal))
    assert '[Auction "S"]' in text
    assert "1D 1S ^S Pass\n^I 1D X XX Pass\nPass Pass" in text
    assert '[Declarer "^S"]' in text
    assert '[Play "W"]\nHQ ^L HA H2 HK\n- CA ^R S2 C3\n*' in text
    back = read_pbn(text)["deals"][0]
    assert back == deal | {"result": 5}


def test_write_rejects_what_it_cannot_write() -> None:
    with pytest.raises(MalformedDocument) as exc:
        write_pbn(_document(dealer="N", auction=["1S", "P"], play=[["AS", "2S", "3S", "4S"]]))
    assert exc.value.path == "deals[0].play"
    with pytest.raises(MalformedDocument) as exc:
        write_pbn(_document(dealer="N", auction=["1S", "Bogus"]))
    assert exc.value.path == "deals[0].auction[1]"
    with pytest.raises(MalformedDocument) as exc:
        write_pbn(_document(dealer="Q", auction=[]))
    assert exc.value.path == "deals[0].dealer"
    with pytest.raises(MalformedDocument) as exc:
        write_pbn(_document(dealer="N", auction=["1S", "P", "P", "P"], play=[["AS", "2S"], ["3S"]]))
    assert exc.value.path == "deals[0].play[0]"


STRAINS = ["C", "D", "H", "S", "NT"]


def _legal_play(
    deal_hands: list[list[int]], leader: int, trump: int | None, rng: random.Random
) -> list[list[int]]:
    held = [list(h) for h in deal_hands]
    played = []
    for _ in range(13):
        trick: list[int] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            options = [c for c in held[seat] if trick and SUIT_OF[c] == SUIT_OF[trick[0]]] or held[seat]
            card = rng.choice(options)
            held[seat].remove(card)
            trick.append(card)
        played.append(trick)
        leader = (leader + trick_winner(trick, trump)) % 4
    return played


@given(st.randoms(use_true_random=False), st.integers(0, 3), st.integers(1, 7), st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_any_legal_deal_survives_write_then_read(
    rng: random.Random, dealer: int, level: int, strain: int
) -> None:
    deck = list(range(52))
    rng.shuffle(deck)
    dealt = [sorted(deck[13 * i : 13 * i + 13], key=lambda c: (SUIT_OF[c], -RANK_OF[c])) for i in range(4)]
    bid = f"{level}{STRAINS[strain]}"
    auction = ["P"] * rng.randrange(4) + [bid, "P", "P", "P"]
    declarer = (dealer + len(auction) - 4) % 4
    trump = [3, 2, 1, 0, None][strain]
    stop = rng.randrange(1, 14)
    played = _legal_play(dealt, (declarer + 1) % 4, trump, rng)[:stop]
    deal: dict[str, Any] = {
        "dealer": "NESW"[dealer],
        "hands": {"NESW"[s]: [NAME[c] for c in dealt[s]] for s in range(4)},
        "auction": auction,
        "play": [[NAME[c] for c in t] for t in played],
    }
    back = read_pbn(write_pbn(_document(**deal)))["deals"][0]
    assert back["play"] == deal["play"]
    assert back["hands"] == deal["hands"]
    assert back["auction"] == auction
    assert back["declarer"] == "NESW"[declarer]
    assert back["contract"] == bid


# --------------------------------------------------------------------------------------------
# Malformed boards name their path and line

BOARD = """[Event "E"]
[Board "3"]
[North "Anna"]
[East "Boris"]
[South "Vera"]
[West "Gleb"]
[Dealer "N"]
[Deal "N:AJ.KQT2.J3.AK983 Q75432..AT72.QT5 KT9.AJ93.KQ865.6 86.87654.94.J742"]
[Scoring "Rubber"]
[Contract "4H"]
[Declarer "N"]
[Auction "N"]
1H Pass 3H Pass
4H Pass Pass Pass
[Play "E"]
SQ SK S6 SJ
*
"""


def _malformed(text: str) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as exc:
        read_pbn(text)
    return exc.value


@pytest.mark.parametrize(
    ("old", "new", "path", "message"),
    [
        (
            "N:AJ.KQT2",
            "N:AJ-KQT2",
            "boards[0].Deal",
            "board 3, line 8: N's hand 'AJ-KQT2.J3.AK983' needs four suits",
        ),
        ("N:AJ.KQT2", "AJ.KQT2", "boards[0].Deal", "a deal is written 'N:<hand>"),
        ("N:AJ.KQT2.J3", "N:AJ.KQT.J3", "boards[0].Deal", "board 3, line 8: N has 12 cards; a hand has 13"),
        ("N:AJ.KQT2.J3", "N:AJ.KQT2.J3Z", "boards[0].Deal", "'Z' is no rank"),
        (".QT5 KT9", ".QT5 KT9 -", "boards[0].Deal", "a deal lists four hands, not 5"),
        ("KT9.AJ93", "KT9.AK93", "boards[0].Deal", "KH is dealt twice (N and S)"),
        ("1H Pass 3H", "1H Bogus 3H", "boards[0].Auction", "board 3, line 13: 'Bogus' is no call"),
        ("1H Pass 3H", "1H Pass 8H", "boards[0].Auction", "'8H' is no call"),
        ("1H Pass 3H", "1H ^R Pass 3H", "boards[0].Auction", "'^R' is no auction irregularity"),
        ("4H Pass Pass", "4H Pass - Pass", "boards[0].Auction", "line 14: '-' only pads the seats"),
        ("1H Pass 3H", "1H Pass 3H&", "boards[0].Auction", "line 13: cannot read '&'"),
        ('[Scoring "Rubber"]', '[Scoring "IMP"]', "boards[0].Scoring", "board 3, line 9: Scoring 'IMP'"),
        ('[Scoring "Rubber"]', '[Scoring "Chicago;Butler"]', "boards[0].Scoring", "rubber bridge only"),
        ('[Dealer "N"]', '[Dealer "X"]', "boards[0].Dealer", "Dealer must be N, E, S or W, not 'X'"),
        ('[Dealer "N"]', '[Dealer "#"]', "boards[0].Dealer", "may not inherit a value with '#'"),
        ('[Contract "4H"]', '[Contract "4Q"]', "boards[0].Contract", "'4Q' is no contract"),
        (
            '[Contract "4H"]',
            '[Contract "4H"]\n[Result "eleven"]',
            "boards[0].Result",
            "'eleven' is no result",
        ),
        ('[Contract "4H"]', '[Contract "4H"]\n[Result "14"]', "boards[0].Result", "14 tricks; a deal has 13"),
        (
            '[Contract "4H"]',
            '[Contract "4H"]\n[ScoreRubber "lots"]',
            "boards[0].ScoreRubber",
            "no rubber score",
        ),
        ("SQ SK S6 SJ", "SQ SK S6 S1", "boards[0].Play", "line 16: 'S1' is no card"),
        ("SQ SK S6 SJ", "SQ SK S6 ^I SJ", "boards[0].Play", "'^I' is no play irregularity"),
        (
            "SQ SK S6 SJ\n*",
            "SQ - S6 SJ\nDA DK D4 D3",
            "boards[0].Play",
            "trick 1: a card after an unknown one",
        ),
        ("SQ SK S6 SJ\n*", "SQ SK - -\nDA DK D4 D3", "boards[0].Play", "line 17: a card in trick 2 after"),
        ('[Event "E"]', 'stray [Event "E"]', "boards[0]", "line 1: 'stray' stands outside any tag"),
        ('[Event "E"]', '[Event "E"', "boards[0]", "line 1: unexpected '[' (a tag pair is written"),
    ],
)
def test_malformed_board_names_path_and_line(old: str, new: str, path: str, message: str) -> None:
    assert old in BOARD
    error = _malformed(BOARD.replace(old, new, 1))
    assert error.path == path
    assert message in error.message


def test_a_board_without_dealer_or_auction_is_malformed() -> None:
    error = _malformed(BOARD.replace('[Dealer "N"]\n', "").replace('[Auction "N"]', '[Note "1:x"]'))
    assert error.path == "boards[0].Dealer"
    assert (
        error.message
        == "board 3, line 1: the Dealer tag is required (the Auction tag does not say it either)"
    )
    assert _one(BOARD.replace('[Dealer "N"]\n', ""))["dealer"] == "N"  # the Auction tag's seat


def test_play_without_a_trump_is_malformed() -> None:
    text = BOARD.replace('[Contract "4H"]\n', "").replace("4H Pass Pass Pass", "4H Pass")
    error = _malformed(text)
    assert error.path == "boards[0].Play"
    assert "the trump is unknown" in error.message


def test_a_change_of_players_names_the_board() -> None:
    second = BOARD.replace('[Board "3"]', '[Board "4"]').replace('[East "Boris"]', '[East "Dasha"]')
    error = _malformed(BOARD + "\n" + second)
    assert error.path == "boards[1].East"
    assert "board 4, line 22: East is 'Dasha' but 'Boris' sat there from board 3" in error.message


def test_partners_changing_seats_is_malformed() -> None:
    """One log is one seating: North and South trading places (same partnership) still changes
    who holds each seat's cards, so it starts a new log."""
    second = (
        BOARD.replace('[Board "3"]', '[Board "4"]')
        .replace('[North "Anna"]', '[North "Vera"]')
        .replace('[South "Vera"]', '[South "Anna"]')
    )
    error = _malformed(BOARD + "\n" + second)
    assert error.path == "boards[1].North"
    assert "Vera sat South before" in error.message


def test_an_empty_file_is_malformed() -> None:
    error = _malformed("% PBN 2.1\n% EXPORT\n\n; nothing\n")
    assert error.path == "boards"


# --------------------------------------------------------------------------------------------
# Import-format syntax


def _one(text: str) -> dict[str, Any]:
    deals = read_pbn(text)["deals"]
    assert len(deals) == 1
    return deals[0]


def test_crlf_bom_and_latin1_are_read() -> None:
    expected = read_pbn(BOARD)
    crlf = BOARD.replace("\n", "\r\n")
    assert read_pbn(crlf) == expected
    assert read_pbn("\ufeff" + crlf) == expected
    assert read_pbn(("\ufeff" + crlf).encode("utf-8")) == expected
    latin = BOARD.replace("Vera", "Ver\u00e4").encode("latin-1")
    assert read_pbn(latin)["players"][2] == "Ver\u00e4"
    assert read_pbn(BOARD.replace("Vera", "Вера").encode("utf-8"))["players"][2] == "Вера"


def test_comments_directives_and_blank_lines() -> None:
    text = (
        "% PBN 2.1\n%Creator: hand\n; a file comment\n\n\n"
        + BOARD.replace('[Dealer "N"]', '[Dealer "N"] { the dealer;\n\n still a comment }')
        .replace("1H Pass 3H Pass", "1H {opening} Pass ; nothing to say\n3H Pass")
        .replace("SQ SK S6 SJ", "SQ SK ; the king covers\nS6 {low} SJ")
        .replace('[Play "E"]', '% directive inside\n[Play "E"]')
        + "\n\n   \n\t\n"
    )
    assert read_pbn(text) == read_pbn(BOARD)


def test_games_are_separated_by_semi_empty_lines() -> None:
    second = BOARD.replace('[Board "3"]', '[Board "4"]')
    document = read_pbn(BOARD + " \t\n\n" + second)
    assert [d["board"] for d in document["deals"]] == [3, 4]


def test_escaped_quotes_and_backslashes_in_tag_values() -> None:
    text = BOARD.replace('[Event "E"]', r'[Event "The \"Club\" at C:\\Bridge"]')
    assert read_pbn(text)["event"] == {"name": 'The "Club" at C:\\Bridge'}
    assert 'The \\"Club\\" at C:\\\\Bridge' in write_pbn(read_pbn(text))


def test_tags_in_any_order_several_on_a_line_first_one_wins() -> None:
    text = """[Play "E"]
SQ SK S6 SJ
*
[Auction "N"]
1H Pass 3H Pass 4H Pass Pass Pass
[Contract "4H"] [Declarer "N"] [Dealer "N"]
[North "Anna"][East "Boris"] [ South  "Vera" ] [West "Gleb"]
[Deal "S:KT9.AJ93.KQ865.6 86.87654.94.J742 AJ.KQT2.J3.AK983 Q75432..AT72.QT5"]
[Board "3"] [Event "E"] [Scoring "Rubber"] [Dealer "S"]
[Deal "N:-  - - -"]
"""
    assert read_pbn(text) == read_pbn(BOARD)


def test_all_pass_and_padding_before_the_dealer() -> None:
    deal = _one('[Dealer "S"]\n[Auction "W"]\n- - - AP\n')
    assert deal["auction"] == ["P", "P", "P", "P"]
    assert "auction_start" not in deal
    deal = _one('[Result "7"]\n[Dealer "N"]\n[Auction "N"]\n1S X AP\n')
    assert deal["auction"] == ["1S", "X", "P", "P", "P"]
    deal = _one('[Result "7"]\n[Dealer "N"]\n[Auction "N"]\n1S Pass Pass AP\n')
    assert deal["auction"] == ["1S", "P", "P", "P"]


def test_an_auction_not_started_by_the_dealer_records_its_start() -> None:
    deal = _one('[Result "7"]\n[Dealer "N"]\n[Auction "E"]\n1S Pass Pass Pass\n')
    assert deal["auction"] == ["1S", "P", "P", "P"]
    assert deal["auction_start"] == "E"
    deal = _one('[Result "7"]\n[Dealer "N"]\n[Auction "W"]\n- - 1S Pass\nPass Pass\n')
    assert deal["auction_start"] == "E"


def test_call_spellings_annotations_notes_and_end_marks() -> None:
    text = """[Dealer "W"] [Result "7"]
[Auction "W"]
pass 1n! =1= $21 x?? xx
1nt=2=$3 p AP
[Note "1:15-17"]
[Note "2:natural"]
"""
    assert _one(text)["auction"] == ["P", "1NT", "X", "XX", "1NT", "P", "P", "P"]
    assert _one('[Result "7"]\n[Dealer "W"]\n[Auction "W"]\n1S Pass *\n2S Pass\n')["auction"] == ["1S", "P"]
    assert _one('[Result "7"]\n[Dealer "W"]\n[Auction "W"]\n1S Pass +\n')["auction"] == ["1S", "P"]


def test_insufficient_bid_and_skipped_turn_marks() -> None:
    """§3.9: '1D ^S ^I 1C' — West opens 1D, East bids 1C out of rotation and insufficiently."""
    deal = _one('[Result "7"]\n[Dealer "W"]\n[Auction "W"]\n1D ^S ^I1C Pass\nPass Pass\n')
    assert deal["auction"] == ["1D", "1C", "P", "P", "P"]
    assert deal["irregularities"] == [
        {"call": 2, "seat": "N", "mark": "S"},
        {"call": 2, "seat": "E", "mark": "I"},
    ]
    assert "auction_start" not in deal
    opened = _one('[Result "7"]\n[Dealer "W"]\n[Auction "W"]\n^S 1D Pass Pass\nPass\n')
    assert opened["irregularities"] == [{"call": 1, "seat": "W", "mark": "S"}]
    back = read_pbn(write_pbn(_document(**opened)))["deals"][0]
    assert back["auction"] == opened["auction"]
    assert back["irregularities"] == opened["irregularities"]
    assert back["declarer"] == "N"


def test_lead_out_of_turn_starts_its_trick() -> None:
    """§3.9 (D): 'CA C2 ^L C3 C4' with West to lead — East leads C3, South and West follow."""
    text = BOARD.replace("SQ SK S6 SJ\n*", "SQ SK S6 ^LSJ\nDA DK D4 D3\n*").replace(
        '[Play "E"]', '[Play "E"]'
    )
    deal = _one(text)
    assert deal["play"][0] == ["JS", "QS", "KS", "6S"]
    assert deal["irregularities"] == [{"trick": 1, "seat": "N", "mark": "L"}]
    assert deal["play"][1] == ["KD", "4D", "3D", "AD"]  # South won with the king and leads


def test_play_annotations_lower_case_and_unknown_cards() -> None:
    text = BOARD.replace("SQ SK S6 SJ\n*", "sq! =1= $7 sk s6 ?? sj\n- dk d4 -\n- - - -\n*")
    deal = _one(text)
    # No Result, so nothing to claim: the play stops after trick 1, and the two cards of
    # trick 2 go with the trick the log cannot keep unclaimed (tests/rules/bridge/test_pbn_defects.py).
    assert deal["play"] == [["QS", "KS", "6S", "JS"]]
    assert "claim" not in deal
    claimed = _one(text.replace('[Contract "4H"]', '[Contract "4H"]\n[Result "10"]'))
    assert claimed["play"] == [["QS", "KS", "6S", "JS"], ["KD", "4D"]]
    assert claimed["claim"] == 9


def test_a_short_play_with_a_result_is_a_claim() -> None:
    deal = _one(BOARD.replace('[Contract "4H"]', '[Contract "4H"]\n[Result "10"]'))
    assert deal["play"] == [["QS", "KS", "6S", "JS"]]  # South's king won the first trick
    assert deal["claim"] == 9
    impossible = _one(BOARD.replace('[Contract "4H"]', '[Contract "4H"]\n[Result "0"]'))
    assert "claim" not in impossible  # none after winning one: left for RESULT_MISMATCH
    assert impossible["result"] == 0


@pytest.mark.parametrize(
    ("value", "tricks"),
    [("10", 10), ("NS 10", 10), ("EW 3", 10), ("EW 3 NS 10", 10), ("^9", 9), ("ns 11 ew 2", 11)],
)
def test_result_forms(value: str, tricks: int) -> None:
    deal = _one(BOARD.replace('[Contract "4H"]', f'[Contract "4H"]\n[Result "{value}"]'))
    assert deal["result"] == tricks


def test_recorded_contract_declarer_and_rubber_score_forms() -> None:
    deal = _one(
        BOARD.replace('[Contract "4H"]', '[Contract "4hx"]').replace('[Declarer "N"]', '[Declarer "^S"]')
    )
    assert deal["contract"] == "4HX"
    assert deal["declarer"] == "S"
    assert deal["irregularities"] == [{"seat": "S", "mark": "D"}]
    for value, we, they in [
        ("NS 50/120 EW 0/0", (50, 120), (0, 0)),
        ("EW 100/0", (0, 0), (100, 0)),
        ("30/120", (30, 120), (0, 0)),
    ]:
        text = BOARD.replace('[Contract "4H"]', f'[Contract "4H"]\n[ScoreRubber "{value}"]')
        scores = _one(text)["scores"]
        assert (sum(scores["we"]["above"]), sum(scores["we"]["below"])) == we
        assert (sum(scores["they"]["above"]), sum(scores["they"]["below"])) == they


def test_deal_forms_and_the_fourth_hand() -> None:
    full = _one(BOARD)["hands"]
    three = _one(BOARD.replace("86.87654.94.J742", "-"))
    assert three["hands"] == full
    two = _one(BOARD.replace("Q75432..AT72.QT5", "-").replace("86.87654.94.J742", "-"))
    assert two["hands"] == {"N": full["N"], "S": full["S"]}
    none = _one(BOARD.replace("N:AJ.KQT2.J3.AK983 Q75432..AT72.QT5 KT9.AJ93.KQ865.6 86.87654.94.J742", "?"))
    assert "hands" not in none
    shuffled = _one(BOARD.replace("N:AJ.KQT2.J3.AK983", "n:JA.2TQK.3J.38KA9"))
    assert shuffled["hands"] == full


def test_tag_value_inheritance() -> None:
    first = BOARD.replace('[Event "E"]', '[Event "##Club night"]')
    second = (
        BOARD.replace('[Event "E"]\n', "")
        .replace('[Board "3"]', '[Board "4"]')
        .replace('[North "Anna"]', '[North "#"]')
        .replace('[Scoring "Rubber"]', '[Scoring "#"]')
    )
    document = read_pbn(first + "\n" + second)
    assert document["event"] == {"name": "Club night"}
    assert [d["board"] for d in document["deals"]] == [3, 4]
    assert document["players"] == PLAYERS


def test_unknown_players_and_labels() -> None:
    text = BOARD.replace('[North "Anna"]', '[North "?"]').replace('[Board "3"]', '[Board "3b"]')
    document = read_pbn(text, ruleset={"preset": "laws"})
    assert document["players"] == ["North", "Boris", "Vera", "Gleb"]
    assert document["ruleset"] == {"preset": "laws"}
    assert document["deals"][0]["board"] == "3b"
    later = BOARD.replace('[Board "3"]', '[Board "4"]')
    assert read_pbn(text + "\n" + later)["players"] == PLAYERS  # a later board names North


def test_supplemental_sections_are_skipped() -> None:
    text = BOARD + '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\nS S 10\n'
    assert read_pbn(text) == read_pbn(BOARD)


def test_a_play_tag_other_than_declarers_left_records_the_opening_leader() -> None:
    """PBN names the seat that played the first card; when that is not declarer's left-hand
    opponent the log keeps it as ``play_start`` (a lead out of turn for the replay to judge)."""
    text = BOARD.replace('[Play "E"]\nSQ SK S6 SJ', '[Play "W"]\nS6 SJ SQ SK')
    deal = _one(text)
    assert deal["play_start"] == "W"
    assert deal["play"] == [["6S", "JS", "QS", "KS"]]
    written = write_pbn(read_pbn(text))
    assert '[Play "W"]\nS6 SJ SQ SK\n*' in written
    assert read_pbn(written)["deals"][0] == deal
