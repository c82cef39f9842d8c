"""A dispute in a real browser: a player opens it, the organiser upholds it with a pasted corrected log."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Dispute, Membership, Player
from rules.ohhell.simulate import InjectedWrongScore, simulate
from tests.games.factories import MembershipFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-passphrase"  # tests.games.factories.UserFactory's


def sign_in(page, base: str, username: str, next_path: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}{next_path}")


def test_a_player_disputes_and_the_organiser_upholds_with_a_corrected_log(live_server, page, people):
    simulated = simulate(players=4, seed=2, renege_rate=0.01, wrong_score_rate=0.01)
    game = services.game_upload(
        club=people.club, content=json.dumps(simulated.document).encode(), user=people.scorer
    ).game
    anna = UserFactory(username="anna")
    MembershipFactory(club=people.club, user=anna, role=Membership.Role.MEMBER)
    Player.objects.filter(club=people.club, display_name="Anna").update(user=anna)
    (wrong,) = [f for f in simulated.injected if isinstance(f, InjectedWrongScore)]
    corrected = json.loads(json.dumps(simulated.document))
    corrected["deals"][wrong.deal - 1]["scores"][wrong.seat] = wrong.correct
    corrected["totals"][wrong.seat] -= wrong.written - wrong.correct

    # Anna sat in the game: she opens a dispute from its audit page.
    audit = f"/games/{game.pk}/audit/"
    sign_in(page, live_server.url, "anna", audit)
    assert page.get_by_role("link", name="Deal score miscopied").is_visible()
    page.get_by_label("What is wrong").fill(
        f"My score in deal {wrong.deal} is {wrong.correct}, not {wrong.written}."
    )
    page.get_by_label("Deal (optional)").fill(str(wrong.deal))
    page.get_by_role("button", name="Open the dispute").click()
    dispute = Dispute.objects.get()
    page.wait_for_url(f"{live_server.url}/disputes/{dispute.pk}/")
    assert page.get_by_role("status").inner_text().startswith("Dispute opened.")
    assert page.locator("#dispute-status").inner_text().strip() == "Open"
    assert page.get_by_role("heading", name="Decide the dispute").count() == 0
    page.get_by_role("button", name="Sign out").click()

    # The organiser signs in and upholds it, pasting the corrected log over the current one (the
    # expert path: the whole log as JSON).
    sign_in(page, live_server.url, "organiser", f"/disputes/{dispute.pk}/")
    page.get_by_label("Upheld with a correction").check()
    page.get_by_label("the whole log (JSON)").check()
    editor = page.get_by_label("…or the corrected log (JSON)")
    assert json.loads(editor.input_value())["deals"][wrong.deal - 1]["scores"][wrong.seat] == wrong.written
    editor.fill(json.dumps(corrected, ensure_ascii=False))
    page.get_by_label("Reasons").fill("The sheet was miscopied.")
    page.get_by_role("button", name="Record the decision").click()
    page.get_by_text(
        "Dispute decided: Upheld with a correction. Revision 2 is now the game's log."
    ).wait_for()
    assert page.locator("#dispute-status").inner_text().strip() == "Upheld with a correction"
    assert page.get_by_role("link", name="revision 2").is_visible()
    history = page.locator("ol.events > li strong").all_inner_texts()
    assert history == ["Opened", "Upheld with a correction"]

    # The game's audit page: revision 2 is current and the miscopied score is gone.
    page.get_by_role("link", name="revision 2").click()
    assert page.locator("#revision-2 .tag").inner_text() == "current"
    assert page.get_by_role("link", name="Deal score miscopied").count() == 0
    assert page.get_by_role("link", name="Uncorrected renege").is_visible()
    dispute.refresh_from_db()
    assert (dispute.status, dispute.corrected_revision.number) == ("upheld", 2)


def test_the_audit_page_fits_a_phone(live_server, page, people):
    game = services.game_upload(
        club=people.club,
        content=json.dumps(simulate(players=4, seed=2, renege_rate=0.01).document).encode(),
        user=people.scorer,
    ).game
    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, live_server.url, "organiser", f"/games/{game.pk}/audit/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    page.keyboard.press("Tab")  # the skip link comes first, then the page is keyboard-usable
    assert page.evaluate("document.activeElement.className") == "skip"
