"""The preferans log (docs/preferans-log.md), read strictly and written canonically.

:func:`parse` turns a document into a :class:`PreferansLog` of ints, bit masks
and the shared types of :mod:`rules.preferans.core`, or raises
:class:`~rules.errors.MalformedDocument` naming the JSON path
(``deals[2].auction[3].call``, ``deals[0].hands[1][4]``) and what is wrong.

Only what stops a replay is malformed: unknown fields, wrong types, cards
outside the 32-card deck, a hand that is not ten cards, a card dealt twice.
A bid that does not overcall, a dark call the seed does not allow, a discard
of cards the declarer never held, a revoke or a pulka entry that disagrees
are findings of the replay (rules.preferans.auction, .whist, .play, …).

Decisions beyond the format page:

- With four players the dealer sits out: his hand is ``[]``, and he makes no
  call and no whist decision (a seat that cannot act is malformed).
- ``hands`` and ``talon`` are given whole or not at all: each active seat ten
  distinct cards of the deck, the talon two, no card twice.
- A call is ``{"seat", "call", "dark"?, "looked"?}``. ``dark-1``..``dark-3`` are
  dark by their nature (``"dark": false`` on them is malformed); ``"dark": true``
  together with ``"looked": true`` is kept as written — declaring in the dark
  after looking is the replay's finding, not a format error.
- ``play`` holds at most ten tricks of one to three cards; only the last may be
  short, and only when a ``claim`` follows.
- ``entries[].on`` is required for a whist entry and refused on the others.
- ``arbiter`` (docs/arbiter.md, Trickbook's extension) is read strictly by the shared
  :func:`rules.arbiter.read_ruling` into a :class:`rules.arbiter.Ruling` (seats the
  0-based indexes, the dealer sitting out of four among them); its ``score`` is the
  preferans assigned result ``{"tricks": [...]}``: the tricks each seat is held to have
  taken, ten in all, the dealer's 0 when he sits out. ``waive`` and ``confirm`` keep the
  order written, as in every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules.arbiter import Ruling, read_ruling
from rules.cards import BIT, NAME, RANK_OF, SUIT_OF
from rules.errors import MalformedDocument
from rules.jsondoc import load_json
from rules.preferans.core import DECK_MASK, HAND_SIZE, TALON_SIZE, Contract, read_contract
from rules.preferans.texts import ERRORS_TEXTS  # noqa: F401  (registers the refusal codes)
from rules.strict import (
    check_fields,
    read_bool,
    read_card,
    read_int,
    read_object,
    read_play,
    read_ruleset_field,
)
from rules.texts import found

GAME = "preferans"
VERSION = 1
TOP_FIELDS = ("game", "version", "ruleset", "players", "deals", "settlement")
REQUIRED_TOP = ("game", "version", "players", "deals")
DEAL_FIELDS = (
    "dealer",
    "hands",
    "talon",
    "auction",
    "discard",
    "contract",
    "whists",
    "open",
    "play",
    "claim",
    "tricks",
    "entries",
    "bombs",
    "arbiter",
)
#: The preferans assigned result: the tricks each seat is held to have taken.
SCORE_FIELDS = ("tricks",)
CALL_FIELDS = ("seat", "call", "dark", "looked")
WHIST_FIELDS = ("seat", "decision")
ENTRY_FIELDS = ("seat", "kind", "points", "on")
BOMB_FIELDS = ("seat", "event", "rank")
SETTLEMENT_FIELDS = ("balances",)
BOMB_EVENTS = ("drawn", "extinguished")
#: A bomb's rank: 1 simple, 2 double, 3 ёлка (seed 002).
BOMB_RANKS = (1, 2, 3)
TRICKS = 10
DARK_LEVELS = ("dark-1", "dark-2", "dark-3")

CallKind = Literal["contract", "pass", "dark-1", "dark-2", "dark-3"]
WhistKind = Literal["whist", "pass", "half"]
EntryKind = Literal["pool", "mountain", "whist"]
WHIST_KINDS: tuple[WhistKind, ...] = ("whist", "pass", "half")
ENTRY_KINDS: tuple[EntryKind, ...] = ("pool", "mountain", "whist")


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction.

    ``kind`` is ``"contract"`` (``contract`` names it: a game or misère),
    ``"pass"``, or a dark level ``"dark-1"``..``"dark-3"`` (РАЗ / ДВА / ТРИ В
    ТЕМНУЮ). ``dark`` is true for a call made without looking at the cards
    (always for the dark levels; ПАС В ТЕМНУЮ is a dark pass, МИЗЕР В ТЕМНУЮ a
    dark misère); ``looked`` marks a call made after looking when it matters
    to a bomb.
    """

    seat: int
    kind: CallKind
    contract: Contract | None = None
    dark: bool = False
    looked: bool = False

    @property
    def dark_level(self) -> int:
        """1, 2 or 3 for РАЗ / ДВА / ТРИ В ТЕМНУЮ, else 0."""
        return DARK_LEVELS.index(self.kind) + 1 if self.kind in DARK_LEVELS else 0

    def __str__(self) -> str:
        text = str(self.contract) if self.kind == "contract" else self.kind
        if self.dark and self.kind not in DARK_LEVELS:
            text += " (dark)"
        return text


