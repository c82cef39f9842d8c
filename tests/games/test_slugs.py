"""Slugs cut to their column and unique within it (issue 21, item 6: a 200-character club name or
a 150-character tournament name was a 500 on PostgreSQL; a taken 80-character slug gained a
suffix past 80)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import services
from games.models import Club
from games.slugs import cut, unique_slug
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_long_club_name_makes_a_slug_that_fits_and_a_second_one_stays_within_it(people):
    name = "Очень " + "long club name " * 13  # 200 characters
    first = services.club_create(name=name[:200], user=people.organiser)
    second = services.club_create(name=name[:200], user=people.organiser)
    assert len(first.slug) <= 80
    assert len(second.slug) <= 80
    assert second.slug.endswith("-2")
    assert first.slug != second.slug
    assert Club.objects.filter(slug__in=[first.slug, second.slug]).count() == 2


def test_a_long_tournament_name_fits_too(people):
    name = "Кубок " + "of the autumn evenings " * 8
    made = [
        tournaments.tournament_create(club=people.club, name=name[:150], user=people.organiser)
        for _ in range(3)
    ]
    slugs = [t.slug for t in made]
    assert all(len(slug) <= 80 for slug in slugs)
    assert len(set(slugs)) == 3
    assert slugs[1].endswith("-2")
    assert slugs[2].endswith("-3")
    assert Tournament.objects.filter(club=people.club, slug__in=slugs).count() == 3


def test_a_name_with_no_latin_letters_falls_back_to_the_kind(people):
    club = services.club_create(name="Клуб «Туз»", user=people.organiser)
    assert club.slug == "club"


def test_cut_prefers_a_word_break():
    assert cut("autumn-evenings-cup", 17) == "autumn-evenings"
    assert cut("abcdefghij", 5) == "abcde"


@given(
    words=st.lists(st.text(alphabet="abcxyz", min_size=1, max_size=30), min_size=1, max_size=12),
    taken_count=st.integers(0, 30),
    length=st.integers(8, 80),
)
def test_a_slug_always_fits_and_is_free(words, taken_count, length):
    base = cut("-".join(words), length)
    taken = {base} | {cut(base, length - len(f"-{n}")) + f"-{n}" for n in range(2, taken_count + 2)}
    slug = unique_slug(" ".join(words), taken=taken.__contains__, max_length=length, fallback="x")
    assert len(slug) <= length
    assert slug not in taken
