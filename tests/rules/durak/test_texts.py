"""rules.durak.texts: the findings and the refusals as data, their sentences from templates.

A finding carries its code, fields and parameters; its English ``message`` is the template of
its code (and ``form``) filled in (rules/texts.py), so that a page can say it in Russian or
Ukrainian. A refusal (MalformedDocument) carries a registered ``DURAK_`` code and parameters.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

import rules.durak as durak
from rules.durak.codes import FIELDS, SEVERITY, Findings
from rules.durak.texts import ERRORS_TEXTS, TEXTS
from rules.errors import MalformedDocument
from rules.findings import Severity
from rules.texts import ERRORS, Renderer, placeholders

from .helpers import DATA, edited, load, run, with_event

PACKAGE = Path(durak.__file__).resolve().parent

#: How a placeholder's name says what it shows (rules/texts.py).
WHOLE_NAMES = ("seat", "card", "suit", "found", "contract", "call")
SUFFIXES = ("_seat", "_seats", "_card", "_cards", "_suit", "_by_seat", "_found", "_contract", "_call")

#: The plain parameters of the durak templates, shown as they are: counts and numbers, game
#: numbers, the arbiter's own words (``reason``), a player's name as written, document tokens
#: (``choices``, ``kinds``, ``kind``, ``first``/``second`` of an assigned result).
PLAIN = {
    # findings
    "previous_game",
    "next_game",
    "held",
    "to_beat",
    "limit",
    "drawn",
    "due",
    "stock",
    "ignored",
    "reason",
    # refusals
    "low",
    "high",
    "count",
    "known",
    "name",
    "position",
    "choices",
    "cards",
    "players",
    "seats",
    "size",
    "first",
    "second",
    "first_key",
    "second_key",
    "place",
    "ahead",
    "expected",
    "kinds",
    "kind",
}

#: What each kind of placeholder is given when a template is tried out.
SAMPLES: dict[str, Any] = {
    "seat": 1,
    "_seat": 2,
    "_seats": [0, 2],
    "card": "QS",
    "_card": "6H",
    "_cards": ["6H", "7H"],
    "suit": "H",
    "_suit": "C",
    "_by_seat": [1, 2, 3],
    "found": ["text", "x"],
    "_found": ["number", 3],
}

CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
FORM = re.compile(r"^[a-z]+(_[a-z]+)*$")


def kind(name: str) -> str:
    """``field``, a convention (``_seat`` …), ``plain``, or ``unknown``."""
    if name in WHOLE_NAMES:
        return name
    for suffix in sorted(SUFFIXES, key=len, reverse=True):
        if name.endswith(suffix):
            return suffix
    if name in PLAIN:
        return "plain"
    return "unknown"


def sample(name: str) -> Any:
    k = kind(name)
    if k == "plain":
        return (
            "why" if name in ("reason", "name", "choices", "kinds", "kind", "first_key", "second_key") else 2
        )
    return SAMPLES.get(k, 1)


def parsed(template: str) -> list[tuple[str, str, str | None]]:
    """Each placeholder's name, format spec and conversion."""
    return [(name, spec or "", conv) for _, name, spec, conv in string.Formatter().parse(template) if name]


# -- (a) the templates -------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_finding_template_is_keyed_by_a_code_and_form(key: str) -> None:
    code, _, form = key.partition("/")
    assert code in SEVERITY
    assert not form or FORM.match(form), form


def test_every_code_that_a_replay_can_give_has_a_template() -> None:
    said = {key.partition("/")[0] for key in TEXTS}
    # Durak has no penalties: PENALTY_WAIVED and PENALTY_CONFIRMED never occur (rules.durak.codes).
    assert set(SEVERITY) - said == {"PENALTY_WAIVED", "PENALTY_CONFIRMED"}


