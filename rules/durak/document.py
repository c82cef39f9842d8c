"""The durak log (docs/durak-log.md), read strictly and written canonically.

:func:`parse` turns a document into a :class:`DurakLog` of ints, or raises
:class:`~rules.errors.MalformedDocument` naming the JSON path (``deals[0].events[12].card``,
``deals[1].hands[2][3]``) and what is wrong. Each deal of the log is one game of durak: dealt
once and played until one player is left with cards (the fool) or the last cards run out
together (a draw).

Only what stops a replay is malformed: unknown fields and events, wrong types, cards outside
the ruleset's deck, a hand that is not six cards, a card dealt more often than the decks hold
it, a stock that with the hands is not the whole deck, a trump card where the ruleset plays
without trumps. A card played that the player does not hold, a beat that does not beat, a
throw-in of a rank not on the table, a wrong drawing order or a recorded fool the play does
not give are findings of the replay (rules.durak.replay).

Decisions beyond the format page:

- The ruleset is resolved while reading (the deck it names decides which cards exist), so
  a wrong preset or option is malformed at ``ruleset.<option>``.
- ``hands`` are kept as sorted tuples of cards (♠ ♥ ♦ ♣, each from the ace down), so two
  uploads of one game differing only in the order of a hand are one canonical document;
  the stock keeps its order (the order of drawing), the events theirs.
- A game is logged in full (``hands``, the ``stock`` or the ``trump`` card, ``events``) or by
  its result alone (``fool`` or ``draw``, no hands, no events).
- ``trump`` is the turned card under the stock, the last one drawn; with a ``stock`` it is
  the stock's last card (giving both, they must agree); when the deal leaves no stock (six
  players, 36 cards) it is the dealer's last card, shown and kept: it must be in his hand.
- ``arbiter`` (Trickbook's extension, docs/arbiter.md) is read by the shared
  :func:`rules.arbiter.read_ruling`; seats are 0-based indexes, and an adjusted ``score`` is
  the game's assigned result (:class:`AssignedResult`): ``{"fool": seat}``, ``{"draw": true}``
  (only where the ruleset's ``draw_rule`` has draws) or, where the ruleset scores places
  (``place_points``), ``{"places": [...]}`` per seat as the report writes them (1 = out first,
  a group going out together sharing its best place, the fool alone at the last place, no one
  there a draw). One of the three, nothing else (docs/durak.md, "The arbiter's rulings").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from rules.arbiter import Ruling, read_ruling
from rules.cards import CARD_BY_SPELLING, NAME, RANK_OF, SUIT_OF
from rules.durak.core import HAND_SIZE, SIX
from rules.durak.ruleset import TABLE_SIZES, Ruleset, resolve_ruleset
from rules.errors import MalformedDocument
from rules.jsondoc import load_json
from rules.strict import (
    check_fields,
    read_bool,
    read_card,
    read_int,
    read_object,
    read_ruleset_field,
)
from rules.texts import found

GAME = "durak"
VERSION = 1
TOP_FIELDS = ("game", "version", "ruleset", "players", "deals")
REQUIRED_TOP = ("game", "version", "players", "deals")
DEAL_FIELDS = ("dealer", "hands", "stock", "trump", "events", "fool", "draw", "arbiter")
#: The keys of an assigned result (``arbiter.score``): exactly one of them.
SCORE_FIELDS = ("fool", "draw", "places")

EVENT_KINDS = (
    "attack",
    "throw-in",
    "beat",
    "blind-beat",
    "transfer",
    "take",
    "done",
    "pass",
    "challenge",
    "draw",
)
#: The fields each kind of event has besides ``event``; required ones first, then optional.
EVENT_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "attack": (("seat", "cards"), ()),
    "throw-in": (("seat", "card"), ()),
    "beat": (("seat", "card"), ("on",)),
    "blind-beat": (("seat", "card"), ("on",)),
    "transfer": (("seat", "card"), ()),
    "take": (("seat",), ()),
    "done": ((), ("seat",)),
    "pass": (("seat",), ()),
    "challenge": (("seat", "answer"), ()),
    "draw": (("seat",), ("count", "cards")),
}
ANSWERS = ("agree", "turn")


class Event(NamedTuple):
    """One event of a game. ``cards`` are an attack's cards or a draw's cards (None when a draw
    gives only its count); ``card`` the card thrown in, beaten with or transferred with; ``on``
    the attack card a beat covers (None: the first uncovered card it beats); ``answer`` a
    challenge's ``agree`` or ``turn``; ``number`` a draw's number of cards (its ``count``)."""

    kind: str
    seat: int | None = None
    cards: tuple[int, ...] | None = None
    card: int | None = None
    on: int | None = None
    answer: str | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class AssignedResult:
    """The result an arbiter assigns to a game (``arbiter.score``), exactly one of: the ``fool``
    (a seat), a ``draw``, or the ``places`` per seat (1 = out first; the fool is the seat at
    the last place, nobody there a draw)."""

    fool: int | None = None
    draw: bool = False
    places: tuple[int, ...] | None = None

    def outcome(self) -> tuple[int | None, bool, list[int] | None]:
        """The game's ``fool``, ``draw`` and ``places`` as the report gives them."""
        if self.places is None:
            return self.fool, self.draw, None
        last = len(self.places)
        fool = next((seat for seat, place in enumerate(self.places) if place == last), None)
        return fool, fool is None, list(self.places)

    def as_document(self) -> dict[str, Any]:
        if self.places is not None:
            return {"places": list(self.places)}
        if self.draw:
            return {"draw": True}
        return {"fool": self.fool}


