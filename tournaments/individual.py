"""An individual duplicate event of a tournament (issue 22): every player partners every other once.

A club's individual evening has no pairs: the players are numbered as the movement's guide
cards number them (:class:`~tournaments.models.DuplicatePlayer`), and in each round each table
seats four of them by a Whist-tournament movement (rules.duplicate.individual) — North and
South partners against East and West. Every table of a round plays the same boards (the set of
the round, duplicated for each table), so each board is compared across the whole field.

Set-up (:func:`setup`) writes every round, table, its four seats and its
:class:`~tournaments.models.DuplicateSitting` (``ns`` and ``ew`` name the North and East
players; the boards). Each table's round is one game, a ``bridge-duplicate`` table log
entered as a traveller, uploaded or imported, its bytes and revisions kept as for every game.

Scoring (:func:`score`) is by matchpoints, as club individuals are scored: each board's results
compared across the field (rules.duplicate.session, Neuberg for a board played at fewer tables
than the movement plays it, a fouled board compared within its version as in a pairs event).
Each result is one partnership's for that round; a player earns what their partnership earned
on the board, and the ranking is each player's percentage of the tops of the boards they played.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.models import GameSeat, Player
from rules.duplicate.individual import SIZES, IndividualMovement, individual
from rules.duplicate.matchpoints import Played, percentage
from rules.duplicate.movements import boards_of_set
from rules.duplicate.session import BoardResult, Traveller, score_session
from tournaments import standings
from tournaments.duplicate import (
    EAST,
    GAME,
    NORTH,
    SOUTH,
    WEST,
    _fouled,
    _played_hands,
    check_hand_record,
    result_of,
)
from tournaments.models import (
    DuplicateEvent,
    DuplicatePlayer,
    DuplicateSitting,
    Entry,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from tournaments.services import ServiceError, request_compile

INDIVIDUAL = DuplicateEvent.Movement.INDIVIDUAL


def is_individual(tournament: Tournament) -> bool:
    """Whether the tournament is an individual duplicate event."""
    return DuplicateEvent.objects.filter(tournament_id=tournament.pk, movement=INDIVIDUAL).exists()


def movement_of(event: DuplicateEvent) -> IndividualMovement:
    """The event's movement, built again from its field and its rounds."""
    players = DuplicatePlayer.objects.filter(tournament_id=event.tournament_id).count()
    return individual(players, event.rounds)


def full_rounds(players: int) -> int:
    """The rounds of the whole movement for a field: every player partners every other once."""
    return individual(players).rounds


# --- set-up ------------------------------------------------------------------------------


