"""PBN 2.1 results files of a duplicate pairs session: the §5 tables a scoring program publishes.

:func:`write_results` writes a scored session (rules.duplicate.session.score_session's
travellers and pair scores) as a PBN 2.1 file, one game per board:

- the hand record's tags (Event, Site, Date, Board, Dealer, Vulnerable, Deal, as
  rules.bridge.boards.hand_record_pbn writes them) and ``Scoring`` (``MP``, ``Butler`` or
  ``Cross-IMPs``, PBN 2.1 §3.4.12 and the names scoring programs write);
- the board's traveller as a ``ScoreTable`` (PBN 2.1 §5.3, a table of the board's results):
  one row per table, ``PairId_NS PairId_EW Contract Declarer Result Score_NS Score_EW`` and
  ``MP_NS MP_EW`` (``IMP_NS IMP_EW`` for Butler and cross-IMPs);
- the session's ranking as a ``TotalScoreTable`` (PBN 2.1 §5.4, the event's totals) in the
  first game, after its ScoreTable: ``Rank PairId Names TotalScoreMP TotalPercentage``
  (``TotalScoreIMP`` for the IMP methods), the names quoted.

A table (§5.1) is a tag whose value lists its columns, ``Name\\widthAlign`` separated by
``;`` (``Score_NS\\6R``: six characters wide, right-aligned); each following line is a row,
its values separated by spaces, a value with spaces or ``;`` in it quoted. The writer pads
each value to its column's width (a longer value is written whole) and writes a single
backslash in the header, as the standard's examples do. ``-`` stands where a row has
nothing to say (an adjusted score has no contract; a board passed out no declarer).

Matchpoints, IMPs and percentages are written with two decimals, rounded half away from
zero. Places keep score_session's text with a hyphen ("3-4"), the file being ASCII.

:func:`read_results` reads such a file back: the boards, each board's ScoreTable rows and
the TotalScoreTable rows, each row a dict from column name to the value as written
(padding and quotes removed). A file it reads, :func:`write_tables` writes back byte for
byte. :func:`travellers_from_results` turns its ScoreTables into the tables' own duplicate
logs, so a results file from another program can be imported and replayed. Refusals are MalformedDocument at ``boards[i].Tag`` naming the board and the line
(codes ``BRIDGE_PBN_…``, rules/bridge/texts.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.bridge.boards import PBN_VULNERABLE, Board, _pbn_value, board_tags, dealer_of, vulnerable_of
from rules.bridge.core import SEATS
from rules.bridge.document import hand_names
from rules.bridge.pbn import _NEWLINES, _Board, _decode, _lex, _resolve, _seat, _Tag, _vulnerable
from rules.bridge.pbn_duplicate import _VULNERABLE_SIDES, RecordBoard, _number, _whole_deal
from rules.duplicate.matchpoints import Played
from rules.duplicate.session import PairScore, Traveller
from rules.errors import MalformedDocument

#: The Scoring tag's value for each method of rules.duplicate.session.
SCORING = {"matchpoints": "MP", "butler": "Butler", "cross_imps": "Cross-IMPs"}
#: The width and alignment of each column this module writes (PBN 2.1 §5.1 column format).
COLUMNS: dict[str, tuple[int, str]] = {
    "PairId_NS": (2, "R"),
    "PairId_EW": (2, "R"),
    "Contract": (4, "L"),
    "Declarer": (1, "R"),
    "Result": (2, "R"),
    "Score_NS": (6, "R"),
    "Score_EW": (6, "R"),
    "MP_NS": (5, "R"),
    "MP_EW": (5, "R"),
    "IMP_NS": (6, "R"),
    "IMP_EW": (6, "R"),
    "Rank": (2, "R"),
    "PairId": (2, "R"),
    "Names": (40, "L"),
    "TotalScoreMP": (6, "R"),
    "TotalScoreIMP": (6, "R"),
    "TotalPercentage": (6, "R"),
}
TABLES = ("ScoreTable", "TotalScoreTable")
#: Nothing to write in a column (PBN 2.1 §5).
NONE = "-"

_COLUMN = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)(?:\\([0-9]{1,3})([RL]))?$")
#: A value written without quotes: what the lexer reads as one chunk, and no ``%`` that could
#: stand at the start of a line.
_BARE = re.compile(r'^[^\s\[\]{};"\\%]+$')
_STRING_ESCAPE = re.compile(r'\\([\\"])')


@dataclass(frozen=True, slots=True)
class TableResult:
    """What one table made of a board, beside its score: ``contract`` as PBN writes it
    (``"4H"``, ``"3NTX"``, ``"Pass"``), ``declarer`` a seat letter (``""`` when passed out)
    and ``tricks`` the declarer's tricks (None when passed out)."""

    contract: str
    declarer: str = ""
    tricks: int | None = None