#: An arbiter's ruling on one game: seats are 0-based indexes, the score an assigned result.
DurakRuling = Ruling[int, AssignedResult]


@dataclass(frozen=True, slots=True)
class DurakDeal:
    """One game as logged; None where a field was not given.

    ``hands`` by seat, each a sorted tuple of cards (rules.cards ints; the two-deck game may
    hold a card twice); ``stock`` in drawing order, its last card the turned trump; ``trump``
    the turned card; ``fool`` and ``draw`` the recorded result; ``arbiter`` the arbiter's
    ruling on the game (docs/arbiter.md), None for none.
    """

    dealer: int
    hands: tuple[tuple[int, ...], ...] | None = None
    stock: tuple[int, ...] | None = None
    trump: int | None = None
    events: tuple[Event, ...] = ()
    fool: int | None = None
    draw: bool = False
    arbiter: DurakRuling | None = None

    @property
    def trump_card(self) -> int | None:
        """The turned card: ``trump``, else the stock's last card; None without either."""
        if self.trump is not None:
            return self.trump
        if self.stock:
            return self.stock[-1]
        return None

    @property
    def recorded(self) -> bool:
        """Whether the log records the game's result."""
        return self.fool is not None or self.draw


@dataclass(frozen=True, slots=True)
class DurakLog:
    """Games of durak at one table: the players by seat (clockwise), the ruleset as written, the games."""

    players: tuple[str, ...]
    ruleset: str | dict[str, Any] | None
    deals: tuple[DurakDeal, ...]


#: Hands are written ♠ ♥ ♦ ♣, each from the ace down.
def _order(card: int) -> tuple[int, int]:
    return (SUIT_OF[card], -RANK_OF[card])


def sort_cards(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards, key=_order))


# -- parse -----------------------------------------------------------------------


def parse(raw: bytes | str | dict[str, Any]) -> DurakLog:
    """Read a durak log strictly; raise MalformedDocument(path, code, **params) if it cannot be replayed."""
    data = raw if isinstance(raw, dict) else load_json(raw)
    doc = read_object(data, "")
    check_fields(doc, "", TOP_FIELDS)
    for key in REQUIRED_TOP:
        if key not in doc:
            raise MalformedDocument(key, "DURAK_REQUIRED")
    if doc["game"] != GAME:
        raise MalformedDocument("game", "DURAK_GAME", found=found(doc["game"]))
    version = doc["version"]
    if type(version) is not int or version != VERSION:
        raise MalformedDocument("version", "DURAK_VERSION", found=found(version), known=VERSION)
    players = _players(doc["players"])
    ruleset_field = read_ruleset_field(doc.get("ruleset"))
    ruleset = resolve_ruleset(ruleset_field, len(players))
    raw_deals = doc["deals"]
    if type(raw_deals) is not list:
        raise MalformedDocument("deals", "DURAK_DEALS_LIST", found=found(raw_deals))
    if not raw_deals:
        raise MalformedDocument("deals", "DURAK_DEALS_EMPTY")
    deals = tuple(_deal(d, f"deals[{i}]", len(players), ruleset) for i, d in enumerate(raw_deals))
    return DurakLog(players=players, ruleset=ruleset_field, deals=deals)