@transaction.atomic
def setup(
    *,
    tournament: Tournament,
    players: Sequence[Player],
    boards_per_round: int = 2,
    rounds: int | None = None,
    deal_seed: str | None = None,
    hand_record_file: str = "",
) -> DuplicateEvent:
    """Set up an individual: its players numbered in the order given, the movement's rounds,
    tables, seats and sittings, confirmed; the boards dealt from the seed (random unless given)
    or from the organiser's PBN hand-record file, which must deal every board played."""
    if tournament.game_type != GAME:
        raise ServiceError(
            "DUPLICATE_NOT_BRIDGE", _("only a duplicate bridge tournament is played with a movement")
        )
    if DuplicateEvent.objects.filter(tournament=tournament).exists() or tournament.rounds.exists():
        raise ServiceError("DUPLICATE_ALREADY_SET_UP", _("this tournament's rounds are already set up"))
    ids = [p.pk for p in players]
    if len(set(ids)) != len(ids) or any(p.club_id != tournament.club_id for p in players):
        raise ServiceError(
            "INDIVIDUAL_PLAYERS_REFUSED",
            _("every player of an individual is a player of the club, named once"),
        )
    if len(players) not in SIZES:
        raise ServiceError(
            "INDIVIDUAL_FIELD",
            _("an individual is played by %(sizes)s players, not %(count)s"),
            sizes=", ".join(map(str, SIZES)),
            count=len(players),
        )
    if not 1 <= boards_per_round <= 8:
        raise ServiceError(
            "DUPLICATE_BOARDS_PER_ROUND",
            _("a round is 1 to 8 boards, not %(boards)s"),
            boards=boards_per_round,
        )
    full = full_rounds(len(players))
    if rounds is not None and not 1 <= rounds <= full:
        raise ServiceError(
            "INDIVIDUAL_ROUNDS",
            _("an individual of %(count)s players is 1 to %(most)s rounds"),
            count=len(players),
            most=full,
        )
    plan = individual(len(players), rounds)
    if hand_record_file:
        check_hand_record(hand_record_file, plan, boards_per_round)
    event = DuplicateEvent.objects.create(
        tournament=tournament,
        movement=INDIVIDUAL,
        tables=plan.tables,
        boards_per_round=boards_per_round,
        rounds=plan.rounds,
        scoring=DuplicateEvent.Scoring.MATCHPOINTS,
        deal_seed=deal_seed or secrets.token_hex(8),
        hand_record_file=hand_record_file,
    )
    numbered = {}
    for number, player in enumerate(players, start=1):
        numbered[number] = DuplicatePlayer.objects.create(tournament=tournament, number=number, player=player)
        Entry.objects.get_or_create(tournament=tournament, player=player)
    for number in range(1, plan.rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.CONFIRMED, seed=tournament.seed
        )
        for foursome in plan.round(number):
            table = Table.objects.create(round=round_, number=foursome.table)
            TableSeat.objects.bulk_create(
                [
                    TableSeat(table=table, seat=seat, player=numbered[at].player)
                    for seat, at in zip((NORTH, EAST, SOUTH, WEST), foursome.players(), strict=True)
                ]
            )
            DuplicateSitting.objects.create(
                table=table,
                ns=foursome.north,
                ew=foursome.east,
                board_set=foursome.boards,
                boards=list(boards_of_set(foursome.boards, boards_per_round)),
            )
    tournament.rounds_planned = plan.rounds
    tournament.standings_method = Tournament.Method.TOTAL
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rounds_planned", "standings_method", "status", "updated_at"])
    request_compile(tournament)
    return event


# --- scoring -----------------------------------------------------------------------------


@dataclass(slots=True)
class PlayerScore:
    """A player's evening: the matchpoints earned with each partner, board by board."""

    player: int
    by_board: dict[int, Fraction] = field(default_factory=dict)
    total: Fraction = Fraction(0)
    tops: int = 0
    score: Fraction = Fraction(0)
    place: str = ""


@dataclass(frozen=True, slots=True)
class Side:
    """One partnership of one table and round: its two players' numbers (North and South, or
    East and West)."""

    round: int
    table: int
    direction: str
    players: tuple[int, int]


@dataclass
class IndividualResults:
    """The event scored: each board's traveller (its rows' sides are :attr:`sides`' keys), each
    player's score and the ranking."""

    event: DuplicateEvent
    players: dict[int, DuplicatePlayer]
    travellers: list[Traveller]
    sides: dict[int, Side]
    scores: dict[int, PlayerScore]
    ranking: list[int]
    #: Per board, North–South side → the table's report row of the board.
    lines: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    #: Per board, the tables the movement plays it at.
    expected: dict[int, int] = field(default_factory=dict)

    def card(self, number: int) -> list[dict[str, Any]]:
        """The player's personal score card: each board they played, with partner, opponents,
        the partnership's score and what it earned."""
        out = []
        for traveller in self.travellers:
            for row, ns, ew in traveller.rows:
                for side_id, earned, other_id in ((row.ns, ns, row.ew), (row.ew, ew, row.ns)):
                    side = self.sides[side_id]
                    if number not in side.players:
                        continue
                    played = row.result.ns_score if isinstance(row.result, Played) else None
                    if played is not None and side.direction == "EW":
                        played = -played
                    out.append(
                        {
                            "board": traveller.board,
                            "round": side.round,
                            "table": side.table,
                            "direction": side.direction,
                            "partner": next(p for p in side.players if p != number),
                            "opponents": self.sides[other_id].players,
                            "score": played,
                            "earned": earned,
                            "top": traveller.mark,
                            "line": self.lines.get(traveller.board, {}).get(row.ns, {}),
                        }
                    )
        return sorted(out, key=lambda line: line["board"])


