"""The scorekeeper's pages: each step through the page, the fragment the script swaps in, the
live view's polling, and who may do what (the permission matrix)."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.ohhell.simulate import simulate
from scorekeeper import services
from scorekeeper.models import Draft, DraftEntry
from tests.scorekeeper.conftest import FOUR, add, enter_game
from tournaments import services as tournament_services
from tournaments.models import Table

pytestmark = pytest.mark.django_db

FRAGMENT = {"HTTP_X_SCOREKEEPER": "1"}


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def people_by_role(people) -> dict:
    return {
        "anonymous": None,
        "outsider": people.outsider,
        "member": people.member,
        "scorer": people.scorer,
        "organiser": people.organiser,
        "superuser": people.superuser,
    }


@pytest.mark.parametrize(
    ("role", "page", "entry", "take_over"),
    [
        ("anonymous", 404, 302, 302),
        ("outsider", 404, 404, 404),
        ("member", 302, 403, 403),
        ("scorer", 200, 302, 403),
        ("organiser", 200, 403, 302),
        ("superuser", 200, 403, 302),
    ],
)
def test_permission_matrix(people, free_draft, role, page, entry, take_over):
    """Reading, entering and taking over a free game's draft, by role (the scorer is its scorekeeper)."""
    client = client_for(people_by_role(people)[role])
    assert client.get(f"/scorekeeper/{free_draft.pk}/").status_code == page
    live = client.get(f"/scorekeeper/{free_draft.pk}/live/").status_code
    assert live == (404 if role in ("anonymous", "outsider") else 200)
    response = client.post(
        f"/scorekeeper/{free_draft.pk}/entries/", {"entry_id": "x1", "kind": "trump", "card": "2C"}
    )
    assert response.status_code == entry
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")
    assert DraftEntry.objects.filter(draft=free_draft).count() == (1 if role == "scorer" else 0)
    assert client.post(f"/scorekeeper/{free_draft.pk}/take-over/").status_code == take_over
    free_draft.refresh_from_db()
    assert (free_draft.scorer == people_by_role(people)[role]) == (
        role in ("scorer", "organiser", "superuser")
    )


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("scorer", 200),
        ("organiser", 200),
        ("superuser", 200),
    ],
)
def test_who_may_start_a_free_game(people, role, status):
    client = client_for(people_by_role(people)[role])
    assert client.get("/clubs/kozyr/scorekeeper/").status_code == status


def test_a_published_tournaments_table_is_followed_live_by_anyone(people, tournament, seated):
    table = Table.objects.filter(round=seated).first()
    draft = services.draft_start_table(table=table, user=people.scorer, first_dealer=0)
    assert Client().get(f"/scorekeeper/{draft.pk}/live/").status_code == 404
    tournament_services.tournament_publish(tournament=tournament, published=True)
    response = Client().get(f"/scorekeeper/{draft.pk}/live/")
    assert response.status_code == 200
    assert f'hx-get="/scorekeeper/{draft.pk}/live/sheet/"' in response.content.decode()
    assert (
        Client().post(f"/scorekeeper/{draft.pk}/entries/", {"entry_id": "a", "kind": "trump"}).status_code
        == 302
    )


def test_starting_a_free_game_from_the_club_page(people):
    client = client_for(people.scorer)
    response = client.post(
        "/clubs/kozyr/scorekeeper/",
        {"names": "Anna\nBoris\n Vera \nGleb", "ruleset": "classic", "first_dealer": "1", "mode": "cards"},
    )
    draft = Draft.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/scorekeeper/{draft.pk}/"
    assert (draft.players, draft.first_dealer, draft.scorer) == (FOUR, 1, people.scorer)
    refused = client.post(
        "/clubs/kozyr/scorekeeper/", {"names": "Anna\nBoris", "ruleset": "classic", "mode": "cards"}
    )
    assert refused.status_code == 400
    assert "3 to 7 players" in refused.content.decode()
    page = client.get("/clubs/kozyr/scorekeeper/").content.decode()
    assert f'href="/scorekeeper/{draft.pk}/"' in page  # resume it, here or on another device


