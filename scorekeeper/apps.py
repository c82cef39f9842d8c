from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Live scorekeeper"

    def ready(self) -> None:
        # The arbiter's page shows a live-kept deal's entries (games.evidence.TIMELINES): games
        # never imports this app, so the app hands its provider over.
        from games import evidence
        from scorekeeper.evidence import timeline

        if timeline not in evidence.TIMELINES:
            evidence.TIMELINES.append(timeline)
