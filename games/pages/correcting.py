"""What the correction forms post, turned into a log to preview or save: shared by the dispute
page (a decision that corrects or rules on a deal) and the game's correction page.

A correction comes in one of two ways. The deal form (games.deal_forms): the game's current log
with one deal's fields read from the form, every other deal untouched. Or the expert path, a
whole corrected log pasted or attached, prefilled with the current one; its bytes are kept as
they came, and an error in it is shown with its JSON path and the line it is on. An adjusted
score (an arbiter's ruling) is read from its own small form, in the game's terms.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games import corrections, deal_forms
from games.deal_display import number_text, seat_text
from games.finding_text import document_error_text, sentence
from rules.errors import MalformedDocument
from rules.strict import digits_value


@dataclass
class DealForm:
    """The deal form as posted (or as first shown): its widgets, the log it makes, its errors."""

    number: int
    widgets: list[deal_forms.Widget]
    game_widgets: list[deal_forms.Widget] = field(default_factory=list)
    document: dict[str, Any] | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)
    #: The log's field of its deals (corrections.deals_field): a duplicate table's ``boards``.
    deals: str = "deals"

    @property
    def ok(self) -> bool:
        return self.document is not None and not self.errors and not self.general

    def attach_errors(self) -> None:
        for w in [*self.widgets, *self.game_widgets]:
            names = {item["name"] for item in w.items} | {item["name"] for row in w.rows for item in row}
            w.errors = [e for name in sorted(names) for e in self.errors.get(name, [])]
            for item in [*w.items, *(i for row in w.rows for i in row)]:
                item["errors"] = self.errors.get(item["name"], [])

    def place(self, error: MalformedDocument) -> None:
        """Put an error of the rules at the input its path names, or above the form."""
        name = deal_forms.input_for_path(
            error.path, self.number - 1, deal_forms.input_names(self.widgets), self.deals
        )
        if name is None and error.path.split("[")[0] in {w.spec.key for w in self.game_widgets}:
            name = deal_forms.GAME_PREFIX + error.path.replace("[", ".").replace("]", "")
            if name not in deal_forms.input_names(self.game_widgets):
                name = deal_forms.GAME_PREFIX + error.path.split("[")[0]
        message = document_error_text(error)
        if name is None:
            self.general.append(f"{error.path or _('the whole log')}: {message}")
        else:
            self.errors.setdefault(name, []).append(message)
        self.attach_errors()


def deal_form(
    *, game_type: str, document: dict[str, Any], number: int, post: Mapping[str, str] | None = None
) -> DealForm:
    """The form of deal ``number`` of ``document``; with ``post``, read back into a whole log."""
    players = list(document.get("players") or [])
    deal = corrections.deal_of(document, number)
    deals = corrections.deals_field(document)
    game_specs = deal_forms.GAME_FORMS.get(game_type, ())
    top = {k: v for k, v in document.items() if k != deals}

    def game_widgets(whole: dict[str, Any]) -> list[deal_forms.Widget]:
        return deal_forms.widgets(game_type, players, whole, specs=game_specs, prefix=deal_forms.GAME_PREFIX)

    widgets = deal_forms.widgets(game_type, players, deal)
    form = DealForm(number=number, widgets=widgets, game_widgets=game_widgets(top), deals=deals)
    if post is None:
        return form
    try:
        changed = deal_forms.read_deal(game_type, players, deal, post)
        new_top = deal_forms.read_deal(
            game_type, players, top, post, specs=game_specs, prefix=deal_forms.GAME_PREFIX
        )
    except deal_forms.FieldError as error:
        form.errors.setdefault(error.name, []).append(error.message)
        # The inputs keep what was typed, so the arbiter corrects it rather than starts again.
        form.widgets = _with_posted(widgets, post)
        form.game_widgets = _with_posted(form.game_widgets, post)
        form.attach_errors()
        return form
    whole = corrections.with_deal(document, number, changed)
    for key in [k for k in whole if k != deals and k not in new_top]:
        whole.pop(key)
    whole.update(new_top)
    form.document = {
        key: whole[key] for key in [*document, *(k for k in whole if k not in document)] if key in whole
    }
    form.widgets = deal_forms.widgets(game_type, players, changed)
    form.game_widgets = game_widgets(new_top)
    _refuse_findings(form, game_type, document, players)
    return form


def _refuse_findings(form: DealForm, game_type: str, before: dict[str, Any], players: list[str]) -> None:
    """A finding the change raises on the deal that the form may not leave (deal_forms.
    REFUSED_FINDINGS: a lead the leader was not dealt), said at its field's input; the form then
    makes no log, so nothing is previewed as savable and nothing is saved."""
    refused = deal_forms.REFUSED_FINDINGS.get(game_type)
    if not refused or form.document is None:
        return
    try:
        after = corrections.replay_document(form.document)[1]["findings"]
    except MalformedDocument:
        return  # the preview says where the log cannot be read (DealForm.place)
    try:
        earlier = corrections.replay_document(before)[1]["findings"]
    except MalformedDocument:
        earlier = []

    def key(f: Mapping[str, Any]) -> tuple[Any, ...]:
        return (f.get("code"), f.get("deal"), f.get("card"), (f.get("params") or {}).get("lead_card"))

    known = {key(f) for f in earlier}
    names = deal_forms.input_names(form.widgets)
    for f in after:
        code = str(f.get("code"))
        if code not in refused or f.get("deal") != form.number or f.get("severity") != "error":
            continue
        if key(f) in known:
            continue
        name = deal_forms.PREFIX + refused[code]
        if name in names:
            form.errors.setdefault(name, []).append(sentence(game_type, f, players))
        else:
            form.general.append(sentence(game_type, f, players))
    if form.errors or form.general:
        form.document = None
        form.attach_errors()


def _with_posted(widgets: list[deal_forms.Widget], post: Mapping[str, str]) -> list[deal_forms.Widget]:
    for w in widgets:
        for item in [*w.items, *(i for row in w.rows for i in row)]:
            if item["kind"] == "bool":
                item["value"] = post.get(item["name"]) in ("on", "1", "true")
            elif item["name"] in post:
                item["value"] = post[item["name"]]
    return widgets


# --- the expert path: a whole log -----------------------------------------------------------------


def pretty(document: dict[str, Any]) -> str:
    """The log as the JSON editor shows it: one key per line, the script of the names kept."""
    return json.dumps(document, ensure_ascii=False, indent=1)


def line_of(text: str, path: str) -> int | None:
    """The line of ``text`` (a JSON document) where the value at ``path`` starts, or None.

    Found by walking the text with a small scanner that follows the path's keys and indexes;
    only used to point at a mistake, so it gives up (None) on anything it does not follow.
    """
    parts = [p for p in re.split(r"\.|\[|\]", path) if p]
    try:
        pos = _find(text, 0, parts)
    except (ValueError, IndexError):
        return None
    return None if pos is None else text.count("\n", 0, pos) + 1


_WS = " \t\r\n"


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _end_of_value(text: str, pos: int) -> int:
    """The position just after the JSON value starting at ``pos``."""
    decoder = json.JSONDecoder()
    _value, end = decoder.raw_decode(text, pos)
    return end


def _find(text: str, pos: int, parts: list[str]) -> int | None:
    pos = _skip(text, pos)
    if not parts:
        return pos
    head, rest = parts[0], parts[1:]
    if text[pos] == "{":
        pos = _skip(text, pos + 1)
        while text[pos] != "}":
            key_end = _end_of_value(text, pos)
            key = json.loads(text[pos:key_end])
            pos = _skip(text, key_end)
            assert text[pos] == ":"
            pos = _skip(text, pos + 1)
            if key == head:
                return _find(text, pos, rest)
            pos = _skip(text, _end_of_value(text, pos))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
        return None
    target = digits_value(head)
    if text[pos] == "[" and target is not None:
        pos = _skip(text, pos + 1)
        index = 0
        while text[pos] != "]":
            if index == target:
                return _find(text, pos, rest)
            pos = _skip(text, _end_of_value(text, pos))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
            index += 1
        return None
    return None


def log_error_text(error: MalformedDocument, text: str | None) -> str:
    """An error of a pasted log as the editor shows it: the path, the line, what is wrong."""
    where = error.path or _("the whole log")
    line = line_of(text, error.path) if text and error.path else None
    if line is not None:
        return _("Line %(line)s, %(path)s: %(message)s") % {
            "line": line,
            "path": where,
            "message": document_error_text(error),
        }
    return f"{where}: {document_error_text(error)}"


# --- an adjusted score ---------------------------------------------------------------------------


def adjust_items(
    game_type: str, players: Sequence[str], report_deal: dict[str, Any], post: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The inputs of an adjusted score for one deal, in the game's terms (docs/arbiter.md), filled
    with what the deal scores now (or what was posted)."""

    def posted(name: str, default: Any) -> Any:
        return post.get(name, default) if post is not None else default

    if game_type == "oh-hell":
        return [
            {
                "name": f"a.{seat}",
                "kind": "int",
                "label": name,
                "value": posted(f"a.{seat}", report_deal["scores"][seat]),
            }
            for seat, name in enumerate(players)
        ]
    if game_type == "preferans":
        tricks = report_deal.get("tricks") or [0] * len(players)
        return [
            {
                "name": f"a.{seat}",
                "kind": "int",
                "label": name,
                "value": posted(f"a.{seat}", tricks[seat] if seat < len(tricks) else 0),
            }
            for seat, name in enumerate(players)
        ]
    if game_type == "bridge-rubber":
        contract_spec = deal_forms.Spec("contract", "choice", "", choices=deal_forms._bridge_contracts())
        seats = deal_forms.seats_of(game_type, players)
        contract = report_deal.get("contract") or "Pass"
        return [
            {
                "name": "a.contract",
                "kind": "choice",
                "label": _("Contract"),
                "choices": [
                    (k, deal_forms._choice_label(contract_spec, k)) for k, _l in contract_spec.choices
                ],
                "value": posted("a.contract", contract),
            },
            {
                "name": "a.declarer",
                "kind": "compass",
                "label": _("Declarer"),
                "choices": [(str(k), v) for k, v in seats],
                "value": posted("a.declarer", report_deal.get("declarer") or ""),
            },
            {
                "name": "a.result",
                "kind": "int",
                "label": _("Tricks taken by the declarer's side"),
                "value": posted(
                    "a.result", report_deal.get("tricks") if report_deal.get("tricks") is not None else ""
                ),
            },
        ]
    if game_type == "durak":
        fool = report_deal.get("fool")
        value = "draw" if report_deal.get("draw") else ("" if fool is None else str(fool))
        return [
            {
                "name": "a.fool",
                "kind": "choice",
                "label": _("The result"),
                "choices": [
                    ("draw", _("a draw")),
                    *((str(s), _("%(player)s is the fool") % {"player": p}) for s, p in enumerate(players)),
                ],
                "value": posted("a.fool", value),
            }
        ]
    return []