def test_a_tables_draft_is_started_from_the_round_and_resumed(people, tournament, seated):
    table = Table.objects.filter(round=seated).order_by("number").first()
    client = client_for(people.scorer)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/manage/").content.decode()
    assert f'href="/tournaments/{tournament.pk}/tables/{table.pk}/scorekeeper/"' in page
    url = f"/tournaments/{tournament.pk}/tables/{table.pk}/scorekeeper/"
    assert client.get(url).status_code == 200
    response = client.post(url, {"first_dealer": "", "mode": "cards"})
    draft = Draft.objects.get(table=table)
    assert response["Location"] == f"/scorekeeper/{draft.pk}/"
    assert draft.lot_seed == services.table_lot_seed(table)
    assert client.get(url)["Location"] == f"/scorekeeper/{draft.pk}/"
    assert client_for(people.member).get(url).status_code == 403


def test_each_step_through_the_page_without_javascript(people, free_draft):
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    page = client.get(url).content.decode()
    assert "Turn up the trump card" in page
    assert 'data-card="2C"' in page
    response = client.post(url + "entries/", {"entry_id": "t1", "kind": "trump", "card": "2C"})
    assert response.status_code == 302
    assert response["Location"] == url + "#step"
    page = client.get(url).content.decode()
    assert "Boris to bid" in page
    assert 'data-bid-value="2"' in page
    assert 'data-bid-value="3"' not in page
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 0)):
        client.post(url + "entries/", {"entry_id": f"b{seat}", "kind": "bid", "seat": seat, "value": value})
    page = client.get(url).content.decode()
    assert "Under by 1" in page
    assert "Trick 1: Boris to play" in page
    response = client.post(url + "entries/", {"entry_id": "b9", "kind": "bid", "seat": 0, "value": 1})
    follow = client.get(url).content.decode()
    assert "The play has begun: the bids stand." not in follow  # the last bidder may change until the play
    client.post(url + "entries/", {"entry_id": "p1", "kind": "play", "card": "AH"})
    client.post(url + "entries/", {"entry_id": "p2", "kind": "play", "card": "3S"})
    page = client.get(url).content.decode()
    assert "Vera played 3♠ on a ♥ lead and may still hold ♥" in page
    assert 'data-take-back="3S"' in page
    assert 'data-held="5H"' in page
    client.post(url + "entries/", {"entry_id": "k1", "kind": "take_back", "card": "3S"})
    page = client.get(url).content.decode()
    assert "Exposed, to be played at the first legal chance" in page
    assert "Undo: 3♠ taken back" in page


def test_the_fragment_answers_each_tap_and_409_with_the_reason(people, free_draft):
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/entries/"
    ok = client.post(url, {"entry_id": "t1", "kind": "trump", "card": "2C"}, **FRAGMENT)
    assert ok.status_code == 200
    body = ok.content.decode()
    assert body.startswith('<div id="scorekeeper-panel"')
    assert "Boris to bid" in body
    again = client.post(url, {"entry_id": "t1", "kind": "trump", "card": "2C"}, **FRAGMENT)
    assert again.status_code == 200
    assert DraftEntry.objects.count() == 1
    refused = client.post(url, {"entry_id": "b1", "kind": "bid", "seat": 1, "value": 5}, **FRAGMENT)
    assert refused.status_code == 409
    assert "A bid is from 0 to the number of cards." in refused.content.decode()
    taken = client.post(url, {"entry_id": "x", "kind": "taken", "taken_0": "1"}, **FRAGMENT)
    assert taken.status_code == 409


