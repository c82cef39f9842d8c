"""A teams-of-four duplicate event of a tournament (issue 22): matches of two tables, IMPs to VPs.

Set-up (:func:`setup`) numbers the teams in the order given and each team's two pairs
2n − 1 and 2n (rules.duplicate.movements.team_of), as :class:`~tournaments.models.DuplicatePair`
rows pointing to their :class:`~tournaments.models.DuplicateTeam`. A match of round r is
played at two tables, 2m − 1 (the open table) and 2m (the closed table), on the same boards:
the home team's pair 1 sits North–South at the open table and its pair 2 East–West at the
closed one, the visitors the other way round. By default every match of a round plays the
same boards (the round's set, dealt from the event's seed and duplicated for each match, as
championships play them), so the Butler datum of a board is the whole field's;
``same_boards=False`` gives each match its own set (the boards pass between the two tables
only). A round robin (rules.duplicate.movements.round_robin_pairings) is written whole; a
Swiss writes round 1 (teams in the order given) and :func:`swiss_next_round` draws each next
round from the victory points so far (rules.duplicate.teams.swiss_draw: no rematch).

Each table's round is one game of the tournament, a ``bridge-duplicate`` table log
(docs/bridge-duplicate-log.md), as in a pairs event.

Scoring (:func:`score`): on each board of a match the home team's net is its North–South score
at the open table less the visitors' North–South score at the closed one, on the IMP scale
(Law 78B); a board counts when both tables have a played score (an artificial adjusted score
is not IMPed here). A match has its victory points once both tables are recorded: its margin
on the WBF continuous scale for the match's scheduled number of boards
(rules.duplicate.victory_points). A team with a bye scores :data:`BYE_VP` once every match of
that round is recorded.

The ranking (:func:`rank`) is by victory points; teams level on them are separated as the WBF
and most federations' conditions of contest do it: first the victory points in the matches
among the tied teams, when each of them has played each other (for two teams, their match),
then the IMP margin in those matches, then the IMP quotient (IMPs won ÷ IMPs lost) over all
their matches; whenever a step splits a tie, each part still tied starts again from the first
step. Teams level on all of it share the place ("2–3").

The Butler ranking of the pairs (:attr:`TeamResults.butler`): every played score of a board
against the board's datum (rules.duplicate.imps.butler: the mean of the field's scores, the
highest and lowest left out from five scores on, rounded to 10), a pair ranked by its IMPs
per board played.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.models import Player
from rules.duplicate.imps import imps
from rules.duplicate.matchpoints import Played
from rules.duplicate.movements import boards_of_set, round_robin_pairings
from rules.duplicate.session import BoardResult, Traveller, score_session
from rules.duplicate.teams import swiss_draw
from rules.duplicate.victory_points import victory_points
from tournaments import standings
from tournaments.duplicate import EAST, GAME, NORTH, SOUTH, WEST
from tournaments.models import (
    DuplicateEvent,
    DuplicatePair,
    DuplicateSitting,
    DuplicateTeam,
    Entry,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from tournaments.services import ServiceError, request_compile

Format = DuplicateEvent.TeamsFormat
#: What a team that sits a round out scores (on the 20-point scale). Conditions of contest
#: differ (12, 10, the team's own average); 12 is the common one.
BYE_VP = Decimal(12)
#: The most boards a match is played over.
MAX_BOARDS = 32


def is_teams(tournament: Tournament) -> bool:
    """Whether the tournament is a teams-of-four duplicate event."""
    return DuplicateEvent.objects.filter(tournament_id=tournament.pk).exclude(teams_format="").exists()


# --- set-up ------------------------------------------------------------------------------


@transaction.atomic
def setup(
    *,
    tournament: Tournament,
    teams: Sequence[tuple[str, Sequence[Player]]],
    teams_format: str = Format.ROUND_ROBIN,
    boards_per_match: int = 8,
    rounds: int | None = None,
    same_boards: bool = True,
    deal_seed: str | None = None,
) -> DuplicateEvent:
    """Set up a teams event: each team a name and four players (the first two its pair 1, the
    last two its pair 2); a round robin written whole, a Swiss of ``rounds`` rounds its first."""
    if tournament.game_type != GAME:
        raise ServiceError(
            "DUPLICATE_NOT_BRIDGE", _("only a duplicate bridge tournament is played with a movement")
        )
    if DuplicateEvent.objects.filter(tournament=tournament).exists() or tournament.rounds.exists():
        raise ServiceError("DUPLICATE_ALREADY_SET_UP", _("this tournament's rounds are already set up"))
    if teams_format not in Format.values:
        raise ServiceError("TEAMS_FORMAT", _("no such teams event: %(format)s"), format=teams_format)
    if len(teams) < 3:
        raise ServiceError(
            "TEAMS_TOO_FEW", _("a teams event needs at least 3 teams, not %(count)s"), count=len(teams)
        )
    if not 1 <= boards_per_match <= MAX_BOARDS:
        raise ServiceError(
            "TEAMS_BOARDS_PER_MATCH",
            _("a match is 1 to %(most)s boards, not %(boards)s"),
            most=MAX_BOARDS,
            boards=boards_per_match,
        )
    most_rounds = len(teams) - 1 if len(teams) % 2 == 0 else len(teams)
    if teams_format == Format.SWISS:
        if rounds is None or not 1 <= rounds <= most_rounds:
            raise ServiceError(
                "TEAMS_SWISS_ROUNDS",
                _("a Swiss of %(count)s teams is 1 to %(most)s rounds"),
                count=len(teams),
                most=most_rounds,
            )
    elif rounds not in (None, most_rounds):
        raise ServiceError(
            "TEAMS_ROUND_ROBIN_ROUNDS",
            _("a round robin of %(count)s teams is played whole: %(most)s rounds"),
            count=len(teams),
            most=most_rounds,
        )
    seen: set[int] = set()
    for name, players in teams:
        ids = {p.pk for p in players}
        if (
            len(players) != 4
            or len(ids) != 4
            or ids & seen
            or any(p.club_id != tournament.club_id for p in players)
            or not 1 <= len(name.strip()) <= 80
        ):
            raise ServiceError(
                "TEAMS_REFUSED",
                _("a team has a name and four players of the club, each in one team only: %(team)s"),
                team=name,
            )
        seen |= ids
    event = DuplicateEvent.objects.create(
        tournament=tournament,
        tables=2 * (len(teams) // 2),
        boards_per_round=boards_per_match,
        rounds=most_rounds if rounds is None else rounds,
        scoring=DuplicateEvent.Scoring.BUTLER,
        teams_format=teams_format,
        deal_seed=deal_seed or secrets.token_hex(8),
    )
    for number, (name, players) in enumerate(teams, start=1):
        team = DuplicateTeam.objects.create(tournament=tournament, number=number, name=name.strip())
        for k, (first, second) in enumerate(((players[0], players[1]), (players[2], players[3]))):
            DuplicatePair.objects.create(
                tournament=tournament, number=2 * number - 1 + k, first=first, second=second, team=team
            )
        for player in players:
            Entry.objects.get_or_create(tournament=tournament, player=player)
    if teams_format == Format.ROUND_ROBIN:
        for number, drawn in enumerate(round_robin_pairings(len(teams)), start=1):
            matches = [(h, a) for h, a in drawn if h is not None and a is not None]
            _write_round(tournament, event, number, matches, same_boards)
    else:
        matches, _bye = swiss_draw(dict.fromkeys(range(1, len(teams) + 1), 0))
        _write_round(tournament, event, 1, matches, same_boards)
    tournament.rounds_planned = event.rounds
    tournament.standings_method = Tournament.Method.TOTAL
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rounds_planned", "standings_method", "status", "updated_at"])
    request_compile(tournament)
    return event


def _write_round(
    tournament: Tournament,
    event: DuplicateEvent,
    number: int,
    matches: Sequence[tuple[int, int]],
    same_boards: bool,
) -> Round:
    """One round's matches, confirmed: two tables each, the pairs crossed, the same boards."""
    pairs = {p.number: p for p in DuplicatePair.objects.filter(tournament=tournament)}
    per_round = event.tables // 2
    round_ = Round.objects.create(
        tournament=tournament, number=number, status=Round.Status.CONFIRMED, seed=tournament.seed
    )
    for m, (home, away) in enumerate(matches, start=1):
        board_set = number if same_boards else (number - 1) * per_round + m
        boards = list(boards_of_set(board_set, event.boards_per_round))
        for table_number, ns, ew in ((2 * m - 1, 2 * home - 1, 2 * away), (2 * m, 2 * away - 1, 2 * home)):
            table = Table.objects.create(round=round_, number=table_number)
            TableSeat.objects.bulk_create(
                [
                    TableSeat(table=table, seat=NORTH, player=pairs[ns].first),
                    TableSeat(table=table, seat=EAST, player=pairs[ew].first),
                    TableSeat(table=table, seat=SOUTH, player=pairs[ns].second),
                    TableSeat(table=table, seat=WEST, player=pairs[ew].second),
                ]
            )
            DuplicateSitting.objects.create(table=table, ns=ns, ew=ew, board_set=board_set, boards=boards)
    return round_


