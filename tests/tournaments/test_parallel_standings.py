"""Standings compiled per span of rounds in parallel and merged (issue 10) equal the single compile.

The arithmetic first (no database): any split of the tables into parts, each part tallied and
sent through JSON as a task's result would be, merges into exactly the lines of the compile of
all the tables at once — every field, for Oh Hell, bridge and durak shaped tables, every
method and every order of tie-breaks. Then the task flow on real tournaments (eager Celery in
the SQLite pass): above STANDINGS_PARALLEL_MIN_TABLES the compile task sends the chord, and
the rows it writes are the single compile's; the stale flag and the coalescing flag behave as
for a single compile. Last, the chord on the live worker (the services pass).
"""

from __future__ import annotations

import json
import time
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.models import Player
from tests.tournaments.conftest import NAMES, drain, table_log
from tests.tournaments.test_bridge_tournaments import NAMES as BRIDGE_NAMES
from tests.tournaments.test_bridge_tournaments import json_for, seated_names
from tournaments import services, tasks
from tournaments.models import Standing, Tournament
from tournaments.standings import (
    TIEBREAKS,
    TableResult,
    Tally,
    compile_standings,
    merge,
    partnerships,
    rank,
    tally,
)

SCALES = {size: [float(size - place) * 2 for place in range(size)] for size in range(2, 8)}


def split_compile(players, results, parts, **rules):
    """The parallel path without Celery: a tally per part, through JSON, merged, ranked."""
    method, tiebreaks = rules.get("method", "total"), rules.get("tiebreaks", ())
    wires = [
        json.loads(
            json.dumps(
                tally(
                    [results[i] for i in part],
                    placings=method == "table_points",
                    tables="head_to_head" in tiebreaks,
                ).to_wire()
            )
        )
        for part in parts
    ]
    return rank(players, merge(Tally.from_wire(w) for w in wires), **rules)


# --- the arithmetic --------------------------------------------------------------------------


@st.composite
def tournaments(draw):
    """A small tournament of one game's shape, with totals in a narrow range (many ties)."""
    game = draw(st.sampled_from(["oh-hell", "bridge", "durak"]))
    entrants = list(range(1, draw(st.integers(4, 12)) + 1))
    results = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(entrants))
        at = 0
        while len(order) - at >= 2:
            if game == "bridge":
                if len(order) - at < 4:
                    break
                size = 4
            else:
                low = 3 if game == "oh-hell" else 2
                size = min(draw(st.integers(low, 6)), len(order) - at)
                if size < low:
                    break
            players = tuple(order[at : at + size])
            at += size
            if game == "bridge":  # partners (seats 0 and 2, 1 and 3) share their side's figures
                we, they = draw(st.integers(0, 3)), draw(st.integers(0, 3))
                whist = draw(st.integers(-2, 2))
                totals = (we, they, we, they)
                whists: tuple[float, ...] = (whist, -whist, whist, -whist)
            else:
                totals = tuple(draw(st.integers(-1, 3)) for _ in players)
                whists = ()
            made = tuple(draw(st.integers(0, 3)) for _ in players)
            results.append(
                TableResult(
                    table=len(results) + 1,
                    round=number,
                    players=players,
                    totals=tuple(float(t) for t in totals),
                    contracts_made=made,
                    whists=tuple(float(w) for w in whists),
                    teams=((0, 2), (1, 3)) if game == "bridge" else (),
                )
            )
    methods = ["total", "table_points", "average"] + (["whists"] if game == "bridge" else [])
    tiebreaks = draw(st.permutations(TIEBREAKS))[: draw(st.integers(0, len(TIEBREAKS)))]
    # An entrant with no game too, and a part for each table drawn at random (parts may be empty).
    parts_count = draw(st.integers(1, 5))
    owner = [draw(st.integers(0, parts_count - 1)) for _ in results]
    parts = [[i for i, p in enumerate(owner) if p == k] for k in range(parts_count)]
    return {
        "players": [*entrants, 99],
        "results": results,
        "parts": parts,
        "rules": {
            "method": draw(st.sampled_from(methods)),
            "table_points": SCALES,
            "tiebreaks": list(tiebreaks),
            "seed": draw(st.integers(0, 10_000)),
        },
    }