def test_the_tricks_taken_form_says_what_is_wrong(people, free_draft):
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    add(free_draft, people.scorer, "trump", card="2C")
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 1)):
        add(free_draft, people.scorer, "bid", seat=seat, value=value)
    assert client.post(url + "mode/", {"mode": "taken"}).status_code == 302
    assert "Tricks each player took" in client.get(url).content.decode()
    response = client.post(
        url + "entries/",
        {"entry_id": "tk", "kind": "taken", "taken_0": 1, "taken_1": 0, "taken_2": 0, "taken_3": 0},
        **FRAGMENT,
    )
    assert response.status_code == 409
    assert "The tricks taken must add up to the cards dealt." in response.content.decode()
    response = client.post(
        url + "entries/",
        {"entry_id": "tk2", "kind": "taken", "taken_0": 1, "taken_1": 1, "taken_2": 0, "taken_3": 0},
        **FRAGMENT,
    )
    assert response.status_code == 200
    assert "Deal 1 scored:" in response.content.decode()


def test_the_live_view_polls_until_the_game_is_finished(people):
    doc = simulate(players=FOUR, seed=2, ruleset={"preset": "classic", "schedule": [1, 2]}).document
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=FOUR,
        ruleset=doc["ruleset"],
        first_dealer=doc["deals"][0]["dealer"],
    )
    reader = client_for(people.member)
    live = reader.get(f"/scorekeeper/{draft.pk}/live/sheet/")
    assert live.status_code == 200
    assert 'hx-trigger="every 3s"' in live.content.decode()
    enter_game(draft, people.scorer, doc)
    assert "about to record the game" in reader.get(f"/scorekeeper/{draft.pk}/live/sheet/").content.decode()
    response = client_for(people.scorer).post(f"/scorekeeper/{draft.pk}/finish/")
    draft.refresh_from_db()
    assert response["Location"] == f"/games/{draft.game_id}/"
    done = reader.get(f"/scorekeeper/{draft.pk}/live/sheet/")
    assert done.status_code == 286
    assert f'href="/games/{draft.game_id}/"' in done.content.decode()
    assert reader.get(f"/scorekeeper/{draft.pk}/")["Location"] == f"/games/{draft.game_id}/"


def test_finishing_early_is_refused_with_a_message(people, free_draft):
    client = client_for(people.scorer)
    response = client.post(f"/scorekeeper/{free_draft.pk}/finish/", follow=True)
    assert "the game is not over yet" in response.content.decode()
    assert client_for(people.member).post(f"/scorekeeper/{free_draft.pk}/finish/").status_code == 403


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_page_reads_in_russian_and_ukrainian(people, free_draft, language):
    client = client_for(people.scorer)
    client.cookies["django_language"] = language
    assert client.get(f"/scorekeeper/{free_draft.pk}/").status_code == 200


def test_a_bid_out_of_turn_and_a_change_of_bid_are_recorded_as_they_happen(people, free_draft):
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    add(free_draft, people.scorer, "trump", card="2C")
    client.post(url + "entries/", {"entry_id": "o1", "kind": "bid", "seat": 3, "value": 0})
    page = client.get(url).content.decode()
    assert (
        "Gleb bid 0 out of turn (it was Boris&#x27;s turn); the bid stands and the turn goes back to Boris"
        in page
    )
    assert "Boris to bid" in page
    client.post(url + "entries/", {"entry_id": "o2", "kind": "bid", "seat": 1, "value": 1})
    client.post(url + "entries/", {"entry_id": "o3", "kind": "bid", "seat": 1, "value": 2})
    page = client.get(url).content.decode()
    assert "Boris changed the bid from 1 to 2" in page
    assert "Vera to bid" in page
    client.post(url + "entries/", {"entry_id": "o4", "kind": "bid", "seat": 2, "value": 0})
    response = client.post(
        url + "entries/", {"entry_id": "o5", "kind": "bid", "seat": 1, "value": 0}, follow=True
    )
    assert (
        "Too late to change that bid: the next player has bid. The bid stands." in response.content.decode()
    )


