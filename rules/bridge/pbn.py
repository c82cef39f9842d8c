"""PBN 2.1 (Portable Bridge Notation) in and out for rubber bridge, as docs/bridge-pbn.md describes.

:func:`read_pbn` turns one PBN file (one table's session, boards in order)
into the JSON rubber log of docs/bridge-log.md, a plain dict, so PBN and
JSON uploads meet in one model; :func:`write_pbn` writes such a document
back as PBN 2.1 export format. Only what stops a document from being built
is malformed (MalformedDocument naming ``boards[i].Tag``, and the board and
the line among its parameters: rules/bridge/texts.py);
whether the calls and cards are legal is the replay's business, so an
insufficient bid or a card not in hand is read as written.

The PBN Play section lists each trick in fixed seat columns from the
opening leader; the log lists each trick in the order played, from its
leader. Turning one into the other needs each trick's winner, so the
reader plays the tricks with :func:`trick_winner` on rules.cards ints.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.bridge.core import SEATS, STRAIN_LETTERS, SUIT_OF_STRAIN, Contract, Doubling, Seat, Strain
from rules.bridge.texts import ERRORS_TEXTS  # noqa: F401  (registers the refusals' templates)
from rules.cards import CARD_BY_SPELLING, NAME, RANK_OF, RANKS, SUIT_OF, SUITS, CardError, make, parse_card
from rules.errors import MalformedDocument
from rules.jsondoc import RECEIVED
from rules.strict import digits_value
from rules.texts import found as json_found

GAME = "bridge-rubber"
VERSION = 1
#: Mandatory tag set of PBN 2.1 §3.4, in export order.
EXPORT_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
SEAT_TAGS = ("North", "East", "South", "West")
#: PBN 2.1 §4.8: these tags may not inherit a value with "#".
_NO_INHERITANCE = frozenset(
    {"dealer", "vulnerable", "deal", "declarer", "contract", "auction", "play", "note"}
)
_UNKNOWN = ("", "?")


# --------------------------------------------------------------------------------------------
# Tricks


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """The position (0 = the leader) of the card that wins a trick.

    Seed: the play follows the Laws' trick rule — the highest trump wins,
    else the highest card of the suit led (Law 44). ``trump`` is a
    rules.cards suit (S=0 .. C=3) or None at no-trump.
    """
    best = 0
    best_card = cards[0]
    for pos in range(1, len(cards)):
        card = cards[pos]
        suit = SUIT_OF[card]
        if suit == SUIT_OF[best_card]:
            if RANK_OF[card] > RANK_OF[best_card]:
                best, best_card = pos, card
        elif suit == trump:
            best, best_card = pos, card
    return best


# --------------------------------------------------------------------------------------------
# The auction, as far as export and the Play section need it


def _bid(call: str) -> tuple[int, Strain] | None:
    """(level, strain) of a canonical bid such as ``4H``; None for P, X, XX."""
    if call in ("P", "X", "XX"):
        return None
    return int(call[0]), Strain(STRAIN_LETTERS.index(call[1:]))


def _auction_over(calls: Sequence[str]) -> bool:
    """Law 17E: four passes at the start, else three passes after a call."""
    if len(calls) >= 4 and all(c == "P" for c in calls[:4]):
        return True
    return len(calls) >= 4 and any(c != "P" for c in calls) and all(c == "P" for c in calls[-3:])


def _final_contract(calls: Sequence[str], seats: Sequence[int]) -> Contract | None:
    """The contract of a finished auction; None when it was passed out or is not over.

    Seed: «разыгрывающего – того, кто первым объявил козырную масть, даже если
    контракт объявил его партнер» — the declarer is the first of the side to
    name the final strain. A minimal reading for export and for the trump of
    the Play section; the auction module validates and reports.
    """
    if not _auction_over(calls):
        return None
    last: tuple[int, Strain, int] | None = None
    doubling = Doubling.UNDOUBLED
    first_to_name: dict[tuple[int, Strain], int] = {}
    for call, seat in zip(calls, seats, strict=False):
        if call == "X":
            doubling = Doubling.DOUBLED
        elif call == "XX":
            doubling = Doubling.REDOUBLED
        else:
            bid = _bid(call)
            if bid is not None:
                last = (bid[0], bid[1], seat)
                doubling = Doubling.UNDOUBLED
                first_to_name.setdefault((seat % 2, bid[1]), seat)
    if last is None:
        return None
    level, strain, seat = last
    return Contract(level, strain, doubling, Seat(first_to_name[(seat % 2, strain)]))


def _call_seats(length: int, first: int, skipped: Sequence[int]) -> list[int]:
    """The seat of each call: clockwise from ``first``, a turn passing over a skipped seat
    (``^S``) before the 1-based call numbers in ``skipped``."""
    seats = []
    seat = first
    for k in range(1, length + 1):
        seat = (seat + skipped.count(k)) % 4
        seats.append(seat)
        seat = (seat + 1) % 4
    return seats


_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(X{0,2})$", re.IGNORECASE)


def _contract_text(contract: Contract) -> str:
    marks = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}
    return f"{contract.level}{contract.strain.letter}{marks[contract.doubling]}"


def _strain_of_contract(text: str) -> Strain | None:
    m = _CONTRACT.match(text)
    if m is None:
        return None
    letter = m.group(2).upper()
    return Strain(STRAIN_LETTERS.index("NT" if letter == "N" else letter))


# --------------------------------------------------------------------------------------------
# Reading: the lexer


_SCAN = re.compile(
    r"""
    (?P<nl>\r\n|\r|\n)
    |(?P<ws>[ \t\f\v]+)
    |(?P<semi>;[^\r\n]*)
    |(?P<brace>\{[^}]*(?:\}|\Z))
    |(?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s*"(?P<value>(?:[^"\\\r\n]|\\.)*)"\s*\])
    |(?P<string>"(?:[^"\\\r\n]|\\.)*")
    |(?P<chunk>[^\s\[\]{};"]+)
    |(?P<other>.)
    """,
    re.VERBOSE,
)
#: PBN 2.1: in a string the backslash escapes a quote or a backslash, nothing else, so a
#: table header keeps its `Score_NS\6R` as written.
_ESCAPE = re.compile(r'\\([\\"])')
_NEWLINES = re.compile(r"\r\n|\r|\n")
#: Tokens inside a section chunk (§3.2): irregularity, note, NAG, suffix, * and +, call or card.
_SECTION_TOKEN = re.compile(r"\^[A-Za-z]|=\d+=|\$\d+|[!?]{1,2}|[*+]|[A-Za-z0-9-]+")


@dataclass(slots=True)
class _Tag:
    name: str
    value: str
    line: int
    tokens: list[tuple[str, int]] = field(default_factory=list)


@dataclass(slots=True)
class _Game:
    index: int
    line: int
    tags: list[_Tag] = field(default_factory=list)


def _lex(text: str) -> list[_Game]:
    """Split a PBN text into games of tags, each tag with the section tokens after it.

    §3: a semi-empty line (spaces or tabs only) ends a game, except inside a
    brace comment; §2.4: a line beginning with % is a directive, skipped;
    §3.8: ``;`` and ``{...}`` comments are skipped wherever they stand; §3.2
    and §5.2: a string token (``"Ann Smith - Bob Jones"``, a column of a
    supplemental table such as TotalScoreTable) is one token, spaces and all.
    """
    games: list[_Game] = []
    game = _Game(0, 1)
    pos, line, n = 0, 1, len(text)
    line_has_content = False
    at_line_start = True
    current: _Tag | None = None
    while pos < n:
        if at_line_start and text[pos] == "%":
            end = _NEWLINES.search(text, pos)
            pos = n if end is None else end.start()
            line_has_content = True
            at_line_start = False
            continue
        m = _SCAN.match(text, pos)
        assert m is not None  # the last alternative matches any character
        kind = m.lastgroup if m.group("tag") is None else "tag"
        pos = m.end()
        at_line_start = False
        if kind == "nl":
            if not line_has_content and game.tags:
                games.append(game)
                game = _Game(len(games), line + 1)
                current = None
            elif not game.tags:
                game.line = line + 1
            line += 1
            line_has_content = False
            at_line_start = True
            continue
        if kind == "ws":
            continue
        line_has_content = True
        if kind == "semi":
            continue
        if kind == "brace":
            line += len(_NEWLINES.findall(m.group()))
            continue
        if kind == "tag":
            current = _Tag(m.group("name"), _ESCAPE.sub(r"\1", m.group("value")), line)
            game.tags.append(current)
            line += len(_NEWLINES.findall(m.group()))
            continue
        if kind in ("chunk", "string"):
            if current is None:
                raise MalformedDocument(
                    f"boards[{game.index}]",
                    "BRIDGE_PBN_STRAY",
                    board=_lexed_label(text, game, pos),
                    line=line,
                    text=m.group(),
                )
            current.tokens.append((m.group(), line))
            continue
        if m.group() == "[":
            raise MalformedDocument(
                f"boards[{game.index}]", "BRIDGE_PBN_OPEN_TAG", board=_lexed_label(text, game, pos), line=line
            )
        raise MalformedDocument(
            f"boards[{game.index}]",
            "BRIDGE_PBN_UNEXPECTED",
            board=_lexed_label(text, game, pos),
            line=line,
            text=m.group(),
        )
    if game.tags:
        games.append(game)
    return games


_BOARD_TAG = re.compile(r'\[\s*Board\s*"((?:[^"\\\r\n]|\\.)*)"', re.IGNORECASE)
#: The end of a game: a line break, then a line of nothing but spaces and tabs (§3).
_GAME_END = re.compile(r"(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n|\Z)")


def _lexed_label(text: str, game: _Game, pos: int) -> str:
    """The label of the board a lexing refusal falls in: its Board tag, read so far or further
    on in the same game, else its place in the file (as :func:`_resolve` names a board)."""
    value = next((tag.value for tag in game.tags if tag.name.lower() == "board"), None)
    if value is None:
        end = _GAME_END.search(text, pos)
        found = _BOARD_TAG.search(text, pos, len(text) if end is None else end.start())
        value = None if found is None else _ESCAPE.sub(r"\1", found.group(1))
    label = (value or "").strip().removeprefix("##")
    return str(game.index + 1) if label in _UNKNOWN or label.startswith("#") else label


def _section_tokens(chunks: list[tuple[str, int]], path: str, board: str) -> Iterator[tuple[str, int]]:
    for chunk, line in chunks:
        pos = 0
        for m in _SECTION_TOKEN.finditer(chunk):
            if m.start() != pos:
                break
            pos = m.end()
            yield m.group(), line
        if pos != len(chunk):
            raise MalformedDocument(path, "BRIDGE_PBN_UNREADABLE", board=board, line=line, text=chunk[pos:])


# --------------------------------------------------------------------------------------------
# Reading: one board


@dataclass(slots=True)
class _Board:
    """The resolved tags of one game (first occurrence wins, §3.4) and its sections."""

    index: int
    label: str
    line: int  # the line of the board's first tag
    values: dict[str, tuple[str, int]]  # lower-case tag name -> (value, line)
    auction: _Tag | None
    play: _Tag | None

    def path(self, tag: str) -> str:
        return f"boards[{self.index}].{tag}"

    def error(self, tag: str, line: int, code: str, /, **params: Any) -> MalformedDocument:
        """The refusal ``code`` at ``boards[i].Tag``, naming this board and the line."""
        return MalformedDocument(self.path(tag), code, board=self.label, line=line, **params)

    def get(self, name: str) -> tuple[str, int] | None:
        found = self.values.get(name.lower())
        if found is None or found[0].strip() in _UNKNOWN:
            return None
        return found[0].strip(), found[1]


def _resolve(games: list[_Game]) -> list[_Board]:
    """Apply tag value inheritance (§4.8: "#" and "##text") and keep each tag's first value."""
    boards: list[_Board] = []
    previous: dict[str, tuple[str, int]] = {}
    defaults: dict[str, tuple[str, int]] = {}
    for game in games:
        values: dict[str, tuple[str, int]] = {}
        auction = play = None
        for tag in game.tags:
            key = tag.name.lower()
            if key == "note" or key in values:
                continue
            value = tag.value
            if value.startswith("#") and key in _NO_INHERITANCE:
                label = values.get("board", ("", 0))[0] or str(game.index + 1)
                raise MalformedDocument(
                    f"boards[{game.index}].{tag.name}",
                    "BRIDGE_PBN_INHERIT",
                    board=label,
                    line=tag.line,
                    tag=tag.name,
                )
            if value.startswith("##"):
                value = value[2:]
                defaults[key] = (value, tag.line)
            elif value == "#":
                value = previous.get(key, ("", tag.line))[0]
            values[key] = (value, tag.line)
            if key == "auction":
                auction = tag
            elif key == "play":
                play = tag
        for key, inherited in defaults.items():
            values.setdefault(key, inherited)
        previous = values
        label = values.get("board", ("", 0))[0].strip()
        boards.append(_Board(game.index, label or str(game.index + 1), game.line, values, auction, play))
    return boards


def _seat(board: _Board, tag: str, value: str, line: int) -> int:
    letter = value.strip().upper()
    if len(letter) != 1 or letter not in SEATS:
        raise board.error(tag, line, "BRIDGE_PBN_SEAT", tag=tag, value=value)
    return SEATS.index(letter)


def _hands(board: _Board) -> dict[str, list[str]] | None:
    """§3.4.11: ``"<first>:<hand> <hand> <hand> <hand>"`` clockwise from <first>; a hand is
    ``spades.hearts.diamonds.clubs``, ``-`` when not given. Three hands given fix the fourth."""
    found = board.get("Deal")
    if found is None:
        return None
    value, line = found
    first_text, colon, rest = value.partition(":")
    if not colon:
        raise board.error("Deal", line, "BRIDGE_PBN_DEAL_FORMAT", value=value)
    first = _seat(board, "Deal", first_text, line)
    parts = rest.split()
    if len(parts) != 4:
        raise board.error("Deal", line, "BRIDGE_PBN_DEAL_HANDS", count=len(parts))
    holder: dict[int, int] = {}
    hands: dict[int, list[int]] = {}
    for offset, part in enumerate(parts):
        seat = (first + offset) % 4
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise board.error("Deal", line, "BRIDGE_PBN_HAND_SUITS", compass=SEATS[seat], hand=part)
        cards: list[int] = []
        for suit, ranks in enumerate(suits):
            for rank_char in ranks.upper().replace("10", "T"):
                rank = RANKS.find(rank_char)
                if rank < 0:
                    raise board.error(
                        "Deal", line, "BRIDGE_PBN_RANK", compass=SEATS[seat], hand=part, text=rank_char
                    )
                card = make(rank, suit)
                if card in holder:
                    raise board.error(
                        "Deal",
                        line,
                        "BRIDGE_PBN_DEALT_TWICE",
                        card=NAME[card],
                        compass=SEATS[holder[card]],
                        other_compass=SEATS[seat],
                    )
                holder[card] = seat
                cards.append(card)
        if len(cards) != 13:
            raise board.error("Deal", line, "BRIDGE_PBN_HAND_SIZE", compass=SEATS[seat], count=len(cards))
        hands[seat] = cards
    if len(hands) == 3:
        missing = next(s for s in range(4) if s not in hands)
        hands[missing] = [c for c in range(52) if c not in holder]
    return {SEATS[s]: [NAME[c] for c in sorted(hands[s], key=_card_order)] for s in range(4) if s in hands}


def _card_order(card: int) -> tuple[int, int]:
    """Spades first, then hearts, diamonds, clubs; high cards first, as a hand is written."""
    return SUIT_OF[card], -RANK_OF[card]


_CALL_BID = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")
#: The most calls an auction is read with: the log numbers its marks up to call 400
#: (docs/bridge-log.md), and no auction has more than 319 legal calls.
MOST_CALLS = 400


@dataclass(slots=True)
class _Auction:
    calls: list[str]
    seats: list[int]
    start: int
    marks: list[dict[str, Any]]


def _auction(board: _Board, dealer: int | None) -> _Auction | None:
    """§3.5: calls from the Auction tag's seat; ``-`` pads the seats before the first caller,
    ``AP`` passes out the rest, ``*`` and ``+`` end the section, ``^I``/``^S`` mark an
    insufficient bid and a skipped turn (§3.9); notes, suffixes and NAGs are skipped."""
    tag = board.auction
    if tag is None:
        return None
    value = tag.value.strip()
    if value in _UNKNOWN:
        if dealer is None:
            raise board.error("Auction", tag.line, "BRIDGE_PBN_AUCTION_SEAT")
        seat = dealer
    else:
        seat = _seat(board, "Auction", value, tag.line)
    calls: list[str] = []
    seats: list[int] = []
    marks: list[dict[str, Any]] = []
    insufficient = False
    start: int | None = None  # the first turn's seat, after the '-' padding
    for token, line in _section_tokens(tag.tokens, board.path("Auction"), board.label):
        up = token.upper()
        if up in ("*", "+"):
            break
        if token[0] in "=$!?":
            continue
        if up != "-" and start is None:
            start = seat
        if token[0] == "^":
            if up == "^I":
                insufficient = True
            elif up == "^S":
                marks.append({"call": len(calls) + 1, "seat": SEATS[seat], "mark": "S"})
                seat = (seat + 1) % 4
            else:
                raise board.error("Auction", line, "BRIDGE_PBN_AUCTION_MARK", text=token)
            continue
        if up == "-":
            if calls or marks:
                raise board.error("Auction", line, "BRIDGE_PBN_PADDING")
            seat = (seat + 1) % 4
            continue
        if up == "AP":
            over = any(c != "P" for c in calls)
            trailing = 0
            while trailing < len(calls) and calls[-1 - trailing] == "P":
                trailing += 1
            for _ in range(max(0, (3 if over else 4) - trailing)):
                calls.append("P")
                seats.append(seat)
                seat = (seat + 1) % 4
            if len(calls) > MOST_CALLS:
                raise board.error("Auction", line, "BRIDGE_PBN_AUCTION_LONG", count=MOST_CALLS)
            continue
        if up in ("PASS", "P"):
            call = "P"
        elif up in ("X", "XX"):
            call = up
        else:
            m = _CALL_BID.match(up)
            if m is None:
                raise board.error("Auction", line, "BRIDGE_PBN_CALL", text=token)
            call = m.group(1) + ("NT" if m.group(2) == "N" else m.group(2))
        if insufficient:
            marks.append({"call": len(calls) + 1, "seat": SEATS[seat], "mark": "I"})
            insufficient = False
        calls.append(call)
        seats.append(seat)
        seat = (seat + 1) % 4
        if len(calls) > MOST_CALLS:
            raise board.error("Auction", line, "BRIDGE_PBN_AUCTION_LONG", count=MOST_CALLS)
    return _Auction(calls, seats, seat if start is None else start, marks)


_PLAY_CARD = re.compile(r"^([SHDC])(10|[AKQJT2-9])$")


@dataclass(slots=True)
class _Play:
    first: int
    tricks: list[list[str]]
    winners: list[int]
    marks: list[dict[str, Any]]


def _play(board: _Board, first: int, trump: int | None) -> _Play:
    """§3.6: rows of four cards in seat columns from the Play tag's seat; ``-`` no card,
    ``*`` the end, ``^R`` before a card a revoke, ``^L`` a lead out of turn (§3.9, whose
    trick then runs clockwise from that card). Tricks come out in the order played."""
    tag = board.play
    assert tag is not None
    path = board.path("Play")
    cells: list[tuple[int | None, str | None, int]] = []
    mark: str | None = None
    for token, line in _section_tokens(tag.tokens, path, board.label):
        up = token.upper()
        if up == "*":
            break
        if token[0] in "=$!?":
            continue
        if token[0] == "^":
            if up not in ("^R", "^L"):
                raise board.error("Play", line, "BRIDGE_PBN_PLAY_MARK", text=token)
            mark = up[1]
            continue
        if up in ("-", "+"):
            cells.append((None, mark, line))
        else:
            m = _PLAY_CARD.match(up)
            if m is None:
                raise board.error("Play", line, "BRIDGE_PBN_CARD", text=token)
            rank = "T" if m.group(2) == "10" else m.group(2)
            cells.append((make(RANKS.index(rank), SUITS.index(m.group(1))), mark, line))
        mark = None
    while len(cells) % 4:
        cells.append((None, None, cells[-1][2]))
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    if len(rows) > 13:
        raise board.error("Play", rows[13][0][2], "BRIDGE_PBN_TRICKS", count=len(rows))
    tricks: list[list[str]] = []
    winners: list[int] = []
    marks: list[dict[str, Any]] = []
    leader = first
    ended_at: int | None = None
    for number, row in enumerate(rows, start=1):
        known = [cell for cell in row if cell[0] is not None]
        if ended_at is not None:
            if known:
                raise board.error(
                    "Play",
                    known[0][2],
                    "BRIDGE_PBN_AFTER_UNKNOWN_TRICK",
                    trick=number,
                    unknown_trick=ended_at,
                )
            continue
        for column, (_, cell_mark, _) in enumerate(row):
            if cell_mark == "L":
                leader = (first + column) % 4
        order = [(leader + i) % 4 for i in range(4)]
        trick: list[int] = []
        for seat in order:
            card, cell_mark, line = row[(seat - first) % 4]
            if card is None:
                break
            trick.append(card)
            if cell_mark is not None:
                marks.append({"trick": number, "seat": SEATS[seat], "mark": cell_mark})
        if len(trick) < 4:
            rest = [row[(seat - first) % 4] for seat in order[len(trick) :]]
            if any(cell[0] is not None for cell in rest):
                line = next(cell[2] for cell in rest if cell[0] is not None)
                raise board.error("Play", line, "BRIDGE_PBN_AFTER_UNKNOWN_CARD", trick=number)
            ended_at = number
            if trick:
                tricks.append([NAME[c] for c in trick])
            continue
        tricks.append([NAME[c] for c in trick])
        leader = order[trick_winner(trick, trump)]
        winners.append(leader)
    return _Play(first, tricks, winners, marks)


def _result(board: _Board, declarer: int | None) -> int | None:
    """§3.4.15: ``<n>`` tricks by declarer, or ``NS <n>`` / ``EW <n>`` / both; a leading ``^``
    marks a result the players agreed though it differs from the tricks won."""
    found = board.get("Result")
    if found is None:
        return None
    value, line = found
    parts = value.lstrip("^").split()
    by_side: dict[str, int] = {}
    try:
        if len(parts) == 1:
            tricks = int(parts[0])
        else:
            if len(parts) not in (2, 4):
                raise ValueError
            for i in range(0, len(parts), 2):
                side = parts[i].upper()
                if side not in ("NS", "EW"):
                    raise ValueError
                by_side[side] = int(parts[i + 1])
            if declarer is None:
                raise board.error("Result", line, "BRIDGE_PBN_RESULT_SIDE", value=value)
            mine = "NS" if declarer % 2 == 0 else "EW"
            theirs = "EW" if mine == "NS" else "NS"
            tricks = by_side[mine] if mine in by_side else 13 - by_side[theirs]
    except ValueError:
        raise board.error("Result", line, "BRIDGE_PBN_RESULT", value=value) from None
    if not 0 <= tricks <= 13:
        raise board.error("Result", line, "BRIDGE_PBN_TRICKS", count=tricks)
    return tricks


#: ASCII digits, nine at most: ``\d`` would take ``٣`` and any number of digits.
_RUBBER_SCORE = re.compile(r"^([0-9]{1,9})/([0-9]{1,9})$")


def _scores(board: _Board, declarer: int | None) -> dict[str, dict[str, list[int]]] | None:
    """§4.2.5 ScoreRubber ``<above>/<below>`` per side (``NS a/b EW c/d``, one side, or
    declarer's alone) → the deal's ``scores``, one summed entry per side and line."""
    found = board.get("ScoreRubber")
    if found is None:
        return None
    value, line = found
    parts = value.split()
    sides: dict[str, tuple[int, int]] = {}
    pairs: list[tuple[str, str]] = []
    if len(parts) == 1:
        if declarer is None:
            raise board.error("ScoreRubber", line, "BRIDGE_PBN_SCORE_SIDE", value=value)
        pairs = [("NS" if declarer % 2 == 0 else "EW", parts[0])]
    elif len(parts) in (2, 4):
        pairs = [(parts[i].upper(), parts[i + 1]) for i in range(0, len(parts), 2)]
    for side, score in pairs:
        m = _RUBBER_SCORE.match(score)
        if side not in ("NS", "EW") or m is None or side in sides:
            pairs = []
            break
        sides[side] = (int(m.group(1)), int(m.group(2)))
    if not pairs:
        raise board.error("ScoreRubber", line, "BRIDGE_PBN_SCORE", value=value)

    def entries(side: str) -> dict[str, list[int]]:
        above, below = sides.get(side, (0, 0))
        return {"above": [above] if above else [], "below": [below] if below else []}

    return {"we": entries("NS"), "they": entries("EW")}


def _scoring(board: _Board) -> None:
    found = board.get("Scoring")
    if found is None:
        return
    value, line = found
    if value.split(";")[0].strip().lower() != "rubber":
        raise board.error("Scoring", line, "BRIDGE_PBN_SCORING", value=value)


#: The most digits a board number has (PBN 2.1 §3.4.4 sets no bound; a club's boards are few).
BOARD_DIGITS = 9


def _board_number(board: _Board, value: str, line: int) -> int | str:
    """§3.4.4: the board's number; a label that is no number stays a label (``"5a"``, and
    ``"0"``, since the log numbers boards from 1), one written in other digits (``²``, ``٣``)
    or in too many is refused rather than guessed."""
    number = digits_value(value, BOARD_DIGITS)
    if number is not None:
        return number if number >= 1 else value
    if value.isdigit():
        shown = value if len(value) <= 12 else f"{value[:12]}…"
        raise MalformedDocument(
            board.path("Board"), "BRIDGE_PBN_BOARD", board=shown, line=line, count=BOARD_DIGITS
        )
    return value


#: §3.4.10: the Vulnerable tag's values and their other spellings, to the log's words.
VULNERABLE = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}


def _vulnerable(board: _Board) -> str | None:
    """§3.4.10: who is vulnerable as the file says it (None, NS, EW, All; Love and ``-`` for
    None, Both for All). The rubber decides the vulnerability; the replay compares the two."""
    found = board.get("Vulnerable")
    if found is None:
        return None
    value, line = found
    word = VULNERABLE.get(value.lower())
    if word is None:
        raise board.error("Vulnerable", line, "BRIDGE_PBN_VULNERABLE", value=value)
    return word


def _deal(board: _Board, *, rubber: bool = True) -> dict[str, Any]:
    """One board → one deal of the log (docs/bridge-log.md), fields in a fixed order.

    ``rubber=False`` (rules/bridge/pbn_duplicate.py) reads a duplicate board: any Scoring
    tag is taken, and ScoreRubber is not read.

    Whoever else the auction makes declarer, the Declarer tag is the declarer (§3.4: the
    tags of the identification section are the game's record; the Auction section supports
    it): the replay scores the recorded contract and reports the auction's as
    CONTRACT_MISMATCH. The Play tag names the seat that played the first card (§3.6), and
    the log keeps it as ``play_start`` unless that is the recorded declarer's left, so the
    cards are seated from it whatever the auction says.
    """
    if rubber:
        _scoring(board)
    found = board.get("Dealer")
    dealer = None if found is None else _seat(board, "Dealer", *found)
    hands = _hands(board)
    auction = _auction(board, dealer)
    if dealer is None:
        if auction is None or not auction.seats:
            raise board.error("Dealer", board.line, "BRIDGE_PBN_DEALER_REQUIRED")
        dealer = auction.start
    calls = auction.calls if auction else []
    derived = _final_contract(calls, auction.seats) if auction else None
    contract_text: str | None = None
    contract_line = board.line
    found = board.get("Contract")
    if found is not None:
        value, contract_line = found
        m = _CONTRACT.match(value)
        if value.lower() == "pass":
            contract_text = "Pass"
        elif m is None:
            raise board.error("Contract", contract_line, "BRIDGE_PBN_CONTRACT", value=value)
        else:
            letter = m.group(2).upper()
            contract_text = m.group(1) + ("NT" if letter == "N" else letter) + m.group(3).upper()
    marks: list[dict[str, Any]] = list(auction.marks) if auction else []
    declarer: int | None = None
    swapped = False
    found = board.get("Declarer")
    if found is not None:
        value, line = found
        declarer = _seat(board, "Declarer", value.lstrip("^"), line)
        swapped = value.startswith("^")
    if declarer is None and contract_text not in (None, "Pass"):
        # A recorded contract has its declarer (docs/bridge-log.md): the auction's, when the
        # Declarer tag does not say it.
        if derived is None:
            raise board.error(
                "Contract", contract_line, "BRIDGE_PBN_DECLARER_REQUIRED", contract=contract_text
            )
        declarer = derived.declarer
    effective_declarer = declarer if declarer is not None else (derived.declarer if derived else None)

    deal: dict[str, Any] = {}
    found = board.get("Board")
    if found is not None:
        deal["board"] = _board_number(board, *found)
    deal["dealer"] = SEATS[dealer]
    vulnerable = _vulnerable(board)
    if vulnerable is not None:
        deal["vulnerable"] = vulnerable
    if hands is not None:
        deal["hands"] = hands
    deal["auction"] = calls
    if auction is not None and calls and auction.start != dealer:
        deal["auction_start"] = SEATS[auction.start]
    result = _result(board, effective_declarer)
    if board.play is not None and board.play.tokens:
        play = _read_play(board, contract_text, derived, effective_declarer)
        if play.tricks:
            _add_play(deal, play, marks, result, declarer, effective_declarer)
    if result is not None:
        deal["result"] = result
    if contract_text is not None:
        deal["contract"] = contract_text
    if declarer is not None:
        deal["declarer"] = SEATS[declarer]
    if swapped and declarer is not None:
        marks.append({"seat": SEATS[declarer], "mark": "D"})
    if marks:
        deal["irregularities"] = marks
    scores = _scores(board, effective_declarer) if rubber else None
    if scores is not None:
        deal["scores"] = scores
    passed_out = calls == ["P", "P", "P", "P"] or (not calls and contract_text == "Pass")
    if result is None and "play" not in deal and not passed_out:
        # The log scores a deal by its tricks: without a play they are the Result's.
        line = board.values.get("result", ("", board.line))[1]
        raise board.error("Result", line, "BRIDGE_PBN_RESULT_REQUIRED")
    return deal


def _add_play(
    deal: dict[str, Any],
    play: _Play,
    marks: list[dict[str, Any]],
    result: int | None,
    declarer: int | None,
    effective_declarer: int | None,
) -> None:
    """The Play section into the deal: the tricks, the opening leader, and the claim a short
    play with a Result makes.

    A play that stops (``*``, §3.6, or the file's end) is the play so far, whether it stops
    after a complete trick or in the middle of one: with a Result that the tricks left can
    make, the rest is claimed (``claim``); otherwise the tricks stop where the play does, and
    the replay says so (WRONG_CARD_COUNT) and weighs the Result against the tricks left
    (RESULT_MISMATCH). The log keeps a short last trick only before a claim, so a trick
    stopped in the middle without one is left out with its marks, as if the play had
    stopped before it.
    """
    tricks = play.tricks
    complete = len(play.winners)
    claim: int | None = None
    if complete < 13 and result is not None and effective_declarer is not None:
        won = sum(1 for w in play.winners if w % 2 == effective_declarer % 2)
        if 0 <= result - won <= 13 - complete:
            claim = result - won
    if len(tricks) > complete and claim is None:
        tricks = tricks[:complete]
        play.marks[:] = [m for m in play.marks if m["trick"] <= complete]
    if tricks and (declarer is None or play.first != (declarer + 1) % 4):
        deal["play_start"] = SEATS[play.first]
    deal["play"] = tricks
    if claim is not None:
        deal["claim"] = claim
    marks.extend(play.marks)


def _read_play(
    board: _Board, contract_text: str | None, derived: Contract | None, declarer: int | None
) -> _Play:
    """§3.6: the Play tag's seat is the first column of every row and the seat of the
    opening lead; without one (``""``, ``?``), the declarer's left-hand opponent."""
    tag = board.play
    assert tag is not None
    strain = _strain_of_contract(contract_text) if contract_text else None
    if strain is None and derived is not None:
        strain = derived.strain
    if strain is None:
        raise board.error("Play", tag.line, "BRIDGE_PBN_NO_TRUMP")
    value = tag.value.strip()
    if value in _UNKNOWN:
        if declarer is None:
            raise board.error("Play", tag.line, "BRIDGE_PBN_PLAY_LEADER")
        first = (declarer + 1) % 4
    else:
        first = _seat(board, "Play", value, tag.line)
    return _play(board, first, SUIT_OF_STRAIN[strain])


#: Names that name no one: PBN's unknown (``?``) and not given (``""``), and the ``-`` that
#: programs write for an empty seat. Never a player, so never the same player at two seats.
UNKNOWN_NAMES = ("", "?", "-")


def _players(boards: list[_Board]) -> list[str]:
    """The four names [N, E, S, W]: one table of the same four players in the same seats
    throughout; a board that gives another name at a seat, or a name that already sits at
    another seat, is malformed. A seat no board names (§3.4.5-3.4.8: ``?`` unknown, ``""``, or
    ``-``) gets its tag's word, ``"North"``, the msgid the pages translate for that seat."""
    names: list[str | None] = [None] * 4
    since: list[str] = [""] * 4
    for board in boards:
        for seat, tag in enumerate(SEAT_TAGS):
            found = board.values.get(tag.lower())
            if found is None or found[0].strip() in UNKNOWN_NAMES:
                continue
            name, line = found[0].strip(), found[1]
            _check_text(board, tag, name, line)
            known = names[seat]
            elsewhere = [s for s in range(4) if s != seat and names[s] == name]
            if known is None:
                if elsewhere:
                    raise board.error(
                        tag,
                        line,
                        "BRIDGE_PBN_PLAYER_TWICE",
                        tag=tag,
                        name=name,
                        other_tag=SEAT_TAGS[elsewhere[0]],
                        since=since[elsewhere[0]],
                    )
                names[seat] = name
                since[seat] = board.label
            elif name != known:
                raise board.error(
                    tag,
                    line,
                    "BRIDGE_PBN_PLAYER_MOVED" if elsewhere else "BRIDGE_PBN_PLAYER_CHANGED",
                    tag=tag,
                    name=name,
                    known=known,
                    since=since[seat],
                    other_tag=SEAT_TAGS[elsewhere[0]] if elsewhere else None,
                )
    taken = {name for name in names if name is not None}
    out: list[str] = []
    for seat, known_name in enumerate(names):
        word = SEAT_TAGS[seat]
        if known_name is None and word in taken:  # a player really named "North" sits elsewhere
            word = f"{word} (?)"
        out.append(word if known_name is None else known_name)
    return out


def _check_text(board: _Board, tag: str, value: str, line: int) -> None:
    """A tag value the log keeps as text (a name, the event) holds no control character nor
    lone surrogate, which the log refuses (rules/jsondoc.py): refused here at its line."""
    found = RECEIVED.search(value)
    if found is not None:
        raise board.error(tag, line, "BRIDGE_PBN_CONTROL", tag=tag, value=f"U+{ord(found.group()):04X}")


def _decode(text: str | bytes) -> str:
    """UTF-8 (a BOM tolerated); PBN 2.1 §2.2 names ISO 8859-1, read when the bytes are not UTF-8."""
    if isinstance(text, bytes | bytearray):
        try:
            return bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            return bytes(text).decode("latin-1")
    return text.removeprefix("\ufeff")


#: The tags that make a board a result rather than a deal of a hand record.
_RESULT_TAGS = ("Contract", "Declarer", "Result")


def _refuse_hand_record(boards: list[_Board]) -> None:
    """A file of deals only is a hand record (rules.bridge.pbn_duplicate.read_hand_record),
    not a rubber to score: said as such, at its first Deal, rather than as a missing result."""
    if any(board.auction is not None and board.auction.tokens for board in boards):
        return
    if any(board.get(tag) is not None for board in boards for tag in _RESULT_TAGS):
        return
    first = next((b for b in boards if b.get("Deal") is not None), None)
    if first is not None:
        found = first.get("Deal")
        assert found is not None
        raise first.error("Deal", found[1], "BRIDGE_PBN_HAND_RECORD", count=len(boards))


def read_pbn(text: str | bytes, *, ruleset: str | dict[str, Any] = "seed") -> dict[str, Any]:
    """One PBN file (one table's session, its boards in order) → a rubber log document.

    Raises MalformedDocument with ``boards[i].Tag``, the board and the line when a board
    cannot become a deal of the log; legality is left to the replay. What the reader hands
    on is a document :func:`rules.bridge.document.parse` takes, so no refusal of a PBN file
    names the JSON path of the document instead of the board.
    """
    boards = _resolve(_lex(_decode(text)))
    if not boards:
        raise MalformedDocument("boards", "BRIDGE_PBN_NO_BOARD")
    _refuse_hand_record(boards)
    document: dict[str, Any] = {
        "game": GAME,
        "version": VERSION,
        "ruleset": dict(ruleset) if isinstance(ruleset, dict) else ruleset,
        "players": _players(boards),
    }
    event = {}
    for key, tag in (("name", "Event"), ("site", "Site"), ("date", "Date")):
        found, where = next(((f, b) for b in boards if (f := b.get(tag)) is not None), (None, None))
        if found is not None and where is not None:
            _check_text(where, tag, found[0], found[1])
            event[key] = found[0]
    if event:
        document["event"] = event
    deals = []
    for board in boards:
        deal = _deal(board)
        if isinstance(deal.get("board"), str):
            _check_text(board, "Board", deal["board"], board.values["board"][1])
        deals.append(deal)
    document["deals"] = deals
    return document


# --------------------------------------------------------------------------------------------
# Writing


def _quote(value: str) -> str:
    flat = " ".join(str(value).split())
    return flat.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: object) -> str:
    return f'[{name} "{_quote(str(value))}"]'


