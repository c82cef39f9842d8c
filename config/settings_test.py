"""The test settings: the ``test`` profile of config.settings.

pytest points DJANGO_SETTINGS_MODULE here (pyproject.toml) so that a plain
``pytest`` gets the test profile (fast hashing, eager Celery unless
REDIS_URL is set) without anyone remembering to export DJANGO_ENV.
"""

import os

os.environ["DJANGO_ENV"] = "test"

from config.settings import *  # noqa: F403

# A second database, empty, for the backup round trip (tests/tournaments/test_backup.py:
# "import_club restores it into an empty database"). pytest-django creates it only for the
# tests that ask for it.
DATABASES["restore"] = {  # noqa: F405
    **DATABASES["default"],  # noqa: F405
    "NAME": f"{DATABASES['default']['NAME']}_restore",  # noqa: F405
}
