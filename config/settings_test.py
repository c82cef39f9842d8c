"""The test settings: the ``test`` profile of config.settings.

pytest points DJANGO_SETTINGS_MODULE here (pyproject.toml) so that a plain
``pytest`` gets the test profile (fast hashing, eager Celery unless
REDIS_URL is set) without anyone remembering to export DJANGO_ENV.
"""

import os

os.environ["DJANGO_ENV"] = "test"

from config.settings import *  # noqa: F403
