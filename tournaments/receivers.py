"""What tournaments does when games announce a change (games never import this app)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.models import Game, GameRevision
from games.signals import game_recorded, game_settled
from tournaments.models import Table


@receiver(game_recorded, dispatch_uid="tournaments.game_recorded")
def recompile_for_game(sender: Any, game: Game, revision: GameRevision, created: bool, **kwargs: Any) -> None:
    """A corrected (or re-audited, or dispute-decided) game of a table changes its tournament's standings."""
    from tournaments.services import request_compile, request_rating

    table = Table.objects.filter(game=game).select_related("round__tournament").first()
    if table is not None:
        request_compile(table.round.tournament)
        if not created and table.round.tournament.rated:
            request_rating(game)  # a corrected game's totals change its players' ratings


@receiver(game_settled, dispatch_uid="tournaments.game_settled")
def recompile_for_settled_game(sender: Any, game: Game, provisional: bool, **kwargs: Any) -> None:
    """A result of a table marked provisional, or settled (issue 19): the standings count the
    provisional results and mark them, and a settled dispute is rated again."""
    from tournaments.services import request_compile, request_rating

    table = Table.objects.filter(game=game).select_related("round__tournament").first()
    if table is not None:
        request_compile(table.round.tournament)
        if not provisional and table.round.tournament.rated:
            request_rating(game)
