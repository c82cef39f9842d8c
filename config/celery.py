"""The Celery application.

Configured from Django settings (the ``CELERY_`` names). Tasks live in each
app's ``tasks.py`` as thin wrappers over services, and are queued only after
the transaction that made them necessary commits.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("trickbook")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="trickbook.ping")
def ping(value: str = "pong") -> str:
    """Echo a value: the smallest round trip through broker, worker and result backend."""
    return value