@pytest.mark.parametrize(
    ("key", "template", "fields"),
    [pytest.param(k, t, FIELDS, id=f"finding-{k}") for k, t in sorted(TEXTS.items())]
    + [pytest.param(k, t, (), id=f"refusal-{k}") for k, t in sorted(ERRORS_TEXTS.items())],
)
def test_placeholders_are_fields_or_follow_the_conventions(
    key: str, template: str, fields: tuple[str, ...]
) -> None:
    for name, spec, conversion in parsed(template):
        assert conversion is None, (key, name)
        assert name in fields or kind(name) != "unknown", (key, name)
        if spec:
            forms = spec.split("|")
            # A plural: two English forms, on a count (a plain number or ``cards``).
            assert len(forms) == 2, (key, name, spec)
            assert all(f.strip() for f in forms), (key, name, spec)
            assert kind(name) == "plain" or name in fields, (key, name)


@pytest.mark.parametrize(
    ("key", "template", "fields"),
    [pytest.param(k, t, True, id=f"finding-{k}") for k, t in sorted(TEXTS.items())]
    + [pytest.param(k, t, False, id=f"refusal-{k}") for k, t in sorted(ERRORS_TEXTS.items())],
)
def test_every_template_renders(key: str, template: str, fields: bool) -> None:
    given = {"deal": 3, "trick": 2, "bout": 2, "event": 7, "seat": 1, "card": "QS"} if fields else {}
    params = {name: sample(name) for name, _ in placeholders(template) if not (fields and name in FIELDS)}
    text = Renderer(("Anna", "Boris", "Vera")).render(template, given, params)
    assert "{" not in text
    assert "}" not in text
    assert text.strip() == text
    assert "  " not in text


def test_the_refusal_codes_are_the_games_own_and_registered() -> None:
    assert ERRORS_TEXTS
    for code, template in ERRORS_TEXTS.items():
        assert re.fullmatch(r"DURAK_[A-Z]+(_[A-Z]+)*", code), code
        assert ERRORS[code] == template


def test_the_collector_renders_with_the_durak_fields_and_keeps_its_members() -> None:
    class Probe(Findings):
        SEVERITY: ClassVar[dict[str, Severity]] = {"WRONG_ATTACKER": "error"}
        TEXTS: ClassVar[dict[str, str]] = {
            "WRONG_ATTACKER": "game {deal}, bout {bout} ({trick}), event {event}, {card}: {seat} / {attacker_seat}",
            "WRONG_ATTACKER/other": "{seat} {other}",
        }

    f = Probe(("Anna", "Boris"))
    f.at(
        "WRONG_ATTACKER",
        game=2,
        bout=3,
        event=5,
        seat=1,
        card="6S",
        suffix=".cards[0]",
        attacker_seat=0,
        form=None,
    )
    f.at("WRONG_ATTACKER", game=1, seat=0, field=".arbiter.annul", form="other", other=4)
    first, second = f
    assert first.message == "game 2, bout 3 (3), event 5, 6S: Boris / Anna"
    assert first.params == {"attacker_seat": 0}  # None is dropped
    assert first.as_dict() == {
        "code": "WRONG_ATTACKER",
        "severity": "error",
        "deal": 2,
        "trick": 3,
        "seat": 1,
        "player": "Boris",
        "card": "6S",
        "message": "game 2, bout 3 (3), event 5, 6S: Boris / Anna",
        "params": {"attacker_seat": 0},
        "bout": 3,
        "event": 5,
        "path": "deals[1].events[5].cards[0]",
    }
    assert (second.message, second.params, second.path) == (
        "Anna 4",
        {"form": "other", "other": 4},
        "deals[0].arbiter.annul",
    )
    with pytest.raises(KeyError):
        f.at("WRONG_ATTACKER", game=1, form="unknown")
    assert "message" not in inspect.signature(Findings.at).parameters


# -- (b) findings of replays: exact params and sentences --------------------------------------


def _throw_in(doc_change: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[], dict[str, Any]]:
    return lambda: doc_change(load("throw-in.json"))


def _places() -> dict[str, Any]:
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "throw-in", "place_points": [2, 1, 0]}
    doc["deals"][0]["arbiter"] = {"score": {"places": [1, 2, 2]}, "reason": "a card was exposed"}
    return doc


