"""Trickbook settings, read from the environment (see docs/deployment.md).

One module, three profiles chosen by ``DJANGO_ENV``: ``development`` (the
default: SQLite, eager Celery, DEBUG on), ``test`` (the same embedded
defaults, fast password hashing) and ``production`` (everything explicit,
HTTPS-only cookies and HSTS). ``DATABASE_URL`` and ``REDIS_URL`` switch any
profile to PostgreSQL and Redis; with no ``REDIS_URL`` Celery runs tasks in
process and the cache is local memory, so a fresh clone needs nothing else.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from config.env import Env

# Lets typed generics such as ModelAdmin[Club] work at run time too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

env = Env()

DJANGO_ENV = env.choice("DJANGO_ENV", ("development", "test", "production"), default="development")
PRODUCTION = DJANGO_ENV == "production"
TESTING = DJANGO_ENV == "test"

DEBUG = env.boolean("DEBUG", default=DJANGO_ENV == "development")
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured("DEBUG must be off when DJANGO_ENV=production.")

# A built-in key only where nothing real can be signed with it.
_DEV_SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"  # noqa: S105
if DEBUG or TESTING:
    SECRET_KEY = env.string("SECRET_KEY", default=_DEV_SECRET_KEY)
else:
    SECRET_KEY = env.string("SECRET_KEY")
    if SECRET_KEY == _DEV_SECRET_KEY or len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be a random value of at least 50 characters.")

ALLOWED_HOSTS = env.csv_list(
    "ALLOWED_HOSTS", default=[] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"]
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS is required when DJANGO_ENV=production.")
CSRF_TRUSTED_ORIGINS = env.csv_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    # API tokens (accounts.ApiToken, through KNOX_TOKEN_MODEL); DRF's one token per user is gone.
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "accounts",
    "games",
    "tournaments",
    "scorekeeper",
]

MIDDLEWARE = [
    "config.middleware.RequestIdMiddleware",
    "config.middleware.BodySizeLimitMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    # The client's address and the request id for the audit log the services write.
    "games.audit_log.AuditContextMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Above sessions, CSRF and locale: it sees their cookies and Vary when it marks a response
    # public (anonymous, shareable for PUBLIC_CACHE_SECONDS) or private.
    "config.middleware.SharedCacheHeadersMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it answers a locked-out sign-in.
    "axes.middleware.AxesMiddleware",
]

#: Scripts, styles, images and connections from this site only; no inline script or style (the
#: templates have none: tests/test_csp.py), no plug-ins, never framed. ``data:`` images for
#: Chart.js's and Swagger UI's own. Empty to send none.
CONTENT_SECURITY_POLICY = env.string(
    "CONTENT_SECURITY_POLICY",
    default=(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
        "form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'"
    ),
)

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.disputes_to_decide",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATABASE_URL = env.string("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'trickbook.sqlite3'}")
try:
    _database = dj_database_url.parse(
        DATABASE_URL,
        conn_max_age=env.integer("DATABASE_CONN_MAX_AGE", default=60 if PRODUCTION else 0, minimum=0),
        conn_health_checks=True,
    )
except ValueError as exc:
    raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from None
if _database["ENGINE"] == "django.db.backends.sqlite3":
    # Django's SQLite backend, whose flush knows the append-only triggers (config/sqlite). Its
    # test database is in memory, as Django's own SQLite backend makes it (said outright, as
    # pytest-django recognises that backend only by its name).
    _database["ENGINE"] = "config.sqlite"
    _database.setdefault("TEST", {}).setdefault("NAME", ":memory:")
    # WAL and immediate transactions let the demo server and a script write
    # side by side without "database is locked".
    _database.setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;", "timeout": 20}
    )
    if _database["NAME"] != ":memory:":
        Path(_database["NAME"]).parent.mkdir(parents=True, exist_ok=True)
DATABASES = {"default": _database}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker, result backend and cache -------------------------
REDIS_URL = env.optional_string("REDIS_URL")

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.string("CACHE_KEY_PREFIX", default="trickbook"),
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        },
        # Page fragments and rate limits: a miss, not a 500, while Redis is away (config/cache.py).
        "pages": {
            "BACKEND": "config.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.string("CACHE_KEY_PREFIX", default="trickbook") + "-pages",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        },
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pages"},
    }

# Without a broker, tasks run in the caller's process, so the embedded
# default works with nothing else installed.
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_DEFAULT_QUEUE = env.string("CELERY_QUEUE", default="trickbook")
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
# A task is acknowledged only when done, and handed to another worker if
# its worker dies: standings compiles must never be lost half way.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker lost whole (killed with its children: out of memory, a machine restart) acknowledges
# nothing: Redis keeps what it held as unacknowledged, and a running worker puts it back in its
# queue once CELERY_VISIBILITY_TIMEOUT_S have passed since it was delivered. kombu looks for such
# messages every CELERY_RESTORE_LOOK_S (its default look is every tenth 10 s tick: 100 s). So the
# work comes back within the timeout and one look (docs/reliability.md, "A worker lost whole").
# Every task must be over before the timeout, or a slow one would be handed out twice while it
# runs: the hard time limits below are checked against it (check_celery_limits).
CELERY_VISIBILITY_TIMEOUT_S = env.integer("CELERY_VISIBILITY_TIMEOUT_S", default=90, minimum=2)
CELERY_RESTORE_LOOK_S = 10
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT_S,
    "unacked_restore_interval": CELERY_RESTORE_LOOK_S,
    "unacked_restore_throttle": 1,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task that cannot be sent is tried once more at once, not three times over 0.6 s inside the
# request that sends it (issue 21: with Redis down an upload took 0.75 s instead of 0.1 s; with
# the retries off altogether kombu's connection back-off takes 6 s): everything queued after a
# commit has a sweep that sends it later (the standings each minute, the analysis each hour, the
# ratings nightly). The one retry is for a pooled connection Redis dropped on a restart.
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0,
    "interval_max": 0,
}
CELERY_TASK_TIME_LIMIT = env.integer("CELERY_TASK_TIME_LIMIT", default=75, minimum=2)
# Ratings are rebuilt from scratch every night, so any drift from corrections
# arriving out of order is repaired by morning.
CELERY_BEAT_SCHEDULE = {
    # Standings whose compile never reached the broker (Redis down): queued again.
    "sweep-stale-standings": {"task": "tournaments.sweep_stale_standings", "schedule": 60.0},
    # Games left without a current luck-and-skill analysis (games.analytics): queued again.
    "analyse-missing": {"task": "games.analyse_missing", "schedule": 3600.0},
    # Results whose table's window to confirm the sheet has passed are settled (games.settlement).
    "settle-confirmations": {"task": "games.settle_confirmations", "schedule": 60.0},
    # API tokens past their expiry are deleted (a token is refused from the moment it expires).
    "purge-expired-tokens": {"task": "accounts.purge_expired_tokens", "schedule": 3600.0},
    "rebuild-ratings-nightly": {
        "task": "tournaments.rebuild_ratings",
        "schedule": crontab(hour=env.integer("RATINGS_REBUILD_HOUR", default=3, minimum=0), minute=0),
    },
}
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - 15 if CELERY_TASK_TIME_LIMIT > 30 else None

# Each recorded game's luck-and-skill analysis (games.analytics) is queued when it lands. The
# test settings turn it off (thousands of uploads); the analytics tests turn it on.
ANALYTICS_ON_RECORD = env.boolean("ANALYTICS_ON_RECORD", default=True)
# Each game's analysis is bounded (issue 21; docs/analytics.md, "Budgets"): at most
# ANALYSIS_MAX_DEALS deals of its report, and no deal begun once ANALYSIS_TIME_BUDGET_S seconds
# (wall clock) have passed since the game's analysis began. One stopped short is stored as
# covering the first N of the game's M deals, and the pages say so. The defaults: a bridge deal's
# double dummy is 0.14–0.25 s, so 200 deals (a whole season's PBN file) take some 30 s, inside 40 s;
# an Oh Hell game of 25 deals takes 0.3 s.
ANALYSIS_MAX_DEALS = env.integer("ANALYSIS_MAX_DEALS", default=200, minimum=1)
ANALYSIS_TIME_BUDGET_S = env.integer("ANALYSIS_TIME_BUDGET_S", default=40, minimum=1)
# Without a broker (CELERY_TASK_ALWAYS_EAGER: the embedded default, `make demo`) the analysis runs
# inside the upload's request: the games of one request (one upload, or one chunk of a bulk
# import) share ANALYSIS_INLINE_BUDGET_S seconds, and what does not fit is left to
# `manage.py analyse` (0: nothing analysed inline). With a broker it always runs on the worker.
ANALYSIS_INLINE_BUDGET_S = env.integer("ANALYSIS_INLINE_BUDGET_S", default=2, minimum=0)
# The analysis task's own time limits (games.analyse_chunk, a chunk of 25 games): at the soft one
# Celery raises SoftTimeLimitExceeded in the task, which stores the game it was in as analysed so
# far and queues the games it had not begun; at the hard one the worker process is killed. A chunk
# begins a game only while the game's whole budget and ANALYSIS_MARGIN_S (the deal begun before
# the deadline, and storing the rows) fit before the soft limit; the rest go out as a new task.
ANALYSIS_MARGIN_S = env.integer("ANALYSIS_MARGIN_S", default=15, minimum=1)
ANALYSIS_TASK_SOFT_TIME_LIMIT = env.integer("ANALYSIS_TASK_SOFT_TIME_LIMIT", default=55, minimum=1)
ANALYSIS_TASK_TIME_LIMIT = ANALYSIS_TASK_SOFT_TIME_LIMIT + ANALYSIS_MARGIN_S
if ANALYSIS_TASK_SOFT_TIME_LIMIT < ANALYSIS_TIME_BUDGET_S + ANALYSIS_MARGIN_S:
    raise ImproperlyConfigured(
        f"ANALYSIS_TASK_SOFT_TIME_LIMIT={ANALYSIS_TASK_SOFT_TIME_LIMIT} leaves no room for one game's "
        f"ANALYSIS_TIME_BUDGET_S={ANALYSIS_TIME_BUDGET_S} and its {ANALYSIS_MARGIN_S} s margin."
    )

# How long a standings compile waits for a burst of uploads to end before compiling again
# (tournaments.tasks: one compile at once, one after the burst).
STANDINGS_MAX_WAIT_S = env.integer("STANDINGS_MAX_WAIT_S", default=3, minimum=0)
# A tournament with at least this many tables with a game has its standings compiled as a chord,
# split by rounds over the workers and merged (tournaments.tasks.parallel_spans); below it, in
# one task. 0: never split. The default is where bench/standings.py found the chord to pay on two
# quiet cores (a fifth faster than one task at 40,000 games; a tenth at 20,000); on cores busy
# with other work it was slower at every size, so a single busy machine is better off with 0
# (docs/performance.md, "Standings per round in parallel").
STANDINGS_PARALLEL_MIN_TABLES = env.integer("STANDINGS_PARALLEL_MIN_TABLES", default=40_000, minimum=0)

# A game log is a few kilobytes; a 13-deal log with events stays far below this.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.integer("MAX_UPLOAD_BYTES", default=5 * 1024 * 1024, minimum=1024)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
# The largest body of any request (multipart: a bulk import's files and archives, 20 MB, and
# the form around them); config.middleware.BodySizeLimitMiddleware answers 413 above it.
MAX_REQUEST_BYTES = env.integer("MAX_REQUEST_BYTES", default=25 * 1024 * 1024, minimum=1024)

# --- Auth -----------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Not a rule: told of every password change or reset, it revokes the user's API tokens.
    {"NAME": "accounts.tokens.RevokeTokensOnPasswordChange"},
]
if TESTING:
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "login"

# --- Sign-in throttling (django-axes) --------------------------------------
# A username tried from one address AXES_FAILURE_LIMIT times without success is locked out for
# AXES_COOLOFF_MINUTES, on the sign-in page and the API token endpoint alike; a success resets it.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.integer("AXES_FAILURE_LIMIT", default=5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env.integer("AXES_COOLOFF_MINUTES", default=15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_IPWARE_PROXY_COUNT = env.integer("AXES_PROXY_COUNT", default=0, minimum=0)
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Mail (password reset) -------------------------------------------------
# Development prints mail on the console; production sends through SMTP.
EMAIL_BACKEND = env.string(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.smtp.EmailBackend"
    if PRODUCTION
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = env.string("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.integer("EMAIL_PORT", default=25, minimum=1)
EMAIL_HOST_USER = env.string("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.string("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.boolean("EMAIL_USE_TLS", default=False)
DEFAULT_FROM_EMAIL = env.string("DEFAULT_FROM_EMAIL", default="Trickbook <noreply@localhost>")
# The site's address as mail links to it (a dispute opened or decided): the scheme and host a
# reader's browser reaches, without a trailing slash.
SITE_URL = env.string(
    "SITE_URL",
    default=f"https://{ALLOWED_HOSTS[0]}" if PRODUCTION and ALLOWED_HOSTS else "http://127.0.0.1:8000",
).rstrip("/")

# --- Internationalisation ---------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ru", "Русский"), ("uk", "Українська")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.string("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not PRODUCTION
if not PRODUCTION:
    # Outside production files come from the finders; WhiteNoise still
    # expects the collect folder to exist.
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)

# --- API ------------------------------------------------------------------
REST_FRAMEWORK = {
    # A refusal of DRF's own (404, 401, 403, 429) keeps its translated "detail" and gains its "code".
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so an anonymous API client is told 401 with WWW-Authenticate.
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Secure by default: every view opts in to anything more open.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # One JSON reader for every body and every log (rules/jsondoc.py): depth bounded, repeated
    # keys, lone surrogates and control characters refused at their path (games/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "games.parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_VERSIONING_CLASS": "rest_framework.versioning.NamespaceVersioning",
    "ALLOWED_VERSIONS": ["v1"],
    "DEFAULT_VERSION": "v1",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # ?format= belongs to the export endpoints (original|json|csv), not to
    # content negotiation; clients choose a renderer with Accept.
    "URL_FORMAT_OVERRIDE": None,
    # Anonymous reads are limited per address; uploads per account (games.throttling).
    "DEFAULT_THROTTLE_CLASSES": ["games.throttling.AnonThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "auth": env.string("THROTTLE_AUTH", default="20/min"),
        "anon": env.string("THROTTLE_ANON", default="120/min"),
        "uploads": env.string("THROTTLE_UPLOADS", default="60/min"),
    },
}
# API tokens (django-rest-knox with accounts.ApiToken): one per sign-in, each named, hashed
# (SHA-512; only the digest is kept) and expiring API_TOKEN_TTL_DAYS after it was issued. A
# user holds at most API_TOKENS_PER_USER live ones: a sign-in past that revokes the one used
# longest ago (docs/api.md, "Tokens").
KNOX_TOKEN_MODEL = "accounts.ApiToken"  # noqa: S105 (a model, not a secret)
# knox's own token model is swapped for ours, so its table is never used: without its
# migrations it is never made (a swapped model has no table), and PostgreSQL's flush is not
# refused by a foreign key from an empty table nobody empties.
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env.integer("API_TOKEN_TTL_DAYS", default=30, minimum=1)),
    "AUTH_HEADER_PREFIX": "Token",  # as DRF's tokens were sent: clients keep their header
    "TOKEN_PREFIX": "tb_",  # a Trickbook token is recognisable (secret scanners, logs)
    "AUTO_REFRESH": False,
}
API_TOKENS_PER_USER = env.integer("API_TOKENS_PER_USER", default=20, minimum=1)

SPECTACULAR_SETTINGS = {
    "TITLE": "Trickbook API",
    "DESCRIPTION": "Card-club tournaments, deal-by-deal game logs, audited scores. See docs/api.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.schema.add_error_responses",
    ],
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "DisputeStatusEnum": "games.models.Dispute.Status",
        "DecisionStatusEnum": "games.serializers.DECISIONS",
        "UploadOutcomeEnum": "games.models.Upload.Outcome",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "KindEnum": "games.models.DisputeEvent.Kind",  # the name it had before drafts' entries came
        "DraftStatusEnum": "scorekeeper.models.Draft.Status",
        "DraftEntryKindEnum": "scorekeeper.models.DraftEntry.Kind",
    },
}

# How long a shared cache (the nginx micro-cache, docs/deployment.md) may keep an anonymous
# page or API read: the s-maxage of config.middleware.SharedCacheHeadersMiddleware. 0: none.
PUBLIC_CACHE_SECONDS = env.integer("PUBLIC_CACHE_SECONDS", default=1, minimum=0)

# --- Security -------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
if PRODUCTION:
    SECURE_SSL_REDIRECT = env.boolean("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.integer("SECURE_HSTS_SECONDS", default=31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.boolean("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.boolean("SECURE_HSTS_PRELOAD", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # Behind a TLS-terminating proxy that sets X-Forwarded-Proto.
    if env.boolean("SECURE_PROXY_SSL_HEADER", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # /healthz answers load balancers over plain HTTP inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# --- Logging: one JSON line per event on stdout, with the request id ---------
LOG_LEVEL = env.choice("LOG_LEVEL", ("DEBUG", "INFO", "WARNING", "ERROR"), default="INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "config.middleware.RequestIdFilter"},
        "expected_refusal": {"()": "config.middleware.ExpectedRefusalFilter"},
    },
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        }
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # A refusal (403, 404) is one line; an error (5xx) keeps its traceback.
        "django.request": {"filters": ["expected_refusal"]},
        # Requests are logged once, by the request-id middleware.
        "django.server": {"level": "WARNING"},
        # django-axes announces itself at every start; its lockouts are warnings.
        "axes": {"level": "WARNING"},
        # In-process (eager) tasks would log every call; a worker's log keeps them.
        "celery.app.trace": {"level": "WARNING" if REDIS_URL is None else "INFO"},
        "kombu.connection": {"level": "ERROR" if REDIS_URL is None else "WARNING"},
    },
}

# The test runner's workers each get their own queue and cache prefix so
# parallel test processes never pick up each other's tasks.
if TESTING and os.environ.get("PYTEST_XDIST_WORKER"):
    _worker = os.environ["PYTEST_XDIST_WORKER"]
    CELERY_TASK_DEFAULT_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-{_worker}"
    CACHES["default"]["KEY_PREFIX"] = f"trickbook-test-{_worker}"
    CACHES["pages"]["KEY_PREFIX"] = f"trickbook-test-{_worker}-pages"

# The queues (after the test runner's per-process names above): a bulk import's chunks on their
# own queue, so a chunk given back by a lost worker is not put behind the analysis tasks the import
# itself queued, and the analysis on its own, so a long backlog of it never holds up a standings
# compile or an upload's work. A worker started without -Q consumes all three, in turn
# (docs/deployment.md: one worker per queue where an import must never wait).
CELERY_IMPORTS_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}.imports"
CELERY_ANALYSIS_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}.analysis"
CELERY_TASK_QUEUES = [
    Queue(CELERY_IMPORTS_QUEUE),
    Queue(CELERY_TASK_DEFAULT_QUEUE),
    Queue(CELERY_ANALYSIS_QUEUE),
]
CELERY_TASK_ROUTES = {
    "games.import_chunk": {"queue": CELERY_IMPORTS_QUEUE},
    "games.bulk_import_chunk": {"queue": CELERY_IMPORTS_QUEUE},
    "games.analyse_chunk": {"queue": CELERY_ANALYSIS_QUEUE},
    "games.analyse_missing": {"queue": CELERY_ANALYSIS_QUEUE},
}


def check_celery_limits() -> None:
    """Every task's hard time limit ends before the broker would hand its message out again
    (CELERY_VISIBILITY_TIMEOUT_S): otherwise a task still running is run a second time."""
    limits = {
        "CELERY_TASK_TIME_LIMIT": CELERY_TASK_TIME_LIMIT,
        "ANALYSIS_TASK_TIME_LIMIT (ANALYSIS_TASK_SOFT_TIME_LIMIT + ANALYSIS_MARGIN_S)": ANALYSIS_TASK_TIME_LIMIT,
    }
    for name, limit in limits.items():
        if limit >= CELERY_VISIBILITY_TIMEOUT_S:
            raise ImproperlyConfigured(
                f"{name}={limit} s is not under CELERY_VISIBILITY_TIMEOUT_S={CELERY_VISIBILITY_TIMEOUT_S} s: "
                "a task still running would be handed to a second worker."
            )


check_celery_limits()
