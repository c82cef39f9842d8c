"""The arbiter's deal form for a duplicate table's log (issue 22): a board of the traveller
corrected field by field on the dispute page, saved as the game's next revision, its change shown
board by board; a lead the leader was not dealt, or a result the Laws do not allow, shown at its
input in the reader's language and nothing saved.

The log has three boards, numbered 6, 7 and 8, so that a board's number is never its place in the
log (board 7 is the second): the form and the changes name the board by its number.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games import corrections, deal_forms, disputes, services
from games.models import Dispute, Game, GameRevision
from games.pages import correcting
from tests.games import dispute_forms

pytestmark = pytest.mark.django_db

PLAYERS = ["Анна", "Борис", "Вера", "Глеб"]
HANDS = {
    "N": ["JC", "AD", "TD", "7D", "KH", "7H", "6H", "4H", "2H", "QS", "TS", "6S", "5S"],
    "E": ["8C", "7C", "5C", "QD", "9D", "3D", "2D", "JH", "TH", "5H", "9S", "3S", "2S"],
    "S": ["KC", "TC", "6C", "4C", "AH", "QH", "9H", "8H", "3H", "JS", "8S", "7S", "4S"],
    "W": ["AC", "QC", "9C", "3C", "2C", "KD", "JD", "8D", "6D", "5D", "4D", "AS", "KS"],
}
#: Board 6 (East–West vulnerable, Law 2): 4♠ by East made, 620 to East–West. Board 7 (both
#: vulnerable): 3NT by South, West leads the ♦5, nine tricks, 600 to North–South. Board 8: passed out.
BOARDS: list[dict[str, Any]] = [
    {"board": 6, "contract": "4S", "declarer": "E", "result": 10, "score": -620},
    {
        "board": 7,
        "hands": HANDS,
        "contract": "3NT",
        "declarer": "S",
        "lead": "5D",
        "result": 9,
        "score": 600,
    },
    {"board": 8, "contract": "Pass"},
]


def _log(boards: list[dict[str, Any]]) -> bytes:
    return json.dumps(
        {"game": "bridge-duplicate", "version": 1, "players": PLAYERS, "boards": boards}, ensure_ascii=False
    ).encode()


@pytest.fixture
def game(people) -> Game:
    recorded = services.game_upload(club=people.club, content=_log(BOARDS), user=people.scorer).game
    report = recorded.current_report.report
    assert [b["ns_score"] for b in report["boards"]] == [-620, 600, 0]
    assert report["totals"] == [-20, 20]
    return recorded


@pytest.fixture
def dispute(people, game) -> Dispute:
    return disputes.dispute_open(game=game, user=people.member, claim="Board 7 made ten tricks", deal=2)


def _page(client, dispute: Dispute) -> str:
    client.cookies["django_language"] = "ru"
    response = client.get(f"/disputes/{dispute.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def _decide(client, dispute: Dispute, fields: dict[str, str], action: str = "save"):
    return client.post(
        f"/disputes/{dispute.pk}/decision/",
        {
            "action": action,
            "ruling": "correction",
            "mode": "form",
            "deal": "2",
            "decision": "Десять взяток: так записали обе пары",
            **fields,
        },
    )


def _text(html: str) -> str:
    """The words of some HTML as a reader sees them: tags gone, spaces collapsed."""
    return re.sub(r"\s+([:.,])", r"\1", re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def test_the_form_shows_the_boards_traveller_line_with_its_number(client, people, dispute) -> None:
    client.force_login(people.organiser)
    html = _page(client, dispute)
    fields = dispute_forms.form_fields(html)
    # The traveller's line as the form fills it in; the hands are not the table's to correct.
    assert {k: v for k, v in fields.items() if not k.startswith("d.auction.")} == {
        "d.contract": "3NT",
        "d.declarer": "S",
        "d.lead": "5D",
        "d.result": "9",
        "d.score": "600",
        "d.adjusted": "",
    }
    assert [k for k in fields if k.startswith("d.auction.")] == [f"d.auction.{r}.call" for r in range(4)]
    # The board's number is shown, not an input; seats and cards in the reader's notation.
    assert "<legend>Сдача 7</legend>" in html
    assert 'name="d.board"' not in html
    assert '<option value="S" selected>Ю · Вера</option>' in html
    assert '<option value="5D" selected>5♦</option>' in html
    assert '<option value="3NT" selected>3БК</option>' in html


def test_ten_tricks_instead_of_nine_is_the_next_revision_with_north_souths_new_score(
    client, people, game, dispute
) -> None:
    client.force_login(people.organiser)
    fields = dispute_forms.form_fields(_page(client, dispute))
    first = bytes(game.current_revision.content)
    before = corrections.current_document(game)
    response = _decide(client, dispute, {**fields, "d.result": "10", "d.score": "630"})
    assert response.status_code == 302, response.content.decode()[-3000:]

    game.refresh_from_db()
    assert game.current_revision.number == 2
    assert game.current_revision.source == "form"
    # 3NT vulnerable with an overtrick (Law 77): 100 for the tricks, 500 for the game, 30 more.
    report = game.current_report.report
    assert [b["ns_score"] for b in report["boards"]] == [-620, 630, 0]
    assert report["boards"][1]["tricks"] == 10
    assert report["totals"] == [10, -10]
    assert [f["code"] for f in report["findings"]] == []
    assert [s.total for s in game.seats.order_by("seat")] == [10, -10, 10, -10]
    # Only board 7 changed, and only its result and score; the first revision is kept as it came.
    before["boards"][1].update(result=10, score=630)
    assert corrections.current_document(game) == before
    assert bytes(GameRevision.objects.get(game=game, number=1).content) == first
    dispute.refresh_from_db()
    assert (dispute.status, dispute.corrected_revision.number) == (Dispute.Status.UPHELD, 2)


def test_the_preview_names_the_board_and_each_field_it_changes(client, people, game, dispute) -> None:
    client.force_login(people.organiser)
    fields = dispute_forms.form_fields(_page(client, dispute))
    response = _decide(client, dispute, {**fields, "d.result": "10"}, action="preview")
    assert response.status_code == 200
    preview = response.content.decode().split('id="preview"', 1)[1]
    assert '<h4 class="change-deal">Сдача 7</h4>' in preview
    text = _text(preview)
    # What the traveller says, then what the replay recomputes from it.
    assert "Взятки стороны разыгрывающего, по записи 9 10" in text
    assert "взято взяток (пересчитано) 9 10" in text
    assert "очки линии Север–Юг (пересчитано) 600 630" in text
    assert "Север–Юг −20 10 Восток–Запад 20 −10" in text
    # The score as written (600) now disagrees with ten tricks, and the preview says so, naming
    # the board by its number only (not its place in the log).
    assert (
        "Очки за сдачу записаны неверно: сдача 7: у линии Север–Юг записано 600, "
        "а по спортивному счету Законов выходит 630"
    ) in text
    assert "сдача 2" not in text
    assert game.revisions.count() == 1


def test_a_lead_the_leader_was_not_dealt_is_shown_at_the_lead_and_nothing_is_saved(
    client, people, game, dispute
) -> None:
    client.force_login(people.organiser)
    fields = dispute_forms.form_fields(_page(client, dispute))
    # The ♥K is North's: West, on lead against South's 3NT, was not dealt it.
    for action, status in (("preview", 200), ("save", 400)):
        response = _decide(client, dispute, {**fields, "d.lead": "KH"}, action=action)
        assert response.status_code == status
        html = response.content.decode()
        lead = re.search(r'<select id="f-d\.lead" name="d\.lead"([^>]*)>.*?</select>(.*?)</div>', html, re.S)
        assert lead is not None
        assert 'aria-invalid="true"' in lead.group(1)
        assert '<option value="KH" selected>К♥</option>' in lead.group(0)
        assert _text(lead.group(2)).strip() == (
            "сдача 7: в протоколе первый ход К♥, но карты К♥ не было среди карт, сданных игроку Глеб"
        )
        assert "Некоторые поля заполнены неправильно: см. форму." in html
    game.refresh_from_db()
    assert game.revisions.count() == 1
    assert game.current_revision.number == 1
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN


def test_a_result_the_laws_do_not_allow_is_shown_at_the_result_input(client, people, game, dispute) -> None:
    client.force_login(people.organiser)
    fields = dispute_forms.form_fields(_page(client, dispute))
    response = _decide(client, dispute, {**fields, "d.result": "14"})
    assert response.status_code == 400
    html = response.content.decode()
    result = re.search(r'<input [^>]*name="d\.result"[^>]*>(.*?)</div>', html, re.S)
    assert result is not None
    assert 'aria-invalid="true"' in result.group(0)
    assert _text(result.group(1)).strip() == "должно быть от 0 до 13, а не 14"
    assert game.revisions.count() == 1


def test_an_adjusted_score_replaces_the_result(client, people, game, dispute) -> None:
    client.force_login(people.organiser)
    fields = dispute_forms.form_fields(_page(client, dispute))
    cleared = {**fields, "d.contract": "", "d.declarer": "", "d.lead": "", "d.result": "", "d.score": ""}
    response = _decide(client, dispute, {**cleared, "d.adjusted": "60/40"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    game.refresh_from_db()
    board = game.current_report.report["boards"][1]
    assert (board["adjusted"], board["ns_score"]) == ({"ns": 60, "ew": 40}, None)
    # The revision keeps the board's hand record beside its adjusted score.
    stored = json.loads(bytes(game.current_revision.content))["boards"][1]
    assert (sorted(stored), stored["adjusted"]) == (["adjusted", "board", "hands"], {"ns": 60, "ew": 40})
    assert {seat: sorted(cards) for seat, cards in stored["hands"].items()} == {
        seat: sorted(cards) for seat, cards in HANDS.items()
    }


def test_an_adjusted_score_beside_a_result_is_refused_at_the_result(client, people, game, dispute) -> None:
    client.force_login(people.organiser)
    fields = dispute_forms.form_fields(_page(client, dispute))
    response = _decide(client, dispute, {**fields, "d.adjusted": "50/50"})
    assert response.status_code == 400
    html = response.content.decode()
    result = re.search(r'<input [^>]*name="d\.result"[^>]*>(.*?)</div>', html, re.S)
    assert result is not None
    assert 'aria-invalid="true"' in result.group(0)
    assert _text(result.group(1)).strip() == (
        "назначенный результат ставится вместо сыгранного: &#x27;result&#x27; с ним указывать нельзя"
    )
    assert game.revisions.count() == 1


@pytest.mark.parametrize(
    ("path", "index", "name"),
    [
        ("boards[1].lead", 1, "d.lead"),
        ("boards[1].auction[2]", 1, "d.auction.2.call"),
        ("boards[1]", 1, None),
        ("boards[2].lead", 1, None),
        ("deals[1].lead", 1, None),
    ],
    ids=["lead", "auction-call", "whole-board", "other-board", "not-boards"],
)
def test_an_error_path_of_a_board_names_its_input(path, index, name) -> None:
    document = json.loads(_log(BOARDS))
    form = correcting.deal_form(game_type="bridge-duplicate", document=document, number=2)
    assert form.deals == "boards"
    names = deal_forms.input_names(form.widgets)
    assert deal_forms.input_for_path(path, index, names, form.deals) == name


def test_every_board_reads_back_unchanged_from_its_form() -> None:
    document = json.loads(_log([*BOARDS, {"board": 9, "adjusted": {"ns": 55, "ew": 45}}]))
    for board in document["boards"]:
        shown = deal_forms.widgets("bridge-duplicate", PLAYERS, board)
        post = {
            item["name"]: str(item["value"])
            for w in shown
            for item in [*w.items, *(i for r in w.rows for i in r)]
        }
        assert deal_forms.read_deal("bridge-duplicate", PLAYERS, board, post) == board