def _same_boards(tournament: Tournament) -> bool:
    """Whether the matches of a round share its boards, as round 1 was written."""
    sets = set(
        DuplicateSitting.objects.filter(
            table__round__tournament=tournament, table__round__number=1
        ).values_list("board_set", flat=True)
    )
    return len(sets) <= 1


@transaction.atomic
def swiss_next_round(*, tournament: Tournament) -> Round:
    """Draw and write the next round of a Swiss from the victory points so far, once every table
    of the last round is recorded: the leaders meet, and nobody meets a team a second time."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    event = DuplicateEvent.objects.filter(tournament=tournament).first()
    if event is None or event.teams_format != Format.SWISS:
        raise ServiceError("TEAMS_NOT_SWISS", _("this tournament is not a Swiss teams event"))
    written = tournament.rounds.count()
    if written >= event.rounds:
        raise ServiceError(
            "TEAMS_SWISS_COMPLETE", _("all %(rounds)s rounds of this Swiss are drawn"), rounds=event.rounds
        )
    if Table.objects.filter(round__tournament=tournament, round__number=written, game__isnull=True).exists():
        raise ServiceError(
            "TEAMS_ROUND_NOT_FINISHED",
            _("round %(round)s is not finished: every table's result is needed for the next draw"),
            round=written,
        )
    results = score(tournament)
    met = [frozenset((m.home, m.away)) for m in results.matches()]
    byes = [team for team in results.byes.values() if team is not None]
    try:
        matches, _bye = swiss_draw({n: t.vp for n, t in results.totals.items()}, met, byes)
    except ValueError as exc:
        raise ServiceError(
            "TEAMS_SWISS_NO_DRAW", _("every draw of round %(round)s repeats a match"), round=written + 1
        ) from exc
    round_ = _write_round(tournament, event, written + 1, matches, _same_boards(tournament))
    request_compile(tournament)
    return round_


# --- scoring -----------------------------------------------------------------------------


@dataclass
class BoardLine:
    """One board of a match: North–South's score at each table and the home team's IMPs."""

    board: int
    open_ns: int | None
    closed_ns: int | None
    #: The home team's IMPs (negative: the visitors'); None until both tables have a score.
    imps: int | None
    open_line: dict[str, Any] | None = None
    closed_line: dict[str, Any] | None = None


@dataclass
class Match:
    round: int
    number: int
    home: int
    away: int
    #: The open and the closed table's numbers.
    tables: tuple[int, int]
    boards: list[int]
    lines: list[BoardLine] = field(default_factory=list)
    #: Both tables recorded: the match counts.
    played: bool = False
    home_imps: int = 0
    away_imps: int = 0
    home_vp: Decimal | None = None
    away_vp: Decimal | None = None

    def of(self, team: int) -> tuple[int, int, Decimal | None]:
        """(IMPs won, IMPs lost, VPs) of one of the two teams."""
        if team == self.home:
            return self.home_imps, self.away_imps, self.home_vp
        return self.away_imps, self.home_imps, self.away_vp


@dataclass
class TeamTotal:
    team: int
    vp: Decimal = Decimal(0)
    imps_won: int = 0
    imps_lost: int = 0
    matches: int = 0
    #: The rounds in which the team had a bye (scored once the round is finished).
    bye_rounds: list[int] = field(default_factory=list)
    rank: int = 0
    rank_to: int = 0

    @property
    def place(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}–{self.rank_to}"


@dataclass
class PairButler:
    pair: int
    team: int
    total: Fraction
    boards: int
    place: str

    @property
    def per_board(self) -> Fraction:
        return self.total / self.boards if self.boards else Fraction(0)


@dataclass
class TeamResults:
    event: DuplicateEvent
    teams: dict[int, DuplicateTeam]
    pairs: dict[int, DuplicatePair]
    #: Per round, its matches in table order.
    rounds: dict[int, list[Match]]
    #: Per round, the team with the bye (None: no bye).
    byes: dict[int, int | None]
    totals: dict[int, TeamTotal]
    #: The teams in ranking order.
    ranking: list[int]
    butler: list[PairButler]
    travellers: list[Traveller]

    def matches(self) -> Iterable[Match]:
        for number in sorted(self.rounds):
            yield from self.rounds[number]


def _scores(table: Table) -> tuple[bool, dict[int, int], dict[int, dict[str, Any]]]:
    """(recorded, board → North–South's played score, board → the report's line) of a table."""
    game = table.game
    report = game.current_report.report if game is not None and game.current_report else None
    if not report:
        return False, {}, {}
    scores: dict[int, int] = {}
    lines: dict[int, dict[str, Any]] = {}
    for line in report.get("boards", ()):
        lines[int(line["board"])] = line
        if not line.get("adjusted") and line.get("ns_score") is not None:
            scores[int(line["board"])] = int(line["ns_score"])
    return True, scores, lines


def score(tournament: Tournament) -> TeamResults:
    """Score the teams event from every recorded table (see the module docstring)."""
    event = DuplicateEvent.objects.get(tournament=tournament)
    teams = {t.number: t for t in DuplicateTeam.objects.filter(tournament=tournament)}
    pairs = {
        p.number: p
        for p in DuplicatePair.objects.filter(tournament=tournament).select_related("first", "second", "team")
    }
    team_of = {n: p.team.number for n, p in pairs.items() if p.team is not None}
    tables = list(
        Table.objects.filter(round__tournament=tournament, round__status=Round.Status.CONFIRMED)
        .select_related("round", "sitting", "game__current_report")
        .order_by("round__number", "number")
    )
    by_round: dict[int, dict[int, Table]] = defaultdict(dict)
    for table in tables:
        by_round[table.round.number][table.number] = table
    rounds: dict[int, list[Match]] = {}
    rows: list[BoardResult] = []
    for number in sorted(by_round):
        at = by_round[number]
        matches = []
        for open_number in sorted(n for n in at if n % 2):
            open_table, closed_table = at[open_number], at.get(open_number + 1)
            if closed_table is None:
                continue
            sitting = open_table.sitting
            match = Match(
                number,
                (open_number + 1) // 2,
                team_of[sitting.ns],
                team_of[sitting.ew],
                (open_number, open_number + 1),
                list(sitting.boards),
            )
            open_done, open_scores, open_lines = _scores(open_table)
            closed_done, closed_scores, closed_lines = _scores(closed_table)
            for board in match.boards:
                o, c = open_scores.get(board), closed_scores.get(board)
                net = imps(o - c) if o is not None and c is not None else None
                match.lines.append(
                    BoardLine(board, o, c, net, open_lines.get(board), closed_lines.get(board))
                )
            match.home_imps = sum(line.imps for line in match.lines if line.imps and line.imps > 0)
            match.away_imps = -sum(line.imps for line in match.lines if line.imps and line.imps < 0)
            match.played = open_done and closed_done
            if match.played:
                match.home_vp, match.away_vp = victory_points(
                    match.home_imps - match.away_imps, len(match.boards)
                )
            matches.append(match)
            for table, scores in ((open_table, open_scores), (closed_table, closed_scores)):
                for board, ns_score in scores.items():
                    rows.append(BoardResult(board, table.sitting.ns, table.sitting.ew, Played(ns_score)))
        rounds[number] = matches
    byes: dict[int, int | None] = {}
    totals = {n: TeamTotal(n) for n in teams}
    for number, matches in rounds.items():
        drawn = {m.home for m in matches} | {m.away for m in matches}
        out = sorted(set(teams) - drawn)
        byes[number] = out[0] if len(out) == 1 else None
        bye = byes[number]
        if bye is not None and all(m.played for m in matches):
            totals[bye].bye_rounds.append(number)
            totals[bye].vp += BYE_VP
        for m in matches:
            if not m.played:
                continue
            for team in (m.home, m.away):
                won, lost, vp = m.of(team)
                totals[team].vp += vp or Decimal(0)
                totals[team].imps_won += won
                totals[team].imps_lost += lost
                totals[team].matches += 1
    ranking = rank(totals, [m for m in (mm for ms in rounds.values() for mm in ms) if m.played])
    travellers, butler_scores = score_session(rows, "butler")
    return TeamResults(
        event, teams, pairs, rounds, byes, totals, ranking, _butler(pairs, team_of, butler_scores), travellers
    )


def _butler(
    pairs: dict[int, DuplicatePair], team_of: dict[int, int], scores: dict[int, Any]
) -> list[PairButler]:
    out = [
        PairButler(n, team_of.get(n, 0), scores[n].total, len(scores[n].by_board), "")
        for n in sorted(pairs)
        if n in scores
    ]
    out.sort(key=lambda p: (-p.per_board, p.pair))
    i = 0
    while i < len(out):
        j = i
        while j + 1 < len(out) and out[j + 1].per_board == out[i].per_board:
            j += 1
        for k in range(i, j + 1):
            out[k].place = str(i + 1) if i == j else f"{i + 1}–{j + 1}"
        i = j + 1
    return out


def rank(totals: dict[int, TeamTotal], played: Sequence[Match]) -> list[int]:
    """The teams in ranking order, each given its place (see the module docstring for the
    tie-breaks); ``played`` the matches that count."""
    ordered = _order(sorted(totals), totals, played)
    done = 0
    out: list[int] = []
    for group in ordered:
        for team in group:
            totals[team].rank, totals[team].rank_to = done + 1, done + len(group)
        out.extend(group)
        done += len(group)
    return out


def _among(group: Sequence[int], played: Sequence[Match]) -> list[Match] | None:
    """The matches among the group's teams, if every two of them have played each other."""
    inside = set(group)
    matches = [m for m in played if m.home in inside and m.away in inside]
    met = {frozenset((m.home, m.away)) for m in matches}
    every = all(frozenset((a, b)) in met for i, a in enumerate(group) for b in group[i + 1 :])
    return matches if every else None