@settings(max_examples=300, deadline=None)
@given(tournaments())
def test_any_split_merges_into_the_single_compile_exactly(case):
    single = compile_standings(case["players"], case["results"], **case["rules"])
    merged = split_compile(case["players"], case["results"], case["parts"], **case["rules"])
    # Every field of every line: rank, rank_to, points, games, tie-break values, the sums.
    assert merged == single


# Players 1 and 2 tie on 20 points; what each tie-break says needs more than one round:
# head-to-head 1 (above 2 in rounds 1 and 3, below in 2), contracts made 2 (3 against 6),
# best game 2 (12 against 10), table wins 1 (2 against 1). Players 3 and 4 are level in all.
ROUNDS = [
    ([1, 2, 3, 4], [10, 0, 5, 5], [1, 3, 0, 0]),
    ([1, 2, 3, 4], [0, 12, 3, 3], [0, 2, 0, 0]),
    ([1, 2, 3, 4], [10, 8, 1, 1], [2, 1, 0, 0]),
]
RESULTS = [
    TableResult(
        table=n, round=n, players=tuple(p), totals=tuple(float(t) for t in totals), contracts_made=tuple(made)
    )
    for n, (p, totals, made) in enumerate(ROUNDS, start=1)
]


@pytest.mark.parametrize(
    ("tiebreak", "first", "values"),
    [
        ("head_to_head", 1, (2.0, 1.0)),
        ("contracts_made", 2, (3, 6)),
        ("best_game", 2, (10.0, 12.0)),
        ("table_wins", 1, (2, 1)),
    ],
)
def test_each_tiebreak_decides_from_every_part(tiebreak, first, values):
    per_round = [[0], [1], [2]]
    single = compile_standings([1, 2, 3, 4], RESULTS, tiebreaks=[tiebreak])
    merged = split_compile([1, 2, 3, 4], RESULTS, per_round, tiebreaks=[tiebreak])
    assert merged == single
    lines = {line.player: line for line in merged}
    assert (lines[1].points, lines[2].points) == (20.0, 20.0)
    assert (lines[1].tiebreaks[tiebreak], lines[2].tiebreaks[tiebreak]) == values
    assert [line.player for line in merged[:2]] == [first, 3 - first]
    assert [line.place for line in merged] == ["1", "2", "3–4", "3–4"]


def test_lots_split_the_rest_alike_in_both():
    single = compile_standings([1, 2, 3, 4], RESULTS, tiebreaks=["head_to_head", "lots"], seed=5)
    merged = split_compile([1, 2, 3, 4], RESULTS, [[0, 2], [1]], tiebreaks=["head_to_head", "lots"], seed=5)
    assert merged == single
    assert [line.place for line in merged] == ["1", "2", "3", "4"]
    # 3 and 4 are level in head-to-head (three shared places): the drawing of lots orders them.
    assert merged[2].tiebreaks["head_to_head"] == merged[3].tiebreaks["head_to_head"] == 1.5
    assert merged[2].tiebreaks["lots"] < merged[3].tiebreaks["lots"]


def test_table_points_merge_by_placings():
    single = compile_standings([1, 2, 3, 4], RESULTS, method="table_points", table_points=SCALES)
    merged = split_compile([1, 2, 3, 4], RESULTS, [[0], [1, 2]], method="table_points", table_points=SCALES)
    assert merged == single
    # A table of four pays 8, 6, 4, 2; players 3 and 4 share 2nd-3rd twice (5) and 3rd-4th once (3).
    assert {line.player: line.points for line in merged} == {1: 18.0, 2: 16.0, 3: 13.0, 4: 13.0}


