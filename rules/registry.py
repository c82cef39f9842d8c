"""Game key -> rules module, and reading a document whatever its game.

The Django apps reach a game's rules only through here, so adding a game
means adding a package under rules/ and one line below; games and
tournaments never special-case a game. Modules are imported lazily so a
script using one game does not pay for the others.

The protocol: every rules module offers the same names, and the apps call
nothing else (docs/architecture.md lists them too).

Reading and replaying

- ``parse(document) -> log`` (raising MalformedDocument); ``log.players`` in
  the document's seat order;
- ``replay(log) -> report`` (with ``as_dict()`` and ``status``); the report
  dict has ``ruleset`` (resolved), ``totals``, ``deals`` and ``findings``. The
  apps replay through :func:`replay` here, and read through :func:`read` and
  :func:`read_named`, so that a failure of a game's rules that is no refusal of the
  document is a refusal all the same (``LOG_READER_FAILED``, ``LOG_REPLAY_FAILED``,
  the failure chained as its cause) and a log is never lost with a server error;
- ``to_document(log) -> dict``: the canonical JSON document of a log; its
  ``ruleset`` field is what :func:`resolve_ruleset` reads back;
- ``ENGINE_VERSION``;
- ``rules.<game>.texts.TEXTS``: the English template of each finding, by
  code or ``code/form`` (rules/texts.py; :func:`texts`), which the apps
  translate so a finding is said in the reader's language;
- ``read_file(raw, ruleset=...) -> document`` for the games named in
  :data:`FILE_TYPES` (a format that carries no ruleset of ours, like PBN).

Tables and rulesets

- ``TABLE_SIZES: tuple[int, ...]``: the numbers of players a table of the
  game seats (Oh Hell 3..7; rubber bridge 4);
- ``PRESETS``: the named rulesets, the first one the default;
- ``resolve_ruleset(value, players) -> Ruleset`` (``.preset``,
  ``.as_dict()``): a document's ``ruleset`` (a preset name or ``{preset,
  options}``) for a table of ``players``; MalformedDocument when the value
  or the table size is wrong.

What a game's results are (for storage, standings and ratings)

- ``seat_results(report_dict) -> list[SeatResult]``: per seat, in the
  document's seat order, what the seat scored: its ``total``, the
  ``contracts_made`` counted for it and its ``whists`` (None where the game
  has no such thing);
- ``SEAT_RESULTS: tuple[str, ...]``: the SeatResult fields the game fills,
  so a tournament knows which standings methods and tie-breaks mean
  something for it (``"whists"`` only where there are whists);
- ``teams(players) -> tuple[tuple[int, ...], ...]``: the seats that share
  one result, each a team (Oh Hell: every seat alone; rubber bridge: the
  partnerships, seats 0 and 2 — North–South — and 1 and 3 — East–West).
  Ratings rate these teams; a table's log must keep the table's teams;
- ``deal_rows(report_dict) -> list[DealRow]``: the per-deal, per-seat rows
  of bids and tricks taken that player statistics aggregate (games.DealSeat).
  A game without per-seat bids (rubber bridge: one contract per deal, for a
  side) gives none, rather than squeezing its deals into those columns;
- ``SEAT_DEAL_ROWS: bool``: whether ``deal_rows`` gives rows, so the
  bid-and-taken statistics read only the games that have them
  (:func:`games_with_deal_rows`).

Analytics

- ``analytics(game) -> module``: the game's ``rules.<game>.analytics``
  (:func:`analytics` lists its names); the stored rows behind the luck and
  skill figures of the pages (games.analytics).

Printing

- ``blank_sheet(ruleset, players) -> dict``: what the blank paper score
  sheet of one table shows (``players`` the names in seat order); the page
  renders it with the template ``tournaments/sheets/<game key>.html``.

Pages (games/pages: the templates ``games/sheets/<game key>.html`` and
``games/deals/<game key>.html``)

- ``walkthrough(log, deal) -> object``: one deal as the table saw it, for
  the deal page (IndexError for no such deal); shaped for its template by
  the game's entry in ``games.pages.replay.DEALS``;
- optional ``paper_sheet(report_dict, recorded)`` (rubber bridge): the
  score sheet as drawn on paper, read by the game's entry in
  ``games.pages.game.SHEETS``;
- optional ``export_pbn([(document, report_dict), ...], event=...) -> str``:
  the games as one PBN file; the game and tournament PBN downloads exist
  only for games whose module has it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules.errors import MalformedDocument
from rules.jsondoc import check, load_json
from rules.texts import found

#: Registry keys are the ``game`` field of the interchange documents.
GAMES: dict[str, str] = {
    "oh-hell": "rules.ohhell",
    "bridge-rubber": "rules.bridge",
    "bridge-duplicate": "rules.bridge_duplicate",
    "preferans": "rules.preferans",
    "durak": "rules.durak",
}


#: File formats other than the JSON log, by extension: the game whose module reads them
#: with ``read_file(raw, ruleset=...) -> document`` (PBN carries no ruleset of ours).
FILE_TYPES: dict[str, str] = {
    ".pbn": "bridge-rubber",
}


@dataclass(frozen=True, slots=True)
class SeatResult:
    """What one seat scored in a game (see the protocol above); None where the game has no such figure."""

    total: int | None
    contracts_made: int | None = None
    whists: int | None = None


@dataclass(frozen=True, slots=True)
class DealRow:
    """One seat in one deal, as player statistics read it: the cards dealt, trump, bid and taken."""

    deal: int
    seat: int
    cards: int
    trump: str  # the trump suit letter S/H/D/C; "" for no trumps
    dealer: bool
    bid: int | None
    blind: bool
    taken: int | None
    score: int
    annulled: bool


class UnknownGame(KeyError):
    """A game key with no rules module."""


def game_keys() -> list[str]:
    return sorted(GAMES)


def get(game: str) -> ModuleType:
    """The rules module for ``game`` (e.g. ``"oh-hell"``)."""
    try:
        dotted = GAMES[game]
    except KeyError:
        raise UnknownGame(game) from None
    return importlib.import_module(dotted)


def texts(game: str) -> Mapping[str, str]:
    """The English templates of the game's findings, by code or ``code/form`` (rules/texts.py):
    ``rules.<game>.texts.TEXTS``, which the apps translate."""
    return importlib.import_module(f"{get(game).__name__}.texts").TEXTS  # type: ignore[no-any-return]


def load_all() -> None:
    """Import every game's rules, so that every refusal code is registered (rules.texts.ERRORS)."""
    for game in GAMES:
        get(game)


