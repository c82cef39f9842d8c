"""The rubber bridge log (docs/bridge-log.md), read strictly and written canonically.

:func:`parse` turns a document into a :class:`BridgeLog` of ints, bit masks
and the shared types of :mod:`rules.bridge.core`, or raises
:class:`~rules.errors.MalformedDocument` naming the JSON path
(``deals[3].auction[5]``, ``deals[0].hands.N[2]``) and what is wrong.

As for Oh Hell, only what stops a replay is malformed. An auction that
breaks the Laws (an insufficient bid, a double of partner's bid, calls
after the auction ended), a card a player did not hold, a revoke or a
result that the play contradicts are findings of the replay
(:mod:`rules.bridge.auction`, :mod:`rules.bridge.play`), not errors here.

Decisions beyond the format page:

- ``hands`` may be partial: a seat left out is not known (PBN writes ``-``
  for such a hand). Each given hand is thirteen distinct cards and no card
  is in two hands; with all four given that makes the 52 cards. In the
  model a hand not given is the mask ``0`` (a real hand is never empty).
- ``play`` holds at most thirteen tricks of one to four cards; only the
  last may have fewer than four cards, and only when a ``claim`` follows
  (play stopped mid-trick). ``claim`` needs ``play`` (``[]`` when the claim
  came before the opening lead).
- ``result`` is required without ``play``, except for a passed-out deal
  (four passes).
- Two optional fields carry what PBN can say and the plain log cannot:
  ``auction_start``, the seat that made the first call when it was not the
  dealer (PBN ``[Auction "E"]``), and ``play_start``, the seat that led the
  first trick when it was not the declarer's left-hand opponent (PBN
  ``[Play "W"]``). They make ``CALL_OUT_OF_ROTATION`` and
  ``LEAD_OUT_OF_TURN`` visible; without them seats follow from the rules.
- ``contract`` and ``declarer`` (PBN's Contract and Declarer tags) are the deal's contract
  when given: the replay plays and scores them and checks the auction against them
  (``CONTRACT_MISMATCH``), as PBN 2.1 §3.4 has the tags as the record; ``vulnerable``
  (PBN's Vulnerable tag, ``"None"``/``"NS"``/``"EW"``/``"All"``) is only checked against
  the rubber's (``VULNERABLE_TAG_DIFFERS``), which decides.
- Calls are read leniently (any case; ``Pass``, ``Dbl``/``Double``,
  ``Rdbl``/``Redouble``; ``N`` for no-trump; suit symbols) and written as
  ``1C``..``7NT``, ``P``, ``X``, ``XX``. Seats are read in any case.
- ``ruleset`` is optional and kept as written (a preset name or an object);
  :mod:`rules.bridge.ruleset` resolves it.
- ``arbiter`` (Trickbook's extension, docs/arbiter.md) is the arbiter's
  ruling on the deal, read by :func:`rules.arbiter.read_ruling` with this
  log's seats (``"N"`` … ``"W"``, any case) and its assigned result
  (:class:`AssignedScore`: a contract as the ``contract`` field spells it,
  its declarer and the declarer's side's tricks). A deal the arbiter
  annulled or scored needs no ``result``: nothing, or the ruling, scores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.arbiter import Ruling, read_ruling
from rules.bridge.core import SEATS, Call, Seat, Side, Strain
from rules.bridge.texts import ERRORS_TEXTS  # noqa: F401  (registers the refusals' templates)
from rules.cards import NAME, RANK_OF, SUIT_OF
from rules.errors import MalformedDocument
from rules.jsondoc import load_json
from rules.strict import (
    check_fields,
    read_cards,
    read_int,
    read_object,
    read_play,
    read_ruleset_field,
)
from rules.texts import found

GAME = "bridge-rubber"
VERSION = 1
TOP_FIELDS = ("game", "version", "ruleset", "event", "players", "deals")
EVENT_FIELDS = ("name", "site", "date")
REQUIRED_TOP = ("game", "version", "players", "deals")
DEAL_FIELDS = (
    "dealer",
    "auction_start",
    "hands",
    "auction",
    "play_start",
    "play",
    "claim",
    "result",
    "irregularities",
    "honours",
    "scores",
    "board",
    "contract",
    "declarer",
    "vulnerable",
    "arbiter",
)
#: The keys of an assigned result (the arbiter's ``score``).
SCORE_FIELDS = ("contract", "declarer", "result")
#: PBN 2.1 irregularity marks: R revoke, S skipped turn, L lead out of turn, I insufficient
#: bid; and D, declarer and dummy swapped (PBN's ``[Declarer "^S"]``).
MARKS = ("R", "S", "L", "I", "D")
IRREGULARITY_FIELDS = ("trick", "call", "seat", "mark")
SIDE_NAMES = ("we", "they")
SCORE_LINES = ("above", "below")
HONOURS_POINTS = (100, 150)
TRICKS = 13
#: The vulnerability a deal records (PBN's Vulnerable tag, §3.4.10): the side or sides that
#: have won a game, as (We, They).
VULNERABLE: dict[str, tuple[bool, bool]] = {
    "None": (False, False),
    "NS": (True, False),
    "EW": (False, True),
    "All": (True, True),
}
VULNERABLE_WORD = {sides: word for word, sides in VULNERABLE.items()}


@dataclass(frozen=True, slots=True)
class SideScores:
    """One side's entries for a deal as written on the sheet, above and below the line."""

    above: tuple[int, ...] = ()
    below: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours as claimed on the sheet: the side that held them and the points (100 or 150)."""

    side: Side
    points: int


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A PBN irregularity mark: ``mark`` R/S/L/I, with the trick and seat when given."""

    mark: str
    trick: int | None = None
    seat: Seat | None = None
    call: int | None = None


