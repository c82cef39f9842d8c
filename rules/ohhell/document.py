"""The game log document (shared/spec/ohhell-log.md), read strictly and written canonically.

:func:`parse` turns a document into a :class:`GameLog` of plain ints and
tuples (cards as ``suit * 13 + rank``) so the replay never touches text,
or raises :class:`~rules.errors.MalformedDocument` naming the JSON path
(``deals[3].tricks[2][1]``) and what is wrong. It is hand-written rather
than a pydantic model: it measured several times faster on trick-heavy
logs (one dict probe per card) with the same paths. Only what stops a
replay is malformed; a bid out of range or a card not in hand is a finding
of the replay, as the spec's table says.

Trickbook reads two fields the spec does not have: ``reneged`` on a
score-sheet-only deal, the seats whose renege was not corrected in time
(docs/ohhell.md, "The `reneged` extension"), and ``arbiter`` on any deal,
the arbiter's ruling (docs/arbiter.md: annul the deal, an adjusted score,
a penalty waived or confirmed). Both are optional, so every document of the
spec reads as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from rules.arbiter import Ruling, read_ruling
from rules.cards import CARD_BY_SPELLING, NAME
from rules.errors import MalformedDocument
from rules.jsondoc import load_json
from rules.ohhell import texts as _texts  # noqa: F401  (registers the OHHELL_ refusal codes)
from rules.ohhell.ruleset import MAX_PLAYERS, MIN_PLAYERS, Ruleset, max_cards, resolve_ruleset
from rules.strict import read_bool, read_card, read_cards, read_int, read_object
from rules.texts import found

GAME = "oh-hell"
VERSION = 1
TOP_FIELDS = ("game", "version", "ruleset", "players", "deals", "totals")
DEAL_FIELDS = (
    "dealer",
    "cards",
    "trump",
    "hands",
    "bids",
    "blind",
    "tricks",
    "taken",
    "scores",
    "events",
    "reneged",
    "arbiter",
)
EVENT_KINDS = ("bid", "play", "take_back", "expose")

_card_by_spelling = CARD_BY_SPELLING.get


class Event(NamedTuple):
    """One thing that happened at the table: ``kind`` is bid/play/take_back/expose;
    ``value`` is the bid, or the card."""

    kind: str
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as logged; seat-indexed tuples, cards as ints, ``None`` where not given."""

    dealer: int
    trump: int | None
    cards: int | None = None
    hands: tuple[tuple[int, ...], ...] | None = None
    bids: tuple[int, ...] | None = None
    blind: tuple[bool, ...] | None = None
    tricks: tuple[tuple[int, ...], ...] | None = None
    taken: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None
    events: tuple[Event, ...] | None = None
    #: Trickbook's extension: on a score-sheet-only deal, the seats that reneged and were
    #: not corrected in time (the deal is annulled); ``None`` on every other deal.
    reneged: tuple[int, ...] | None = None
    #: Trickbook's extension: the arbiter's ruling on the deal (docs/arbiter.md); an adjusted
    #: score is the deal's points per seat.
    arbiter: Ruling[int, tuple[int, ...]] | None = None


@dataclass(frozen=True, slots=True)
class GameLog:
    """A whole game (партия) at one table, ready to replay."""

    players: tuple[str, ...]
    ruleset: Ruleset
    deals: tuple[Deal, ...]
    totals: tuple[int, ...] | None = None
    game: str = GAME
    version: int = VERSION


