"""Double-dummy speed for the analytics: preferans deals and bridge tables per second, and the
size of a durak game tree.

- Preferans (rules.preferans.double_dummy, pure Python): every played game contract of
  simulated pulkas (rules.preferans.simulate, fixed seeds; three players, misère included) is
  solved exactly, as rules.preferans.analytics does on upload: ``preferans_dd_deals_per_s``,
  the mean and the slowest deal, and the slowest misère (the catchers' search is the costly
  one). Process CPU seconds, so a busy shared machine slows the figures less.
- Bridge (DDS through endplay): ``bridge_dd_tables_per_s`` for endplay's ``calc_dd_table``
  alone, ``bridge_dd_par_per_s`` for rules.bridge.analytics.solve (the table, then par from
  it), on the hands of simulated rubbers (rules.bridge.simulate). DDS runs its own threads,
  so these are wall-clock seconds; ``bridge_dd_table_cpu_s`` is the CPU seconds of a table
  (all threads), the figure a busy machine distorts least.
- Durak: why there is no double dummy (docs/durak.md, "Analytics"). Knuth's estimator of a
  tree's size — the product of the number of choices along a random path — over simulated
  games (rules.durak.simulate, whose bots choose each card uniformly among the legal ones):
  ``durak_tree_log10_median_2p`` (and ``_3p``, ``_4p``) is the median of log10 of that
  product over throw-in games at two (three, four) players, counting card choices only (to
  open, beat, throw in, transfer), so the tree is larger still.

Figures go to stdout as ``name: value`` and into bench/results.json; nothing is asserted.

    .venv/bin/python -m bench.double_dummy
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # ``python bench/double_dummy.py``
    sys.path.insert(0, str(ROOT))

from bench.common import save  # noqa: E402

SEED = 20261129
PULKAS = 30
DEALS_PER_PULKA = 12
BRIDGE_DEALS = 24
DURAK_GAMES = 100


def preferans_positions(pulkas: int) -> list[tuple[tuple[int, int, int], int, int, int | None, bool, int]]:
    """Every played game contract of ``pulkas`` simulated pulkas: (hands by position, declarer,
    leader, trump, misère, guess) exactly as the analytics solves them."""
    import rules.preferans as preferans
    from rules.preferans.analytics import playing_hands
    from rules.preferans.core import read_contract
    from rules.preferans.play import active_seats, first_leader, trump_suit
    from rules.preferans.replay import replay_options
    from rules.preferans.ruleset import resolve_ruleset
    from rules.preferans.simulate import simulate

    out = []
    for p in range(pulkas):
        log = preferans.parse(simulate(seed=SEED + p, deals=DEALS_PER_PULKA).document)
        report = preferans.replay(log).as_dict()
        options = replay_options(resolve_ruleset(log.ruleset, 3)).play
        for deal, logged in zip(report["deals"], log.deals, strict=True):
            if deal["declarer"] is None:
                continue
            contract = read_contract(deal["contract"])
            assert contract is not None
            order = active_seats(3, deal["dealer"])
            leader = first_leader(3, deal["dealer"], deal["declarer"], options)
            trump = None if contract.misere else trump_suit(contract)
            hands = playing_hands(logged, deal["declarer"], order, leader, trump)
            if hands is None:
                continue
            guess = 1 if contract.misere else contract.level
            out.append(
                (
                    (hands[0], hands[1], hands[2]),
                    order.index(deal["declarer"]),
                    order.index(leader),
                    trump,
                    contract.misere,
                    guess,
                )
            )
    return out


def preferans_figures(pulkas: int) -> dict[str, Any]:
    from rules.preferans.double_dummy import declarer_tricks

    positions = preferans_positions(pulkas)
    games: list[float] = []
    misere: list[float] = []
    for hands, declarer, leader, trump, is_misere, guess in positions:
        start = time.process_time()
        declarer_tricks(hands, declarer, leader, trump, misere=is_misere, guess=guess)
        (misere if is_misere else games).append(time.process_time() - start)
    times = games + misere
    total = sum(times)
    return {
        "preferans_dd_deals": len(times),
        "preferans_dd_misere_deals": len(misere),
        "preferans_dd_deals_per_s": round(len(times) / total, 1) if total else None,
        "preferans_dd_mean_s": round(total / len(times), 4) if times else None,
        "preferans_dd_median_s": round(statistics.median(times), 4) if times else None,
        "preferans_dd_max_s": round(max(times), 3) if times else None,
        "preferans_dd_game_max_s": round(max(games), 3) if games else None,
        "preferans_dd_misere_max_s": round(max(misere), 3) if misere else None,
    }


def bridge_hands(deals: int) -> list[tuple[tuple[int, int, int, int], int]]:
    """Whole deals (hands by seat N E S W) and their dealers from simulated rubbers."""
    import rules.bridge as bridge
    from rules.bridge.simulate import simulate

    out: list[tuple[tuple[int, int, int, int], int]] = []
    seed = SEED
    while len(out) < deals:
        log = bridge.parse(simulate(seed=seed, deals=8).document)
        for deal in log.deals:
            if deal.hands is not None and len(out) < deals:
                h = deal.hands
                out.append(((h[0], h[1], h[2], h[3]), int(deal.dealer)))
        seed += 1
    return out


def bridge_figures(deals: int) -> dict[str, Any]:
    from rules.bridge.analytics import available, solve

    if not available():
        return {"bridge_dd_tables_per_s": "endplay is not installed"}
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    from rules.bridge.analysis import _pbn_hand

    boards = bridge_hands(deals)
    pbn = [Deal("N:" + " ".join(_pbn_hand(h) for h in hands)) for hands, _ in boards]
    start, cpu = time.perf_counter(), time.process_time()
    for deal in pbn:
        calc_dd_table(deal)
    tables, tables_cpu = time.perf_counter() - start, time.process_time() - cpu
    start = time.perf_counter()
    for hands, dealer in boards:
        solve(hands, dealer, (False, False))
    solved = time.perf_counter() - start
    return {
        "bridge_dd_deals": len(boards),
        "bridge_dd_tables_per_s": round(len(boards) / tables, 2),
        "bridge_dd_table_cpu_s": round(tables_cpu / len(boards), 3),
        "bridge_dd_par_per_s": round(len(boards) / solved, 2),
    }


@contextmanager
def counting_choices(counts: list[int]) -> Iterator[None]:
    """While open, every card choice of the durak bots appends its number of options."""
    from rules.durak import simulate as durak_simulate

    bots = durak_simulate._Bots
    original = bots.pick

    def pick(self: Any, mask: int) -> int:
        counts.append(mask.bit_count())
        return original(self, mask)

    bots.pick = pick  # type: ignore[method-assign]
    try:
        yield
    finally:
        bots.pick = original  # type: ignore[method-assign]


def durak_figures(games: int) -> dict[str, Any]:
    """Per table size (two, three, four players), ``games`` simulated throw-in games: the median
    log10 of the product of the card choices along each, and the median number of choices."""
    from rules.durak.simulate import simulate

    figures: dict[str, Any] = {"durak_games_per_size": games}
    for players in (2, 3, 4):
        sizes = []
        choices = []
        for g in range(games):
            counts: list[int] = []
            with counting_choices(counts):
                simulate(SEED + g, players=players, games=1, ruleset="throw-in")
            sizes.append(sum(math.log10(c) for c in counts))
            choices.append(len(counts))
        figures[f"durak_card_choices_median_{players}p"] = statistics.median(choices)
        figures[f"durak_tree_log10_median_{players}p"] = round(statistics.median(sizes), 1)
    return figures


def run(pulkas: int, bridge_deals: int, durak_games: int) -> dict[str, Any]:
    return {
        **preferans_figures(pulkas),
        **bridge_figures(bridge_deals),
        **durak_figures(durak_games),
    }


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.double_dummy", description=__doc__.splitlines()[0])
    parser.add_argument("--pulkas", type=int, default=PULKAS)
    parser.add_argument("--bridge-deals", type=int, default=BRIDGE_DEALS)
    parser.add_argument("--durak-games", type=int, default=DURAK_GAMES)
    parser.add_argument("--no-save", action="store_true", help="do not merge into bench/results.json")
    args = parser.parse_args(list(argv))
    figures = run(args.pulkas, args.bridge_deals, args.durak_games)
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    if not args.no_save:
        save({k: v for k, v in figures.items() if isinstance(v, int | float)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