@dataclass(frozen=True, slots=True)
class AssignedScore:
    """The result an arbiter assigns to a deal (docs/bridge.md, "The arbiter's rulings").

    ``contract`` is spelled as the log's ``contract`` field is (``"4HX"``; ``"Pass"`` for an
    assigned pass-out, which has no ``declarer`` and no ``result``); ``result`` is the tricks
    taken by the declarer's side, 0 to 13.
    """

    contract: str
    declarer: Seat | None = None
    result: int | None = None


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """One deal as logged; ``None`` where a field was not given.

    ``hands`` are bit masks by :class:`Seat` (``0`` for a hand not logged);
    ``play`` the tricks as card ints in the order played; ``scores`` by
    :class:`Side` (We = North–South first).
    """

    dealer: Seat
    auction: tuple[Call, ...]
    hands: tuple[int, int, int, int] | None = None
    play: tuple[tuple[int, ...], ...] | None = None
    claim: int | None = None
    result: int | None = None
    irregularities: tuple[Irregularity, ...] | None = None
    honours: Honours | None = None
    scores: tuple[SideScores, SideScores] | None = None
    board: int | str | None = None
    auction_start: Seat | None = None
    play_start: Seat | None = None
    contract: str | None = None
    declarer: Seat | None = None
    #: The vulnerability recorded (PBN's Vulnerable tag), by side (We, They): checked against
    #: the rubber's, which decides (VULNERABLE_TAG_DIFFERS).
    vulnerable: tuple[bool, bool] | None = None
    #: Trickbook's extension: the arbiter's ruling on the deal (docs/arbiter.md).
    arbiter: Ruling[Seat, AssignedScore] | None = None


@dataclass(frozen=True, slots=True)
class BridgeLog:
    """A session of rubber bridge at one table: players by seat N, E, S, W, and the deals."""

    players: tuple[str, str, str, str]
    ruleset: str | dict[str, Any] | None
    deals: tuple[BridgeDeal, ...]
    event: dict[str, str] | None = None


# -- calls ---------------------------------------------------------------------

_STRAIN_SPELLINGS: dict[str, Strain] = {
    "C": Strain.CLUBS,
    "♣": Strain.CLUBS,
    "♧": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "♦": Strain.DIAMONDS,
    "♢": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "♥": Strain.HEARTS,
    "♡": Strain.HEARTS,
    "S": Strain.SPADES,
    "♠": Strain.SPADES,
    "♤": Strain.SPADES,
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
}
_OTHER_CALLS: dict[str, Call] = {
    "P": Call("pass"),
    "PASS": Call("pass"),
    "X": Call("double"),
    "DBL": Call("double"),
    "DOUBLE": Call("double"),
    "XX": Call("redouble"),
    "RDBL": Call("redouble"),
    "REDOUBLE": Call("redouble"),
}


def _call_spellings() -> dict[str, Call]:
    table = dict(_OTHER_CALLS)
    for level in range(1, 8):
        for text, strain in _STRAIN_SPELLINGS.items():
            table[f"{level}{text}"] = Call("bid", level, strain)
    return table


#: Every accepted spelling (upper case, no spaces) to its call.
CALL_BY_SPELLING: dict[str, Call] = _call_spellings()