def _annul(ruling: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        doc = load("throw-in.json")
        doc["deals"][0]["arbiter"] = ruling
        return doc

    return make


def _incomplete() -> dict[str, Any]:
    doc = load("simple.json")
    doc["deals"][0]["events"] = doc["deals"][0]["events"][:10]
    return doc


FINDING_CASES = [
    # (id, log, code, (event, path, seat, card), params, message)
    (
        "throw-in-rank",
        _throw_in(lambda d: with_event(d, 4, {"event": "throw-in", "seat": 0, "card": "9H"})),
        "THROW_IN_RANK_NOT_ON_TABLE",
        (4, "deals[0].events[4]", 0, "9H"),
        {"table_cards": ["6H", "6C", "7H", "KC"]},
        "9H is thrown in, but no card of its rank is on the table (6H 6C 7H KC)",
    ),
    (
        "first-attacker-highest-trump",
        _throw_in(lambda d: with_event(d, 0, {"event": "attack", "seat": 0, "cards": ["7D"]})),
        "WRONG_FIRST_ATTACKER",
        (0, "deals[0].events[0]", 0, None),
        {"form": "highest", "first_seats": [1], "trump_card": "AS"},
        "Anna opens the game, but the first attack goes to the holder of the highest trump, AS: Boris",
    ),
    (
        "first-attacker-no-trump",
        lambda: with_event(load("no-trump.json"), 0, {"event": "attack", "seat": 1, "cards": ["6S"]}),
        "WRONG_FIRST_ATTACKER",
        (0, "deals[0].events[0]", 1, None),
        {"form": "no_trump", "first_seats": [0], "high_cards": ["AS", "AH", "AD", "AC"]},
        "Boris opens the game, but nobody holds a trump, so the first attack goes to the holder of the "
        "highest card (AS AH AD AC): Anna",
    ),
    (
        "beat-neither-higher-nor-trump",
        _throw_in(lambda d: with_event(d, 1, {"event": "beat", "seat": 2, "card": "KD", "on": "6H"})),
        "ILLEGAL_BEAT",
        (1, "deals[0].events[1]", 2, "KD"),
        {"form": "suit", "attack_card": "6H", "attack_suit": "H"},
        "KD is neither a higher heart nor a trump",
    ),
    (
        "transfer-without-transfer",
        _throw_in(lambda d: with_event(d, 1, {"event": "transfer", "seat": 2, "card": "6C"})),
        "ILLEGAL_TRANSFER",
        (1, "deals[0].events[1]", 2, "6C"),
        {"form": "no_transfer"},
        "6C cannot transfer: this game has no transfer (переводной)",
    ),
    (
        "transfer-of-another-rank",
        lambda: with_event(load("transfer.json"), 1, {"event": "transfer", "seat": 1, "card": "8D"}),
        "ILLEGAL_TRANSFER",
        (1, "deals[0].events[1]", 1, "8D"),
        {"form": "rank", "other_card": "6S"},
        "8D cannot transfer: every card still to beat must be of the transfer card's rank, and 6S is not",
    ),
    (
        "draw-left-out",
        _throw_in(lambda d: with_event(d, 10, None)),
        "WRONG_DRAW_COUNT",
        (9, "deals[0].events[9]", 0, None),
        {"form": "missing", "due": 2},
        "Anna should draw 2, and the log has no draw by Anna",
    ),
    (
        "take-before-any-bout",
        lambda: with_event(load("simple.json"), 0, {"event": "take", "seat": 1}, insert=True),
        "EVENT_OUT_OF_PLACE",
        (0, "deals[0].events[0]", 1, None),
        {"form": "take"},
        "a take with no bout on the table (ignored)",
    ),
    (
        "bout-ended-unbeaten",
        lambda: with_event(load("simple.json"), 1, None),
        "BOUT_ENDED_UNBEATEN",
        (2, "deals[0].events[2]", 1, None),
        {"unbeaten_cards": ["6S", "6H", "6C", "6D"]},
        "the bout ended with 6S 6H 6C 6D neither beaten nor taken; Boris takes",
    ),
    (
        "attack-of-two-ranks",
        lambda: with_event(load("simple.json"), 0, {"event": "attack", "seat": 0, "cards": ["6S", "7S"]}),
        "ATTACK_NOT_ONE_RANK",
        (0, "deals[0].events[0]", 0, None),
        {"attack_cards": ["6S", "7S"]},
        "an attack of several cards is of one rank: 6S 7S",
    ),
    (
        "bout-limit",
        lambda: {**load("no-trump.json"), "ruleset": {"preset": "no-trump", "bout_limit": 3}},
        "BOUT_LIMIT_EXCEEDED",
        (0, "deals[0].events[0].cards[3]", 0, "AC"),
        {"limit": 3},
        "a bout holds at most 3 attack cards",
    ),
    (
        "events-after-the-end",
        _throw_in(
            lambda d: with_event(
                d, len(d["deals"][0]["events"]), {"event": "attack", "seat": 0, "cards": ["9D"]}, insert=True
            )
        ),
        "EVENT_AFTER_GAME_END",
        (52, "deals[0].events[52]", 0, None),
        {"ignored": 1},
        "the game was over; ignored from here on: 1 event",
    ),
    (
        "game-incomplete",
        _incomplete,
        "GAME_INCOMPLETE",
        (None, "deals[0]", None, None),
        {"form": "recorded", "cards_by_seat": [6, 6], "stock": 16},
        "the log stops before the game ended (Anna 6, Boris 6 cards, the stock 16): the recorded result stands",
    ),
    (
        "fool-mismatch",
        lambda: edited(load("throw-in.json"), fool=1),
        "FOOL_MISMATCH",
        (None, "deals[0]", 1, None),
        {"fool_seat": 0},
        "the log records Boris as the fool, but the play makes Anna the fool",
    ),
    (
        "fool-mismatch-recorded-draw",
        lambda: edited(load("throw-in.json"), fool=None, draw=True),
        "FOOL_MISMATCH",
        (None, "deals[0]", 0, None),
        {"form": "draw"},
        "the log records a draw, but Anna is left with cards: the fool",
    ),
    (
        "wrong-dealer",
        lambda: edited(load("simple.json"), game=1, dealer=1),
        "WRONG_DEALER",
        (None, "deals[1]", 1, None),
        {"previous_game": 1, "fool_seat": 0},
        "Boris deals, but the fool of game 1, Anna, deals next",
    ),
    (
        "assigned-places-a-draw",
        _places,
        "SCORE_ADJUSTED",
        (None, "deals[0].arbiter.score", None, None),
        {
            "form": "places_draw_played_fool",
            "reason": "a card was exposed",
            "places_by_seat": [1, 2, 2],
            "was_fool_seat": 0,
        },
        "the arbiter assigns game 1's result: places Anna 1, Boris 2, Vera 2 (a draw); the play gave Anna the fool",
    ),
    (
        "annulled-with-a-reason",
        _annul({"annul": True, "reason": "short deck"}),
        "ANNULLED_BY_ARBITER",
        (None, "deals[0].arbiter.annul", 2, None),
        {"form": "missing_reason", "reason": "short deck"},
        "the arbiter annuls game 1 (short deck): it counts nothing; the redeal, Vera's, is not in the log",
    ),
    (
        "waive-without-a-penalty",
        _annul({"waive": [1]}),
        "RULING_NOT_APPLICABLE",
        (None, "deals[0].arbiter.waive[0]", 1, None),
        {"form": "waive"},
        "the arbiter waives Boris's penalty in game 1, but durak has no penalties: the ruling has no effect",
    ),
]


@pytest.mark.parametrize(
    ("log", "code", "where", "params", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in FINDING_CASES],
)
def test_a_replays_findings_carry_their_params_and_sentence(
    log: Callable[[], dict[str, Any]],
    code: str,
    where: tuple[Any, ...],
    params: dict[str, Any],
    message: str,
) -> None:
    found = next(f for f in run(log()).findings if f.code == code)
    assert (found.event, found.path, found.seat, found.card) == where
    assert found.params == params
    assert found.message == message
    assert found.as_dict()["params"] == params


def test_the_cases_cover_many_codes_and_forms() -> None:
    assert len({case[2] for case in FINDING_CASES}) >= 15
    assert sum("form" in case[4] for case in FINDING_CASES) >= 8


def _every_finding() -> list[tuple[tuple[str, ...], Any]]:
    """Every finding of the test logs and of the cases above, with the players of its log."""
    docs = [load(p.name) for p in sorted(DATA.glob("*.json"))] + [case[1]() for case in FINDING_CASES]
    return [(tuple(doc["players"]), f) for doc in docs for f in run(doc).findings]


def test_params_are_json_plain_and_say_nothing_in_english() -> None:
    """Seats are numbers, cards their codes, suits letters; the only words are the form and the
    arbiter's reason. The message is the template filled from the fields and the params."""
    found = _every_finding()
    assert len({f.code for _, f in found}) >= 15
    for players, f in found:
        assert json.loads(json.dumps(f.params)) == f.params
        for name, value in f.params.items():
            for v in value if isinstance(value, list) else [value]:
                assert type(v) in (int, str), (f.code, name, v)
                if name in ("form", "reason"):
                    continue
                if name.endswith(("_card", "_cards")):
                    assert CARD.match(v), (f.code, name, v)
                elif name.endswith("_suit"):
                    assert v in ("S", "H", "D", "C"), (f.code, name, v)
                else:
                    assert type(v) is int, (f.code, name, v)
        key = f.code + ("/" + f.params["form"] if "form" in f.params else "")
        fields = {
            "deal": f.deal,
            "trick": f.trick,
            "bout": f.trick,
            "event": f.event,
            "seat": f.seat,
            "card": f.card,
        }
        assert f.message == Renderer(players).render(TEXTS[key], fields, f.params)


# -- (c) refusals: code, params and path --------------------------------------------------------


def small(**deal: Any) -> dict[str, Any]:
    game: dict[str, Any] = {
        "dealer": 1,
        "hands": [["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"]],
        "trump": "QD",
    }
    game.update(deal)
    return {"game": "durak", "version": 1, "ruleset": "simple", "players": ["Anna", "Boris"], "deals": [game]}


def _changed(
    change: Callable[[dict[str, Any]], Any], doc: Callable[[], dict[str, Any]] = small
) -> dict[str, Any]:
    out = doc()
    change(out)
    return out


def _places_doc(places: list[int]) -> dict[str, Any]:
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "throw-in", "place_points": [2, 1, 0]}
    doc["deals"][0]["arbiter"] = {"score": {"places": places}}
    return doc