@dataclass(frozen=True, slots=True)
class WhistDecision:
    """A defender's word after the contract: ``whist``, ``pass`` or ``half`` (полвиста)."""

    seat: int
    decision: WhistKind


@dataclass(frozen=True, slots=True)
class Entry:
    """What the scorer wrote: ``points`` in ``seat``'s pool or mountain, or whists ``on``
    an opponent."""

    seat: int
    kind: EntryKind
    points: int
    on: int | None = None


@dataclass(frozen=True, slots=True)
class BombMark:
    """A bomb as the scorer marked it on the pulka: ``drawn`` for ``seat`` with its
    ``rank`` (1 bomb, 2 double bomb, 3 ёлка), or ``extinguished`` (the rank, when written,
    is checked too)."""

    seat: int
    event: Literal["drawn", "extinguished"]
    rank: int | None = None


@dataclass(frozen=True, slots=True)
class PreferansDeal:
    """One deal as logged; ``None`` where a field was not given.

    ``hands`` are bit masks by seat (``0`` for a dealer sitting out), ``talon``
    and ``discard`` masks of two cards; ``talon_cards`` the talon in the order written
    (the order a pass-out turns it); ``play`` the tricks as card ints in the order
    played, each starting with its leader. ``claim`` is the count of tricks claimed, or
    the claimed tricks per seat when the log gives them so.
    """

    dealer: int
    auction: tuple[Call, ...]
    hands: tuple[int, ...] | None = None
    talon: int | None = None
    discard: int | None = None
    contract: Contract | None = None
    whists: tuple[WhistDecision, ...] | None = None
    open: bool | None = None
    play: tuple[tuple[int, ...], ...] | None = None
    claim: int | tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    entries: tuple[Entry, ...] | None = None
    bombs: tuple[BombMark, ...] | None = None
    talon_cards: tuple[int, ...] | None = None
    #: The arbiter's ruling (docs/arbiter.md; docs/preferans.md, "The arbiter's rulings"):
    #: seats by index; the ``score`` the tricks each seat is held to have taken, by seat.
    arbiter: Ruling[int, tuple[int, ...]] | None = None

    @property
    def claimed(self) -> int | None:
        """How many tricks the claim covers, however the log wrote it."""
        if self.claim is None or isinstance(self.claim, int):
            return self.claim
        return sum(self.claim)


@dataclass(frozen=True, slots=True)
class PreferansLog:
    """A pulka at one table: the players by seat, the ruleset as written, the deals."""

    players: tuple[str, ...]
    ruleset: str | dict[str, Any] | None
    deals: tuple[PreferansDeal, ...]
    #: The whole balances per seat as the scorer settled the pulka, when the log gives them.
    settlement: tuple[int, ...] | None = None


# -- parse -----------------------------------------------------------------------


