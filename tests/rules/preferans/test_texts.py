"""The preferans findings and refusals as data: each sentence is a template (rules/preferans/texts.py)
filled from the finding's code, fields and parameters (rules/texts.py), so the apps can say it in
their reader's language; no call site builds a sentence of its own."""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

import rules.preferans as preferans
from rules.errors import MalformedDocument
from rules.preferans import auction, play, whist
from rules.preferans.auction import AuctionOptions, check_contract, run_auction
from rules.preferans.codes import SEVERITY, Findings
from rules.preferans.core import Contract, read_contract
from rules.preferans.document import Call, WhistDecision
from rules.preferans.ruleset import resolve_ruleset
from rules.preferans.texts import ERRORS_TEXTS, TEXTS
from rules.preferans.whist import WhistOptions, whist_decisions
from rules.texts import ERRORS, FIELDS, Renderer, placeholders
from tests.rules.placeholders import kind

PACKAGE = Path(preferans.__file__).resolve().parent
DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"
PLAYERS = ("Anna", "Boris", "Vera")
ANNA, BORIS, VERA, GLEB = 0, 1, 2, 3

# -- (a) the templates -------------------------------------------------------------------------


#: The plain parameters (numbers, or a player's name as written, or a list already joined):
#: any other name must follow a suffix convention, so that a page renders it in its language.
PLAIN = {
    # counts and numbers
    "annulled_deal",
    "before",
    "calls",
    "call_no",
    "cards",
    "claimed",
    "computed",
    "count",
    "ended_after",
    "first_tricks",
    "in_trick",
    "level",
    "mountain_whists",
    "per_deal",
    "played",
    "players",
    "pool_whists",
    "remaining",
    "second_tricks",
    "seat_no",
    "settled",
    "step",
    "taken",
    "third_tricks",
    "total",
    "tricks",
    "version",
    "written",
    # the ruleset's own words (option values), a list of levels, a player's name, free text
    "choices",
    "levels",
    "name",
    "reason",
}


def test_every_finding_template_belongs_to_a_code() -> None:
    assert TEXTS
    for key in TEXTS:
        code, _, form = key.partition("/")
        assert code in SEVERITY, key
        assert form == "" or re.fullmatch(r"[a-z_]+", form), key


def test_every_code_the_replay_raises_has_a_template() -> None:
    said = {key.partition("/")[0] for key in TEXTS}
    # Kept in the table for the contract, never raised: no penalty is imposed, no quota helper,
    # and the play gives each card to the seat whose turn it is.
    assert set(SEVERITY) - said == {"PENALTY_WAIVED", "PENALTY_CONFIRMED", "WHIST_QUOTA", "PLAY_OUT_OF_TURN"}


def test_every_refusal_code_is_registered_with_its_template() -> None:
    assert ERRORS_TEXTS
    for code, template in ERRORS_TEXTS.items():
        assert re.fullmatch(r"PREFERANS_[A-Z_]+", code), code
        assert ERRORS[code] == template


ALL_TEMPLATES = [pytest.param(key, text, True, id=f"finding-{key}") for key, text in TEXTS.items()] + [
    pytest.param(code, text, False, id=f"refusal-{code}") for code, text in ERRORS_TEXTS.items()
]


@pytest.mark.parametrize(("key", "template", "finding"), ALL_TEMPLATES)
def test_placeholders_are_fields_or_follow_the_conventions(key: str, template: str, finding: bool) -> None:
    names = placeholders(template)
    for name, spec in names:
        assert name.isidentifier(), (key, name)
        if finding and name in FIELDS:
            assert not spec, (key, name)
            continue
        assert kind(name) != "plain" or name in PLAIN, f"{key}: {{{name}}} follows no convention"
        if "|" in spec:
            # A plural: a count in English's two forms.
            assert kind(name) == "plain", (key, name)
            forms = spec.split("|")
            assert len(forms) == 2, (key, spec)
            assert all(forms), (key, spec)
        else:
            assert not spec, (key, name, spec)
    # A refusal knows no deal, trick or seat of a finding: it says a seat by its number.
    if not finding:
        assert not {name for name, _ in names} & {"deal", "trick", "seat"}, key


SAMPLE = {
    "seat": 1,
    "seats": [0, 1],
    "card": "QH",
    "cards": ["7S", "8S"],
    "suit": "C",
    "contract": "7H",
    "by_seat": [1, 2, 3],
    "found": ["text", "x"],
    "plain": 3,
}