def _players(value: Any) -> tuple[str, ...]:
    low, high = TABLE_SIZES[0], TABLE_SIZES[-1]
    if type(value) is not list:
        raise MalformedDocument("players", "DURAK_PLAYERS_LIST", low=low, high=high, found=found(value))
    if not low <= len(value) <= high:
        raise MalformedDocument("players", "DURAK_PLAYERS", low=low, high=high, count=len(value))
    seen: dict[str, int] = {}
    for seat, player in enumerate(value):
        path = f"players[{seat}]"
        if not isinstance(player, str) or not player.strip():
            raise MalformedDocument(path, "DURAK_PLAYER_NAME", found=found(player))
        if player in seen:
            raise MalformedDocument(path, "DURAK_PLAYER_TWICE", name=player, position=seen[player])
        seen[player] = seat
    return tuple(value)


def _card(value: Any, path: str, ruleset: Ruleset) -> int:
    card = read_card(value, path)
    if ruleset.deck == 36 and RANK_OF[card] < SIX:
        raise MalformedDocument(path, "DURAK_CARD_NOT_IN_DECK", card=NAME[card])
    return card


def _cards(value: Any, path: str, ruleset: Ruleset) -> tuple[int, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "DURAK_CARDS_LIST", found=found(value))
    return tuple(_card(v, f"{path}[{j}]", ruleset) for j, v in enumerate(value))


def _deal(value: Any, path: str, n: int, ruleset: Ruleset) -> DurakDeal:
    d = read_object(value, path)
    check_fields(d, path, DEAL_FIELDS)
    get = d.get
    if "dealer" not in d:
        raise MalformedDocument(f"{path}.dealer", "DURAK_REQUIRED")
    dealer = read_int(d["dealer"], f"{path}.dealer", 0, n - 1)
    copies = ruleset.copies
    seen: Counter[int] = Counter()
    hands = None
    if get("hands") is not None:
        hands = _hands(d["hands"], f"{path}.hands", n, ruleset, seen)
    stock = None
    if get("stock") is not None:
        if hands is None:
            raise MalformedDocument(f"{path}.stock", "DURAK_STOCK_WITHOUT_HANDS")
        stock = _cards(d["stock"], f"{path}.stock", ruleset)
        for j, card in enumerate(stock):
            _count(card, seen, copies, f"{path}.stock[{j}]")
        if sum(seen.values()) != ruleset.cards:
            raise MalformedDocument(
                f"{path}.stock", "DURAK_STOCK_COUNT", held=sum(seen.values()), cards=ruleset.cards
            )
    trump = None
    if get("trump") is not None:
        tp = f"{path}.trump"
        if ruleset.no_trump:
            raise MalformedDocument(tp, "DURAK_TRUMP_WITHOUT_TRUMPS")
        trump = _card(d["trump"], tp, ruleset)
        if stock:
            if trump != stock[-1]:
                raise MalformedDocument(
                    tp, "DURAK_TRUMP_NOT_LAST", last_card=NAME[stock[-1]], card=NAME[trump]
                )
        elif hands is not None and ruleset.cards == HAND_SIZE * n:
            if trump not in hands[dealer]:
                raise MalformedDocument(tp, "DURAK_TRUMP_NOT_DEALERS", card=NAME[trump])
        elif hands is not None:
            _count(trump, seen, copies, tp)
    events: tuple[Event, ...] = ()
    if get("events") is not None:
        events = _events(d["events"], f"{path}.events", n, ruleset)
    if events and hands is None:
        raise MalformedDocument(f"{path}.hands", "DURAK_EVENTS_WITHOUT_HANDS")
    if hands is not None and not ruleset.no_trump and trump is None and not stock:
        raise MalformedDocument(f"{path}.trump", "DURAK_TRUMP_REQUIRED")
    fool = None if get("fool") is None else read_int(d["fool"], f"{path}.fool", 0, n - 1)
    draw = False
    if get("draw") is not None:
        draw = read_bool(d["draw"], f"{path}.draw")
        if not draw:
            raise MalformedDocument(f"{path}.draw", "DURAK_DRAW_TRUE")
        if fool is not None:
            raise MalformedDocument(f"{path}.draw", "DURAK_FOOL_AND_DRAW")
    arbiter = None if get("arbiter") is None else _arbiter(d["arbiter"], f"{path}.arbiter", n, ruleset)
    return DurakDeal(
        dealer=dealer,
        hands=hands,
        stock=stock,
        trump=trump,
        events=events,
        fool=fool,
        draw=draw,
        arbiter=arbiter,
    )


