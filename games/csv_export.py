"""CSV downloads that a spreadsheet cannot be tricked into running.

A cell starting with ``=``, ``+``, ``-``, ``@`` (or a tab or carriage return) is read by
spreadsheet programs as a formula, so a player named ``=HYPERLINK(…)`` would run on the
organiser's machine when the standings are opened (CSV injection, OWASP). Every text cell
of every CSV the site serves goes through :func:`safe_cell`, which puts a ``'`` in front of
such text; numbers, and text that is only a number (``-10``), are left as they are.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def safe_cell(value: Any) -> Any:
    """``value``, with a leading ``'`` when it is text a spreadsheet would take for a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """The rows as CSV text, every cell made safe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return buffer.getvalue()


def csv_response(rows: Iterable[Iterable[Any]], filename: str) -> HttpResponse:
    """A CSV download of ``rows`` named ``filename``."""
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
