from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Clubs and games"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from games import receivers  # noqa: F401 - connects the signal receivers
        from games.append_only import ensure_sqlite_triggers

        # SQLite: the append-only tables' triggers, after every migrate and flush (games.append_only).
        post_migrate.connect(ensure_sqlite_triggers, dispatch_uid="games-sqlite-append-only-triggers")
