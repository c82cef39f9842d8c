"""What a duplicate table's two partnerships are rated on: their result against the field.

The ratings (tournaments.ratings) rank the teams at a table by a score. At a rubber bridge
table that is each side's total; at a duplicate table the raw total says who held the cards
— the very thing duplicate play takes away. So a duplicate table's sides are scored by what
the event's comparison gave them on the boards they played against each other:

- pairs: the matchpoints (or the IMPs, cross-IMPs or Butler) each pair earned on those boards
  (tournaments.duplicate.score). On a board both pairs' matchpoints add up to the top, so
  the pair with more did better than the other on the same cards;
- an individual: the same for each partnership of the round (tournaments.individual.score);
- teams of four: the match's IMPs for each team, both tables of the match alike
  (tournaments.teams.score), as a team wins or loses together.

A table is rated once its event is finished (tournaments.services.rated_games): before, a
board's comparison still changes as the other tables record it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from tournaments import duplicate, individual, teams
from tournaments.models import DuplicateEvent, DuplicateSitting, Table, Tournament

#: game id → (North–South's figure, East–West's figure).
TableScores = dict[int, tuple[float, float]]


def table_scores(game_ids: Iterable[int]) -> TableScores:
    """Each given duplicate game's two sides' figures (module docstring); a game with no place in a
    scored event (no sitting, or a board with no comparison yet) is left out."""
    tables = list(
        Table.objects.filter(game_id__in=list(game_ids))
        .select_related("round")
        .only("pk", "number", "game_id", "round__number", "round__tournament_id")
    )
    by_tournament: dict[int, list[Table]] = defaultdict(list)
    for table in tables:
        by_tournament[table.round.tournament_id].append(table)
    sittings = {s.table_id: s for s in DuplicateSitting.objects.filter(table__in=tables)}
    out: TableScores = {}
    for tournament in Tournament.objects.filter(pk__in=list(by_tournament)):
        event = DuplicateEvent.objects.filter(tournament=tournament).first()
        if event is None:
            continue
        here = by_tournament[tournament.pk]
        if event.teams_format:
            out.update(_teams(tournament, here))
        elif event.movement == DuplicateEvent.Movement.INDIVIDUAL:
            out.update(_individual(tournament, here))
        else:
            out.update(_pairs(tournament, here, sittings))
    return out


def _pairs(tournament: Tournament, tables: list[Table], sittings: dict[int, DuplicateSitting]) -> TableScores:
    results = duplicate.score(tournament)
    earned: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for traveller in results.travellers:
        for row, ns, ew in traveller.rows:
            pair = earned[(row.ns, row.ew)]
            pair[0] += float(ns)
            pair[1] += float(ew)
    out: TableScores = {}
    for table in tables:
        sitting = sittings.get(table.pk)
        if sitting is None or table.game_id is None or (sitting.ns, sitting.ew) not in earned:
            continue
        figures = earned[(sitting.ns, sitting.ew)]
        out[table.game_id] = (figures[0], figures[1])
    return out


def _individual(tournament: Tournament, tables: list[Table]) -> TableScores:
    results = individual.score(tournament)
    side_of = {(s.round, s.table, s.direction): side_id for side_id, s in results.sides.items()}
    earned: dict[int, float] = defaultdict(float)
    for traveller in results.travellers:
        for row, ns, ew in traveller.rows:
            earned[row.ns] += float(ns)
            earned[row.ew] += float(ew)
    out: TableScores = {}
    for table in tables:
        ns_side = side_of.get((table.round.number, table.number, "NS"))
        ew_side = side_of.get((table.round.number, table.number, "EW"))
        if table.game_id is None or ns_side is None or ew_side is None or ns_side not in earned:
            continue
        out[table.game_id] = (earned[ns_side], earned[ew_side])
    return out


def _teams(tournament: Tournament, tables: list[Table]) -> TableScores:
    results = teams.score(tournament)
    number_of_team = {team.pk: number for number, team in results.teams.items()}
    team_of_pair = {
        n: number_of_team.get(pair.team_id) for n, pair in results.pairs.items() if pair.team_id is not None
    }
    sittings = {s.table_id: s for s in DuplicateSitting.objects.filter(table__in=tables)}
    matches = {
        (match.round, number): match
        for round_matches in results.rounds.values()
        for match in round_matches
        if match.played
        for number in match.tables
    }
    out: TableScores = {}
    for table in tables:
        match = matches.get((table.round.number, table.number))
        sitting = sittings.get(table.pk)
        if match is None or sitting is None or table.game_id is None:
            continue
        ns_team, ew_team = team_of_pair.get(sitting.ns), team_of_pair.get(sitting.ew)
        if ns_team is None or ew_team is None:
            continue
        out[table.game_id] = (float(match.of(ns_team)[0]), float(match.of(ew_team)[0]))
    return out