def read_call(text: str) -> Call | None:
    """The call a string names (``"1nt"``, ``"Pass"``, ``"XX"``, ``"4♠"``), or ``None``."""
    return CALL_BY_SPELLING.get(text.strip().upper().replace(" ", ""))


# -- parse -----------------------------------------------------------------------


def parse(raw: bytes | str | dict[str, Any]) -> BridgeLog:
    """Read a rubber bridge log strictly; raise MalformedDocument(path, code, **params) if it
    cannot be replayed (the codes' sentences: rules/bridge/texts.py)."""
    data = raw if isinstance(raw, dict) else load_json(raw)
    doc = read_object(data, "")
    for key in doc:
        if key not in TOP_FIELDS:
            raise MalformedDocument(key, "BRIDGE_UNKNOWN_FIELD", field=key, fields=", ".join(TOP_FIELDS))
    for key in REQUIRED_TOP:
        if key not in doc:
            raise MalformedDocument(key, "BRIDGE_REQUIRED")
    game = doc["game"]
    if game != GAME:
        raise MalformedDocument("game", "BRIDGE_GAME", game=GAME, found=found(game))
    version = doc["version"]
    if type(version) is not int or version != VERSION:
        raise MalformedDocument("version", "BRIDGE_VERSION", found=found(version), version=VERSION)
    players = _players(doc["players"])
    ruleset = read_ruleset_field(doc.get("ruleset"))
    event = None if doc.get("event") is None else _event(doc["event"])
    raw_deals = doc["deals"]
    if type(raw_deals) is not list:
        raise MalformedDocument("deals", "BRIDGE_DEALS_LIST", found=found(raw_deals))
    deals = tuple(_deal(d, f"deals[{i}]") for i, d in enumerate(raw_deals))
    return BridgeLog(players=players, ruleset=ruleset, deals=deals, event=event)


def _event(value: Any) -> dict[str, str]:
    """Where and when the session was played, as PBN's Event, Site and Date tags give it."""
    d = read_object(value, "event")
    check_fields(d, "event", EVENT_FIELDS)
    for key, text in d.items():
        if type(text) is not str:
            raise MalformedDocument(f"event.{key}", "BRIDGE_EVENT_TEXT", found=found(text))
    return dict(d)


def read_contract(text: str) -> str | None:
    """A recorded contract ("4HX", "3NT", "Pass") in canonical form; None when it names none."""
    t = text.strip().upper().replace("N", "NT").replace("NTT", "NT")
    if t in ("PASS", "P"):
        return "Pass"
    doubling = len(t) - len(t.rstrip("X"))
    body = t.rstrip("X")
    call = read_call(body)
    if call is None or call.kind != "bid" or doubling > 2:
        return None
    return f"{call}{'X' * doubling}"


def _players(value: Any) -> tuple[str, str, str, str]:
    """Four names in the order N, E, S, W; North–South are We."""
    if type(value) is not list:
        raise MalformedDocument("players", "BRIDGE_PLAYERS_LIST", found=found(value))
    if len(value) != 4:
        raise MalformedDocument("players", "BRIDGE_PLAYERS_COUNT", count=len(value))
    seen: dict[str, int] = {}
    for seat, name in enumerate(value):
        path = f"players[{seat}]"
        if not isinstance(name, str) or not name.strip():
            raise MalformedDocument(path, "BRIDGE_PLAYER_NAME", found=found(name))
        if name in seen:
            raise MalformedDocument(path, "BRIDGE_PLAYER_TWICE", name=name, compass=SEATS[seen[name]])
        seen[name] = seat
    return (value[0], value[1], value[2], value[3])


def _seat(value: Any, path: str) -> Seat:
    if type(value) is str and value.strip().upper() in ("N", "E", "S", "W"):
        return Seat.of(value.strip().upper())
    raise MalformedDocument(path, "BRIDGE_SEAT", found=found(value))