def _arbiter(value: Any, path: str, n: int, ruleset: Ruleset) -> DurakRuling:
    """The arbiter's ruling on the game (docs/arbiter.md); seats are 0-based indexes."""
    return read_ruling(
        value,
        path,
        read_seat=lambda v, p: read_int(v, p, 0, n - 1),
        read_score=lambda v, p: _assigned(v, p, n, ruleset),
    )


def _assigned(value: Any, path: str, n: int, ruleset: Ruleset) -> AssignedResult:
    """An assigned result: one of ``fool``, ``draw`` (where ``draw_rule`` has draws) and
    ``places`` (where the ruleset scores places), as the report would give the game."""
    s = read_object(value, path)
    check_fields(s, path, SCORE_FIELDS)
    keys = list(s)
    if not keys:
        raise MalformedDocument(path, "DURAK_ASSIGNS_NOTHING")
    if len(keys) > 1:
        raise MalformedDocument(
            f"{path}.{keys[1]}", "DURAK_ASSIGNS_TWO", first_key=keys[0], second_key=keys[1]
        )
    key = keys[0]
    if key == "fool":
        return AssignedResult(fool=read_int(s["fool"], f"{path}.fool", 0, n - 1))
    if key == "draw":
        dp = f"{path}.draw"
        if s["draw"] is not True:
            raise MalformedDocument(dp, "DURAK_ASSIGNED_DRAW", found=found(s["draw"]))
        if ruleset.draw_rule != "draw":
            raise MalformedDocument(dp, "DURAK_NO_DRAW")
        return AssignedResult(draw=True)
    return AssignedResult(places=_places(s["places"], f"{path}.places", n, ruleset))


def _places(value: Any, path: str, n: int, ruleset: Ruleset) -> tuple[int, ...]:
    """Places per seat as the report gives them: 1 for the first out, players going out together
    sharing their best place (so a place is one more than the number of seats ahead of it), the
    fool alone at the last place, nobody there a draw."""
    if ruleset.place_points is None:
        raise MalformedDocument(path, "DURAK_PLACES_WITHOUT_POINTS")
    if type(value) is not list or len(value) != n:
        raise MalformedDocument(path, "DURAK_PLACES_LIST", count=n, found=found(value))
    places = tuple(read_int(v, f"{path}[{seat}]", 1, n) for seat, v in enumerate(value))
    fool: int | None = None
    for seat, place in enumerate(places):
        if place == n:
            if fool is not None:
                raise MalformedDocument(f"{path}[{seat}]", "DURAK_PLACES_TWO_FOOLS", first=fool, second=seat)
            fool = seat
    for seat, place in enumerate(places):
        ahead = sum(1 for other in places if other < place)
        if place != ahead + 1:
            raise MalformedDocument(
                f"{path}[{seat}]", "DURAK_PLACE_AHEAD", place=place, ahead=ahead, expected=ahead + 1
            )
    if fool is None and ruleset.draw_rule != "draw":
        raise MalformedDocument(path, "DURAK_PLACES_NO_DRAW")
    return places