def analytics(game: str) -> ModuleType:
    """The game's analytics module (``rules.<game>.analytics``, issue 13: luck separated from skill).

    Every game has one, with the same names: ``ANALYSIS_VERSION``,
    ``COLUMNS`` ((row key, label) in the order pages and CSV show them),
    ``analyse_game(report_dict, log) -> rows`` (one row per deal per seat,
    with ``deal`` and ``seat``), ``analyse_deals(report_dict, log)`` (the same
    rows one deal at a time, a list per deal of the report in order, computed
    only as they are asked for: the apps stop it at a time or deal budget,
    issue 21) and ``player_summary(rows) -> dict``.
    Imported only when asked for: the estimates are not on the replay's path.
    """
    return importlib.import_module(f"{get(game).__name__}.analytics")


@dataclass(frozen=True, slots=True)
class Reading:
    """A document read by its game's rules: the key, the module and the parsed log."""

    game: str
    rules: ModuleType
    log: Any
    file_format: str | None = None  # ".pbn" when read from a FILE_TYPES format, None for a JSON log


def decode(raw: bytes | str, *, received: bool = False) -> dict[str, Any]:
    """The JSON object of a document; MalformedDocument when it is not one (``received``: text
    a client sends now, held to rules/jsondoc.py's stricter reading)."""
    document = load_json(raw, received=received)
    if not isinstance(document, dict):
        raise MalformedDocument("", "LOG_NOT_OBJECT", found=found(document))
    return document


def read(
    raw: bytes | str | dict[str, Any], *, received: bool = False, max_bytes: int | None = None
) -> Reading:
    """Decode a document, find its game and parse it with that game's rules.

    A document given as a dict (built by a form) is checked as JSON text would be. A
    failure of the game's reader that is no refusal of the document (a fault of the rules)
    is refused as ``LOG_READER_FAILED``, the failure chained as its cause for the log.
    """
    if isinstance(raw, dict):
        check(raw, received=received)
        document = raw
    else:
        _bounded(raw, max_bytes)
        document = decode(raw, received=received)
    game = document.get("game")
    if not isinstance(game, str):
        raise MalformedDocument("game", "LOG_GAME_REQUIRED", games=", ".join(game_keys()))
    try:
        rules = get(game)
    except UnknownGame:
        raise MalformedDocument("game", "LOG_UNKNOWN_GAME", game=game, games=", ".join(game_keys())) from None
    return Reading(game=game, rules=rules, log=_reader(rules.parse, document))


