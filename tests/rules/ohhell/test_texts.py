"""The Oh Hell findings and refusals as data: each sentence is a template (rules/ohhell/texts.py)
filled from the finding's code, fields and parameters (rules/texts.py), so the apps can say it in
their reader's language; every code has its sentence in English, Russian and Ukrainian with the
same placeholders, and no call site builds a sentence of its own."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

import rules.ohhell as ohhell
from rules.errors import MalformedDocument
from rules.ohhell.codes import SEVERITY, Findings
from rules.ohhell.texts import ERRORS_TEXTS, TEXTS
from rules.texts import ERRORS, FIELDS, Renderer, placeholders, template_key
from tests.rules.placeholders import kind

from .helpers import game, run

PACKAGE = Path(ohhell.__file__).resolve().parent
SPEC = Path(__file__).resolve().parents[2] / "data" / "spec-examples" / "ohhell"
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
ANNA, BORIS, VERA, GLEB = 0, 1, 2, 3

# -- (a) the templates -------------------------------------------------------------------------

#: The plain numbers a finding names (counts, bids, scores, trick numbers): any other placeholder
#: of a finding is a field or follows a suffix convention, so a page renders it in its language.
FINDING_NUMBERS = {
    "actual",
    "bid",
    "cards",
    "deals",
    "dealt",
    "in_trick",
    "played",
    "players",
    "previous",
    "scheduled",
    "score",
    "taken",
    "total",
    "tricks",
    "written",
}

#: The plain parameters of a refusal: numbers (seat numbers as the document writes them, counts),
#: and the document's own words quoted as it wrote them (a key, an event, a name, the format's
#: lists of fields and events).
REFUSAL_PLAIN = {
    "bid_rows",
    "cards",
    "count",
    "deal_no",
    "deals",
    "event",
    "events",
    "field",
    "fields",
    "high",
    "last_seat_no",
    "low",
    "most",
    "name",
    "players",
    "seat_no",
    "taken_rows",
    "version",
}

TEMPLATES = [pytest.param(key, text, True, id=f"finding:{key}") for key, text in TEXTS.items()] + [
    pytest.param(key, text, False, id=f"refusal:{key}") for key, text in ERRORS_TEXTS.items()
]


def test_every_finding_template_belongs_to_a_code() -> None:
    for key in TEXTS:
        assert key.split("/")[0] in SEVERITY, key


def test_every_code_has_a_template() -> None:
    assert {key.split("/")[0] for key in TEXTS} == set(SEVERITY)
    assert len(SEVERITY) == 25
    assert len(TEXTS) == 45


def test_the_collector_is_the_games_table() -> None:
    assert Findings.SEVERITY is SEVERITY
    assert Findings.TEXTS is TEXTS


def test_every_refusal_code_is_the_games_own_and_registered_with_its_template() -> None:
    for code, template in ERRORS_TEXTS.items():
        assert code.startswith("OHHELL_"), code
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
            assert name in FIELDS or kind(name) != "plain" or name in FINDING_NUMBERS, f"{key}: {{{name}}}"
        else:
            assert kind(name) in ("plain", "found", "game"), f"{key}: {{{name}}}"
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
        "contract": "3",
        "by_seat": [11, -10, 0, 2],
        "found": ["text", "x"],
        "game": "oh-hell",
        "plain": 2,
    }[what]


def _values(template: str) -> dict[str, Any]:
    return {name: _sample(name) for name, _ in placeholders(template)}


@pytest.mark.parametrize(("key", "template", "finding"), TEMPLATES)
def test_every_template_renders(key: str, template: str, finding: bool) -> None:
    text = Renderer(PLAYERS if finding else ()).render(template, {}, _values(template))
    assert "{" not in text
    assert "}" not in text
    assert text == text.strip()
    assert "  " not in text
    if finding:
        assert "Boris" in text or not any(kind(n) == "seat" for n in _values(template)), text


def test_the_arbiter_s_scores_are_said_by_seat_with_a_sign() -> None:
    template = TEXTS["SCORE_ADJUSTED"]
    text = Renderer(PLAYERS).render(template, {"deal": 4}, {"scores_by_seat": [11, -10, 0, 2]})
    assert text == "deal 4 is scored as the arbiter assigned: Anna 11, Boris -10, Vera 0, Gleb 2"


# -- (b) every sentence in English, Russian and Ukrainian --------------------------------------

PLURAL_FORMS = {"en": 2, "ru": 3, "uk": 3}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SAID = [
    pytest.param(key, template, language, id=f"{language}:{key}")
    for language in ("en", "ru", "uk")
    for key, template in TEXTS.items()
]


@pytest.mark.parametrize(("key", "template", "language"), SAID)
def test_every_finding_is_said_in_each_language_with_the_same_placeholders(
    key: str, template: str, language: str
) -> None:
    with translation.override(language):
        said = translation.gettext(template)
    if language == "en":
        assert said == template
    else:
        assert said != template, f"{key}: not translated into {language}"
    # The same names (a translation may name one of them once where the English names it twice).
    assert {name for name, _ in placeholders(said)} == {name for name, _ in placeholders(template)}, key
    for name, spec in placeholders(said):
        if "|" in spec:
            assert len(spec.split("|")) == PLURAL_FORMS[language], f"{key}: {{{name}:{spec}}}"
    text = Renderer(PLAYERS).render(said, {}, _values(template))
    assert "{" not in text
    assert "}" not in text


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Vera played 3♣ on a ♦ lead while holding 7♦"),
        ("ru", "Vera: на ход в ♦ положена 3♣, хотя на руке была 7♦"),
        ("uk", "Vera: на хід у ♦ покладено 3♣, хоча на руці була 7♦"),
    ],
    ids=["en", "ru", "uk"],
)
def test_a_renege_is_said_from_its_code_and_parameters_in_each_language(language: str, expected: str) -> None:
    """Filled as a page fills it (games/finding_text.py), with suit symbols: the template's
    placeholders say the card and the suit, the translation puts them in its own order."""
    params = {"led_suit": "D", "held_card": "7D"}
    with translation.override(language):
        template = translation.gettext(TEXTS[template_key("RENEGE_UNCORRECTED", params)])
    page = Renderer(PLAYERS, card=lambda c: c[0] + SYMBOL[c[1]], suit=SYMBOL.__getitem__)
    text = page.render(template, {"deal": 2, "trick": 1, "seat": VERA, "card": "3C"}, params)
    assert text == expected


# -- (c) findings said by their parameters -----------------------------------------------------


def _said(report: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (f["code"], f["deal"], f["trick"], f["seat"], f["card"], f["params"], f["message"])
        for f in report["findings"]
    ]


def test_a_renege_carries_the_led_suit_and_the_card_held() -> None:
    report = run(json.loads((SPEC / "renege-and-redeal.json").read_text(encoding="utf-8")))
    assert _said(report) == [
        (
            "RENEGE_UNCORRECTED",
            2,
            1,
            2,
            "3C",
            {"led_suit": "D", "held_card": "7D"},
            "Taras played 3C on a diamond lead while holding 7D",
        )
    ]
    json.dumps(report["findings"])  # the parameters are plain JSON


def test_bids_and_totals_are_said_with_their_numbers() -> None:
    hook = run(
        game(
            {"dealer": 2, "cards": 1, "trump": "5C", "bids": [0, 0, 1], "tricks": [["AH", "2H", "3H"]]},
            dealer_hook=True,
        )
    )
    assert _said(hook) == [
        (
            "DEALER_HOOK",
            1,
            None,
            VERA,
            None,
            {"bid": 1, "cards": 1},
            "Vera (the dealer) bid 1, making the bids add up to the 1 card dealt, which the dealer hook forbids",
        )
    ]
    wrong = run(
        game(
            {"dealer": 2, "cards": 1, "trump": "5C", "bids": [2, 0, 0], "tricks": [["AH", "2H", "3H"]]},
            totals=[10, 10, 12],
        )
    )
    assert _said(wrong) == [
        (
            "BID_OUT_OF_RANGE",
            1,
            None,
            ANNA,
            None,
            {"bid": 2, "cards": 1},
            "Anna bid 2 with 1 card; a bid is from 0 to 1",
        ),
        (
            "TOTAL_MISMATCH",
            None,
            None,
            ANNA,
            None,
            {"written": 10, "total": 0},
            "Anna's total is written as 10, but the deals add up to 0",
        ),
        (
            "TOTAL_MISMATCH",
            None,
            None,
            VERA,
            None,
            {"written": 12, "total": 10},
            "Vera's total is written as 12, but the deals add up to 10",
        ),
    ]


def test_other_seats_and_forms_are_parameters() -> None:
    dup = run(
        game(
            {
                "dealer": 2,
                "cards": 2,
                "trump": "5C",
                "hands": [["AH", "KH"], ["2H", "3H"], ["4H", "5C"]],
                "bids": [1, 0, 0],
                "tricks": [["AH", "2H", "4H"], ["KH", "3H", "AH"]],
            }
        )
    )
    assert _said(dup) == [
        (
            "DUPLICATE_CARD",
            1,
            None,
            VERA,
            "5C",
            {"form": "hand_trump"},
            "5C is in Vera's hand and is the turned trump card: one card appears twice in the deal",
        ),
        (
            "DUPLICATE_CARD",
            1,
            2,
            VERA,
            "AH",
            {"form": "played_played", "other_seat": ANNA, "in_trick": 1},
            "Vera played AH, which was played by Anna in trick 1",
        ),
    ]
    dealer = run(
        game(
            {"dealer": 2, "cards": 1, "trump": "5C", "bids": [1, 0, 0], "tricks": [["AH", "2H", "3H"]]},
            {"dealer": 2, "cards": 1, "trump": "6C", "bids": [1, 0, 0], "tricks": [["AS", "2S", "3S"]]},
        )
    )
    assert _said(dealer) == [
        (
            "WRONG_DEALER",
            2,
            None,
            VERA,
            None,
            {"expected_seat": ANNA},
            "deal 2 was dealt by Vera, but it was Anna's turn to deal",
        )
    ]


def test_a_collector_renders_each_form_with_the_players_names() -> None:
    f = Findings(PLAYERS)
    f.add("BID_CHANGE_TOO_LATE", deal=3, seat=GLEB, previous=1, bid=2, next_seat=ANNA)
    f.add("BID_CHANGE_TOO_LATE", deal=3, seat=GLEB, form="playing", previous=1, bid=0)
    f.add("WRONG_CARD_COUNT", deal=1, form="trick_left", trick=4, played=2, players=4)
    f.add("ANNULLED_BY_ARBITER", deal=5, seat=BORIS, cards=1)
    assert [x.message for x in f] == [
        "Gleb changed the bid from 1 to 2 after Anna had bid; the bid of 1 stands",
        "Gleb changed the bid from 1 to 0 after play had begun; the bid of 1 stands",
        "trick 4 was left with 2 of 4 cards",
        "the arbiter annulled deal 5: nobody scores it, and the same dealer, Boris, deals again with 1 card each",
    ]
    assert [(x.severity, x.player, dict(x.params)) for x in f] == [
        ("error", "Gleb", {"previous": 1, "bid": 2, "next_seat": ANNA}),
        ("error", "Gleb", {"form": "playing", "previous": 1, "bid": 0}),
        ("error", None, {"form": "trick_left", "played": 2, "players": 4}),
        ("info", "Boris", {"cards": 1}),
    ]
    with pytest.raises(KeyError):
        f.add("WRONG_CARD_COUNT", deal=1, played=2)  # every wrong card count has its form


# -- (d) refusals and findings are codes, no call site builds a sentence -----------------------


def test_a_refusal_carries_its_code_and_parameters() -> None:
    with pytest.raises(MalformedDocument) as caught:
        ohhell.parse(
            {
                **game(
                    {
                        "dealer": 2,
                        "cards": 1,
                        "trump": "5C",
                        "bids": [0, 0, 1],
                        "tricks": [["AH", "2H", "3H"]],
                    }
                ),
                "players": ["Anna", "Boris", "Anna"],
            }
        )
    refusal = caught.value
    assert refusal.as_dict() == {
        "path": "players[2]",
        "message": "'Anna' is already at seat 0; names must differ",
        "code": "OHHELL_PLAYER_TWICE",
        "params": {"name": "Anna", "seat_no": 0},
    }


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.glob("*.py"))]


WORDS = re.compile(r"[A-Za-z]{2,} +[A-Za-z]{2,}")


def _sentence(node: ast.AST) -> bool:
    """Words in a string constant or in the text of an f-string: a sentence built at the call
    site. A list of the format's names joined with ``", "`` is none."""
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


def test_every_refusal_is_a_registered_code_with_its_parameters() -> None:
    seen = 0
    for path, tree in _sources():
        if path.name == "texts.py":
            continue
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "MalformedDocument"
            ):
                continue
            where = f"{path.name}:{node.lineno}"
            assert len(node.args) == 2, f"{where}: a refusal is (path, code, **params)"
            code = node.args[1]
            assert isinstance(code, ast.Constant), f"{where}: {ast.unparse(code)}"
            assert isinstance(code.value, str), f"{where}: {ast.unparse(code)}"
            assert code.value in ERRORS, f"{where}: {code.value!r} is not a registered refusal"
            given = {k.arg for k in node.keywords if k.arg}
            wanted = {name for name, _ in placeholders(ERRORS[code.value])}
            assert wanted <= given, f"{where}: {code.value} needs {sorted(wanted - given)}"
            for k in node.keywords:
                assert not _sentence(k.value), f"{where}: {k.arg}= builds a sentence"
            seen += 1
    assert seen >= 40


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
    assert seen >= 20
