"""Slugs made from names: cut to their column and unique within it.

A 200-character club name made an 200-character slug for an 80-character column (a 500 on
PostgreSQL, issue 21), and a taken 80-character slug gained its "-2" past the column. Every
slug the services make comes from :func:`unique_slug`: the name slugified (ASCII, as the URLs
are), cut to the column at a word break where one is near, and, when taken, the shortest
"-2", "-3", ... suffix with the base cut to leave it room.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.text import slugify


def cut(slug: str, length: int) -> str:
    """``slug`` at most ``length`` characters, cut at a hyphen when one is in the last third."""
    if len(slug) <= length:
        return slug
    head = slug[:length]
    hyphen = head.rfind("-")
    return (head[:hyphen] if hyphen >= length * 2 // 3 else head).strip("-")


def unique_slug(name: str, *, taken: Callable[[str], bool], max_length: int, fallback: str) -> str:
    """A slug for ``name`` that fits ``max_length`` and that ``taken`` says is free."""
    base = cut(slugify(name), max_length) or fallback
    if not taken(base):
        return base
    n = 2
    while True:
        suffix = f"-{n}"
        candidate = cut(base, max_length - len(suffix)) + suffix
        if not taken(candidate):
            return candidate
        n += 1
