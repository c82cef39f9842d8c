"""Writes of the tournaments app: set-up, entries, rounds and seating, table games, standings.

Keyword-only and typed; the API and the commands call these. A table's game
goes through games.services like any upload, after checking that it seats
exactly the table's players and follows the tournament's ruleset.

Every game reaches here through the rules registry's protocol
(rules/registry.py): its table sizes, rulesets, teams (a bridge table's
partnerships: the first and third seat against the second and fourth, in
the seat order N, E, S, W) and the per-seat results its games store.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from django.db import transaction
from django.db.models import Count, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts.models import User
from games import audit_log, settlement
from games import services as game_services
from games.models import AuditEntry, Club, Game, GameSeat, Player, Upload
from games.refusals import DocumentRefusal
from games.slugs import unique_slug
from rules import registry
from rules.errors import MalformedDocument
from tournaments import ratings, seating, standings
from tournaments.models import (
    TIEBREAKS,
    DuplicateEvent,
    Entry,
    Rating,
    RatingChange,
    Round,
    Standing,
    Table,
    TableSeat,
    TiebreakChange,
    Tournament,
    default_tiebreaks,
)

#: The duplicate bridge table's game (rules.registry): rated on its result against the field.
DUPLICATE_GAME = "bridge-duplicate"

#: The figures a standings method or tie-break ranks by (NEEDS), as a sentence names them.
FIGURES = {
    "whists": pgettext_lazy("ranked figure", "whists"),
    "contracts_made": pgettext_lazy("ranked figure", "contracts made"),
}


def _status(value: Any, params: Any) -> str:
    """A tournament's status as a sentence names it: "a draft tournament"."""
    if value in Tournament.Status.values:
        return str(Tournament.Status(value).label).lower()
    return str(value)


def _figure(value: Any, params: Any) -> str:
    return str(FIGURES.get(value, value))


class ServiceError(game_services.ServiceError):
    """A request the tournament's state or rules refuse: its code, its parameters and the
    sentence that says why (games.refusals)."""

    labels = {**game_services.ServiceError.labels, "status": _status, "to_status": _status, "figure": _figure}


# --- set-up ------------------------------------------------------------------

TRANSITIONS = {
    Tournament.Status.DRAFT: (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING),
    Tournament.Status.REGISTRATION: (Tournament.Status.DRAFT, Tournament.Status.RUNNING),
    Tournament.Status.RUNNING: (Tournament.Status.FINISHED,),
    Tournament.Status.FINISHED: (Tournament.Status.RUNNING,),
}


#: A table size the game is not played at, by how many sizes it is played at (1, 2, more).
TABLE_SIZES = {
    1: _("%(game)s tables seat %(minimum)s players"),
    2: _("%(game)s tables seat %(minimum)s or %(maximum)s players"),
    3: _("%(game)s tables seat %(minimum)s to %(maximum)s players"),
}

#: What a standings method or tie-break reads of each seat's result (a SeatResult field): a
#: game whose rules do not fill it (Oh Hell has no whists) cannot rank by it.
NEEDS = {Tournament.Method.WHISTS: "whists", "contracts_made": "contracts_made"}


#: Table sizes a points scale may have a line for (the seeds' tables: two to seven players).
SCALE_SIZES = range(2, 8)


def check_table_points(scale: Any, *, table_size: int, method: str) -> None:
    """A table points scale as the compile reads it: ``{"4": [3, 2, 1, 0], ...}``, each key a
    table size, each line that many finite numbers (points for 1st, 2nd, ... place); with the
    table points method, a line for the tournament's table size at least (a table of another
    size, seated when the field does not divide, needs its line too: a compile without it
    fails, and says so on the organiser's page). Refused at the path of what is wrong
    ("table_points.4[2]")."""

    def refuse(path: str, form: str, **params: Any) -> NoReturn:
        raise ServiceError("TABLE_POINTS_INVALID", TABLE_POINTS_FORMS[form], path=path, **params)

    if not isinstance(scale, dict):
        refuse("table_points", "not_object")
    for key, line in scale.items():
        path = f"table_points.{key}"
        if not (isinstance(key, str) and key.isdigit() and int(key) in SCALE_SIZES):
            refuse(path, "size", sizes=list(SCALE_SIZES))
        size = int(key)
        if not isinstance(line, list) or len(line) != size:
            refuse(path, "length", size=size)
        for place, points in enumerate(line):
            if isinstance(points, bool) or not isinstance(points, int | float) or not math.isfinite(points):
                refuse(f"{path}[{place}]", "number")
    if method == Tournament.Method.TABLE_POINTS and str(table_size) not in scale:
        refuse("table_points", "missing", sizes=[table_size])


#: What a table points scale can get wrong (check_table_points), said at its path.
TABLE_POINTS_FORMS = {
    "not_object": _('%(path)s: the scale is an object of table sizes, e.g. {"4": [3, 2, 1, 0]}'),
    "size": _("%(path)s: a table size is one of %(sizes)s"),
    "length": _("%(path)s: a table of %(size)s has %(size)s places, so %(size)s points"),
    "number": _("%(path)s: the points of a place are a number"),
    "missing": _("%(path)s: the table points method needs a line for tables of %(sizes)s"),
}