@pytest.mark.parametrize(("key", "template", "finding"), ALL_TEMPLATES)
def test_every_template_renders(key: str, template: str, finding: bool) -> None:
    params = {
        name: SAMPLE[kind(name)] for name, _ in placeholders(template) if not (finding and name in FIELDS)
    }
    fields = {"deal": 2, "trick": 4, "seat": 1, "card": "QH"} if finding else {}
    text = Renderer(PLAYERS).render(template, fields, params)
    assert "{" not in text
    assert "}" not in text
    assert text[:1] == template[:1] or template.startswith("{")


# -- (b) findings from replays: exact parameters and sentences ----------------------------------


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return doc


def report_findings(doc: dict[str, Any]) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = preferans.check(doc)["findings"]
    return findings


def test_an_entry_on_an_opponent_is_said_by_its_form() -> None:
    doc = load("sochi-pulka.json")
    doc["deals"][0]["entries"][1]["points"] = 6
    assert report_findings(doc) == [
        {
            "code": "ENTRY_MISMATCH",
            "severity": "error",
            "deal": 1,
            "trick": None,
            "seat": VERA,
            "player": "Vera",
            "card": None,
            "message": "Vera is written 6 in whists on Boris, but the deal gives 8",
            "params": {"form": "whist", "on_seat": BORIS, "written": 6, "computed": 8},
        }
    ]


def test_revokes_on_the_passout_talon_name_the_suit_and_the_card_held() -> None:
    doc = load("sochi-pulka.json")
    doc["deals"][2]["talon"] = ["7C", "7S"]
    revokes = [f for f in report_findings(doc) if f["code"] == "REVOKE"]
    assert [(f["trick"], f["seat"], f["card"], f["params"]) for f in revokes[:4]] == [
        (1, ANNA, "8S", {"form": "talon", "led_suit": "C", "held_card": "9C"}),
        (1, BORIS, "TS", {"form": "talon", "led_suit": "C", "held_card": "QC"}),
        (1, VERA, "AS", {"form": "talon", "led_suit": "C", "held_card": "AC"}),
        (2, ANNA, "8C", {"form": "talon", "led_suit": "S", "held_card": "9S"}),
    ]
    assert revokes[3]["message"] == "Anna played 8C on a spade talon card in trick 2 while holding 9S"
    tricks = [
        (f["seat"], f["params"], f["message"]) for f in report_findings(doc) if f["code"] == "TRICKS_MISMATCH"
    ]
    assert tricks[0] == (
        ANNA,
        {"written": 0, "taken": 2},
        "Anna is written with 0 tricks, but the play gives 2 tricks",
    )


def test_a_settlement_and_bombs_are_said_with_numbers_and_forms() -> None:
    doc = load("sochi-pulka.json")
    doc["settlement"] = {"balances": [150, 45, -195]}
    got = [(f["code"], f["seat"], f["params"], f["message"]) for f in report_findings(doc)]
    assert got == [
        (
            "SETTLEMENT_MISMATCH",
            ANNA,
            {"written": 150, "settled": 140},
            "Anna is settled at 150 whists, but the pulka settles at 140 whists",
        ),
        (
            "SETTLEMENT_MISMATCH",
            BORIS,
            {"written": 45, "settled": 55},
            "Boris is settled at 45 whists, but the pulka settles at 55 whists",
        ),
    ]
    doc = load("dark-passout-bombs.json")
    doc["deals"][0]["bombs"] = [
        {"seat": 1, "event": "drawn", "rank": 1},
        {"seat": 2, "event": "drawn", "rank": 2},
    ]
    bombs = [(f["code"], f["deal"], f["seat"], f["params"], f["message"]) for f in report_findings(doc)]
    assert bombs == [
        (
            "BOMB_MISMATCH",
            1,
            VERA,
            {"form": "unmarked_drawn_bomb", "rank": 1},
            "the deal draws a bomb for Vera, but the pulka does not mark it",
        ),
        (
            "BOMB_MISMATCH",
            1,
            VERA,
            {"form": "marked_drawn_double", "rank": 2},
            "Vera is marked with a double bomb drawn, but the deal draws no such bomb",
        ),
    ]