def test_a_tally_goes_through_json_bit_for_bit():
    results = [
        TableResult(1, 1, (1, 2, 3), (0.1, 0.2, -7.25), (1, 0, 2), (0.3, 1e17, 0.0)),
        TableResult(2, 2, (3, 1, 4), (2.0, 0.1, 0.1), (0, 0, 0)),
        TableResult(3, 2, (5, 6, 7, 8), (1.0, 0.0, 1.0, 0.0), (1, 0, 1, 0), teams=((0, 2), (1, 3))),
    ]
    counted = tally(results, placings=True, tables=True)
    back = Tally.from_wire(json.loads(json.dumps(counted.to_wire())))
    assert back == counted
    assert back.partners == {5: {7}, 7: {5}, 6: {8}, 8: {6}}
    assert back.tables == [((1, 2, 3), (2, 1, 3)), ((3, 1, 4), (1, 2, 2)), ((5, 6, 7, 8), (1, 3, 1, 3))]
    assert back.placings[4] == {(3, 2, 3): 1}
    # Whole numbers travel as ints: "12", not "12.0".
    assert tally([TableResult(1, 1, (1, 2), (12.0, 3.0), (0, 0))]).to_wire()["total"] == [12, 3]


def test_the_parts_leave_out_what_the_rules_do_not_read():
    wire = tally(RESULTS).to_wire()
    assert (wire["placings"], wire["seats"], wire["table_players"]) == ([], [], [])


@pytest.mark.parametrize(
    ("counts", "part_tables", "spans"),
    [
        ([(1, 250)] * 0, 10, [(None, None)]),
        ([(n, 250) for n in range(1, 81)], 10_000, [(None, 41), (41, None)]),
        ([(n, 250) for n in range(1, 81)], 7_000, [(None, 41), (41, None)]),  # two of 10,000
        ([(n, 250) for n in range(1, 81)], 6_000, [(None, 28), (28, 55), (55, None)]),
        ([(1, 2), (2, 2), (3, 2)], 1, [(None, 2), (2, 3), (3, None)]),
        ([(1, 2), (2, 2), (3, 2)], 4, [(None, None)]),  # 6 tables hold one part of 4
        ([(2, 5), (5, 1), (9, 4)], 5, [(None, 5), (5, None)]),
    ],
)
def test_rounds_are_cut_into_spans(counts, part_tables, spans):
    assert services.round_spans(counts, part_tables=part_tables) == spans


# --- the task flow on real tournaments (eager Celery here) ---------------------------------------


def rows(tournament):
    return sorted(
        Standing.objects.filter(tournament=tournament).values_list(
            "player_id", "rank", "rank_to", "points", "games", "tiebreaks"
        )
    )


def single_rows(tournament):
    return sorted(
        (s.player_id, s.rank, s.rank_to, s.points, s.games, s.tiebreaks)
        for s in services.standings_compile(tournament=tournament)
    )


def play_ohhell_rounds(tournament, user, count):
    for number in range(count):
        round_ = services.round_generate(tournament=tournament)
        services.round_confirm(round_=round_)
        for i, table in enumerate(round_.tables.order_by("number")):
            outcome = services.table_game_upload(
                table=table, content=table_log(table, 700 + 10 * number + i), user=user
            )
            assert outcome.result.error is None, outcome.result.error


@pytest.fixture
def parts_read():
    """Counts the parts' reads (the chord's header tasks call this service)."""
    with mock.patch.object(services, "standings_part", wraps=services.standings_part) as spy:
        yield spy


OHHELL_RULES = [
    ("total", ["head_to_head", "lots"]),
    ("table_points", ["head_to_head", "contracts_made", "lots"]),
    ("table_points", ["contracts_made", "best_game", "table_wins", "lots"]),
    ("table_points", ["table_wins", "head_to_head"]),
    ("table_points", []),
    ("average", ["best_game", "head_to_head", "lots"]),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "tiebreaks"), OHHELL_RULES)
