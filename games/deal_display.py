"""A deal's fields in words, for the places that show what changed: a preview before a correction
is saved, and two revisions side by side.

The log's own fields are labelled as the deal form labels them (games.deal_forms); what the
replay recomputes has its own short list per game (:data:`REPORT_FIELDS`: the tricks taken, the
scores, an annulment, the penalties and what became of them…). Values are written as a player
reads them: names for seats, Д♥ for cards, «пас» for a pass, every number as on the sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games import deal_forms
from games.corrections import Comparison, DealChange, FieldChange
from games.finding_text import with_text
from games.templatetags.cards import call as call_text
from games.templatetags.cards import card as card_text
from games.templatetags.cards import entry_kind
from games.templatetags.cards import seat as compass_text

#: What the replay recomputes of a deal that a change may move, per game, with its label.
REPORT_FIELDS: dict[str, tuple[tuple[str, Any], ...]] = {
    "oh-hell": (
        ("taken", gettext_lazy("tricks taken")),
        ("scores", gettext_lazy("scores")),
        ("annulled", gettext_lazy("annulled")),
        ("redeal", gettext_lazy("a redeal")),
        ("balance", gettext_lazy("the bids' balance")),
        ("penalties", gettext_lazy("penalties")),
    ),
    "bridge-rubber": (
        ("contract", gettext_lazy("contract")),
        ("declarer", gettext_lazy("declarer")),
        ("tricks", gettext_lazy("tricks taken")),
        ("result", gettext_lazy("result")),
        ("scores", gettext_lazy("score entries")),
        ("penalties", gettext_lazy("penalties")),
    ),
    "bridge-duplicate": (
        ("contract", gettext_lazy("contract")),
        ("declarer", gettext_lazy("declarer")),
        ("lead", gettext_lazy("opening lead")),
        ("tricks", gettext_lazy("tricks taken")),
        ("ns_score", gettext_lazy("North–South's score")),
        ("adjusted", gettext_lazy("adjusted score")),
    ),
    "preferans": (
        ("declarer", gettext_lazy("declarer")),
        ("contract", gettext_lazy("game")),
        ("tricks", gettext_lazy("tricks taken")),
        ("made", gettext_lazy("made")),
        ("entries", gettext_lazy("pulka entries")),
        ("balances", gettext_lazy("balances")),
        ("penalties", gettext_lazy("penalties")),
    ),
    "durak": (
        ("fool", gettext_lazy("the fool")),
        ("draw", gettext_lazy("a draw")),
        ("places", gettext_lazy("places")),
        ("annulled", gettext_lazy("annulled")),
        ("penalties", gettext_lazy("penalties")),
    ),
}

#: The games whose seats are compass letters and whose contracts are bridge calls.
BRIDGE = frozenset({"bridge-rubber", "bridge-duplicate"})

CARD_KEYS = frozenset({"trump", "talon", "discard", "stock", "card", "on"})


@dataclass(frozen=True)
class Row:
    """One line of a change: what it is, what it was and what it becomes."""

    label: str
    before: str
    after: str
    recomputed: bool = False


def seat_text(game: str, players: Sequence[str], seat: Any) -> str:
    if seat is None:
        return "—"
    if game in BRIDGE and isinstance(seat, str):
        index = deal_forms.COMPASS.index(seat) if seat in deal_forms.COMPASS else None
        letter = compass_text(seat)
        return f"{letter} · {players[index]}" if index is not None and index < len(players) else letter
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return str(seat)


def number_text(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int) and value < 0:
        return f"−{-value}"
    return str(value)


def _cards(cards: Any) -> str:
    if not cards:
        return "—"
    if isinstance(cards, str):
        return card_text(cards)
    return " ".join(card_text(c) for c in cards)


def arbiter_text(game: str, players: Sequence[str], ruling: dict[str, Any] | None) -> str:
    """An arbiter's ruling in words: «annulled»; «score assigned: Анна 10, …»; «penalty waived: Ольга»."""
    if not ruling:
        return "—"
    parts = []
    if ruling.get("annul"):
        parts.append(_("the deal annulled"))
    if "score" in ruling:
        parts.append(
            _("score assigned: %(score)s") % {"score": assigned_text(game, players, ruling["score"])}
        )
    if ruling.get("waive"):
        names = ", ".join(seat_text(game, players, s) for s in ruling["waive"])
        parts.append(_("penalty waived: %(players)s") % {"players": names})
    if ruling.get("confirm"):
        names = ", ".join(seat_text(game, players, s) for s in ruling["confirm"])
        parts.append(_("penalty confirmed: %(players)s") % {"players": names})
    return "; ".join(parts)


