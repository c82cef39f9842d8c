"""The PBN reader's defects found on real files (issue 22), each read as PBN 2.1 says, with the
exact documents, findings and refusals: the Play tag seats the cards whatever the auction says
and the Declarer tag is the declarer; quoted columns of supplemental tables; a play stopped in
the middle of a trick; refusals that name the board and the line, never a JSON path; unknown
names; the Vulnerable tag against the rubber. The files are in tests/data/pbn/, written by
hand (docs/bridge-pbn.md, "Sample files")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from games.finding_text import error_text, sentence
from rules import registry
from rules.bridge.pbn import read_pbn
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]
ANNA, BORIS, VERA, GLEB = range(4)


def sample(name: str) -> str:
    return (DATA / f"{name}.pbn").read_text(encoding="utf-8")


def replayed(text: str, ruleset: str = "seed") -> dict[str, Any]:
    """The file read as an upload is (rules.registry.read_named) and replayed: its report."""
    return registry.replay(registry.read_named(text.encode(), "upload.pbn", ruleset=ruleset))


def findings(report: dict[str, Any]) -> list[tuple[str, int, int | None, dict[str, Any]]]:
    return [(f["code"], f["deal"], f["seat"], f["params"]) for f in report["findings"]]


def refused(text: str) -> MalformedDocument:
    """The refusal of a file read as an upload is; the reader's own is the same refusal."""
    with pytest.raises(MalformedDocument) as caught:
        registry.read_named(text.encode(), "upload.pbn")
    with pytest.raises(MalformedDocument) as direct:
        read_pbn(text)
    assert direct.value.as_dict() == caught.value.as_dict()
    return caught.value


# --------------------------------------------------------------------------------------------
# 1. The Play tag seats the cards; the Declarer tag is the declarer


def test_the_play_tag_seats_the_cards_when_the_declarer_tag_and_the_auction_disagree() -> None:
    """South declares by the Declarer tag, North by the auction; West, South's left, leads
    (§3.6). Read from the auction's declarer every column would move one seat and East would
    play West's S8: CARD_NOT_IN_HAND and revokes that are not there."""
    (deal,) = read_pbn(sample("declarer-tag"))["deals"]
    assert deal["declarer"] == "S"
    assert "play_start" not in deal  # West is the recorded declarer's left
    assert deal["play"] == [["8S", "JS", "QS", "KS"], ["AH", "4H", "2H", "2D"], ["3H", "5H", "KH", "7D"]]
    assert deal["claim"] == 7  # North-South won all three: 10 - 3
    report = replayed(sample("declarer-tag"))
    assert findings(report) == [
        (
            "CONTRACT_MISMATCH",
            1,
            None,
            {"recorded_contract": "4H", "recorded_seat": VERA, "contract": "4H", "declarer_seat": ANNA},
        )
    ]
    assert (
        report["findings"][0]["message"] == "the sheet records 4H by Vera, but the auction reached 4H by Anna"
    )
    (scored,) = report["deals"]
    assert (scored["board"], scored["contract"], scored["declarer"], scored["tricks"]) == (8, "4H", "S", 10)
    assert report["rubbers"][0]["below"] == [120, 0]  # 4H made: 4 x 30 below for We


def test_the_declarer_tag_decides_the_side_that_scores() -> None:
    """PBN 2.1 §3.4: the Declarer and Result tags are the record. East declares 4H by the tag
    and takes 4 tricks: down 6, 300 above for North-South, not for East-West as the auction's
    declarer (North) would have it."""
    text = (
        sample("declarer-tag")
        .replace('[Declarer "S"]', '[Declarer "E"]')
        .replace('[Result "10"]', '[Result "4"]')
        .replace('[Play "W"]\nS8 SJ SQ SK\nH4 H2 D2 HA\nH5 HK D7 H3\n*\n', "")
    )
    report = replayed(text)
    assert findings(report) == [
        (
            "CONTRACT_MISMATCH",
            1,
            None,
            {"recorded_contract": "4H", "recorded_seat": BORIS, "contract": "4H", "declarer_seat": ANNA},
        )
    ]
    assert (report["deals"][0]["declarer"], report["deals"][0]["result"]) == ("E", -6)
    assert report["rubbers"][0]["above"] == [300, 0]


