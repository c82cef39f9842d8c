"""One deal of a log as a form in the game's own terms, and the form read back into the deal.

The arbiter corrects a deal without touching JSON: the dealer, the trump card, each seat's bid
and tricks taken, the cards of every trick, the contract and result of a bridge deal, a
preferans deal's calls, whists and pulka entries, a durak game's events. Each game lists its
deal's fields here (:data:`FORMS`) with the kind of input each one is; the same table labels
the fields wherever a deal's change is shown (games.deal_display).

An input is named after the deal field it edits (``d.bids.2``: the third seat's bid; ``d.tricks.3.1``:
the second card of the fourth trick; ``d.auction.5.call``), so an error the rules raise at a JSON
path (``deals[6].bids[2]``) is shown at its input (:func:`input_for_path`). Only the fields the
form shows are read back; every other field of the deal, and every other deal of the log, stays
exactly as it was.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.templatetags.cards import call as call_text
from games.templatetags.cards import card as card_text
from games.templatetags.cards import seat as seat_text
from rules.cards import NAME, CardError, parse_card

PREFIX = "d."
COMPASS = ("N", "E", "S", "W")
#: The games whose seats are compass letters, whose calls are bridge calls and whose tricks are four cards.
BRIDGE_GAMES = frozenset({"bridge-rubber", "bridge-duplicate"})


@dataclass(frozen=True)
class Spec:
    """One field of a deal: its key in the log, the kind of input, the label and help.

    Kinds: ``seat`` (a select of the players), ``compass`` (N E S W), ``int``, ``bool``,
    ``card`` (a select of the deck), ``cards`` (cards typed in a line), ``text``, ``choice``,
    ``seat_ints`` / ``seat_bools`` / ``seat_cards`` (one per seat), ``compass_cards`` (bridge
    hands), ``seat_set`` (checkboxes of seats), ``tricks`` (each trick a row of card selects),
    ``records`` (rows of ``sub`` fields: an auction, pulka entries, events), ``json``,
    ``adjusted`` (a duplicate board's artificial adjusted score, a select of the usual pairs of
    percentages), ``shown`` (shown with its value, never an input: a duplicate board's number).
    """

    key: str
    kind: str
    label: Promise | str
    help: Promise | str = ""
    required: bool = False
    choices: tuple[tuple[str, Promise | str], ...] = ()
    sub: tuple[Spec, ...] = ()
    #: Shown only when the deal has the field (an events log), or only when it has none of these.
    only_if_present: bool = False
    unless: tuple[str, ...] = ()
    #: Rows offered beyond those the deal has (a call, an entry, an event to add).
    extra: int = 0
    #: A field the log always has: left empty, it is written as ``empty`` rather than left out
    #: (Oh Hell's trump is null on a deal without trumps; a bridge auction may be []).
    keep: bool = False
    empty: Any = None
    #: For records stored as objects of another shape (Oh Hell events: {"seat": 1, "bid": 2}).
    to_rows: Callable[[Any], list[dict[str, Any]]] | None = None
    from_rows: Callable[[list[dict[str, Any]]], Any] | None = None

    def rows_of(self, value: Any) -> list[dict[str, Any]]:
        """A records field's value as the rows of its sub-fields."""
        if value is None:
            return []
        if self.to_rows is not None:
            return self.to_rows(value)
        return list(value) if isinstance(value, list) else []


class FieldError(Exception):
    """An input that is not what its field takes (a word where a number goes, no such card)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
        self.message = message


# --- choices ---------------------------------------------------------------------------------


def _bridge_calls() -> tuple[tuple[str, str], ...]:
    out = [("P", "pass"), ("X", "×"), ("XX", "××")]
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            out.append((f"{level}{strain}", f"{level}{strain}"))
    return tuple(out)


def _bridge_contracts() -> tuple[tuple[str, str], ...]:
    out = [("Pass", "pass")]
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for mark in ("", "X", "XX"):
                out.append((f"{level}{strain}{mark}", f"{level}{strain}{mark}"))
    return tuple(out)


def _preferans_games() -> list[str]:
    return [f"{level}{strain}" for level in range(6, 11) for strain in ("S", "C", "D", "H", "NT")]


PREFERANS_CALLS: tuple[tuple[str, Promise | str], ...] = (
    ("pass", pgettext_lazy("preferans call", "pass")),
    *((g, g) for g in _preferans_games()),
    ("misere", pgettext_lazy("preferans contract", "misère")),
    ("dark-1", pgettext_lazy("preferans call", "РАЗ В ТЕМНУЮ (one in the dark)")),
    ("dark-2", pgettext_lazy("preferans call", "ДВА В ТЕМНУЮ (two in the dark)")),
    ("dark-3", pgettext_lazy("preferans call", "ТРИ В ТЕМНУЮ (three in the dark)")),
)
PREFERANS_CONTRACTS: tuple[tuple[str, Promise | str], ...] = (
    *((g, g) for g in _preferans_games()),
    ("misere", pgettext_lazy("preferans contract", "misère")),
)
WHIST_DECISIONS = (
    ("whist", pgettext_lazy("preferans whist", "whist")),
    ("pass", pgettext_lazy("preferans whist", "pass")),
    ("half", pgettext_lazy("preferans whist", "half-whist")),
)
ENTRY_KINDS = (
    ("pool", pgettext_lazy("preferans entry", "pool")),
    ("mountain", pgettext_lazy("preferans entry", "mountain")),
    ("whist", pgettext_lazy("preferans entry", "whists")),
)
BOMB_EVENTS = (
    ("drawn", pgettext_lazy("preferans bomb", "drawn")),
    ("extinguished", pgettext_lazy("preferans bomb", "put out")),
)
BOMB_RANKS = (
    ("1", pgettext_lazy("preferans bomb", "bomb")),
    ("2", pgettext_lazy("preferans bomb", "double bomb")),
    ("3", pgettext_lazy("preferans bomb", "ёлка (triple bomb)")),
)
DURAK_EVENTS = (
    ("attack", pgettext_lazy("durak event", "attacks")),
    ("throw-in", pgettext_lazy("durak event", "throws in")),
    ("beat", pgettext_lazy("durak event", "beats")),
    ("blind-beat", pgettext_lazy("durak event", "beats blind")),
    ("transfer", pgettext_lazy("durak event", "transfers")),
    ("take", pgettext_lazy("durak event", "takes")),
    ("done", pgettext_lazy("durak event", "bout over (discard)")),
    ("pass", pgettext_lazy("durak event", "passes")),
    ("challenge", pgettext_lazy("durak event", "challenges")),
    ("draw", pgettext_lazy("durak event", "draws from the stock")),
)
DURAK_ANSWERS = (
    ("agree", pgettext_lazy("durak challenge", "agrees")),
    ("turn", pgettext_lazy("durak challenge", "turns the card")),
)
OHHELL_ACTIONS = (
    ("bid", pgettext_lazy("oh hell event", "bids")),
    ("play", pgettext_lazy("oh hell event", "plays")),
    ("take_back", pgettext_lazy("oh hell event", "takes back")),
    ("expose", pgettext_lazy("oh hell event", "exposes")),
)
SIDES = (("we", _("We")), ("they", _("They")))
HONOURS = (("100", "100"), ("150", "150"))
#: A duplicate board's artificial adjusted scores (Law 12C2), as North–South/East–West percentages
#: of the top: average plus is 60, average 50, average minus 40.
ADJUSTED_SCORES = (
    ("60/40", _("average plus to North–South, average minus to East–West")),
    ("50/50", _("average to both sides")),
    ("40/60", _("average minus to North–South, average plus to East–West")),
    ("60/60", _("average plus to both sides")),
    ("40/40", _("average minus to both sides")),
)


def _ohhell_events_to_rows(events: list[Any]) -> list[dict[str, Any]]:
    rows = []
    for e in events:
        kind = next((k for k in e if k != "seat"), "")
        value = e.get(kind)
        rows.append(
            {
                "seat": e.get("seat"),
                "action": kind,
                "bid": value if kind == "bid" else None,
                "card": None if kind == "bid" else value,
            }
        )
    return rows


def _ohhell_events_from_rows(rows: list[dict[str, Any]]) -> list[Any]:
    out = []
    for row in rows:
        kind = row.get("action") or ""
        value = row.get("bid") if kind == "bid" else row.get("card")
        out.append({"seat": row.get("seat"), kind: value})
    return out


# --- the games' deals ----------------------------------------------------------------------------


FORMS: dict[str, tuple[Spec, ...]] = {
    "oh-hell": (
        Spec("dealer", "seat", _("Dealer"), required=True),
        Spec("cards", "int", _("Cards each"), _("Leave empty: the schedule's number for this deal.")),
        Spec(
            "trump",
            "card",
            _("Trump card"),
            _("The card turned face up; none on a deal without trumps."),
            keep=True,
        ),
        Spec(
            "hands",
            "seat_cards",
            _("Hands as dealt"),
            _("Each player's cards, e.g. Т♠ 10♥ 4♣; leave empty if not logged."),
        ),
        Spec("bids", "seat_ints", _("Bids"), unless=("events",), required=True),
        Spec("blind", "seat_bools", _("Bid blind")),
        Spec(
            "tricks",
            "tricks",
            _("Cards of each trick"),
            _("In the order played, from the trick's leader."),
            unless=("events",),
        ),
        Spec(
            "taken",
            "seat_ints",
            _("Tricks taken"),
            _("On a score-sheet-only deal (no cards): each player's tricks."),
        ),
        Spec("scores", "seat_ints", _("Scores as written on the sheet")),
        Spec(
            "reneged",
            "seat_set",
            _("Reneged, not corrected in time"),
            _("Score-sheet-only deals: who reneged."),
        ),
        Spec(
            "events",
            "records",
            _("Events at the table"),
            _(
                "Every bid and card in order, with irregularities (a bid out of turn, a card taken back or exposed)."
            ),
            only_if_present=True,
            extra=2,
            sub=(
                Spec("seat", "seat", _("Player"), required=True),
                Spec("action", "choice", _("Does"), choices=OHHELL_ACTIONS, required=True),
                Spec("bid", "int", _("Bid")),
                Spec("card", "card", _("Card")),
            ),
            to_rows=_ohhell_events_to_rows,
            from_rows=_ohhell_events_from_rows,
        ),
    ),
    "bridge-rubber": (
        Spec("dealer", "compass", _("Dealer"), required=True),
        Spec(
            "hands",
            "compass_cards",
            _("Hands as dealt"),
            _("Each seat's thirteen cards; leave a seat empty if not logged."),
        ),
        Spec(
            "auction",
            "records",
            _("Auction"),
            _("The calls in order from the dealer."),
            extra=4,
            keep=True,
            empty=(),
            sub=(Spec("call", "choice", _("Call"), choices=_bridge_calls(), required=True),),
            to_rows=lambda calls: [{"call": c} for c in calls],
            from_rows=lambda rows: [r.get("call") for r in rows],
        ),
        Spec("contract", "choice", _("Contract as written"), choices=_bridge_contracts()),
        Spec("declarer", "compass", _("Declarer as written")),
        Spec("play", "tricks", _("Cards of each trick"), _("In the order played, from the trick's leader.")),
        Spec("claim", "int", _("Tricks claimed after the play")),
        Spec("result", "int", _("Tricks taken by the declarer's side, as written")),
        Spec(
            "honours",
            "records",
            _("Honours claimed"),
            sub=(
                Spec("side", "choice", _("Side"), choices=SIDES, required=True),
                Spec("points", "choice", _("Points"), choices=HONOURS, required=True),
            ),
            extra=1,
            to_rows=lambda h: [h] if isinstance(h, dict) else [],
            from_rows=lambda rows: rows[0] if rows else None,
        ),
        Spec("scores", "bridge_scores", _("Scores as written on the sheet")),
        Spec("irregularities", "json", _("Irregularity marks (PBN)"), only_if_present=True),
        Spec("board", "text", _("Board"), only_if_present=True),
        Spec("auction_start", "compass", _("First call by"), only_if_present=True),
        Spec("play_start", "compass", _("Opening lead by"), only_if_present=True),
    ),
    "preferans": (
        Spec("dealer", "seat", _("Dealer"), required=True),
        Spec("hands", "seat_cards", _("Hands as dealt")),
        Spec("talon", "cards", _("Talon")),
        Spec(
            "auction",
            "records",
            _("Auction"),
            extra=2,
            sub=(
                Spec("seat", "seat", _("Player"), required=True),
                Spec("call", "choice", _("Call"), choices=PREFERANS_CALLS, required=True),
                Spec("dark", "bool", _("in the dark")),
                Spec("looked", "bool", _("after looking")),
            ),
        ),
        Spec("discard", "cards", _("Discard")),
        Spec("contract", "choice", _("Game named"), choices=PREFERANS_CONTRACTS),
        Spec(
            "whists",
            "records",
            _("Whists"),
            extra=1,
            sub=(
                Spec("seat", "seat", _("Player"), required=True),
                Spec("decision", "choice", _("Says"), choices=WHIST_DECISIONS, required=True),
            ),
        ),
        Spec("open", "bool", _("Played open")),
        Spec("play", "tricks", _("Cards of each trick")),
        Spec("tricks", "seat_ints", _("Tricks taken, as written")),
        Spec(
            "entries",
            "records",
            _("Written on the pulka"),
            extra=2,
            sub=(
                Spec("seat", "seat", _("Player"), required=True),
                Spec("kind", "choice", _("Where"), choices=ENTRY_KINDS, required=True),
                Spec("points", "int", _("Points"), required=True),
                Spec("on", "seat", _("Whists on")),
            ),
        ),
        Spec(
            "bombs",
            "records",
            _("Bombs"),
            extra=1,
            sub=(
                Spec("seat", "seat", _("Player"), required=True),
                Spec("event", "choice", _("Bomb"), choices=BOMB_EVENTS, required=True),
                Spec("rank", "choice", _("Kind"), choices=BOMB_RANKS),
            ),
        ),
        Spec("claim", "json", _("Claim"), only_if_present=True),
    ),
    "durak": (
        Spec("dealer", "seat", _("Dealer"), required=True),
        Spec("trump", "card", _("Trump card turned")),
        Spec("hands", "seat_cards", _("Hands as dealt")),
        Spec("stock", "cards", _("Stock, from the top")),
        Spec(
            "events",
            "records",
            _("Events of the game"),
            extra=2,
            sub=(
                Spec("event", "choice", _("What"), choices=DURAK_EVENTS, required=True),
                Spec("seat", "seat", _("Player")),
                Spec("cards", "cards", _("Cards")),
                Spec("card", "card", _("Card")),
                Spec("on", "card", _("On")),
                Spec("answer", "choice", _("Answer"), choices=DURAK_ANSWERS),
                Spec("count", "int", _("Count")),
            ),
        ),
        Spec("fool", "seat", _("The fool, as recorded")),
        Spec("draw", "bool", _("A draw, as recorded")),
    ),
}


def _rubber_spec(key: str, **changes: Any) -> Spec:
    spec = next(s for s in FORMS["bridge-rubber"] if s.key == key)
    return replace(spec, **changes)


# A duplicate board (docs/bridge-duplicate-log.md): what its traveller line holds and an arbiter
# corrects, then the auction and play as rubber bridge has them. The auction is left out when
# empty, as the log writes it (a board with an adjusted score has none); the play is shown only
# on a board that has it (most travellers do not: thirteen rows of empty card selects on a phone
# for nothing). The hands are the board's hand record, not the table's: kept as they are.
FORMS["bridge-duplicate"] = (
    Spec(
        "board",
        "shown",
        pgettext_lazy("bridge duplicate", "Board"),
        _("The board's number is not corrected here."),
    ),
    Spec("contract", "choice", _("Contract as written"), choices=_bridge_contracts()),
    Spec("declarer", "compass", _("Declarer as written")),
    Spec("lead", "card", pgettext_lazy("bridge duplicate", "Lead")),
    Spec("result", "int", _("Tricks taken by the declarer's side, as written")),
    Spec(
        "score",
        "int",
        _("North–South's score as written"),
        _("Negative for East–West's score; leave empty if the traveller has none."),
    ),
    Spec(
        "adjusted",
        "adjusted",
        _("Adjusted score instead of a result"),
        _(
            "Law 12C2: the percentages of the top to North–South and East–West. A board with an "
            "adjusted score has no contract, lead, tricks or score: clear them."
        ),
    ),
    _rubber_spec("auction", keep=False, empty=None),
    _rubber_spec("play", only_if_present=True),
)


#: The log's own fields beside its deals that a deal's correction may need to follow (a score
#: corrected on the sheet changes the total written under it).
GAME_FORMS: dict[str, tuple[Spec, ...]] = {
    "oh-hell": (
        Spec(
            "totals",
            "seat_ints",
            _("Totals as written on the sheet"),
            _("Leave empty if the sheet has none."),
        ),
    ),
}
GAME_PREFIX = "g."


def spec_of(game: str, key: str) -> Spec | None:
    return next((s for s in FORMS.get(game, ()) if s.key == key), None)


# --- rendering ---------------------------------------------------------------------------------


DECK = tuple(NAME[suit * 13 + rank] for suit in range(4) for rank in range(12, -1, -1))


def card_choices() -> list[tuple[str, str]]:
    """The deck as select options, in the reader's notation (Д♥), ace down, suit by suit."""
    return [(name, card_text(name)) for name in DECK]


def cards_line(cards: Sequence[str] | None) -> str:
    return " ".join(card_text(c) for c in cards or [])


def seats_of(game: str, players: Sequence[str]) -> list[tuple[Any, str]]:
    if game in BRIDGE_GAMES:
        return [
            (letter, f"{seat_text(letter)} · {name}") for letter, name in zip(COMPASS, players, strict=False)
        ]
    return list(enumerate(players))


def _choice_label(spec: Spec, value: str) -> str:
    if spec.key in ("call", "contract") and spec.choices and spec.choices[0][0] in ("P", "Pass"):
        if value in ("P", "Pass"):
            return str(pgettext_lazy("bridge call", "Pass"))
        return call_text(value)
    for key, label in spec.choices:
        if key == value:
            return _strain(str(label))
    return value


def _strain(label: str) -> str:
    """A preferans game as the reader writes it: 7H → 7♥, 8NT → 8 БК."""
    m = re.fullmatch(r"(\d+)(S|C|D|H|NT)", label)
    if not m:
        return label
    level, strain = m.groups()
    symbols = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
    if strain == "NT":
        return f"{level} {pgettext_lazy('preferans strain', 'NT')}"
    return f"{level}{symbols[strain]}"


@dataclass
class Widget:
    """What the template draws for one field: its inputs with their names and current values."""

    spec: Spec
    name: str
    kind: str
    label: str
    help: str
    value: Any = None
    items: list[dict[str, Any]] = field(default_factory=list)
    rows: list[list[dict[str, Any]]] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    choices: list[tuple[Any, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _input(
    spec: Spec, name: str, value: Any, seats: list[tuple[Any, str]], cards: list[tuple[str, str]]
) -> dict[str, Any]:
    """One input of a records row or a per-seat list."""
    kind = spec.kind
    item: dict[str, Any] = {"name": name, "kind": kind, "label": str(spec.label), "required": spec.required}
    if kind in ("seat", "compass"):
        item["choices"] = [(str(k), v) for k, v in seats]
        item["value"] = "" if value is None else str(value)
    elif kind == "card":
        item["choices"] = cards
        item["value"] = value or ""
    elif kind == "choice":
        item["choices"] = [(k, _choice_label(spec, k)) for k, _label in spec.choices]
        item["value"] = "" if value is None else str(value)
    elif kind == "bool":
        item["value"] = bool(value)
    elif kind == "cards":
        item["value"] = cards_line(value)
    else:
        item["value"] = "" if value is None else value
    return item


def widgets(
    game: str,
    players: Sequence[str],
    deal: Mapping[str, Any],
    *,
    specs: Sequence[Spec] | None = None,
    prefix: str = PREFIX,
) -> list[Widget]:
    """The deal's fields as the form draws them, filled with what the deal says now (``specs`` and
    ``prefix``: the log's own fields instead, :data:`GAME_FORMS`, read from the whole log)."""
    seats = seats_of(game, players)
    cards = card_choices()
    n = len(players)
    out = []
    for spec in FORMS.get(game, ()) if specs is None else specs:
        if spec.only_if_present and spec.key not in deal:
            continue
        if any(other in deal for other in spec.unless):
            continue
        value = deal.get(spec.key)
        name = prefix + spec.key
        w = Widget(spec=spec, name=name, kind=spec.kind, label=str(spec.label), help=str(spec.help))
        kind = spec.kind
        if kind in ("seat", "compass", "card", "choice", "bool", "cards", "int", "text"):
            w.items = [_input(spec, name, value, seats, cards)]
        elif kind == "shown":
            w.label = f"{w.label} {'' if value is None else value}".strip()
        elif kind == "adjusted":
            current = adjusted_value(value)
            choices = [(k, adjusted_label(k, str(label))) for k, label in ADJUSTED_SCORES]
            if current and current not in {k for k, _label in ADJUSTED_SCORES}:
                choices.append((current, current))  # as the log has it (a PBN's 55/45)
            w.items = [
                {
                    "name": name,
                    "kind": "choice",
                    "label": w.label,
                    "required": False,
                    "choices": choices,
                    "value": current,
                }
            ]
        elif kind in ("seat_ints", "seat_bools", "seat_cards"):
            inner = Spec(
                spec.key, {"seat_ints": "int", "seat_bools": "bool", "seat_cards": "cards"}[kind], ""
            )
            values = list(value) if isinstance(value, list) else [None] * n
            for seat, label in enumerate(players):
                item = _input(
                    inner, f"{name}.{seat}", values[seat] if seat < len(values) else None, seats, cards
                )
                item["label"] = label
                w.items.append(item)
        elif kind == "compass_cards":
            hands = value if isinstance(value, dict) else {}
            for letter, label in seats:
                item = _input(
                    Spec(spec.key, "cards", ""), f"{name}.{letter}", hands.get(letter), seats, cards
                )
                item["label"] = label
                w.items.append(item)
        elif kind == "seat_set":
            chosen = set(value or [])
            for seat, label in enumerate(players):
                w.items.append(
                    {"name": f"{name}.{seat}", "kind": "bool", "label": label, "value": seat in chosen}
                )
        elif kind == "tricks":
            width = 4 if game in BRIDGE_GAMES else (3 if game == "preferans" else n)
            tricks = [list(t) for t in value] if isinstance(value, list) else []
            expected = (
                13 if game in BRIDGE_GAMES else {"preferans": 10}.get(game, deal.get("cards") or len(tricks))
            )
            rows = max(len(tricks), int(expected or 0))
            w.columns = [str(i + 1) for i in range(width)]
            for t in range(rows):
                trick = tricks[t] if t < len(tricks) else []
                w.rows.append(
                    [
                        {
                            "name": f"{name}.{t}.{i}",
                            "kind": "card",
                            "choices": cards,
                            "value": trick[i] if i < len(trick) else "",
                        }
                        for i in range(width)
                    ]
                )
        elif kind == "records":
            rows_in = spec.rows_of(value)
            w.columns = [str(s.label) for s in spec.sub]
            for r, row in enumerate([*rows_in, *([{}] * spec.extra)]):
                w.rows.append(
                    [
                        _input(sub, f"{name}.{r}.{sub.key}", (row or {}).get(sub.key), seats, cards)
                        for sub in spec.sub
                    ]
                )
        elif kind == "bridge_scores":
            scores = value if isinstance(value, dict) else {}
            for side, side_label in SIDES:
                for line, line_label in (("above", _("above the line")), ("below", _("below the line"))):
                    points = (scores.get(side) or {}).get(line) or []
                    w.items.append(
                        {
                            "name": f"{name}.{side}.{line}",
                            "kind": "text",
                            "label": f"{side_label}, {line_label}",
                            "value": " ".join(str(p) for p in points),
                        }
                    )
        elif kind == "json":
            w.items = [
                {
                    "name": name,
                    "kind": "json",
                    "label": str(spec.label),
                    "value": "" if value is None else json.dumps(value, ensure_ascii=False),
                }
            ]
        out.append(w)
    return out


# --- reading the form back -------------------------------------------------------------------


def _int(name: str, raw: str) -> int | None:
    text = raw.strip().replace("−", "-")
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise FieldError(name, str(_("Write a whole number here."))) from None


def _card(name: str, raw: str) -> str | None:
    text = raw.strip()
    if not text:
        return None
    try:
        return NAME[parse_card(text)]
    except CardError:
        raise FieldError(name, str(_("No such card: %(text)s.") % {"text": text})) from None


def _cards(name: str, raw: str) -> list[str] | None:
    words = raw.replace(",", " ").split()
    if not words:
        return None
    return [c for c in (_card(name, w) for w in words) if c is not None]


def _seat(game: str, name: str, raw: str) -> Any:
    text = raw.strip()
    if not text:
        return None
    if game in BRIDGE_GAMES:
        if text.upper() not in COMPASS:
            raise FieldError(name, str(_("Choose a seat.")))
        return text.upper()
    return _int(name, text)


def _value(game: str, spec: Spec, name: str, post: Mapping[str, str]) -> Any:
    kind = spec.kind
    raw = post.get(name, "")
    if kind in ("seat", "compass"):
        return _seat(game, name, raw)
    if kind == "int":
        return _int(name, raw)
    if kind == "bool":
        return raw in ("on", "1", "true")
    if kind == "card":
        return _card(name, raw)
    if kind == "cards":
        return _cards(name, raw)
    if kind == "choice":
        text = raw.strip()
        if not text:
            return None
        if text not in {k for k, _label in spec.choices}:
            raise FieldError(name, str(_("Choose one of the options.")))
        return (
            int(text)
            if spec.key == "rank"
            else (int(text) if spec.key == "points" and text.isdigit() else text)
        )
    if kind == "text":
        return raw.strip() or None
    raise AssertionError(kind)


def adjusted_value(value: Any) -> str:
    """An adjusted score as its select's value: ``{"ns": 60, "ew": 40}`` → ``60/40``."""
    if isinstance(value, dict) and "ns" in value and "ew" in value:
        return f"{value['ns']}/{value['ew']}"
    return ""


def adjusted_label(value: str, words: str = "") -> str:
    """An adjusted score as the arbiter reads it: North–South's and East–West's percentages."""
    ns, _slash, ew = value.partition("/")
    shown = str(_("North–South %(ns)s%%, East–West %(ew)s%%") % {"ns": ns, "ew": ew})
    return f"{shown} — {words}" if words else shown


def _adjusted(name: str, raw: str) -> dict[str, int] | None:
    text = raw.strip()
    if not text:
        return None
    m = re.fullmatch(r"(\d{1,3})/(\d{1,3})", text)
    if not m or not all(0 <= int(p) <= 100 for p in m.groups()):
        raise FieldError(name, str(_("Choose one of the options.")))
    return {"ns": int(m.group(1)), "ew": int(m.group(2))}


def _present(post: Mapping[str, str], prefix: str) -> bool:
    return any(key == prefix or key.startswith(prefix + ".") for key in post)


def read_deal(
    game: str,
    players: Sequence[str],
    deal: Mapping[str, Any],
    post: Mapping[str, str],
    *,
    specs: Sequence[Spec] | None = None,
    prefix: str = PREFIX,
) -> dict[str, Any]:
    """The deal with the form's fields read back from ``post``; FieldError for an input that is
    not what its field takes. Fields the form did not show are kept as they were. (With ``specs``
    and ``prefix``: the log's own fields, ``deal`` then the whole log.)"""
    out = dict(deal)
    n = len(players)
    chosen = FORMS.get(game, ()) if specs is None else specs
    shown = {w.spec.key for w in widgets(game, players, deal, specs=chosen, prefix=prefix)}
    for spec in chosen:
        if spec.key not in shown:
            continue
        name = prefix + spec.key
        kind = spec.kind
        value: Any
        if kind == "shown":
            continue
        if kind in ("seat", "compass", "int", "card", "cards", "choice", "text"):
            value = _value(game, spec, name, post)
        elif kind == "adjusted":
            value = _adjusted(name, post.get(name, ""))
        elif kind == "bool":
            value = _value(game, spec, name, post) or None
            if value is None and spec.key in deal:
                value = False  # an option the deal stated stays stated
        elif kind in ("seat_ints", "seat_cards"):
            inner = Spec(spec.key, "int" if kind == "seat_ints" else "cards", "")
            values = [_value(game, inner, f"{name}.{s}", post) for s in range(n)]
            value = None if all(v is None for v in values) else values
            if value is not None and kind == "seat_cards":
                value = [v or [] for v in values]
        elif kind == "seat_bools":
            flags = [post.get(f"{name}.{s}", "") in ("on", "1", "true") for s in range(n)]
            value = flags if any(flags) or spec.key in deal else None
        elif kind == "compass_cards":
            hands = {
                letter: _cards(f"{name}.{letter}", post.get(f"{name}.{letter}", "")) for letter in COMPASS
            }
            value = {k: v for k, v in hands.items() if v} or None
        elif kind == "seat_set":
            ticked = [s for s in range(n) if post.get(f"{name}.{s}", "") in ("on", "1", "true")]
            value = ticked or None
        elif kind == "tricks":
            value = _tricks(name, post)
        elif kind == "records":
            value = _records(game, spec, name, post)
        elif kind == "bridge_scores":
            value = _bridge_scores(name, post)
        elif kind == "json":
            text = post.get(name, "").strip()
            if not text:
                value = None
            else:
                try:
                    value = json.loads(text)
                except ValueError as exc:
                    raise FieldError(name, str(_("Not JSON: %(error)s") % {"error": exc})) from None
        else:  # pragma: no cover - every kind above
            raise AssertionError(kind)
        if value is None and spec.keep:
            out[spec.key] = list(spec.empty) if isinstance(spec.empty, tuple) else spec.empty
        elif value is None:
            out.pop(spec.key, None)
        else:
            out[spec.key] = value
    return {key: out[key] for key in [*deal, *(k for k in out if k not in deal)] if key in out}


def _tricks(name: str, post: Mapping[str, str]) -> list[list[str]] | None:
    rows: dict[int, dict[int, str]] = {}
    pattern = re.compile(re.escape(name) + r"\.(\d+)\.(\d+)$")
    for key, raw in post.items():
        m = pattern.match(key)
        if m:
            card = _card(key, raw)
            if card is not None:
                rows.setdefault(int(m.group(1)), {})[int(m.group(2))] = card
    if not rows:
        return None
    out = []
    for t in range(max(rows) + 1):
        cells = rows.get(t, {})
        if cells:
            out.append([cells[i] for i in sorted(cells)])
    return out


def _records(game: str, spec: Spec, name: str, post: Mapping[str, str]) -> Any:
    pattern = re.compile(re.escape(name) + r"\.(\d+)\.")
    indexes = sorted({int(m.group(1)) for key in post if (m := pattern.match(key))})
    rows = []
    for r in indexes:
        row: dict[str, Any] = {}
        for sub in spec.sub:
            value = _value(game, sub, f"{name}.{r}.{sub.key}", post)
            if value is not None and value is not False:
                row[sub.key] = value
        if not row or (set(row) <= {"dark", "looked"} and not any(row.values())):
            continue
        rows.append(row)
    if spec.from_rows is not None:
        return spec.from_rows(rows) if rows else None
    return rows or None


def _bridge_scores(name: str, post: Mapping[str, str]) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    given = False
    for side, _label in SIDES:
        out[side] = {}
        for line in ("above", "below"):
            key = f"{name}.{side}.{line}"
            words = post.get(key, "").replace(",", " ").replace("+", " ").split()
            points = [_int(key, w) for w in words]
            out[side][line] = [p for p in points if p is not None]
            given = given or bool(words)
    return out if given else None


# --- errors at their inputs ----------------------------------------------------------------


#: Findings a change made through the deal form may not raise, per game, with the field each is
#: about: a field corrected to what the deal itself contradicts (a lead the leader was not dealt,
#: or other than the play's first card; a lead on a board passed out). Shown at that field's input
#: in the reader's language, and the correction is not saved until it is put right.
REFUSED_FINDINGS: dict[str, dict[str, str]] = {
    "bridge-duplicate": {
        "LEAD_NOT_IN_HAND": "lead",
        "LEAD_MISMATCH": "lead",
        "LEAD_WITHOUT_CONTRACT": "lead",
    },
}


def relative_path(path: str, deal_index: int, deals: str = "deals") -> str | None:
    """``deals[6].bids[2]`` → ``bids[2]`` for deal index 6; None when the path is elsewhere
    (``deals``: the log's field of its deals, a duplicate table's ``boards``)."""
    head = f"{deals}[{deal_index}]"
    if path == head:
        return ""
    if path.startswith(head + "."):
        return path[len(head) + 1 :]
    return None


def input_for_path(path: str, deal_index: int, names: set[str], deals: str = "deals") -> str | None:
    """The form input an error at ``path`` belongs to: the path written as an input name
    (``bids[2]`` → ``d.bids.2``; ``boards[2].lead`` → ``d.lead`` with ``deals="boards"``),
    shortened until it names an input the form has."""
    rel = relative_path(path, deal_index, deals)
    if rel is None:
        return None
    parts = [p for p in re.split(r"[.\[\]]+", rel) if p]
    while parts:
        name = PREFIX + ".".join(parts)
        if name in names:
            return name
        candidates = sorted(n for n in names if n.startswith(name + "."))
        if candidates:
            return candidates[0]
        parts.pop()
    return None


def input_names(ws: Sequence[Widget]) -> set[str]:
    names = set()
    for w in ws:
        for item in w.items:
            names.add(item["name"])
        for row in w.rows:
            for item in row:
                names.add(item["name"])
    return names