def parse(raw: bytes | str | dict[str, Any]) -> GameLog:
    """Read a game log strictly; raise MalformedDocument(path, code, **params) if it cannot be
    replayed (the codes' sentences: rules/ohhell/texts.py and rules/texts_read.py)."""
    data = raw if isinstance(raw, dict) else load_json(raw)
    doc = read_object(data, "")
    for key in doc:
        if key not in TOP_FIELDS:
            raise MalformedDocument(key, "OHHELL_UNKNOWN_FIELD", field=key, fields=", ".join(TOP_FIELDS))
    for key in TOP_FIELDS[:5]:
        if key not in doc:
            raise MalformedDocument(key, "OHHELL_REQUIRED")
    game = doc["game"]
    if game != GAME:
        raise MalformedDocument("game", "OHHELL_GAME", game=GAME, found=found(game))
    version = doc["version"]
    if type(version) is not int or version != VERSION:
        raise MalformedDocument("version", "OHHELL_VERSION", found=found(version), version=VERSION)
    players = _players(doc["players"])
    n = len(players)
    ruleset = resolve_ruleset(doc["ruleset"], n)
    raw_deals = doc["deals"]
    if type(raw_deals) is not list:
        raise MalformedDocument("deals", "OHHELL_DEALS_TYPE", found=found(raw_deals))
    deals = tuple(_deal(d, f"deals[{i}]", n) for i, d in enumerate(raw_deals))
    totals = doc.get("totals")
    return GameLog(
        players=players,
        ruleset=ruleset,
        deals=deals,
        totals=None if totals is None else _ints_per_seat(totals, "totals", n),
    )


def _players(value: Any) -> tuple[str, ...]:
    """Seed: "Сколько игроков 3-7": names in seat order, clockwise."""
    if type(value) is not list:
        raise MalformedDocument("players", "OHHELL_PLAYERS_TYPE", found=found(value))
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise MalformedDocument(
            "players", "OHHELL_PLAYERS_COUNT", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(value)
        )
    seen: dict[str, int] = {}
    for seat, name in enumerate(value):
        path = f"players[{seat}]"
        if not isinstance(name, str) or not name.strip():
            raise MalformedDocument(path, "OHHELL_PLAYER_NAME", found=found(name))
        if name in seen:
            raise MalformedDocument(path, "OHHELL_PLAYER_TWICE", name=name, seat_no=seen[name])
        seen[name] = seat
    return tuple(value)


def _seat(value: Any, path: str, n: int) -> int:
    if type(value) is not int:
        raise MalformedDocument(path, "OHHELL_SEAT_TYPE", found=found(value))
    if not 0 <= value < n:
        raise MalformedDocument(path, "OHHELL_SEAT_RANGE", seat_no=value, last_seat_no=n - 1)
    return value


def _ints_per_seat(value: Any, path: str, n: int) -> tuple[int, ...]:
    """Seat-indexed whole numbers (bids, taken, scores, totals)."""
    if type(value) is list and len(value) == n:
        for item in value:
            if type(item) is not int:
                break
        else:
            return tuple(value)
    _seat_list(value, path, n, "numbers")
    for seat, item in enumerate(value):
        if type(item) is not int:
            raise MalformedDocument(f"{path}[{seat}]", "READ_INT", found=found(item))
    raise AssertionError("unreachable")  # pragma: no cover


def _seat_list(value: Any, path: str, n: int, kind: Literal["numbers", "hands", "blind"]) -> list[Any]:
    """One entry per seat: whole numbers, hands or the blind flags (``kind``, for the refusal)."""
    if type(value) is not list:
        if kind == "hands":
            raise MalformedDocument(path, "OHHELL_HANDS_TYPE", found=found(value))
        if kind == "blind":
            raise MalformedDocument(path, "OHHELL_BLIND_TYPE", found=found(value))
        raise MalformedDocument(path, "OHHELL_NUMBERS_TYPE", found=found(value))
    if len(value) != n:
        raise MalformedDocument(path, "OHHELL_SEAT_COUNT", players=n, count=len(value))
    return value