def check_settings(
    *,
    game_type: str,
    ruleset: Any,
    tiebreaks: Sequence[str],
    table_size: int,
    method: str = Tournament.Method.TOTAL,
    table_points: Any = None,
) -> None:
    """Refuse a set-up the rules cannot play: unknown game or ruleset, tie-break, table size, a
    standings method or tie-break the game's results do not carry, or a table points scale that
    a compile could not read (checked on create and on every update, whatever the method: a
    scale accepted now and used later must not make every compile fail then)."""
    if table_points is not None:
        check_table_points(table_points, table_size=table_size, method=method)
    try:
        rules = registry.get(game_type)
    except registry.UnknownGame:
        raise ServiceError(
            "GAME_UNKNOWN",
            _("unknown game '%(unknown)s'; one of %(games)s"),
            unknown=game_type,
            games=list(registry.game_keys()),
        ) from None
    sizes = registry.table_sizes(game_type)
    if table_size not in sizes:
        raise ServiceError(
            "TABLE_SIZE_UNPLAYABLE",
            TABLE_SIZES[min(len(sizes), 3)],
            game=game_type,
            size=table_size,
            sizes=list(sizes),
            minimum=min(sizes),
            maximum=max(sizes),
        )
    try:
        rules.resolve_ruleset(ruleset, table_size)
    except MalformedDocument as exc:
        raise ServiceError(
            "RULESET_REFUSED", _("%(path)s: %(error)s"), path=exc.path or "ruleset", error=exc.as_dict()
        ) from None
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown or len(set(tiebreaks)) != len(tiebreaks):
        raise ServiceError(
            "TIEBREAKS_INVALID",
            _("tie-breaks are distinct names from %(tiebreaks)s"),
            tiebreaks=list(TIEBREAKS),
            given=list(tiebreaks),
        )
    for name in (method, *tiebreaks):
        figure = NEEDS.get(name)
        if figure is not None and not registry.fills(game_type, figure):
            raise ServiceError(
                "RANKING_FIGURE_MISSING",
                _("%(game)s games have no %(figure)s to rank by (%(name)s)"),
                game=game_type,
                figure=figure,
                name=name,
            )


def tournament_create(*, club: Club, name: str, user: User, **settings: Any) -> Tournament:
    """A new tournament; without a ruleset it plays its game's first preset (Oh Hell classic, bridge seed)."""
    game_type = settings.get("game_type")
    if "ruleset" not in settings and game_type in registry.GAMES:
        settings["ruleset"] = next(iter(registry.get(game_type).PRESETS))
    if "tiebreaks" not in settings and game_type in registry.GAMES:
        # The default order, less what the game's results do not carry (durak: no contracts).
        settings["tiebreaks"] = [
            t for t in default_tiebreaks() if NEEDS.get(t) is None or registry.fills(game_type, NEEDS[t])
        ]
    tournament = Tournament(club=club, name=name.strip(), **settings)
    if not tournament.name:
        raise ServiceError("TOURNAMENT_NAME_MISSING", _("a tournament needs a name"))
    tournament.slug = unique_slug(
        tournament.slug or tournament.name,
        taken=lambda s: Tournament.objects.filter(club=club, slug=s).exists(),
        max_length=Tournament._meta.get_field("slug").max_length or 80,
        fallback="tournament",
    )
    check_settings(
        game_type=tournament.game_type,
        ruleset=tournament.ruleset,
        tiebreaks=tournament.tiebreaks,
        table_size=tournament.preferred_table_size,
        method=tournament.standings_method,
        table_points=tournament.table_points,
    )
    tournament.save()
    return tournament