def test_an_ohhell_tournament_split_by_rounds_compiles_as_one(
    people, tournament, settings, parts_read, method, tiebreaks
):
    settings.STANDINGS_PARALLEL_MIN_TABLES = 2  # parts of one table: one round each
    Tournament.objects.filter(pk=tournament.pk).update(
        standings_method=method, table_points={"4": [3, 2, 1, 0]}, tiebreaks=tiebreaks
    )
    play_ohhell_rounds(tournament, people.scorer, 3)
    tournament.refresh_from_db()
    assert tasks.compile_standings(tournament.pk) == 0  # sent as a chord; the merge wrote the rows
    assert parts_read.call_count == 3
    assert [call.kwargs["rounds"] for call in parts_read.call_args_list] == [(None, 2), (2, 3), (3, None)]
    parallel = rows(tournament)
    assert len(parallel) == len(NAMES)
    assert all(games == 3 for *_, games, _ in parallel)
    assert parallel == single_rows(tournament)
    if method == "table_points":  # the tie-breaks had ties to break
        points = [line[3] for line in parallel]
        assert len(set(points)) < len(points)
    assert not Tournament.objects.get(pk=tournament.pk).standings_stale
    assert tasks.cache.get(tasks.pending_key(tournament.pk)) is None


@pytest.fixture
def bridge_night(people):
    tournament = services.tournament_create(
        club=people.club,
        name="Robber night",
        user=people.organiser,
        game_type="bridge-rubber",
        ruleset="seed",
        preferred_table_size=4,
        tiebreaks=["head_to_head", "contracts_made", "best_game", "lots"],
        seed=3,
    )
    for name in BRIDGE_NAMES:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    for files in (["rubber", "revoke"], ["claim", "passout"], ["revoke", "claim"]):
        round_ = services.round_generate(tournament=tournament)
        services.round_confirm(round_=round_)
        for table, name in zip(round_.tables.order_by("number"), files, strict=True):
            content = json_for(name, seated_names(table))
            outcome = services.table_game_upload(
                table=table, content=content, user=people.scorer, filename="t.json"
            )
            assert outcome.result.error is None, outcome.result.error
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["total", "whists", "table_points"])
def test_a_bridge_tournament_split_by_rounds_compiles_as_one(bridge_night, settings, parts_read, method):
    settings.STANDINGS_PARALLEL_MIN_TABLES = 4  # parts of at least two tables: one round each
    Tournament.objects.filter(pk=bridge_night.pk).update(
        standings_method=method, table_points={"4": [3, 2, 1, 0]}
    )
    tasks.compile_standings(bridge_night.pk)
    assert parts_read.call_count == 3
    parallel = rows(bridge_night)
    bridge_night.refresh_from_db()
    assert parallel == single_rows(bridge_night)
    if method != "whists":  # (these games' whists leave no two players level)
        # Partners share their side's figures: points are shared, and the tie-breaks decide.
        points = [line[3] for line in parallel]
        assert len(set(points)) < len(points)
    assert len({line[1] for line in parallel}) == 8  # down to the drawing of lots


@pytest.mark.django_db
def test_below_the_threshold_or_switched_off_it_compiles_in_one_task(
    people, tournament, settings, parts_read
):
    play_ohhell_rounds(tournament, people.scorer, 1)
    settings.STANDINGS_PARALLEL_MIN_TABLES = 2  # two tables, but one round cannot be cut in two
    assert tasks.compile_standings(tournament.pk) == len(NAMES)
    play_ohhell_rounds(tournament, people.scorer, 1)
    settings.STANDINGS_PARALLEL_MIN_TABLES = 5  # 4 tables
    assert tasks.compile_standings(tournament.pk) == len(NAMES)
    settings.STANDINGS_PARALLEL_MIN_TABLES = 0  # never
    assert tasks.compile_standings(tournament.pk) == len(NAMES)
    assert parts_read.call_count == 0
    settings.STANDINGS_PARALLEL_MIN_TABLES = 4  # 4 tables: two parts of a round each
    assert tasks.compile_standings(tournament.pk) == 0
    assert parts_read.call_count == 2