def _deal(value: Any, path: str, n: int) -> Deal:
    """One deal: compact (bids + tricks, or bids + taken) or as events.

    Paths are built only when something is wrong: this runs once per deal.
    """
    d = read_object(value, path)
    for key in d:
        if key not in DEAL_FIELDS:
            raise MalformedDocument(
                f"{path}.{key}", "OHHELL_UNKNOWN_DEAL_FIELD", field=key, fields=", ".join(DEAL_FIELDS)
            )
    get = d.get
    dealer = get("dealer")
    if type(dealer) is not int or not 0 <= dealer < n:
        if "dealer" not in d:
            raise MalformedDocument(f"{path}.dealer", "OHHELL_REQUIRED")
        dealer = _seat(dealer, f"{path}.dealer", n)
    if "trump" not in d:
        raise MalformedDocument(f"{path}.trump", "OHHELL_TRUMP_REQUIRED")
    trump_raw = d["trump"]
    trump = None if trump_raw is None else read_card(trump_raw, f"{path}.trump")
    cards = get("cards")
    if cards is not None and (type(cards) is not int or not 1 <= cards <= max_cards(n)):
        read_int(cards, f"{path}.cards", 1, max_cards(n))
    hands = None
    if get("hands") is not None:
        hp = f"{path}.hands"
        hands = tuple(
            read_cards(h, f"{hp}[{s}]") for s, h in enumerate(_seat_list(d["hands"], hp, n, "hands"))
        )
    blind = None
    if get("blind") is not None:
        bp = f"{path}.blind"
        blind = tuple(
            read_bool(b, f"{bp}[{s}]") for s, b in enumerate(_seat_list(d["blind"], bp, n, "blind"))
        )
    taken = None if get("taken") is None else _ints_per_seat(d["taken"], f"{path}.taken", n)
    scores = None if get("scores") is None else _ints_per_seat(d["scores"], f"{path}.scores", n)
    reneged = None if get("reneged") is None else _reneged(d, path, n, taken is not None)
    arbiter = None if get("arbiter") is None else _arbiter(d["arbiter"], f"{path}.arbiter", n)
    bids = tricks = events = None
    if get("events") is not None:
        for key in ("bids", "tricks"):
            if get(key) is not None:
                raise MalformedDocument(f"{path}.{key}", "OHHELL_EVENTS_AND_COMPACT")
        events = _events(d["events"], f"{path}.events", n)
    else:
        raw_bids = get("bids")
        if raw_bids is None:
            raise MalformedDocument(f"{path}.bids", "OHHELL_BIDS_REQUIRED")
        bids = _ints_per_seat(raw_bids, path + ".bids", n)
        raw_tricks = get("tricks")
        if raw_tricks is not None:
            tricks = _tricks(raw_tricks, path + ".tricks")
        elif taken is None:
            raise MalformedDocument(f"{path}.tricks", "OHHELL_TRICKS_REQUIRED")
    return Deal(
        dealer=dealer,
        trump=trump,
        cards=cards,
        hands=hands,
        bids=bids,
        blind=blind,
        tricks=tricks,
        taken=taken,
        scores=scores,
        events=events,
        reneged=reneged,
        arbiter=arbiter,
    )


def _arbiter(value: Any, path: str, n: int) -> Ruling[int, tuple[int, ...]]:
    """The arbiter's ruling on the deal (docs/arbiter.md); an adjusted ``score`` is the deal's
    points per seat, as a score sheet writes them."""
    return read_ruling(
        value,
        path,
        read_seat=lambda v, p: _seat(v, p, n),
        read_score=lambda v, p: _ints_per_seat(v, p, n),
    )


def _reneged(d: dict[str, Any], path: str, n: int, has_taken: bool) -> tuple[int, ...]:
    """Trickbook's ``reneged``: the distinct seats whose renege was not corrected in time, on a
    score-sheet-only deal (``bids`` and ``taken``). A deal with ``tricks`` or ``events`` shows
    its reneges in its cards, where the replay finds them; the spec has no other way to annul
    a deal ("Если ренонс не был исправлен вовремя, то игра по сдаче аннулируется")."""
    rp = f"{path}.reneged"
    for key in ("tricks", "events"):
        if d.get(key) is not None:
            raise MalformedDocument(rp, "OHHELL_RENEGED_WITH_PLAY", field=key)
    if not has_taken:
        raise MalformedDocument(rp, "OHHELL_RENEGED_WITHOUT_TAKEN")
    value = d["reneged"]
    if type(value) is not list:
        raise MalformedDocument(rp, "OHHELL_RENEGED_TYPE", found=found(value))
    if not value:
        raise MalformedDocument(rp, "OHHELL_RENEGED_EMPTY")
    seen: set[int] = set()
    for i, item in enumerate(value):
        seat = _seat(item, f"{rp}[{i}]", n)
        if seat in seen:
            raise MalformedDocument(f"{rp}[{i}]", "OHHELL_RENEGED_TWICE", seat_no=seat)
        seen.add(seat)
    return tuple(value)