def tournament_update(*, tournament: Tournament, user: User, reason: str = "", **changes: Any) -> Tournament:
    """Edit the set-up. The tie-break order is fixed at the start: changing it later needs a reason, logged."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if "tiebreaks" in changes and list(changes["tiebreaks"]) != list(tournament.tiebreaks):
            # Every change of the order is in the club's audit log; after the start it needs a reason.
            audit_log.record(
                club_id=tournament.club_id,
                action=AuditEntry.Action.TIEBREAKS_CHANGED,
                actor=user,
                tournament_id=tournament.pk,
                reason=reason.strip(),
                details={"before": list(tournament.tiebreaks), "after": list(changes["tiebreaks"])},
            )
        if (
            "tiebreaks" in changes
            and list(changes["tiebreaks"]) != list(tournament.tiebreaks)
            and tournament.started
        ):
            if not reason.strip():
                raise ServiceError(
                    "TIEBREAKS_REASON_MISSING",
                    _("the tournament has started: changing the tie-break order needs a reason"),
                )
            TiebreakChange.objects.create(
                tournament=tournament,
                changed_by=user,
                reason=reason.strip(),
                before=tournament.tiebreaks,
                after=list(changes["tiebreaks"]),
            )
        if tournament.started and {"game_type", "ruleset"} & set(changes):
            raise ServiceError(
                "TOURNAMENT_RULES_FIXED", _("the game and ruleset are fixed once the tournament has started")
            )
        for name, value in changes.items():
            setattr(tournament, name, value)
        check_settings(
            game_type=tournament.game_type,
            ruleset=tournament.ruleset,
            tiebreaks=tournament.tiebreaks,
            table_size=tournament.preferred_table_size,
            method=tournament.standings_method,
            table_points=tournament.table_points,
        )
        tournament.save()
    request_compile(tournament)
    return tournament


def tournament_set_status(*, tournament: Tournament, status: str) -> Tournament:
    """Move the tournament along draft → registration → running → finished (the stored status decides)."""
    with transaction.atomic():
        current = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if status not in TRANSITIONS.get(current.status, ()):  # type: ignore[call-overload]
            raise ServiceError(
                "TOURNAMENT_STATUS_REFUSED",
                _("a %(status)s tournament cannot become %(to_status)s"),
                status=current.status,
                to_status=status,
            )
        current.status = status
        current.save(update_fields=["status", "updated_at"])
        if status == Tournament.Status.FINISHED and current.game_type == DUPLICATE_GAME and current.rated:
            # Its tables are rated now, on their final comparison (ratings_update).
            game = Game.objects.filter(table__round__tournament=current).order_by("pk").first()
            if game is not None:
                request_rating(game)
    tournament.status = status
    return tournament


def tournament_publish(*, tournament: Tournament, published: bool) -> Tournament:
    """Publishing makes the tournament and all its games readable by anyone."""
    with transaction.atomic():
        tournament.published = published
        tournament.save(update_fields=["published", "updated_at"])
        Game.objects.filter(table__round__tournament=tournament).update(public=published)
    return tournament


# --- entries -------------------------------------------------------------------


def entry_add(*, tournament: Tournament, player: Player) -> Entry:
    if player.club_id != tournament.club_id:
        raise ServiceError(
            "ENTRY_NOT_IN_ROSTER", _("only players of the club's roster enter its tournaments")
        )
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("TOURNAMENT_FINISHED", _("the tournament is finished"))
    entry, _created = Entry.objects.get_or_create(tournament=tournament, player=player)
    request_compile(tournament)
    return entry


def entry_remove(*, tournament: Tournament, player: Player) -> None:
    if TableSeat.objects.filter(table__round__tournament=tournament, player=player).exists():
        raise ServiceError(
            "ENTRY_SEATED",
            _("the player is seated in a round; remove the round's draft or swap them out first"),
            player=player.display_name,
        )
    Entry.objects.filter(tournament=tournament, player=player).delete()
    request_compile(tournament)


# --- rounds and seating ----------------------------------------------------------


def round_generate(
    *, tournament: Tournament, method: str = Round.Seating.ROTATE, seed: int | None = None
) -> Round:
    """A draft round: the seating of every entrant, for the organiser to preview, swap and confirm."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.rounds.filter(status=Round.Status.DRAFT).exists():
            raise ServiceError(
                "ROUND_DRAFT_WAITING",
                _("a round is already waiting for confirmation; confirm or delete it first"),
            )
        players = list(
            Entry.objects.filter(tournament=tournament)
            .order_by("player_id")
            .values_list("player_id", flat=True)
        )
        number = tournament.rounds.count() + 1
        seed = tournament.seed * 1000 + number if seed is None else seed
        ranking: dict[int, int] | None = None
        if method == Round.Seating.STANDINGS:
            # Players sharing a place are tied for seating too; the seed orders them.
            ranking = dict(tournament.standings.values_list("player_id", "rank"))
            last = max(ranking.values(), default=0) + 1
            ranking.update({p: last for p in players if p not in ranking})
        sizes = registry.table_sizes(tournament.game_type)
        try:
            plan = seating.seat_round(
                players,
                preferred=tournament.preferred_table_size,
                history=previous_tables(tournament),
                seed=seed,
                method="standings" if method == Round.Seating.STANDINGS else "rotate",
                standings=ranking,
                minimum=max(min(sizes), seating.MIN_TABLE),
                maximum=min(max(sizes), seating.MAX_TABLE),
            )
        except seating.SeatingError as exc:
            # The seating's own refusal, said in the reader's language (its template is the msgid).
            raise ServiceError(exc.code, _lazy_template(exc.template), **exc.params) from None
        if any(len(table) not in sizes for table in plan.tables):
            raise ServiceError(
                "SEATING_TABLES_UNPLAYABLE",
                _("%(players)s players cannot fill tables of %(game)s"),
                players=len(players),
                game=tournament.game_type,
            )
        round_ = Round.objects.create(
            tournament=tournament, number=number, seating_method=method, seed=seed, repeats=plan.repeats
        )
        _store_tables(round_, plan.tables)
    return round_


def previous_tables(tournament: Tournament) -> list[list[list[int]]]:
    """The confirmed rounds' tables, as lists of player ids: the history seating avoids repeating."""
    rounds: dict[int, dict[int, list[int]]] = {}
    seats = TableSeat.objects.filter(
        table__round__tournament=tournament, table__round__status=Round.Status.CONFIRMED
    ).values_list("table__round_id", "table_id", "player_id")
    for round_id, table_id, player_id in seats.order_by("table__round__number", "table__number", "seat"):
        rounds.setdefault(round_id, {}).setdefault(table_id, []).append(player_id)
    return [list(tables.values()) for tables in rounds.values()]


def _store_tables(round_: Round, tables: Sequence[Sequence[int]]) -> None:
    created = Table.objects.bulk_create([Table(round=round_, number=i) for i in range(1, len(tables) + 1)])
    TableSeat.objects.bulk_create(
        [
            TableSeat(table=table, seat=seat, player_id=player)
            for table, players in zip(created, tables, strict=True)
            for seat, player in enumerate(players)
        ]
    )


