"""A live-kept game's entries as the arbiter's evidence (scorekeeper.evidence, shown on the
dispute page through games.evidence.TIMELINES).

The game: Anna, Boris and Vera, classic rules, schedule 1-2, Anna deals first. The scorer keeps
deal 1 (trump 8♦; Boris bids 1, Vera 0, Anna 0; Boris's A♠ takes Vera's 2♠ and Anna's 3♠); the
organiser takes the draft over and keeps deal 2 (trump 2♦; Vera bids 1, Anna 0 — undone — then
Anna 1, Boris 1; Vera's K♣ takes Anna's 5♣ and Boris's Q♣, Boris's J♥ takes Vera's 7♥ and Anna's
4♥). Totals Anna 10, Boris 22, Vera 21. The organiser disputes deal 2.
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from games import disputes
from games import evidence as games_evidence
from games import services as games_services
from games.models import Dispute, Game
from scorekeeper import engine, services
from scorekeeper.evidence import entry_words, timeline
from scorekeeper.models import Draft, DraftEntry
from tests.games.disputed_game import DOCUMENT
from tests.scorekeeper.conftest import add

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    """The words are checked in English, whatever language an earlier request left active."""
    with translation.override("en"):
        yield


PLAYERS = ["Anna", "Boris", "Vera"]
RULESET = {"preset": "classic", "schedule": [1, 2], "last_deal_no_trump": False}

#: Every entry of the game by the cards, in order: (who entered it, the arbiter's words).
DEAL_1 = [
    ("scorer", "Trump card: 8♦"),
    ("scorer", "Boris bids 1"),
    ("scorer", "Vera bids 0"),
    ("scorer", "Anna bids 0"),
    ("scorer", "Boris plays A♠"),
    ("scorer", "Vera plays 2♠"),
    ("scorer", "Anna plays 3♠"),
]
DEAL_2 = [
    ("organiser", "Trump card: 2♦"),
    ("organiser", "Vera bids 1"),
    ("organiser", "Anna bids 0"),  # undone
    ("organiser", "Undo"),
    ("organiser", "Anna bids 1"),
    ("organiser", "Boris bids 1"),
    ("organiser", "Vera plays K♣"),
    ("organiser", "Anna plays 5♣"),
    ("organiser", "Boris plays Q♣"),
    ("organiser", "Vera plays 7♥"),
    ("organiser", "Anna plays 4♥"),
    ("organiser", "Boris plays J♥"),
]
UNDONE = 2  # Anna's bid of 0, the third entry of deal 2
UNDO = 3


def keep(people, mode: str) -> Draft:
    """The game entered live by ``mode`` (cards, or the tricks each player took) and finished."""
    draft = services.draft_start(
        club=people.club, user=people.scorer, players=PLAYERS, ruleset=RULESET, first_dealer=0, mode=mode
    )
    scorer = people.scorer
    add(draft, scorer, "trump", card="8D")
    for seat, value in ((1, 1), (2, 0), (0, 0)):
        add(draft, scorer, "bid", seat=seat, value=value)
    if mode == Draft.Mode.CARDS:
        for card in ("AS", "2S", "3S"):
            add(draft, scorer, "play", card=card)
    else:
        add(draft, scorer, "taken", taken=[0, 1, 0])
    draft = services.draft_take_over(draft=draft, user=people.organiser)
    organiser = people.organiser
    add(draft, organiser, "trump", card="2D")
    add(draft, organiser, "bid", seat=2, value=1)
    add(draft, organiser, "bid", seat=0, value=0)
    add(draft, organiser, "undo")
    add(draft, organiser, "bid", seat=0, value=1)
    add(draft, organiser, "bid", seat=1, value=1)
    if mode == Draft.Mode.CARDS:
        for card in ("KC", "5C", "QC", "7H", "4H", "JH"):
            add(draft, organiser, "play", card=card)
    else:
        add(draft, organiser, "taken", taken=[0, 1, 1])
    services.draft_finish(draft=draft, user=organiser)
    draft.refresh_from_db()
    return draft


@pytest.fixture
def draft(people) -> Draft:
    return keep(people, Draft.Mode.CARDS)


@pytest.fixture
def game(draft) -> Game:
    return Game.objects.get(pk=draft.game_id)


@pytest.fixture
def dispute(people, game) -> Dispute:
    return disputes.dispute_open(game=game, user=people.organiser, claim="Anna's bid was 0", deal=2)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def numbered(draft: Draft) -> tuple[list[int | None], set[int]]:
    """Each entry's deal and the entries undone (the seats are checked on their own)."""
    rows = list(draft.entries.order_by("number"))
    numbers, undone, _seats = engine.deal_numbers(
        services.setup_of(draft), [services.as_engine_entry(r) for r in rows]
    )
    return numbers, undone


