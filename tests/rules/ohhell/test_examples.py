"""The spec's public examples, replayed through the library (check.py does it via the command).

tests/data/spec-examples/ is the project's copy of shared/spec/examples, so
the suite runs from any clone; .ci/run checks the copy is still identical.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.errors import MalformedDocument
from rules.findings import worst_status
from rules.ohhell import check, parse, replay

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "spec-examples" / "ohhell"
FILES = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expect.json"))


def test_every_example_is_here() -> None:
    assert [p.stem for p in FILES] == [
        "basic",
        "events-bid-out-of-turn",
        "malformed-card",
        "renege-and-redeal",
        "score-sheet-dispute",
    ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_matches_its_expectation(path: Path) -> None:
    expect = json.loads(path.with_name(path.stem + ".expect.json").read_text(encoding="utf-8"))
    raw = path.read_bytes()
    if expect["exit"] == 2:
        with pytest.raises(MalformedDocument) as exc:
            parse(raw)
        text = json.dumps(exc.value.as_dict(), ensure_ascii=False)
        for word in expect["mentions"]:
            assert word in text
        return
    report = replay(parse(raw))
    rep = report.as_dict()
    assert report.status == expect["exit"] == worst_status(report.findings)
    assert rep["totals"] == expect["totals"]
    for got, want in zip(rep["deals"], expect["deals"], strict=False):
        assert {k: got[k] for k in want} == want
    keys = [(f["code"], f["deal"], f["trick"], f["seat"]) for f in rep["findings"]]
    for code, deal, trick, seat in expect.get("must", []):
        assert any(
            c == code and deal in (None, d) and trick in (None, t) and seat in (None, s)
            for c, d, t, s in keys
        ), (code, keys)
    for code in expect.get("must_not", []):
        assert code not in [k[0] for k in keys]


def test_renege_example_reports_exactly_one_finding_with_a_clear_message() -> None:
    rep = check((EXAMPLES / "renege-and-redeal.json").read_bytes())
    assert rep["findings"] == [
        {
            "code": "RENEGE_UNCORRECTED",
            "severity": "error",
            "deal": 2,
            "trick": 1,
            "seat": 2,
            "player": "Taras",
            "card": "3C",
            "message": "Taras played 3C on a diamond lead while holding 7D",
            "params": {"led_suit": "D", "held_card": "7D"},
        }
    ]
    assert [d["redeal"] for d in rep["deals"]] == [False, False, True]
    assert rep["deals"][1]["balance"] == "even"