def _order(group: list[int], totals: dict[int, TeamTotal], played: Sequence[Match]) -> list[list[int]]:
    if len(group) < 2:
        return [group]
    among = _among(group, played)
    keys: list[dict[int, Any]] = [{t: totals[t].vp for t in group}]
    if among is not None:
        keys.append(
            {
                t: sum((m.of(t)[2] or Decimal(0) for m in among if t in (m.home, m.away)), Decimal(0))
                for t in group
            }
        )
        keys.append({t: sum(m.of(t)[0] - m.of(t)[1] for m in among if t in (m.home, m.away)) for t in group})
    keys.append({t: _quotient(totals[t]) for t in group})
    for key in keys:
        values = sorted(set(key.values()), reverse=True)
        if len(values) > 1:
            out: list[list[int]] = []
            for value in values:
                out.extend(_order([t for t in group if key[t] == value], totals, played))
            return out
    return [sorted(group)]


def _quotient(total: TeamTotal) -> tuple[int, Fraction]:
    """The IMP quotient as a sort key: IMPs won ÷ IMPs lost, none lost above any quotient."""
    if total.imps_lost == 0:
        return (1, Fraction(total.imps_won)) if total.imps_won else (0, Fraction(1))
    return (0, Fraction(total.imps_won, total.imps_lost))


def standings_lines(tournament: Tournament) -> list[standings.Line]:
    """The standings of a teams event: the team's line on each of its four players' rows
    (``points`` its victory points, ``games`` its matches played), the partner on it."""
    results = score(tournament)
    out: list[standings.Line] = []
    for number in results.ranking:
        total = results.totals[number]
        marks: dict[str, Any] = {
            "team": number,
            "imps_won": total.imps_won,
            "imps_lost": total.imps_lost,
            "byes": len(total.bye_rounds),
        }
        for pair in (p for _n, p in sorted(results.pairs.items()) if p.team_id == results.teams[number].pk):
            for player, partner in ((pair.first_id, pair.second_id), (pair.second_id, pair.first_id)):
                line = standings.Line(
                    player=player,
                    points=float(total.vp),
                    games=total.matches,
                    rank=total.rank,
                    rank_to=total.rank_to,
                    tiebreaks={**marks, "pair": pair.number},
                )
                line.partner = partner
                out.append(line)
    return out
