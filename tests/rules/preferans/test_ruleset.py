"""The preferans rulesets: the three conventions' values, options, and every MalformedDocument path."""

from __future__ import annotations

import pytest

from rules.errors import MalformedDocument
from rules.preferans.ruleset import OPTIONS, PRESETS, resolve_ruleset


def test_default_is_sochi_with_the_classic_ladder() -> None:
    rules = resolve_ruleset(None, 3)
    assert rules.preset == "sochi"
    assert [rules.game_value(level) for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert rules.misere_value == 10
    assert [rules.whist_value(level) for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert [rules.undertrick_value(level) for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert [rules.quota(level) for level in range(6, 11)] == [4, 2, 1, 1, 0]
    assert [rules.shortfall_value(level) for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert rules.whist_split == "greedy"
    assert rules.high_quota_liable == "second"
    assert rules.pool == 20
    assert rules.pool_whists == 10
    assert rules.mountain_whists == 10
    assert rules.pool_to_mountain == 1
    assert rules.dark_multiplier == 2
    assert rules.amnesty
    assert not rules.open_whisting


def test_leningrad_doubles_whists_and_mountain_and_the_pool_point() -> None:
    rules = resolve_ruleset("leningrad", 3)
    assert [rules.game_value(level) for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert [rules.whist_value(level) for level in range(6, 11)] == [4, 8, 12, 16, 20]
    assert [rules.undertrick_value(level) for level in range(6, 11)] == [4, 8, 12, 16, 20]
    assert [rules.consolation_value(level) for level in range(6, 11)] == [4, 8, 12, 16, 20]
    # Half-responsible: half of the doubled price.
    assert [rules.shortfall_value(level) for level in range(6, 11)] == [2, 4, 6, 8, 10]
    assert rules.misere_trick_value == 20
    assert rules.whist_split == "gentleman"
    assert rules.high_quota_liable == "both"
    assert rules.pool_whists == 20
    assert rules.pool_to_mountain == 2
    # Pass-outs 2-4-6.
    assert [rules.passout_trick * rules.passout_step(k) for k in (1, 2, 3, 4)] == [2, 4, 6, 6]


def test_rostov_writes_pass_outs_as_whists() -> None:
    rules = resolve_ruleset("rostov", 4)
    assert rules.passout_scoring == "whists"
    assert rules.passout_trick == 5
    assert rules.passout_series == (1, 1, 1)
    assert [rules.shortfall_value(level) for level in range(6, 11)] == [1, 2, 3, 4, 5]
    assert rules.whist_split == "gentleman"
    assert rules.overflow_to == "highest"
    assert [rules.minimum_level(k) for k in (0, 1, 2, 5)] == [6, 6, 6, 6]


def test_series_and_minimums_read_as_text_or_lists() -> None:
    rules = resolve_ruleset({"preset": "sochi", "passout_series": "1-2-2", "passout_minimum": "6-7-8"}, 3)
    assert [rules.passout_step(k) for k in (1, 2, 3, 9)] == [1, 2, 2, 2]
    assert [rules.minimum_level(k) for k in (0, 1, 2, 3, 9)] == [6, 7, 8, 8, 8]
    rules = resolve_ruleset({"passout_series": [1, 1, 1], "passout_minimum": [6, 6, 6]}, 3)
    assert [rules.passout_step(k) for k in (1, 2, 3)] == [1, 1, 1]
    assert resolve_ruleset(None, 3).minimum_level(1) == 7  # Sochi default 6-7-7


def test_as_dict_lists_every_option_and_round_trips() -> None:
    for preset in PRESETS:
        rules = resolve_ruleset(preset, 3)
        echoed = rules.as_dict()
        assert list(echoed) == ["preset", *OPTIONS]
        assert resolve_ruleset(echoed, 3) == rules
        assert rules.overrides() == {}
    rules = resolve_ruleset({"preset": "leningrad", "pool": 30, "amnesty": False}, 3)
    assert rules.overrides() == {"pool": 30, "amnesty": False}
    assert rules.as_dict()["whist_values"] == [4, 8, 12, 16, 20]


@pytest.mark.parametrize(
    ("value", "players", "path", "words"),
    [
        ("sochi", 2, "players", "three or four"),
        ("sochi", 5, "players", "three or four"),
        ("moscow", 3, "ruleset", "unknown preset"),
        ({"preset": 7}, 3, "ruleset.preset", "preset name"),
        ({"preset": "kiev"}, 3, "ruleset.preset", "unknown preset"),
        (42, 3, "ruleset", "preset name or an object"),
        ({"bullet": 20}, 3, "ruleset.bullet", "unknown ruleset option"),
        ({"pool": 0}, 3, "ruleset.pool", "at least 1"),
        ({"pool": "20"}, 3, "ruleset.pool", "whole number"),
        ({"pool": True}, 3, "ruleset.pool", "whole number"),
        ({"game_values": [2, 4, 6]}, 3, "ruleset.game_values", "five numbers"),
        ({"whist_values": [2, 4, 6, 8, -1]}, 3, "ruleset.whist_values[4]", "at least 0"),
        ({"amnesty": "yes"}, 3, "ruleset.amnesty", "true or false"),
        ({"whist_split": "kind"}, 3, "ruleset.whist_split", "greedy, gentleman"),
        ({"passout_scoring": "gora"}, 3, "ruleset.passout_scoring", "mountain, whists"),
        ({"overflow_to": "right"}, 3, "ruleset.overflow_to", "left, highest"),
        ({"high_quota_liable": "first"}, 3, "ruleset.high_quota_liable", "second, both"),
        ({"passout_series": "1-x-3"}, 3, "ruleset.passout_series", "1-2-3"),
        ({"passout_series": []}, 3, "ruleset.passout_series", "1-2-3"),
        ({"passout_series": [1, 0]}, 3, "ruleset.passout_series[1]", "at least 1"),
        ({"passout_minimum": "6-8-7"}, 3, "ruleset.passout_minimum[2]", "not be below"),
        ({"passout_minimum": [6, 11]}, 3, "ruleset.passout_minimum[1]", "6 to 10"),
        ({"passout_minimum": [5]}, 3, "ruleset.passout_minimum[0]", "at least 6"),
        ({"half_whist_levels": [6, 11]}, 3, "ruleset.half_whist_levels[1]", "6 to 10"),
        ({"half_whist_levels": [6, 6]}, 3, "ruleset.half_whist_levels", "twice"),
        ({"half_whist_levels": 6}, 3, "ruleset.half_whist_levels", "list of levels"),
        ({"pool_whists": 15}, 3, "ruleset.pool_whists", "multiple of mountain_whists"),
        ({"dark_multiplier": 0}, 3, "ruleset.dark_multiplier", "at least 1"),
    ],
)
def test_malformed_rulesets_name_their_path(value: object, players: int, path: str, words: str) -> None:
    with pytest.raises(MalformedDocument) as caught:
        resolve_ruleset(value, players)
    assert caught.value.path == path
    assert words in caught.value.message


def test_the_ruleset_is_frozen() -> None:
    rules = resolve_ruleset("sochi", 3)
    with pytest.raises(AttributeError):
        rules.pool = 10  # type: ignore[misc]