REFUSAL_CASES = [
    # (id, document, path, code, params)
    (
        "game",
        _changed(lambda d: d.update(game="preferans")),
        "game",
        "DURAK_GAME",
        {"found": ["text", "preferans"]},
    ),
    (
        "version",
        _changed(lambda d: d.update(version=2)),
        "version",
        "DURAK_VERSION",
        {"found": ["number", 2], "known": 1},
    ),
    (
        "one-player",
        _changed(lambda d: d.update(players=["Anna"])),
        "players",
        "DURAK_PLAYERS",
        {"low": 2, "high": 6, "count": 1},
    ),
    (
        "a-name-twice",
        _changed(lambda d: d.update(players=["Anna", "Anna"])),
        "players[1]",
        "DURAK_PLAYER_TWICE",
        {"name": "Anna", "position": 0},
    ),
    ("deals-empty", _changed(lambda d: d.update(deals=[])), "deals", "DURAK_DEALS_EMPTY", {}),
    (
        "deck-of-40",
        _changed(lambda d: d.update(ruleset={"preset": "simple", "deck": 40})),
        "ruleset.deck",
        "DURAK_DECK",
        {"found": ["number", 40]},
    ),
    (
        "draw-rule",
        _changed(lambda d: d.update(ruleset={"preset": "simple", "draw_rule": "toss"})),
        "ruleset.draw_rule",
        "DURAK_OPTION_CHOICE",
        {"choices": "draw, last-hand-fool", "found": ["text", "toss"]},
    ),
    (
        "dealer-missing",
        _changed(lambda d: d["deals"][0].pop("dealer")),
        "deals[0].dealer",
        "DURAK_REQUIRED",
        {},
    ),
    ("five-in-the-36-deck", small(trump="5D"), "deals[0].trump", "DURAK_CARD_NOT_IN_DECK", {"card": "5D"}),
    (
        "hand-of-five",
        _changed(lambda d: d["deals"][0]["hands"][1].pop()),
        "deals[0].hands[1]",
        "DURAK_HAND_SIZE",
        {"size": 6, "count": 5},
    ),
    (
        "card-dealt-twice",
        _changed(lambda d: d["deals"][0]["hands"][1].__setitem__(0, "6S")),
        "deals[0].hands[1][0]",
        "DURAK_CARD_REPEATED",
        {"card": "6S"},
    ),
    (
        "stock-short",
        _changed(lambda d: d["deals"][0]["stock"].pop(0), lambda: load("simple.json")),
        "deals[0].stock",
        "DURAK_STOCK_COUNT",
        {"held": 35, "cards": 36},
    ),
    (
        "trump-not-under-the-stock",
        _changed(lambda d: d["deals"][0].update(trump="AS"), lambda: load("simple.json")),
        "deals[0].trump",
        "DURAK_TRUMP_NOT_LAST",
        {"last_card": "9D", "card": "AS"},
    ),
    (
        "unknown-event",
        small(events=[{"event": "play"}]),
        "deals[0].events[0].event",
        "DURAK_EVENT_KIND",
        {"kinds": ", ".join(durak.document.EVENT_KINDS), "found": ["text", "play"]},
    ),
    (
        "attack-without-cards",
        small(events=[{"event": "attack", "seat": 0}]),
        "deals[0].events[0].cards",
        "DURAK_EVENT_FIELD_REQUIRED",
        {"kind": "attack"},
    ),
    (
        "draw-count-and-cards-differ",
        small(events=[{"event": "draw", "seat": 0, "count": 2, "cards": ["AS"]}]),
        "deals[0].events[0].count",
        "DURAK_DRAW_COUNT",
        {"cards": 1, "count": 2},
    ),
    (
        "two-fools-in-the-places",
        _places_doc([1, 3, 3]),
        "deals[0].arbiter.score.places[2]",
        "DURAK_PLACES_TWO_FOOLS",
        {"first": 1, "second": 2},
    ),
    (
        "a-place-too-high",
        _places_doc([1, 1, 2]),
        "deals[0].arbiter.score.places[2]",
        "DURAK_PLACE_AHEAD",
        {"place": 2, "ahead": 2, "expected": 3},
    ),
    (
        "fool-and-draw-assigned",
        _changed(
            lambda d: d["deals"][0].update(arbiter={"score": {"fool": 1, "draw": True}}),
            lambda: load("throw-in.json"),
        ),
        "deals[0].arbiter.score.draw",
        "DURAK_ASSIGNS_TWO",
        {"first_key": "fool", "second_key": "draw"},
    ),
]


