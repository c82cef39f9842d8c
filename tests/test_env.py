"""The typed environment readers fail loudly on bad values."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import Env


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("Yes", True), ("on", True), ("0", False), ("false", False), ("", False)],
)
def test_bool_reads_the_usual_spellings(raw, expected):
    assert Env({"DEBUG": raw}).boolean("DEBUG") is expected


def test_bool_rejects_a_typo_naming_the_variable():
    with pytest.raises(ImproperlyConfigured, match=r"DEBUG='ture' is not a boolean"):
        Env({"DEBUG": "ture"}).boolean("DEBUG")


def test_missing_required_value_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY is required"):
        Env({}).string("SECRET_KEY")


def test_defaults_apply_only_when_unset():
    env = Env({"PORT": "8001"})
    assert env.integer("PORT", default=8000) == 8001
    assert env.integer("OTHER", default=8000) == 8000
    assert env.boolean("FLAG", default=True) is True


def test_int_rejects_text_and_values_below_the_minimum():
    with pytest.raises(ImproperlyConfigured, match=r"AGE='soon' is not an integer"):
        Env({"AGE": "soon"}).integer("AGE")
    with pytest.raises(ImproperlyConfigured, match="AGE=-1 is below the minimum 0"):
        Env({"AGE": "-1"}).integer("AGE", minimum=0)


def test_list_splits_on_commas_and_drops_blanks():
    assert Env({"HOSTS": " a.example , b.example,, "}).csv_list("HOSTS") == ["a.example", "b.example"]


def test_choice_lists_the_allowed_values():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ENV='staging' is not one of development, test"):
        Env({"DJANGO_ENV": "staging"}).choice("DJANGO_ENV", ("development", "test", "production"))


def test_optional_string_treats_blank_as_unset():
    assert Env({"REDIS_URL": "  "}).optional_string("REDIS_URL") is None
    assert Env({"REDIS_URL": "redis://h/0"}).optional_string("REDIS_URL") == "redis://h/0"