def parse(raw: bytes | str | dict[str, Any]) -> PreferansLog:
    """Read a preferans log strictly; raise MalformedDocument(path, code, **params) if it
    cannot be replayed (the codes and their sentences: rules/preferans/texts.py)."""
    data = raw if isinstance(raw, dict) else load_json(raw)
    doc = read_object(data, "")
    check_fields(doc, "", TOP_FIELDS)
    for key in REQUIRED_TOP:
        if key not in doc:
            raise MalformedDocument(key, "PREFERANS_REQUIRED")
    if doc["game"] != GAME:
        raise MalformedDocument("game", "PREFERANS_GAME", found=found(doc["game"]))
    version = doc["version"]
    if type(version) is not int or version != VERSION:
        raise MalformedDocument("version", "PREFERANS_VERSION", found=found(version), version=VERSION)
    players = _players(doc["players"])
    ruleset = read_ruleset_field(doc.get("ruleset"))
    raw_deals = doc["deals"]
    if type(raw_deals) is not list:
        raise MalformedDocument("deals", "PREFERANS_DEALS_TYPE", found=found(raw_deals))
    deals = tuple(_deal(d, f"deals[{i}]", len(players)) for i, d in enumerate(raw_deals))
    settlement = None if doc.get("settlement") is None else _settlement(doc["settlement"], len(players))
    return PreferansLog(players=players, ruleset=ruleset, deals=deals, settlement=settlement)


def _players(value: Any) -> tuple[str, ...]:
    if type(value) is not list:
        raise MalformedDocument("players", "PREFERANS_PLAYERS_TYPE", found=found(value))
    if len(value) not in (3, 4):
        raise MalformedDocument("players", "PREFERANS_PLAYERS_COUNT", count=len(value))
    seen: dict[str, int] = {}
    for seat, name in enumerate(value):
        path = f"players[{seat}]"
        if not isinstance(name, str) or not name.strip():
            raise MalformedDocument(path, "PREFERANS_PLAYER_NAME", found=found(name))
        if name in seen:
            raise MalformedDocument(path, "PREFERANS_PLAYER_TWICE", name=name, seat_no=seen[name])
        seen[name] = seat
    return tuple(value)


def _card(value: Any, path: str) -> int:
    card = read_card(value, path)
    if not DECK_MASK & BIT[card]:
        raise MalformedDocument(path, "PREFERANS_CARD_NOT_IN_DECK", card=NAME[card])
    return card


def _cards(value: Any, path: str) -> tuple[int, ...]:
    """A list of cards of the deck (a hand, the talon, a trick of rules.strict.read_play: the
    path says which list it is)."""
    if type(value) is not list:
        raise MalformedDocument(path, "PREFERANS_CARDS_TYPE", found=found(value))
    return tuple(_card(v, f"{path}[{j}]") for j, v in enumerate(value))


#: The owner of a card in :func:`_mask`'s ``holder``: a seat's hand by its seat, or the talon.
TALON_OWNER = -1


def _mask(cards: tuple[int, ...], path: str, holder: dict[int, int], owner: int) -> int:
    """The mask of distinct cards; a card seen before (here or elsewhere) is malformed.
    ``owner`` is the seat whose hand the list is, or :data:`TALON_OWNER`."""
    mask = 0
    for j, card in enumerate(cards):
        if card in holder:
            other = holder[card]
            if other == owner:
                raise MalformedDocument(f"{path}[{j}]", "PREFERANS_CARD_TWICE", card=NAME[card])
            if other == TALON_OWNER:
                raise MalformedDocument(f"{path}[{j}]", "PREFERANS_CARD_IN_TALON", card=NAME[card])
            raise MalformedDocument(f"{path}[{j}]", "PREFERANS_CARD_IN_HAND", card=NAME[card], seat_no=other)
        holder[card] = owner
        mask |= BIT[card]
    return mask


def _seat(value: Any, path: str, n: int, dealer: int | None = None) -> int:
    seat = read_int(value, path, 0, n - 1)
    if dealer is not None and n == 4 and seat == dealer:
        raise MalformedDocument(path, "PREFERANS_SEAT_SITS_OUT", seat_no=seat)
    return seat