def _doc_card(value: Any, path: str) -> int:
    if not isinstance(value, str):
        raise MalformedDocument(path, "BRIDGE_EXPORT_CARD", found=json_found(value))
    card = CARD_BY_SPELLING.get(value)
    if card is not None:
        return card
    try:
        return parse_card(value)
    except CardError:
        raise MalformedDocument(path, "BRIDGE_EXPORT_CARD", found=json_found(value)) from None


def _doc_seat(value: Any, path: str) -> int:
    if not isinstance(value, str) or value.upper() not in ("N", "E", "S", "W"):
        raise MalformedDocument(path, "BRIDGE_SEAT", found=json_found(value))
    return SEATS.index(value.upper())


def _doc_call(value: Any, path: str) -> str:
    up = value.strip().upper() if isinstance(value, str) else ""
    if up in ("P", "PASS"):
        return "P"
    if up in ("X", "XX"):
        return up
    m = _CALL_BID.match(up)
    if m is None:
        raise MalformedDocument(path, "BRIDGE_CALL", found=json_found(value))
    return m.group(1) + ("NT" if m.group(2) == "N" else m.group(2))


def _pbn_call(call: str) -> str:
    return "Pass" if call == "P" else call


def _deal_text(deal: dict[str, Any], dealer: int, path: str) -> str:
    hands = deal.get("hands")
    if hands is None:
        return f"{SEATS[dealer]}:- - - -"
    if not isinstance(hands, dict):
        raise MalformedDocument(f"{path}.hands", "BRIDGE_EXPORT_HANDS")
    parts = []
    for offset in range(4):
        seat = SEATS[(dealer + offset) % 4]
        hand = hands.get(seat)
        if hand is None:
            parts.append("-")
            continue
        if not isinstance(hand, list):
            raise MalformedDocument(f"{path}.hands.{seat}", "BRIDGE_EXPORT_HAND")
        cards = [_doc_card(c, f"{path}.hands.{seat}[{i}]") for i, c in enumerate(hand)]
        suits = [
            "".join(RANKS[RANK_OF[c]] for c in sorted(cards, key=_card_order) if SUIT_OF[c] == s)
            for s in range(4)
        ]
        parts.append(".".join(suits))
    return f"{SEATS[dealer]}:" + " ".join(parts)