@pytest.mark.parametrize(
    ("doc", "path", "code", "params"), [pytest.param(*case[1:], id=case[0]) for case in REFUSAL_CASES]
)
def test_a_refusal_names_its_code_params_and_path(
    doc: dict[str, Any], path: str, code: str, params: dict[str, Any]
) -> None:
    with pytest.raises(MalformedDocument) as caught:
        durak.parse(doc)
    error = caught.value
    assert (error.path, error.code, error.params) == (path, code, params)
    assert error.as_dict() == {
        "path": path,
        "message": Renderer(()).render(ERRORS_TEXTS[code], {}, params),
        "code": code,
        "params": params,
    }


@pytest.mark.parametrize(
    ("value", "players", "path", "code", "message"),
    [
        pytest.param(
            "simple", 7, "players", "DURAK_PLAYERS", "durak is played by 2 to 6 players, not 7", id="seven"
        ),
        pytest.param(
            "simple",
            "2",
            "players",
            "DURAK_PLAYERS_NUMBER",
            "durak is played by 2 to 6 players, not the text '2'",
            id="players-as-text",
        ),
        pytest.param(
            {"transfer_after_beat": True},
            2,
            "ruleset.transfer_after_beat",
            "DURAK_TRANSFER_AFTER_BEAT",
            "transferring after beating needs transfer: true (переводной)",
            id="transfer-after-beat-alone",
        ),
        pytest.param(
            {"bout_limit": 0},
            2,
            "ruleset.bout_limit",
            "DURAK_LIMIT",
            "must be a number of cards (at least 1) or null, not the number 0",
            id="bout-limit-zero",
        ),
        pytest.param(
            {"place_points": "2-1-0"},
            3,
            "ruleset.place_points",
            "DURAK_PLACE_POINTS",
            "must be a list of 1 to 6 numbers (points for going out first, second …) or null, not the text '2-1-0'",
            id="place-points-as-text",
        ),
    ],
)
def test_a_refused_ruleset_says_why_in_english(
    value: Any, players: Any, path: str, code: str, message: str
) -> None:
    with pytest.raises(MalformedDocument) as caught:
        durak.resolve_ruleset(value, players)
    assert (caught.value.path, caught.value.code, caught.value.message) == (path, code, message)


