"""The reader's refusals as data, across the engine: every ``MalformedDocument`` is a registered
code with parameters (rules/texts.py), so the apps can say it in their reader's language.

(a) every registered template follows the placeholder conventions; (b) malformed inputs to
the shared readers (rules/jsondoc.py, rules/registry.py, rules/strict.py, rules/arbiter.py)
and to Oh Hell's give exact paths, codes and parameters; (c) no module of rules/ passes a
sentence, or anything but a registered code, to ``MalformedDocument``.
"""

from __future__ import annotations

import ast
import copy
import inspect
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import rules
import rules.texts_read as texts_read
from rules import registry, strict
from rules.errors import MalformedDocument
from rules.ohhell import texts as ohhell_texts
from rules.ohhell.document import parse as ohhell_parse
from rules.ohhell.ruleset import resolve_ruleset
from rules.ohhell.sheet_entry import build_document
from rules.texts import ERRORS, Renderer, placeholders
from tests.rules.placeholders import kind

registry.load_all()

RULES = Path(rules.__file__).resolve().parent
DATA = Path(__file__).resolve().parents[1] / "data"

# -- (a) the templates -----------------------------------------------------------------------


#: The placeholders shown as they are: counts and numbers, and words of the document itself
#: (a field's or a preset's name, a list of them already joined, a name, a PBN tag or text).
PLAIN = {
    # counts, numbers and positions
    "ahead",
    "before",
    "deal_no",
    "reason",  # the operating system's words for a file it cannot read
    "bid_rows",
    "byte",
    "cards",
    "column",
    "count",
    "deals",
    "digits",
    "expected",
    "first",
    "held",
    "high",
    "last_seat_no",
    "level",
    "line",
    "low",
    "most",
    "mountain_whists",
    "pair",  # a pair number of a duplicate movement
    "players",
    "pool_whists",
    "position",
    "previous",
    "seat_no",
    "seats",
    "second",
    "since",
    "size",
    "taken_rows",
    "total",
    "trick",
    "trick_no",
    "tricks",
    "unknown_trick",
    "value",
    "version",
    # the document's own words, as written
    "board",
    "choices",
    "compass",
    "constant",
    "event",
    "events",
    "field",
    "fields",
    "first_key",
    "game",
    "games",
    "hand",
    "items",
    "key",
    "kind",
    "kinds",
    "known",
    "name",
    "option",
    "options",
    "other_compass",
    "other_tag",
    "place",
    "preset",
    "presets",
    "second_key",
    "tag",
    "text",
}

#: The games' prefixes and those of the shared readers.
PREFIXES = ("BRIDGE", "DURAK", "OHHELL", "PREFERANS", "READ", "JSON", "LOG", "ARBITER")


SAMPLE = {
    "seat": 1,
    "seats": [0, 1],
    "card": "QH",
    "cards": ["7S", "8S"],
    "suit": "C",
    "contract": "4H",
    "by_seat": [1, 2, 3],
    "found": ["text", "x"],
    "game": "oh-hell",
    "plain": 3,
}

TEMPLATES = [pytest.param(code, template, id=code) for code, template in sorted(ERRORS.items())]


def test_the_shared_and_the_oh_hell_refusals_are_registered() -> None:
    for module, prefixes in (
        (texts_read, ("JSON_", "LOG_", "READ_", "ARBITER_")),
        (ohhell_texts, ("OHHELL_",)),
    ):
        assert module.ERRORS_TEXTS
        for code, template in module.ERRORS_TEXTS.items():
            assert code.startswith(prefixes), code
            assert ERRORS[code] == template