def read_named(
    raw: bytes,
    name: str,
    *,
    ruleset: str | dict[str, Any] | None = None,
    received: bool = False,
    max_bytes: int | None = None,
) -> Reading:
    """Read a file by its name: a format of FILE_TYPES (``.pbn``) through its game's reader, else JSON.

    ``ruleset`` is the preset for formats that carry none (PBN); a JSON log names its own.
    The reading's ``file_format`` is the extension when the file was not a JSON log; the
    document its reader built is checked as JSON text is (rules/jsondoc.py), so a control
    character in a PBN tag is refused as it is in a JSON log.
    """
    game = file_type(name)
    if game is None:
        return read(raw, received=received, max_bytes=max_bytes)
    _bounded(raw, max_bytes)
    rules = get(game)
    document = _reader(rules.read_file, raw, ruleset=ruleset)
    check(document, received=received)
    suffix = name[name.rfind(".") :].lower()
    return Reading(game=game, rules=rules, log=_reader(rules.parse, document), file_format=suffix)


def _bounded(raw: bytes | str, max_bytes: int | None) -> None:
    """A file of more than ``max_bytes`` is refused unread (``LOG_TOO_LARGE``)."""
    if max_bytes is not None and len(raw) > max_bytes:
        raise MalformedDocument("", "LOG_TOO_LARGE", size=len(raw), most=max_bytes)


def reader_failed(exc: BaseException) -> MalformedDocument:
    """A failure of a reader that is no refusal of the document, as ``LOG_READER_FAILED`` (the
    failure its ``__cause__``, for the log)."""
    refusal = MalformedDocument("", "LOG_READER_FAILED")
    refusal.__cause__ = exc
    return refusal


def _reader(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A game's reader called: its refusals as they are, any other failure — the rules' own
    fault, not the document's — as ``LOG_READER_FAILED`` (the failure its ``__cause__``)."""
    try:
        return function(*args, **kwargs)
    except MalformedDocument:
        raise
    except Exception as exc:
        raise reader_failed(exc) from exc


def replay(reading: Reading) -> dict[str, Any]:
    """The game's replay of a read log, as its report dict (the protocol's ``replay(log)``,
    ``as_dict()``); a failure of the replay is refused as ``LOG_REPLAY_FAILED``, the failure
    its ``__cause__``, so no log the engine trips over is lost with a server error."""
    try:
        report: dict[str, Any] = reading.rules.replay(reading.log).as_dict()
    except MalformedDocument:
        raise
    except Exception as exc:
        raise MalformedDocument("", "LOG_REPLAY_FAILED") from exc
    return report


def file_type(name: str) -> str | None:
    """The game whose reader takes a file of this name (``.pbn``), or None for a JSON log."""
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    return FILE_TYPES.get(suffix)


def file_suffixes() -> list[str]:
    """Every extension an upload may have: ``.json`` and those of :data:`FILE_TYPES`."""
    return [".json", *sorted(FILE_TYPES)]


def table_sizes(game: str) -> tuple[int, ...]:
    """How many players a table of ``game`` seats."""
    sizes: tuple[int, ...] = get(game).TABLE_SIZES
    return sizes


def games_with_deal_rows() -> list[str]:
    """The games whose reports give per-seat deal rows (bids and tricks taken)."""
    return [game for game in game_keys() if get(game).SEAT_DEAL_ROWS]


def fills(game: str, figure: str) -> bool:
    """Whether ``game``'s seat results carry ``figure`` (a SeatResult field such as ``"whists"``)."""
    return figure == "total" or figure in get(game).SEAT_RESULTS


def sheet_rows(game: str, report: dict[str, Any]) -> list[list[Any]]:
    """The score sheet as CSV rows: the game's own ``sheet_rows(report)`` where it has one (Oh
    Hell, rubber bridge), else a header of the players and each deal's running totals from
    the protocol's ``running_totals`` — so every game has a CSV download."""
    rules = get(game)
    own = getattr(rules, "sheet_rows", None)
    if own is not None:
        rows: list[list[Any]] = own(report)
        return rows
    out: list[list[Any]] = [["deal", *report["players"]]]
    for deal, _annulled, totals in rules.running_totals(report):
        out.append([deal, *totals])
    out.append(["total", *report["totals"]])
    return out


def team_of_seats(teams: Sequence[Sequence[int]], players: int) -> list[int]:
    """Per seat, the index of its team in ``teams`` (the protocol's ``teams(players)``)."""
    out = [-1] * players
    for index, team in enumerate(teams):
        for seat in team:
            out[seat] = index
    return out


def pasted_name(raw: bytes | str) -> str:
    """A file name for pasted text, so :func:`read_named` picks its reader: ``pasted.pbn`` when
    a module of FILE_TYPES recognises the text (its ``looks_like``), else ``""`` (a JSON log)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    for suffix, game in sorted(FILE_TYPES.items()):
        if getattr(get(game), "looks_like", lambda _t: False)(text):
            return f"pasted{suffix}"
    return ""