def read_adjust(
    game_type: str, players: Sequence[str], post: Mapping[str, str]
) -> tuple[Any, dict[str, str]]:
    """(the assigned score as the game's log writes it, errors by input name)."""
    errors: dict[str, str] = {}

    def number(name: str) -> int | None:
        text = post.get(name, "").strip().replace("−", "-")
        if not text:
            errors[name] = _("Write a whole number here.")
            return None
        try:
            return int(text)
        except ValueError:
            errors[name] = _("Write a whole number here.")
            return None

    if game_type in ("oh-hell", "preferans"):
        values = [number(f"a.{seat}") for seat in range(len(players))]
        score: Any = values if game_type == "oh-hell" else {"tricks": values}
        return score, errors
    if game_type == "bridge-rubber":
        contract = post.get("a.contract", "").strip() or "Pass"
        if contract == "Pass":
            return {"contract": "Pass"}, errors
        declarer = post.get("a.declarer", "").strip().upper()
        if declarer not in deal_forms.COMPASS:
            errors["a.declarer"] = _("Choose a seat.")
        return {"contract": contract, "declarer": declarer, "result": number("a.result")}, errors
    if game_type == "durak":
        choice = post.get("a.fool", "").strip()
        if choice == "draw":
            return {"draw": True}, errors
        fool = digits_value(choice)
        if fool is None or fool >= len(players):
            errors["a.fool"] = _("Choose the result.")
            return None, errors
        return {"fool": fool}, errors
    return None, {"a": _("This game has no adjusted score.")}


def penalty_items(
    game_type: str, players: Sequence[str], report_deal: dict[str, Any]
) -> list[dict[str, Any]]:
    """The penalties of a deal as checkboxes to waive or confirm (seats as the game's log writes them)."""
    out = []
    for p in report_deal.get("penalties") or []:
        out.append(
            {
                "name": f"p.{p['seat']}",
                "seat": p["seat"],
                "label": f"{seat_text(game_type, players, p['seat'])}: {number_text(p['points'])}",
                "status": p["status"],
            }
        )
    return out


def read_seats(game_type: str, report_deal: dict[str, Any], post: Mapping[str, str]) -> list[Any]:
    seats = [p["seat"] for p in report_deal.get("penalties") or []]
    return [s for s in seats if post.get(f"p.{s}") in ("on", "1", "true")]