@pytest.mark.parametrize(("code", "template"), TEMPLATES)
def test_a_template_follows_the_placeholder_conventions(code: str, template: str) -> None:
    assert re.fullmatch(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)+", code), code
    assert code.partition("_")[0] in PREFIXES, code
    names = placeholders(template)
    for name, spec in names:
        assert name.isidentifier(), (code, name)
        assert kind(name) != "plain" or name in PLAIN, f"{code}: {{{name}}} follows no convention"
        if spec:
            # A plural: a count, in English's two forms, neither empty.
            forms = spec.split("|")
            assert len(forms) == 2, f"{code}: {{{name}:{spec}}} needs one|many"
            assert all(forms), (code, spec)
            assert kind(name) == "plain", f"{code}: a plural counts a number, not a {kind(name)}"
    # A refusal has no finding of its own: no deal, and a seat is a seat number (``seat_no``).
    assert not {name for name, _ in names} & {"deal", "seat"}, code


@pytest.mark.parametrize(("code", "template"), TEMPLATES)
def test_a_template_renders_with_every_placeholder_filled(code: str, template: str) -> None:
    params = {name: SAMPLE[kind(name)] for name, _ in placeholders(template)}
    text = Renderer(("Anna", "Boris", "Vera")).render(template, {}, params)
    assert "{" not in text, (code, text)
    assert "}" not in text, (code, text)
    assert text, code
    assert text.strip() == text, code


def test_an_unregistered_code_is_refused_when_raised() -> None:
    with pytest.raises(KeyError, match="READ_NO_SUCH_CODE"):
        MalformedDocument("deals", "READ_NO_SUCH_CODE")


# -- (b) malformed inputs: exact path, code and parameters ------------------------------------

OH_HELL: dict[str, Any] = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": "classic",
    "players": ["Anna", "Boris", "Vera"],
    "deals": [
        {"dealer": 0, "cards": 1, "trump": "QH", "bids": [0, 1, 0], "tricks": [["KS", "5S", "2S"]]},
        {"dealer": 1, "cards": 2, "trump": None, "bids": [0, 1, 0], "taken": [1, 1, 0]},
    ],
}
GAMES = "bridge-duplicate, bridge-rubber, durak, oh-hell, preferans"
DEAL_FIELDS = "dealer, cards, trump, hands, bids, blind, tricks, taken, scores, events, reneged, arbiter"
RULING_KEYS = "annul, score, waive, confirm, reason, dispute"


def oh_hell(*changes: tuple[tuple[Any, ...], Any]) -> dict[str, Any]:
    """The Oh Hell log with each ``(path, value)`` set."""
    doc = copy.deepcopy(OH_HELL)
    for keys, value in changes:
        target = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return doc


def bridge_play(play: list[list[str]]) -> dict[str, Any]:
    deal = {"dealer": "S", "auction": ["1S", "P", "4S", "P", "P", "P"], "play": play, "claim": 10}
    return {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": "seed",
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "deals": [deal],
    }


def preferans_play(play: list[list[str]]) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / "preferans" / "sochi-pulka.json").read_text(encoding="utf-8"))
    doc["deals"][0]["play"] = play
    return doc


def read(raw: Any) -> Callable[[], object]:
    return lambda: registry.read(raw)