def test_a_play_seat_that_is_not_the_declarers_left_is_a_lead_out_of_turn() -> None:
    """Declarer tag and auction agree on North; the Play tag says West led, not East: the
    cards stay West's (play_start) and the replay says so (Law 53A), naming the board's deal."""
    text = sample("declarer-tag").replace('[Declarer "S"]', '[Declarer "N"]')
    (deal,) = read_pbn(text)["deals"]
    assert deal["play_start"] == "W"
    report = replayed(text)
    assert findings(report) == [("LEAD_OUT_OF_TURN", 1, GLEB, {"leader_seat": BORIS})]
    assert report["findings"][0]["message"] == (
        "the opening lead was made by Gleb, but the player on the declarer's left, Boris, leads; "
        "the lead stands and play goes on from there (Law 53A)"
    )
    assert report["deals"][0]["board"] == 8
    assert report["deals"][0]["tricks"] == 10


def test_without_a_declarer_tag_the_play_tag_still_seats_the_cards() -> None:
    """No Declarer and no Contract tag: the declarer is the auction's (North), and the log
    keeps the Play tag's West as the opening leader, so no card moves to another seat."""
    text = sample("declarer-tag").replace('[Declarer "S"]\n', "").replace('[Contract "4H"]\n', "")
    (deal,) = read_pbn(text)["deals"]
    assert (deal["play_start"], "declarer" in deal, "contract" in deal) == ("W", False, False)
    assert findings(replayed(text)) == [("LEAD_OUT_OF_TURN", 1, GLEB, {"leader_seat": BORIS})]


def test_a_contract_tag_without_a_declarer_tag_takes_the_auctions_declarer() -> None:
    text = sample("declarer-tag").replace('[Declarer "S"]\n', "")
    (deal,) = read_pbn(text)["deals"]
    assert (deal["contract"], deal["declarer"], deal["play_start"]) == ("4H", "N", "W")
    no_auction = text.replace('[Auction "N"]\n1H Pass 3H Pass\n4H Pass Pass Pass\n', "")
    error = refused(no_auction)
    assert (error.path, error.code, error.params) == (
        "boards[0].Contract",
        "BRIDGE_PBN_DECLARER_REQUIRED",
        {"board": "8", "line": 19, "contract": "4H"},
    )
    assert error.message == (
        "board 8, line 19: the Contract tag names 4H, but no Declarer tag says who declares it "
        "and the auction does not tell"
    )


def test_a_json_declarer_alone_declares_the_contract_the_auction_reached() -> None:
    """The rule is the log's (docs/bridge-log.md), so a stored PBN document replays the same."""
    document = read_pbn(sample("declarer-tag"))
    deal = document["deals"][0]
    del deal["contract"]
    report = registry.replay(registry.read(document))
    assert (report["deals"][0]["contract"], report["deals"][0]["declarer"]) == ("4H", "S")
    assert [f["code"] for f in report["findings"]] == ["CONTRACT_MISMATCH"]


# --------------------------------------------------------------------------------------------
# 2. Quoted columns of supplemental tables


def test_quoted_names_in_score_tables_are_one_value_each() -> None:
    """PBN 2.1 §5: a table's column may be a string token with spaces (a pair's names), with a
    ';' or braces or an escaped quote inside; the tables are skipped, the board is read."""
    text = sample("tables")
    without = text[: text.index("[ScoreTable")]
    assert read_pbn(text) == read_pbn(without)
    (deal,) = read_pbn(text)["deals"]
    assert (deal["board"], deal["contract"], deal["result"]) == (9, "3NT", 9)
    assert findings(replayed(text)) == []


def test_a_quoted_string_where_calls_or_cards_stand_is_refused_at_its_line() -> None:
    text = sample("tables").replace("3NT Pass Pass Pass", '3NT "Pass" Pass Pass')
    error = refused(text)
    assert (error.path, error.code, error.params) == (
        "boards[0].Auction",
        "BRIDGE_PBN_UNREADABLE",
        {"board": "9", "line": 22, "text": '"Pass"'},
    )
    stray = text.replace('[Event "Club rubber evening"]', '"Club" [Event "Club rubber evening"]')
    error = refused(stray)
    assert (error.code, error.params) == ("BRIDGE_PBN_STRAY", {"board": "9", "line": 6, "text": '"Club"'})


# --------------------------------------------------------------------------------------------
# 3. A play stopped in the middle of a trick

