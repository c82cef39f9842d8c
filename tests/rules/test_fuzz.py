"""The log readers fuzzed (issue 11, "Hostile input"): whatever the bytes, every game's reader
answers with a document or MalformedDocument naming where — never another exception — and a
document it accepts replays to a report without raising.

Two generators (hypothesis): arbitrary bytes and text; and each game's good sample with one
node anywhere in its tree replaced by arbitrary JSON (the shape an attacker or a broken
scorer's program would send: a number where a list was, a huge int, a NaN, a deep list, a
string of control characters).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import bridge, registry
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[1] / "data"


def _samples() -> dict[str, dict[str, Any]]:
    ohhell = DATA / "spec-examples" / "ohhell" / "renege-and-redeal.json"
    return {
        "oh-hell": json.loads(ohhell.read_text(encoding="utf-8")),
        "bridge-rubber": bridge.read_file((DATA / "pbn" / "revoke.pbn").read_bytes()),
        "preferans": json.loads((DATA / "preferans" / "sochi-pulka.json").read_text(encoding="utf-8")),
        "durak": json.loads((DATA / "durak" / "throw-in.json").read_text(encoding="utf-8")),
    }


SAMPLES = _samples()

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


def _replace(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(document)
    node = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return out


def read_and_replay(raw: bytes | str | dict[str, Any]) -> None:
    """What the upload service does with a document: read it, then replay what was read."""
    try:
        reading = registry.read(raw)
    except MalformedDocument as exc:
        refused: MalformedDocument | None = exc
    else:
        refused = None
    if refused is not None:
        assert isinstance(refused.path, str)
        assert refused.message
        return
    report = reading.rules.replay(reading.log).as_dict()
    json.dumps(report, allow_nan=False)  # the report is plain, storable JSON


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_arbitrary_bytes_are_malformed_never_a_crash(raw: bytes) -> None:
    read_and_replay(raw)


@pytest.mark.parametrize("game", sorted(SAMPLES))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_sample_with_any_node_replaced_reads_or_is_malformed(game: str, data: st.DataObject) -> None:
    sample = SAMPLES[game]
    path = data.draw(st.sampled_from(_paths(sample)), label="path")
    value = data.draw(json_values, label="value")
    document = _replace(sample, path, value)
    try:
        raw = json.dumps(document, ensure_ascii=False)
    except ValueError:
        return
    read_and_replay(raw.encode())


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_every_sample_reads_clean(game: str) -> None:
    reading = registry.read(json.dumps(SAMPLES[game]).encode())
    assert reading.game == game


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"game": "oh-hell", "version": NaN}', "not JSON: NaN is not a number JSON allows"),
        (b'{"game": "preferans", "version": Infinity}', "not JSON: Infinity is not a number JSON allows"),
        (b'{"game": "durak", "version": 1' + b"0" * 5000 + b"}", "not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "not JSON"),
        (b'{"game": "oh-hell"' + b', "x": {}' * 0 + b"}", "version"),
    ],
)
def test_hostile_json_is_named(raw: bytes, message: str) -> None:
    with pytest.raises(MalformedDocument) as caught:
        registry.read(raw)
    assert message in f"{caught.value.path}: {caught.value.message}"