CASES = [
    # rules/jsondoc.py
    pytest.param(
        read(b"\xff{}"),
        "",
        "JSON_NOT_UTF8_START",
        {"byte": 0},
        "not UTF-8 text: invalid start byte at byte 0",
        id="json-not-utf8",
    ),
    pytest.param(
        read(b'{"a": 1,\n "b": }'),
        "",
        "JSON_EXPECTING_VALUE",
        {"line": 2, "column": 7},
        "not JSON: Expecting value at line 2 column 7",
        id="json-expecting-value",
    ),
    pytest.param(
        read(b'{"game": "oh-hell",}'),
        "",
        "JSON_EXPECTING_NAME",
        {"line": 1, "column": 20},
        "not JSON: Expecting property name enclosed in double quotes at line 1 column 20",
        id="json-trailing-comma",
    ),
    pytest.param(
        read(b'"abc'),
        "",
        "JSON_UNTERMINATED_STRING",
        {"line": 1, "column": 1},
        "not JSON: Unterminated string starting at line 1 column 1",
        id="json-unterminated",
    ),
    pytest.param(
        read(b'{"totals": [NaN]}'),
        "",
        "JSON_CONSTANT",
        {"constant": "NaN"},
        "not JSON: NaN is not a number JSON allows",
        id="json-nan",
    ),
    pytest.param(
        read(b"[" * 100_000), "", "JSON_TOO_DEEP", {}, "not JSON: nested too deeply to read", id="json-deep"
    ),
    # rules/registry.py
    pytest.param(
        read(b"[1, 2]"),
        "",
        "LOG_NOT_OBJECT",
        {"found": ["list"]},
        "a game log is a JSON object, not a list",
        id="log-not-an-object",
    ),
    pytest.param(
        read(b'{"deals": []}'),
        "game",
        "LOG_GAME_REQUIRED",
        {"games": GAMES},
        f"is required and names the game: one of {GAMES}",
        id="log-no-game",
    ),
    pytest.param(
        read(b'{"game": "chess"}'),
        "game",
        "LOG_UNKNOWN_GAME",
        {"game": "chess", "games": GAMES},
        f"unknown game 'chess'; known: {GAMES}",
        id="log-unknown-game",
    ),
    # rules/strict.py, through the registry and the games' readers
    pytest.param(
        read(b'{"game": "oh-hell", "version": 1, "version": 1}'),
        "version",
        "READ_KEY_TWICE",
        {"field": "version"},
        "'version' appears twice in this object",
        id="read-key-twice",
    ),
    pytest.param(
        read(oh_hell((("deals", 1), "deal"))),
        "deals[1]",
        "READ_OBJECT",
        {"found": ["text", "deal"]},
        "must be a JSON object, not the text 'deal'",
        id="read-object",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "tricks", 0, 1), "ZZ"))),
        "deals[0].tricks[0][1]",
        "READ_CARD_UNKNOWN",
        {"found": ["text", "ZZ"]},
        "unknown card: the text 'ZZ' is not a card (expected rank then suit, e.g. TH, 10H, Q♠)",
        id="read-card-unknown",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "trump"), 12))),
        "deals[0].trump",
        "READ_CARD_TYPE",
        {"found": ["number", 12]},
        "must be a card such as 'TH' or '10♥', not the number 12",
        id="read-card-type",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "tricks", 0), "KS 5S 2S"))),
        "deals[0].tricks[0]",
        "READ_CARDS_TYPE",
        {"found": ["text", "KS 5S 2S"]},
        "must be a list of cards, not the text 'KS 5S 2S'",
        id="read-cards-type",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "bids", 1), True))),
        "deals[0].bids[1]",
        "READ_INT",
        {"found": ["true"]},
        "must be a whole number, not true",
        id="read-int",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "cards"), 18))),
        "deals[0].cards",
        "READ_INT_RANGE",
        {"low": 1, "high": 17, "value": 18},
        "must be from 1 to 17, not 18",
        id="read-int-range",
    ),
    pytest.param(
        read(oh_hell((("ruleset",), {"preset": "classic", "renege_penalty": -5}))),
        "ruleset.renege_penalty",
        "READ_INT_AT_LEAST",
        {"low": 0, "value": -5},
        "must be at least 0, not -5",
        id="read-int-at-least",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "blind"), [False, 0, False]))),
        "deals[0].blind[1]",
        "READ_BOOL",
        {"found": ["number", 0]},
        "must be true or false, not the number 0",
        id="read-bool",
    ),
    pytest.param(
        read(oh_hell((("ruleset",), "modern"))),
        "ruleset",
        "READ_UNKNOWN_PRESET",
        {"preset": "modern", "presets": "classic, classic-nil5"},
        "unknown preset 'modern'; known: classic, classic-nil5",
        id="read-unknown-preset",
    ),
    pytest.param(
        read(oh_hell((("ruleset",), {"preset": 5}))),
        "ruleset.preset",
        "READ_PRESET_NAME",
        {},
        "must be a preset name (a string)",
        id="read-preset-name",
    ),
    pytest.param(
        read(bridge_play([["KH", "2H", "2S", "3H", "4H"]])),
        "deals[0].play[0]",
        "READ_TRICK_SIZE",
        {"players": 4, "count": 5},
        "a trick has one card from each of the 4 players, not 5",
        id="read-trick-size",
    ),
    pytest.param(
        read(bridge_play([["KH", "2H"], ["4H", "5H", "6H", "AH"]])),
        "deals[0].play[0]",
        "READ_TRICK_INCOMPLETE",
        {"trick_no": 1},
        "only the last trick may be incomplete, not trick 1",
        id="read-trick-incomplete",
    ),
    pytest.param(
        lambda: registry.read(preferans_play([["7S", "8S", "9S", "TS"]])),
        "deals[0].play[0]",
        "READ_TRICK_SIZE_IN_PLAY",
        {"players": 3, "count": 4},
        "a trick has one card from each of the 3 players in play, not 4",
        id="read-trick-size-in-play",
    ),
    # rules/arbiter.py
    pytest.param(
        read(oh_hell((("deals", 1, "arbiter"), {"annul": True, "void": 1}))),
        "deals[1].arbiter.void",
        "READ_UNKNOWN_FIELD",
        {"field": "void", "fields": RULING_KEYS},
        f"unknown field 'void'; this object has {RULING_KEYS}",
        id="arbiter-unknown-key",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "arbiter"), {"reason": "why"}))),
        "deals[1].arbiter",
        "ARBITER_EMPTY",
        {},
        "rules nothing: give annul, score, waive or confirm",
        id="arbiter-empty",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "arbiter"), {"annul": 1}))),
        "deals[1].arbiter.annul",
        "ARBITER_ANNUL",
        {"found": ["number", 1]},
        "must be true (leave it out otherwise), not the number 1",
        id="arbiter-annul",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "arbiter"), {"waive": [1], "confirm": [2, 1]}))),
        "deals[1].arbiter.confirm[1]",
        "ARBITER_WAIVED_AND_CONFIRMED",
        {},
        "a penalty is waived or confirmed, not both",
        id="arbiter-waived-and-confirmed",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "arbiter"), {"waive": [2, 2]}))),
        "deals[1].arbiter.waive[1]",
        "ARBITER_SEAT_TWICE",
        {},
        "this seat is listed twice",
        id="arbiter-seat-twice",
    ),
    # rules/ohhell
    pytest.param(
        read(oh_hell((("players",), ["Anna", "Boris"]))),
        "players",
        "OHHELL_PLAYERS_COUNT",
        {"low": 3, "high": 7, "count": 2},
        "Oh Hell is played by 3 to 7 players, not 2",
        id="ohhell-players",
    ),
    pytest.param(
        read(oh_hell((("players", 2), "Anna"))),
        "players[2]",
        "OHHELL_PLAYER_TWICE",
        {"name": "Anna", "seat_no": 0},
        "'Anna' is already at seat 0; names must differ",
        id="ohhell-player-twice",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "dealer"), 3))),
        "deals[0].dealer",
        "OHHELL_SEAT_RANGE",
        {"seat_no": 3, "last_seat_no": 2},
        "seat 3 is out of range; seats are 0 to 2",
        id="ohhell-seat-range",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "trick"), []))),
        "deals[0].trick",
        "OHHELL_UNKNOWN_DEAL_FIELD",
        {"field": "trick", "fields": DEAL_FIELDS},
        f"unknown deal field 'trick'; a deal has {DEAL_FIELDS}",
        id="ohhell-unknown-deal-field",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "hands"), "KS"))),
        "deals[0].hands",
        "OHHELL_HANDS_TYPE",
        {"found": ["text", "KS"]},
        "must be a list of hands, one per seat, not the text 'KS'",
        id="ohhell-hands-type",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "taken"), [1, 1]))),
        "deals[1].taken",
        "OHHELL_SEAT_COUNT",
        {"players": 3, "count": 2},
        "must hold one entry per seat (3), not 2",
        id="ohhell-seat-count",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "reneged"), [2, 2]))),
        "deals[1].reneged[1]",
        "OHHELL_RENEGED_TWICE",
        {"seat_no": 2},
        "seat 2 is listed twice; each seat that reneged loses the penalty once",
        id="ohhell-reneged-twice",
    ),
    pytest.param(
        read(oh_hell((("deals", 0, "reneged"), [1]))),
        "deals[0].reneged",
        "OHHELL_RENEGED_WITH_PLAY",
        {"field": "tricks"},
        "belongs to a score-sheet-only deal; a deal with tricks shows its reneges in its cards",
        id="ohhell-reneged-with-play",
    ),
    pytest.param(
        read(oh_hell((("deals", 1, "events"), [{"seat": 2, "bid": 0}]))),
        "deals[1].bids",
        "OHHELL_EVENTS_AND_COMPACT",
        {},
        "a deal with events records its bids and play as events",
        id="ohhell-events-and-bids",
    ),
    pytest.param(
        lambda: resolve_ruleset({"preset": "classic", "schedule": [1, 18]}, 3),
        "ruleset.schedule[1]",
        "OHHELL_SCHEDULE_RANGE",
        {"cards": 18, "players": 3, "most": 17},
        "18 cards each cannot be dealt to 3 players (1 to 17)",
        id="ohhell-schedule-range",
    ),
    pytest.param(
        lambda: resolve_ruleset({"preset": "classic", "nil_made": "5 + tricks"}, 4),
        "ruleset.nil_made",
        "OHHELL_NIL_MADE",
        {"found": ["text", "5 + tricks"]},
        'must be a whole number or "N+cards" such as "5+cards", not the text \'5 + tricks\'',
        id="ohhell-nil-made",
    ),
    pytest.param(
        lambda: build_document(
            players=["Anna", "Boris", "Vera"],
            ruleset="classic",
            bids=[[0, 1, 0]],
            taken=[[0, 1, 0]],
            trumps=["QH"],
        ),
        "deals",
        "OHHELL_SHEET_ROWS",
        {"deals": 15, "bid_rows": 1, "taken_rows": 1},
        "the schedule has 15 deals; the sheet has 1 row of bids, 1 of taken",
        id="ohhell-sheet-rows",
    ),
    pytest.param(
        lambda: ohhell_parse({**OH_HELL, "version": 2}),
        "version",
        "OHHELL_VERSION",
        {"found": ["number", 2], "version": 1},
        "unsupported version: the number 2; this reader knows version 1",
        id="ohhell-version",
    ),
]


