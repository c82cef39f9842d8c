"""The shared JSON reader: strict UTF-8, clear positions, repeated keys kept for the reader."""

from __future__ import annotations

import pytest

from rules.errors import MalformedDocument
from rules.jsondoc import DuplicateKeys, load_json
from rules.registry import read


def test_a_repeated_key_is_remembered():
    doc = load_json(b'{"a": 1, "b": {"c": 1, "c": 2}}')
    assert not isinstance(doc, DuplicateKeys)
    assert isinstance(doc["b"], DuplicateKeys)
    assert doc["b"].duplicate == "c"


def test_a_bom_is_tolerated_and_cyrillic_read():
    assert load_json('\ufeff{"игрок": "Вера"}'.encode()) == {"игрок": "Вера"}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe{}", "not UTF-8 text: invalid start byte at byte 0"),
        (b'{"a": 1,\n "b": }', "not JSON: Expecting value at line 2 column 7"),
        (b"[" * 100_000, "not JSON"),
    ],
)
def test_unreadable_text_names_where(raw, message):
    with pytest.raises(MalformedDocument) as caught:
        load_json(raw)
    assert caught.value.path == ""
    assert message in caught.value.message


def test_registry_reads_the_game_and_refuses_unknown_ones():
    with pytest.raises(MalformedDocument, match="unknown game 'chess'") as caught:
        read(b'{"game": "chess"}')
    assert caught.value.path == "game"
    with pytest.raises(MalformedDocument, match="is required") as caught:
        read(b'{"deals": []}')
    assert caught.value.path == "game"
    with pytest.raises(MalformedDocument, match="a game log is a JSON object, not a list"):
        read(b"[]")


def test_registry_passes_repeated_keys_to_the_game_reader():
    with pytest.raises(MalformedDocument) as caught:
        read(b'{"game": "oh-hell", "version": 1, "version": 1}')
    assert caught.value.path == "version"
    assert "appears twice" in caught.value.message