def _tricks(value: Any, path: str) -> tuple[tuple[int, ...], ...]:
    """The tricks of a compact deal, card names to ints; paths only on the error path."""
    if type(value) is not list:
        raise MalformedDocument(path, "READ_TRICKS_TYPE", found=found(value))
    get = _card_by_spelling
    out = []
    try:
        for trick in value:
            cards = tuple(map(get, trick)) if type(trick) is list else (None,)
            if None in cards:
                break
            out.append(cards)
        else:
            return tuple(out)  # type: ignore[arg-type]
    except TypeError:  # an unhashable value (a list or object) where a card should be
        pass
    return tuple([read_cards(trick, f"{path}[{t}]") for t, trick in enumerate(value)])


def _events(value: Any, path: str, n: int) -> tuple[Event, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "OHHELL_EVENTS_TYPE", found=found(value))
    out = []
    for i, raw in enumerate(value):
        ep = f"{path}[{i}]"
        e = read_object(raw, ep)
        if "seat" not in e:
            raise MalformedDocument(f"{ep}.seat", "OHHELL_REQUIRED")
        seat = _seat(e["seat"], f"{ep}.seat", n)
        kinds = [k for k in e if k != "seat"]
        for k in kinds:
            if k not in EVENT_KINDS:
                raise MalformedDocument(
                    f"{ep}.{k}", "OHHELL_UNKNOWN_EVENT", event=k, events=", ".join(EVENT_KINDS)
                )
        if len(kinds) != 1:
            raise MalformedDocument(ep, "OHHELL_EVENT_KINDS", events=", ".join(EVENT_KINDS))
        kind = kinds[0]
        val = read_int(e[kind], f"{ep}.bid") if kind == "bid" else read_card(e[kind], f"{ep}.{kind}")
        out.append(Event(kind, seat, val))
    return tuple(out)


def to_document(log: GameLog) -> dict[str, Any]:
    """The canonical document of a log: canonical card names, only the fields given.

    ``parse(to_document(log)) == log`` for every parsed log, so a stored
    document can be normalised without losing anything the replay uses.
    """
    overrides = log.ruleset.overrides(len(log.players))
    ruleset: Any = {"preset": log.ruleset.preset, **overrides} if overrides else log.ruleset.preset
    doc: dict[str, Any] = {
        "game": log.game,
        "version": log.version,
        "ruleset": ruleset,
        "players": list(log.players),
        "deals": [_deal_document(deal) for deal in log.deals],
    }
    if log.totals is not None:
        doc["totals"] = list(log.totals)
    return doc


def _names(cards: tuple[int, ...]) -> list[str]:
    return [NAME[c] for c in cards]


def _deal_document(deal: Deal) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": deal.dealer}
    if deal.cards is not None:
        out["cards"] = deal.cards
    out["trump"] = None if deal.trump is None else NAME[deal.trump]
    if deal.hands is not None:
        out["hands"] = [_names(h) for h in deal.hands]
    if deal.bids is not None:
        out["bids"] = list(deal.bids)
    if deal.blind is not None:
        out["blind"] = list(deal.blind)
    if deal.tricks is not None:
        out["tricks"] = [_names(t) for t in deal.tricks]
    if deal.taken is not None:
        out["taken"] = list(deal.taken)
    if deal.scores is not None:
        out["scores"] = list(deal.scores)
    if deal.reneged is not None:
        out["reneged"] = list(deal.reneged)
    if deal.arbiter is not None:
        out["arbiter"] = deal.arbiter.as_document(int, list)
    if deal.events is not None:
        out["events"] = [
            {"seat": e.seat, e.kind: e.value if e.kind == "bid" else NAME[e.value]} for e in deal.events
        ]
    return out