def _irregularities(deal: dict[str, Any], path: str) -> list[dict[str, Any]]:
    marks = deal.get("irregularities") or []
    if not isinstance(marks, list) or not all(isinstance(m, dict) for m in marks):
        raise MalformedDocument(f"{path}.irregularities", "BRIDGE_EXPORT_MARKS")
    return marks


def _sum_entries(value: Any, path: str) -> int:
    if isinstance(value, bool):
        raise MalformedDocument(path, "BRIDGE_EXPORT_POINTS", found=json_found(value))
    if isinstance(value, int):
        return value
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return sum(value)
    raise MalformedDocument(path, "BRIDGE_EXPORT_POINTS", found=json_found(value))


def _side_points(item: Any, path: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """((we above, we below), (they above, they below)) of a rubber score item or a deal's scores."""
    if not isinstance(item, dict):
        raise MalformedDocument(path, "BRIDGE_EXPORT_SIDES")
    out = []
    for side in ("we", "they"):
        entry = item.get(side, {})
        if not isinstance(entry, dict):
            raise MalformedDocument(f"{path}.{side}", "BRIDGE_EXPORT_LINES")
        out.append(
            (
                _sum_entries(entry.get("above", 0), f"{path}.{side}.above"),
                _sum_entries(entry.get("below", 0), f"{path}.{side}.below"),
            )
        )
    return out[0], out[1]


@dataclass(slots=True)
class _RubberState:
    """The sheet at the start of a deal, as ScoreRubberHistory (§4.2.6) writes it."""

    previous: list[int] = field(default_factory=lambda: [0, 0])
    above: list[int] = field(default_factory=lambda: [0, 0])
    below: list[list[int]] = field(default_factory=lambda: [[0], [0]])
    games: list[int] = field(default_factory=lambda: [0, 0])

    def history(self) -> str:
        def side(s: int) -> str:
            return f"{self.previous[s]} {self.above[s]}/" + " ".join(str(b) for b in self.below[s])

        return f"NS {side(0)} EW {side(1)}"

    def vulnerable(self) -> str:
        return {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
            (self.games[0] > 0, self.games[1] > 0)
        ]

    def add(self, item: dict[str, Any], path: str) -> None:
        we, they = _side_points(item, path)
        games = item.get("games")
        if (
            not isinstance(games, list)
            or len(games) != 2
            or not all(isinstance(g, int) and not isinstance(g, bool) for g in games)
        ):
            raise MalformedDocument(f"{path}.games", "BRIDGE_EXPORT_GAMES")
        gained = [games[0] - self.games[0], games[1] - self.games[1]]
        if min(gained) < 0 or sum(gained) > 1 or max(games) > 2:
            raise MalformedDocument(
                f"{path}.games", "BRIDGE_EXPORT_GAMES_ORDER", games=list(games), previous=list(self.games)
            )
        for s, (above, below) in enumerate((we, they)):
            self.above[s] += above
            self.below[s][-1] += below
        self.games = list(games)
        if max(games) == 2:
            for s in range(2):
                self.previous[s] += self.above[s] + sum(self.below[s])
            self.above, self.below, self.games = [0, 0], [[0], [0]], [0, 0]
        elif sum(gained):
            for s in range(2):
                self.below[s].append(0)


def _score_rubber(we: tuple[int, int], they: tuple[int, int]) -> str:
    return f"NS {we[0]}/{we[1]} EW {they[0]}/{they[1]}"


def write_pbn(document: dict[str, Any], *, rubber_scores: list[dict[str, Any]] | None = None) -> str:
    """A rubber log document → PBN 2.1 export format text (docs/bridge-pbn.md).

    ``rubber_scores``, one item per deal, ``{"we": {"above": n, "below": n}, "they": {...},
    "games": [we, they]}`` (the points this deal wrote, as ints or lists of entries, and the
    games won in the rubber after it), adds ScoreRubber and ScoreRubberHistory and the
    Vulnerable of each board; without it Vulnerable is the deal's recorded ``vulnerable``, or
    "?" (unknown, §3.4).
    """
    if not isinstance(document, dict):
        raise MalformedDocument("", "BRIDGE_EXPORT_DOCUMENT")
    players = document.get("players")
    if not isinstance(players, list) or len(players) != 4 or not all(isinstance(p, str) for p in players):
        raise MalformedDocument("players", "BRIDGE_EXPORT_PLAYERS")
    deals = document.get("deals")
    if not isinstance(deals, list):
        raise MalformedDocument("deals", "BRIDGE_DEALS_LIST", found=json_found(deals))
    if rubber_scores is not None and len(rubber_scores) != len(deals):
        raise MalformedDocument(
            "rubber_scores", "BRIDGE_EXPORT_RUBBER_SCORES", items=len(rubber_scores), deals=len(deals)
        )
    event = document.get("event") or {}
    if not isinstance(event, dict):
        raise MalformedDocument("event", "BRIDGE_EXPORT_EVENT")
    state = _RubberState()
    games = []
    for index, deal in enumerate(deals):
        path = f"deals[{index}]"
        if not isinstance(deal, dict):
            raise MalformedDocument(path, "BRIDGE_EXPORT_DEAL")
        recorded = deal.get("vulnerable")
        vulnerable = recorded if isinstance(recorded, str) and recorded in VULNERABLE.values() else "?"
        history: str | None = None
        score: str | None = None
        if rubber_scores is not None:
            vulnerable = state.vulnerable()
            history = state.history()
            item = rubber_scores[index]
            score = _score_rubber(*_side_points(item, f"rubber_scores[{index}]"))
            state.add(item, f"rubber_scores[{index}]")
        elif deal.get("scores") is not None:
            score = _score_rubber(*_side_points(deal["scores"], f"{path}.scores"))
        games.append(_write_deal(deal, index, document, event, vulnerable, score, history))
    return "% PBN 2.1\n% EXPORT\n" + "\n".join(games)


def _write_deal(
    deal: dict[str, Any],
    index: int,
    document: dict[str, Any],
    event: dict[str, Any],
    vulnerable: str,
    score: str | None,
    history: str | None,
) -> str:
    path = f"deals[{index}]"
    players = document["players"]
    dealer = _doc_seat(deal.get("dealer"), f"{path}.dealer")
    raw_calls = deal.get("auction") or []
    if not isinstance(raw_calls, list):
        raise MalformedDocument(f"{path}.auction", "BRIDGE_AUCTION_LIST", found=json_found(raw_calls))
    calls = [_doc_call(c, f"{path}.auction[{i}]") for i, c in enumerate(raw_calls)]
    start = dealer
    if deal.get("auction_start") is not None:
        start = _doc_seat(deal["auction_start"], f"{path}.auction_start")
    marks = _irregularities(deal, path)
    skipped = [m["call"] for m in marks if m.get("mark") == "S" and isinstance(m.get("call"), int)]
    seats = _call_seats(len(calls), start, skipped)
    derived = _final_contract(calls, seats)
    passed_out = _auction_over(calls) and derived is None

    contract_text = deal.get("contract")
    if contract_text is None:
        contract_text = "Pass" if passed_out else (_contract_text(derived) if derived else None)
    declarer: int | None = None
    if deal.get("declarer") is not None:
        declarer = _doc_seat(deal["declarer"], f"{path}.declarer")
    elif derived is not None:
        declarer = derived.declarer
    passed = contract_text == "Pass"
    strain = _strain_of_contract(contract_text) if isinstance(contract_text, str) else None

    lines: list[str] = []
    body = _play_lines(deal, path, declarer, strain, marks) if deal.get("play") else None
    result = deal.get("result")
    if result is None and body is not None and declarer is not None:
        won, complete = body[1], body[2]
        claim = deal.get("claim")
        if complete == 13:
            result = won
        elif isinstance(claim, int):
            result = won + claim
    swapped = any(m.get("mark") == "D" for m in marks)
    tags = {
        "Event": event.get("name", "?"),
        "Site": event.get("site", "?"),
        "Date": event.get("date", "?"),
        "Board": deal.get("board", index + 1),
        "West": players[3],
        "North": players[0],
        "East": players[1],
        "South": players[2],
        "Dealer": SEATS[dealer],
        "Vulnerable": vulnerable,
        "Deal": _deal_text(deal, dealer, path),
        "Scoring": "Rubber",
        "Declarer": ""
        if passed
        else ("?" if declarer is None else ("^" if swapped else "") + SEATS[declarer]),
        "Contract": "?" if contract_text is None else contract_text,
        "Result": "" if passed else ("?" if result is None else result),
    }
    lines.extend(_tag(name, tags[name]) for name in EXPORT_TAGS)
    if score is not None:
        lines.append(_tag("ScoreRubber", score))
    if history is not None:
        lines.append(_tag("ScoreRubberHistory", history))
    if deal.get("arbiter") is not None:
        lines.append(_ruling_comment(deal["arbiter"]))
    if calls:
        lines.append(_tag("Auction", SEATS[start]))
        lines.extend(_auction_lines(calls, marks, _auction_over(calls)))
    if body is not None:
        lines.extend(body[0])
    return "\n".join(lines) + "\n"


def _ruling_comment(ruling: Any) -> str:
    """The arbiter's ruling on a deal (docs/arbiter.md) as a PBN commentary: PBN has no tag
    for it, so it is written for the reader of the file (``{Arbiter: ...}``, §3.8) and the
    ScoreRubber beside it carries the ruled points; reading the file back drops it."""
    ruling = ruling if isinstance(ruling, dict) else {}
    parts = []
    if ruling.get("annul"):
        parts.append("the deal is annulled")
    score = ruling.get("score")
    if isinstance(score, dict):
        contract = str(score.get("contract", "?"))
        if contract.upper() in ("PASS", "P"):
            parts.append("the deal is scored as passed out")
        else:
            declarer = str(score.get("declarer", "?")).upper()
            parts.append(f"the deal is scored as {contract} by {declarer}, {score.get('result', '?')} tricks")
    for key, what in (("waive", "waived"), ("confirm", "confirmed")):
        seats = ruling.get(key)
        if isinstance(seats, list) and seats:
            parts.append(f"revoke penalty of {', '.join(str(s).upper() for s in seats)} {what}")
    if ruling.get("dispute") is not None:
        parts.append(f"dispute {ruling['dispute']}")
    if isinstance(ruling.get("reason"), str) and ruling["reason"].strip():
        parts.append(f"reason: {ruling['reason']}")
    text = " ".join("; ".join(parts).split()).replace("{", "(").replace("}", ")")
    return "{Arbiter: " + text + "}"


def _auction_lines(calls: list[str], marks: list[dict[str, Any]], over: bool) -> list[str]:
    """Four turns a line; a skipped turn (``^S``) takes its column, ``^I`` precedes its bid."""
    units: list[str] = []
    for k in range(1, len(calls) + 2):
        units.extend("^S" for m in marks if m.get("mark") == "S" and m.get("call") == k)
        if k <= len(calls):
            insufficient = any(m.get("mark") == "I" and m.get("call") == k for m in marks)
            units.append(("^I " if insufficient else "") + _pbn_call(calls[k - 1]))
    if not over:
        units.append("*")
    return [" ".join(units[i : i + 4]) for i in range(0, len(units), 4)]


def _play_lines(
    deal: dict[str, Any], path: str, declarer: int | None, strain: Strain | None, marks: list[dict[str, Any]]
) -> tuple[list[str], int, int]:
    """The Play section (§3.6) from tricks in played order: rows in seat columns from the
    opening leader (declarer's left); returns the lines, tricks won by declarer's side and
    the number of complete tricks."""
    tricks = deal["play"]
    if not isinstance(tricks, list):
        raise MalformedDocument(f"{path}.play", "BRIDGE_EXPORT_PLAY")
    if declarer is None:
        raise MalformedDocument(f"{path}.play", "BRIDGE_EXPORT_LEADER")
    if strain is None:
        raise MalformedDocument(f"{path}.play", "BRIDGE_EXPORT_TRUMP")
    trump = SUIT_OF_STRAIN[strain]
    first = (declarer + 1) % 4
    if deal.get("play_start") is not None:
        first = _doc_seat(deal["play_start"], f"{path}.play_start")
    leader = first
    rows: list[list[str]] = []
    won = complete = 0
    for number, trick in enumerate(tricks, start=1):
        tpath = f"{path}.play[{number - 1}]"
        if not isinstance(trick, list) or not 1 <= len(trick) <= 4:
            raise MalformedDocument(tpath, "BRIDGE_EXPORT_TRICK")
        for m in marks:
            if m.get("mark") == "L" and m.get("trick") == number:
                leader = _doc_seat(m.get("seat"), f"{path}.irregularities")
        cards = [_doc_card(c, f"{tpath}[{i}]") for i, c in enumerate(trick)]
        row = ["-"] * 4
        for pos, card in enumerate(cards):
            seat = (leader + pos) % 4
            prefix = "".join(
                f"^{m['mark']} "
                for m in marks
                if m.get("mark") in ("R", "L") and m.get("trick") == number and m.get("seat") == SEATS[seat]
            )
            row[(seat - first) % 4] = prefix + SUITS[SUIT_OF[card]] + RANKS[RANK_OF[card]]
        rows.append(row)
        if len(cards) == 4:
            leader = (leader + trick_winner(cards, trump)) % 4
            complete += 1
            won += leader % 2 == declarer % 2
        elif number != len(tricks):
            raise MalformedDocument(tpath, "BRIDGE_EXPORT_SHORT_TRICK")
    lines = [_tag("Play", SEATS[first])] + [" ".join(row) for row in rows]
    if complete < 13:
        lines.append("*")
    return lines, won, complete
