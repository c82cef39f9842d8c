"""The rubber: games, vulnerability, the rubber bonus, and the end-of-rubber conversion to whists.

"Выигравшие 2 партии выигрывают роббер. Для того чтобы была выиграна
партия, необходимо записать под чертой не менее 100 очков. Как только
партия сделана, подчеркивают запись, которая находится под чертой, в том
числе и те записи соперников … Для записи партии игра должна начинаться с
нуля. Сторона, выигравшая 1 партию, считается «по партии» …"

Use :class:`RubberTracker` deal by deal (its :attr:`~RubberTracker.vulnerable`
is what :func:`rules.bridge.scoring.score_deal` needs before each deal), or
:func:`score_session` over a whole session's results.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules.bridge.core import Contract, Side
from rules.bridge.ruleset import Ruleset
from rules.bridge.scoring import DealScore, Entry, score_deal


def round_whists(difference: int, rounding: str) -> int:
    """``difference`` points as whists: "Разница этих сумм, которую делят на 100 с
    округлением до целого числа". Exact halves go by ``rounding`` (``half_up`` away from
    zero, ``half_down`` toward it, ``half_even`` to the even number), symmetric in sign so
    the two sides' whists always sum to zero."""
    whole, rest = divmod(abs(difference), 100)
    if rest > 50 or (rest == 50 and (rounding == "half_up" or (rounding == "half_even" and whole % 2 == 1))):
        whole += 1
    return whole if difference >= 0 else -whole


@dataclass(frozen=True, slots=True)
class RubberResult:
    """One rubber's account, by side [We, They].

    ``above`` and ``below`` sum what the deals wrote on each line (a ruleset's game bonus
    included, when it sets one); ``bonus`` is what the rubber's end adds: the rubber bonus,
    or for a rubber left unfinished the Law 80 points. ``totals`` = above + below + bonus; ``whists`` is
    the difference of the totals in hundreds, [NS, EW], zero-sum.
    """

    number: int
    deals: tuple[int, ...]
    games: tuple[int, int]
    above: tuple[int, int]
    below: tuple[int, int]
    bonus: tuple[int, int]
    bonus_entries: tuple[Entry, ...]
    finished: bool
    whists: tuple[int, int]

    @property
    def totals(self) -> tuple[int, int]:
        return (
            self.above[0] + self.below[0] + self.bonus[0],
            self.above[1] + self.below[1] + self.bonus[1],
        )

    @property
    def winner(self) -> Side | None:
        """The side that won two games; None for an unfinished rubber."""
        if not self.finished:
            return None
        return Side.WE if self.games[0] == 2 else Side.THEY

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "deals": [d + 1 for d in self.deals],
            "finished": self.finished,
            "games": list(self.games),
            "above": list(self.above),
            "below": list(self.below),
            "bonus": list(self.bonus),
            "bonus_entries": [e.as_dict() for e in self.bonus_entries],
            "totals": list(self.totals),
            "whists": list(self.whists),
        }


