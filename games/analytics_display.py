"""How the luck-and-skill figures read on the pages: translated labels, rounding, and each game's headline figures.

The rules modules name their measures in English (COLUMNS, summary keys);
the pages speak Russian, Ukrainian and English, so the words live here,
marked for translation, with the plain-words explanations the pages show.
A column a module adds without a label here still shows, under the
module's own English label; a game's headline figures are declared once
(:data:`HEADLINES`) and serve the profile, the game page and the
tournament table alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.finding_text import contract_text
from games.templatetags.cards import card as card_text
from games.templatetags.cards import seat as compass_text

DIGITS = 2

Format = Literal["count", "number", "signed", "percent", "whole"]

#: Row columns shared by the games, translated; a game's own meaning of a key is in :data:`GAME_COLUMNS`.
COLUMN_LABELS: dict[str, Promise] = {
    "deal": _("Deal"),
    "seat": _("Seat"),
    "player": _("Player"),
    "cards": _("Cards"),
    "trump": _("Trump"),
    "dealer": _("Dealer"),
    "bid": _("Bid"),
    "taken": _("Taken"),
    "made": _("Made"),
    "score": _("Score"),
    "role": _("Role"),
    "contract": _("Contract"),
    "reason": _("Not measured"),
}

GAME_COLUMNS: dict[str, dict[str, Promise]] = {
    "oh-hell": {
        "expected": _("Expected tricks"),
        "low": _("Expected, low (95 %)"),
        "high": _("Expected, high (95 %)"),
        "exact": _("Exact"),
        "samples": _("Playouts"),
        "expected_score": _("Expected score"),
        "luck": _("Luck (tricks)"),
        "luck_points": _("Luck (points)"),
        "bid_error": _("Bid − expected"),
        "play": _("Taken − expected"),
        "adjusted_score": _("Luck-adjusted score"),
        "balance": _("Bids against cards"),
    },
    "bridge-rubber": {
        "side": _("Side"),
        "declarer": _("Declarer"),
        "vulnerable": _("Vulnerable"),
        "dd_tricks": _("Double-dummy tricks"),
        "tricks": _("Tricks"),
        "play": _("Tricks − double dummy"),
        "score": _("Duplicate score"),
        "par_score": _("Par"),
        "versus_par": _("Score − par"),
        "versus_par_imps": _("Score − par, IMPs"),
        "par_contracts": _("Par contracts"),
    },
    "preferans": {
        "dd_tricks": _("Double-dummy tricks"),
        "play": _("Tricks − double dummy"),
        "made_dd": _("Makes double dummy"),
    },
    "durak": {
        "deal": _("Game"),
        "trumps": _("Trumps"),
        "strength": _("Hand strength"),
        "luck": _("Luck"),
        "trumps_vs_table": _("Trumps against the table"),
        "first_attack": _("First attack"),
        "place": _("Place"),
        "fool": _("Fool"),
        "draw": _("Draw"),
    },
}

#: Why a row has no figures (the rules' ``reason`` codes), in words.
REASONS: dict[str, Promise] = {
    "passed_out": _("passed out"),
    "passout": _("pass-out"),
    "hands_unknown": _("hands not recorded"),
    "no_result": _("no result recorded"),
    "no_solver": _("no double-dummy solver here"),
    "not_played": _("not played out"),
    "tricks_unknown": _("tricks not recorded"),
    "out": _("sits out"),
}

#: The rules' ``role`` values, in words.
ROLES: dict[str, Promise] = {
    "declarer": _("declarer"),
    "dummy": _("dummy"),
    "defender": _("defender"),
    "whister": _("whister"),
    "passer": _("passer"),
    "half-whister": _("half-whister"),
    "catcher": _("catcher"),
    "out": _("sits out"),
    "passout": _("pass-out"),
}

#: Signed columns (a difference reads +0.42 / −0.17).
SIGNED_COLUMNS = {
    "luck",
    "luck_points",
    "bid_error",
    "play",
    "versus_par",
    "versus_par_imps",
    "trumps_vs_table",
}

#: What each game's measures mean, in plain words (the pages' explanations).
EXPLAIN: dict[str, list[Promise]] = {
    "oh-hell": [
        _(
            "Expected tricks: how many tricks the hand takes on average when the cards the player could "
            "not see are dealt again at random among the other hands and the deal is played out by the "
            "simulator's players, many times over."
        ),
        _(
            "Luck: expected tricks above the table's fair share (the cards divided by the players). Above 0, "
            "the player was dealt better cards than average."
        ),
        _(
            "Bid error: the bid less the hand's expected tricks. Above 0, the player bid more than such a "
            "hand usually takes; the mean of its size says how far off the bids were."
        ),
        _(
            "Play: tricks taken less expected. In a made contract it shows tricks won or shed on purpose; in "
            "a missed one, tricks lost or forced."
        ),
        _(
            "Luck-adjusted score: the real score less what the cards were worth above the table's average, "
            "in points: what the player would have scored with average cards. It moves points between the "
            "players of a table and never creates them; it is information beside the standings and never "
            "replaces them."
        ),
    ],
    "bridge-duplicate": [
        _(
            "A board's standing against the other tables that played it is the event's comparison, on "
            "its results page. Here each board is weighed by itself, from the hand record's cards: par, "
            "what the board is worth to the side when both sides bid and play perfectly with every card in "
            "view (double dummy)."
        ),
        _(
            "Score − par: the side's score on the board less par, also in IMPs; above 0 the side did "
            "better than par, because the other side's errors count for it and its own against it."
        ),
        _(
            "Tricks − double dummy: the declarer's tricks less what best play by all four gives; for the "
            "defenders the same from their side."
        ),
    ],
    "bridge-rubber": [
        _(
            "Par: what the deal is worth to the side when both sides bid and play perfectly with every card "
            "in view (double dummy): the luck of the cards, in duplicate points."
        ),
        _(
            "Score − par: the side's result, scored as at duplicate, less par, also converted to IMPs as a "
            "duplicate match would (a missed slam costs 11 to 14 IMPs, not a thousand points); above 0 the "
            "side did better than par, because the other side's errors count for it and its own against it."
        ),
        _(
            "Tricks − double dummy: the declarer's tricks less what best play by all four gives; for the "
            "defenders the same from their side."
        ),
    ],
    "preferans": [
        _(
            "Double-dummy tricks: the most tricks the declarer takes with all three hands open and best play "
            "by everyone, once the talon is taken and the discard made."
        ),
        _(
            "Makes double dummy: whether the game makes with best play; tricks − double dummy shows the play "
            "against that, from each player's side."
        ),
    ],
    "durak": [
        _(
            "Hand strength: how much the six cards dealt can beat, from 0 (the lowest plain cards) to 1 (the "
            "trump ace). Luck is the strength less the table's average."
        ),
        _(
            "The fool rate with strong and weak hands shows whether the results followed the cards or the "
            "play."
        ),
    ],
}

#: A game's headline figures: (summary path, label, note, format).
HEADLINES: dict[str, list[tuple[str, Promise, Promise | str, Format]]] = {
    "oh-hell": [
        (
            "deals",
            _("Deals analysed"),
            _("Deals whose cards were recorded, so that they could be weighed"),
            "count",
        ),
        ("luck", _("Luck, tricks a deal"), _("Expected tricks above the table's fair share"), "signed"),
        ("luck_points", _("Luck in points"), _("What the cards were worth against the table"), "signed"),
        (
            "bid_error.mean_abs",
            _("Bid error, mean size"),
            _("How far the bids were from the hands' expected tricks"),
            "number",
        ),
        (
            "bid_error.mean_signed",
            _("Bid error, mean"),
            _("Above 0: bids higher than the hands were worth"),
            "signed",
        ),
        (
            "play.made.mean",
            _("Play in made contracts"),
            _("Tricks taken less expected, contracts made"),
            "signed",
        ),
        (
            "play.missed.mean",
            _("Play in missed contracts"),
            _("Tricks taken less expected, contracts missed"),
            "signed",
        ),
        ("made_rate", _("Contracts made"), _("Contracts made out of the contracts bid"), "percent"),
        ("score", _("Score"), _("The points actually scored in the analysed deals"), "count"),
        ("adjusted_score", _("Luck-adjusted score"), _("What average cards would have scored"), "whole"),
    ],
    "bridge-rubber": [
        (
            "deals",
            _("Deals analysed"),
            _("Deals whose cards were recorded, so that they could be weighed"),
            "count",
        ),
        (
            "luck",
            _("Luck: mean par"),
            _("What the side's cards were worth, duplicate points a deal"),
            "signed",
        ),
        (
            "skill",
            _("Skill: mean score − par, IMPs a deal"),
            _("Above 0: more than par, through the side's own bidding and play or the other side's slips"),
            "signed",
        ),
        ("declarer_play", _("Declarer play"), _("Tricks less double dummy, as declarer"), "signed"),
        ("defence_play", _("Defence"), _("Tricks less double dummy, defending"), "signed"),
    ],
    "preferans": [
        (
            "deals",
            _("Deals analysed"),
            _("Deals whose cards were recorded, so that they could be weighed"),
            "count",
        ),
        ("declared", _("Games declared"), _("Deals in which the player declared a game"), "count"),
        ("declared_makeable", _("Of those, making double dummy"), _("The soundness of the bids"), "count"),
        ("declarer_play", _("Declarer play"), _("Tricks less double dummy, as declarer"), "signed"),
        ("defence_play", _("Defence"), _("Tricks less double dummy, defending"), "signed"),
    ],
    "durak": [
        (
            "games",
            _("Games analysed"),
            _("Games whose hands were recorded, so that they could be weighed"),
            "count",
        ),
        ("strength", _("Mean hand strength"), _("0: the lowest cards; 1: the trump ace"), "number"),
        ("luck", _("Luck"), _("Hand strength above the table's average"), "signed"),
        ("trumps", _("Trumps dealt, mean"), _("Trumps among the six cards dealt, on average"), "number"),
        (
            "fool_rate",
            _("Left the fool"),
            _("The share of the analysed games the player lost as the fool"),
            "percent",
        ),
        (
            "fool_rate_strong",
            _("Left the fool with a strong hand"),
            _("The same, over the games dealt a hand stronger than the table's average"),
            "percent",
        ),
        (
            "fool_rate_weak",
            _("Left the fool with a weak hand"),
            _("The same, over the games dealt a hand no stronger than the table's average"),
            "percent",
        ),
    ],
}

#: The columns of the per-player table beside a tournament's standings (a subset of the headlines).
TOURNAMENT_COLUMNS: dict[str, list[str]] = {
    "oh-hell": ["deals", "luck", "bid_error.mean_abs", "bid_error.mean_signed", "score", "adjusted_score"],
    "bridge-rubber": ["deals", "luck", "skill", "declarer_play", "defence_play"],
    "preferans": ["deals", "declared", "declared_makeable", "declarer_play", "defence_play"],
    "durak": ["games", "strength", "luck", "fool_rate"],
}

#: The unit of each game's luck, for the luck-over-time chart's axis.
LUCK_UNITS: dict[str, Promise] = {
    "oh-hell": _("Tricks a deal"),
    "bridge-rubber": _("Duplicate points a deal"),
    "durak": _("Hand strength"),
}

# A duplicate board is measured as a rubber deal is (rules.bridge_duplicate.analytics): the same
# columns, headlines and units, and the board's own number beside the deal's place.
GAME_COLUMNS["bridge-duplicate"] = {**GAME_COLUMNS["bridge-rubber"], "board": _("Board")}
HEADLINES["bridge-duplicate"] = HEADLINES["bridge-rubber"]
TOURNAMENT_COLUMNS["bridge-duplicate"] = TOURNAMENT_COLUMNS["bridge-rubber"]
LUCK_UNITS["bridge-duplicate"] = LUCK_UNITS["bridge-rubber"]


def column_label(game_type: str, key: str, fallback: str) -> str:
    label = GAME_COLUMNS.get(game_type, {}).get(key) or COLUMN_LABELS.get(key)
    return str(label) if label is not None else fallback


def shown(value: Any) -> str:
    """A figure as a page shows it: localised, floats to two decimals, booleans as ✓, nothing as —."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else ""
    if isinstance(value, float):
        return formats.number_format(round(value, DIGITS), DIGITS)
    if isinstance(value, int):
        return formats.number_format(value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def signed(value: float | None) -> str:
    """A difference with its sign (+0.42, −0.17)."""
    if value is None:
        return "—"
    text = formats.number_format(abs(round(value, DIGITS)), DIGITS)
    return ("+" if value > 0 else "−" if value < 0 else "") + text


def percent(rate: float | None) -> str:
    return "—" if rate is None else formats.number_format(round(rate * 100, 1), 1) + " %"


def formatted(value: Any, how: Format) -> str:
    if value is None:
        return "—"
    if how == "signed":
        return signed(float(value))
    if how == "percent":
        return percent(float(value))
    if how == "whole":
        return formats.number_format(round(value))
    return shown(value)


def cell(game_type: str, key: str, value: Any) -> str:
    """One value of a row as the deal table shows it: differences signed, reasons in words."""
    if key == "reason":
        return str(REASONS.get(value, value)) if value else ""
    if key == "role" and isinstance(value, str):
        return str(ROLES.get(value, value))
    if key == "trump" and isinstance(value, str):  # a card ("7C"), as the reader writes it: 7♣
        return card_text(value)
    if key == "contract" and isinstance(value, str):  # "4H" → 4♥, "misere" → мизер
        return contract_text(value)
    if key == "declarer" and isinstance(value, str):  # a compass seat: С В Ю З
        return compass_text(value)
    if key == "side" and value in ("NS", "EW"):  # a partnership by its seats: СЮ, ВЗ
        return "".join(compass_text(letter) for letter in value)
    if key == "par_contracts" and isinstance(value, str):  # "3NT N, 3NT S" → 3БК С, 3БК Ю
        return ", ".join(_par_contract(part) for part in value.split(", "))
    if key in SIGNED_COLUMNS and isinstance(value, int | float) and not isinstance(value, bool):
        return signed(float(value))
    return shown(value)


def _par_contract(text: str) -> str:
    contract, _space, declarer = text.partition(" ")
    return (
        f"{contract_text(contract)} {compass_text(declarer)}".strip() if declarer else contract_text(contract)
    )


def pick(summary: Mapping[str, Any], dotted: str) -> Any:
    value: Any = summary
    for part in dotted.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    return value


def headline(game_type: str, summary: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """(label, value, note) rows of a player's summary, in the game's order."""
    return [
        (str(label), formatted(pick(summary, path), how), str(note))
        for path, label, note, how in HEADLINES.get(game_type, [])
    ]


def tournament_columns(game_type: str) -> list[tuple[str, str, Format]]:
    """(summary path, label, format) of the per-player table beside a tournament's standings."""
    specs = {path: (label, how) for path, label, _note, how in HEADLINES.get(game_type, [])}
    return [(path, str(specs[path][0]), specs[path][1]) for path in TOURNAMENT_COLUMNS.get(game_type, [])]


def tournament_notes(game_type: str) -> list[tuple[str, str]]:
    """(label, note) of each column of the per-player table beside a tournament's standings."""
    specs = {path: (label, note) for path, label, note, _how in HEADLINES.get(game_type, [])}
    return [(str(specs[path][0]), str(specs[path][1])) for path in TOURNAMENT_COLUMNS.get(game_type, [])]


def explain(game_type: str) -> list[str]:
    return [str(text) for text in EXPLAIN.get(game_type, [])]


def luck_unit(game_type: str) -> str:
    unit = LUCK_UNITS.get(game_type)
    return str(unit) if unit is not None else ""
