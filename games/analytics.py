"""Luck separated from skill (issue 13): each game's analysis, stored once, and the figures read from it.

The measures themselves are the rules' (rules/<game>/analytics.py, reached
through :func:`rules.registry.analytics`): how many tricks a hand takes on
average, what a bridge deal was worth double dummy, how strong a durak
hand's trumps were. They take far longer than a page may, so they are
computed once per report by a Celery task when a game lands and stored as
rows (GameAnalysis, SeatAnalysis); pages, CSV and the API only read.

Writes

- :func:`analyse_game` analyses a game's current report (idempotent: a report
  already analysed with the module's current ANALYSIS_VERSION is left alone);
- :func:`request_analysis` queues that after the transaction commits, one
  task per game, or one task per chunk inside :func:`batch` (bulk imports
  and re-audits queue their games in chunks, not one task each);
- ``manage.py analyse`` catches up on games never analysed (e.g. recorded
  while the broker was down, or before an ANALYSIS_VERSION change).

Reads

- :func:`player_analytics`, :func:`games_analytics` (a tournament's games),
  :func:`club_analytics`, :func:`deal_rows` (CSV): summaries and rows of
  the games' *current* reports only, like every statistic
  (games.statistics).
"""

from __future__ import annotations

import contextlib
import inspect
import logging
import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, F, QuerySet

from games.models import Club, DealEstimate, Game, GameAnalysis, Player, SeatAnalysis
from rules import registry

logger = logging.getLogger(__name__)

#: Games per analysis task when many are queued at once (a bulk import's chunk, a re-audit).
CHUNK = 25


# --- writes ----------------------------------------------------------------------------


def analyse_game(game: Game, *, force: bool = False) -> GameAnalysis | None:
    """Analyse the game's current report and store the rows; the stored analysis if already current.

    None when the game has no report yet. ``force`` recomputes even an
    analysis of the current version (an operator's repair, never needed in
    normal running).
    """
    return _analyse(game, force=force)[0]


def _analyse(game: Game, *, force: bool) -> tuple[GameAnalysis | None, bool]:
    """:func:`analyse_game`, and whether this call computed it (False: it was stored already)."""
    report = game.current_report
    if report is None:
        return None, False
    module = registry.analytics(game.game_type)
    version = str(module.ANALYSIS_VERSION)
    existing = GameAnalysis.objects.filter(report=report).first()
    if existing is not None and existing.version == version and not force:
        return existing, False
    revision = game.current_revision
    assert revision is not None  # a report belongs to a revision
    started = time.perf_counter()
    log = registry.read(bytes(revision.content)).log
    if "estimates" in inspect.signature(module.analyse_game).parameters:  # a game whose deals are cached
        cache = StoredEstimates(game.game_type)
        rows: list[dict[str, Any]] = module.analyse_game(report.report, log, estimates=cache)
        cache.save()
    else:
        rows = module.analyse_game(report.report, log)
    seconds = time.perf_counter() - started
    players = dict(game.seats.values_list("seat", "player_id"))
    by_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_seat[int(row["seat"])].append(row)
    deals = len({row["deal"] for row in rows})
    try:
        with transaction.atomic():
            if existing is not None:
                existing.delete()
            analysis = GameAnalysis.objects.create(
                report=report,
                game=game,
                game_type=game.game_type,
                version=version,
                status=GameAnalysis.Status.DONE if rows else GameAnalysis.Status.NOTHING,
                deals=deals,
                seconds=round(seconds, 4),
            )
            SeatAnalysis.objects.bulk_create(
                SeatAnalysis(
                    analysis=analysis,
                    game=game,
                    player_id=players[seat],
                    seat=seat,
                    rows=seat_rows,
                    deals=len({row["deal"] for row in seat_rows}),
                )
                for seat, seat_rows in sorted(by_seat.items())
                if seat in players
            )
    except IntegrityError:
        # Another worker stored the same report's analysis first (a redelivered task): keep theirs.
        return GameAnalysis.objects.filter(report=report).first(), False
    return analysis, True