def shown(entries) -> list[tuple[str, str, bool, bool]]:
    return [(e.who, e.what, e.undone, e.undo) for e in entries]


def expected(deal: list[tuple[str, str]]) -> list[tuple[str, str, bool, bool]]:
    return [
        (who, what, i == UNDONE and deal is DEAL_2, i == UNDO and deal is DEAL_2)
        for i, (who, what) in enumerate(deal)
    ]


def test_the_game_was_recorded_from_the_draft(game):
    assert game.totals == [10, 22, 21]
    assert game.current_revision.source == "scorekeeper"


# --- which deal each entry was made in ------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "numbers", "undone"),
    [
        (Draft.Mode.CARDS, [1] * 7 + [2] * 12, {7 + UNDONE}),
        # The tricks taken close the deal they are entered in; they belong to it.
        (Draft.Mode.TAKEN, [1] * 5 + [2] * 7, {5 + UNDONE}),
    ],
    ids=["cards", "taken"],
)
def test_deal_numbers_give_each_entry_its_deal_and_mark_the_undone_one(people, mode, numbers, undone):
    # BUG (scorekeeper/engine.py, deal_numbers): the number is read from game.current *after*
    # the entry is fed, so an entry that closes its deal (tricks taken, a marked renege, the
    # card that proves an uncorrected renege) is given to the next deal, and the last deal's
    # closing entry to none: in tricks-taken mode [1, 1, 1, 1, 2, …, 2, None].
    assert numbered(keep(people, mode)) == (numbers, undone)


def test_the_card_that_proves_a_renege_is_in_the_deal_it_was_played_in(people):
    """Deal 2 as in tests/games/disputed_game.py: Anna plays the 4♥ on Vera's K♣ lead and
    then the 5♣ she held: that card ends the deal (annulled), but it was played in deal 2."""
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=PLAYERS,
        ruleset={"preset": "classic", "schedule": [1, 2, 3], "last_deal_no_trump": False},
        first_dealer=0,
    )
    add(draft, people.scorer, "trump", card="8D")
    for seat, value in ((1, 1), (2, 0), (0, 0)):
        add(draft, people.scorer, "bid", seat=seat, value=value)
    for card in ("AS", "2S", "3S"):
        add(draft, people.scorer, "play", card=card)
    add(draft, people.scorer, "trump", card="2D")
    for seat, value in ((2, 1), (0, 0), (1, 1)):
        add(draft, people.scorer, "bid", seat=seat, value=value)
    for card in ("KC", "4H", "QC", "7H", "5C"):
        add(draft, people.scorer, "play", card=card)
    assert numbered(draft) == ([1] * 7 + [2] * 9, set())


def test_an_undo_with_nothing_to_take_back_is_in_no_deal():
    """The service refuses such an undo; the engine's numbering still gives it no deal."""
    setup = engine.Setup(players=tuple(PLAYERS), ruleset=RULESET, first_dealer=0)
    trump = engine.Entry(kind="trump", card=services.card_of("8D"))
    bid = engine.Entry(kind="bid", seat=1, value=1)
    undo = engine.Entry(kind="undo")
    assert engine.deal_numbers(setup, [undo, trump, bid, undo, undo, undo]) == (
        [None, 1, 1, 1, 1, None],
        {1, 2},
        [None, None, 1, None, None, None],  # the trump has no seat; the bid its own; an undo none
    )