def decimal(value: Fraction | int) -> str:
    """Two decimals, half away from zero: 27.5 → ``"27.50"``, −1/3 → ``"-0.33"``."""
    fraction = Fraction(value)
    hundredths = math.floor(abs(fraction) * 100 + Fraction(1, 2))
    sign = "-" if fraction < 0 and hundredths else ""
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}"


def score_rows(
    travellers: Sequence[Traveller],
    tables: Mapping[tuple[int, int], TableResult],
    *,
    method: str,
) -> dict[int, list[dict[str, str]]]:
    """Each board's ScoreTable rows, board number → rows in the traveller's order.
    ``tables`` maps (board, North–South pair) to what the table made; a row without one
    has ``-`` for the contract, declarer and result."""
    points = ("MP_NS", "MP_EW") if method == "matchpoints" else ("IMP_NS", "IMP_EW")
    out: dict[int, list[dict[str, str]]] = {}
    for traveller in travellers:
        rows = []
        for result, ns, ew in traveller.rows:
            table = tables.get((result.board, result.ns))
            contract = declarer = tricks = NONE
            if table is not None:
                contract = table.contract or NONE
                declarer = table.declarer or NONE
                tricks = NONE if table.tricks is None else str(table.tricks)
            played = result.result if isinstance(result.result, Played) else None
            rows.append(
                {
                    "PairId_NS": str(result.ns),
                    "PairId_EW": str(result.ew),
                    "Contract": contract,
                    "Declarer": declarer,
                    "Result": tricks,
                    "Score_NS": NONE if played is None else str(played.ns_score),
                    "Score_EW": NONE if played is None else str(-played.ns_score),
                    points[0]: decimal(ns),
                    points[1]: decimal(ew),
                }
            )
        out[traveller.board] = rows
    return out


def total_rows(
    pairs: Mapping[int, PairScore], *, names: Mapping[int, str], method: str
) -> list[dict[str, str]]:
    """The TotalScoreTable rows: by place (the first of a shared one), then score, then pair."""

    def order(score: PairScore) -> tuple[int, Fraction, int]:
        first = score.place.replace("–", "-").split("-")[0]
        return (int(first) if first.isdigit() else 0, -score.score, score.pair)

    rows = []
    for score in sorted(pairs.values(), key=order):
        row = {
            "Rank": score.place.replace("–", "-") or NONE,
            "PairId": str(score.pair),
            "Names": names.get(score.pair, ""),
        }
        if method == "matchpoints":
            row["TotalScoreMP"] = decimal(score.total)
            row["TotalPercentage"] = decimal(score.score)
        else:
            row["TotalScoreIMP"] = decimal(score.total)
        rows.append(row)
    return rows


def write_results(
    boards: Sequence[Board],
    travellers: Sequence[Traveller],
    pairs: Mapping[int, PairScore],
    *,
    tables: Mapping[tuple[int, int], TableResult],
    names: Mapping[int, str],
    method: str,
    event: str = "",
    site: str = "",
    date: str = "",
) -> str:
    """A scored session as a PBN 2.1 results file (see the module docstring)."""
    if method not in SCORING:
        raise ValueError(f"no such scoring method: {method!r} (one of {', '.join(SCORING)})")
    return write_tables(
        boards,
        score_rows(travellers, tables, method=method),
        total_rows(pairs, names=names, method=method),
        scoring=SCORING[method],
        event=event,
        site=site,
        date=date,
    )


