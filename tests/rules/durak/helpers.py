"""Shared helpers of the durak tests: the hand-checked logs of tests/data/durak, replays, and
small edits of a log (an event replaced, inserted or removed) for the findings tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import rules.durak as durak

DATA = Path(__file__).resolve().parents[2] / "data" / "durak"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return doc


def run(doc: dict[str, Any]) -> durak.Report:
    return durak.replay(durak.parse(doc))


def codes(report: durak.Report) -> list[str]:
    return [f.code for f in report.findings]


def errors(report: durak.Report) -> list[Any]:
    return [f for f in report.findings if f.severity == "error"]


def events(doc: dict[str, Any], game: int = 0) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = doc["deals"][game]["events"]
    return found


def index_of(doc: dict[str, Any], game: int = 0, start: int = 0, **match: Any) -> int:
    """The index of the first event from ``start`` whose fields include ``match``."""
    for i, event in enumerate(events(doc, game)):
        if i >= start and all(event.get(k) == v for k, v in match.items()):
            return i
    raise LookupError(f"no event {match} from {start}")


def edited(doc: dict[str, Any], *, game: int = 0, **changes: Any) -> dict[str, Any]:
    """A copy of ``doc`` with changes to one game (``fool=...``, ``ruleset`` goes to the log)."""
    out = copy.deepcopy(doc)
    for key, value in changes.items():
        if key == "ruleset":
            out["ruleset"] = value
        elif value is None:
            out["deals"][game].pop(key, None)
        else:
            out["deals"][game][key] = value
    return out


def with_event(
    doc: dict[str, Any], index: int, event: dict[str, Any] | None, *, game: int = 0, insert: bool = False
) -> dict[str, Any]:
    """A copy of ``doc`` with event ``index`` replaced by ``event`` (removed for None, or
    ``event`` inserted before it)."""
    out = copy.deepcopy(doc)
    evs = out["deals"][game]["events"]
    if insert:
        assert event is not None
        evs.insert(index, event)
    elif event is None:
        del evs[index]
    else:
        evs[index] = event
    return out


def finding(report: durak.Report, code: str) -> Any:
    """The one finding of ``code``; fails when there is none or more."""
    found = [f for f in report.findings if f.code == code]
    assert len(found) == 1, [(f.code, f.event, f.message) for f in report.findings]
    return found[0]