def _deal(value: Any, path: str, n: int) -> PreferansDeal:
    d = read_object(value, path)
    check_fields(d, path, DEAL_FIELDS)
    get = d.get
    if "dealer" not in d:
        raise MalformedDocument(f"{path}.dealer", "PREFERANS_REQUIRED")
    dealer = _seat(d["dealer"], f"{path}.dealer", n)
    holder: dict[int, int] = {}
    hands = None if get("hands") is None else _hands(d["hands"], f"{path}.hands", n, dealer, holder)
    talon = talon_cards = None
    if get("talon") is not None:
        talon_cards = _cards(d["talon"], f"{path}.talon")
        if len(talon_cards) != TALON_SIZE:
            raise MalformedDocument(f"{path}.talon", "PREFERANS_TALON_SIZE", count=len(talon_cards))
        talon = _mask(talon_cards, f"{path}.talon", holder, TALON_OWNER)
    if "auction" not in d:
        raise MalformedDocument(f"{path}.auction", "PREFERANS_AUCTION_REQUIRED")
    auction = _auction(d["auction"], f"{path}.auction", n, dealer)
    discard = None
    if get("discard") is not None:
        cards = _cards(d["discard"], f"{path}.discard")
        if len(cards) != TALON_SIZE:
            raise MalformedDocument(f"{path}.discard", "PREFERANS_DISCARD_SIZE", count=len(cards))
        discard = _mask(cards, f"{path}.discard", {}, TALON_OWNER)
    contract = None
    if get("contract") is not None:
        raw_contract = d["contract"]
        contract = read_contract(raw_contract) if type(raw_contract) is str else None
        if contract is None:
            raise MalformedDocument(f"{path}.contract", "PREFERANS_CONTRACT", found=found(raw_contract))
    whists = None if get("whists") is None else _whists(d["whists"], f"{path}.whists", n, dealer)
    open_play = None if get("open") is None else read_bool(d["open"], f"{path}.open")
    claim = None if get("claim") is None else _claim(d["claim"], f"{path}.claim", n)
    play = (
        None
        if get("play") is None
        else read_play(
            d["play"],
            f"{path}.play",
            tricks=TRICKS,
            cards_per_trick=3,
            claimed=claim is not None,
            in_play=True,
            read_trick=_cards,
        )
    )
    if claim is not None and play is None:
        raise MalformedDocument(f"{path}.claim", "PREFERANS_CLAIM_WITHOUT_PLAY")
    tricks = None if get("tricks") is None else _tricks(d["tricks"], f"{path}.tricks", n)
    entries = None if get("entries") is None else _entries(d["entries"], f"{path}.entries", n)
    bombs = None if get("bombs") is None else _bombs(d["bombs"], f"{path}.bombs", n)
    arbiter = None if get("arbiter") is None else _arbiter(d["arbiter"], f"{path}.arbiter", n, dealer)
    return PreferansDeal(
        dealer=dealer,
        auction=auction,
        hands=hands,
        talon=talon,
        discard=discard,
        contract=contract,
        whists=whists,
        open=open_play,
        play=play,
        claim=claim,
        tricks=tricks,
        entries=entries,
        bombs=bombs,
        talon_cards=talon_cards,
        arbiter=arbiter,
    )


def _arbiter(value: Any, path: str, n: int, dealer: int) -> Ruling[int, tuple[int, ...]]:
    """The arbiter's ruling on a deal (docs/arbiter.md), read by the shared reader: a seat is
    any seat of the log (the dealer sitting out of four too), the ``score`` the preferans
    assigned result (:func:`_assigned`)."""
    return read_ruling(
        value,
        path,
        read_seat=lambda v, p: _seat(v, p, n),
        read_score=lambda v, p: _assigned(v, p, n, dealer),
    )


def _assigned(value: Any, path: str, n: int, dealer: int) -> tuple[int, ...]:
    """The preferans assigned result ``{"tricks": [...]}``: the tricks each seat is held to
    have taken, ten in all, none to the dealer sitting out of four."""
    s = read_object(value, path)
    check_fields(s, path, SCORE_FIELDS)
    if "tricks" not in s:
        raise MalformedDocument(f"{path}.tricks", "PREFERANS_ASSIGNED_TRICKS_REQUIRED")
    tp = f"{path}.tricks"
    raw = s["tricks"]
    if type(raw) is not list or len(raw) != n:
        raise MalformedDocument(tp, "PREFERANS_TRICKS_TYPE", players=n, found=found(raw))
    counts = tuple(read_int(v, f"{tp}[{i}]", 0, TRICKS) for i, v in enumerate(raw))
    if n == 4 and counts[dealer]:
        raise MalformedDocument(f"{tp}[{dealer}]", "PREFERANS_ASSIGNED_DEALER_TRICKS", seat_no=dealer)
    if sum(counts) != TRICKS:
        raise MalformedDocument(tp, "PREFERANS_ASSIGNED_TRICKS_SUM", total=sum(counts))
    return counts


