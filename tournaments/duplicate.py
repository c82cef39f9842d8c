"""A duplicate bridge event of a tournament (issue 22): set up from a movement, scored against the field.

Set-up (:func:`setup`) writes the whole movement at once — every round, every table, its four
seats (North, East, South, West: the North–South pair's first and second player at N and S,
the East–West pair's at E and W) and its :class:`~tournaments.models.DuplicateSitting` (the
pairs and the boards). Each table's round is then one game of the tournament, a
``bridge-duplicate`` table log (docs/bridge-duplicate-log.md) entered as a traveller, uploaded
or imported like any other game: its bytes and revisions are kept the same way.

Scoring (:func:`score`) reads the current report of every recorded table, compares the boards
across the field by the event's method (rules.duplicate.session: matchpoints with Neuberg
for a board played fewer times than the movement plays it, cross-IMPs, or Butler) and gives
the travellers and each pair's score and place. :func:`standings_lines` turns that into the
tournament's standing lines (one per pair, carried by both partners' rows), so the compile
task, the sweep and the standings pages work for a duplicate event as for any tournament.

A pair that withdraws (:func:`pair_withdraw`) sits out its later rounds: those tables are
not played, and the boards they would have played are scaled by Neuberg. A pair that comes
late is the same: the rounds it missed have no result, and nothing is invented for them.
"""

from __future__ import annotations

