"""Storing what the engine concluded, in bulk: one code path for one game or ten thousand.

The API's single upload, a bulk import chunk, a correction and a re-audit
all end here, so they store exactly the same rows. Rows are inserted in a
few statements per batch (PostgreSQL's COPY for the per-deal rows, the
bulk of the data), because a club's archive is thousands of games and one
round trip per row would take minutes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection, transaction
from django.db.models import JSONField, Model, OuterRef, Subquery
from django.db.models.functions import Now

from games import columns
from games.models import AuditReport, Club, DealSeat, Finding, Game, GameRevision, GameSeat, Player
from games.refusals import DocumentRefusal
from rules import registry

M = TypeVar("M", bound=Model)


@dataclass
class Replayed:
    """A document read and replayed by its game's rules, ready to store."""

    reading: registry.Reading
    report: dict[str, Any]

    @property
    def players(self) -> list[str]:
        return list(self.reading.log.players)

    @property
    def recorded_totals(self) -> list[int] | None:
        totals = getattr(self.reading.log, "totals", None)
        return None if totals is None else list(totals)

    def count(self, severity: str) -> int:
        return sum(1 for f in self.report["findings"] if f["severity"] == severity)


def seat_results(replayed: Replayed) -> list[registry.SeatResult]:
    """Per seat (the document's order), what its game's rules say it scored (the protocol's ``seat_results``)."""
    results: list[registry.SeatResult] = replayed.reading.rules.seat_results(replayed.report)
    return results


def seat_totals(results: Sequence[registry.SeatResult]) -> list[int | None]:
    """``Game.totals``: each seat's own total, seat-indexed (a bridge seat has its side's)."""
    return [result.total for result in results]


def seat_columns(result: registry.SeatResult) -> dict[str, Any]:
    """A SeatResult as GameSeat's columns (no contracts made is 0; no whists stays None)."""
    return {"total": result.total, "contracts_made": result.contracts_made or 0, "whists": result.whists}


def status_of(replayed: Replayed) -> str:
    if replayed.count("error"):
        return Game.Status.ERRORS
    return Game.Status.WARNINGS if replayed.count("warning") else Game.Status.CLEAN


def replay(reading: registry.Reading) -> Replayed:
    """The log replayed (registry.replay: a failure of the engine is a refusal, not a 500), and
    refused when what it would store does not fit its columns (:func:`unfit`)."""
    replayed = Replayed(reading=reading, report=registry.replay(reading))
    problem = unfit(replayed)
    if problem is not None:
        raise problem
    return replayed


def unfit(replayed: Replayed) -> DocumentRefusal | None:
    """Why the rows of a replayed log cannot be stored, at the path of what is wrong
    (games/columns.py): a player's name (as shown, and as compared: ``ß`` folds to ``ss``)
    longer than its column, a number of a seat, a deal or a finding outside its column's range.
    None when every row fits."""
    for seat, name in enumerate(replayed.players):
        path = f"players[{seat}]"
        found = columns.refusal(Player, "display_name", Player.clean_name(name), path) or columns.refusal(
            Player, "name_key", Player.key_for(name), path
        )
        if found is not None:
            return found
    for row in replayed.reading.rules.deal_rows(replayed.report):
        found = columns.first_refusal(
            DealSeat,
            {
                "deal": row.deal,
                "seat": row.seat,
                "cards": row.cards,
                "trump": row.trump,
                "bid": row.bid,
                "taken": row.taken,
                "score": row.score,
            },
            _deal_path(row.deal),
        )
        if found is not None:
            return found
    for seat, result in enumerate(seat_results(replayed)):
        found = columns.first_refusal(GameSeat, {"seat": seat, **seat_columns(result)}, "")
        if found is not None:
            return found
    for f in replayed.report["findings"]:
        (row,) = _finding_rows(0, 0, [f])  # the row as stored; its report and game ids aside
        values = dict(zip(FINDING_COLUMNS[2:10], row[2:10], strict=True))
        found = columns.first_refusal(Finding, values, _deal_path(f.get("deal")))
        if found is not None:
            return found
    return None


def _deal_path(deal: Any) -> str:
    """The path of a report's deal (numbered from 1) in its log."""
    return f"deals[{deal - 1}]" if type(deal) is int and deal >= 1 else ""


def roster(club: Club, names: Iterable[str]) -> dict[str, Player]:
    """The club's players for these names (matched by Player.key_for), new ones created.

    Two uploads racing to create the same new player both end with the one
    row the unique constraint allows.
    """
    wanted = {Player.key_for(n): Player.clean_name(n) for n in names}
    found = {p.name_key: p for p in Player.objects.filter(club=club, name_key__in=list(wanted))}
    missing = [
        Player(club=club, display_name=name, name_key=key) for key, name in wanted.items() if key not in found
    ]
    if missing:
        Player.objects.bulk_create(missing, ignore_conflicts=True)
        found = {p.name_key: p for p in Player.objects.filter(club=club, name_key__in=list(wanted))}
    return found


