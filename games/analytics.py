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

Budgets (issue 21: "a 600-deal PBN takes 0.7 s to record and 165 s to analyse, inside the
request when Celery is eager"). The rules hand the rows over a deal at a time
(``analyse_deals``), and each game's analysis stops before ANALYSIS_MAX_DEALS deals or once
ANALYSIS_TIME_BUDGET_S have passed (:class:`Budget`); what it covered is stored with it
(``deals_examined`` of ``deals_total``, ``stopped_by``) and the pages say so. With a broker
the analysis always runs on the worker; without one (eager) the games of one request share
ANALYSIS_INLINE_BUDGET_S, and what they leave is finished by ``manage.py analyse`` or the
sweep. docs/analytics.md, "Budgets".

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
from collections.abc import Callable, Iterable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, F, QuerySet

from games.models import Club, DealEstimate, Game, GameAnalysis, Player, SeatAnalysis
from rules import registry

logger = logging.getLogger(__name__)

#: Games per analysis task when many are queued at once (a bulk import's chunk, a re-audit).
CHUNK = 25


# --- writes ----------------------------------------------------------------------------

#: The clock every budget reads: wall-clock seconds, monotonic (a test puts a fake one here).
clock: Callable[[], float] = time.monotonic

StoppedBy = GameAnalysis.StoppedBy


@dataclass(frozen=True, slots=True)
class Budget:
    """How far one game's analysis may go (issue 21): at most ``max_deals`` of its report's deals,
    and no deal begun once :data:`clock` reads ``deadline`` or later. ``late`` is what a stop at
    the deadline is recorded as: TIME, the game's own budget, or INLINE, an eager upload's."""

    max_deals: int
    deadline: float
    late: str = StoppedBy.TIME

    @classmethod
    def for_game(cls, *, until: float | None = None) -> Budget:
        """The settings' budget for a game begun now; ``until`` an eager request's deadline."""
        deadline = clock() + settings.ANALYSIS_TIME_BUDGET_S
        if until is not None and until < deadline:
            return cls(settings.ANALYSIS_MAX_DEALS, until, StoppedBy.INLINE)
        return cls(settings.ANALYSIS_MAX_DEALS, deadline)

    def stop(self, examined: int) -> str:
        """Before the next deal: what stops the analysis now, or "" to go on."""
        if examined >= self.max_deals:
            return StoppedBy.DEALS
        if clock() >= self.deadline:
            return self.late
        return StoppedBy.WHOLE


@dataclass(frozen=True, slots=True)
class Analysed:
    """What :func:`_analyse` did with one game: ``outcome`` one of the :func:`analyse_games`
    counts, and ``interrupted`` when Celery's soft time limit struck during it."""

    analysis: GameAnalysis | None
    outcome: str
    interrupted: bool = False


@dataclass
class Chunk:
    """What :func:`analyse_chunk` did: the counts, and the games it did not begin (``deferred``)."""

    counts: dict[str, int]
    deferred: list[int] = field(default_factory=list)


#: What analyse_games counts, each game in exactly one: stored whole, stored stopped short by a
#: budget, nothing to analyse, already current, no such game (or no report), not begun for lack
#: of time (left to another task or the sweep).
OUTCOMES = ("analysed", "partial", "nothing", "current", "missing", "deferred")


def analyse_game(game: Game, *, force: bool = False) -> GameAnalysis | None:
    """Analyse the game's current report within the worker's budget and store the rows; the stored
    analysis if already current.

    None when the game has no report yet. ``force`` recomputes even an
    analysis of the current version (an operator's repair, never needed in
    normal running).
    """
    return _analyse(game, force=force).analysis


def _analyse(game: Game, *, force: bool, until: float | None = None) -> Analysed:
    """:func:`analyse_game`, saying what it did. ``until``: the deadline (:data:`clock`) of an eager
    upload's request, shared by its games; a game reached after it is not begun ("deferred")."""
    report = game.current_report
    if report is None:
        return Analysed(None, "missing")
    module = registry.analytics(game.game_type)
    version = str(module.ANALYSIS_VERSION)
    existing = GameAnalysis.objects.filter(report=report).first()
    # A request's partial analysis is current for another request, not for the worker: it finishes it.
    if (
        existing is not None
        and existing.version == version
        and not force
        and (existing.stopped_by != StoppedBy.INLINE or until is not None)
    ):
        return Analysed(existing, "current")
    if until is not None and clock() >= until:
        return Analysed(existing, "deferred")
    budget = Budget.for_game(until=until)
    revision = game.current_revision
    assert revision is not None  # a report belongs to a revision
    started = time.perf_counter()
    log = registry.read(bytes(revision.content)).log
    options: dict[str, Any] = {}
    cache = None
    if "estimates" in inspect.signature(module.analyse_deals).parameters:  # a game whose deals are cached
        cache = options["estimates"] = StoredEstimates(game.game_type)
    total = len(report.report["deals"])
    rows: list[dict[str, Any]] = []
    examined = 0
    stopped: str = StoppedBy.WHOLE
    interrupted = False
    deals = module.analyse_deals(report.report, log, **options)
    try:
        while examined < total:
            stopped = budget.stop(examined)
            if stopped:
                break
            deal_rows = next(deals, None)
            if deal_rows is None:
                break
            rows.extend(deal_rows)
            examined += 1
    except SoftTimeLimitExceeded:
        # The worker's soft limit struck in a deal: keep the deals done, a partial analysis, and
        # let the task end cleanly (this game is not begun again for ever by the sweep).
        logger.warning("analysis of game %s stopped by the task's soft time limit", game.pk)
        stopped, interrupted = StoppedBy.TIME, True
    finally:
        deals.close()
    if cache is not None:
        cache.save()
    if examined >= total:
        stopped = StoppedBy.WHOLE
    seconds = time.perf_counter() - started
    players = dict(game.seats.values_list("seat", "player_id"))
    by_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_seat[int(row["seat"])].append(row)
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
                deals=len({row["deal"] for row in rows}),
                deals_total=total,
                deals_examined=examined,
                stopped_by=stopped,
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
        return Analysed(GameAnalysis.objects.filter(report=report).first(), "current", interrupted)
    outcome = "partial" if stopped else ("analysed" if rows else "nothing")
    return Analysed(analysis, outcome, interrupted)


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
    """Analyse each game's current report, each within the worker's budget; count what happened
    (:data:`OUTCOMES`: for the command and the demo)."""
    return analyse_chunk(game_ids, force=force).counts


def analyse_chunk(
    game_ids: Iterable[int],
    *,
    force: bool = False,
    until: float | None = None,
    begin_until: float | None = None,
) -> Chunk:
    """The games in order of id, each within its budget (:class:`Budget`).

    ``until``: an eager upload's deadline, shared by the games (what it cuts short is stored
    as INLINE, finished later by the sweep; the games it leaves are "deferred"). ``begin_until``:
    on the worker, no game is begun after it (the chunk's soft time limit less a game's budget
    and margin), save the first. A soft time limit (Celery's SoftTimeLimitExceeded) ends the
    chunk: the game it struck in is stored as analysed so far, the games after it are deferred.
    """
    counts = dict.fromkeys(OUTCOMES, 0)
    ids = set(game_ids)
    games = list(
        Game.objects.filter(pk__in=sorted(ids))
        .select_related("current_report", "current_revision")
        .order_by("pk")
    )
    deferred: list[int] = []
    position = 0
    try:
        while position < len(games):
            game = games[position]
            if begin_until is not None and position > 0 and clock() > begin_until:
                break
            done = _analyse(game, force=force, until=until)
            position += 1
            if done.outcome == "deferred":
                deferred.append(game.pk)
            else:
                counts[done.outcome] += 1
            if done.interrupted:
                break
    except SoftTimeLimitExceeded:  # struck outside a deal (reading the log, storing): that game is left too
        logger.warning("analysis chunk stopped by the task's soft time limit at game %s", games[position].pk)
    deferred.extend(game.pk for game in games[position:])
    counts["deferred"] = len(deferred)
    counts["missing"] += len(ids) - len(games)
    return Chunk(counts, deferred)


def unanalysed(games: QuerySet[Game] | None = None, *, partial: bool = False) -> QuerySet[Game]:
    """Games whose current report has no analysis, one of an older ANALYSIS_VERSION, or one an
    eager upload's request cut short (INLINE: the worker's budget finishes it). ``partial``: also
    those a budget of the worker stopped short (after raising ANALYSIS_MAX_DEALS, say)."""
    games = Game.objects.all() if games is None else games
    games = games.filter(current_report__isnull=False)
    stale = Game.objects.none()
    for game_type in games.values_list("game_type", flat=True).distinct().order_by():
        version = str(registry.analytics(game_type).ANALYSIS_VERSION)
        stale = stale | games.filter(game_type=game_type).exclude(current_report__analysis__version=version)
    cut = [StoppedBy.INLINE, StoppedBy.DEALS, StoppedBy.TIME] if partial else [StoppedBy.INLINE]
    stale = stale | games.filter(current_report__analysis__stopped_by__in=cut)
    return stale.order_by("pk")


# --- queueing -----------------------------------------------------------------------------

_batch = threading.local()


@contextlib.contextmanager
def batch() -> Iterator[list[int]]:
    """Collect the games recorded inside into chunked tasks queued when the block ends.

    A bulk import's chunk records dozens of games: one analysis task each
    would flood the broker, so they go out as tasks of :data:`CHUNK` games.
    Nested blocks share the outer one's list. Someone waits for the block (an
    upload's request, an import chunk): eager, its games share one inline budget.
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
    if ids:
        # After the enclosing transaction commits (at once when there is none): a worker must find the games.
        transaction.on_commit(lambda: queue(ids, waiting=True))


def request_analysis(game: Game) -> None:
    """Queue the game's analysis once the current transaction commits (or into the open :func:`batch`).

    With a broker it always runs on the worker, whatever its size. Without one (Celery eager,
    the embedded default) it runs in this request within ANALYSIS_INLINE_BUDGET_S (:func:`queue`).
    """
    if not settings.ANALYTICS_ON_RECORD:
        return
    ids = getattr(_batch, "ids", None)
    if ids is not None:
        ids.append(game.pk)
        return
    game_id = game.pk
    transaction.on_commit(lambda: queue([game_id], waiting=True))


def eager() -> bool:
    """Whether a task sent now runs in this process (no broker: CELERY_TASK_ALWAYS_EAGER)."""
    from games.tasks import analyse_chunk

    return bool(analyse_chunk.app.conf.task_always_eager)


def queue(game_ids: Sequence[int], *, waiting: bool = False, force: bool = False) -> None:
    """Send the analysis tasks, :data:`CHUNK` games each. A broker that is down loses nothing that
    matters: the analysis is derived, and ``manage.py analyse`` (run by the beat daily) finds the
    games left without one.

    ``waiting``: someone waits for this call (an upload's request). Eager, the tasks run here and
    now, so they share ANALYSIS_INLINE_BUDGET_S seconds: each chunk gets what is left, and once it
    is spent the remaining games are left to the sweep (``manage.py analyse``). With a broker the
    tasks go to the worker, with the worker's budget, and nothing is analysed here.
    """
    from games.tasks import analyse_chunk, chunked

    inline = waiting and eager()
    started = clock()
    for chunk in chunked(sorted(set(game_ids)), CHUNK):
        options: dict[str, Any] = {"force": True} if force else {}
        if inline:
            left = settings.ANALYSIS_INLINE_BUDGET_S - (clock() - started)
            if left <= 0:
                logger.info("analysis of games %s left to the sweep: the upload's budget is spent", chunk)
                continue
            options["budget_s"] = left
        try:
            analyse_chunk.delay(chunk, **options)
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
    partial: bool = False  # the analysis covers only the game's first deals (a budget stopped it)


def _current(seats: QuerySet[SeatAnalysis]) -> QuerySet[SeatAnalysis]:
    """Only the rows of each game's current report (a correction's older analysis is superseded)."""
    return seats.filter(analysis__report=F("game__current_report"))


def _seat_rows(seats: QuerySet[SeatAnalysis]) -> list[SeatRows]:
    values = _current(seats).values_list(
        "game_id",
        "analysis__game_type",
        "game__played_at",
        "player_id",
        "seat",
        "rows",
        "analysis__stopped_by",
    )
    return [
        SeatRows(game_id, game_type, played_at, player_id, seat, rows, bool(stopped_by))
        for game_id, game_type, played_at, player_id, seat, rows, stopped_by in values.order_by(
            "game__played_at", "game_id", "seat"
        )
    ]


def player_analytics(player: Player, *, games: QuerySet[Game] | None = None) -> dict[str, dict[str, Any]]:
    """Per game type the player has analysed games of: the rules module's summary of all their rows,
    and per game (oldest first) that game's summary, for the over-time chart, and whether a budget
    stopped its analysis short (``partial``: the summary is of its first deals). Two queries."""
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
                    "partial": item.partial,
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
    """How many of the games are analysed, have nothing to analyse, or wait for their analysis;
    ``partial``: how many of the analysed and nothing ones a budget stopped short of their last
    deal (covering only their first deals). Two queries."""
    total = games.filter(current_report__isnull=False).count()
    done: dict[str, int] = defaultdict(int)
    partial = 0
    for status, stopped_by, n in (
        GameAnalysis.objects.filter(game__in=games, report=F("game__current_report"))
        .values_list("status", "stopped_by")
        .annotate(n=Count("pk"))
        .values_list("status", "stopped_by", "n")
        .order_by()
    ):
        done[status] += n
        if stopped_by:
            partial += n
    analysed = done[GameAnalysis.Status.DONE]
    nothing = done[GameAnalysis.Status.NOTHING]
    return {
        "analysed": analysed,
        "partial": partial,
        "nothing": nothing,
        "waiting": max(0, total - analysed - nothing),
    }