MIDTRICK_FINDINGS = [
    ("WRONG_CARD_COUNT", 1, None, {"played": 2, "remaining": 11}),
    ("RESULT_MISSING", 1, None, {}),
    ("WRONG_CARD_COUNT", 2, None, {"played": 2, "remaining": 11}),
    ("RESULT_MISMATCH", 2, ANNA, {"result": 13, "played": 2, "tricks": 1, "remaining": 11}),
    ("WRONG_CARD_COUNT", 3, None, {"played": 2, "remaining": 11}),
    ("RESULT_MISMATCH", 3, ANNA, {"result": 0, "played": 2, "tricks": 1, "remaining": 11}),
]


def _codes_and_params(report: dict[str, Any]) -> list[tuple[str, int, int | None, dict[str, Any]]]:
    return [(c, d, s, {k: v for k, v in p.items() if k != "form"}) for c, d, s, p in findings(report)]


def test_a_play_stopped_mid_trick_is_read_as_the_play_so_far() -> None:
    """'- HA H4 -', '- HA H4' and '- HA H4 *': the file is read, not refused; without a claim
    the unfinished trick is left out; the Result claims the rest when the tricks left can
    make it (board 14)."""
    deals = read_pbn(sample("midtrick"))["deals"]
    two = [["AD", "5D", "4D", "3D"], ["2D", "KD", "9D", "JD"]]
    assert [d["play"] for d in deals] == [two, two, two, [*two, ["AH", "4H"]]]
    assert [d.get("claim") for d in deals] == [None, None, None, 9]
    assert [d.get("result") for d in deals] == [None, 13, 0, 10]
    report = replayed(sample("midtrick"))
    assert _codes_and_params(report) == MIDTRICK_FINDINGS
    assert [f["params"].get("form") for f in report["findings"]] == [
        "unfinished",
        None,
        "unfinished",
        "unfinished",
        "unfinished",
        "unfinished",
    ]
    assert report["findings"][3]["message"] == (
        "the sheet says the declarer's side took 13 tricks, which the play cannot give: it stops "
        "after 2 tricks, the declarer's side has won 1 and 11 are left to play"
    )
    assert [d["tricks"] for d in report["deals"]] == [None, 13, 0, 10]


def test_a_mid_trick_stop_gives_the_findings_of_a_stop_after_the_complete_tricks() -> None:
    midway = sample("midtrick")
    after = re.sub(r"\n- HA H4[^\n]*\n", "\n", midway)
    assert after.count("HA") == 0
    assert _codes_and_params(replayed(after)) == _codes_and_params(replayed(midway))
    deals = read_pbn(after)["deals"]
    assert [d.get("claim") for d in deals] == [None, None, None, 9]


def test_a_play_stopped_in_its_first_trick_is_an_empty_play() -> None:
    text = (
        sample("declarer-tag")
        .replace('[Result "10"]\n', "")
        .replace("S8 SJ SQ SK\nH4 H2 D2 HA\nH5 HK D7 H3\n*", "S8 SJ - -\n*")
    )
    (deal,) = read_pbn(text)["deals"]
    assert deal["play"] == []
    assert "play_start" not in deal
    assert _codes_and_params(replayed(text)) == [
        (
            "CONTRACT_MISMATCH",
            1,
            None,
            {"recorded_contract": "4H", "recorded_seat": VERA} | {"contract": "4H", "declarer_seat": ANNA},
        ),
        ("WRONG_CARD_COUNT", 1, None, {"played": 0, "remaining": 13}),
        ("RESULT_MISSING", 1, None, {}),
    ]


def test_a_result_the_tricks_left_can_make_is_no_mismatch_however_the_play_stops() -> None:
    """After two tricks, one each: North-South can finish with 1 to 12 tricks."""
    for result in (1, 12):
        text = sample("midtrick").replace('[Result "13"]', f'[Result "{result}"]')
        assert [f["deal"] for f in replayed(text)["findings"] if f["code"] == "RESULT_MISMATCH"] == [3]


def test_a_result_above_thirteen_is_refused_at_its_board_and_line() -> None:
    """The log counts a deal's tricks, 0 to 13 (docs/bridge-log.md): it cannot carry a Result of
    14 for the replay to weigh, so that is refused where the file says it."""
    error = refused(sample("midtrick").replace('[Result "13"]', '[Result "14"]'))
    assert (error.path, error.code, error.params) == (
        "boards[1].Result",
        "BRIDGE_PBN_TRICKS",
        {"board": "12", "line": 26, "count": 14},
    )