# -- (d) no sentence is passed to the collector or to MalformedDocument -----------------------


def _sources() -> list[tuple[str, ast.AST]]:
    return [(p.name, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.glob("*.py"))]


def _is_sentence(node: ast.AST) -> bool:
    """A string constant or f-string with a space in its text: a literal sentence (a path such as
    ``f".cards[{j}]"`` or a form such as ``f"{assigned}_{before}"`` has none)."""
    if isinstance(node, ast.JoinedStr):
        return any(_is_sentence(part) for part in node.values)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return " " in node.value
    if isinstance(node, ast.BinOp):
        return _is_sentence(node.left) or _is_sentence(node.right)
    if isinstance(node, ast.IfExp):
        return _is_sentence(node.body) or _is_sentence(node.orelse)
    return False


def _collector_calls() -> list[tuple[str, ast.Call]]:
    """``….at(...)`` and ``self.add(...)`` / ``f.add(...)`` / ``findings.add(...)``: the findings calls."""
    out = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            receiver = node.func.value
            if node.func.attr == "at" or (
                node.func.attr == "add"
                and (
                    (isinstance(receiver, ast.Name) and receiver.id in ("self", "f", "findings"))
                    or (isinstance(receiver, ast.Attribute) and receiver.attr == "f")
                )
            ):
                out.append((name, node))
    return out


