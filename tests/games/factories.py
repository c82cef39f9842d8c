"""Test data for the games app (factory_boy), and simulated game logs."""

from __future__ import annotations

import json
from typing import Any

import factory

from accounts.models import User
from games.models import Club, Membership, Player
from rules.ohhell.simulate import simulate


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("a-long-passphrase")


class ClubFactory(factory.django.DjangoModelFactory[Club]):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class MembershipFactory(factory.django.DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    club = factory.SubFactory(ClubFactory)
    role = Membership.Role.MEMBER


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    display_name = factory.Sequence(lambda n: f"Player {n}")


def game_document(seed: int = 1, players: int | list[str] = 4, **options: Any) -> dict[str, Any]:
    """A complete, clean simulated Oh Hell log (deterministic by seed)."""
    return simulate(players=players, seed=seed, **options).document


def game_bytes(seed: int = 1, players: int | list[str] = 4, **options: Any) -> bytes:
    return json.dumps(game_document(seed, players, **options), ensure_ascii=False).encode()
