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

# The API's rate limits stay out of the way of the suite's thousands of requests; the
# throttling tests set their own rates (tests/test_throttling.py).
_rates: dict[str, str] = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # type: ignore[assignment]  # noqa: F405
_rates.update({"anon": "1000000/min", "uploads": "1000000/min"})

# The suite records thousands of games; each analysis is a few hundred simulated deals. The
# analytics tests (tests/games/test_analytics*.py) turn it on where they need it.
ANALYTICS_ON_RECORD = False
