"""IMPs (Law 78B): a difference in points on the international match point scale, across the field.

- :func:`imps` — one difference on the scale;
- :func:`cross_imps` — each result against every other result on the board (Law 78B
  "IMPs across the field"): the sum of the IMPs won and lost against each of the others,
  and that sum divided by the number of comparisons, so that boards played a different
  number of times weigh alike;
- :func:`datum` and :func:`butler` — each result against one datum score, the mean of
  the results with the highest and the lowest left out, rounded to a multiple of 10
  (the Butler method of scoring pairs on IMPs).

Scores are from one direction's point of view (North–South in bridge): positive is a
score for that direction, negative a score for the other. Plain numbers, no cards.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction

#: Law 78B: the lowest difference in points worth 1, 2, ... 24 IMPs
#: (20–40 is 1 IMP, 50–80 is 2, ... 4000 and more is 24).
IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(points: int) -> int:
    """A difference in points on the IMP scale, with its sign: 10 is 0, 1070 is 14, -500 is -11."""
    size = bisect_right(IMP_STEPS, abs(points))
    return size if points >= 0 else -size


def cross_imps(scores: Sequence[int]) -> list[tuple[int, Fraction]]:
    """Each score IMPed against every other score of the board: (the sum, the sum per comparison).

    With one score there is nothing to compare: (0, 0).
    """
    out: list[tuple[int, Fraction]] = []
    others = len(scores) - 1
    for i, mine in enumerate(scores):
        total = sum(imps(mine - theirs) for j, theirs in enumerate(scores) if j != i)
        out.append((total, Fraction(total, others) if others else Fraction(0)))
    return out


def default_dropped(count: int) -> int:
    """How many results are left out at each end of the datum: one each when there are five or
    more, none below that (with four or fewer the mean of the middle would be one or two scores)."""
    return 1 if count >= 5 else 0


def datum(scores: Sequence[int], dropped: int | None = None) -> int:
    """The Butler datum of a board: the mean of its scores, ``dropped`` (by default
    :func:`default_dropped`) left out at each end, rounded to the nearest 10 (an exact 5
    away from zero)."""
    if not scores:
        raise ValueError("a datum needs at least one score")
    drop = default_dropped(len(scores)) if dropped is None else dropped
    if drop < 0 or 2 * drop >= len(scores):
        raise ValueError(f"cannot leave out {drop} at each end of {len(scores)} scores")
    kept = sorted(scores)[drop : len(scores) - drop]
    mean = Fraction(sum(kept), len(kept))
    tens, rest = divmod(abs(mean), 10)
    rounded = int(tens) + (1 if rest >= 5 else 0)
    return 10 * rounded if mean >= 0 else -10 * rounded


def butler(scores: Sequence[int], dropped: int | None = None) -> tuple[int, list[int]]:
    """The board's datum and each score IMPed against it."""
    mark = datum(scores, dropped)
    return mark, [imps(score - mark) for score in scores]