def _deal(value: Any, path: str) -> BridgeDeal:
    d = read_object(value, path)
    check_fields(d, path, DEAL_FIELDS)
    get = d.get
    if "dealer" not in d:
        raise MalformedDocument(f"{path}.dealer", "BRIDGE_REQUIRED")
    dealer = _seat(d["dealer"], f"{path}.dealer")
    auction_start = (
        None if get("auction_start") is None else _seat(d["auction_start"], f"{path}.auction_start")
    )
    play_start = None if get("play_start") is None else _seat(d["play_start"], f"{path}.play_start")
    hands = None if get("hands") is None else _hands(d["hands"], f"{path}.hands")
    contract = None
    if get("contract") is not None:
        raw_contract = d["contract"]
        contract = read_contract(raw_contract) if type(raw_contract) is str else None
        if contract is None:
            raise MalformedDocument(f"{path}.contract", "BRIDGE_CONTRACT", found=found(raw_contract))
    declarer = None if get("declarer") is None else _seat(d["declarer"], f"{path}.declarer")
    if contract not in (None, "Pass") and declarer is None:
        raise MalformedDocument(f"{path}.declarer", "BRIDGE_DECLARER_REQUIRED")
    if "auction" not in d:
        raise MalformedDocument(f"{path}.auction", "BRIDGE_AUCTION_REQUIRED")
    auction = _auction(d["auction"], f"{path}.auction")
    claim = None if get("claim") is None else read_int(d["claim"], f"{path}.claim", 0, TRICKS)
    play = (
        None
        if get("play") is None
        else read_play(
            d["play"],
            f"{path}.play",
            tricks=TRICKS,
            cards_per_trick=4,
            claimed=claim is not None,
        )
    )
    if claim is not None and play is None:
        raise MalformedDocument(f"{path}.claim", "BRIDGE_CLAIM_WITHOUT_PLAY")
    if play_start is not None and play is None:
        raise MalformedDocument(f"{path}.play_start", "BRIDGE_PLAY_START_WITHOUT_PLAY")
    result = None if get("result") is None else read_int(d["result"], f"{path}.result", 0, TRICKS)
    arbiter = None if get("arbiter") is None else _arbiter(d["arbiter"], f"{path}.arbiter")
    passed_out = (len(auction) == 4 and all(c.kind == "pass" for c in auction)) or (
        not auction and contract == "Pass"
    )
    ruled = arbiter is not None and (arbiter.annul or arbiter.score is not None)
    if result is None and play is None and not passed_out and not ruled:
        raise MalformedDocument(f"{path}.result", "BRIDGE_RESULT_REQUIRED")
    irregularities = (
        None
        if get("irregularities") is None
        else _irregularities(d["irregularities"], f"{path}.irregularities")
    )
    honours = None if get("honours") is None else _honours(d["honours"], f"{path}.honours")
    scores = None if get("scores") is None else _scores(d["scores"], f"{path}.scores")
    board = None if get("board") is None else _board(d["board"], f"{path}.board")
    vulnerable = None if get("vulnerable") is None else _vulnerable(d["vulnerable"], f"{path}.vulnerable")
    return BridgeDeal(
        dealer=dealer,
        auction=auction,
        hands=hands,
        play=play,
        claim=claim,
        result=result,
        irregularities=irregularities,
        honours=honours,
        scores=scores,
        board=board,
        auction_start=auction_start,
        play_start=play_start,
        contract=contract,
        declarer=declarer,
        vulnerable=vulnerable,
        arbiter=arbiter,
    )


def _arbiter(value: Any, path: str) -> Ruling[Seat, AssignedScore]:
    """The arbiter's ruling on the deal (docs/arbiter.md) with this log's seats and results."""
    return read_ruling(value, path, read_seat=_seat, read_score=_assigned_score)


def _assigned_score(value: Any, path: str) -> AssignedScore:
    """An assigned result: ``{"contract": "4HX", "declarer": "S", "result": 9}``, or
    ``{"contract": "Pass"}``; a contract that is not one is malformed (docs/arbiter.md)."""
    s = read_object(value, path)
    check_fields(s, path, SCORE_FIELDS)
    if "contract" not in s:
        raise MalformedDocument(f"{path}.contract", "BRIDGE_ASSIGNED_CONTRACT_REQUIRED")
    raw = s["contract"]
    contract = read_contract(raw) if type(raw) is str else None
    if contract is None:
        raise MalformedDocument(f"{path}.contract", "BRIDGE_CONTRACT", found=found(raw))
    if contract == "Pass":
        for key in ("declarer", "result"):
            if key in s:
                raise MalformedDocument(f"{path}.{key}", "BRIDGE_ASSIGNED_PASS_OUT")
        return AssignedScore(contract)
    for key in ("declarer", "result"):
        if key not in s:
            raise MalformedDocument(f"{path}.{key}", "BRIDGE_ASSIGNED_REQUIRED", contract=contract)
    declarer = _seat(s["declarer"], f"{path}.declarer")
    result = read_int(s["result"], f"{path}.result", 0, TRICKS)
    return AssignedScore(contract, declarer, result)