def _claim(value: Any, path: str, n: int) -> int | tuple[int, ...]:
    """A count of tricks claimed, or the claimed tricks per seat (``[0, 3, 1]``)."""
    if type(value) is list:
        if len(value) != n:
            raise MalformedDocument(path, "PREFERANS_CLAIM_SEATS", players=n, count=len(value))
        shares = tuple(read_int(v, f"{path}[{i}]", 0, TRICKS) for i, v in enumerate(value))
        if sum(shares) > TRICKS:
            raise MalformedDocument(path, "PREFERANS_CLAIM_SUM", total=sum(shares))
        return shares
    if type(value) is not int:
        raise MalformedDocument(path, "PREFERANS_CLAIM_TYPE", found=found(value))
    return read_int(value, path, 0, TRICKS)


def _bombs(value: Any, path: str, n: int) -> tuple[BombMark, ...]:
    """The bombs the scorer drew or crossed out in this deal."""
    if type(value) is not list:
        raise MalformedDocument(path, "PREFERANS_BOMBS_TYPE", found=found(value))
    out = []
    for i, raw in enumerate(value):
        bp = f"{path}[{i}]"
        b = read_object(raw, bp)
        check_fields(b, bp, BOMB_FIELDS)
        for key in ("seat", "event"):
            if key not in b:
                raise MalformedDocument(f"{bp}.{key}", "PREFERANS_REQUIRED")
        seat = read_int(b["seat"], f"{bp}.seat", 0, n - 1)
        event = b["event"]
        if event not in BOMB_EVENTS:
            raise MalformedDocument(f"{bp}.event", "PREFERANS_BOMB_EVENT", found=found(event))
        rank = None if b.get("rank") is None else read_int(b["rank"], f"{bp}.rank", 1, 3)
        if event == "drawn" and rank is None:
            raise MalformedDocument(f"{bp}.rank", "PREFERANS_BOMB_RANK_REQUIRED")
        out.append(BombMark(seat=seat, event=event, rank=rank))
    return tuple(out)


def _settlement(value: Any, n: int) -> tuple[int, ...]:
    """The settlement as the scorer wrote it: each seat's balance in whole whists."""
    s = read_object(value, "settlement")
    check_fields(s, "settlement", SETTLEMENT_FIELDS)
    if "balances" not in s:
        raise MalformedDocument("settlement.balances", "PREFERANS_BALANCES_REQUIRED")
    balances = s["balances"]
    if type(balances) is not list or len(balances) != n:
        raise MalformedDocument(
            "settlement.balances", "PREFERANS_BALANCES_TYPE", players=n, found=found(balances)
        )
    return tuple(read_int(v, f"settlement.balances[{i}]") for i, v in enumerate(balances))


def _hands(value: Any, path: str, n: int, dealer: int, holder: dict[int, int]) -> tuple[int, ...]:
    """Ten distinct cards per active seat; ``[]`` for the dealer who sits out of four."""
    if type(value) is not list:
        raise MalformedDocument(path, "PREFERANS_HANDS_TYPE", players=n, found=found(value))
    if len(value) != n:
        raise MalformedDocument(path, "PREFERANS_HANDS_COUNT", players=n, count=len(value))
    masks = []
    for seat, raw in enumerate(value):
        hp = f"{path}[{seat}]"
        cards = _cards(raw, hp)
        want = 0 if n == 4 and seat == dealer else HAND_SIZE
        if len(cards) != want:
            if want == 0:
                raise MalformedDocument(hp, "PREFERANS_DEALER_HAND", count=len(cards))
            raise MalformedDocument(hp, "PREFERANS_HAND_SIZE", count=len(cards))
        masks.append(_mask(cards, hp, holder, seat))
    return tuple(masks)