def test_a_card_exposed_and_a_card_played_out_of_turn_are_recorded_as_they_happen(people, free_draft):
    """Both stay face up until played (seed: "карта должна остаться на столе в открытом виде для ее
    розыгрыша при первой возможности"); the form offers the kind, the player and the card."""
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    add(free_draft, people.scorer, "trump", card="2C")
    page = client.get(url).content.decode()
    assert "Mark a card shown by accident" in page
    assert 'value="out_of_turn"' not in page  # in the bidding, only an exposed card
    assert '<option value="2C">' not in page  # the turned trump is no one's card
    client.post(url + "entries/", {"entry_id": "x1", "kind": "expose", "seat": 3, "card": "AH"})
    page = client.get(url).content.decode()
    assert "Gleb exposed A♥: it stays face up" in page
    assert "Undo: Gleb exposed A♥" in page
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 0)):
        add(free_draft, people.scorer, "bid", seat=seat, value=value)
    add(free_draft, people.scorer, "play", card="KH")
    page = client.get(url).content.decode()
    assert "Mark a card shown by accident or played out of turn" in page
    assert 'value="out_of_turn"' in page
    assert '<option value="KH">' not in page  # out of the hands
    response = client.post(
        url + "entries/", {"entry_id": "x2", "kind": "out_of_turn", "seat": 0, "card": "3S"}, **FRAGMENT
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Anna played 3♠ out of turn: it stays face up" in body
    assert "Trick 1: Vera to play" in body  # the turn stays where it was
    assert "Exposed, to be played at the first legal chance" in body
    refused = client.post(
        url + "entries/", {"entry_id": "x3", "kind": "out_of_turn", "seat": 2, "card": "4S"}, **FRAGMENT
    )
    assert refused.status_code == 409
    assert "It is that player&#x27;s turn: enter the card as played." in refused.content.decode()


def test_a_renege_not_corrected_in_tricks_taken_mode_is_marked_by_who_reneged(people, free_draft):
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    add(free_draft, people.scorer, "trump", card="2C")
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 1)):
        add(free_draft, people.scorer, "bid", seat=seat, value=value)
    client.post(url + "mode/", {"mode": "taken"})
    page = client.get(url).content.decode()
    assert "A renege not corrected in time?" in page
    assert 'name="reneged_2"' in page
    assert "each player who reneged loses 10 points, and the same dealer deals again" in page
    nobody = client.post(url + "entries/", {"entry_id": "r0", "kind": "renege"}, **FRAGMENT)
    assert nobody.status_code == 409
    assert "Mark who reneged." in nobody.content.decode()
    response = client.post(
        url + "entries/", {"entry_id": "r1", "kind": "renege", "reneged_2": "1"}, **FRAGMENT
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Deal 1 is annulled; the same dealer deals again." in body
    assert "Vera reneged and it was not corrected in time" in body
    assert "Undo: renege by Vera, deal annulled" in body
    assert 'class="annulled"' in body  # the sheet's row


def test_the_sheet_is_the_games_sheet_without_deal_links_and_with_the_deal_in_progress(people, free_draft):
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    add(free_draft, people.scorer, "trump", card="2C")
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 1)):
        add(free_draft, people.scorer, "bid", seat=seat, value=value)
    add(free_draft, people.scorer, "taken", taken=[1, 1, 0, 0])
    add(free_draft, people.scorer, "trump", card="9D")
    add(free_draft, people.scorer, "bid", value=2)
    page = client.get(url).content.decode()
    assert 'class="score-sheet game-sheet"' in page
    assert 'id="deal-1"' in page
    assert "/deals/1/" not in page  # a draft has no deal pages yet
    assert 'id="sk-current"' in page
    assert page.count("data-current-bid") == 4
    assert '<td class="num total">21</td>' not in page
    assert '<td class="num total">11</td>' in page