def _constant_forms(node: ast.AST | None) -> list[str | None] | None:
    """The forms a ``form=`` argument can take when the code says them outright, else None."""
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return [None]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _constant_forms(node.body), _constant_forms(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def test_no_sentence_is_passed_to_the_findings_collector() -> None:
    calls = _collector_calls()
    assert len(calls) >= 50, len(calls)
    for name, call in calls:
        where = f"{name}:{call.lineno}"
        assert len(call.args) == 1, where  # the code alone: no message
        assert all(k.arg != "message" for k in call.keywords), where
        assert not any(_is_sentence(k.value) for k in call.keywords), where
        code = call.args[0]
        if isinstance(code, ast.Name):  # the forwarder: rules.durak.replay._Game.add
            assert code.id == "code", where
            continue
        assert isinstance(code, ast.Constant), where
        assert code.value in SEVERITY, where
        form = next((k.value for k in call.keywords if k.arg == "form"), None)
        forms = _constant_forms(form)
        for f in forms or ():
            assert (code.value if f is None else f"{code.value}/{f}") in TEXTS, (where, f)


def test_no_finding_is_built_with_a_message_of_its_own() -> None:
    for name, tree in _sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id.endswith("Finding")
            ):
                assert name == "codes.py", f"{name}:{node.lineno}"
                message = next(k.value for k in node.keywords if k.arg == "message")
                assert isinstance(message, ast.Name)
                assert message.id == "message"


def test_every_refusal_is_a_registered_code() -> None:
    count = 0
    for name, tree in _sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "MalformedDocument"
            ):
                count += 1
                where = f"{name}:{node.lineno}"
                assert len(node.args) == 2, where
                code = node.args[1]
                assert isinstance(code, ast.Constant), where
                assert isinstance(code.value, str), where
                assert code.value in ERRORS_TEXTS, where
                assert ERRORS[code.value] == ERRORS_TEXTS[code.value], where
                assert not any(_is_sentence(k.value) for k in node.keywords), where
    assert count >= 50, count
