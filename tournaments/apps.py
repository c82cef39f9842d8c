from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:

        import tournaments.profile  # noqa: F401 - adds the rating to the player profile page
        from games.filters import GameFilter, IdFilter
        from tournaments import receivers  # noqa: F401 - connects the signal receivers

        # games/ knows nothing of tournaments; this layer adds the game lists'
        # ?tournament= filter, through the table that points to each game.
        GameFilter.base_filters["tournament"] = IdFilter(
            field_name="table__round__tournament", label="Tournament id: the games of its tables."
        )
