"""Long lists a page at a time: a round's tables, the cross-table's players and rounds.

A 1,000-player tournament of 80 rounds has 20,000 tables; listing them all made
the tournament page 7.8 MB and the cross-table 17.9 MB (docs/performance.md,
Pages). Each list is cut into pages of a fixed size, so a page costs the same
whatever the tournament's size, and its links are a fixed window around the
current page (the first, the last, and two either side), never one per page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest

#: Pages either side of the current one that get their own link.
WINDOW = 2


@dataclass(frozen=True)
class Link:
    """One entry of a pager: a page's number and link, or a gap (``number`` 0) between them."""

    number: int
    url: str = ""
    current: bool = False
    text: str = ""

    @property
    def gap(self) -> bool:
        return self.number == 0


def pages_for(count: int, size: int) -> int:
    """How many pages ``count`` items fill, ``size`` a page (one, even when empty)."""
    return max(1, -(-count // size))


def asked(request: HttpRequest, name: str, last: int | None, default: int = 1) -> int:
    """The page number the query string asks for under ``name``, kept within 1…``last`` (no upper
    bound when ``last`` is None); ``default`` when it asks for none or for something not a number."""
    try:
        number = int(request.GET.get(name, default))
    except (TypeError, ValueError):
        number = default
    number = max(number, 1)
    return number if last is None else min(number, last)


def pager(
    request: HttpRequest,
    name: str,
    current: int,
    last: int,
    *,
    text: Callable[[int], str] = str,
    keep: Mapping[str, int | str] | None = None,
) -> list[Link]:
    """Links to the first and the last page and to those within WINDOW of ``current``, gaps between;
    each link sets ``name``, keeps ``keep`` (the other lists' pages) in the query string and reads
    ``text(number)``. No links when there is one page."""
    if last <= 1:
        return []
    wanted = {1, last, *range(current - WINDOW, current + WINDOW + 1)}
    links: list[Link] = []
    previous = 0
    for number in sorted(n for n in wanted if 1 <= n <= last):
        if number > previous + 1:
            links.append(Link(0))
        query = urlencode({**(keep or {}), name: number})
        links.append(Link(number, f"{request.path}?{query}", number == current, text(number)))
        previous = number
    return links