def assigned_score_document(score: AssignedScore) -> dict[str, Any]:
    """An assigned result as the log writes it (canonical: the contract's own spelling)."""
    out: dict[str, Any] = {"contract": score.contract}
    if score.declarer is not None:
        out["declarer"] = SEATS[score.declarer]
    if score.result is not None:
        out["result"] = score.result
    return out


def arbiter_document(ruling: Ruling[Seat, AssignedScore]) -> dict[str, Any]:
    """A ruling as the log writes it and the report echoes it (``"N"`` … ``"W"`` seats)."""
    return ruling.as_document(SEATS.__getitem__, assigned_score_document)


def _hands(value: Any, path: str) -> tuple[int, int, int, int]:
    """Thirteen distinct cards per seat given; no card in two hands; seats left out unknown."""
    hands = read_object(value, path)
    masks = [0, 0, 0, 0]
    holder: dict[int, str] = {}
    given: set[str] = set()
    for key, raw in hands.items():
        hp = f"{path}.{key}"
        seat = key.upper()
        if seat not in ("N", "E", "S", "W"):
            raise MalformedDocument(hp, "BRIDGE_HAND_SEAT", key=key)
        if seat in given:
            raise MalformedDocument(hp, "BRIDGE_HAND_TWICE", compass=seat)
        given.add(seat)
        cards = read_cards(raw, hp)
        if len(cards) != TRICKS:
            raise MalformedDocument(hp, "BRIDGE_HAND_SIZE", count=len(cards))
        mask = 0
        for j, card in enumerate(cards):
            if card in holder:
                if holder[card] == seat:
                    raise MalformedDocument(f"{hp}[{j}]", "BRIDGE_CARD_TWICE_IN_HAND", card=NAME[card])
                raise MalformedDocument(
                    f"{hp}[{j}]", "BRIDGE_CARD_IN_TWO_HANDS", card=NAME[card], compass=holder[card]
                )
            holder[card] = seat
            mask |= 1 << card
        masks[SEATS.index(seat)] = mask
    return (masks[0], masks[1], masks[2], masks[3])


def _auction(value: Any, path: str) -> tuple[Call, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "BRIDGE_AUCTION_LIST", found=found(value))
    calls = []
    for i, raw in enumerate(value):
        call = read_call(raw) if type(raw) is str else None
        if call is None:
            raise MalformedDocument(f"{path}[{i}]", "BRIDGE_CALL", found=found(raw))
        calls.append(call)
    return tuple(calls)


def _irregularities(value: Any, path: str) -> tuple[Irregularity, ...]:
    if type(value) is not list:
        raise MalformedDocument(path, "BRIDGE_MARKS_LIST", found=found(value))
    out = []
    for i, raw in enumerate(value):
        ip = f"{path}[{i}]"
        item = read_object(raw, ip)
        check_fields(item, ip, IRREGULARITY_FIELDS)
        mark = item.get("mark")
        if type(mark) is not str or mark.upper() not in MARKS:
            raise MalformedDocument(
                f"{ip}.mark", "BRIDGE_CHOICE", choices=", ".join(MARKS), found=found(mark)
            )
        trick = None if item.get("trick") is None else read_int(item["trick"], f"{ip}.trick", 1, TRICKS)
        call = None if item.get("call") is None else read_int(item["call"], f"{ip}.call", 1, 400)
        seat = None if item.get("seat") is None else _seat(item["seat"], f"{ip}.seat")
        out.append(Irregularity(mark=mark.upper(), trick=trick, seat=seat, call=call))
    return tuple(out)


def _side(value: Any, path: str) -> Side:
    if type(value) is str and value.lower() in SIDE_NAMES:
        return Side(SIDE_NAMES.index(value.lower()))
    raise MalformedDocument(path, "BRIDGE_SIDE", found=found(value))


def _honours(value: Any, path: str) -> Honours:
    h = read_object(value, path)
    check_fields(h, path, ("side", "points"))
    for key in ("side", "points"):
        if key not in h:
            raise MalformedDocument(f"{path}.{key}", "BRIDGE_REQUIRED")
    side = _side(h["side"], f"{path}.side")
    points = h["points"]
    if type(points) is not int or points not in HONOURS_POINTS:
        raise MalformedDocument(f"{path}.points", "BRIDGE_HONOURS_POINTS", found=found(points))
    return Honours(side=side, points=points)


