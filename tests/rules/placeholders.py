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
    """The kind a placeholder ``name`` follows, or "plain" (shown as it is). The longest ending
    wins: ``scores_by_seat`` is one number per seat (``_by_seat``), not a seat (``_seat``)."""
    matches = [
        (len(ending), what)
        for what, endings in SUFFIXES.items()
        for ending in endings
        if name == ending or (ending.startswith("_") and name.endswith(ending))
    ]
    return max(matches)[1] if matches else "plain"