def round_swap(*, round_: Round, a: int, b: int) -> Round:
    """Swap two players' seats by hand (across tables too) while the round is a draft."""
    if round_.status != Round.Status.DRAFT:
        raise ServiceError("ROUND_NOT_DRAFT", _("only a draft round's seating can be changed"))
    with transaction.atomic():
        seats = {
            s.player_id: s
            for s in TableSeat.objects.select_for_update().filter(table__round=round_, player_id__in=[a, b])
        }
        if len(seats) != 2:
            raise ServiceError("SWAP_NOT_SEATED", _("both players must be seated in this round"), a=a, b=b)
        first, second = seats[a], seats[b]
        first_place, second_place = (first.table_id, first.seat), (second.table_id, second.seat)
        # Two steps, so the (table, seat) and (table, player) constraints hold throughout.
        TableSeat.objects.filter(pk__in=[first.pk, second.pk]).delete()
        TableSeat.objects.bulk_create(
            [
                TableSeat(table_id=second_place[0], seat=second_place[1], player_id=a),
                TableSeat(table_id=first_place[0], seat=first_place[1], player_id=b),
            ]
        )
        round_.repeats = seating.repeats_of(round_tables(round_), previous_tables(round_.tournament))
        round_.save(update_fields=["repeats"])
    return round_


def round_tables(round_: Round) -> list[list[int]]:
    tables: dict[int, list[int]] = {}
    for table_id, player_id in (
        TableSeat.objects.filter(table__round=round_)
        .order_by("table__number", "seat")
        .values_list("table_id", "player_id")
    ):
        tables.setdefault(table_id, []).append(player_id)
    return list(tables.values())


def round_confirm(*, round_: Round) -> Round:
    if round_.status != Round.Status.DRAFT:
        raise ServiceError("ROUND_ALREADY_CONFIRMED", _("the round is already confirmed"))
    round_.status = Round.Status.CONFIRMED
    round_.save(update_fields=["status"])
    if round_.tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        tournament_set_status(tournament=round_.tournament, status=Tournament.Status.RUNNING)
    return round_


def round_delete(*, round_: Round) -> None:
    if round_.status != Round.Status.DRAFT:
        raise ServiceError("ROUND_CONFIRMED_STAYS", _("a confirmed round stays; only a draft can be deleted"))
    round_.delete()


# --- a table's game ---------------------------------------------------------------


@dataclass
class TableUpload:
    result: game_services.UploadResult
    table: Table


def table_game_upload(
    *, table: Table, content: bytes, user: User, filename: str = "", source: str = Upload.Source.API
) -> TableUpload:
    """Record the game played at a table: it must seat exactly the table's players, under the tournament's rules.

    The file is read by its name (a .pbn under the tournament's ruleset). A
    log that fails these checks is kept like any rejected upload, with the
    path and the reason, and answered as a 400. ``source``: how it came (the
    paper-sheet form, the live scorekeeper, the upload page, the API). When the
    tournament asks its tables to confirm their sheets, the game stays
    provisional until they have (games.settlement).
    """
    tournament = table.round.tournament
    if table.game_id is not None:
        raise ServiceError(
            "TABLE_HAS_GAME", _("this table already has its game; correct it with a new revision instead")
        )
    if table.round.status != Round.Status.CONFIRMED:
        raise ServiceError("ROUND_NOT_CONFIRMED", _("the round's seating is not confirmed yet"))
    problem = _table_mismatch(table, content, filename)
    if problem is not None:
        upload = game_services.upload_rejected(
            club=tournament.club, content=content, user=user, filename=filename, error=problem, source=source
        )
        return TableUpload(result=game_services.UploadResult(upload=upload, refusal=problem), table=table)
    with transaction.atomic():
        result = game_services.game_upload(
            club=tournament.club,
            content=content,
            user=user,
            filename=filename,
            played_at=tournament.starts_at,
            ruleset=tournament.ruleset,
            source=source,
        )
        if result.game is not None:
            if Table.objects.filter(game=result.game).exclude(pk=table.pk).exists():
                raise ServiceError(
                    "TABLE_GAME_ELSEWHERE", _("these exact bytes are already the game of another table")
                )
            table.game = result.game
            table.save(update_fields=["game"])
            if tournament.published and not result.game.public:
                Game.objects.filter(pk=result.game.pk).update(public=True)
            if tournament.confirmation_hours and result.created:
                settlement.confirmation_request(game=result.game, hours=tournament.confirmation_hours)
            request_compile(tournament)
            if tournament.rated:
                request_rating(result.game)
    return TableUpload(result=result, table=table)


#: The log of a table's game seating others than the table's players: by whether some are
#: missing, and whether some are not of the table.
TABLE_PLAYERS = {
    (True, False): _("the log must seat table %(table)s's players: missing %(missing)s"),
    (False, True): _("the log must seat table %(table)s's players: not at this table: %(extra)s"),
    (True, True): _(
        "the log must seat table %(table)s's players: missing %(missing)s; not at this table: %(extra)s"
    ),
}


