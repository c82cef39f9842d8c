"""The rubber bridge findings and refusals as data: each sentence is a template
(rules/bridge/texts.py) filled from the finding's code, fields and parameters (rules/texts.py),
so the apps can say it in their reader's language; no call site builds a sentence of its own."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

import rules.bridge as bridge
from rules.bridge.codes import SEVERITY, Findings
from rules.bridge.pbn import read_pbn, write_pbn
from rules.bridge.ruleset import resolve_ruleset
from rules.bridge.texts import DUPLICATE_TEXTS, ERRORS_TEXTS, TEXTS
from rules.errors import MalformedDocument
from rules.texts import ERRORS, FIELDS, Renderer, placeholders, template_key
from tests.rules.placeholders import kind

PACKAGE = Path(bridge.__file__).resolve().parent
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]
ANNA, BORIS, VERA, GLEB = 0, 1, 2, 3

# -- (a) the templates -------------------------------------------------------------------------


#: The plain numbers a finding names (counts, call and trick numbers, points): any other
#: placeholder of a finding is a field or follows a suffix convention, so a page renders it
#: in its own language.
FINDING_NUMBERS = {
    "after",
    "calls",
    "cards",
    "claimed",
    "claimed_they",
    "claimed_we",
    "held_they",
    "held_we",
    "in_trick",
    "number",
    "played",
    "remaining",
    "result",
    "score",
    "transfer",
    "transferred",
    "tricks",
    "written",
}

#: The file's own words a finding quotes as it wrote them: a board's number or label, and
#: the value of a tag (PBN's Vulnerable "NS") beside the one the rules give.
FINDING_WORDS = {"board", "value", "computed"}

#: The plain parameters of a refusal: numbers, and the document's own words quoted as it
#: wrote them (a key, a PBN token or tag, a seat letter, a list of the format's names).
REFUSAL_PLAIN = {
    "board",
    "choices",
    "compass",
    "count",
    "deals",
    "field",
    "fields",
    "first",  # the index of a board's first entry (a duplicate table's log)
    "game",
    "games",
    "hand",
    "items",
    "key",
    "known",
    "line",
    "name",
    "other_compass",
    "other_tag",
    "pair",  # a pair number of a duplicate movement
    "previous",
    "since",
    "tag",
    "text",
    "trick",  # a refusal has no fields: the trick of a PBN Play section, a plain number
    "unknown_trick",
    "value",
    "version",
}


TEMPLATES = (
    [pytest.param(key, text, True, id=f"finding:{key}") for key, text in TEXTS.items()]
    + [pytest.param(key, text, True, id=f"duplicate-finding:{key}") for key, text in DUPLICATE_TEXTS.items()]
    + [pytest.param(key, text, False, id=f"refusal:{key}") for key, text in ERRORS_TEXTS.items()]
)


def test_every_finding_template_belongs_to_a_code() -> None:
    for key in TEXTS:
        assert key.split("/")[0] in SEVERITY, key


def test_every_code_but_the_unconcluded_ones_has_a_template() -> None:
    """A log of cards in order cannot show a play out of turn, nor a corrected revoke
    (rules/bridge/play.py's docstring): those two codes are never concluded."""
    said = {key.split("/")[0] for key in TEXTS}
    assert set(SEVERITY) - said == {"PLAY_OUT_OF_TURN", "REVOKE_CORRECTED"}


def test_every_refusal_code_is_registered_with_its_template() -> None:
    for code, template in ERRORS_TEXTS.items():
        assert code.startswith("BRIDGE_"), code
        assert code.upper() == code
        assert " " not in code
        assert ERRORS[code] == template


@pytest.mark.parametrize(("key", "template", "finding"), TEMPLATES)
def test_placeholders_are_fields_or_follow_the_conventions(key: str, template: str, finding: bool) -> None:
    for name, spec in placeholders(template):
        if spec:
            forms = spec.split("|")
            assert len(forms) == 2, f"{key}: {{{name}:{spec}}} needs one|many in English"
            assert all(forms), key
            assert kind(name) == "plain", f"{key}: a plural counts a number, not a {kind(name)}"
        if finding:
            assert name in FIELDS or kind(name) != "plain" or name in FINDING_NUMBERS | FINDING_WORDS, (
                f"{key}: {{{name}}}"
            )
        else:
            assert kind(name) in ("plain", "card", "contract", "found", "game"), f"{key}: {{{name}}}"
            assert kind(name) != "plain" or name in REFUSAL_PLAIN, f"{key}: {{{name}}}"


def _sample(name: str) -> Any:
    what = kind(name)
    if name in FIELDS and what == "plain":
        return 3
    return {
        "seat": BORIS,
        "seats": [ANNA, VERA],
        "card": "TH",
        "cards": ["TH", "2C"],
        "suit": "C",
        "contract": "3NTX",
        "by_seat": [1, -1, 0, 0],
        "found": ["text", "x"],
        "game": "oh-hell",
        "plain": 2,
    }[what]


@pytest.mark.parametrize(("key", "template", "finding"), TEMPLATES)
def test_every_template_renders(key: str, template: str, finding: bool) -> None:
    values = {name: _sample(name) for name, _ in placeholders(template)}
    text = Renderer(PLAYERS if finding else ()).render(template, {}, values)
    assert "{" not in text
    assert "}" not in text
    assert text == text.strip()
    assert "  " not in text
    if finding:
        assert "Boris" in text or not any(kind(n) == "seat" for n in values), text


# -- (b) findings said by their parameters -----------------------------------------------------


def session(*deals: dict[str, Any], ruleset: object = "seed") -> dict[str, Any]:
    return {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": ruleset,
        "players": PLAYERS,
        "deals": list(deals),
    }


# 4S by South (tests/rules/bridge/test_arbiter.py): East ruffs trick 1 while holding the 4H he
# leads to trick 2, an established revoke; the declarer's side then claims 10.
EAST_RUFFS = {
    "dealer": "S",
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": [["KH", "2H", "2S", "3H"], ["4H", "5H", "6H", "AH"]],
    "claim": 10,
}


def _said(
    report: dict[str, Any],
) -> list[tuple[str, int | None, int | None, str | None, dict[str, Any], str]]:
    return [
        (f["code"], f["deal"], f["seat"], f["card"], f["params"], f["message"]) for f in report["findings"]
    ]


def test_a_seed_session_says_its_findings_from_their_parameters() -> None:
    report = bridge.check(
        session(
            {
                "dealer": "N",
                "auction": ["1S", "1H", "P", "X", "P"],
                "result": 7,
                "scores": {"they": {"below": [40]}},
            },
            {"dealer": "E", "auction": ["1H", "P", "P", "P", "2H"], "result": 7},
            dict(EAST_RUFFS, result=12),
            {
                "dealer": "N",
                "auction": ["1H", "P", "2H", "P", "4H", "P", "P", "P"],
                "result": 10,
                "contract": "4S",
                "declarer": "N",
            },
            {"dealer": "S", "auction": ["1NT", "P"], "result": 7},
        )
    )
    assert _said(report) == [
        (
            "INSUFFICIENT_BID",
            1,
            BORIS,
            None,
            {"call": "1H", "number": 2, "last_call": "1S"},
            "Boris bid 1H (call 2) over 1S; an insufficient bid, taken as accepted by the next call (Law 27A1)",
        ),
        (
            "ILLEGAL_DOUBLE",
            1,
            GLEB,
            None,
            {"form": "partner", "number": 4, "last_call": "1H"},
            "Gleb doubled (call 4), but the last bid, 1H, was made by partner; the double is cancelled "
            "and counts as a pass (Law 36A)",
        ),
        (
            "SCORE_MISMATCH",
            1,
            None,
            None,
            {"form": "they_below", "written": 40, "score": 30},
            "they below the line: written 40, the rules give 30",
        ),
        (
            "CALL_AFTER_AUCTION_END",
            2,
            BORIS,
            None,
            {"form": "one", "after": 4, "calls": 1, "call": "2H"},
            "the auction had ended after call 4, but the log goes on with one more call (2H); "
            "it is cancelled (Law 39A)",
        ),
        (
            "REVOKE",
            3,
            BORIS,
            "2S",
            {"form": "seed", "led_suit": "H", "held_card": "4H"},
            "Boris played 2S on a heart lead while holding 4H; established (Law 63A), no trick transferred "
            "(the seed has no revoke penalty)",
        ),
        (
            "RESULT_MISMATCH",
            3,
            VERA,
            None,
            {"result": 12, "tricks": 11},
            "the sheet says the declarer's side took 12 tricks; the play shows 11",
        ),
        (
            "CONTRACT_MISMATCH",
            4,
            None,
            None,
            {"recorded_contract": "4S", "recorded_seat": ANNA, "contract": "4H", "declarer_seat": ANNA},
            "the sheet records 4S by Anna, but the auction reached 4H by Anna",
        ),
        (
            "AUCTION_INCOMPLETE",
            5,
            None,
            None,
            {"calls": 2, "contract": "1NT"},
            "the auction stops after 2 calls without the closing passes; the contract is taken as 1NT "
            "as if the rest passed",
        ),
    ]
    json.dumps(report["findings"])  # the parameters are plain JSON


def test_the_laws_and_the_arbiter_say_the_tricks_transferred_by_forms() -> None:
    report = bridge.check(
        session(
            dict(EAST_RUFFS, result=11, play_start="N"),
            dict(EAST_RUFFS, arbiter={"waive": ["E"]}),
            dict(EAST_RUFFS, arbiter={"score": {"contract": "4SX", "declarer": "S", "result": 9}}),
            dict(EAST_RUFFS, arbiter={"annul": True}),
            ruleset="laws",
        )
    )
    said = _said(report)
    assert said[:4] == [
        (
            "LEAD_OUT_OF_TURN",
            1,
            ANNA,
            None,
            {"leader_seat": GLEB},
            "the opening lead was made by Anna, but the player on the declarer's left, Gleb, leads; "
            "the lead stands and play goes on from there (Law 53A)",
        ),
        (
            "REVOKE",
            1,
            VERA,
            "2S",
            {"form": "transfer", "led_suit": "H", "held_card": "4H", "transfer": 2},
            "Vera played 2S on a heart lead while holding 4H; established (Law 63A): 2 tricks to the "
            "other side (Law 64A)",
        ),
        (
            "RESULT_MISMATCH",
            1,
            VERA,
            None,
            {"form": "transferred", "result": 11, "tricks": 9, "transferred": 2},
            "the sheet says the declarer's side took 11 tricks; the play shows 9 (after 2 tricks "
            "transferred for a revoke, Law 64)",
        ),
        (
            "REVOKE",
            2,
            BORIS,
            "2S",
            {"form": "waived", "led_suit": "H", "held_card": "4H", "transfer": 2},
            "Boris played 2S on a heart lead while holding 4H; established (Law 63A): Law 64A would "
            "transfer 2 tricks to the other side, but the arbiter waived it",
        ),
    ]
    waived, adjusted, annulled = (f for f in said[4:] if f[0] != "REVOKE")
    assert waived == (
        "PENALTY_WAIVED",
        2,
        BORIS,
        None,
        {"transfer": 2},
        "the arbiter waived the penalty for Boris's revoke in trick 1: the 2 tricks Law 64 would "
        "transfer stay with the side that won them",
    )
    assert adjusted == (
        "SCORE_ADJUSTED",
        3,
        None,
        None,
        {"contract": "4SX", "declarer_seat": VERA, "tricks": 9},
        "deal 3 is scored as the arbiter assigned it: 4SX by Vera, 9 tricks taken; the sheet is not "
        "checked against it",
    )
    assert annulled == (
        "ANNULLED_BY_ARBITER",
        4,
        VERA,
        None,
        {"form": "last"},
        "the arbiter annulled deal 4, dealt by Vera: it scores nothing and the rubber goes on as if it "
        "had not been played; the log ends with it",
    )


def test_the_laws_reason_for_no_transfer_is_the_revokes_form() -> None:
    """East discards on two heart leads: the second revoke in the same suit transfers nothing
    (Law 64B2); the reason is the form, the Law's words are the template's."""
    deal = {
        "dealer": "S",
        "auction": ["1S", "P", "4S", "P", "P", "P"],
        "play": [["KH", "2H", "2C", "3H"], ["QH", "4H", "3C", "5H"], ["2D", "AD", "6H", "3D"]],
        "claim": 8,
    }
    report = bridge.check(session(deal, ruleset="laws"))
    revokes = [f for f in report["findings"] if f["code"] == "REVOKE"]
    assert [(f["trick"], f["seat"], f["card"], f["params"]) for f in revokes] == [
        (1, BORIS, "2C", {"form": "transfer", "led_suit": "H", "held_card": "6H", "transfer": 1}),
        (2, BORIS, "3C", {"form": "same_suit", "led_suit": "H", "held_card": "6H"}),
    ]
    assert revokes[1]["message"] == (
        "Boris played 3C on a heart lead while holding 6H; established (Law 63A): a second revoke in "
        "the same suit by the same player transfers no trick (Law 64B2)"
    )


def test_a_collector_renders_each_form_with_the_players_names() -> None:
    f = Findings(tuple(PLAYERS))
    f.add("ILLEGAL_REDOUBLE", deal=2, seat=ANNA, form="partner", number=5, last_call="2NT")
    f.add("RULING_NOT_APPLICABLE", deal=4, seat=GLEB, form="no_law64")
    f.add("ANNULLED_BY_ARBITER", deal=1, seat=ANNA, form="played_on", next_dealer_seat=BORIS)
    f.add("DUPLICATE_CARD", deal=1, trick=3, seat=VERA, card="AS", other_seat=ANNA, in_trick=1)
    f.add("WRONG_CARD_COUNT", deal=1, form="unfinished", played=12, remaining=1)
    assert [x.message for x in f] == [
        "Anna redoubled (call 5), but the double of 2NT was made by partner; the redouble is cancelled "
        "and counts as a pass (Law 36A)",
        "the arbiter's ruling on deal 4 names Gleb, who has no revoke penalty in it (the ruleset "
        "transfers no trick for a revoke: law64 is off); the ruling changes nothing",
        "the arbiter annulled deal 1, dealt by Anna: it scores nothing and the rubber goes on as if it "
        "had not been played; the next deal of the log is dealt by Boris: the table played on",
        "Vera played AS in trick 3, which was played by Anna in trick 1",
        "the play stops after 12 tricks without a claim; 1 trick is not accounted for",
    ]
    assert f[2].params == {"form": "played_on", "next_dealer_seat": BORIS}
    with pytest.raises(KeyError):
        f.add("ILLEGAL_DOUBLE", deal=1, seat=ANNA, number=2)  # every double refused has its form


def test_a_page_says_the_same_finding_in_its_own_words() -> None:
    """The page's renderer (games/finding_text.py) fills a translated template with its own
    names for cards, suits and calls: the parameters carry no English."""
    report = bridge.check(session(dict(EAST_RUFFS, result=12)))
    revoke = report["findings"][0]
    template = TEXTS[template_key(revoke["code"], revoke["params"])]
    fields = {key: revoke[key] for key in FIELDS}
    page = Renderer(PLAYERS, card=lambda c: f"<{c}>", suit=lambda s: f"[{s}]", contract=lambda c: f"«{c}»")
    text = page.render(template, fields, revoke["params"])
    assert text.startswith("Boris played <2S> on a [H] lead while holding <4H>;")


# -- (c) refusals said by their parameters -----------------------------------------------------


PBN = """[Event "E"]
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


def _refusal(read: Any, raw: Any) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as caught:
        read(raw)
    return caught.value


def _doc(**changes: Any) -> dict[str, Any]:
    deal = {"dealer": "N", "auction": ["1H", "P", "2H", "P", "4H", "P", "P", "P"], "result": 10}
    return session({**deal, **changes})


REFUSALS = [
    pytest.param(
        bridge.parse,
        {**_doc(), "game": "oh-hell"},
        "game",
        "BRIDGE_GAME",
        {"game": "bridge-rubber", "found": ["text", "oh-hell"]},
        "must be 'bridge-rubber' for a rubber bridge log, not the text 'oh-hell'",
        id="game",
    ),
    pytest.param(
        bridge.parse,
        {**_doc(), "players": ["Anna", "Boris", "Anna", "Gleb"]},
        "players[2]",
        "BRIDGE_PLAYER_TWICE",
        {"name": "Anna", "compass": "N"},
        "'Anna' already sits N; names must differ",
        id="player-twice",
    ),
    pytest.param(
        bridge.parse,
        _doc(contract="4Q", declarer="N"),
        "deals[0].contract",
        "BRIDGE_CONTRACT",
        {"found": ["text", "4Q"]},
        "must be a contract such as '4H', '3NTX', '6SXX' or 'Pass', not the text '4Q'",
        id="contract",
    ),
    pytest.param(
        bridge.parse,
        _doc(auction=["1H", "P", 7]),
        "deals[0].auction[2]",
        "BRIDGE_CALL",
        {"found": ["number", 7]},
        "must be a call: a bid 1C..7NT, P (pass), X (double) or XX (redouble), not the number 7",
        id="call",
    ),
    pytest.param(
        bridge.parse,
        _doc(arbiter={"score": {"contract": "4hx", "declarer": "S"}}),
        "deals[0].arbiter.score.result",
        "BRIDGE_ASSIGNED_REQUIRED",
        {"contract": "4HX"},
        "is required with the assigned contract 4HX",
        id="assigned-result",
    ),
    pytest.param(
        bridge.parse,
        _doc(irregularities=[{"mark": "Q"}]),
        "deals[0].irregularities[0].mark",
        "BRIDGE_CHOICE",
        {"choices": "R, S, L, I, D", "found": ["text", "Q"]},
        "must be one of R, S, L, I, D, not the text 'Q'",
        id="mark",
    ),
    pytest.param(
        resolve_ruleset,
        {"whists_rounding": "up"},
        "ruleset.whists_rounding",
        "BRIDGE_CHOICE",
        {"choices": "half_up, half_down, half_even", "found": ["text", "up"]},
        "must be one of half_up, half_down, half_even, not the text 'up'",
        id="ruleset-choice",
    ),
    pytest.param(
        lambda players: resolve_ruleset("seed", players),
        3,
        "players",
        "BRIDGE_RULESET_PLAYERS",
        {"count": 3},
        "rubber bridge is played by four players, not 3",
        id="ruleset-players",
    ),
    pytest.param(
        read_pbn,
        PBN.replace("KT9.AJ93", "KT9.AK93"),
        "boards[0].Deal",
        "BRIDGE_PBN_DEALT_TWICE",
        {"board": "3", "line": 8, "card": "KH", "compass": "N", "other_compass": "S"},
        "board 3, line 8: KH is dealt twice (N and S)",
        id="pbn-dealt-twice",
    ),
    pytest.param(
        read_pbn,
        PBN.replace("1H Pass 3H", "1H Bogus 3H"),
        "boards[0].Auction",
        "BRIDGE_PBN_CALL",
        {"board": "3", "line": 13, "text": "Bogus"},
        "board 3, line 13: 'Bogus' is no call (Pass, X, XX, 1C..7NT, AP)",
        id="pbn-call",
    ),
    pytest.param(
        read_pbn,
        PBN.replace('[Contract "4H"]', '[Contract "4H"]\n[Result "14"]'),
        "boards[0].Result",
        "BRIDGE_PBN_TRICKS",
        {"board": "3", "line": 11, "count": 14},
        "board 3, line 11: 14 tricks; a deal has 13",
        id="pbn-result",
    ),
    pytest.param(
        read_pbn,
        PBN.replace('[Event "E"]', 'stray [Event "E"]'),
        "boards[0]",
        "BRIDGE_PBN_STRAY",
        {"board": "3", "line": 1, "text": "stray"},
        "board 3, line 1: 'stray' stands outside any tag or section",
        id="pbn-stray",
    ),
    pytest.param(
        read_pbn,
        PBN + "\n" + PBN.replace('[Board "3"]', '[Board "4"]').replace('[East "Boris"]', '[East "Anna"]'),
        "boards[1].East",
        "BRIDGE_PBN_PLAYER_MOVED",
        {
            "board": "4",
            "line": 22,
            "tag": "East",
            "name": "Anna",
            "known": "Boris",
            "since": "3",
            "other_tag": "North",
        },
        "board 4, line 22: East is 'Anna' but 'Boris' sat there from board 3; Anna sat North before; "
        "a log is one table of the same four players in the same seats",
        id="pbn-player-moved",
    ),
    pytest.param(
        read_pbn,
        PBN.replace('[Dealer "N"]\n', "").replace('[Auction "N"]', '[Note "1:x"]'),
        "boards[0].Dealer",
        "BRIDGE_PBN_DEALER_REQUIRED",
        {"board": "3", "line": 1},
        "board 3, line 1: the Dealer tag is required (the Auction tag does not say it either)",
        id="pbn-dealer",
    ),
    pytest.param(
        lambda doc: write_pbn(doc, rubber_scores=[]),
        _doc(),
        "rubber_scores",
        "BRIDGE_EXPORT_RUBBER_SCORES",
        {"items": 0, "deals": 1},
        "has 0 items for 1 deal; give one per deal",
        id="export-rubber-scores",
    ),
    pytest.param(
        write_pbn,
        _doc(play=[["KH", "2H", 5, "3H"]]),
        "deals[0].play[0][2]",
        "BRIDGE_EXPORT_CARD",
        {"found": ["number", 5]},
        "must be a card such as 'TH', not the number 5",
        id="export-card",
    ),
]


@pytest.mark.parametrize(("read", "raw", "path", "code", "params", "message"), REFUSALS)
def test_refusals_carry_their_code_and_parameters(
    read: Any, raw: Any, path: str, code: str, params: dict[str, Any], message: str
) -> None:
    refusal = _refusal(read, raw)
    assert (refusal.path, refusal.code, refusal.params) == (path, code, params)
    assert refusal.message == message
    assert refusal.as_dict() == {"path": path, "message": message, "code": code, "params": params}
    json.dumps(refusal.as_dict())


# -- (d) no sentence is built at a call site ----------------------------------------------------


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.glob("*.py"))]


def _registered(node: ast.expr) -> list[str] | None:
    """The refusal codes an argument can be: a string constant, or a choice of two."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _registered(node.body), _registered(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


WORDS = re.compile(r"[A-Za-z]{2,} +[A-Za-z]{2,}")


def _sentence(node: ast.AST) -> bool:
    """Words in a string constant or in the text of an f-string: a sentence built at the call
    site. A key such as ``f"{side}_{line}"`` or a list joined with ``", "`` is none."""
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and WORDS.search(n.value):
            return True
        if isinstance(n, ast.JoinedStr):
            text = "".join(
                v.value for v in n.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
            if " " in text:
                return True
    return False


def _function_of(tree: ast.Module) -> dict[ast.AST, str]:
    owner: dict[ast.AST, str] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for n in ast.walk(fn):
                owner[n] = fn.name
    return owner


def test_every_refusal_is_a_registered_code_with_its_parameters() -> None:
    seen = 0
    for path, tree in _sources():
        if path.name == "texts.py":
            continue
        owner = _function_of(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id == "MalformedDocument":
                at, implied = 1, set()
            elif isinstance(func, ast.Attribute) and func.attr == "error" and owner.get(node) != "error":
                at, implied = 2, {"board", "line"}  # _Board.error names the board and the line
            else:
                continue
            where = f"{path.name}:{node.lineno}"
            code = node.args[at] if len(node.args) > at else None
            assert code is not None, f"{where}: no code"
            if isinstance(code, ast.Name) and owner.get(node) == "error":
                continue  # _Board.error passes its own code on
            codes = _registered(code)
            assert codes, f"{where}: the code must be a string constant, not {ast.unparse(code)}"
            assert len(node.args) == at + 1, f"{where}: a refusal's parameters are keywords"
            given = {k.arg for k in node.keywords if k.arg} | implied
            for c in codes:
                assert c in ERRORS_TEXTS, f"{where}: {c!r} is not a registered bridge refusal"
                wanted = {name for name, _ in placeholders(ERRORS_TEXTS[c])}
                assert wanted <= given, f"{where}: {c} needs {sorted(wanted - given)}"
            for k in node.keywords:
                assert not _sentence(k.value), f"{where}: {k.arg}= builds a sentence"
            seen += 1
    assert seen >= 90


def test_every_finding_is_a_code_with_parameters_and_no_sentence() -> None:
    seen = 0
    for path, tree in _sources():
        if path.name == "texts.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "Finding", (
                    f"{path.name}:{node.lineno}: findings go through the collector"
                )
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "add"
            ):
                continue
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and first.value in SEVERITY):
                continue
            where = f"{path.name}:{node.lineno}"
            assert len(node.args) == 1, f"{where}: the message is the template's, not an argument"
            assert "message" not in {k.arg for k in node.keywords}, where
            for k in node.keywords:
                assert not _sentence(k.value), f"{where}: {k.arg}= builds a sentence"
            seen += 1
    assert seen >= 25


def test_no_sentence_is_left_in_the_finding_modules() -> None:
    """The findings' modules build no message at all: every f-string left there is a path,
    a seat letter or a format's notation, never a sentence for a finding."""
    for name in ("auction.py", "play.py", "replay.py"):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = ast.unparse(node)
                assert "played" not in text, f"{name}:{node.lineno}: {text}"
                assert "the " not in text, f"{name}:{node.lineno}: {text}"