def seat_player_ids(players: dict[str, Player], names: Sequence[str]) -> list[int]:
    return [players[Player.key_for(name)].pk for name in names]


def store_reports(
    entries: Sequence[tuple[Game, GameRevision, Replayed, list[int]]], *, new_games: bool = False
) -> list[AuditReport]:
    """Store each (game, revision, replay, seat player ids) as a report with its rows; point the games at it.

    The games' current revision and report become these; their status,
    ruleset and seat-indexed totals (each seat's own, from the rules'
    ``seat_results``: a bridge seat has its side's) follow (``new_games``: already set when the games
    were inserted, from the same replay, so no second write is needed).
    """
    reports = create_all(
        AuditReport,
        [
            AuditReport(
                revision=revision,
                game=game,
                engine_version=replayed.reading.rules.ENGINE_VERSION,
                ruleset=replayed.report["ruleset"],
                totals=replayed.report["totals"],
                recorded_totals=replayed.recorded_totals,
                report=replayed.report,
                errors=replayed.count("error"),
                warnings=replayed.count("warning"),
            )
            for game, revision, replayed, _ in entries
        ],
    )
    findings: list[tuple[Any, ...]] = []
    deal_seats: list[tuple[Any, ...]] = []
    for report, (game, _, replayed, seats) in zip(reports, entries, strict=True):
        findings.extend(_finding_rows(report.pk, game.pk, replayed.report["findings"]))
        rows = replayed.reading.rules.deal_rows(replayed.report)
        deal_seats.extend(_deal_seat_rows(report.pk, game.pk, seats, rows))
    insert_rows(Finding, FINDING_COLUMNS, findings)
    insert_rows(DealSeat, DEAL_SEAT_COLUMNS, deal_seats)
    games = []
    results = {}
    for report, (game, revision, replayed, _) in zip(reports, entries, strict=True):
        results[game.pk] = seat_results(replayed)
        game.current_revision = revision
        game.current_report = report
        game.ruleset = replayed.report["ruleset"]
        game.totals = seat_totals(results[game.pk])
        game.status = report.status
        games.append(game)
    if not new_games:
        update_all(Game, games, ["ruleset", "totals", "status"])
        seat_rows = list(GameSeat.objects.filter(game__in=[g.pk for g in games]).order_by())
        for row in seat_rows:
            for name, value in seat_columns(results[row.game_id][row.seat]).items():
                setattr(row, name, value)
        update_all(GameSeat, seat_rows, ["total", "contracts_made", "whists"])
    # One statement for any number of games: each points at its newest revision and report.
    newest_revision = GameRevision.objects.filter(game=OuterRef("pk")).order_by("-number").values("pk")[:1]
    newest_report = AuditReport.objects.filter(game=OuterRef("pk")).order_by("-pk").values("pk")[:1]
    Game.objects.filter(pk__in=[g.pk for g in games]).update(
        current_revision=Subquery(newest_revision), current_report=Subquery(newest_report), updated_at=Now()
    )
    return reports


FINDING_COLUMNS = (
    "report",
    "game",
    "code",
    "severity",
    "deal",
    "trick",
    "seat",
    "player",
    "card",
    "message",
    "params",
)
DEAL_SEAT_COLUMNS = (
    "report",
    "game",
    "player",
    "deal",
    "seat",
    "cards",
    "trump",
    "dealer",
    "bid",
    "blind",
    "taken",
    "score",
    "annulled",
)


def _finding_rows(report_id: int, game_id: int, findings: list[dict[str, Any]]) -> Iterable[tuple[Any, ...]]:
    for f in findings:
        yield (
            report_id,
            game_id,
            f["code"],
            f["severity"],
            f.get("deal"),
            f.get("trick"),
            f.get("seat"),
            f.get("player") or "",
            f.get("card") or "",
            f["message"],
            f.get("params"),
        )


def _deal_seat_rows(
    report_id: int, game_id: int, seats: list[int], rows: list[registry.DealRow]
) -> Iterable[tuple[Any, ...]]:
    """The rules' deal rows (the protocol's ``deal_rows``) as DealSeat tuples, the seat's player added."""
    for row in rows:
        yield (
            report_id,
            game_id,
            seats[row.seat],
            row.deal,
            row.seat,
            row.cards,
            row.trump,
            row.dealer,
            row.bid,
            row.blind,
            row.taken,
            row.score,
            row.annulled,
        )