def read_call(text: str) -> tuple[CallKind, Contract | None] | None:
    """``"6S"``, ``"misere"``, ``"pass"``, ``"dark-2"`` → (kind, contract); None when it is no call."""
    t = text.strip().lower()
    if t in ("pass", "пас"):
        return ("pass", None)
    if t == "dark-1":
        return ("dark-1", None)
    if t == "dark-2":
        return ("dark-2", None)
    if t == "dark-3":
        return ("dark-3", None)
    contract = read_contract(text)
    return None if contract is None else ("contract", contract)


def _auction(value: Any, path: str, n: int, dealer: int) -> tuple[Call, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "PREFERANS_AUCTION_TYPE", found=found(value))
    calls = []
    for i, raw in enumerate(value):
        cp = f"{path}[{i}]"
        c = read_object(raw, cp)
        check_fields(c, cp, CALL_FIELDS)
        for key in ("seat", "call"):
            if key not in c:
                raise MalformedDocument(f"{cp}.{key}", "PREFERANS_REQUIRED")
        seat = _seat(c["seat"], f"{cp}.seat", n, dealer)
        read = read_call(c["call"]) if type(c["call"]) is str else None
        if read is None:
            raise MalformedDocument(f"{cp}.call", "PREFERANS_CALL", found=found(c["call"]))
        kind, contract = read
        dark = False if c.get("dark") is None else read_bool(c["dark"], f"{cp}.dark")
        looked = False if c.get("looked") is None else read_bool(c["looked"], f"{cp}.looked")
        if kind in DARK_LEVELS:
            if c.get("dark") is False:
                raise MalformedDocument(f"{cp}.dark", "PREFERANS_DARK_BY_NATURE", call=kind)
            dark = True
        calls.append(Call(seat=seat, kind=kind, contract=contract, dark=dark, looked=looked))
    return tuple(calls)


def _whists(value: Any, path: str, n: int, dealer: int) -> tuple[WhistDecision, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "PREFERANS_WHISTS_TYPE", found=found(value))
    out = []
    for i, raw in enumerate(value):
        wp = f"{path}[{i}]"
        w = read_object(raw, wp)
        check_fields(w, wp, WHIST_FIELDS)
        for key in WHIST_FIELDS:
            if key not in w:
                raise MalformedDocument(f"{wp}.{key}", "PREFERANS_REQUIRED")
        seat = _seat(w["seat"], f"{wp}.seat", n, dealer)
        decision = w["decision"]
        if decision not in WHIST_KINDS:
            raise MalformedDocument(f"{wp}.decision", "PREFERANS_WHIST_DECISION", found=found(decision))
        out.append(WhistDecision(seat=seat, decision=decision))
    return tuple(out)


def _tricks(value: Any, path: str, n: int) -> tuple[int, ...]:
    if type(value) is not list or len(value) != n:
        raise MalformedDocument(path, "PREFERANS_TRICKS_TYPE", players=n, found=found(value))
    counts = tuple(read_int(v, f"{path}[{s}]", 0, TRICKS) for s, v in enumerate(value))
    if sum(counts) > TRICKS:
        raise MalformedDocument(path, "PREFERANS_TRICKS_SUM", total=sum(counts))
    return counts


def _entries(value: Any, path: str, n: int) -> tuple[Entry, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "PREFERANS_ENTRIES_TYPE", found=found(value))
    out = []
    for i, raw in enumerate(value):
        ep = f"{path}[{i}]"
        e = read_object(raw, ep)
        check_fields(e, ep, ENTRY_FIELDS)
        for key in ("seat", "kind", "points"):
            if key not in e:
                raise MalformedDocument(f"{ep}.{key}", "PREFERANS_REQUIRED")
        seat = read_int(e["seat"], f"{ep}.seat", 0, n - 1)
        kind = e["kind"]
        if kind not in ENTRY_KINDS:
            raise MalformedDocument(f"{ep}.kind", "PREFERANS_ENTRY_KIND", found=found(kind))
        points = read_int(e["points"], f"{ep}.points")
        on = None
        if kind == "whist":
            if e.get("on") is None:
                raise MalformedDocument(f"{ep}.on", "PREFERANS_WHIST_ON_REQUIRED")
            on = read_int(e["on"], f"{ep}.on", 0, n - 1)
            if on == seat:
                raise MalformedDocument(f"{ep}.on", "PREFERANS_WHIST_ON_SELF")
        elif e.get("on") is not None:
            if kind == "pool":
                raise MalformedDocument(f"{ep}.on", "PREFERANS_POOL_ENTRY_ON")
            raise MalformedDocument(f"{ep}.on", "PREFERANS_MOUNTAIN_ENTRY_ON")
        out.append(Entry(seat=seat, kind=kind, points=points, on=on))
    return tuple(out)


