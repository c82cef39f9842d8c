"""Cards, seats, calls and contracts as pages show them, in the reader's language.

The rules engine hands pages canonical text (cards ``"QH"``, seats ``"N"``,
calls ``"1NT"``, contracts ``"3NTX"``); these filters turn it into what a
reader expects: rank letters of the language (В Д К Т in Russian), suit
symbols, «×» for a double. Shared by every game's templates; nothing here
knows which game a page shows.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}


def _rank(rank: str) -> str:
    faces = {
        "T": "10",
        "J": pgettext("card rank", "J"),
        "Q": pgettext("card rank", "Q"),
        "K": pgettext("card rank", "K"),
        "A": pgettext("card rank", "A"),
    }
    return faces.get(rank, rank)


@register.filter
def card(name: str | None) -> str:
    """``"QH"`` → ``"Q♥"`` (``"Д♥"`` in Russian)."""
    if not name:
        return ""
    return f"{_rank(name[:-1])}{SUIT_SYMBOLS.get(name[-1], name[-1])}"


@register.filter
def rank(name: str | None) -> str:
    """Only the rank of a card, for a hand printed suit by suit: ``"QH"`` → ``"Q"``."""
    return _rank(name[:-1]) if name else ""


@register.filter
def red(name: str | None) -> bool:
    """Hearts and diamonds print red (besides their symbols, so colour is never the only signal)."""
    return bool(name) and str(name)[-1] in RED_SUITS


@register.filter
def suit(letter: str | None) -> str:
    """A suit or strain letter as its symbol; no-trump as the reader's abbreviation."""
    if not letter:
        return ""
    if letter == "NT":
        return pgettext("strain", "NT")
    return SUIT_SYMBOLS.get(letter, letter)


@register.filter
def seat(letter: str | None) -> str:
    """A compass seat letter in the reader's language (С В Ю З in Russian)."""
    names = {
        "N": pgettext("seat", "N"),
        "E": pgettext("seat", "E"),
        "S": pgettext("seat", "S"),
        "W": pgettext("seat", "W"),
    }
    return names.get(letter or "", letter or "")


@register.filter
def seat_name(letter: str | None) -> str:
    """A compass seat in full: North, East, South, West."""
    names = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}
    return names.get(letter or "", letter or "")


def _bid(text: str) -> str:
    level, rest = text[0], text[1:]
    marks = len(rest) - len(rest.rstrip("X"))
    return f"{level}{suit(rest.rstrip('X'))}{'×' * marks}"


@register.filter
def call(text: str | None) -> str:
    """An auction call: ``"1NT"``, ``"2H"`` → ``"2♥"``, ``"P"`` → Pass, ``"X"`` → ×, ``"XX"`` → ××."""
    if not text:
        return ""
    if text == "P":
        return pgettext("bridge call", "Pass")
    if text in ("X", "XX"):
        return "×" * len(text)
    return _bid(text)


@register.filter
def contract(deal: dict[str, Any] | None) -> str:
    """A contract with its declarer and result as a sheet labels it: «4♥ N =», «3NT× E −1»,
    «Passed out»."""
    if not deal or not deal.get("contract"):
        return _("Passed out")
    text = f"{_bid(deal['contract'])} {seat(deal.get('declarer'))}"
    result = deal.get("result")
    if result is None:
        return text
    if result == 0:
        return f"{text} ="
    return f"{text} {'+' if result > 0 else '−'}{abs(result)}"


@register.filter
def entry_kind(kind: str) -> str:
    """What an entry of the bridge sheet is for."""
    labels = {
        "tricks": _("tricks bid"),
        "overtricks": _("overtricks"),
        "undertricks": _("undertricks"),
        "insult": _("doubled contract made"),
        "slam": _("slam"),
        "honours": _("honours"),
        "game": _("game"),
        "rubber": _("rubber bonus"),
        "unfinished_game": _("unfinished rubber: game"),
        "unfinished_partscore": _("unfinished rubber: part score"),
    }
    return labels.get(kind, kind)


@register.filter
def get(mapping: dict[str, Any] | None, key: str) -> Any:
    """``mapping[key]`` in a template (a table by strain and seat)."""
    return None if mapping is None else mapping.get(key)