def _count(card: int, seen: Counter[int], copies: int, path: str) -> None:
    seen[card] += 1
    if seen[card] > copies:
        if copies == 1:
            raise MalformedDocument(path, "DURAK_CARD_REPEATED", card=NAME[card])
        raise MalformedDocument(path, "DURAK_CARD_REPEATED_TWO_DECKS", card=NAME[card])


def _hands(
    value: Any, path: str, n: int, ruleset: Ruleset, seen: Counter[int]
) -> tuple[tuple[int, ...], ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "DURAK_HANDS_LIST", count=n, found=found(value))
    if len(value) != n:
        raise MalformedDocument(path, "DURAK_HANDS_COUNT", seats=n, count=len(value))
    out = []
    for seat, raw in enumerate(value):
        hp = f"{path}[{seat}]"
        cards = _cards(raw, hp, ruleset)
        if len(cards) != HAND_SIZE:
            raise MalformedDocument(hp, "DURAK_HAND_SIZE", size=HAND_SIZE, count=len(cards))
        for j, card in enumerate(cards):
            _count(card, seen, ruleset.copies, f"{hp}[{j}]")
        out.append(sort_cards(cards))
    return tuple(out)


def _events(value: Any, path: str, n: int, ruleset: Ruleset) -> tuple[Event, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "DURAK_EVENTS_LIST", found=found(value))
    low = SIX if ruleset.deck == 36 else 0
    out = []
    for i, raw in enumerate(value):
        event = _fast_event(raw, n, low)
        out.append(event if event is not None else _event(raw, f"{path}[{i}]", n, ruleset))
    return tuple(out)


#: Per kind, the fields an event may have and the ones it must have.
_ALLOWED = {kind: frozenset(("event", *req, *opt)) for kind, (req, opt) in EVENT_FIELDS.items()}
_REQUIRED = {kind: req for kind, (req, _opt) in EVENT_FIELDS.items()}


def _fast_event(raw: Any, n: int, low: int) -> Event | None:
    """The common well-formed event read with a few dict probes; None sends it to :func:`_event`,
    which reads it again strictly and names the path of what is wrong."""
    if type(raw) is not dict:
        return None
    kind = raw.get("event")
    if type(kind) is not str:
        return None
    allowed = _ALLOWED.get(kind)
    if allowed is None or not raw.keys() <= allowed:
        return None
    for key in _REQUIRED[kind]:
        if key not in raw:
            return None
    seat = raw.get("seat")
    if "seat" in raw and (type(seat) is not int or not 0 <= seat < n):
        return None
    if kind in ("beat", "blind-beat", "throw-in", "transfer"):
        card = CARD_BY_SPELLING.get(raw["card"]) if type(raw["card"]) is str else None
        on = raw.get("on")
        on_card = None if on is None else (CARD_BY_SPELLING.get(on) if type(on) is str else None)
        if (
            card is None
            or RANK_OF[card] < low
            or (on is not None and (on_card is None or RANK_OF[on_card] < low))
        ):
            return None
        return Event(kind, seat, card=card, on=on_card)
    if kind == "attack":
        cards = raw["cards"]
        if type(cards) is not list or not cards:
            return None
        read = []
        for text in cards:
            card = CARD_BY_SPELLING.get(text) if type(text) is str else None
            if card is None or RANK_OF[card] < low:
                return None
            read.append(card)
        return Event(kind, seat, cards=tuple(read))
    if kind in ("take", "pass", "done"):
        return Event(kind, seat)
    return None