def test_the_arbiter_rulings_name_the_dealer_the_tricks_and_the_reason() -> None:
    doc = copy.deepcopy(load("sochi-pulka.json"))
    doc["deals"][1]["arbiter"] = {"annul": True, "reason": "the deck was a card short"}
    doc["deals"][0]["arbiter"] = {"waive": [BORIS]}
    got = [(f["code"], f["deal"], f["seat"], f["params"], f["message"]) for f in report_findings(doc)]
    assert got == [
        (
            "RULING_NOT_APPLICABLE",
            1,
            BORIS,
            {"form": "waive"},
            "Boris has no penalty in deal 1 to waive: the preferans replay imposes none "
            "(a revoke is a finding; the deal is scored as played)",
        ),
        (
            "ANNULLED_BY_ARBITER",
            2,
            BORIS,
            {"form": "reason", "reason": "the deck was a card short"},
            "the arbiter annuls deal 2, dealt by Boris (the deck was a card short): it writes nothing "
            "on the pulka and draws or puts out no bomb",
        ),
    ]
    four = {
        "game": "preferans",
        "version": 1,
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "deals": [
            {
                "dealer": BORIS,
                "auction": [{"seat": s, "call": "pass"} for s in (VERA, GLEB, ANNA)],
                "tricks": [4, 0, 3, 3],
                "arbiter": {"score": {"tricks": [1, 0, 4, 5]}},
            }
        ],
    }
    (adjusted,) = report_findings(four)
    assert (adjusted["code"], adjusted["deal"], adjusted["seat"]) == ("SCORE_ADJUSTED", 1, None)
    assert adjusted["params"] == {
        "first_seat": ANNA,
        "first_tricks": 1,
        "second_seat": VERA,
        "second_tricks": 4,
        "third_seat": GLEB,
        "third_tricks": 5,
    }
    assert adjusted["message"] == (
        "the arbiter scores deal 1 by the tricks Anna 1, Vera 4, Gleb 5, not as the log has it"
    )


def game(text: str) -> Contract:
    contract = read_contract(text)
    assert contract is not None
    return contract


def call(seat: int, text: str, *, dark: bool = False) -> Call:
    if text == "pass":
        return Call(seat, "pass", dark=dark)
    if text.startswith("dark-"):
        return Call(seat, text, dark=True)  # type: ignore[arg-type]
    return Call(seat, "contract", read_contract(text), dark=dark)


def said(f: Findings) -> list[tuple[str, int | None, dict[str, Any], str]]:
    return [(x.code, x.seat, dict(x.params), x.message) for x in f]


def test_the_auction_names_calls_as_the_document_writes_them() -> None:
    f = Findings(PLAYERS)
    calls = [call(1, "dark-1"), call(2, "6NT"), call(0, "pass"), call(1, "pass"), call(2, "pass")]
    result = run_auction(calls, 3, 0, AuctionOptions(), f, 1)
    check_contract(result, read_contract("6S"), f, 1)
    assert said(f) == [
        (
            "DARK_OVERCALL_WRONG",
            VERA,
            {"form": "raz", "call_no": 2, "call": "6NT", "top_call": "dark-1", "seven_contract": "7S"},
            "call 2: 6NT does not overcall РАЗ В ТЕМНУЮ (overcalled only by ДВА В ТЕМНУЮ or a light "
            "seven of the first suit, 7S)",
        ),
        (
            "CALL_AFTER_AUCTION_END",
            VERA,
            {"ended_after": 4, "calls": 1},
            "the auction had ended after call 4, but the log goes on with 1 call; they are ignored",
        ),
        (
            "CONTRACT_BELOW_BID",
            VERA,
            {"contract": "6S", "winning_call": "6NT"},
            "the contract 6S is below the winning bid 6NT",
        ),
    ]
    f = Findings(PLAYERS)
    calls = [call(2, "6S"), call(0, "pass"), call(1, "6C"), call(0, "7H")]
    run_auction(calls, 3, 0, AuctionOptions(), f, 3)
    assert said(f) == [
        (
            "CALL_OUT_OF_TURN",
            VERA,
            {"call_no": 1, "call": "6S", "turn_seat": BORIS},
            "call 1 (6S) was made by Vera, but it was Boris's turn; the call stands and the turn "
            "goes on from it",
        ),
        (
            "PASS_WITHDRAWN",
            ANNA,
            {"call_no": 4, "call": "7H"},
            "call 4: Anna calls 7H after passing; a pass is final, the call is ignored",
        ),
        (
            "AUCTION_INCOMPLETE",
            None,
            {"calls": 4},
            "the auction stops after 4 calls before it ended; the rest are taken as passes",
        ),
    ]


