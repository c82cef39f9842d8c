"""A live-kept game's entries as the arbiter's evidence: who entered what in a deal, and when.

The dispute page (games.evidence) asks each provider in ``games.evidence.TIMELINES`` for a
deal's entries; this one answers for games kept live by the scorekeeper, from the draft's
append-only entries, undos and what they took back included (scorekeeper.engine.deal_numbers
says which deal each entry was made in). Registered by scorekeeper/apps.py: games never
imports this app.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.evidence import TimelineEntry
from games.models import Game
from games.templatetags.cards import card as card_text
from scorekeeper import engine
from scorekeeper.models import Draft, DraftEntry
from scorekeeper.services import as_engine_entry, setup_of


def entry_words(row: DraftEntry, players: list[str], seat: int | None = None) -> str:
    """One entry as the arbiter reads it: «Ольга bids 2», «Глеб plays Д♥», «Undo». ``seat``: the
    seat the engine gave an entry stored without one (a card played: whose turn it was)."""
    seat = row.seat if row.seat is not None else seat
    who = players[seat] if seat is not None and seat < len(players) else ""
    card = card_text(row.card) if row.card else ""
    kind = row.kind
    if kind == DraftEntry.Kind.TRUMP:
        return _("Trump card: %(card)s") % {"card": card} if card else _("No trump")
    if kind == DraftEntry.Kind.BID:
        text = _("%(player)s bids %(bid)s") % {"player": who, "bid": row.value}
        return f"{text} ({_('blind')})" if row.blind else text
    if kind == DraftEntry.Kind.PLAY:
        return _("%(player)s plays %(card)s") % {"player": who, "card": card}
    if kind == DraftEntry.Kind.TAKE_BACK:
        return _("%(player)s takes back %(card)s") % {"player": who, "card": card}
    if kind == DraftEntry.Kind.HELD:
        return _("Renege let stand: %(player)s held %(card)s") % {"player": who, "card": card}
    if kind == DraftEntry.Kind.EXPOSE:
        return _("%(player)s exposes %(card)s") % {"player": who, "card": card}
    if kind == DraftEntry.Kind.OUT_OF_TURN:
        return _("%(player)s plays %(card)s out of turn") % {"player": who, "card": card}
    if kind == DraftEntry.Kind.TAKEN:
        counts = ", ".join(f"{players[s]} {t}" for s, t in enumerate(row.taken or []) if s < len(players))
        return _("Tricks taken: %(counts)s") % {"counts": counts}
    if kind == DraftEntry.Kind.RENEGE:
        names = ", ".join(players[s] for s in row.seats or [] if s < len(players))
        return _("Renege not corrected: %(players)s") % {"players": names}
    if kind == DraftEntry.Kind.UNDO:
        return _("Undo")
    return str(row.get_kind_display())


def timeline(game: Game, deal: int) -> list[TimelineEntry] | None:
    """Deal ``deal``'s entries of the draft the game was kept in, or None for a game not kept live."""
    draft = Draft.objects.filter(game=game).first()
    if draft is None:
        return None
    rows = list(draft.entries.select_related("user").order_by("number"))
    numbers, undone, seats = engine.deal_numbers(setup_of(draft), [as_engine_entry(row) for row in rows])
    players = list(draft.players)
    return [
        TimelineEntry(
            at=row.created_at,
            who=row.user.display_name or row.user.get_username(),
            what=entry_words(row, players, seats[index]),
            undone=index in undone,
            undo=row.kind == DraftEntry.Kind.UNDO,
        )
        for index, row in enumerate(rows)
        if numbers[index] == deal
    ]