# --------------------------------------------------------------------------------------------
# 4. Every refusal names the board and the line

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
[Result "10"]
[Auction "N"]
1H Pass 3H Pass
4H Pass Pass Pass
"""


@pytest.mark.parametrize(
    ("old", "new", "path", "code", "params", "message"),
    [
        (
            '[South "Vera"]',
            '[South "Anna"]',
            "boards[0].South",
            "BRIDGE_PBN_PLAYER_TWICE",
            {"board": "3", "line": 5, "tag": "South", "name": "Anna", "other_tag": "North", "since": "3"},
            "board 3, line 5: South is 'Anna', who sits North from board 3; one player has one seat",
        ),
        (
            '[Result "10"]\n',
            "",
            "boards[0].Result",
            "BRIDGE_PBN_RESULT_REQUIRED",
            {"board": "3", "line": 1},
            "board 3, line 1: a contract was reached, but neither a Result tag nor a Play section "
            "gives the tricks taken",
        ),
        (
            '[Result "10"]',
            '[Result "?"]',
            "boards[0].Result",
            "BRIDGE_PBN_RESULT_REQUIRED",
            {"board": "3", "line": 12},
            "board 3, line 12: a contract was reached, but neither a Result tag nor a Play section "
            "gives the tricks taken",
        ),
        (
            '[North "Anna"]',
            '[North "An\x01na"]',
            "boards[0].North",
            "BRIDGE_PBN_CONTROL",
            {"board": "3", "line": 3, "tag": "North", "value": "U+0001"},
            "board 3, line 3: North holds the control character U+0001, which a name or a label cannot keep",
        ),
        (
            '[Event "E"]',
            '[Event "E\x00"]',
            "boards[0].Event",
            "BRIDGE_PBN_CONTROL",
            {"board": "3", "line": 1, "tag": "Event", "value": "U+0000"},
            "board 3, line 1: Event holds the control character U+0000, which a name or a label cannot keep",
        ),
        (
            '[Board "3"]',
            '[Board "3\x7f"]',
            "boards[0].Board",
            "BRIDGE_PBN_CONTROL",
            {"board": "3\x7f", "line": 2, "tag": "Board", "value": "U+007F"},
            "board 3\x7f, line 2: Board holds the control character U+007F, which a name or a label cannot keep",
        ),
        (
            '[Scoring "Rubber"]',
            '[Scoring "Rubber"] [Vulnerable "Yes"]',
            "boards[0].Vulnerable",
            "BRIDGE_PBN_VULNERABLE",
            {"board": "3", "line": 9, "value": "Yes"},
            "board 3, line 9: Vulnerable 'Yes' is none of None, NS, EW, All (or Love, -, Both)",
        ),
        (
            "4H Pass Pass Pass",
            "4H " + "X XX " * 199 + "Pass",
            "boards[0].Auction",
            "BRIDGE_PBN_AUCTION_LONG",
            {"board": "3", "line": 15, "count": 400},
            "board 3, line 15: the auction goes on past call 400; no auction has that many calls "
            "(319 at most are legal)",
        ),
        (
            '[Event "E"]',
            'stray [Event "E"]',
            "boards[0]",
            "BRIDGE_PBN_STRAY",
            {"board": "3", "line": 1, "text": "stray"},  # the Board tag comes on the next line
            "board 3, line 1: 'stray' stands outside any tag or section",
        ),
        (
            '[Event "E"]',
            '[Event "E"',
            "boards[0]",
            "BRIDGE_PBN_OPEN_TAG",
            {"board": "3", "line": 1},
            "board 3, line 1: unexpected '[' (a tag pair is written [Name \"value\"])",
        ),
        (
            "4H Pass Pass Pass",
            "4H Pass Pass Pass ]",
            "boards[0]",
            "BRIDGE_PBN_UNEXPECTED",
            {"board": "3", "line": 15, "text": "]"},
            "board 3, line 15: unexpected ']'",
        ),
        (
            '[Dealer "N"]\n',
            "",
            "boards[0].Dealer",
            "BRIDGE_PBN_DEALER_REQUIRED",
            {"board": "3", "line": 1},
            "board 3, line 1: the Dealer tag is required (the Auction tag does not say it either)",
        ),
    ],
)
def test_a_refusal_names_the_board_and_the_line_of_the_file(
    old: str, new: str, path: str, code: str, params: dict[str, Any], message: str
) -> None:
    assert old in BOARD
    text = BOARD.replace(old, new, 1)
    if code == "BRIDGE_PBN_DEALER_REQUIRED":
        text = text.replace('[Auction "N"]\n1H Pass 3H Pass\n4H Pass Pass Pass\n', "")  # nor an auction
    error = refused(text)
    assert (error.path, error.code, error.params, error.message) == (path, code, params, message)


def test_a_board_numbered_zero_stays_a_label() -> None:
    """The log numbers boards from 1: a Board "0" is kept as the label it is, not refused
    at the document's path (``deals[0].board``)."""
    report = replayed(BOARD.replace('[Board "3"]', '[Board "0"]'))
    assert report["deals"][0]["board"] == "0"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "ru",
            "сдача 3, строка 5: в теге South указан 'Anna', но это имя стоит в теге North начиная со сдачи 3; "
            "у одного игрока одно место",
        ),
        (
            "uk",
            "здача 3, рядок 5: у тезі South вказано 'Anna', але це ім'я стоїть у тезі North починаючи зі "
            "здачі 3; в одного гравця одне місце",
        ),
    ],
)
def test_a_refusal_is_said_in_the_readers_language_with_its_board_and_line(language: str, said: str) -> None:
    error = refused(BOARD.replace('[South "Vera"]', '[South "Anna"]'))
    with translation.override(language):
        assert error_text(error.as_dict()) == said


