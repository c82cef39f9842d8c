"""rules.durak.ruleset: the variants as presets, combined by options, and the readings."""

from __future__ import annotations

import pytest

from rules.durak.ruleset import OPTIONS, PRESETS, resolve_ruleset
from rules.errors import MalformedDocument


def test_the_default_is_the_simple_game():
    """«Это самая распространенная форма игры в дурака» closes the simple game's description."""
    assert next(iter(PRESETS)) == "simple"
    rules = resolve_ruleset(None, 2)
    assert rules.preset == "simple"
    assert not rules.throw_in


@pytest.mark.parametrize(
    ("preset", "flags"),
    [
        ("simple", {}),
        ("throw-in", {"throw_in"}),
        ("transfer", {"throw_in", "transfer"}),
        ("transfer-any", {"throw_in", "transfer", "transfer_after_beat"}),
        ("no-trump", {"throw_in", "no_trump"}),
        ("two-decks", {"throw_in", "two_decks"}),
        ("blind", {"throw_in", "blind"}),
    ],
)
def test_every_variant_is_a_preset(preset, flags):
    rules = resolve_ruleset(preset, 3)
    names = ("throw_in", "transfer", "transfer_after_beat", "no_trump", "two_decks", "blind")
    assert {n for n in names if getattr(rules, n)} == set(flags)
    assert rules.lose_at == (52 if preset == "two-decks" else None)


def test_the_readings_default_and_the_limits():
    rules = resolve_ruleset("throw-in", 4)
    assert rules.first_attack_jack == "lowest"
    assert rules.draw_rule == "draw"
    assert rules.bout_limit == 6  # the common rule; not in the seed
    assert rules.first_bout_limit is None  # the common five: not in the seed, off
    assert rules.deck == 36


def test_variants_combine_through_options():
    rules = resolve_ruleset({"preset": "transfer", "no_trump": True, "deck": 52}, 5)
    assert rules.transfer
    assert rules.no_trump
    assert rules.cards == 52
    assert rules.overrides() == {"deck": 52, "no_trump": True}
    assert list(rules.as_dict()) == ["preset", *OPTIONS]


def test_two_decks_double_the_cards():
    assert resolve_ruleset({"preset": "two-decks", "deck": 52}, 2).cards == 104


@pytest.mark.parametrize(
    ("value", "players", "path"),
    [
        ("poker", 2, "ruleset"),
        ({"preset": "simple", "trumps": True}, 2, "ruleset.trumps"),
        ({"deck": 32}, 2, "ruleset.deck"),
        ({"throw_in": "yes"}, 2, "ruleset.throw_in"),
        ({"first_attack_jack": "middle"}, 2, "ruleset.first_attack_jack"),
        ({"draw_rule": "toss"}, 2, "ruleset.draw_rule"),
        ({"bout_limit": 0}, 2, "ruleset.bout_limit"),
        ({"transfer_after_beat": True}, 2, "ruleset.transfer_after_beat"),
        ("simple", 1, "players"),
        ("simple", 7, "players"),
    ],
)
def test_bad_rulesets_are_refused_with_their_path(value, players, path):
    with pytest.raises(MalformedDocument) as caught:
        resolve_ruleset(value, players)
    assert caught.value.path == path


def test_limits_may_be_lifted_or_set():
    assert resolve_ruleset({"bout_limit": None}, 2).bout_limit is None
    assert resolve_ruleset({"first_bout_limit": 5}, 2).first_bout_limit == 5