def test_the_whists_are_said_by_forms() -> None:
    f = Findings(PLAYERS)
    words = [WhistDecision(ANNA, "pass"), WhistDecision(VERA, "half")]
    whist_decisions(game("7S"), False, words, (VERA, ANNA), WhistOptions(), f, 5, None)
    assert said(f) == [
        (
            "WHIST_OUT_OF_TURN",
            ANNA,
            {"form": "pass", "turn_seat": VERA},
            "Anna says pass where Vera was to speak",
        ),
        (
            "WHIST_OUT_OF_TURN",
            VERA,
            {"form": "half", "turn_seat": ANNA},
            "Vera says half where Anna was to speak",
        ),
        (
            "HALF_WHIST_WRONG",
            VERA,
            {"form": "order"},
            "only the second defender, after the first passed, may say half-whist",
        ),
    ]
    f = Findings(PLAYERS)
    words = [WhistDecision(VERA, "pass"), WhistDecision(ANNA, "half")]
    whist_decisions(game("7S"), False, words, (VERA, ANNA), WhistOptions(), f, 5, None)
    assert said(f) == [
        (
            "HALF_WHIST_WRONG",
            ANNA,
            {"form": "level", "levels": "6", "contract": "7S"},
            "half-whist is said on games of level 6, not on 7S",
        )
    ]


# -- (c) refusals: exact code, parameters and path -------------------------------------------


def base() -> dict[str, Any]:
    return load("sochi-pulka.json")


def edit(change: Any) -> dict[str, Any]:
    doc = base()
    change(doc)
    return doc


REFUSALS = [
    pytest.param(
        edit(lambda d: d.update(game="bridge")),
        "game",
        "PREFERANS_GAME",
        {"found": ["text", "bridge"]},
        "must be 'preferans' for a preferans log, not the text 'bridge'",
        id="game",
    ),
    pytest.param(
        edit(lambda d: d.update(version=2)),
        "version",
        "PREFERANS_VERSION",
        {"found": ["number", 2], "version": 1},
        "unsupported version: the number 2; this reader knows version 1",
        id="version",
    ),
    pytest.param(
        edit(lambda d: d.update(players=["Anna", "Boris"])),
        "players",
        "PREFERANS_PLAYERS_COUNT",
        {"count": 2},
        "preferans is played by 3 players (4 with the dealer sitting out), not 2",
        id="two-players",
    ),
    pytest.param(
        edit(lambda d: d.update(players=["Anna", "Boris", "Anna"])),
        "players[2]",
        "PREFERANS_PLAYER_TWICE",
        {"name": "Anna", "seat_no": 0},
        "'Anna' already sits at seat 0; names must differ",
        id="name-twice",
    ),
    pytest.param(
        edit(lambda d: d["deals"][0]["hands"][1].__setitem__(3, "6C")),
        "deals[0].hands[1][3]",
        "PREFERANS_CARD_NOT_IN_DECK",
        {"card": "6C"},
        "6C is not in the 32-card preferans deck (7 to ace)",
        id="six",
    ),
    pytest.param(
        edit(lambda d: d["deals"][0]["talon"].__setitem__(1, d["deals"][0]["hands"][2][0])),
        "deals[0].talon[1]",
        "PREFERANS_CARD_IN_HAND",
        None,
        None,
        id="talon-card-in-a-hand",
    ),
    pytest.param(
        edit(lambda d: d["deals"][0]["auction"][0].update(call="5S")),
        "deals[0].auction[0].call",
        "PREFERANS_CALL",
        {"found": ["text", "5S"]},
        "must be a game 6S..10NT, 'misere', 'pass' or 'dark-1'..'dark-3', not the text '5S'",
        id="call",
    ),
    pytest.param(
        edit(lambda d: d["deals"][0]["auction"].__setitem__(0, {"seat": 1, "call": "dark-2", "dark": False})),
        "deals[0].auction[0].dark",
        "PREFERANS_DARK_BY_NATURE",
        {"call": "dark-2"},
        "dark-2 is declared in the dark by its nature",
        id="dark-by-nature",
    ),
    pytest.param(
        edit(lambda d: d["deals"][0].update(claim=[6, 6, 0])),
        "deals[0].claim",
        "PREFERANS_CLAIM_SUM",
        {"total": 12},
        "a deal has 10 tricks; the claim shares 12",
        id="claim-sum",
    ),
    pytest.param(
        edit(lambda d: d["deals"][0]["entries"][0].update(on=2)),
        "deals[0].entries[0].on",
        "PREFERANS_POOL_ENTRY_ON",
        {},
        "only a whist entry is written on an opponent, not a pool entry",
        id="pool-entry-on",
    ),
    pytest.param(
        edit(lambda d: d.update(ruleset={"preset": "sochi", "whist_split": "kind"})),
        "ruleset.whist_split",
        "PREFERANS_CHOICE",
        {"choices": "greedy, gentleman", "found": ["text", "kind"]},
        "must be one of greedy, gentleman, not the text 'kind'",
        id="choice",
    ),
    pytest.param(
        edit(lambda d: d.update(ruleset={"preset": "sochi", "passout_minimum": "6-8-7"})),
        "ruleset.passout_minimum[2]",
        "PREFERANS_MINIMUM_FALLING",
        {"before": 8},
        "must not be below the one before it (8)",
        id="minimum-falling",
    ),
]