def _scores(value: Any, path: str) -> tuple[SideScores, SideScores]:
    """Per side (``we``, ``they``) the entries above and below the line; a side or a line
    left out has no entries."""
    s = read_object(value, path)
    check_fields(s, path, SIDE_NAMES)
    sides = []
    for name in SIDE_NAMES:
        sp = f"{path}.{name}"
        if s.get(name) is None:
            sides.append(SideScores())
            continue
        lines = read_object(s[name], sp)
        check_fields(lines, sp, SCORE_LINES)
        entries = []
        for line in SCORE_LINES:
            lp = f"{sp}.{line}"
            raw = lines.get(line, [])
            if type(raw) is not list:
                raise MalformedDocument(lp, "BRIDGE_POINTS_LIST", found=found(raw))
            entries.append(tuple(read_int(v, f"{lp}[{j}]", 0) for j, v in enumerate(raw)))
        sides.append(SideScores(above=entries[0], below=entries[1]))
    return (sides[0], sides[1])


def _vulnerable(value: Any, path: str) -> tuple[bool, bool]:
    """``"None"``, ``"NS"``, ``"EW"`` or ``"All"`` (any case), as PBN's Vulnerable tag says."""
    if type(value) is str:
        for word, sides in VULNERABLE.items():
            if value.strip().lower() == word.lower():
                return sides
    raise MalformedDocument(path, "BRIDGE_CHOICE", choices=", ".join(VULNERABLE), found=found(value))


def _board(value: Any, path: str) -> int | str:
    if type(value) is int:
        return read_int(value, path, 1)
    if type(value) is str and value.strip():
        return value
    raise MalformedDocument(path, "BRIDGE_BOARD", found=found(value))


# -- write -----------------------------------------------------------------------


def hand_names(mask: int) -> list[str]:
    """A hand as written: spades, hearts, diamonds, clubs, each from the ace down."""
    cards = [c for c in range(52) if mask >> c & 1]
    cards.sort(key=lambda c: (SUIT_OF[c], -RANK_OF[c]))
    return [NAME[c] for c in cards]


def to_document(log: BridgeLog) -> dict[str, Any]:
    """The canonical document of a log: canonical cards, calls and seats, only the fields given.

    ``parse(to_document(log)) == log`` for every parsed log, and
    ``to_document(parse(doc)) == doc`` for a canonical ``doc``.
    """
    doc: dict[str, Any] = {"game": GAME, "version": VERSION}
    if log.ruleset is not None:
        doc["ruleset"] = log.ruleset
    if log.event is not None:
        doc["event"] = dict(log.event)
    doc["players"] = list(log.players)
    doc["deals"] = [_deal_document(deal) for deal in log.deals]
    return doc


def _deal_document(deal: BridgeDeal) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": SEATS[deal.dealer]}
    if deal.auction_start is not None:
        out["auction_start"] = SEATS[deal.auction_start]
    if deal.hands is not None:
        out["hands"] = {SEATS[s]: hand_names(m) for s, m in enumerate(deal.hands) if m}
    out["auction"] = [str(c) for c in deal.auction]
    if deal.play_start is not None:
        out["play_start"] = SEATS[deal.play_start]
    if deal.play is not None:
        out["play"] = [[NAME[c] for c in trick] for trick in deal.play]
    if deal.claim is not None:
        out["claim"] = deal.claim
    if deal.result is not None:
        out["result"] = deal.result
    if deal.irregularities is not None:
        out["irregularities"] = [_irregularity_document(i) for i in deal.irregularities]
    if deal.honours is not None:
        out["honours"] = {"side": SIDE_NAMES[deal.honours.side], "points": deal.honours.points}
    if deal.scores is not None:
        out["scores"] = {
            name: {"above": list(s.above), "below": list(s.below)}
            for name, s in zip(SIDE_NAMES, deal.scores, strict=True)
        }
    if deal.board is not None:
        out["board"] = deal.board
    if deal.contract is not None:
        out["contract"] = deal.contract
    if deal.declarer is not None:
        out["declarer"] = SEATS[deal.declarer]
    if deal.vulnerable is not None:
        out["vulnerable"] = VULNERABLE_WORD[deal.vulnerable]
    if deal.arbiter is not None:
        out["arbiter"] = arbiter_document(deal.arbiter)
    return out


def _irregularity_document(item: Irregularity) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if item.trick is not None:
        out["trick"] = item.trick
    if item.call is not None:
        out["call"] = item.call
    if item.seat is not None:
        out["seat"] = SEATS[item.seat]
    out["mark"] = item.mark
    return out