class StoredEstimates(MutableMapping[str, Any]):
    """The deal cache the rules' analyse_game reads and fills (DealEstimate rows): read one deal at a
    time, new ones written together by :meth:`save`."""

    def __init__(self, game_type: str) -> None:
        self.game_type = game_type
        self.new: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key in self.new:
            return self.new[key]
        found = DealEstimate.objects.filter(key=key).values_list("estimates", flat=True).first()
        if found is None:
            raise KeyError(key)
        return found

    def __setitem__(self, key: str, value: Any) -> None:
        self.new[key] = value

    def __delitem__(self, key: str) -> None:
        del self.new[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.new)

    def __len__(self) -> int:
        return len(self.new)

    def save(self) -> None:
        DealEstimate.objects.bulk_create(
            [
                DealEstimate(key=key, game_type=self.game_type, estimates=value)
                for key, value in self.new.items()
            ],
            ignore_conflicts=True,  # another worker stored the same deal first: the same numbers
        )


def analyse_games(game_ids: Iterable[int], *, force: bool = False) -> dict[str, int]:
    """Analyse each game's current report; count what happened (for the task's result and the command)."""
    counts = {"analysed": 0, "nothing": 0, "current": 0, "missing": 0}
    ids = set(game_ids)
    games = Game.objects.filter(pk__in=sorted(ids)).select_related("current_report", "current_revision")
    found = 0
    for game in games.order_by("pk"):
        found += 1
        analysis, computed = _analyse(game, force=force)
        if analysis is None:
            counts["missing"] += 1
        elif not computed:
            counts["current"] += 1
        elif analysis.status == GameAnalysis.Status.NOTHING:
            counts["nothing"] += 1
        else:
            counts["analysed"] += 1
    counts["missing"] += len(ids) - found
    return counts


def unanalysed(games: QuerySet[Game] | None = None) -> QuerySet[Game]:
    """Games whose current report has no analysis, or one of an older ANALYSIS_VERSION."""
    games = Game.objects.all() if games is None else games
    games = games.filter(current_report__isnull=False)
    stale = Game.objects.none()
    for game_type in games.values_list("game_type", flat=True).distinct().order_by():
        version = str(registry.analytics(game_type).ANALYSIS_VERSION)
        stale = stale | games.filter(game_type=game_type).exclude(current_report__analysis__version=version)
    return stale.order_by("pk")


# --- queueing -----------------------------------------------------------------------------

_batch = threading.local()


@contextlib.contextmanager
def batch() -> Iterator[list[int]]:
    """Collect the games recorded inside into chunked tasks queued when the block ends.

    A bulk import's chunk records dozens of games: one analysis task each
    would flood the broker, so they go out as tasks of :data:`CHUNK` games.
    Nested blocks share the outer one's list.
    """
    outer = getattr(_batch, "ids", None)
    if outer is not None:
        yield outer
        return
    ids: list[int] = []
    _batch.ids = ids
    try:
        yield ids
    finally:
        _batch.ids = None
    if (
        ids
    ):  # after the enclosing transaction commits (at once when there is none): a worker must find the games
        transaction.on_commit(lambda: queue(ids))


def request_analysis(game: Game) -> None:
    """Queue the game's analysis once the current transaction commits (or into the open :func:`batch`)."""
    if not settings.ANALYTICS_ON_RECORD:
        return
    ids = getattr(_batch, "ids", None)
    if ids is not None:
        ids.append(game.pk)
        return
    game_id = game.pk
    transaction.on_commit(lambda: queue([game_id]))


def queue(game_ids: Sequence[int]) -> None:
    """Send the analysis tasks, :data:`CHUNK` games each. A broker that is down loses nothing that
    matters: the analysis is derived, and ``manage.py analyse`` (run by the beat daily) finds the
    games left without one."""
    from games.tasks import analyse_chunk, chunked

    for chunk in chunked(sorted(set(game_ids)), CHUNK):
        try:
            analyse_chunk.delay(chunk)
        except Exception:  # the broker down: the sweep catches up
            logger.warning("analysis not queued for games %s; the sweep will", chunk, exc_info=True)