def score(tournament: Tournament) -> IndividualResults:
    """Score the individual from every recorded table (see the module docstring)."""
    event = tournament.duplicate
    players = {
        p.number: p for p in DuplicatePlayer.objects.filter(tournament=tournament).select_related("player")
    }
    number_of = {p.player_id: n for n, p in players.items()}
    tables = list(
        Table.objects.filter(
            round__tournament=tournament, round__status=Round.Status.CONFIRMED, game__isnull=False
        )
        .select_related("round", "sitting", "game__current_report")
        .order_by("round__number", "number")
    )
    seated: dict[int, dict[int, int]] = defaultdict(dict)
    for table_id, seat, player_id in TableSeat.objects.filter(table__in=tables).values_list(
        "table_id", "seat", "player_id"
    ):
        seated[table_id][seat] = player_id
    played_by: dict[int, dict[int, int]] = defaultdict(dict)
    for game_id, seat, player_id in GameSeat.objects.filter(game__in=[t.game_id for t in tables]).values_list(
        "game_id", "seat", "player_id"
    ):
        played_by[game_id][seat] = player_id
    sides: dict[int, Side] = {}
    rows: list[BoardResult] = []
    row_tables: list[int] = []
    lines: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for table in tables:
        report = table.game.current_report.report if table.game and table.game.current_report else None
        if not report:
            continue
        # Who played: the log's seats where they are the event's players, else the movement's.
        at = {
            seat: number_of.get(played_by[table.game_id or 0].get(seat, 0))
            or number_of.get(seated[table.pk].get(seat, 0), 0)
            for seat in (NORTH, EAST, SOUTH, WEST)
        }
        ns_id, ew_id = len(sides) + 1, len(sides) + 2
        sides[ns_id] = Side(table.round.number, table.number, "NS", (at[NORTH], at[SOUTH]))
        sides[ew_id] = Side(table.round.number, table.number, "EW", (at[EAST], at[WEST]))
        for line in report.get("boards", ()):
            result = result_of(line)
            if result is None:
                continue
            rows.append(BoardResult(int(line["board"]), ns_id, ew_id, result))
            row_tables.append(table.pk)
            lines[int(line["board"])][ns_id] = line
    rows = _fouled(event, rows, row_tables, _played_hands(tables))
    expected = expected_plays(event)
    travellers, side_scores = score_session(rows, "matchpoints", expected=expected)
    scores: dict[int, PlayerScore] = {}
    for side_id, side_score in side_scores.items():
        for number in sides[side_id].players:
            mine = scores.setdefault(number, PlayerScore(number))
            mine.by_board.update(side_score.by_board)
            mine.total += side_score.total
            mine.tops += side_score.tops
    for mine in scores.values():
        mine.score = percentage(mine.total, mine.tops)
    ranking = _rank(scores, players)
    return IndividualResults(event, players, travellers, sides, scores, ranking, dict(lines), expected)


def expected_plays(event: DuplicateEvent) -> dict[int, int]:
    """Per board, how many tables the movement plays it at: every table of its round."""
    out: dict[int, int] = defaultdict(int)
    for sitting in movement_of(event).sittings:
        for number in boards_of_set(sitting.boards, event.boards_per_round):
            out[number] += 1
    return dict(out)


def _rank(scores: dict[int, PlayerScore], players: dict[int, DuplicatePlayer]) -> list[int]:
    """The players in ranking order, each scored player given a place; equal percentages share it."""
    ordered = sorted(scores.values(), key=lambda s: (-s.score, s.player))
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1].score == ordered[i].score:
            j += 1
        for k in range(i, j + 1):
            ordered[k].place = str(i + 1) if i == j else f"{i + 1}–{j + 1}"
        i = j + 1
    return [s.player for s in ordered] + sorted(set(players) - set(scores))


def standings_lines(tournament: Tournament) -> list[standings.Line]:
    """The standings of an individual: one line per player, ``points`` the percentage, ``games``
    the boards played; a player with no board scored yet comes after those with one."""
    results = score(tournament)
    out = []
    scored = len(results.scores)
    for number in results.ranking:
        mine = results.scores.get(number)
        if mine is None:
            rank, rank_to = scored + 1, len(results.players)
        else:
            first, _sep, last = mine.place.partition("–")
            rank, rank_to = int(first), int(last or first)
        out.append(
            standings.Line(
                player=results.players[number].player_id,
                points=float(mine.score) if mine else 0.0,
                games=len(mine.by_board) if mine else 0,
                rank=rank,
                rank_to=rank_to,
                tiebreaks={"player_number": number, "total": float(mine.total) if mine else 0.0},
            )
        )
    return out