@pytest.mark.parametrize(("doc", "path", "code", "params", "message"), REFUSALS)
def test_a_refusal_is_a_code_with_parameters_at_a_path(
    doc: dict[str, Any], path: str, code: str, params: dict[str, Any] | None, message: str | None
) -> None:
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(doc)
    error = caught.value
    assert (error.path, error.code) == (path, code)
    if params is None:  # the talon card dealt to a seat: which seat is the document's
        hand = base()["deals"][0]["hands"]
        card = hand[2][0]
        params, message = {"card": card, "seat_no": 2}, f"{card} is already in seat 2's hand"
    assert error.params == params
    assert error.as_dict() == {"path": path, "message": message, "code": code, "params": params}


def test_the_ruleset_refuses_a_table_of_two_by_code() -> None:
    with pytest.raises(MalformedDocument) as caught:
        resolve_ruleset("sochi", 2)
    assert caught.value.as_dict() == {
        "path": "players",
        "message": "preferans is played by three or four players, not the number 2",
        "code": "PREFERANS_RULESET_PLAYERS",
        "params": {"found": ["number", 2]},
    }


# -- (d) no sentence is built at a call site -------------------------------------------------

SOURCES = sorted(PACKAGE.glob("*.py"))
#: The modules' code constants a finding may be added with (``REVOKE = "REVOKE"`` …).
MODULES = {"play": play, "auction": auction, "whist": whist}


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def callee(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def is_finding_add(node: ast.Call) -> bool:
    """A collector's ``add``: a set's ``add`` takes one argument and no keywords."""
    return callee(node) == "add" and (bool(node.keywords) or len(node.args) != 1 or _is_str(node.args[0]))


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _code_of(node: ast.expr, module: str) -> str | None:
    if _is_str(node):
        assert isinstance(node, ast.Constant)
        return str(node.value)
    if isinstance(node, ast.Name) and module in MODULES:
        value = getattr(MODULES[module], node.id, None)
        return value if isinstance(value, str) else None
    return None


@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_no_sentence_is_passed_to_the_collector(path: Path) -> None:
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.FunctionDef):
            # The local helpers that built sentences are gone.
            assert node.name not in ("add", "who", "_who", "_where_words", "_dark_words"), (
                path.name,
                node.name,
            )
        if not isinstance(node, ast.Call):
            continue
        assert callee(node) != "Finding", f"{path.name}:{node.lineno}: a Finding built by hand"
        if not is_finding_add(node):
            continue
        where = f"{path.name}:{node.lineno}"
        assert len(node.args) == 1, f"{where}: a message passed to add"
        code = _code_of(node.args[0], path.stem)
        assert code in SEVERITY, f"{where}: {ast.unparse(node.args[0])} is no finding code"
        keywords = {k.arg: k.value for k in node.keywords}
        assert "message" not in keywords, where
        for name, value in keywords.items():
            if name != "form":  # a form may be built from words (f"extra_{word}")
                assert not isinstance(value, ast.JoinedStr), f"{where}: an f-string for {name}"
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and name != "form":
                assert " " not in value.value, f"{where}: a sentence for {name}"
        form = keywords.get("form")
        if form is None:
            assert code in TEXTS, f"{where}: {code} has no template"
        elif isinstance(form, ast.Constant):
            key = f"{code}/{form.value!s}"
            assert key in TEXTS, f"{where}: {key} has no template"


@pytest.mark.parametrize("path", SOURCES, ids=[p.stem for p in SOURCES])
def test_every_refusal_is_a_registered_code(path: Path) -> None:
    for node in ast.walk(tree(path)):
        if not (isinstance(node, ast.Call) and callee(node) == "MalformedDocument"):
            continue
        where = f"{path.name}:{node.lineno}"
        assert len(node.args) == 2, f"{where}: MalformedDocument(path, code, **params)"
        code = node.args[1]
        assert isinstance(code, ast.Constant), f"{where}: the code is no constant"
        assert isinstance(code.value, str), f"{where}: the code is no text"
        assert code.value in ERRORS_TEXTS, f"{where}: {code.value!r} is no registered code"
        for keyword in node.keywords:
            assert keyword.arg != "message", where
            assert not isinstance(keyword.value, ast.JoinedStr), f"{where}: an f-string for {keyword.arg}"
