"""The accounts app's Celery tasks: thin wrappers over accounts.tokens."""

from __future__ import annotations

from celery import shared_task

from accounts import tokens


@shared_task(name="accounts.purge_expired_tokens")
def purge_expired_tokens() -> int:
    """Hourly (CELERY_BEAT_SCHEDULE): delete the expired API tokens; how many there were."""
    return tokens.tokens_purge_expired()