def _cell(name: str, value: str, columns: Mapping[str, tuple[int, str]]) -> str:
    text = (
        value
        if _BARE.match(value) and name != "Names"
        else '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    )
    width, align = columns.get(name, (0, "L"))
    return text.rjust(width) if align == "R" else text.ljust(width)


def _table_lines(
    tag: str, rows: Sequence[Mapping[str, str]], columns: Mapping[str, tuple[int, str]]
) -> list[str]:
    names = list(rows[0])
    header = []
    for name in names:
        spec = columns.get(name)
        header.append(name if spec is None else f"{name}\\{spec[0]}{spec[1]}")
    lines = [f'[{tag} "{";".join(header)}"]']
    for row in rows:
        if list(row) != names:
            raise ValueError(f"{tag}: every row has the columns {', '.join(names)}")
        lines.append(" ".join(_cell(name, row[name], columns) for name in names).rstrip())
    return lines


def write_tables(
    boards: Sequence[Board],
    rows: Mapping[int, Sequence[Mapping[str, str]]],
    totals: Sequence[Mapping[str, str]],
    *,
    scoring: str,
    event: str = "",
    site: str = "",
    date: str = "",
    columns: Mapping[str, tuple[int, str]] = COLUMNS,
    preamble: Sequence[str] = ("% PBN 2.1",),
) -> str:
    """The file of :func:`write_results` from its parts, as :func:`read_results` gives them:
    each board's game with its ScoreTable (when ``rows`` has rows for it), and the
    TotalScoreTable (when ``totals`` has rows) in the first game. ``columns``: each column's
    width and alignment; ``preamble``: the ``%`` lines the file opens with."""
    lines = [*preamble, ""]
    for index, board in enumerate(boards):
        tags = [*board_tags(board, event=event, site=site, date=date), ("Scoring", scoring)]
        lines.extend(f'[{name} "{_pbn_value(value)}"]' for name, value in tags)
        board_rows = rows.get(board.number) or ()
        if board_rows:
            lines.extend(_table_lines("ScoreTable", board_rows, columns))
        if index == 0 and totals:
            lines.extend(_table_lines("TotalScoreTable", totals, columns))
        lines.append("")
    return "\r\n".join(lines)


# --------------------------------------------------------------------------------------------
# Reading


def _raw_header(text: str, starts: list[int], tag: _Tag) -> str:
    """The table tag's value as the file writes it: the lexer reads ``\\2`` as an escaped
    ``2``, but a table header's backslash is its own (§5.1); only ``\\\\`` and ``\\"`` are
    escapes here."""
    pattern = re.compile(r"\[\s*" + re.escape(tag.name) + r'\s*"((?:[^"\\\r\n]|\\.)*)"')
    found = pattern.search(text, starts[tag.line - 1])
    raw = tag.value if found is None else found.group(1)
    return _STRING_ESCAPE.sub(r"\1", raw)


def _columns(board: _Board, tag: _Tag, header: str) -> list[str]:
    names: list[str] = []
    for column in header.split(";"):
        found = _COLUMN.match(column.strip())
        if found is None:
            raise board.error(tag.name, tag.line, "BRIDGE_PBN_TABLE_COLUMN", tag=tag.name, text=column)
        name = found.group(1)
        if name in names:
            raise board.error(tag.name, tag.line, "BRIDGE_PBN_TABLE_COLUMN_TWICE", tag=tag.name, name=name)
        names.append(name)
    return names


def _value(token: str) -> str:
    if token.startswith('"') and token.endswith('"') and len(token) >= 2:
        return _STRING_ESCAPE.sub(r"\1", token[1:-1])
    return token


def _rows(board: _Board, tag: _Tag, names: list[str]) -> list[dict[str, str]]:
    by_line: dict[int, list[str]] = {}
    for token, line in tag.tokens:
        by_line.setdefault(line, []).append(_value(token))
    rows = []
    for line, values in by_line.items():
        if len(values) != len(names):
            raise board.error(
                tag.name,
                line,
                "BRIDGE_PBN_TABLE_ROW",
                tag=tag.name,
                count=len(values),
                fields=", ".join(names),
            )
        rows.append(dict(zip(names, values, strict=True)))
    return rows


def read_results(
    raw: str | bytes,
) -> tuple[list[Board], dict[int, list[dict[str, str]]], list[dict[str, str]]]:
    """A PBN results file → (its boards in file order, each board's ScoreTable rows by board
    number, the TotalScoreTable rows). A board is a rules.bridge.boards.Board, or a
    rules.bridge.pbn_duplicate.RecordBoard where its Dealer or Vulnerable is not Law 2's.
    A game with no Board and no Deal tag (a final game of totals) is no board. Refused as
    read_hand_record refuses, and: a table column that is not ``Name`` or
    ``Name\\widthAlign``, a column named twice, a row without one value per column, a
    board's ScoreTable or the file's TotalScoreTable given twice."""
    text = _decode(raw)
    games = _lex(text)
    resolved = _resolve(games)
    if not resolved:
        raise MalformedDocument("boards", "BRIDGE_PBN_NO_BOARD")
    starts = [0] + [m.end() for m in _NEWLINES.finditer(text)]
    boards: list[Board] = []
    rows: dict[int, list[dict[str, str]]] = {}
    totals: list[dict[str, str]] = []
    seen: dict[int, int] = {}
    totals_line: int | None = None
    for game, board in zip(games, resolved, strict=True):
        number: int | None = None
        if board.get("Board") is not None or board.get("Deal") is not None:
            number = _number(board)
            line = board.values.get("board", ("", board.line))[1]
            if number in seen:
                raise board.error("Board", line, "BRIDGE_PBN_BOARD_TWICE", first=seen[number])
            seen[number] = line
            hands = _whole_deal(board)
            found = board.get("Dealer")
            dealer = Board(number, hands).dealer if found is None else _seat(board, "Dealer", *found)
            word = _vulnerable(board)
            vulnerable = Board(number, hands).vulnerable if word is None else _VULNERABLE_SIDES[word]
            record = RecordBoard(number, hands, dealer, vulnerable, board.line)
            boards.append(record.board if record.law_dealer and record.law_vulnerable else record)
        score_line: int | None = None
        for tag in game.tags:
            if tag.name.lower() == "scoretable" and number is not None:
                if score_line is not None:
                    raise board.error(
                        tag.name, tag.line, "BRIDGE_PBN_TABLE_TWICE", tag=tag.name, first=score_line
                    )
                score_line = tag.line
                rows[number] = _rows(board, tag, _columns(board, tag, _raw_header(text, starts, tag)))
            elif tag.name.lower() == "totalscoretable":
                if totals_line is not None:
                    raise board.error(
                        tag.name, tag.line, "BRIDGE_PBN_TABLE_TWICE", tag=tag.name, first=totals_line
                    )
                totals_line = tag.line
                totals = _rows(board, tag, _columns(board, tag, _raw_header(text, starts, tag)))
    return boards, rows, totals


__all__ = [
    "COLUMNS",
    "SCORING",
    "TableResult",
    "decimal",
    "read_results",
    "score_rows",
    "total_rows",
    "write_results",
    "write_tables",
]


# -- a results file as the tables' own logs ------------------------------------------------------

#: A pair's two players when the TotalScoreTable gives no names: "№3 (1)", "№3 (2)" — digits
#: and a sign read alike in every language the pages speak.
UNNAMED = "№{pair} ({k})"


def _pair_names(totals: Sequence[Mapping[str, str]]) -> dict[str, tuple[str, str]]:
    """Each pair's two players from the TotalScoreTable's ``Names``, by PairId: ``"Anna;Boris"``
    as PBN 2.1 §5 joins them, or ``"Anna - Boris"`` as some programs write."""
    out: dict[str, tuple[str, str]] = {}
    for row in totals:
        pair, names = row.get("PairId", NONE), row.get("Names", NONE)
        parts = [p.strip() for p in names.split(";" if ";" in names else " - ")] if names != NONE else []
        if pair != NONE and len(parts) == 2 and all(parts) and parts[0] != parts[1]:
            out[pair] = (parts[0], parts[1])
    return out


def _seats(pair: str, names: Mapping[str, tuple[str, str]]) -> tuple[str, str]:
    return names.get(pair, (UNNAMED.format(pair=pair, k=1), UNNAMED.format(pair=pair, k=2)))


def travellers_from_results(raw: str | bytes) -> list[dict[str, object]]:
    """A results file's ScoreTables as duplicate table logs (docs/bridge-duplicate-log.md).

    Each pair of PairId_NS and PairId_EW is one table's round: its rows become one log, its
    boards in file order, with the board's hands, the row's Contract, Declarer, Result
    (tricks) and Score_NS as the written score; the pairs' players are the TotalScoreTable's
    names (North and South the NS pair's first and second, East and West the EW pair's),
    :data:`UNNAMED` where it gives none. A row without a contract (``-``: an adjusted score,
    a board not played) is left out: the file does not say what was assigned.
    """
    boards, rows, totals = read_results(raw)
    hands = {b.number: b for b in boards}
    names = _pair_names(totals)
    tables: dict[tuple[str, str], dict[str, object]] = {}
    for number, board_rows in rows.items():
        board = hands[number]
        for row in board_rows:
            ns, ew, contract = (
                row.get("PairId_NS", NONE),
                row.get("PairId_EW", NONE),
                row.get("Contract", NONE),
            )
            if NONE in (ns, ew, contract):
                continue
            doc = tables.get((ns, ew))
            if doc is None:
                north, south = _seats(ns, names)
                east, west = _seats(ew, names)
                doc = {
                    "game": "bridge-duplicate",
                    "version": 1,
                    "players": [north, east, south, west],
                    "boards": [],
                }
                if ns.isdigit() and ew.isdigit() and ns != ew:
                    doc["pairs"] = {"ns": int(ns), "ew": int(ew)}
                tables[(ns, ew)] = doc
            entry: dict[str, object] = {
                "board": number,
                "hands": {SEATS[s]: hand_names(board.hands[s]) for s in range(4)},
            }
            if board.dealer != dealer_of(number):
                entry["dealer"] = SEATS[board.dealer]
            if board.vulnerable != vulnerable_of(number):
                entry["vulnerable"] = PBN_VULNERABLE[board.vulnerable]
            if contract.upper() in ("PASS", "AP", "P"):
                entry["contract"] = "Pass"
            else:
                entry["contract"] = contract
                entry["declarer"] = row.get("Declarer", NONE)
                entry["result"] = _int(row.get("Result", NONE))
            score = _int(row.get("Score_NS", NONE))
            if score is not None:
                entry["score"] = score
            boards_list = doc["boards"]
            assert isinstance(boards_list, list)
            boards_list.append(entry)
    return list(tables.values())


def _int(value: str) -> int | None:
    text = value.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    return None
