"""OpenSkill ratings: the arithmetic, the rebuild, the per-game update, the API."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import table_log
from tournaments import ratings, services
from tournaments.models import Rating, RatingChange


def test_a_win_raises_and_a_loss_lowers():
    skills, history = ratings.rate([ratings.RatedGame(game=1, players=(1, 2, 3), totals=(30.0, 20.0, 10.0))])
    assert skills[1].mu > ratings.INITIAL.mu > skills[3].mu
    assert skills[1].mu > skills[2].mu > skills[3].mu
    assert all(s.sigma < ratings.INITIAL.sigma for s in skills.values())
    assert [(c.game, c.player) for c in history] == [(1, 1), (1, 2), (1, 3)]


def test_equal_totals_rate_alike():
    skills, _ = ratings.rate([ratings.RatedGame(game=1, players=(1, 2, 3, 4), totals=(20.0, 20.0, 5.0, 0.0))])
    assert skills[1] == skills[2]


def test_order_matters_and_is_respected():
    a = ratings.RatedGame(game=1, players=(1, 2, 3), totals=(30.0, 20.0, 10.0))
    b = ratings.RatedGame(game=2, players=(1, 2, 3), totals=(10.0, 20.0, 30.0))
    forward, _ = ratings.rate([a, b])
    backward, _ = ratings.rate([b, a])
    assert forward[1] != backward[1]
    assert ratings.rate([a, b])[0] == forward  # deterministic


def test_ordinal_is_the_conservative_figure():
    assert ratings.Skill(mu=25.0, sigma=2.0).ordinal == 19.0


@pytest.mark.django_db
def test_incremental_updates_equal_a_rebuild(people, tournament, seated, django_capture_on_commit_callbacks):
    for i, table in enumerate(seated.tables.order_by("number")):
        with django_capture_on_commit_callbacks(execute=True):
            services.table_game_upload(table=table, content=table_log(table, 500 + i), user=people.scorer)
    incremental = {
        r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.games)
        for r in Rating.objects.filter(game_type="oh-hell")
    }
    assert len(incremental) == 8
    assert RatingChange.objects.count() == 8
    assert services.ratings_rebuild(game_type="oh-hell") == 2
    rebuilt = {
        r.player_id: (round(r.mu, 9), round(r.sigma, 9), r.games)
        for r in Rating.objects.filter(game_type="oh-hell")
    }
    assert rebuilt == incremental


@pytest.mark.django_db
def test_unrated_tournaments_do_not_count(people, tournament, seated, django_capture_on_commit_callbacks):
    tournament.rated = False
    tournament.save()
    table = seated.tables.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_game_upload(table=table, content=table_log(table, 510), user=people.scorer)
    assert services.ratings_rebuild(game_type="oh-hell") == 0
    assert not Rating.objects.exists()


@pytest.mark.django_db
def test_ratings_api(api, people, tournament, seated, django_capture_on_commit_callbacks):
    table = seated.tables.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_game_upload(table=table, content=table_log(table, 520), user=people.scorer)
    assert api.get("/api/v1/clubs/kozyr/ratings/").status_code == 401
    api.force_authenticate(people.outsider)
    assert api.get("/api/v1/clubs/kozyr/ratings/").status_code == 403
    api.force_authenticate(people.member)
    board = api.get("/api/v1/clubs/kozyr/ratings/").json()["ratings"]
    assert [row["rank"] for row in board] == [1, 2, 3, 4]
    assert board[0]["ordinal"] >= board[-1]["ordinal"]
    history = api.get(f"/api/v1/players/{board[0]['player_id']}/ratings/").json()
    assert history["rating"]["games"] == 1
    assert [h["game"] for h in history["history"]] == [table.game_id]