def insert_rows(model: type[Model], fields: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Insert plain tuples into a model's table: COPY on PostgreSQL, batched INSERTs elsewhere."""
    if not rows:
        return
    meta = model._meta
    concrete = [meta.get_field(name) for name in fields]
    columns = [str(getattr(field, "column", "")) for field in concrete]
    if connection.vendor == "postgresql":
        sql = f'COPY "{meta.db_table}" ({", ".join(columns)}) FROM STDIN'
        # COPY takes JSON as its text; only tables with a JSON column pay for the conversion.
        json_at = [i for i, field in enumerate(concrete) if isinstance(field, JSONField)]
        # wrap_database_errors: psycopg's own errors from the raw cursor become Django's, so a
        # lost connection is django.db.OperationalError here as on every other query.
        with connection.wrap_database_errors, connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
            for row in rows:
                if json_at:
                    row = tuple(
                        json.dumps(v) if i in json_at and v is not None else v for i, v in enumerate(row)
                    )
                copy.write_row(row)
        return
    attnames = [str(getattr(field, "attname", "")) for field in concrete]
    model._default_manager.bulk_create(
        [model(**dict(zip(attnames, row, strict=True))) for row in rows], batch_size=500
    )


def update_all(model: type[M], objs: Sequence[M], fields: Sequence[str]) -> None:
    """``bulk_update`` that is fast on PostgreSQL: the new values go by COPY into a temporary table,
    then one UPDATE … FROM sets them.

    Django's bulk_update writes a CASE WHEN per object and field; building
    those expressions was 40% of a re-audit chunk (200 games, 800 seats),
    more than the replay. Elsewhere it is bulk_update itself.
    """
    if not objs:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_update(objs, list(fields), batch_size=500)
        return
    from psycopg import sql

    meta = model._meta
    pk = meta.pk
    assert pk is not None
    concrete = [meta.get_field(name) for name in fields]
    columns = [pk.column, *(str(getattr(field, "column", "")) for field in concrete)]
    table, temp = sql.Identifier(meta.db_table), sql.Identifier(f"update_{meta.db_table}")
    listed = sql.SQL(", ").join(map(sql.Identifier, columns))
    assignments = sql.SQL(", ").join(
        sql.SQL("{} = u.{}").format(sql.Identifier(c), sql.Identifier(c)) for c in columns[1:]
    )
    key = sql.Identifier(pk.column)
    # A savepoint: if anything fails, the temporary table goes with the rollback.
    with transaction.atomic(), connection.wrap_database_errors, connection.cursor() as wrapper:
        cursor = wrapper.cursor  # psycopg's own, for COPY and composed statements
        cursor.execute(
            sql.SQL("CREATE TEMPORARY TABLE {} AS SELECT {} FROM {} WITH NO DATA").format(temp, listed, table)
        )
        with cursor.copy(sql.SQL("COPY {} ({}) FROM STDIN").format(temp, listed)) as copy:
            for obj in objs:
                copy.write_row(
                    [obj.pk, *(f.get_db_prep_save(getattr(obj, f.attname), connection) for f in concrete)]  # type: ignore[union-attr]
                )
        cursor.execute(
            sql.SQL("UPDATE {} AS t SET {} FROM {} AS u WHERE t.{} = u.{}").format(
                table, assignments, temp, key, key
            )
        )
        cursor.execute(sql.SQL("DROP TABLE {}").format(temp))


def create_all(model: type[M], objs: list[M]) -> list[M]:
    """``bulk_create`` that is fast for large rows on PostgreSQL: ids drawn from the sequence, then COPY.

    Django's bulk insert sends each column as an escaped array, which costs
    more than the whole replay for rows carrying a report or a log. With
    ids taken first (``nextval`` in one statement) the rows go in by COPY
    and the objects come back with their primary keys, as bulk_create's do.
    """
    if not objs:
        return objs
    if connection.vendor != "postgresql":
        return model._default_manager.bulk_create(objs, batch_size=500)
    meta = model._meta
    pk = meta.pk
    assert pk is not None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [meta.db_table, pk.column, len(objs)],
        )
        ids = [row[0] for row in cursor.fetchall()]
    for obj, new_id in zip(objs, ids, strict=True):
        obj.pk = new_id
    fields = meta.concrete_fields
    columns = ", ".join(f'"{f.column}"' for f in fields)
    with (
        connection.wrap_database_errors,
        connection.cursor() as cursor,
        cursor.cursor.copy(f'COPY "{meta.db_table}" ({columns}) FROM STDIN') as copy,
    ):
        for obj in objs:
            copy.write_row([f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields])
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias
    return objs


def stored_content(reading: registry.Reading) -> bytes:
    """The revision bytes of a log read from another format (a .pbn): its canonical JSON document.

    Deterministic, so the same file uploaded twice is one game; the file's
    own bytes stay in its Upload. See games/services.py.
    """
    document = reading.rules.to_document(reading.log)
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


def next_revision_number(game: Game) -> int:
    return GameRevision.objects.filter(game=game).count() + 1


def canonical_deals(reading: registry.Reading) -> list[dict[str, Any]]:
    """The deals of a log as its rules write them canonically, for comparing two versions."""
    document = reading.rules.to_document(reading.log)
    deals: list[dict[str, Any]] = document[
        "boards" if "boards" in document and "deals" not in document else "deals"
    ]
    return deals
