"""What games itself does when a game is recorded: queue the game's analysis (games.analytics)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games import analytics
from games.models import Game, GameRevision
from games.signals import game_recorded


@receiver(game_recorded, dispatch_uid="games.analyse_recorded_game")
def analyse_recorded_game(
    sender: Any, game: Game, revision: GameRevision, created: bool, **kwargs: Any
) -> None:
    """A new, corrected or re-audited game has a new current report: its luck and skill figures follow."""
    analytics.request_analysis(game)