# --- reads -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatRows:
    """One player's analysed rows of one game, with what a page needs to place them."""

    game_id: int
    game_type: str
    played_at: Any
    player_id: int
    seat: int
    rows: list[dict[str, Any]]


def _current(seats: QuerySet[SeatAnalysis]) -> QuerySet[SeatAnalysis]:
    """Only the rows of each game's current report (a correction's older analysis is superseded)."""
    return seats.filter(analysis__report=F("game__current_report"))


def _seat_rows(seats: QuerySet[SeatAnalysis]) -> list[SeatRows]:
    values = _current(seats).values_list(
        "game_id", "analysis__game_type", "game__played_at", "player_id", "seat", "rows"
    )
    return [
        SeatRows(game_id, game_type, played_at, player_id, seat, rows)
        for game_id, game_type, played_at, player_id, seat, rows in values.order_by(
            "game__played_at", "game_id", "seat"
        )
    ]


def player_analytics(player: Player, *, games: QuerySet[Game] | None = None) -> dict[str, dict[str, Any]]:
    """Per game type the player has analysed games of: the rules module's summary of all their rows,
    and per game (oldest first) that game's summary, for the over-time chart. Two queries."""
    seats = SeatAnalysis.objects.filter(player=player)
    if games is not None:
        seats = seats.filter(game__in=games)
    by_type: dict[str, list[SeatRows]] = defaultdict(list)
    for item in _seat_rows(seats):
        by_type[item.game_type].append(item)
    out: dict[str, dict[str, Any]] = {}
    for game_type, items in by_type.items():
        module = registry.analytics(game_type)
        rows = [row for item in items for row in item.rows]
        out[game_type] = {
            "summary": module.player_summary(rows),
            "games": [
                {
                    "game": item.game_id,
                    "played_at": item.played_at,
                    "summary": module.player_summary(item.rows),
                }
                for item in items
            ],
        }
    return out


def games_analytics(games: QuerySet[Game]) -> dict[str, dict[int, dict[str, Any]]]:
    """Per game type, per player: the summary of their rows over these games (a tournament's)."""
    by_player: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for item in _seat_rows(SeatAnalysis.objects.filter(game__in=games)):
        by_player[(item.game_type, item.player_id)].extend(item.rows)
    out: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
    for (game_type, player_id), rows in by_player.items():
        out[game_type][player_id] = registry.analytics(game_type).player_summary(rows)
    return dict(out)


def club_analytics(club: Club) -> dict[str, dict[str, Any]]:
    """Per game type whose module has a club-wide summary: that summary over every analysed game of the club."""
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in _seat_rows(SeatAnalysis.objects.filter(game__club=club)):
        by_type[item.game_type].extend(item.rows)
    out = {}
    for game_type, rows in by_type.items():
        module = registry.analytics(game_type)
        summary = getattr(module, "club_summary", None)
        if summary is not None:
            out[game_type] = summary(rows)
    return out


def deal_rows(seats: QuerySet[SeatAnalysis]) -> Iterator[tuple[SeatRows, dict[str, Any]]]:
    """Every stored row of the seats given (current reports only), each with its game and player."""
    for item in _seat_rows(seats):
        for row in item.rows:
            yield item, row


def columns(game_type: str) -> tuple[tuple[str, str], ...]:
    """The game's row columns, (key, label), in the order CSV and tables show them."""
    return tuple(registry.analytics(game_type).COLUMNS)


def status_counts(games: QuerySet[Game]) -> dict[str, int]:
    """How many of the games are analysed, have nothing to analyse, or wait for their analysis."""
    total = games.filter(current_report__isnull=False).count()
    done = dict(
        GameAnalysis.objects.filter(game__in=games, report=F("game__current_report"))
        .values_list("status")
        .annotate(n=Count("pk"))
        .values_list("status", "n")
    )
    analysed = done.get(GameAnalysis.Status.DONE, 0)
    nothing = done.get(GameAnalysis.Status.NOTHING, 0)
    return {"analysed": analysed, "nothing": nothing, "waiting": max(0, total - analysed - nothing)}