class RubberTracker:
    """The score sheet of one table through a session: rubber after rubber.

    Record each deal's :class:`DealScore` in order; :meth:`record` returns it with the
    game and rubber entries it earned. A completed rubber lands in :attr:`rubbers` and the
    next deal starts a new one; :meth:`finish` closes a rubber left unfinished.
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.rubbers: list[RubberResult] = []
        self._deal = 0
        self._start()

    def _start(self) -> None:
        self._games = [0, 0]
        self._part = [0, 0]
        self._above = [0, 0]
        self._below = [0, 0]
        self._deals: list[int] = []

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """Before the next deal, by side: "Сторона, выигравшая 1 партию, считается «по
        партии», а сторона, еще не достигшая результата, считается «перед партией»"."""
        return self._games[0] > 0, self._games[1] > 0

    @property
    def games(self) -> tuple[int, int]:
        """Games won in the rubber under way."""
        return self._games[0], self._games[1]

    @property
    def partscores(self) -> tuple[int, int]:
        """Trick points below the line toward the game under way."""
        return self._part[0], self._part[1]

    def record(self, deal: DealScore) -> DealScore:
        """Write one deal on the sheet; return it with its ``game`` and ``rubber`` entries.

        Only the trick points ("очки, объявленные по контракту") count toward a game. "Как
        только партия сделана, подчеркивают запись, которая находится под чертой, в том
        числе и те записи соперников": a game resets both sides' part scores ("Для записи
        партии игра должна начинаться с нуля"). "Выигравшие 2 партии выигрывают роббер":
        the rubber bonus, 700 if the opponents are «перед партией», 500 if «по партии».
        """
        ruleset = self.ruleset
        self._deals.append(self._deal)
        self._deal += 1
        self._write(deal.entries)
        extra: list[Entry] = []
        for side in (Side.WE, Side.THEY):
            tricks = deal.points(side, "below", "tricks")
            if not tricks:
                continue
            self._part[side] += tricks
            if self._part[side] < ruleset.game_threshold:
                continue
            self._part = [0, 0]
            self._games[side] += 1
            if ruleset.game_bonus:
                game = Entry(side, ruleset.game_bonus_line, "game", ruleset.game_bonus)
                extra.append(game)
                self._write((game,))
            if self._games[side] == 2:
                bonus = (
                    ruleset.rubber_bonus_three_games
                    if self._games[side.other]
                    else ruleset.rubber_bonus_two_games
                )
                rubber = Entry(side, "above", "rubber", bonus)
                extra.append(rubber)
                self._close(finished=True, bonus_entries=(rubber,))
        return deal.added(*extra) if extra else deal

    def finish(self) -> RubberResult | None:
        """Close a rubber left unfinished when the session ends; None if no deal was played in it.

        The seed is silent; the Laws (rubber Law 80, the Law 77 table's "unfinished rubber"):
        a side that alone has won a game scores 300, a side that alone has a part score in the
        unfinished game scores 100. (Crediting both sides alike would change no difference,
        so no whists.)
        """
        if not self._deals:
            return None
        ruleset = self.ruleset
        entries: list[Entry] = []
        for side in (Side.WE, Side.THEY):
            other = side.other
            if self._games[side] and not self._games[other] and ruleset.unfinished_game:
                entries.append(Entry(side, "above", "unfinished_game", ruleset.unfinished_game))
        for side in (Side.WE, Side.THEY):
            other = side.other
            if self._part[side] and not self._part[other] and ruleset.unfinished_partscore:
                entries.append(Entry(side, "above", "unfinished_partscore", ruleset.unfinished_partscore))
        return self._close(finished=False, bonus_entries=tuple(entries))

    def _write(self, entries: Iterable[Entry]) -> None:
        for e in entries:
            if e.line == "above":
                self._above[e.side] += e.points
            else:
                self._below[e.side] += e.points

    def _close(self, *, finished: bool, bonus_entries: tuple[Entry, ...]) -> RubberResult:
        bonus = [0, 0]
        for e in bonus_entries:
            bonus[e.side] += e.points
        totals = [self._above[s] + self._below[s] + bonus[s] for s in (0, 1)]
        whists = round_whists(totals[0] - totals[1], self.ruleset.whists_rounding)
        result = RubberResult(
            number=len(self.rubbers) + 1,
            deals=tuple(self._deals),
            games=(self._games[0], self._games[1]),
            above=(self._above[0], self._above[1]),
            below=(self._below[0], self._below[1]),
            bonus=(bonus[0], bonus[1]),
            bonus_entries=bonus_entries,
            finished=finished,
            whists=(whists, -whists),
        )
        self.rubbers.append(result)
        self._start()
        return result


@dataclass(frozen=True, slots=True)
class SessionScore:
    """A whole session at one table: each deal's entries, the vulnerability it was played
    at, and the rubbers (the last one unfinished if the session stopped mid-rubber)."""

    deals: tuple[DealScore, ...]
    vulnerability: tuple[tuple[bool, bool], ...]
    rubbers: tuple[RubberResult, ...]

    @property
    def totals(self) -> tuple[int, int]:
        we = they = 0
        for r in self.rubbers:
            t = r.totals
            we += t[0]
            they += t[1]
        return we, they

    @property
    def whists(self) -> tuple[int, int]:
        """Whists summed over the rubbers, [NS, EW]: each rubber is rounded on its own."""
        we = sum(r.whists[0] for r in self.rubbers)
        return we, -we


def score_session(
    results: Iterable[tuple[Contract | None, int, tuple[int, int]]],
    ruleset: Ruleset,
    *,
    finish: bool = True,
) -> SessionScore:
    """Score ``(contract, declarer's tricks, honours by side)`` deal after deal at the
    vulnerability the rubber gives each; with ``finish`` close an unfinished last rubber."""
    tracker = RubberTracker(ruleset)
    deals: list[DealScore] = []
    vulnerability: list[tuple[bool, bool]] = []
    for contract, tricks, honours in results:
        vul = tracker.vulnerable
        vulnerability.append(vul)
        deals.append(tracker.record(score_deal(contract, tricks, vul, honours, ruleset)))
    if finish:
        tracker.finish()
    return SessionScore(tuple(deals), tuple(vulnerability), tuple(tracker.rubbers))