# --- the timeline of a deal ----------------------------------------------------------------


@pytest.mark.parametrize(("deal", "entries"), [(1, DEAL_1), (2, DEAL_2)], ids=["deal-1", "deal-2"])
def test_the_timeline_lists_exactly_the_deals_entries_in_order(game, deal, entries):
    listed = timeline(game, deal)
    assert [(e.who, e.undone, e.undo) for e in listed] == [(who, u, o) for who, _w, u, o in expected(entries)]
    # The trump, the bids and the undo in words (the cards played: the next test).
    assert [e.what for e in listed if " plays " not in e.what] == [
        what for _who, what in entries if " plays " not in what
    ]
    assert games_evidence.timeline_of(game, deal) == listed  # registered at start-up


@pytest.mark.parametrize(("deal", "entries"), [(1, DEAL_1), (2, DEAL_2)], ids=["deal-1", "deal-2"])
def test_the_timeline_says_who_played_each_card(game, deal, entries):
    # BUG (scorekeeper/evidence.py, entry_words): the player is read from the stored row's seat,
    # but a card is entered without one (the page's play form sends only the card; the engine
    # knows whose turn it is), so every play reads " plays A♠", with no name; so does a bid
    # entered without a seat (the API's "next to speak").
    assert shown(timeline(game, deal)) == expected(entries)


def test_the_timeline_keeps_the_time_of_each_entry(draft, game):
    rows = list(draft.entries.order_by("number"))
    assert [e.at for e in timeline(game, 1) + timeline(game, 2)] == [r.created_at for r in rows]


def test_a_deal_not_in_the_game_has_no_entries(game):
    assert timeline(game, 3) == []


def test_the_tricks_taken_are_in_the_deal_they_close(people):
    """By the tricks taken: each deal's own count ends its timeline (see the bug above)."""
    game = Game.objects.get(pk=keep(people, Draft.Mode.TAKEN).game_id)
    assert shown(timeline(game, 1))[-1] == ("scorer", "Tricks taken: Anna 0, Boris 1, Vera 0", False, False)
    assert shown(timeline(game, 2))[-1] == (
        "organiser",
        "Tricks taken: Anna 0, Boris 1, Vera 1",
        False,
        False,
    )
    assert [e.what for e in timeline(game, 2)].count("Tricks taken: Anna 0, Boris 1, Vera 0") == 0


def test_a_game_not_kept_live_has_no_timeline(people):
    content = json.dumps(DOCUMENT, ensure_ascii=False).encode()
    game = games_services.game_upload(club=people.club, content=content, user=people.scorer).game
    assert timeline(game, 2) is None
    assert games_evidence.timeline_of(game, 2) is None


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"kind": "trump", "card": "QH"}, "Trump card: Q♥"),
        ({"kind": "trump", "card": ""}, "No trump"),
        ({"kind": "bid", "seat": 2, "value": 3}, "Vera bids 3"),
        ({"kind": "bid", "seat": 0, "value": 0, "blind": True}, "Anna bids 0 (blind)"),
        ({"kind": "play", "seat": 1, "card": "TS"}, "Boris plays 10♠"),
        ({"kind": "take_back", "seat": 1, "card": "TS"}, "Boris takes back 10♠"),
        ({"kind": "held", "seat": 0, "card": "5C"}, "Renege let stand: Anna held 5♣"),
        ({"kind": "expose", "seat": 2, "card": "AD"}, "Vera exposes A♦"),
        ({"kind": "out_of_turn", "seat": 2, "card": "AD"}, "Vera plays A♦ out of turn"),
        ({"kind": "taken", "taken": [2, 0, 1]}, "Tricks taken: Anna 2, Boris 0, Vera 1"),
        ({"kind": "renege", "seats": [0, 2]}, "Renege not corrected: Anna, Vera"),
        ({"kind": "undo"}, "Undo"),
    ],
    ids=[
        "trump",
        "no-trump",
        "bid",
        "blind-bid",
        "play",
        "take-back",
        "held",
        "expose",
        "out-of-turn",
        "taken",
        "renege",
        "undo",
    ],
)
def test_each_kind_of_entry_in_words(fields, words):
    assert entry_words(DraftEntry(**fields), PLAYERS) == words


