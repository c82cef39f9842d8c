"""`make demo` data: loaded once, never twice, never in production."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count

from accounts.models import User
from games.models import Club, Membership, Player

pytestmark = pytest.mark.django_db


def test_demo_club_has_every_role_and_a_roster():
    call_command("load_demo", verbosity=0)
    club = Club.objects.get(slug="kozyr")
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {
        "olga": "organiser",
        "petro": "scorer",
        "taras": "member",
        "vera": "member",
        "gleb": "member",
    }
    assert Player.objects.filter(club=club, user__isnull=False).count() == 5
    admin = User.objects.get(username="admin")
    assert admin.is_superuser
    assert admin.check_password("trickbook-demo")


def test_second_run_changes_nothing():
    call_command("load_demo", verbosity=0)
    counts = (Club.objects.count(), User.objects.count(), Membership.objects.count(), Player.objects.count())
    call_command("load_demo", verbosity=0)
    assert (
        Club.objects.count(),
        User.objects.count(),
        Membership.objects.count(),
        Player.objects.count(),
    ) == counts


def test_refused_in_production(settings):
    settings.PRODUCTION = True
    with pytest.raises(CommandError, match="never runs in production"):
        call_command("load_demo", verbosity=0)
    assert not Club.objects.exists()


def test_home_page_lists_the_demo_club(client):
    call_command("load_demo", verbosity=0)
    response = client.get("/")
    assert response.status_code == 200
    assert "Клуб «Козырь»" in response.content.decode()


def test_demo_tournament_is_played_published_and_ranked():
    from tournaments.models import Rating, Standing, Tournament

    call_command("load_demo", verbosity=0)
    tournament = Tournament.objects.get(name="Осенний кубок")
    assert tournament.published
    assert tournament.status == "finished"
    assert tournament.rounds.count() == 3
    games = [t.game for r in tournament.rounds.all() for t in r.tables.all()]
    assert len(games) == 6
    assert all(g is not None and g.public for g in games)
    # The audit has something to show: a renege and a miscopied deal score.
    assert sorted(g.status for g in games).count("errors") == 2
    assert Standing.objects.filter(tournament=tournament).count() == 8
    assert Rating.objects.filter(game_type="oh-hell").count() == 8


def test_demo_has_a_running_and_an_upcoming_tournament_and_an_open_dispute():
    from games.models import Dispute, Finding, Game, GameConfirmation
    from tournaments.models import Standing, Tournament

    call_command("load_demo", verbosity=0)
    running = Tournament.objects.get(name="Зимний кубок")
    assert running.status == "running"
    assert running.published
    assert [r.status for r in running.rounds.order_by("number")] == ["confirmed", "confirmed"]
    assert [t.game_id is not None for t in running.rounds.get(number=2).tables.all()] == [False, False]
    assert Standing.objects.filter(tournament=running).count() == 8
    assert Tournament.objects.get(name="Весенний турнир").status == "registration"
    dispute = Dispute.objects.get()
    assert dispute.status == "open"
    assert dispute.game.seats.filter(player__user=dispute.raised_by).exists()
    # The arbiter has a case: deal 5's score miscopied (the replay says so), the sheet already
    # corrected once (deal 9: revision 2, the one disputed), and the scorer's answer.
    game = dispute.game
    assert (dispute.deal, dispute.revision.number, game.current_revision.number) == (5, 2, 2)
    assert game.current_revision.source == "form"
    codes = set(game.current_report.finding_rows.filter(deal=5).values_list("code", flat=True))
    assert codes == {"SCORE_MISMATCH"}
    assert list(dispute.events.values_list("kind", flat=True)) == ["opened", "comment"]
    assert game.provisional
    # The renege game is left for a visitor to dispute (docs/pages.md).
    renege = Finding.objects.filter(code="RENEGE_UNCORRECTED").values_list("game_id", flat=True).distinct()
    assert not Dispute.objects.filter(game_id__in=renege).exists()
    # The running tournament asks its tables to confirm: round 1's two results are provisional,
    # one player has confirmed their table's sheet.
    played = Game.objects.filter(table__round__tournament=running)
    assert [g.provisional for g in played] == [True, True]
    assert GameConfirmation.objects.filter(game__in=played).count() == 1
    assert running.confirmation_hours == 24
    # The pages make demo prints: the renege to dispute at /games/2/ (gleb sat there), the sheet to
    # confirm at /games/7/ (gleb's table of the running tournament): the second and seventh
    # games created, so those ids on a fresh database.
    games = list(Game.objects.order_by("pk"))
    assert Finding.objects.filter(game=games[1], code="RENEGE_UNCORRECTED").count() == 2
    assert games[1].seats.filter(player__user__username="gleb").exists()
    assert games[6].seats.filter(player__user__username="gleb").exists()
    assert games[6].confirm_until is not None


def test_demo_has_a_rubber_bridge_evening_ranked_by_whists():
    from tournaments.models import Standing, Tournament

    call_command("load_demo", verbosity=0)
    bridge = Tournament.objects.get(name="Бридж по пятницам")
    # The third created, so /tournaments/3/ on a fresh database, as make demo prints.
    assert list(Tournament.objects.order_by("pk").values_list("name", flat=True))[2] == bridge.name
    assert bridge.game_type == "bridge-rubber"
    assert bridge.standings_method == "whists"
    games = [t.game for t in bridge.rounds.get().tables.all()]
    assert [g.game_type for g in games] == ["bridge-rubber", "bridge-rubber"]
    lines = Standing.objects.filter(tournament=bridge)
    assert lines.count() == 8
    assert sum(line.points for line in lines) == 0  # whists are zero-sum


def test_demo_has_a_preferans_pulka_that_replays_clean():
    from games.models import Game

    call_command("load_demo", verbosity=0)
    pulka = Game.objects.get(game_type="preferans")
    assert pulka.status == "clean"
    assert [s.player.display_name for s in pulka.seats.order_by("seat")] == ["Ольга", "Тарас", "Вера"]
    assert sum(s.total for s in pulka.seats.all()) == 0  # the settlement balances
    # The eleventh game recorded, so /games/11/ on a fresh database, as make demo prints.
    assert list(Game.objects.order_by("pk").values_list("pk", flat=True)).index(pulka.pk) == 10


def test_demo_has_a_durak_evening_scored_by_places():
    from games.models import Game
    from tournaments.models import Standing, Tournament

    call_command("load_demo", verbosity=0)
    durak = Tournament.objects.get(name="Дурак по средам")
    # The fifth created, so /tournaments/5/ on a fresh database, as make demo prints.
    assert list(Tournament.objects.order_by("pk").values_list("name", flat=True))[4] == durak.name
    assert (durak.game_type, durak.ruleset) == ("durak", {"preset": "transfer", "place_points": [2, 1, 0]})
    games = Game.objects.filter(game_type="durak")
    assert games.count() == 4  # two rounds of two tables
    assert {g.status for g in games} == {"clean"}
    # Five games a table, 2 + 1 + 0 points a game (a draw shares the best place).
    for game in games:
        assert sum(s.total for s in game.seats.all()) >= 5 * 3
    lines = Standing.objects.filter(tournament=durak)
    assert lines.count() == 6
    assert all(line.games == 2 for line in lines)


def test_every_demo_game_is_analysed_for_luck_and_skill():
    from games import analytics
    from games.models import Game, GameAnalysis

    call_command("load_demo", verbosity=0)
    games = Game.objects.filter(club__slug="kozyr")
    assert not analytics.unanalysed(games).exists()
    statuses = dict(
        GameAnalysis.objects.filter(game__in=games).values_list("game_type").annotate(n=Count("pk"))
    )
    assert set(statuses) == {"oh-hell", "bridge-rubber", "preferans", "durak", "bridge-duplicate"}
    # Every demo log holds its cards, and is analysed: the duplicate tables' travellers carry the
    # hand record's hands, so each board has its double dummy and par.
    assert analytics.status_counts(games)["analysed"] == games.count()