@pytest.mark.django_db
def test_a_change_during_the_chord_is_compiled_once_more_then_the_flag_drops(people, tournament, settings):
    """The chord keeps the coalescing flag: an upload meanwhile queues nothing, marks the
    standings stale, and the merge compiles once more (another chord) before dropping it."""
    settings.STANDINGS_PARALLEL_MIN_TABLES = 2
    settings.STANDINGS_MAX_WAIT_S = 0
    play_ohhell_rounds(tournament, people.scorer, 2)
    read = services.standings_part
    calls, queued = [], []

    def part_with_a_change(**kwargs):
        calls.append(kwargs["rounds"])
        if len(calls) == 1:  # a change lands while the first chord reads
            queued.append(tasks.queue_compile(tournament.pk))
            Tournament.objects.filter(pk=tournament.pk).update(standings_stale=True)
        return read(**kwargs)

    with mock.patch.object(services, "standings_part", side_effect=part_with_a_change):
        assert tasks.queue_compile(tournament.pk) is True  # as an upload's commit does; eager: compiled now
    assert queued == [False]  # coalesced: the running compile holds the flag
    assert calls == [(None, 2), (2, None)] * 2  # two chords of two parts
    assert not Tournament.objects.get(pk=tournament.pk).standings_stale
    assert tasks.cache.get(tasks.pending_key(tournament.pk)) is None
    assert rows(tournament) == single_rows(tournament)


@pytest.mark.django_db
def test_a_failed_chord_marks_the_standings_stale_for_the_sweep(tournament):
    tasks.cache.set(tasks.pending_key(tournament.pk), 1)
    tasks.standings_failed(tournament.pk)
    assert Tournament.objects.get(pk=tournament.pk).standings_stale
    assert tasks.cache.get(tasks.pending_key(tournament.pk)) is None
    with mock.patch.object(tasks.compile_standings, "delay") as delay:
        assert tasks.sweep_stale_standings() == 1
    delay.assert_called_once_with(tournament.pk)
    # The queued compile holds the flag; nothing ran it here. A shared cache (Redis, in the
    # services pass) outlives the test: drop it, for the next test's tournament of this id.
    tasks.cache.delete(tasks.pending_key(tournament.pk))


# --- the live worker (services pass: PostgreSQL, Redis, a real celery worker) ------------------


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_chord_runs_on_the_live_worker_and_equals_the_single_compile(celery_worker_process, people):
    from celery.result import EagerResult, GroupResult

    tournament = services.tournament_create(
        club=people.club,
        name="Live split",
        user=people.organiser,
        seed=5,
        standings_method="table_points",
        table_points={"4": [3, 2, 1, 0]},
        tiebreaks=["head_to_head", "contracts_made", "lots"],
    )
    for name in NAMES:
        services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    play_ohhell_rounds(tournament, people.scorer, 3)
    drain(tournament)  # the uploads' own compiles (in one task: the worker's threshold) are done
    Standing.objects.filter(tournament=tournament).delete()

    spans = services.round_spans(services.tables_per_round(tournament), part_tables=2)
    assert spans == [(None, 2), (2, 3), (3, None)]
    rules = services.standings_rules(tournament)
    result = tasks.start_parallel_compile(tournament.pk, spans, rules=rules)
    assert result.get(timeout=60) == len(NAMES)
    assert not isinstance(result, EagerResult)
    header = result.parent
    assert isinstance(header, GroupResult)
    assert len(header.results) == 3
    assert all(part.successful() for part in header.results)
    parallel = rows(tournament)
    assert parallel == single_rows(tournament)
    assert all(games == 3 for *_, games, _ in parallel)

    # A part that fails (no such tournament) reaches the error callback, which drops the flag.
    gone = tournament.pk + 10_000
    tasks.cache.set(tasks.pending_key(gone), 1)
    broken = tasks.start_parallel_compile(gone, [(None, 2), (2, None)], rules=rules)
    with pytest.raises(Exception, match="does not exist"):
        broken.get(timeout=60)
    deadline = time.monotonic() + 30
    while tasks.cache.get(tasks.pending_key(gone)) is not None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert tasks.cache.get(tasks.pending_key(gone)) is None


def test_partnerships_are_the_players_who_only_ever_had_each_other():
    # 1 and 3 always together; 2 had 4 and then 5; 6 had only 5, but 5 also had 2: no pair.
    assert partnerships({1: {3}, 3: {1}, 2: {4, 5}, 4: {2}, 5: {2, 6}, 6: {5}}) == [(1, 3)]
    assert partnerships({}) == []