# -- write -----------------------------------------------------------------------

#: Hands are written spades, clubs, diamonds, hearts (the bidding order), each from the ace down.
_SUIT_ORDER = {0: 0, 3: 1, 2: 2, 1: 3}


def card_names(mask: int) -> list[str]:
    """The cards of a mask as written: ♠ ♣ ♦ ♥, each from the ace down."""
    cards = [c for c in range(52) if mask >> c & 1]
    cards.sort(key=lambda c: (_SUIT_ORDER[SUIT_OF[c]], -RANK_OF[c]))
    return [NAME[c] for c in cards]


def call_text(call: Call) -> str:
    """The call as the document writes its ``call``: ``"7H"``, ``"misere"``, ``"pass"``,
    ``"dark-1"`` (whether it was dark is the ``dark`` member's)."""
    return str(call.contract) if call.kind == "contract" else call.kind


def call_document(call: Call) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": call.seat, "call": call_text(call)}
    if call.dark and call.kind not in DARK_LEVELS:
        out["dark"] = True
    if call.looked:
        out["looked"] = True
    return out


def to_document(log: PreferansLog) -> dict[str, Any]:
    """The canonical document of a log: canonical cards and calls, only the fields given.

    ``parse(to_document(log)) == log`` for every parsed log, and
    ``to_document(parse(doc)) == doc`` for a canonical ``doc``.
    """
    doc: dict[str, Any] = {"game": GAME, "version": VERSION}
    if log.ruleset is not None:
        doc["ruleset"] = log.ruleset
    doc["players"] = list(log.players)
    doc["deals"] = [_deal_document(deal) for deal in log.deals]
    if log.settlement is not None:
        doc["settlement"] = {"balances": list(log.settlement)}
    return doc


def _deal_document(deal: PreferansDeal) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer}
    if deal.hands is not None:
        out["hands"] = [card_names(m) for m in deal.hands]
    if deal.talon_cards is not None:
        out["talon"] = [NAME[c] for c in deal.talon_cards]
    elif deal.talon is not None:
        out["talon"] = card_names(deal.talon)
    out["auction"] = [call_document(c) for c in deal.auction]
    if deal.discard is not None:
        out["discard"] = card_names(deal.discard)
    if deal.contract is not None:
        out["contract"] = str(deal.contract)
    if deal.whists is not None:
        out["whists"] = [{"seat": w.seat, "decision": w.decision} for w in deal.whists]
    if deal.open is not None:
        out["open"] = deal.open
    if deal.play is not None:
        out["play"] = [[NAME[c] for c in trick] for trick in deal.play]
    if deal.claim is not None:
        out["claim"] = deal.claim if isinstance(deal.claim, int) else list(deal.claim)
    if deal.tricks is not None:
        out["tricks"] = list(deal.tricks)
    if deal.entries is not None:
        out["entries"] = [_entry_document(e) for e in deal.entries]
    if deal.bombs is not None:
        out["bombs"] = [_bomb_document(b) for b in deal.bombs]
    if deal.arbiter is not None:
        out["arbiter"] = ruling_document(deal.arbiter)
    return out


def ruling_document(ruling: Ruling[int, tuple[int, ...]]) -> dict[str, Any]:
    """The ruling as the log writes it, canonically (docs/arbiter.md): only the keys given, in
    the table's order, the assigned result as ``{"tricks": [...]}``; the report's ``arbiter``
    member too."""
    return ruling.as_document(int, lambda tricks: {"tricks": list(tricks)})


def _bomb_document(mark: BombMark) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": mark.seat, "event": mark.event}
    if mark.rank is not None:
        out["rank"] = mark.rank
    return out


def _entry_document(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": entry.seat, "kind": entry.kind, "points": entry.points}
    if entry.on is not None:
        out["on"] = entry.on
    return out