def _lazy_template(template: str) -> Any:
    """A pure module's English template (seating, standings), translated when it is said."""
    return _(template)  # the msgid is marked where the template is written


def _table_mismatch(table: Table, content: bytes, filename: str = "") -> MalformedDocument | None:
    """Why a log is not this table's game: another game, other players, other teams, another ruleset.

    The teams are the rules' (``teams``): Oh Hell's players each alone, so
    any seat order will do; a bridge table's partnerships (seats 1 and 3
    against 2 and 4 of the table) must be the log's N–S and E–W.
    """
    tournament = table.round.tournament
    try:
        reading = registry.read_named(content, filename, ruleset=tournament.ruleset, received=True)
    except MalformedDocument as exc:
        return exc
    if reading.game != tournament.game_type:
        return DocumentRefusal(
            "game",
            "TABLE_OTHER_GAME",
            _("this tournament plays %(game)s, not %(other_game)s"),
            game=tournament.game_type,
            other_game=reading.game,
        )
    seats = list(TableSeat.objects.filter(table=table).order_by("seat").select_related("player"))
    seated = {s.player.name_key: s.player.display_name for s in seats}
    logged = {Player.key_for(name): name for name in reading.log.players}
    if set(seated) != set(logged):
        missing = sorted(seated[k] for k in set(seated) - set(logged))
        extra = sorted(logged[k] for k in set(logged) - set(seated))
        return DocumentRefusal(
            "players",
            "TABLE_PLAYERS_DIFFER",
            TABLE_PLAYERS[bool(missing), bool(extra)],
            table=table.number,
            missing=missing,
            extra=extra,
        )
    teams = reading.rules.teams(len(seats))
    at_table = [s.player.name_key for s in seats]
    in_log = [Player.key_for(name) for name in reading.log.players]
    if {frozenset(at_table[i] for i in team) for team in teams} != {
        frozenset(in_log[i] for i in team) for team in teams
    }:
        return DocumentRefusal(
            "players",
            "TABLE_PARTNERSHIPS_DIFFER",
            _("the log must keep table %(table)s's partnerships: %(teams)s"),
            table=table.number,
            teams=[[seated[at_table[i]] for i in team] for team in teams],
        )
    try:
        # The ruleset as the log's own document names it, read by the rules as the tournament's is.
        named = reading.rules.to_document(reading.log).get("ruleset")
        played = reading.rules.resolve_ruleset(named, len(logged)).as_dict()
    except MalformedDocument as exc:
        return exc
    expected = reading.rules.resolve_ruleset(tournament.ruleset, len(logged)).as_dict()
    if expected != played:
        differ = sorted(k for k in expected if expected.get(k) != played.get(k))
        return DocumentRefusal(
            "ruleset",
            "TABLE_RULESET_DIFFERS",
            _("the tournament's ruleset differs in %(options)s"),
            options=differ,
        )
    return _boards_mismatch(table, reading.log)


def _boards_mismatch(table: Table, log: Any) -> DocumentRefusal | None:
    """A duplicate table's log must record only the boards the movement gives the table this
    round (some may be missing: a board not played yet, or not reached)."""
    sitting = getattr(table, "sitting", None)  # RelatedObjectDoesNotExist is an AttributeError
    boards = getattr(log, "boards", None)
    if sitting is None or not boards:
        return None
    allowed = set(sitting.boards)
    for index, board in enumerate(boards):
        number = getattr(board, "number", None)
        if number is not None and number not in allowed:
            path = f"boards[{index}].board"
            return DocumentRefusal(
                path,
                "TABLE_BOARD_NOT_HERE",
                _("table %(table)s plays boards %(boards)s in round %(round)s, not board %(board)s"),
                table=table.number,
                boards=", ".join(str(n) for n in sorted(allowed)),
                round=table.round.number,
                board=number,
            )
    return None


# --- standings -----------------------------------------------------------------------


#: A part of a tournament's rounds for the standings: round numbers from the first up to (not
#: including) the stop; None for no bound.
RoundSpan = tuple[int | None, int | None]


def table_results(tournament: Tournament, *, rounds: RoundSpan = (None, None)) -> list[standings.TableResult]:
    """Each finished table of a confirmed round: its game's seats, totals, contracts made and whists.

    One read of the games' seats, whatever the number of tables: each seat
    carries its own results (written with the game's report from the rules'
    ``seat_results``; a bridge seat has its side's), so no deal rows are
    scanned. The models' default ordering is dropped: it would join the
    games, revisions and reports for nothing. ``rounds`` reads only the
    tables of those rounds (a part of a compile split over workers).
    """
    played = GameSeat.objects.filter(
        game__table__round__tournament=tournament, game__table__round__status=Round.Status.CONFIRMED
    )
    first, stop = rounds
    if first is not None:
        played = played.filter(game__table__round__number__gte=first)
    if stop is not None:
        played = played.filter(game__table__round__number__lt=stop)
    rows = played.order_by().values_list(
        "game__table__id",
        "game__table__round__number",
        "seat",
        "player_id",
        "total",
        "contracts_made",
        "whists",
    )
    tables: dict[int, tuple[int, dict[int, tuple[int, float, int, float]]]] = {}
    for table_id, round_number, seat, player_id, total, made, whists in rows:
        tables.setdefault(table_id, (round_number, {}))[1][seat] = (
            player_id,
            float(total or 0),
            made,
            float(whists or 0),
        )
    results = []
    rules = registry.get(tournament.game_type)
    teams_of: dict[int, tuple[tuple[int, ...], ...]] = {}  # by table size
    for table_id in sorted(tables):
        round_number, seats = tables[table_id]
        in_order = [seats[s] for s in sorted(seats)]
        size = len(in_order)
        if size not in teams_of:
            teams_of[size] = tuple(team for team in rules.teams(size) if len(team) > 1)
        results.append(
            standings.TableResult(
                table=table_id,
                round=round_number,
                players=tuple(p for p, _, _, _ in in_order),
                totals=tuple(t for _, t, _, _ in in_order),
                contracts_made=tuple(m for _, _, m, _ in in_order),
                whists=tuple(w for _, _, _, w in in_order),
                teams=teams_of[size],
            )
        )
    return results