# --- on the dispute page -------------------------------------------------------------------


def section(html: str) -> str:
    return html.split('id="evidence-timeline"')[1].split("</ol>")[0]


def items(html: str) -> list[tuple[str, str]]:
    """Each entry of the page's timeline: its class, and its words after the time."""
    out = []
    for css, body in re.findall(r'<li class="([^"]*)">(.*?)</li>', section(html), re.S):
        out.append((css.strip(), text(body).split(" · ", 1)[1]))
    return out


def classes_of(deal: int, entries: list[tuple[str, str]]) -> list[str]:
    return [
        "undone" if (deal, i) == (2, UNDONE) else "undo" if (deal, i) == (2, UNDO) else ""
        for i in range(len(entries))
    ]


@pytest.mark.parametrize(("deal", "entries"), [(1, DEAL_1), (2, DEAL_2)], ids=["deal-1", "deal-2"])
def test_the_dispute_page_has_the_section_with_the_undone_entry_marked(
    client, people, draft, dispute, deal, entries
):
    client.force_login(people.member)
    response = client.get(f"/disputes/{dispute.pk}/?deal={deal}")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<h2 id="evidence-timeline">Deal {deal} as it was entered at the table</h2>' in html
    assert '<a href="#evidence-timeline">Entries at the table</a>' in html
    shown_items = items(html)
    assert [css for css, _words in shown_items] == classes_of(deal, entries)
    assert [words.split(" · ")[0] for _css, words in shown_items] == [who for who, _what in entries]
    assert [words for _css, words in shown_items if " plays " not in words] == [
        f"{who} · {what}" + (" undone" if css == "undone" else "")
        for (who, what), css in zip(entries, classes_of(deal, entries), strict=True)
        if " plays " not in what
    ]
    tags = re.findall(r'<span class="tag">undone</span>', section(html))
    assert len(tags) == (1 if deal == 2 else 0)
    first = timeline(Game.objects.get(pk=draft.game_id), deal)[0]
    assert f'<time datetime="{first.at.isoformat()}">{first.at:%H:%M:%S}</time>' in section(html)


@pytest.mark.parametrize(("deal", "entries"), [(1, DEAL_1), (2, DEAL_2)], ids=["deal-1", "deal-2"])
def test_the_dispute_page_shows_every_entry_in_words(client, people, dispute, deal, entries):
    # Fails with the bug of entry_words above: the cards are shown without who played them.
    client.force_login(people.member)
    html = client.get(f"/disputes/{dispute.pk}/?deal={deal}").content.decode()
    assert items(html) == [
        (css, f"{who} · {what}" + (" undone" if css == "undone" else ""))
        for (who, what), css in zip(entries, classes_of(deal, entries), strict=True)
    ]


def test_the_dispute_page_shows_the_disputed_deal_by_default(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    assert "Deal 2 as it was entered at the table" in html
    assert [words for _css, words in items(html)][2] == "organiser · Anna bids 0 undone"


def test_a_game_not_kept_live_has_no_such_section(client, people):
    content = json.dumps(DOCUMENT, ensure_ascii=False).encode()
    game = games_services.game_upload(club=people.club, content=content, user=people.scorer).game
    dispute = disputes.dispute_open(game=game, user=people.organiser, claim="deal 2", deal=2)
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/?deal=2").content.decode()
    assert "as it was entered at the table" not in html
    assert 'id="evidence-timeline"' not in html
    assert 'href="#evidence-timeline"' not in html