#: Lines a real file may hold, to splice into the samples: every refusal they cause must name
#: a board and a line of the file.
SPLICES = [
    "",
    "*",
    "- - - -",
    '[Result "?"]',
    '[Result "13"]',
    '[Result "0"]',
    '[Declarer "?"]',
    '[Declarer "W"]',
    '[Contract "Pass"]',
    '[Contract "7NTXX"]',
    '[Play "?"]',
    '[North "-"]',
    '[South "Anna"]',
    '[Vulnerable "Both"]',
    '[Board "0"]',
    '[Board "#"]',
    '[Auction "?"]',
    "AP",
    "^S Pass",
    "^R",
    "SA",
    '1 "Ann Smith - Bob Jones" 54.2',
    '[TotalScoreTable "Rank\\2R;Names\\40L"]',
    "{ a comment",
    "}",
    '"',
]


@given(
    st.sampled_from(["rubber", "claim", "revoke", "passout", "declarer-tag", "midtrick", "tables"]),
    st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(SPLICES), st.booleans()), max_size=4),
)
@settings(max_examples=300, deadline=None)
def test_whatever_a_file_holds_a_refusal_names_its_board_and_line(
    name: str, splices: list[tuple[int, str, bool]]
) -> None:
    """Lines put in or taken out of the sample files: the file is read, or refused at a board
    and a line (``boards[i]``), never at a path of the JSON document nor by a reader failure."""
    lines = sample(name).split("\n")
    for at, text, replace in splices:
        at %= len(lines)
        if replace:
            lines[at] = text
        else:
            lines.insert(at, text)
    refusal: MalformedDocument | None = None
    try:
        replayed("\n".join(lines))
    except MalformedDocument as error:
        refusal = error
    if refusal is not None:
        assert refusal.path.startswith("boards"), refusal.as_dict()
        if refusal.code != "BRIDGE_PBN_NO_BOARD":
            assert {"board", "line"} <= set(refusal.params), refusal.as_dict()
            board, line = refusal.params["board"], refusal.params["line"]
            assert refusal.message.startswith(f"board {board}, line {line}: "), refusal.as_dict()


# --------------------------------------------------------------------------------------------
# 5. Names that name no one


def test_unknown_names_are_never_the_same_name_at_two_seats() -> None:
    """'-' at North and South, '?' and '""' elsewhere: no player, so no duplicate; a seat a
    later board names has that name, a seat no board names its tag's word."""
    document = read_pbn(sample("unknown-players"))
    assert document["players"] == ["North", "Boris", "South", "West"]
    report = replayed(sample("unknown-players"))
    assert report["players"] == ["North", "Boris", "South", "West"]
    assert report["findings"] == []


def test_a_seat_word_a_player_already_has_is_not_taken_twice() -> None:
    text = sample("unknown-players").replace('[East "Boris"]', '[East "North"]')
    assert read_pbn(text)["players"] == ["North (?)", "North", "South", "West"]