def assigned_text(game: str, players: Sequence[str], score: Any) -> str:
    """An adjusted score (docs/arbiter.md) as the game writes one."""
    if game in ("oh-hell",) and isinstance(score, list):
        return ", ".join(f"{players[s]} {number_text(p)}" for s, p in enumerate(score))
    if game == "preferans" and isinstance(score, dict) and "tricks" in score:
        return ", ".join(f"{players[s]} {t}" for s, t in enumerate(score["tricks"]) if s < len(players))
    if game == "bridge-rubber" and isinstance(score, dict):
        contract = score.get("contract")
        if contract in (None, "Pass"):
            return pgettext("bridge call", "Pass")
        return _("%(contract)s by %(declarer)s, %(tricks)s tricks") % {
            "contract": call_text(contract),
            "declarer": seat_text(game, players, score.get("declarer")),
            "tricks": score.get("result"),
        }
    if game == "durak" and isinstance(score, dict):
        if score.get("draw"):
            return pgettext("durak", "draw")
        if "fool" in score:
            return _("%(player)s is the fool") % {"player": seat_text(game, players, score["fool"])}
        if "places" in score:
            return ", ".join(f"{players[s]}: {p}" for s, p in enumerate(score["places"]) if s < len(players))
    return str(score)


def adjusted_text(value: Any) -> str:
    """A duplicate board's adjusted score: «Север–Юг 60%, Восток–Запад 40%»."""
    shown = deal_forms.adjusted_value(value)
    return deal_forms.adjusted_label(shown) if shown else "—"


def penalties_text(game: str, players: Sequence[str], penalties: list[dict[str, Any]] | None) -> str:
    if not penalties:
        return "—"
    words = {
        "counted": _("counted"),
        "confirmed": _("confirmed by the arbiter"),
        "waived": _("waived by the arbiter"),
    }
    return "; ".join(
        f"{seat_text(game, players, p['seat'])} {number_text(p['points'])} ({words.get(p['status'], p['status'])})"
        for p in penalties
    )


def _records_text(
    game: str, spec: deal_forms.Spec, players: Sequence[str], rows: list[dict[str, Any]]
) -> str:
    if not rows:
        return "—"
    out = []
    for row in rows:
        bits = []
        for sub in spec.sub:
            value = row.get(sub.key)
            if value is None or value is False:
                continue
            bits.append(_value(game, sub.kind, sub.key, value, players, sub))
        out.append(" ".join(bits))
    return "; ".join(out)


def _value(
    game: str, kind: str, key: str, value: Any, players: Sequence[str], spec: deal_forms.Spec | None = None
) -> str:
    if value is None:
        return "—"
    if kind in ("seat", "compass"):
        return seat_text(game, players, value)
    if kind == "card" or (kind == "cards" and isinstance(value, str)):
        return card_text(value) if value else "—"
    if kind == "cards":
        return _cards(value)
    if kind == "choice" and spec is not None:
        return deal_forms._choice_label(spec, str(value))
    if kind == "bool":
        return number_text(bool(value))
    return number_text(value) if not isinstance(value, list | dict) else str(value)


def _doc_rows(game: str, players: Sequence[str], change: FieldChange) -> list[Row]:
    """A changed field of the log: per seat, per trick or per row where it is a list of them."""
    key, before, after = change.key, change.before, change.after
    if key == "arbiter":
        return [
            Row(
                _("arbiter's ruling"), arbiter_text(game, players, before), arbiter_text(game, players, after)
            )
        ]
    spec = deal_forms.spec_of(game, key)
    if spec is None and game in BRIDGE:
        # A board's field its form does not show (its hands, changed in a pasted log): labelled
        # and written as rubber bridge's deal form has it.
        spec = deal_forms.spec_of("bridge-rubber", key)
    label = str(spec.label) if spec else key
    kind = spec.kind if spec else ""
    if kind in ("seat_ints", "seat_bools", "seat_cards"):
        inner = {"seat_ints": "int", "seat_bools": "bool", "seat_cards": "cards"}[kind]
        rows = []
        b, a = list(before or []), list(after or [])
        for seat in range(max(len(b), len(a), len(players))):
            vb = b[seat] if seat < len(b) else None
            va = a[seat] if seat < len(a) else None
            if vb != va:
                name = players[seat] if seat < len(players) else str(seat)
                rows.append(
                    Row(
                        f"{label} · {name}",
                        _value(game, inner, key, vb, players),
                        _value(game, inner, key, va, players),
                    )
                )
        return rows
    if kind == "compass_cards":
        hb, ha = dict(before or {}), dict(after or {})
        return [
            Row(f"{label} · {seat_text(game, players, s)}", _cards(hb.get(s)), _cards(ha.get(s)))
            for s in deal_forms.COMPASS
            if hb.get(s) != ha.get(s)
        ]
    if kind == "tricks":
        tb, ta = list(before or []), list(after or [])
        rows = []
        for t in range(max(len(tb), len(ta))):
            vb = tb[t] if t < len(tb) else None
            va = ta[t] if t < len(ta) else None
            if vb != va:
                rows.append(Row(_("Trick %(n)s") % {"n": t + 1}, _cards(vb), _cards(va)))
        return rows
    if kind == "seat_set":

        def names(seats: Any) -> str:
            return ", ".join(players[s] for s in seats or []) or "—"

        return [Row(label, names(before), names(after))]
    if kind == "records" and spec is not None:
        rows_b, rows_a = spec.rows_of(before), spec.rows_of(after)
        return [
            Row(label, _records_text(game, spec, players, rows_b), _records_text(game, spec, players, rows_a))
        ]
    if kind == "bridge_scores":

        def text(scores: Any) -> str:
            if not scores:
                return "—"
            parts = []
            for side, side_label in deal_forms.SIDES:
                for line in ("above", "below"):
                    points = (scores.get(side) or {}).get(line) or []
                    if points:
                        where = _("above") if line == "above" else _("below")
                        parts.append(f"{side_label} {where}: {' + '.join(map(str, points))}")
            return "; ".join(parts) or "—"

        return [Row(label, text(before), text(after))]
    if kind == "json":
        return [Row(label, _("as written before"), _("as written now"))]
    if kind == "adjusted":
        return [Row(label, adjusted_text(before), adjusted_text(after))]
    return [
        Row(
            label,
            _value(game, kind, key, before, players, spec),
            _value(game, kind, key, after, players, spec),
        )
    ]