def _event(raw: Any, ep: str, n: int, ruleset: Ruleset) -> Event:
    e = read_object(raw, ep)
    kind = e.get("event")
    if type(kind) is not str or kind not in EVENT_KINDS:
        raise MalformedDocument(
            f"{ep}.event", "DURAK_EVENT_KIND", kinds=", ".join(EVENT_KINDS), found=found(kind)
        )
    required, optional = EVENT_FIELDS[kind]
    check_fields(e, ep, ("event", *required, *optional))
    for key in required:
        if key not in e:
            raise MalformedDocument(f"{ep}.{key}", "DURAK_EVENT_FIELD_REQUIRED", kind=kind)
    # A required seat is a seat; only ``done`` may leave it out (or write null).
    seat = (
        None
        if "seat" not in required and e.get("seat") is None
        else read_int(e.get("seat"), f"{ep}.seat", 0, n - 1)
    )
    if kind == "attack":
        cards = _cards(e["cards"], f"{ep}.cards", ruleset)
        if not cards:
            raise MalformedDocument(f"{ep}.cards", "DURAK_ATTACK_EMPTY")
        return Event(kind, seat, cards=cards)
    if kind in ("throw-in", "beat", "blind-beat", "transfer"):
        card = _card(e["card"], f"{ep}.card", ruleset)
        on = None if e.get("on") is None else _card(e["on"], f"{ep}.on", ruleset)
        return Event(kind, seat, card=card, on=on)
    if kind == "challenge":
        answer = e["answer"]
        if answer not in ANSWERS:
            raise MalformedDocument(f"{ep}.answer", "DURAK_ANSWER", found=found(answer))
        return Event(kind, seat, answer=answer)
    if kind == "draw":
        count = None if e.get("count") is None else read_int(e["count"], f"{ep}.count", 1)
        drawn = None if e.get("cards") is None else _cards(e["cards"], f"{ep}.cards", ruleset)
        if count is None and drawn is None:
            raise MalformedDocument(ep, "DURAK_DRAW_EMPTY")
        if drawn is not None and count is not None and len(drawn) != count:
            raise MalformedDocument(f"{ep}.count", "DURAK_DRAW_COUNT", cards=len(drawn), count=count)
        if drawn is not None and not drawn:
            raise MalformedDocument(f"{ep}.cards", "DURAK_DRAW_NO_CARDS")
        return Event(
            kind, seat, cards=drawn, number=len(drawn) if count is None and drawn is not None else count
        )
    return Event(kind, seat)


# -- write -----------------------------------------------------------------------


def card_names(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [NAME[c] for c in cards]


def event_document(event: Event, *, count_given: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"event": event.kind}
    if event.seat is not None:
        out["seat"] = event.seat
    if event.kind == "attack":
        out["cards"] = card_names(event.cards or ())
    elif event.card is not None:
        out["card"] = NAME[event.card]
        if event.on is not None:
            out["on"] = NAME[event.on]
    elif event.kind == "challenge":
        out["answer"] = event.answer
    elif event.kind == "draw":
        if event.cards is not None:
            out["cards"] = card_names(event.cards)
        else:
            out["count"] = event.number
    return out


def to_document(log: DurakLog) -> dict[str, Any]:
    """The canonical document of a log: canonical cards, sorted hands, only the fields given.

    ``parse(to_document(log)) == log`` for every parsed log, and ``to_document(parse(doc)) ==
    doc`` for a canonical ``doc`` (a draw written with both ``count`` and ``cards`` is written
    back with its cards only: the count is theirs).
    """
    doc: dict[str, Any] = {"game": GAME, "version": VERSION}
    if log.ruleset is not None:
        doc["ruleset"] = log.ruleset
    doc["players"] = list(log.players)
    doc["deals"] = [deal_document(deal) for deal in log.deals]
    return doc


def deal_document(deal: DurakDeal) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer}
    if deal.hands is not None:
        out["hands"] = [card_names(h) for h in deal.hands]
    if deal.stock is not None:
        out["stock"] = card_names(deal.stock)
    if deal.trump is not None:
        out["trump"] = NAME[deal.trump]
    if deal.events:
        out["events"] = [event_document(e) for e in deal.events]
    if deal.fool is not None:
        out["fool"] = deal.fool
    if deal.draw:
        out["draw"] = True
    if deal.arbiter is not None:
        out["arbiter"] = deal.arbiter.as_document(int, AssignedResult.as_document)
    return out