def test_an_unknown_name_before_a_known_one_is_no_change_of_player() -> None:
    text = sample("unknown-players").replace('[North "-"] [East "Boris"]', '[North "Anna"] [East "Boris"]')
    assert read_pbn(text)["players"] == ["Anna", "Boris", "South", "West"]


# --------------------------------------------------------------------------------------------
# 6. The Vulnerable tag against the rubber


def test_a_vulnerable_tag_the_rubber_contradicts_is_a_warning() -> None:
    deals = read_pbn(sample("vulnerable"))["deals"]
    assert [d.get("vulnerable") for d in deals] == ["NS", "None", "NS", None]
    report = replayed(sample("vulnerable"))
    assert findings(report) == [
        ("VULNERABLE_TAG_DIFFERS", 1, None, {"board": 17, "value": "NS", "computed": "None"}),
        ("VULNERABLE_TAG_DIFFERS", 2, None, {"board": 18, "value": "None", "computed": "NS"}),
    ]
    assert [f["severity"] for f in report["findings"]] == ["warning", "warning"]
    assert report["findings"][0]["message"] == (
        "board 17: the file says Vulnerable 'NS', but the rubber so far makes it 'None'; "
        "the deal is scored as the rubber has it"
    )
    # Scored at the rubber's vulnerability: 4H made by North-South, not vulnerable.
    assert report["deals"][0]["vulnerable"] == {"we": False, "they": False}
    assert [d["vulnerable"]["we"] for d in report["deals"]] == [False, True, True, True]


def test_a_deal_without_a_board_says_the_vulnerability_alone() -> None:
    document = read_pbn(sample("vulnerable"))
    del document["deals"][0]["board"]
    report = registry.replay(registry.read(document))
    assert report["findings"][0]["params"] == {"form": "no_board", "value": "NS", "computed": "None"}
    assert report["findings"][0]["message"] == (
        "the file says Vulnerable 'NS', but the rubber so far makes it 'None'; the deal is scored as the rubber has it"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "ru",
            "сдача 17: в файле Vulnerable 'NS', но по ходу роббера выходит 'None'; сдача засчитана так, как "
            "выходит по ходу роббера",
        ),
        (
            "uk",
            "здача 17: у файлі Vulnerable 'NS', але за перебігом робера виходить 'None'; здачу зараховано так, "
            "як виходить за перебігом робера",
        ),
        (
            "en",
            "board 17: the file says Vulnerable 'NS', but the rubber so far makes it 'None'; the deal is "
            "scored as the rubber has it",
        ),
    ],
)
def test_the_vulnerability_warning_is_said_in_the_readers_language(language: str, said: str) -> None:
    report = replayed(sample("vulnerable"))
    with translation.override(language):
        assert sentence("bridge-rubber", report["findings"][0], PLAYERS) == said


def test_the_recorded_vulnerability_survives_a_round_trip() -> None:
    from rules.bridge.pbn import write_pbn

    document = read_pbn(sample("vulnerable"))
    text = write_pbn(document)
    assert re.findall(r'\[Vulnerable "(.*)"\]', text) == ["NS", "None", "NS", "?"]
    assert [d.get("vulnerable") for d in read_pbn(text)["deals"]] == ["NS", "None", "NS", None]


def test_a_backslash_escapes_only_a_quote_or_a_backslash() -> None:
    # A table header's column formats (Score_NS\6R) keep their backslash; \" and \\ are escapes.
    from rules.bridge.pbn import _lex

    (game,) = _lex('[ScoreTable "PairId_NS\\2R;Score_NS\\6R"]\n[Event "say \\"hi\\" \\\\ there"]\n')
    assert [t.value for t in game.tags] == ["PairId_NS\\2R;Score_NS\\6R", 'say "hi" \\ there']


def test_a_hand_record_is_named_as_such_not_as_a_missing_result() -> None:
    from pathlib import Path

    from rules.bridge.pbn import read_pbn

    raw = (Path(__file__).parents[2] / "data" / "pbn" / "duplicate" / "hand-record.pbn").read_bytes()
    with pytest.raises(MalformedDocument) as refused:
        read_pbn(raw)
    assert (refused.value.path, refused.value.code) == ("boards[0].Deal", "BRIDGE_PBN_HAND_RECORD")
    assert str(refused.value) == (
        "boards[0].Deal: board 1, line 9: this file is a hand record (3 boards dealt, no contract or "
        "result): it gives the boards of a duplicate event, not a rubber to score"
    )