def _report_value(game: str, key: str, value: Any, players: Sequence[str]) -> str:
    if key == "penalties":
        return penalties_text(game, players, value)
    if value is None:
        return "—"
    if key in ("fool", "declarer"):
        return seat_text(game, players, value)
    if key == "lead":
        return card_text(value)
    if key == "adjusted":
        return adjusted_text(value)
    if key == "contract":
        if game in BRIDGE:
            return call_text(value)
        return (
            deal_forms._strain(str(value)) if value != "misere" else pgettext("preferans contract", "misère")
        )
    if key == "balance":
        return {"over": _("over"), "under": _("under"), "even": _("even")}.get(value, str(value))
    if key == "scores" and game == "bridge-rubber":
        return (
            "; ".join(
                f"{_('We') if e['side'] == 'we' else _('They')} {e['points']} ({entry_kind(e['kind'])})"
                for e in value
            )
            or "—"
        )
    if key == "entries":
        parts = []
        for e in value:
            who = seat_text(game, players, e["seat"])
            if e["kind"] == "whist":
                parts.append(
                    _("%(player)s: %(n)s whists on %(on)s")
                    % {"player": who, "n": e["points"], "on": seat_text(game, players, e.get("on"))}
                )
            else:
                kind = {
                    "pool": pgettext("preferans entry", "pool"),
                    "mountain": pgettext("preferans entry", "mountain"),
                }.get(e["kind"], e["kind"])
                parts.append(f"{who}: {kind} {e['points']}")
        return "; ".join(parts) or "—"
    if (
        isinstance(value, list)
        and len(value) == len(players)
        and all(not isinstance(v, list | dict) for v in value)
    ):
        return ", ".join(f"{players[s]} {number_text(v)}" for s, v in enumerate(value))
    return number_text(value) if not isinstance(value, list | dict) else str(value)


def deal_rows(game: str, players: Sequence[str], change: DealChange) -> list[Row]:
    """A changed deal, line by line: the log's fields as written, then what the replay recomputes."""
    rows: list[Row] = []
    wanted = dict(REPORT_FIELDS.get(game, ()))
    for fc in change.changes:
        if fc.where == "log":
            rows.extend(_doc_rows(game, players, fc))
    for key, label in REPORT_FIELDS.get(game, ()):
        found = next((c for c in change.changes if c.where == "report" and c.key == key), None)
        if found is not None and key in wanted:
            fc = found
            rows.append(
                Row(
                    str(label),
                    _report_value(game, key, fc.before, players),
                    _report_value(game, key, fc.after, players),
                    True,
                )
            )
    return rows


def _placed(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Findings whose sentence names its board (a duplicate board's: «сдача 7: …») say where they
    are themselves: the deal's place in the log beside it would be a second, different number."""
    return [{**f, "names_board": (f.get("params") or {}).get("board") is not None} for f in findings]


def comparison_view(game: str, comparison: Comparison) -> dict[str, Any]:
    """A comparison shaped for the template: deals with their rows, totals, findings."""
    players = comparison.players[1] or comparison.players[0]
    deals = []
    for change in comparison.deals:
        deals.append(
            {
                "number": change.number,
                # A duplicate board by its own number, which is not its place in the log.
                "title": _("Board %(n)s") % {"n": change.board} if change.board is not None else "",
                "added": change.added,
                "removed": change.removed,
                "rows": deal_rows(game, players, change),
            }
        )
    totals = []
    labels = list(players)
    if game == "bridge-rubber":
        labels = [_("We"), _("They")]
    elif game == "bridge-duplicate":
        labels = [_("North–South"), _("East–West")]
    for i, label in enumerate(labels):
        before = comparison.totals_before[i] if i < len(comparison.totals_before) else None
        after = comparison.totals_after[i] if i < len(comparison.totals_after) else None
        totals.append(
            {
                "who": label,
                "before": number_text(before),
                "after": number_text(after),
                "changed": before != after,
            }
        )
    return {
        "deals": deals,
        "totals": totals,
        "totals_changed": comparison.totals_changed,
        "findings_added": _placed(with_text(game, comparison.findings_added, comparison.players[1])),
        "findings_removed": _placed(with_text(game, comparison.findings_removed, comparison.players[0])),
        "changed": comparison.changed,
    }