import secrets
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.models import GameRevision, GameSeat, Player
from rules.bridge.boards import Board, deal_board, fouled_versions
from rules.bridge.core import SEATS
from rules.bridge.pbn_duplicate import read_hand_record
from rules.cards import NAME, cards_of
from rules.duplicate.individual import IndividualMovement
from rules.duplicate.matchpoints import Adjusted, Played
from rules.duplicate.movements import Movement, Sitting, boards_of_set, howell, mitchell
from rules.duplicate.session import (
    BoardResult,
    PairScore,
    ScoreCardLine,
    Traveller,
    score_card,
    score_session,
)
from rules.errors import MalformedDocument
from tournaments import standings
from tournaments.models import (
    DuplicateEvent,
    DuplicatePair,
    DuplicateSitting,
    Entry,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from tournaments.services import ServiceError, request_compile

#: The game key of a duplicate table's log (rules.registry).
GAME = "bridge-duplicate"
#: Seats of the table log: North, East, South, West.
NORTH, EAST, SOUTH, WEST = range(4)


def movement_of(event: DuplicateEvent, *, phantom: int | None = None) -> Movement:
    """The event's movement, built again from its settings (rules.duplicate.movements). An
    imported evening has none (:func:`is_imported`): ValueError."""
    if event.movement == DuplicateEvent.Movement.IMPORTED:
        raise ValueError("an imported evening's sittings are its file's: it has no movement of ours")
    if event.movement == DuplicateEvent.Movement.HOWELL:
        return howell(event.tables, phantom=phantom)
    return mitchell(
        event.tables,
        rounds=event.rounds,
        switched=event.arrow_switch,
        phantom=phantom,
        relay=event.movement == DuplicateEvent.Movement.MITCHELL_RELAY,
    )


def _movement(
    kind: str, tables: int, rounds: int | None, arrow_switch: Sequence[int], phantom: int | None
) -> Movement:
    try:
        if kind == DuplicateEvent.Movement.HOWELL:
            if rounds is not None or arrow_switch:
                raise ValueError("a Howell is played whole and has no arrow switch")
            return howell(tables, phantom=phantom)
        if kind not in DuplicateEvent.Movement.values:
            raise ValueError(kind)
        return mitchell(
            tables,
            rounds=rounds,
            switched=arrow_switch,
            phantom=phantom,
            relay=kind == DuplicateEvent.Movement.MITCHELL_RELAY,
        )
    except ValueError as exc:
        raise ServiceError(
            "DUPLICATE_MOVEMENT_REFUSED",
            _("this movement cannot be played by %(tables)s tables in %(rounds)s rounds"),
            tables=tables,
            rounds=rounds if rounds is not None else "—",
        ) from exc


def preview_movement(
    kind: str, tables: int, rounds: int | None, arrow_switch: Sequence[int], phantom: int | None
) -> Movement:
    """The movement :func:`setup` would write with these settings, written nowhere: the set-up
    page shows it to the director first. A ServiceError when no such movement exists."""
    return _movement(kind, tables, rounds, arrow_switch, phantom)


def phantom_of(pairs: int) -> int | None:
    """The pair number nobody has in a field of an odd number of pairs (its opponents sit out):
    the last East–West pair of a Mitchell, the last pair of a Howell."""
    return pairs + 1 if pairs % 2 else None


@transaction.atomic
def setup(
    *,
    tournament: Tournament,
    pairs: Sequence[tuple[Player, Player]],
    movement: str = DuplicateEvent.Movement.MITCHELL,
    boards_per_round: int = 3,
    scoring: str = DuplicateEvent.Scoring.MATCHPOINTS,
    rounds: int | None = None,
    arrow_switch: Sequence[int] = (),
    deal_seed: str | None = None,
    hand_record_file: str = "",
    user: User | None = None,
) -> DuplicateEvent:
    """Set up a duplicate event: its pairs (numbered in the order given, as the guide cards
    number them), the movement's rounds, tables, seats and sittings, confirmed, and the seed
    the boards are dealt from (random unless given) — or the PBN hand-record file they were
    dealt from (``hand_record_file``), which must hold every board the movement plays."""
    if tournament.game_type != GAME:
        raise ServiceError(
            "DUPLICATE_NOT_BRIDGE", _("only a duplicate bridge tournament is played with a movement")
        )
    if DuplicateEvent.objects.filter(tournament=tournament).exists() or tournament.rounds.exists():
        raise ServiceError("DUPLICATE_ALREADY_SET_UP", _("this tournament's rounds are already set up"))
    if len(pairs) < 3:
        raise ServiceError(
            "DUPLICATE_TOO_FEW_PAIRS",
            _("a duplicate event needs at least 3 pairs, not %(pairs)s"),
            pairs=len(pairs),
        )
    seen: set[int] = set()
    for first, second in pairs:
        if (
            first.pk == second.pk
            or {first.pk, second.pk} & seen
            or first.club_id != tournament.club_id
            or second.club_id != tournament.club_id
        ):
            raise ServiceError(
                "DUPLICATE_PAIRS_REFUSED",
                _(
                    "every player plays in one pair only, with a partner of the same club: %(first)s – %(second)s"
                ),
                first=first.display_name,
                second=second.display_name,
            )
        seen |= {first.pk, second.pk}
    if not 1 <= boards_per_round <= 8:
        raise ServiceError(
            "DUPLICATE_BOARDS_PER_ROUND",
            _("a round is 1 to 8 boards, not %(boards)s"),
            boards=boards_per_round,
        )
    tables = (len(pairs) + 1) // 2
    phantom = phantom_of(len(pairs))
    plan = _movement(movement, tables, rounds, arrow_switch, phantom)
    if hand_record_file:
        check_hand_record(hand_record_file, plan, boards_per_round)
    event = DuplicateEvent.objects.create(
        tournament=tournament,
        movement=movement,
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=plan.rounds,
        scoring=scoring,
        arrow_switch=sorted(set(arrow_switch)),
        deal_seed=deal_seed or secrets.token_hex(8),
        hand_record_file=hand_record_file,
    )
    numbered = {}
    for number, (first, second) in enumerate(pairs, start=1):
        numbered[number] = DuplicatePair.objects.create(
            tournament=tournament, number=number, first=first, second=second
        )
        for player in (first, second):
            Entry.objects.get_or_create(tournament=tournament, player=player)
    for number in range(1, plan.rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.CONFIRMED, seed=tournament.seed
        )
        for sitting in plan.round(number):
            if sitting.ns is None or sitting.ew is None:
                continue  # the pair drawn against the phantom sits the round out
            _seat(round_, sitting, numbered[sitting.ns], numbered[sitting.ew], boards_per_round)
    tournament.rounds_planned = plan.rounds
    tournament.standings_method = Tournament.Method.TOTAL
    # The movement's rounds are confirmed as they are written: the tournament has started.
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rounds_planned", "standings_method", "status", "updated_at"])
    request_compile(tournament)
    return event


def _seat(
    round_: Round, sitting: Sitting, ns: DuplicatePair, ew: DuplicatePair, boards_per_round: int
) -> Table:
    """One table of the movement written: its four seats (N and S the North–South pair, E and W
    the East–West pair) and its sitting (the pairs across, the board set and its boards)."""
    table = Table.objects.create(round=round_, number=sitting.table)
    TableSeat.objects.bulk_create(
        [
            TableSeat(table=table, seat=NORTH, player=ns.first),
            TableSeat(table=table, seat=EAST, player=ew.first),
            TableSeat(table=table, seat=SOUTH, player=ns.second),
            TableSeat(table=table, seat=WEST, player=ew.second),
        ]
    )
    DuplicateSitting.objects.create(
        table=table,
        ns=ns.number,
        ew=ew.number,
        board_set=sitting.boards,
        boards=list(boards_of_set(sitting.boards, boards_per_round)),
    )
    return table


def check_hand_record(text: str, plan: Movement | IndividualMovement, boards_per_round: int) -> None:
    """The hand-record file reads (a defect refused at its board and line, as the PBN readers
    say it) and deals every board the movement plays."""
    try:
        given = {board.number for board in read_hand_record(text)}
    except MalformedDocument as exc:
        raise ServiceError(
            "DUPLICATE_HAND_RECORD_REFUSED", _("the hand-record file cannot be read: %(why)s"), why=str(exc)
        ) from exc
    played = {n for s in plan.sittings for n in boards_of_set(s.boards, boards_per_round)}
    missing = sorted(played - given)
    if missing:
        raise ServiceError(
            "DUPLICATE_HAND_RECORD_MISSING",
            _("the hand-record file does not deal boards %(boards)s, which the movement plays"),
            boards=", ".join(map(str, missing)),
        )


@transaction.atomic
def pair_withdraw(*, tournament: Tournament, pair: int, after_round: int) -> DuplicatePair:
    """A pair withdraws after ``after_round`` (0: before the first): its later tables that have no
    result yet are taken out of the movement (their opponents sit out); what it played stays."""
    try:
        row = DuplicatePair.objects.select_for_update().get(tournament=tournament, number=pair)
    except DuplicatePair.DoesNotExist:
        raise ServiceError("DUPLICATE_NO_SUCH_PAIR", _("there is no pair %(pair)s"), pair=pair) from None
    later = Table.objects.filter(round__tournament=tournament, round__number__gt=after_round).filter(
        sitting__ns=pair
    ) | Table.objects.filter(round__tournament=tournament, round__number__gt=after_round, sitting__ew=pair)
    if later.filter(game__isnull=False).exists():
        raise ServiceError(
            "DUPLICATE_PAIR_PLAYED_ON",
            _("pair %(pair)s has a result after round %(round)s: correct that table first"),
            pair=pair,
            round=after_round,
        )
    for table in later:
        table.delete()
    row.withdrawn_after = after_round
    row.save(update_fields=["withdrawn_after"])
    request_compile(tournament)
    return row


@transaction.atomic
def pair_arrive_late(
    *, tournament: Tournament, first: Player, second: Player, from_round: int
) -> DuplicatePair:
    """A pair that comes late takes the phantom's place in an odd field: it gets the pair number
    nobody had (:func:`phantom_of`) and plays the phantom's sittings from ``from_round`` on, so
    the pairs drawn against the phantom play from then instead of sitting out. The boards it
    missed are played fewer times than the movement plays them, and Neuberg scales them up."""
    event = tournament.duplicate
    pairs = DuplicatePair.objects.filter(tournament=tournament)
    number = phantom_of(pairs.count())
    if number is None or is_imported(event):
        raise ServiceError(
            "DUPLICATE_NO_PLACE",
            _("every table is full: a late pair can only take the place of the pair that is missing"),
        )
    if not 1 <= from_round <= event.rounds:
        raise ServiceError("DUPLICATE_NO_SUCH_ROUND", _("the event has no round %(round)s"), round=from_round)
    taken = set(pairs.values_list("first_id", flat=True)) | set(pairs.values_list("second_id", flat=True))
    if (
        first.pk == second.pk
        or {first.pk, second.pk} & taken
        or {first.club_id, second.club_id} != {tournament.club_id}
    ):
        raise ServiceError(
            "DUPLICATE_PAIRS_REFUSED",
            _("every player plays in one pair only, with a partner of the same club: %(first)s – %(second)s"),
            first=first.display_name,
            second=second.display_name,
        )
    row = DuplicatePair.objects.create(tournament=tournament, number=number, first=first, second=second)
    for player in (first, second):
        Entry.objects.get_or_create(tournament=tournament, player=player)
    numbered = {p.number: p for p in DuplicatePair.objects.filter(tournament=tournament)}
    rounds = {r.number: r for r in tournament.rounds.all()}
    for sitting in movement_of(event, phantom=None).sittings:
        if sitting.round < from_round or sitting.ns is None or sitting.ew is None:
            continue
        if number not in (sitting.ns, sitting.ew):
            continue
        other = numbered.get(sitting.ew if sitting.ns == number else sitting.ns)
        if other is None or (other.withdrawn_after is not None and other.withdrawn_after < sitting.round):
            continue  # its opponents withdrew: the table stays empty
        _seat(
            rounds[sitting.round], sitting, numbered[sitting.ns], numbered[sitting.ew], event.boards_per_round
        )
    request_compile(tournament)
    return row


# --- scoring -----------------------------------------------------------------------------


@dataclass
class EventResults:
    """The event scored: every board's traveller, every pair's score, and what the pages show."""

    event: DuplicateEvent
    pairs: dict[int, DuplicatePair]
    travellers: list[Traveller]
    scores: dict[int, PairScore]
    #: Per pair number, North–South or East–West for a Mitchell ranked in two fields; else "".
    field_of: dict[int, str]
    #: Per board: (North–South pair, East–West pair) → the table's report row of the board.
    lines: dict[int, dict[tuple[int, int], dict[str, Any]]] = field(default_factory=dict)
    #: Per board, the times the movement plays it (its full traveller).
    expected: dict[int, int] = field(default_factory=dict)

    def card(self, pair: int) -> list[ScoreCardLine]:
        return score_card(self.travellers, pair)


def is_imported(event: DuplicateEvent) -> bool:
    """Played elsewhere and read from its results file: the sittings are the file's, and no
    movement of ours (:func:`movement_of`) can be built again from the settings."""
    return event.movement == DuplicateEvent.Movement.IMPORTED


def two_fields(event: DuplicateEvent) -> bool:
    """A Mitchell without an arrow switch ranks its North–South and East–West pairs apart; an
    imported evening does when no pair sat both ways."""
    if is_imported(event):
        sittings = DuplicateSitting.objects.filter(table__round__tournament_id=event.tournament_id)
        ns = set(sittings.values_list("ns", flat=True))
        return not ns & set(sittings.values_list("ew", flat=True))
    return event.movement != DuplicateEvent.Movement.HOWELL and not event.arrow_switch


def expected_plays(event: DuplicateEvent, pairs: int) -> dict[int, int]:
    """Per board, how many tables the movement plays it at: its full traveller. A board played
    fewer times (a pair withdrew or came late, a table did not finish) is scaled up to that by
    Neuberg, so every board weighs the same in the percentages."""
    out: Counter[int] = Counter()
    if is_imported(event):
        # The file's sittings are all there is: a board's full traveller is the most tables
        # any board was played at.
        for boards in DuplicateSitting.objects.filter(
            table__round__tournament_id=event.tournament_id
        ).values_list("boards", flat=True):
            out.update(boards)
        most = max(out.values(), default=0)
        return dict.fromkeys(out, most)
    plan = movement_of(event, phantom=phantom_of(pairs))
    for sitting in plan.sittings:
        if sitting.ns is not None and sitting.ew is not None:
            for number in boards_of_set(sitting.boards, event.boards_per_round):
                out[number] += 1
    return dict(out)


def score(tournament: Tournament) -> EventResults:
    """Score the event from every recorded table of it (see the module docstring)."""
    event = tournament.duplicate
    pairs = {
        p.number: p
        for p in DuplicatePair.objects.filter(tournament=tournament).select_related("first", "second")
    }
    by_players = {frozenset((p.first_id, p.second_id)): p.number for p in pairs.values()}
    tables = list(
        Table.objects.filter(
            round__tournament=tournament, round__status=Round.Status.CONFIRMED, game__isnull=False
        )
        .select_related("sitting", "game__current_report")
        .order_by("round__number", "number")
    )
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    for game_id, seat, player_id in GameSeat.objects.filter(game__in=[t.game_id for t in tables]).values_list(
        "game_id", "seat", "player_id"
    ):
        seats[game_id][seat] = player_id
    rows: list[BoardResult] = []
    row_tables: list[int] = []  # the table of each row
    lines: dict[int, dict[tuple[int, int], dict[str, Any]]] = defaultdict(dict)
    for table in tables:
        report = table.game.current_report.report if table.game and table.game.current_report else None
        if not report:
            continue
        at = seats[table.game_id or 0]
        ns = by_players.get(frozenset((at.get(NORTH, 0), at.get(SOUTH, 0))), table.sitting.ns)
        ew = by_players.get(frozenset((at.get(EAST, 0), at.get(WEST, 0))), table.sitting.ew)
        for line in report.get("boards", ()):
            result = result_of(line)
            if result is None:
                continue  # no result for this board yet
            rows.append(BoardResult(int(line["board"]), ns, ew, result))
            row_tables.append(table.pk)
            lines[int(line["board"])][(ns, ew)] = line
    rows = _fouled(event, rows, row_tables, _played_hands(tables))
    expected = expected_plays(event, len(pairs))
    mitchell_fields = two_fields(event)
    ns_pairs = {s.ns for s in DuplicateSitting.objects.filter(table__round__tournament=tournament)}
    field_of = {n: ("NS" if n in ns_pairs else "EW") if mitchell_fields else "" for n in pairs}
    fields = None
    if mitchell_fields:
        fields = [[n for n in pairs if field_of[n] == "NS"], [n for n in pairs if field_of[n] == "EW"]]
    travellers, scores = _score_rows(rows, event.scoring, expected, fields)
    return EventResults(event, pairs, travellers, scores, field_of, dict(lines), expected)


def result_of(line: dict[str, Any]) -> Played | Adjusted | None:
    """A board's result as a table's report line gives it: an adjusted score, a played score,
    or None while the board has none."""
    adjusted = line.get("adjusted")
    if adjusted:
        return Adjusted(int(adjusted["ns"]), int(adjusted["ew"]))
    if line.get("ns_score") is not None:
        return Played(int(line["ns_score"]))
    return None


def _played_hands(tables: list[Table]) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(table, board) → the four hands the table's log says it played (a seat's hand left out
    is 0), where the log gives them."""
    import json

    from rules.cards import BIT, CARD_BY_SPELLING

    revisions = {t.game.current_revision_id: t.pk for t in tables if t.game and t.game.current_revision_id}
    out: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for revision, content in GameRevision.objects.filter(pk__in=revisions).values_list("pk", "content"):
        try:
            boards = json.loads(bytes(content)).get("boards") or ()
        except (ValueError, AttributeError):
            continue  # not a JSON log (the replay read it): no hands to compare
        for board in boards:
            hands = board.get("hands") if isinstance(board, dict) else None
            if not isinstance(hands, dict) or not isinstance(board.get("board"), int):
                continue
            masks = []
            for seat in "NESW":
                mask = 0
                for spelling in hands.get(seat) or ():
                    mask |= BIT[CARD_BY_SPELLING.get(str(spelling), 0)]
                masks.append(mask)
            out[(revisions[revision], board["board"])] = (masks[0], masks[1], masks[2], masks[3])
    return out


def _fouled(
    event: DuplicateEvent,
    rows: list[BoardResult],
    row_tables: list[int],
    hands: dict[tuple[int, int], tuple[int, int, int, int]],
) -> list[BoardResult]:
    """A fouled board (Law 87): a table whose log gives other cards than the hand record's is
    scored against the tables that played the same cards only (its result's ``version``), each
    version scaled to the whole traveller by Neuberg (rules.duplicate.matchpoints)."""
    if not hands:
        return rows
    record = boards_of(event)
    by_board: dict[int, list[int]] = defaultdict(list)  # board → indexes of its rows
    for index, row in enumerate(rows):
        by_board[row.board].append(index)
    out = list(rows)
    for number, indexes in by_board.items():
        board = record.get(number)
        if board is None:
            continue
        played = [hands.get((row_tables[i], number)) for i in indexes]
        for index, version in zip(indexes, fouled_versions(board, played), strict=True):
            row = rows[index]
            if version and isinstance(row.result, Played):
                out[index] = BoardResult(row.board, row.ns, row.ew, Played(row.result.ns_score, version))
    return out


def _score_rows(
    rows: list[BoardResult], method: str, expected: dict[int, int], fields: list[list[int]] | None
) -> tuple[list[Traveller], dict[int, PairScore]]:
    if method != DuplicateEvent.Scoring.MATCHPOINTS:
        # IMPs compare played scores: an adjusted board is left out of the IMP comparison.
        rows = [r for r in rows if isinstance(r.result, Played)]
    return score_session(rows, method, expected=expected, fields=fields)


def _place(place: str) -> tuple[int, int]:
    first, _, last = place.partition("–")
    return int(first), int(last or first)


def standings_lines(tournament: Tournament) -> list[standings.Line]:
    """The standings of a duplicate event: one line per pair, both partners' rows carrying it
    (the first player's line, the partner on it), ranked within its field; ``points`` the
    percentage (matchpoints) or the IMPs, ``games`` the boards played. A pair with no board
    scored yet comes after those with one."""
    results = score(tournament)
    out: list[standings.Line] = []
    groups: dict[str, list[int]] = defaultdict(list)
    for number in results.pairs:
        groups[results.field_of[number]].append(number)
    for name in sorted(groups):
        numbers = groups[name]
        scored = [n for n in numbers if n in results.scores]
        unscored = sorted(set(numbers) - set(scored))
        for number in sorted(scored, key=lambda n: _place(results.scores[n].place)):
            out.extend(_pair_lines(results, number, *_place(results.scores[number].place)))
        if unscored:
            low, high = len(scored) + 1, len(numbers)
            for number in unscored:
                out.extend(_pair_lines(results, number, low, high))
    return out


def _pair_lines(results: EventResults, number: int, rank: int, rank_to: int) -> list[standings.Line]:
    pair = results.pairs[number]
    scored = results.scores.get(number)
    value = float(scored.score) if scored else 0.0
    boards = len(scored.by_board) if scored else 0
    marks: dict[str, Any] = {
        "pair": number,
        "field": results.field_of[number] or None,
        "total": float(scored.total) if scored else 0.0,
    }
    lead = standings.Line(
        player=pair.first_id, points=value, games=boards, rank=rank, rank_to=rank_to, tiebreaks=marks
    )
    lead.partner = pair.second_id
    mate = standings.Line(
        player=pair.second_id, points=value, games=boards, rank=rank, rank_to=rank_to, tiebreaks=dict(marks)
    )
    mate.partner = pair.first_id
    return [lead, mate]


def boards_of(event: DuplicateEvent) -> dict[int, Board]:
    """Every board of the event by number, as the tables play it: the organiser's hand-record
    file where one was given (its own Dealer and Vulnerable kept), else dealt from the seed.
    The one place the pages, the traveller entry and the demo take a board's hands from."""
    return {board.number: board for board in hand_record(event)}


def hand_record(event: DuplicateEvent) -> list[Board]:
    """The event's boards, as dealt from its seed: every board the movement plays; for an
    imported evening, as its file gave them (the tables' logs), a board without its four hands
    left out; for a teams event (tournaments.teams) and an individual (tournaments.individual),
    the boards its written rounds play."""
    if is_imported(event):
        return _logged_boards(event)
    if event.teams_format or event.movement == DuplicateEvent.Movement.INDIVIDUAL:
        sittings = DuplicateSitting.objects.filter(table__round__tournament_id=event.tournament_id)
        wanted = {int(n) for boards in sittings.values_list("boards", flat=True) for n in boards}
    else:
        wanted = set(expected_plays(event, DuplicatePair.objects.filter(tournament=event.tournament).count()))
    if event.hand_record_file:
        return [b for b in read_hand_record(event.hand_record_file) if b.number in wanted]
    return [deal_board(event.deal_seed, n) for n in sorted(wanted)]


def _logged_boards(event: DuplicateEvent) -> list[Board]:
    import json

    from rules.cards import BIT, CARD_BY_SPELLING

    found: dict[int, Board] = {}
    contents = GameRevision.objects.filter(
        game__table__round__tournament_id=event.tournament_id, game__current_revision=F("pk")
    ).values_list("content", flat=True)
    for content in contents:
        for board in json.loads(bytes(content)).get("boards", ()):
            hands = board.get("hands")
            number = board.get("board")
            if number in found or not isinstance(hands, dict) or len(hands) != 4:
                continue
            masks = []
            for seat in "NESW":
                mask = 0
                for spelling in hands.get(seat, ()):
                    mask |= BIT[CARD_BY_SPELLING[spelling]]
                masks.append(mask)
            found[number] = Board(number, (masks[0], masks[1], masks[2], masks[3]))
    return [found[n] for n in sorted(found)]


def hands_of(board: Board) -> dict[str, list[str]]:
    """A board's four hands as a log writes them: cards by seat letter."""
    return {letter: [NAME[c] for c in cards_of(board.hands[i])] for i, letter in enumerate(SEATS)}


def simulated_log(table: Table, *, seed: int) -> bytes:
    """A plausible traveller log of a table's round (rules.bridge.simulate_traveller), for the
    demo club and tests: the table's players in seat order, its boards dealt from the event's seed,
    each with its four hands as the traveller entry writes them (so they are analysed)."""
    import json
    import random

    from rules.bridge.simulate_traveller import traveller_line

    event = table.round.tournament.duplicate
    boards = boards_of(event)
    names = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    rng = random.Random(seed)  # noqa: S311 (demo data)
    document = {
        "game": GAME,
        "version": 1,
        "round": table.round.number,
        "table": table.number,
        "pairs": {"ns": table.sitting.ns, "ew": table.sitting.ew},
        "players": names,
        "boards": [
            {**traveller_line(boards[n], rng), "hands": hands_of(boards[n])} for n in table.sitting.boards
        ],
    }
    return json.dumps(document, ensure_ascii=False).encode()