def standings_rules(tournament: Tournament) -> dict[str, Any]:
    """How the tournament ranks (method, table points, tie-breaks, seed), as JSON a task can carry:
    a compile split over workers ranks by the rules it started with."""
    return {
        "method": tournament.standings_method,
        "table_points": {str(size): list(points) for size, points in tournament.table_points.items()},
        "tiebreaks": list(tournament.tiebreaks),
        "seed": tournament.seed,
    }


def _ranking(rules: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of standings.rank / compile_standings for these rules."""
    return {
        "method": rules["method"],
        "table_points": {int(size): points for size, points in rules["table_points"].items()},
        "tiebreaks": rules["tiebreaks"],
        "seed": rules["seed"],
    }


def standings_compile(*, tournament: Tournament) -> list[Standing]:
    """Recompute the standings from the tables' games and replace the Standing rows in one transaction."""
    if is_duplicate(tournament):
        from tournaments import duplicate, individual, teams  # scored against the field (issue 22)

        if teams.is_teams(tournament):
            return _standings_write(tournament, teams.standings_lines(tournament))
        if individual.is_individual(tournament):
            return _standings_write(tournament, individual.standings_lines(tournament))
        return _standings_write(tournament, duplicate.standings_lines(tournament))
    players = list(Entry.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    lines = standings.compile_standings(
        players, table_results(tournament), **_ranking(standings_rules(tournament))
    )
    return _standings_write(tournament, lines)


def is_duplicate(tournament: Tournament) -> bool:
    """Whether the tournament is a duplicate event: its tables compared across the field."""
    return DuplicateEvent.objects.filter(tournament_id=tournament.pk).exists()


def tables_per_round(tournament: Tournament) -> list[tuple[int, int]]:
    """(round number, tables with a game) for each confirmed round that has one, in round order."""
    return list(
        Table.objects.filter(
            round__tournament=tournament, round__status=Round.Status.CONFIRMED, game__isnull=False
        )
        .order_by("round__number")
        .values("round__number")
        .annotate(tables=Count("pk"))
        .values_list("round__number", "tables")
    )


def round_spans(counts: Sequence[tuple[int, int]], *, part_tables: int) -> list[RoundSpan]:
    """Cut the rounds, in order, into as many parts of whole rounds as hold ``part_tables`` tables
    each (at least one), about even. The first part is open below and the last open above, so
    a round confirmed after the cut is still read by one part."""
    total = sum(tables for _, tables in counts)
    parts = max(1, total // max(1, part_tables))
    starts: list[int] = []
    done = 0
    for number, tables in counts:
        if len(starts) < parts - 1 and done * parts >= (len(starts) + 1) * total:
            starts.append(number)
        done += tables
    bounds: list[int | None] = [None, *starts, None]
    return list(itertools.pairwise(bounds))


def standings_part(*, tournament: Tournament, rounds: RoundSpan, rules: dict[str, Any]) -> dict[str, Any]:
    """One part of a split compile: the tally of these rounds' tables, as flat numbers for the merge
    (placings only for table points, the tables' places only for head-to-head)."""
    counted = standings.tally(
        table_results(tournament, rounds=rounds),
        placings=rules["method"] == "table_points",
        tables="head_to_head" in rules["tiebreaks"],
    )
    return dict(counted.to_wire())


def standings_merge(
    *, tournament: Tournament, parts: Sequence[dict[str, Any]], rules: dict[str, Any]
) -> list[Standing]:
    """The parts' tallies merged and ranked as :func:`standings_compile` ranks all the tables at
    once, and written the same way."""
    players = list(Entry.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    counted = standings.merge(standings.Tally.from_wire(part) for part in parts)
    return _standings_write(tournament, standings.rank(players, counted, **_ranking(rules)))


def provisional_counts(tournament: Tournament) -> dict[int, int]:
    """Per player, how many of their tournament games are provisional (a dispute open, a sheet
    unconfirmed: games.settlement) — one query over the games' marks."""
    return dict(
        GameSeat.objects.filter(
            game__table__round__tournament=tournament,
            game__table__round__status=Round.Status.CONFIRMED,
            game__provisional=True,
        )
        .order_by()
        .values("player_id")
        .annotate(n=Count("pk"))
        .values_list("player_id", "n")
    )


@dataclass(frozen=True)
class ProvisionalTable:
    """A table whose result is not final yet, and why: its open disputes, its sheet's confirmations."""

    table: Table
    open_disputes: list[int]
    confirmed: int
    players: int
    confirm_until: Any


def provisional_tables(tournament: Tournament) -> list[ProvisionalTable]:
    """The tables of the tournament whose result is provisional, in round and table order, each
    with why (three queries: the tables, their open disputes, their confirmations)."""
    from games.models import Dispute, GameConfirmation

    tables = list(
        Table.objects.filter(round__tournament=tournament, game__provisional=True)
        .select_related("round", "game")
        .annotate(seated=Count("game__seats"))
        .order_by("round__number", "number")
    )
    games = [t.game_id for t in tables]
    disputes: dict[int, list[int]] = {}
    for game_id, pk in Dispute.objects.filter(game_id__in=games, status=Dispute.Status.OPEN).values_list(
        "game_id", "pk"
    ):
        disputes.setdefault(game_id, []).append(pk)
    confirmed = dict(
        GameConfirmation.objects.filter(game_id__in=games)
        .order_by()
        .values("game_id")
        .annotate(n=Count("pk"))
        .values_list("game_id", "n")
    )
    return [
        ProvisionalTable(
            table=t,
            open_disputes=disputes.get(t.game_id, []),  # type: ignore[arg-type]
            confirmed=confirmed.get(t.game_id, 0),
            players=t.seated,
            confirm_until=t.game.confirm_until if t.game else None,
        )
        for t in tables
    ]


def provisional_results(tournament: Tournament) -> int:
    """How many of the tournament's table results are provisional now (one count)."""
    return (
        Table.objects.filter(
            round__tournament=tournament, round__status=Round.Status.CONFIRMED, game__provisional=True
        )
        .order_by()
        .count()
    )


def _standings_write(tournament: Tournament, lines: Sequence[standings.Line]) -> list[Standing]:
    """Replace the tournament's Standing rows with these lines, in one transaction, each line
    saying how many of its games are provisional."""
    now = timezone.now()
    provisional = provisional_counts(tournament)
    rows = [
        Standing(
            tournament=tournament,
            player_id=line.player,
            rank=line.rank,
            rank_to=line.rank_to,
            points=round(line.points, 4),
            games=line.games,
            provisional=provisional.get(line.player, 0),
            tiebreaks=line.tiebreaks,
            partner_id=line.partner,
            compiled_at=now,
        )
        for line in lines
    ]
    with transaction.atomic():
        Standing.objects.filter(tournament=tournament).delete()
        Standing.objects.bulk_create(rows)
        Tournament.objects.filter(pk=tournament.pk).update(
            standings_compiled_at=now,
            provisional_results=provisional_results(tournament),
            standings_failure=None,  # a compile that succeeds clears the last one's failure
        )
    return rows


def request_rating(game: Game) -> None:
    """Rate a newly recorded game of a rated tournament once the transaction commits (a broker
    that cannot be reached then is logged, not raised: tasks.queue_rating_safely)."""
    from tournaments.tasks import queue_rating_safely

    game_id = game.pk
    transaction.on_commit(lambda: queue_rating_safely(game_id))


def request_compile(tournament: Tournament) -> None:
    """Mark the standings stale in the current transaction, and queue a compile once it commits
    (coalesced by the task module). The mark is in the database, so a compile the broker never
    received is queued again by the sweep (tournaments.tasks.sweep_stale_standings)."""
    from tournaments.tasks import queue_compile_safely

    tournament_id = tournament.pk
    Tournament.objects.filter(pk=tournament_id).update(standings_stale=True)
    transaction.on_commit(lambda: queue_compile_safely(tournament_id))


def cross_table(*, tournament: Tournament) -> dict[str, Any]:
    """Who met whom: per player (in standings order), each round's table, place, total and opponents."""
    names = dict(Player.objects.filter(entries__tournament=tournament).values_list("id", "display_name"))
    order = list(
        Standing.objects.filter(tournament=tournament)
        .order_by("rank", "player_id")
        .values_list("player_id", flat=True)
    )
    order += sorted((p for p in names if p not in set(order)), key=lambda p: names[p])
    rows: dict[int, list[dict[str, Any]]] = {p: [] for p in order}
    provisional = set(
        Table.objects.filter(round__tournament=tournament, game__provisional=True).values_list(
            "pk", flat=True
        )
    )
    for result in sorted(table_results(tournament), key=lambda r: (r.round, r.table)):
        places = result.places()
        for seat, player in enumerate(result.players):
            first, last = places[seat]
            rows.setdefault(player, []).append(
                {
                    "round": result.round,
                    "table": result.table,
                    "total": result.totals[seat],
                    "provisional": result.table in provisional,
                    "place": str(first) if first == last else f"{first}–{last}",
                    "opponents": [
                        {"player_id": other, "player": names.get(other, ""), "total": result.totals[i]}
                        for i, other in enumerate(result.players)
                        if other != player
                    ],
                }
            )
    return {
        "players": [{"player_id": p, "player": names.get(p, "")} for p in rows],
        "rows": [
            {"player_id": p, "player": names.get(p, ""), "results": results} for p, results in rows.items()
        ],
    }


# --- ratings -------------------------------------------------------------------------


def rated_games(game_type: str, *, after: Any = None) -> QuerySet[Game]:
    """The games of rated tournaments' confirmed tables, in the order they were played."""
    games = Game.objects.filter(
        game_type=game_type,
        table__round__tournament__rated=True,
        table__round__status=Round.Status.CONFIRMED,
    )
    if game_type == DUPLICATE_GAME:
        # A duplicate table is rated on its result against the field, final once the event is
        # (tournaments.duplicate_ratings).
        games = games.filter(table__round__tournament__status=Tournament.Status.FINISHED)
    if after is not None:
        games = games.filter(played_at__gt=after)
    return games.order_by("played_at", "pk")


def _as_rated(games: Sequence[Game]) -> list[ratings.RatedGame]:
    """Each game's players in seat order, seat totals and teams (the rules' ``teams``: bridge partners
    are rated as a team of two, Oh Hell's players each alone)."""
    seats: dict[int, dict[int, int]] = {}
    for game_id, seat, player_id in GameSeat.objects.filter(game__in=games).values_list(
        "game_id", "seat", "player_id"
    ):
        seats.setdefault(game_id, {})[seat] = player_id
    against_field = {}
    duplicate_games = [g.pk for g in games if g.game_type == DUPLICATE_GAME]
    if duplicate_games:
        from tournaments import duplicate_ratings

        against_field = duplicate_ratings.table_scores(duplicate_games)
    rated = []
    for g in games:
        players = tuple(seats[g.pk][s] for s in sorted(seats.get(g.pk, {})))
        totals = tuple(float(t) for t in g.totals)
        if g.game_type == DUPLICATE_GAME:
            if g.pk not in against_field:
                continue  # no comparison for this table yet
            ns, ew = against_field[g.pk]
            totals = (ns, ew, ns, ew)
        rated.append(
            ratings.RatedGame(
                game=g.pk,
                players=players,
                totals=totals,
                teams=tuple(registry.get(g.game_type).teams(len(players))),
            )
        )
    return rated


def ratings_rebuild(*, game_type: str) -> int:
    """Recompute every rating of a game from scratch (the nightly job); returns the games rated."""
    games = list(rated_games(game_type).only("pk", "game_type", "played_at", "totals"))
    skills, history = ratings.rate(_as_rated(games))
    played = {g.pk: g.played_at for g in games}
    counts = Counter(change.player for change in history)
    with transaction.atomic():
        RatingChange.objects.filter(game_type=game_type).delete()
        Rating.objects.filter(game_type=game_type).delete()
        _store_ratings(game_type, skills, counts, history, played)
    return len(games)


def ratings_update(*, game: Game) -> int:
    """Rate one newly recorded game: incrementally when it is the newest, else by a rebuild.

    A duplicate table is rated with its finished event (:func:`rated_games`), every table at
    once: a recorded table changes the other tables' comparison on its boards."""
    if game.game_type == DUPLICATE_GAME:
        finished = Tournament.objects.filter(
            rounds__tables__game=game, status=Tournament.Status.FINISHED, rated=True
        ).exists()
        if not finished:
            return 0
        # The tables of an evening are often rated all at once (finishing it queues them): one
        # rebuild covers every revision older than it.
        revision = game.current_revision
        rebuilt_since = revision is not None and (
            Rating.objects.filter(game_type=DUPLICATE_GAME, updated_at__gt=revision.uploaded_at).exists()
        )
        return 0 if rebuilt_since else ratings_rebuild(game_type=DUPLICATE_GAME)
    latest = RatingChange.objects.filter(game_type=game.game_type).order_by("-played_at", "-game_id").first()
    known = RatingChange.objects.filter(game=game).exists()
    if known or (latest is not None and (game.played_at, game.pk) < (latest.played_at, latest.game_id)):
        return ratings_rebuild(game_type=game.game_type)
    (rated,) = _as_rated([game])
    current = {
        r.player_id: ratings.Skill(mu=r.mu, sigma=r.sigma)
        for r in Rating.objects.filter(game_type=game.game_type, player_id__in=rated.players)
    }
    skills, history = ratings.rate([rated], current)
    counts = Counter(
        dict(
            Rating.objects.filter(game_type=game.game_type, player_id__in=rated.players).values_list(
                "player_id", "games"
            )
        )
    )
    counts.update(change.player for change in history)
    with transaction.atomic():
        Rating.objects.filter(game_type=game.game_type, player_id__in=rated.players).delete()
        _store_ratings(game.game_type, skills, counts, history, {game.pk: game.played_at})
    return 1


def _store_ratings(
    game_type: str,
    skills: dict[int, ratings.Skill],
    counts: Counter[int],
    history: list[ratings.Change],
    played: dict[int, Any],
) -> None:
    Rating.objects.bulk_create(
        [
            Rating(
                player_id=player,
                game_type=game_type,
                mu=skill.mu,
                sigma=skill.sigma,
                ordinal=skill.ordinal,
                games=counts[player],
            )
            for player, skill in skills.items()
        ],
        batch_size=1000,
    )
    RatingChange.objects.bulk_create(
        [
            RatingChange(
                player_id=change.player,
                game_type=game_type,
                game_id=change.game,
                played_at=played[change.game],
                mu=change.skill.mu,
                sigma=change.skill.sigma,
                ordinal=change.skill.ordinal,
            )
            for change in history
        ],
        batch_size=1000,
    )
