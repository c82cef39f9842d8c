"""The placeholder conventions of rules/texts.py, written out once for the template tests
(tests/rules/test_refusal_texts.py, tests/rules/<game>/test_texts.py): what a placeholder shows,
by how its name ends. Kept apart from rules/texts.py on purpose, so the tests hold the code to
the convention rather than to itself."""

from __future__ import annotations

#: What a placeholder shows, by how its name ends.
SUFFIXES = {
    "seat": ("seat", "_seat"),
    "seats": ("_seats",),
    "card": ("card", "_card"),
    "cards": ("_cards",),
    "suit": ("suit", "_suit"),
    "contract": ("contract", "_contract", "call", "_call"),
    "by_seat": ("_by_seat",),
    "found": ("found", "_found"),
    "game": ("game", "_game"),
}


def kind(name: str) -> str:
    """The kind a placeholder ``name`` follows, or "plain" (shown as it is)."""
    for what, endings in SUFFIXES.items():
        if name in endings or any(e.startswith("_") and name.endswith(e) for e in endings):
            return what
    return "plain"