def test_the_service_worker_is_served_under_the_scorekeepers_prefix(people, free_draft):
    response = Client().get("/scorekeeper/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/scorekeeper/"
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    for name in ("css/trickbook.css", "css/scorekeeper.css", "js/scorekeeper.js", "vendor/htmx/htmx.min.js"):
        assert f'"/static/{name}"' in script
    assert r"var DRAFT_PAGE = /^\/scorekeeper\/\d+\/$/;" in script
    page = client_for(people.scorer).get(f"/scorekeeper/{free_draft.pk}/").content.decode()
    assert 'data-service-worker="/scorekeeper/sw.js" data-service-worker-scope="/scorekeeper/"' in page
    assert 'data-revision="0"' in page
    reader = client_for(people.organiser).get(f"/scorekeeper/{free_draft.pk}/").content.decode()
    assert "data-service-worker=" not in reader  # only the scorekeeper's page works offline


def test_a_marked_renege_finishes_into_a_game_whose_totals_carry_the_penalty(people):
    """The log carries the deal annulled without its cards (Trickbook's ``reneged``): the page
    warns of nothing before finishing, and the game page shows the sheet's totals."""
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=FOUR,
        ruleset={"preset": "classic", "schedule": [1]},
        first_dealer=0,
        mode=Draft.Mode.TAKEN,
    )
    for _ in FOUR:
        add(draft, people.scorer, "bid", value=0)
    add(draft, people.scorer, "renege", seats=[1])
    for _ in FOUR:
        add(draft, people.scorer, "bid", value=0)
    add(draft, people.scorer, "taken", taken=[0, 1, 0, 0])
    client = client_for(people.scorer)
    page = client.get(f"/scorekeeper/{draft.pk}/").content.decode()
    assert "Finish and record the game" in page
    assert "data-unlogged" not in page
    assert "total mismatch" not in page
    assert '<tr id="deal-1" class="annulled">' in page
    assert (
        "Boris reneged and it was not corrected in time (marked on the score sheet, without the cards)"
        in page
    )
    response = client.post(f"/scorekeeper/{draft.pk}/finish/")
    draft.refresh_from_db()
    assert response["Location"] == f"/games/{draft.game_id}/"
    assert draft.game.totals == [10, -10, 10, 10]
    game_page = client.get(f"/games/{draft.game_id}/").content.decode()
    assert "<strong>Uncorrected renege</strong>" in game_page
    assert "<strong>Total miscopied</strong>" not in game_page
    assert '<tr id="deal-1" class="annulled">' in game_page


def test_a_deal_played_out_is_on_the_sheet_once(people, free_draft):
    """Every card of deal 1 played, deal 2 not begun: deal 1 is a finished row, not also the row in
    progress (it was listed twice)."""
    client = client_for(people.scorer)
    url = f"/scorekeeper/{free_draft.pk}/"
    client.post(url + "entries/", {"entry_id": "t1", "kind": "trump", "card": "2C"})
    for seat, value in ((1, 1), (2, 0), (3, 0), (0, 0)):
        client.post(url + "entries/", {"entry_id": f"b{seat}", "kind": "bid", "seat": seat, "value": value})
    for i, card in enumerate(["AH", "3H", "4H", "5H", "KS", "2S", "7S", "8S"]):
        client.post(url + "entries/", {"entry_id": f"p{i}", "kind": "play", "card": card})
    page = client.get(url).content.decode()
    sheet = page[page.index('<section class="sk-sheet"') :]
    sheet = sheet[: sheet.index("</section>")]
    assert sheet.count('<tr id="deal-1"') == 1
    assert 'id="sk-current"' not in sheet
    assert "Next: deal 2 (2 of 3)" in page


def test_the_start_form_names_the_ruleset_and_offers_the_roster_to_tap(people):
    from games.models import Player

    Player.objects.create(club=people.club, display_name="Анна")
    client = client_for(people.scorer)
    page = client.get(f"/clubs/{people.club.slug}/scorekeeper/").content.decode()
    assert '<option value="classic" selected>basic (the seed&#x27;s text)</option>' in page
    assert '<button type="button" class="secondary" data-roster-name="Анна">Анна</button>' in page
    assert "js/scorekeeper_start.js" in page