@pytest.mark.parametrize(("read_it", "path", "code", "params", "message"), CASES)
def test_a_refusal_is_a_code_with_parameters_at_a_path(
    read_it: Callable[[], object], path: str, code: str, params: dict[str, Any], message: str
) -> None:
    with pytest.raises(MalformedDocument) as caught:
        read_it()
    error = caught.value
    assert (error.path, error.code, error.params) == (path, code, params)
    assert error.as_dict() == {"path": path, "message": message, "code": code, "params": params}
    assert str(error) == f"{path or '(document)'}: {message}"


# -- (c) no sentence is passed to MalformedDocument ------------------------------------------

SOURCES = sorted(RULES.rglob("*.py"))
#: An English phrase in a string: two words.
WORDS = re.compile(r"[A-Za-z]{2,} +[A-Za-z]{2,}")


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def callee(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def codes_of(node: ast.expr) -> list[str] | None:
    """The codes an argument can be: a string constant, or a choice of two (``a if x else b``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = codes_of(node.body), codes_of(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def is_sentence(node: ast.AST) -> bool:
    """Words in a string constant or in the text of an f-string: a sentence built at the call
    site (a list joined with ``", "`` or a key such as ``f"{path}.{key}"`` is none)."""
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and WORDS.search(n.value):
            return True
        if isinstance(n, ast.JoinedStr):
            text = "".join(
                v.value for v in n.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
            if WORDS.search(text) or " " in text.strip():
                return True
    return False


def functions(module: ast.Module) -> Iterator[tuple[ast.FunctionDef | None, ast.Call]]:
    """Every call of the module, with the function it is in (None at module level)."""
    owner: dict[ast.AST, ast.FunctionDef] = {}
    for fn in ast.walk(module):
        if isinstance(fn, ast.FunctionDef):
            for n in ast.walk(fn):
                if n is not fn:
                    owner[n] = fn
    for node in ast.walk(module):
        if isinstance(node, ast.Call):
            yield owner.get(node), node


def parameters(fn: ast.FunctionDef) -> list[str]:
    args = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    return args[1:] if args[:1] in (["self"], ["cls"]) else args


def refusals() -> tuple[list[tuple[str, ast.Call, int]], dict[str, int]]:
    """Every call that gives a refusal its code, as (where, call, index of the code), and the
    forwarders: the functions that pass a code parameter of their own on (``_Board.error``),
    by name, with the index of that parameter."""
    calls: list[tuple[str, ast.Call, int]] = []
    forwarders: dict[str, int] = {}
    for path in SOURCES:
        for fn, node in functions(tree(path)):
            if callee(node) != "MalformedDocument":
                continue
            where = f"{path.relative_to(RULES.parent)}:{node.lineno}"
            code = node.args[1] if len(node.args) > 1 else None
            if fn is not None and isinstance(code, ast.Name) and code.id in parameters(fn):
                forwarders[fn.name] = parameters(fn).index(code.id)
                continue
            calls.append((where, node, 1))
    for path in SOURCES:
        for fn, node in functions(tree(path)):
            name = callee(node)
            if name in forwarders and (fn is None or fn.name != name):
                calls.append((f"{path.relative_to(RULES.parent)}:{node.lineno}", node, forwarders[name]))
    return calls, forwarders


def test_every_refusal_in_rules_is_a_registered_code_without_a_sentence() -> None:
    calls, forwarders = refusals()
    assert forwarders == {"error": 2}  # rules/bridge/pbn.py: _Board.error(tag, line, code, **params)
    assert len(calls) >= 300
    for where, node, at in calls:
        assert len(node.args) == at + 1, f"{where}: MalformedDocument(path, code, **params)"
        code = node.args[at]
        codes = codes_of(code)
        assert codes, f"{where}: the code must be a string constant, not {ast.unparse(code)}"
        given = {k.arg for k in node.keywords}
        assert None not in given, f"{where}: the parameters are named one by one"
        if at != 1:
            given |= {"board", "line"}  # _Board.error names the board and the line
        for c in codes:
            assert c in ERRORS, f"{where}: {c!r} is no registered refusal code"
            wanted = {name for name, _ in placeholders(ERRORS[c])}
            assert wanted <= given, f"{where}: {c} needs {sorted(wanted - given)}"
        for keyword in node.keywords:
            assert keyword.arg != "message", where
            assert not is_sentence(keyword.value), f"{where}: {keyword.arg}= is a sentence"


def test_no_reader_takes_words_for_what_it_reads() -> None:
    """The shared readers take no ``what`` ("a deal", "the ruleset"): the path says where."""
    for name in ("read_object", "check_fields", "read_cards", "read_play", "read_int", "read_bool"):
        assert "what" not in inspect.signature(getattr(strict, name)).parameters, name
    assert not hasattr(strict, "describe")
